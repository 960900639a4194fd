/**
 * Jobs and hiring stages (issue 11): the job form's schema (shared by the post-job form and the
 * server), the stage and move inputs, and the slice's messages' English (their codes, job*, and
 * Hindi: src/domain/allMessages.ts). The kinds and labels live in business.ts.
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { INVITATION_STATUSES } from './attempt';
import { APPLICATION_SOURCES, screeningAnswerAnswerSchema, screeningQuestionAnswerSchema, screeningQuestionsSchema } from './careers';
import { RATING_BANDS } from './content';
import { EMPLOYMENT_TYPES, HIRING_STAGE_LIMITS, JOB_STATUSES, NOTICE_PERIODS, WORK_MODES } from './business';

export const JOB_LIMITS = { titleMax: 120, descriptionMax: 20_000, openingsMax: 500, experienceMax: 9 } as const;

export const JOB_MESSAGES = {
  title: 'Give the job a title.',
  titleLong: `A job title has at most ${JOB_LIMITS.titleMax} characters.`,
  descriptionLong: 'The description is too long.',
  employmentType: 'Choose Full-time, Part-time or Contract.',
  workMode: 'Choose On-site, Hybrid or Remote.',
  notice: 'Choose a notice period.',
  experience: 'Experience is a whole number of years from 0 to 9+.',
  experienceRange: 'The most experience cannot be less than the least.',
  openings: `Openings must be a whole number from 1 to ${JOB_LIMITS.openingsMax}.`,
  status: 'A job is open or closed.',
  client: 'Choose the client the job is for.',
  assessment: 'Choose an active invited assessment of this client.',
  location: 'Choose a location from the list.',
  noAssessment: 'This job has no assessment to invite candidates to.',
  alreadyOnJob: 'This candidate is already on this job.',
  notInvited: 'Only candidates invited to the job’s assessment can be added.',
  stageOfAnotherClient: 'Move candidates only between this job’s hiring stages.',
  stageLimit: `A client has at most ${HIRING_STAGE_LIMITS.max} hiring stages.`,
  stageName: 'Give the stage a name.',
  stageNameLong: `A stage name has at most ${HIRING_STAGE_LIMITS.nameMax} characters.`,
  stageLast: 'Keep at least one hiring stage.',
  reorderSet: 'List each of the client’s stages once to reorder them.',
  jobClosed: 'This job is closed: open it again to add candidates.',
  hasInvitation: 'This candidate already has an invitation to the job’s assessment.',
} as const;

const years = (message: string) => z.number({ error: message }).int(message).min(0, message).max(JOB_LIMITS.experienceMax, message);

export const jobSchema = z
  .strictObject({
    title: z.string({ error: JOB_MESSAGES.title }).trim().min(1, JOB_MESSAGES.title).max(JOB_LIMITS.titleMax, JOB_MESSAGES.titleLong),
    // An emptied editor may send null: no description.
    descriptionHtml: z
      .string()
      .max(JOB_LIMITS.descriptionMax, JOB_MESSAGES.descriptionLong)
      .nullish()
      .transform((html) => html ?? ''),
    employmentType: z.enum(EMPLOYMENT_TYPES, { error: JOB_MESSAGES.employmentType }),
    workMode: z.enum(WORK_MODES, { error: JOB_MESSAGES.workMode }),
    notice: z.enum(NOTICE_PERIODS, { error: JOB_MESSAGES.notice }),
    experienceMin: years(JOB_MESSAGES.experience),
    /** Null: no upper bound (the minimum or more). */
    experienceMax: years(JOB_MESSAGES.experience).nullable().default(null),
    locationId: z.uuid(JOB_MESSAGES.location).nullable().default(null),
    openings: z.number({ error: JOB_MESSAGES.openings }).int(JOB_MESSAGES.openings).min(1, JOB_MESSAGES.openings).max(JOB_LIMITS.openingsMax, JOB_MESSAGES.openings).default(1),
    assessmentId: z.uuid(JOB_MESSAGES.assessment).nullable().default(null),
    status: z.enum(JOB_STATUSES, { error: JOB_MESSAGES.status }).default('OPEN'),
    /** Asked of applicants on the careers page (src/domain/careers.ts). */
    screeningQuestions: screeningQuestionsSchema.default([]),
    /** Provider staff name the client; a client's own users never send it (their client is theirs). */
    clientId: z.uuid(JOB_MESSAGES.client).nullish(),
  })
  .refine((job) => job.experienceMax === null || job.experienceMax >= job.experienceMin, { message: JOB_MESSAGES.experienceRange, path: ['experienceMax'] });
