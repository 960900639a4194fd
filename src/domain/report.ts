/**
 * The candidate report (DESIGN.md section 6a): what `GET /api/candidate-reports/:invitationId`
 * answers, shared by the server that builds it, the report page and the PDF made from that page.
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { ASSESSMENT_TYPES } from './assessment';
import { INVITATION_STATUSES } from './attempt';
import { DEVELOPMENT_BANDS, QUESTION_CATEGORIES, QUESTION_TYPES, RATING_BANDS } from './content';
import { ANSWER_SCORE_STATUSES, INTEGRITY_LEVELS, INTEGRITY_SIGNALS } from './scoring';

// The schemas of the answer (issue 21): the server declares them, the browser's types are their wire form.

/** An answer's points (scoring.ts AnswerScore). */
export const answerScoreSchema = z.object({
  questionId: z.string(),
  partId: z.string(),
  testId: z.string().nullable(),
  status: z.enum(ANSWER_SCORE_STATUSES),
  earned: z.number(),
  max: z.number(),
});

/** Points earned of the maximum (scoring.ts ScoreFigure); percent null when the maximum is 0. */
const scoreFigure = { earned: z.number(), max: z.number(), percent: z.number().nullable(), band: z.enum(RATING_BANDS).nullable() };

/** A stored score (scoring.ts AttemptScore), its tests, test types and skills named in the report's language. */
export const attemptScoreSchema = z.object({
  version: z.number(),
  overall: z.object(scoreFigure),
  tests: z.array(z.object({ ...scoreFigure, testId: z.string(), name: z.string(), testTypeId: z.string() })),
  testTypes: z.array(z.object({ ...scoreFigure, testTypeId: z.string(), label: z.string(), category: z.enum(QUESTION_CATEGORIES), developmentBand: z.enum(DEVELOPMENT_BANDS).nullable() })),
  skills: z.array(z.object({ ...scoreFigure, skillId: z.string(), label: z.string(), testTypeId: z.string(), developmentBand: z.enum(DEVELOPMENT_BANDS).nullable() })),
  consistency: z.object({ pairs: z.array(z.object({ questionId: z.string(), pairedQuestionId: z.string(), agreement: z.number() })), overall: z.number().nullable() }),
  integrity: z.object({
    level: z.enum(INTEGRITY_LEVELS),
    /** Events counted by type, the evidence behind the level. */
    counts: z.record(z.string(), z.number()),
    /** Each signal with its incidents and the level they reach (absent from scores stored before signals). */
    signals: z.array(z.object({ signal: z.enum(INTEGRITY_SIGNALS), incidents: z.number(), level: z.enum(INTEGRITY_LEVELS) })).optional(),
  }),
  answers: z.array(answerScoreSchema),
  /** Answers not counted yet; the attempt's score is final when both are 0. */
  awaiting: z.object({ review: z.number(), evaluation: z.number() }),
  complete: z.boolean(),
});

export const bandTextSchema = z.object({
  skillId: z.string(),
  band: z.enum(RATING_BANDS),
  /** The language the text is in (the report's, or the fallback's); null content when none is written. */
  language: z.string().nullable(),
  content: z.string().nullable(),
});
export type BandText = z.input<typeof bandTextSchema>;

export const reportOptionSchema = z.object({
  index: z.number(),
  text: z.string(),
  /** The option's points (point types), or null. */
  points: z.number().nullable(),
  /** Correctness types: whether the option is keyed as correct; else null. */
  isCorrect: z.boolean().nullable(),
  /** A qualifying question's option: whether choosing it disqualifies; else null (and for the candidate's own report). */
  disqualifies: z.boolean().nullable(),
});
export type ReportOption = z.input<typeof reportOptionSchema>;

export const reportCodeCaseSchema = z.object({
  /** Hidden cases are shown to staff by number only, never their input or output. */
  hidden: z.boolean(),
  passed: z.boolean(),
  points: z.number(),
  input: z.string().nullable(),
  expectedOutput: z.string().nullable(),
  actualOutput: z.string().nullable(),
  status: z.string(),
});
export type ReportCodeCase = z.input<typeof reportCodeCaseSchema>;

