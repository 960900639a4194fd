/**
 * The candidate's page's messages (server/modules/take, the public link's form), by code, in
 * English: a section of MESSAGES (src/domain/messages.ts), in files of their own so that the page's
 * English dictionaries carry these words and no others: what its first screen shows here (for
 * src/i18n/take/en.ts), what its flow shows in takeFlowMessages.ts (for en.flow.ts).
 */

/** What the first screen shows: a link that does not work, the public link's form. */
export const TAKE_FIRST_SCREEN_MESSAGES = {
  // The link
  linkNotFound: 'This link is not valid. Please check that you copied all of it.',
  linkRevoked: 'This link has been withdrawn. Please contact whoever invited you.',
  linkExpired: 'This link has expired. Please contact whoever invited you.',
  // Any route: too many tries (a link guessed, a code asked for too often)
  tooManyAttemptsSeconds: 'Too many attempts. Try again in %{smart_count} second. |||| Too many attempts. Try again in %{smart_count} seconds.',
  tooManyAttemptsMinutes: 'Too many attempts. Try again in %{smart_count} minute. |||| Too many attempts. Try again in %{smart_count} minutes.',
  // The assessment, and the public link that joins it
  assessmentNotActive: 'This assessment is not active.',
  assessmentNotOpen: 'This assessment is not open at this time.',
  assessmentNotOpenYet: 'This assessment is not open yet.',
  attemptFinished: 'This assessment is already finished.',
  publicNoCredits: 'This assessment is not taking candidates at the moment. Please contact the company that shared this link.',
  publicEmailUsed: 'This email has already taken this assessment.',
  joinCodeSent: 'We have mailed you a code. Enter it to begin.',
  joinCodeWrong: 'That code is not right. Check the newest mail we sent and try again.',
  joinCodeExpired: 'That code can no longer be used. Ask for a new one.',
  // The public link's fields: zod's messages (src/domain/assessment.ts takes them from MESSAGES; the
  // code's are otpSchema's own words), sent by code as the server finds their words here
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 120 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email',
  phoneInvalid: 'Enter a valid phone number',
  enterCode: 'Enter the 6-digit code',
  // Any route: a request that is not valid, a failure of the server's own
  invalidRequest: 'The request is not valid.',
  somethingWentWrong: 'Something went wrong.',
} as const satisfies Record<string, string>;
