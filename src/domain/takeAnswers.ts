/**
 * What the candidate's calls answer (server/modules/take), declared for the server and the OpenAPI
 * document. The candidate's page keeps its own types (take.ts, attemptQuestions.ts), which the
 * server's answers are checked against: this file is the server's only, so that the page's bundle
 * (held to its budget) carries none of it.
 */
import { z } from 'zod';
import { nameTranslationAnswerSchema } from './answers';
import { proctoringAnswerSchema } from './assessmentAnswers';
import { caseOutcomeSchema, runResultSchema } from './serviceAnswers';
import { ASSESSMENT_TYPES, ENTRY_TYPES } from './assessment';
import { INVITATION_STATUSES, PART_KINDS } from './attempt';
import { MEDIA_TYPES, QUESTION_TYPES } from './content';

const moment = z.number().nullable();

/** Another device that took up the attempt (takeDevice.ts OtherDevice). */
const otherDeviceSchema = z.object({ joinedAt: z.number(), device: z.string() });

/** A part as the page lists it (take.ts TakePart). */
const takePartSchema = z.object({
  id: z.string(),
  kind: z.enum(PART_KINDS),
  titles: z.array(nameTranslationAnswerSchema).nullable(),
  questionCount: z.number(),
  durationSeconds: z.number().nullable(),
  startedAt: moment,
  deadline: moment,
  finishedAt: moment,
});

/** A bank question as the candidate receives it (attemptQuestions.ts CandidateBankQuestion). */
const candidateBankQuestionSchema = z.object({
  id: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  isQualifying: z.boolean(),
  text: z.string(),
  answerTitle: z.string().nullable(),
  mediaType: z.enum(MEDIA_TYPES),
  mediaUrl: z.string().nullable(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  coding: z
    .object({ languages: z.array(z.number()), starterCode: z.record(z.string(), z.string()), examples: z.array(z.object({ input: z.string(), expectedOutput: z.string() })) })
    .nullable(),
});

/** A video question as the candidate receives it (attemptQuestions.ts CandidateVideoQuestion). */
const candidateVideoQuestionSchema = z.object({
  id: z.string(),
  questionType: z.literal('VIDEO'),
  videoType: z.literal('INTRO'),
  text: z.string(),
  maxSeconds: z.number().nullable(),
  retakes: z.number(),
});

/** An answer as the page sends and receives it (attemptQuestions.ts CandidateAnswer). */
const candidateAnswerSchema = z.union([
  z.object({ optionIds: z.array(z.string()) }),
  z.object({ text: z.string() }),
  z.object({ languageId: z.number(), source: z.string() }),
  z.object({ objectKey: z.string() }),
]);

/** Where the candidate resumes (attempt.ts ResumePosition). */
const resumePositionSchema = z.union([
  z.object({
    kind: z.enum(['QUESTION', 'PART_END']),
    partId: z.string(),
    questionIndex: z.number(),
    questionId: z.string().nullable(),
    needsStart: z.boolean(),
    remainingMs: z.number().nullable(),
  }),
  z.object({ kind: z.literal('DONE') }),
]);

/** GET /api/take/:token (and what starting, a part's start and finish answer): take.ts TakeState. */
export const takeStateSchema = z.object({
  serverNow: z.number(),
  invitation: z.object({
    status: z.enum(INVITATION_STATUSES),
    entryType: z.enum(ENTRY_TYPES),
    candidateName: z.string(),
    language: z.string().nullable(),
    expiresAt: moment,
    deadline: moment,
  }),
  assessment: z.object({
    names: z.array(nameTranslationAnswerSchema),
    type: z.enum(ASSESSMENT_TYPES),
    languages: z.array(z.string()),
    totalTimeSeconds: z.number().nullable(),
    proctoring: proctoringAnswerSchema,
    estimatedMinutes: z.number(),
    hasCoding: z.boolean(),
    hasVideo: z.boolean(),
  }),
  parts: z.array(takePartSchema),
  position: resumePositionSchema,
  otherDevice: otherDeviceSchema.nullable(),
  currentPart: z
    .object({
      id: z.string(),
      questions: z.array(z.union([candidateVideoQuestionSchema, candidateBankQuestionSchema])),
      answers: z.record(z.string(), candidateAnswerSchema),
      videoTakes: z.record(z.string(), z.number()).optional(),
    })
    .nullable(),
});

/** PUT /api/take/:token/answers: take.ts SaveAck. */
export const saveAckSchema = z.object({ serverNow: z.number(), idempotencyKey: z.string(), decision: z.enum(['INSERT', 'REPLACE', 'DUPLICATE', 'STALE']) });

/** POST /api/take/:token/run: take.ts CandidateRunResult (outputs and verdicts, never points). */
export const candidateRunResultSchema = runResultSchema.pick({ language: true, passedCount: true }).extend({ results: z.array(caseOutcomeSchema) });

/** POST /api/take/:token/media: take.ts MediaTicket. */
export const mediaTicketSchema = z.object({ mediaId: z.string(), objectKey: z.string(), uploadUrl: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()) });

/** POST /api/take/:token/events: how many were stored (each once), and the server's clock. */
export const eventsStoredSchema = z.object({ stored: z.number(), serverNow: z.number() });

/** POST /api/take/:token/ping: the server's clock, and another device on the attempt. */
export const pingSchema = z.object({ serverNow: z.number(), otherDevice: otherDeviceSchema.nullable() });

/** GET /api/take/public/:slug: take.ts PublicAssessment. */
export const publicAssessmentSchema = z.object({ names: z.array(nameTranslationAnswerSchema), languages: z.array(z.string()), estimatedMinutes: z.number(), open: z.boolean() });

/** POST /api/take/public/:slug/code: the sentence to show, and its code. */
export const joinCodeSentSchema = z.object({ message: z.string(), code: z.string() });

/** POST /api/take/public/:slug: the new attempt's token. */
export const joinedSchema = z.object({ token: z.string() });
