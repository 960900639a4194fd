/**
 * The candidate's page in English, first screen: a dictionary of its own (not the admin's en.ts),
 * so that the page downloads only its own words, and split in two: these (instructions, end and
 * error pages) ship with the page; the flow's words (en.flow.ts) come with the flow's code.
 * `hi.ts` and `hi.flow.ts` have the same keys (a test checks). `%{name}` is replaced;
 * "one |||| many" picks by `smart_count`.
 */
const en = {
  app: {
    name: 'Skillgauge',
    loading: 'Loading…',
    pageTitle: '%{screen} · Skillgauge',
    viewIn: 'हिन्दी में देखें',
  },
  errors: {
    notFoundTitle: 'This link does not work',
    expiredTitle: 'This link has expired',
    revokedTitle: 'This link has been withdrawn',
    unavailableTitle: 'This assessment is not available',
    networkTitle: 'No connection',
    network: 'We cannot reach the server. Check your connection, then try again.',
    generic: 'Something went wrong. Please try again.',
    retry: 'Try again',
    noSuchPage: 'This page does not exist. Open the link exactly as you received it.',
  },
  instructions: {
    screen: 'Instructions',
    greeting: 'Hello %{name}',
    invited: 'You are invited to take this assessment.',
    holds: 'What it holds',
    holdsTests: 'Questions in several sections, some of them timed',
    holdsCoding: 'Coding questions: you write and run code in the page',
    holdsVideo: 'Video questions: you answer on camera',
    totalTime: 'Total time: %{minutes} minutes',
    before: 'Before you start',
    time: 'It takes about %{minutes} minutes. Find a quiet place where you will not be disturbed.',
    browser: 'Use a recent Chrome, Safari or Firefox, on a laptop or a phone.',
    devices: 'Your camera and microphone will be used during the assessment.',
    cameraOnly: 'Your camera will be used during the assessment.',
    microphoneOnly: 'Your microphone will be used during the assessment.',
    resume: 'If you are interrupted, reopen the same link: you will continue where you left off, with the time that was left.',
    recorded: 'What is recorded',
    recordSnapshots: 'A photo from your camera every %{seconds} seconds.',
    recordVideo: 'Your video answers.',
    recordTab: 'When you leave this tab or window, and when you come back.',
    recordFullscreen: 'When you leave full screen. The assessment is taken in full screen.',
    recordPaste: 'When you paste text.',
    recordPasteBlocked: 'When you try to paste text: pasting is not allowed in this assessment.',
    recordDevices: 'When your camera or microphone stops working.',
    evidence: 'These records are kept as evidence for the people who review your assessment. Nothing is decided automatically from them.',
    expires: 'Your link is valid until %{date}.',
    continue: 'Continue',
  },
  end: {
    thanksScreen: 'Thank you',
    thanksTitle: 'Thank you',
    thanksText: 'Your answers have been submitted. You can close this page.',
    disqualifiedTitle: 'Thank you for your time',
    disqualifiedText: 'From your answers to the first questions, this assessment does not continue for you. Thank you for your interest.',
    expiredText: 'The time for this assessment is over. If you think this is a mistake, contact whoever invited you.',
  },
  public: {
    screen: 'Join',
    intro: 'Enter your details to start. Your personal link is also sent to your email, so you can come back to it.',
    name: 'Full name',
    email: 'Email',
    phone: 'Phone (optional)',
    submit: 'Continue',
    submitting: 'Please wait…',
    closed: 'This assessment is not open at this time.',
    minutes: 'About %{minutes} minutes',
  },
  /** The server's sentences the first screens show (a link that does not work, the public link's form), by their slug as `server` has the others. */
  linkMessages: {
    this_assessment_is_not_taking_candidates_at_the_moment_please_contact_the_company_that_shared_this_link:
      'This assessment is not taking candidates at the moment. Please contact the company that shared this link.',
    this_email_has_already_been_used_for_this_assessment_reopen_the_link_you_were_given_to_continue:
      'This email has already been used for this assessment. Reopen the link you were given to continue.',
    name_is_required: 'Name is required',
    name_must_be_at_most_120_characters: 'Name must be at most 120 characters',
    email_is_required: 'Email is required',
    enter_a_valid_email: 'Enter a valid email',
    enter_a_valid_phone_number: 'Enter a valid phone number',
    something_went_wrong: 'Something went wrong.',
    too_many_attempts_seconds: 'Too many attempts. Try again in %{smart_count} second. |||| Too many attempts. Try again in %{smart_count} seconds.',
    too_many_attempts_minutes: 'Too many attempts. Try again in %{smart_count} minute. |||| Too many attempts. Try again in %{smart_count} minutes.',
    this_assessment_is_already_finished: 'This assessment is already finished.',
    this_link_has_been_withdrawn_please_contact_whoever_invited_you: 'This link has been withdrawn. Please contact whoever invited you.',
    this_link_has_expired_please_contact_whoever_invited_you: 'This link has expired. Please contact whoever invited you.',
    this_link_is_not_valid_please_check_that_you_copied_all_of_it: 'This link is not valid. Please check that you copied all of it.',
    this_assessment_is_not_open_yet: 'This assessment is not open yet.',
    this_assessment_is_not_active: 'This assessment is not active.',
    this_assessment_is_not_open_at_this_time: 'This assessment is not open at this time.',
  },
};

export type FirstScreenMessages = typeof en;
export default en;