export type JobInput = z.infer<typeof jobSchema>;

/** Does a job's range take someone with this many years? (9 stands for 9 or more.) */
export const experienceMatches = (job: { experienceMin: number; experienceMax: number | null }, years: number) =>
  job.experienceMin <= years && (job.experienceMax === null || years <= job.experienceMax);

export const stageNameSchema = z
  .string({ error: JOB_MESSAGES.stageName })
  .trim()
  .min(1, JOB_MESSAGES.stageName)
  .max(HIRING_STAGE_LIMITS.nameMax, JOB_MESSAGES.stageNameLong);

/** Where a card goes: a stage, and its place there (0 at the top; past the end means last). */
export const moveSchema = z.strictObject({
  stageId: z.uuid(JOB_MESSAGES.stageOfAnotherClient),
  position: z.number().int().min(0).max(100_000).optional(),
});

// ---------------------------------------------------------------------------------------------
// What the jobs and hiring-stages calls answer (server/modules/jobs)

/** A row of GET /api/jobs. */
export const jobRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  workMode: z.enum(WORK_MODES),
  notice: z.enum(NOTICE_PERIODS),
  experienceMin: z.number(),
  experienceMax: z.number().nullable(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  openings: z.number(),
  assessmentId: z.string().nullable(),
  assessmentName: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  postedAt: timestamp,
  closedAt: timestamp.nullable(),
  updatedAt: timestamp,
  candidateCount: z.number(),
});

/** GET /api/jobs/:id: the row with its description and screening questions. */
export const jobRecordSchema = jobRowSchema.extend({ descriptionHtml: z.string(), screeningQuestions: z.array(screeningQuestionAnswerSchema) });

export const stageSchema = z.object({ id: z.string(), name: z.string(), position: z.number() });

/** A row of GET /api/candidates/hiring-stages. */
export const stageRowSchema = stageSchema.extend({ clientId: z.string(), candidateCount: z.number() });

/** One line of a card's history: a null from-stage is the candidate's arrival on the job. */
export const stageMoveSchema = z.object({ id: z.string(), fromStage: z.string().nullable(), toStage: z.string().nullable(), movedBy: z.string().nullable(), movedAt: timestamp });

/** A candidate on a job's board. */
export const boardCardSchema = z.object({
  id: z.string(),
  candidateId: z.string(),
  name: z.string(),
  email: z.string(),
  invitationId: z.string().nullable(),
  invitationStatus: z.enum(INVITATION_STATUSES).nullable(),
  percent: z.number().nullable(),
  band: z.enum(RATING_BANDS).nullable(),
  stageId: z.string(),
  position: z.number(),
  addedAt: timestamp,
  movedAt: timestamp,
  /** Added on the board, or applied on the careers page (with answers, maybe a résumé). */
  source: z.enum(APPLICATION_SOURCES),
  screeningAnswers: z.array(screeningAnswerAnswerSchema).nullable(),
  /** Why an applicant has no invitation to the job's assessment. */
  invitationNote: z.literal('NO_CREDITS').nullable(),
  history: z.array(stageMoveSchema),
  /** The applicant's résumé once uploaded, to read it. */
  resumeUrl: z.string().nullable(),
});

/** GET /api/jobs/:id/board */
export const boardSchema = z.object({ job: jobRecordSchema, stages: z.array(stageSchema), cards: z.array(boardCardSchema) });

/** A row of GET /api/jobs/:id/invitable. */
export const invitableSchema = z.object({
  invitationId: z.string(),
  candidateId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  percent: z.number().nullable(),
  band: z.enum(RATING_BANDS).nullable(),
});

/** GET /api/candidates/hiring-stages/dropdown */
export const stageOptionSchema = z.object({ _id: z.string(), label: z.string() });
