/** The candidate's page's messages that its flow shows, in English: see takeMessages.ts. */

/** What the flow shows: the attempt, its answers, recordings and runs. */
export const TAKE_FLOW_MESSAGES = {
  // The attempt, its parts and its language
  startFirst: 'Start the assessment first.',
  noSuchPart: 'This part of the assessment does not exist.',
  partNotNext: 'This part cannot start yet: finish the one before it.',
  partNotStarted: 'Start this part before finishing it.',
  languageNotOffered: 'Choose one of the languages this assessment is offered in.',
  chooseLanguage: 'Choose a language',
  tooLate: 'Time for this part is over, so this answer could not be saved.',
  partClosed: 'This part of the assessment is closed.',
  notInPart: 'This question is not part of the open section.',
  // Answers (validateAnswer, src/domain/attemptQuestions.ts)
  answerInvalid: 'This answer does not fit the question.',
  chooseOne: 'Choose one answer.',
  chooseAtLeastOne: 'Choose at least one answer.',
  unknownOption: 'This answer is not one of the options.',
  optionTwice: 'Each answer can be chosen only once.',
  sortAll: 'Put every item in order, each of them once.',
  textRequired: 'Write an answer.',
  textTooLong: 'The answer can be at most %{max} characters long.',
  codeLanguage: 'This programming language is not allowed for this question.',
  codeRequired: 'Write some code.',
  codeTooLong: 'The code can be at most %{max} KiB long.',
  videoRequired: 'Record and upload your video answer.',
  // Recordings and snapshots
  notVideoQuestion: 'This question is not answered with a recording.',
  videoQuestionMissing: 'Say which video question this recording answers.',
  noMoreTakes: 'You have used every recording allowed for this question.',
  videoType: 'A video answer is recorded as WebM or MP4 video.',
  snapshotType: 'A snapshot is a JPEG or WebP image.',
  recordingType: 'This kind of recording is not accepted',
  videoTooLarge: 'This recording is too large: a video answer can be at most %{max} MB.',
  snapshotTooLarge: 'This photo is too large: a snapshot can be at most %{max} MB.',
  noMoreSnapshots: 'No more snapshots can be stored for this attempt.',
  storageFull: 'This recording cannot be stored now: the storage is full. Please tell whoever invited you.',
  // Running code on a coding question's examples
  notCodingQuestion: 'This is not a coding question.',
  languageNotAccepted: 'This question does not accept that programming language.',
  notAcceptedByQuestion: 'Not accepted by this question',
  noVisibleCases: 'This question has no visible test cases to run.',
  chooseProgrammingLanguage: 'Choose a programming language',
  sourceRequired: 'Source code is required',
  runStillGoing: 'Your previous run is still going. Wait for it to finish.',
  sandboxMissing: 'Running code needs a sandbox: install bubblewrap or set JUDGE0_URL',
} as const satisfies Record<string, string>;
