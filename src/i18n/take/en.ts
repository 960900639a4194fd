/**
 * The candidate's page in English, first screen: a dictionary of its own (not the admin's en.ts),
 * so that the page downloads only its own words, and split in two: these (instructions, end and
 * error pages) ship with the page; the flow's words (en.flow.ts) come with the flow's code.
 * `hi.ts` and `hi.flow.ts` have the same keys (a test checks). `%{name}` is replaced;
 * "one |||| many" picks by `smart_count`.
 */
import type { TakeFirstScreenCode } from '../../domain/messages';
import { TAKE_FIRST_SCREEN_MESSAGES } from '../../domain/takeMessages';

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
    // Opened from a public link or started by the candidate (a self assessment): nobody invited them.
    selfStarted: 'You are about to take this assessment.',
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
    intro: 'Enter your details to start. We mail you a code to check the email is yours, and then your personal link, so you can come back to it.',
    name: 'Full name',
    email: 'Email',
    phone: 'Phone (optional)',
    submit: 'Send me a code',
    submitting: 'Please wait…',
    codeSentTo: 'We have mailed a 6-digit code to %{email}. It is valid for %{minutes} minutes.',
    code: 'Code from the mail',
    join: 'Begin',
    resend: 'Send a new code',
    changeEmail: 'Change my details',
    closed: 'This assessment is not open at this time.',
    minutes: 'About %{minutes} minutes',
  },
  /** The server's failures the first screens show (a link that does not work, the public link's form), by code: English as the API says it (src/domain/takeMessages.ts). */
  messages: TAKE_FIRST_SCREEN_MESSAGES as Record<TakeFirstScreenCode, string>,
};

export type FirstScreenMessages = typeof en;
export default en;
