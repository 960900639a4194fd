import { FIELD_MESSAGES } from './fieldMessages';
import { TAKE_FLOW_MESSAGES } from './takeFlowMessages';
import { TAKE_FIRST_SCREEN_MESSAGES } from './takeMessages';

/**
 * The API's messages by code (DESIGN: errors travel as codes with words per language). A failure
 * answers `{result: 0, msg, code, params, errors, errorCodes}`: `code` names the message here,
 * `params` fills it, and `msg` is its English words for API clients and logs; a field's message is
 * in `errors` (English) and, where it has a code, in `errorCodes`. The browser shows the words of `code` in the
 * reader's language (src/i18n/en.ts takes these as app.messages; hi.ts must word every code); the
 * candidate's page words the codes it can receive in its own dictionaries (src/i18n/take).
 *
 * The words are polyglot phrases, as the rest of the interface's: `%{name}` is filled from params,
 * and `a |||| b` chooses by `smart_count` (singular, plural).
 */
export const MESSAGES = {
  // Any route (those the candidate's page may receive too are in its section: invalid request, too many attempts, something went wrong)
  notFound: 'Not found.',
  forbidden: 'You do not have permission to do this.',
  signInAgain: 'Please sign in again.',
  // What the database refuses (the caller's fault)
  duplicateRecord: 'A record with these details already exists.',
  recordInUse: 'This record is still used elsewhere, or refers to a record that does not exist.',
  wrongFormat: 'A value in the request has the wrong format.',
  dateFormat: 'A date in the request has the wrong format.',
  dateRange: 'A date in the request is out of range.',
  tooLong: 'A value in the request is too long.',
  numberRange: 'A number in the request is out of range.',
  // What the HTTP layer refuses
  invalidJson: 'The request body is not valid JSON.',
  emptyBody: 'The request body is empty.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  badContentLength: 'The request body length is wrong.',
  // Reports
  pdfNotCompleted: 'A PDF is made once the attempt is completed.',
  scoreNotCompleted: 'Only a completed attempt can be scored.',
  reviewNotCompleted: 'Points can be given once the attempt is completed.',
  notInAttempt: 'This question is not part of the attempt.',
  notShortText: 'Only short-text answers are given points by a reviewer.',
  notAnswered: 'This question was not answered, so there are no points to give.',
  pointsBetween: 'Points must be between 0 and %{max}.',
  // Content
  questionUsedInTests: 'This question is used in %{smart_count} test. Remove it from it first. |||| This question is used in %{smart_count} tests. Remove it from them first.',
  excelTooLarge: 'The Excel file unpacks to %{size}; at most %{max} can be read. Split it into smaller files, or upload a CSV file.',
  languageMissing: 'Language %{language} cannot be offered: %{titles} has no text in it. |||| Language %{language} cannot be offered: %{titles} have no text in it.',
  languageMissingMore: 'Language %{language} cannot be offered: %{titles} and %{more} more have no text in it.',
  // Files
  overQuota: 'This upload would go over your storage quota: %{used} of %{quota} used. Ask an administrator for more space.',
  overClientQuota: "This upload would go over your organisation's storage quota: %{used} of %{quota} used. Ask an administrator for more space.",
  // Sign-in with Google and LinkedIn
  signInNotConfigured: '%{provider} sign-in is not configured on this server.',
  signInUnreachable: '%{provider} sign-in is unavailable right now: its server could not be reached. Try again in a few minutes.',
  signInUnusable: '%{provider} answered in a way this server cannot use. Try again in a few minutes.',
  signInNotConfirmed: '%{provider} could not confirm who you are. Sign in again.',
  signInCodeUsed: 'This %{provider} sign-in has expired or was already used. Sign in again.',
  signInNoVerifiedEmail:
    'Your %{provider} account has no verified email, so it cannot sign you in here. Verify your email with %{provider}, or sign in with your password.',
  // Clients
  notEditableByClient: 'Only your relationship manager can change this: %{fields}.',
  grantedLanguage: 'Your company may invite to this assessment only in: %{languages}.',
  // Team and roles: nobody gives rights they do not hold themselves
  rightNotHeldToRemove: 'You cannot remove someone who holds "%{action}" on %{entity}: you do not hold it yourself.',
  rightNotHeldToGive: 'You cannot give a job role that grants "%{action}" on %{entity}: you do not hold it yourself.',
  rightNotHeldToGrant: 'You cannot grant "%{action}" on %{entity}: you do not hold it yourself.',
  clientRoleCannotGrant: 'A client role cannot grant %{entity}.',
  roleHeld: 'This role is held by %{smart_count} team member. Give them another role first. |||| This role is held by %{smart_count} team members. Give them another role first.',
  // Content: a file to upload, code to run
  csvQuoteNotClosed: 'The CSV file could not be read: a quoted cell is not closed.',
  csvQuoteNotClosedAt: 'The CSV file could not be read: a quoted cell is not closed (line %{line}).',
  csvUnreadable: 'The CSV file could not be read. Save it again as CSV UTF-8 from your spreadsheet.',
  csvUnreadableAt: 'The CSV file could not be read (line %{line}). Save it again as CSV UTF-8 from your spreadsheet.',
  runLanguageMissing: 'Language not available on this server: %{language}.',
  // Interview scorecards (src/domain/scorecards.ts)
  scorecardCompetencies: 'List from 1 to 12 competencies to rate, each named once.',
  scorecardCompetencyName: 'Name each competency in at most 80 characters.',
  scorecardStageTaken: 'This stage of the job already has a scorecard.',
  scorecardRated: 'Interviewers have rated candidates on this scorecard: its competencies can no longer change, and it cannot be deleted.',
  scorecardRating: 'Rate each competency from 1 to 5.',
  scorecardIncomplete: 'Rate every competency before submitting.',
  scorecardSubmitted: 'Your scorecard for this candidate is submitted and can no longer change.',
  scorecardNote: 'A note has at most 2,000 characters.',
  // Request checks: the shared schemas' field messages, and routes' sentences (fieldMessages.ts)
  ...FIELD_MESSAGES,
  // The candidate's page: its link, the public link's form, the attempt (src/domain/takeMessages.ts and
  // takeFlowMessages.ts, apart so that the page downloads only these), and what any route may answer it
  ...TAKE_FIRST_SCREEN_MESSAGES,
  ...TAKE_FLOW_MESSAGES,
} as const satisfies Record<string, string>;

export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A code the candidate's page (src/take) can receive: its first screen's (the link, the public link's form) and its flow's. */
export type TakeFirstScreenCode = keyof typeof TAKE_FIRST_SCREEN_MESSAGES;
export type TakeFlowCode = keyof typeof TAKE_FLOW_MESSAGES;
export type TakeMessageCode = TakeFirstScreenCode | TakeFlowCode;

/** A message as it travels: its code, and what fills it. */
export interface Message {
  code: MessageCode;
  params?: MessageParams;
}

/** The words of a phrase, filled as polyglot fills them in English (`||||` chooses singular for 1). */
export function fillPhrase(phrase: string, params: MessageParams = {}): string {
  const forms = phrase.split(' |||| ');
  const count = params.smart_count;
  const chosen = forms.length > 1 && count !== undefined ? forms[Number(count) === 1 ? 0 : 1] : forms[0];
  return chosen.replace(/%\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** A message's English words: the envelope's `msg`. */
export const englishOf = ({ code, params }: Message): string => fillPhrase(MESSAGES[code], params);