export const reportQuestionSchema = z.object({
  questionId: z.string(),
  partId: z.string(),
  testId: z.string().nullable(),
  /** QUALIFYING, TEST, CUSTOM or VIDEO (the part's kind). */
  partKind: z.string(),
  questionType: z.enum([...QUESTION_TYPES, 'VIDEO']),
  title: z.string(),
  /** The question's text (HTML from the rich editor) in the report's language, with fallback. */
  text: z.string(),
  options: z.array(reportOptionSchema),
  /** Chosen options by index, in order (sorting order: the candidate's order). */
  chosen: z.array(z.number()),
  /** The keyed order of a sorting question (indexes), else null. */
  keyedOrder: z.array(z.number()).nullable(),
  textAnswer: z.string().nullable(),
  /**
   * Short text: the author's guidance for reviewers (a model answer, what earns points) in the
   * report's language with fallback; null when none is written, for other types, and for a
   * candidate reading their own report. Absent for a video question.
   */
  guidance: z.string().nullable().optional(),
  code: z
    .object({ languageId: z.number(), language: z.string(), source: z.string(), cases: z.array(reportCodeCaseSchema), evaluation: z.enum(['pending', 'done', 'error']) })
    .nullable(),
  /** A video answer: a URL the reader's browser can play. */
  videoUrl: z.string().nullable(),
  score: answerScoreSchema,
  review: z.object({ points: z.number(), comment: z.string().nullable(), reviewerName: z.string().nullable(), reviewedAt: z.number() }).nullable(),
});
export type ReportQuestion = z.input<typeof reportQuestionSchema>;

export const reportProctoringSchema = z.object({
  events: z.array(z.object({ type: z.string(), occurredAt: z.number(), partId: z.string().nullable(), questionId: z.string().nullable(), device: z.string().nullable() })),
  snapshots: z.array(z.object({ id: z.string(), url: z.string(), takenAt: z.number() })),
});
export type ReportProctoring = z.input<typeof reportProctoringSchema>;

/** GET /api/candidate-reports/:invitationId (and what rescoring and reviewing answer). */
export const candidateReportSchema = z.object({
  invitationId: z.string(),
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  assessment: z.object({ id: z.string(), name: z.string(), type: z.enum(ASSESSMENT_TYPES) }),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(INVITATION_STATUSES),
  /** The language the candidate took the assessment in. */
  attemptLanguage: z.string().nullable(),
  /** The language of this report's texts (the `language` query parameter, else the reader's). */
  reportLanguage: z.string(),
  /** Epoch milliseconds. */
  startedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  /** Null until the attempt is scored (scoring runs in the background once it completes). */
  score: attemptScoreSchema.nullable(),
  scoredAt: z.number().nullable(),
  /** The scoring version the stored score was made with, and whether a newer one exists. */
  scoringVersion: z.number().nullable(),
  outdated: z.boolean(),
  /** Among the completed attempts of the same assessment, 0 to 100; null while unscored. */
  percentile: z.number().nullable(),
  /** How many completed attempts of the assessment the percentile is taken over. */
  percentileOf: z.number(),
  /** The report content written for each skill's band, in the report's language (or its fallback). */
  bandTexts: z.array(bandTextSchema),
  questions: z.array(reportQuestionSchema),
  /** Absent for readers who may not see proctoring evidence (a candidate reading their own self-assessment). */
  proctoring: reportProctoringSchema.nullable(),
  /** Whether the reader may give points to short-text answers. */
  mayReview: z.boolean(),
});
export type CandidateReport = z.input<typeof candidateReportSchema>;

/** A report worth keeping as a PDF: its attempt was completed (one under way, expired or never started has nothing final to print). */
export const hasFinalReport = (report: Pick<CandidateReport, 'status'>) => report.status === 'COMPLETED';

/** GET /api/pdf-renderer: whether this server renders report PDFs. */
export const pdfRendererSchema = z.object({ available: z.boolean() });

/** POST /api/assessments/:id/rescore: how many completed attempts were queued to be scored again. */
export const rescoreQueuedSchema = z.object({ queued: z.number() });

/** A row of GET /api/my-reports: a Self Assessment user's own attempt, its report at /api/candidate-reports/:invitationId. */
export const selfReportRowSchema = z.object({
  invitationId: z.string(),
  assessmentId: z.string(),
  assessmentName: z.string(),
  status: z.enum(INVITATION_STATUSES),
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  percent: z.number().nullable(),
  band: z.enum(RATING_BANDS).nullable(),
  complete: z.boolean().nullable(),
  scoredAt: timestamp.nullable(),
});

/** A reviewer's points for a short-text answer (`PUT /api/candidate-reports/:invitationId/reviews/:questionId`). */
export interface ReviewInput {
  points: number;
  comment?: string | null;
}
