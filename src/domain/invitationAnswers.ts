/**
 * What the candidates and invitations calls answer (server/modules/candidates). Apart from
 * assessment.ts, whose request schemas the candidate's page downloads: these add nothing to it.
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { ASSESSMENT_TYPES, ENTRY_TYPES, type InviteRowResult } from './assessment';
import { INVITATION_STATUSES, PART_KINDS } from './attempt';
import { DEVELOPMENT_BANDS, RATING_BANDS } from './content';
import { INTEGRITY_LEVELS } from './scoring';

/** Extra time as stored on an invitation. */
export const extraTimeAnswerSchema = z.union([z.object({ percent: z.number() }), z.object({ minutes: z.number() })]);

/** GET /api/invitations/:id: one candidate invited to one assessment (the attempt). */
export const invitationRowSchema = z.object({
  id: z.string(),
  candidateId: z.string(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  assessmentId: z.string(),
  assessmentName: z.string(),
  assessmentType: z.enum(ASSESSMENT_TYPES),
  clientId: z.string().nullable(),
  entryType: z.enum(ENTRY_TYPES),
  status: z.enum(INVITATION_STATUSES),
  /** Chosen by the candidate at the start. */
  language: z.string().nullable(),
  invitedAt: timestamp,
  mailedAt: timestamp.nullable(),
  /** The candidate first opened the link (then it can no longer be revoked). */
  openedAt: timestamp.nullable(),
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  disqualifiedAt: timestamp.nullable(),
  expiresAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
  lastSeenAt: timestamp.nullable(),
  extraTime: extraTimeAnswerSchema.nullable(),
  /** Taking the assessment right now (seen within the last minute). */
  online: z.boolean(),
});

/** POST /api/invitations/:id/resend and /extra-time: the invitation after, and what changed for the candidate. */
export const invitationActionSchema = invitationRowSchema.extend({ message: z.string() });

/** One test's stored score in a list row. */
export const testScoreCellSchema = z.object({ testId: z.string(), percent: z.number().nullable(), band: z.enum(RATING_BANDS).nullable() });

/** A row of GET /api/invitations: the invitation with its stored scores (null until scored). */
export const participantRowSchema = invitationRowSchema.extend({
  percent: z.number().nullable(),
  band: z.enum(RATING_BANDS).nullable(),
  integrity: z.enum(INTEGRITY_LEVELS).nullable(),
  /** False while answers wait for a reviewer or their hidden test cases; null until scored. */
  complete: z.boolean().nullable(),
  percentile: z.number().nullable(),
  testScores: z.array(testScoreCellSchema),
});

/** A row of GET /api/invitations/export, for a CSV made in the browser. */
export const exportRowSchema = participantRowSchema.pick({
  id: true,
  candidateName: true,
  candidateEmail: true,
  status: true,
  revokedAt: true,
  invitedAt: true,
  startedAt: true,
  completedAt: true,
  percent: true,
  band: true,
  integrity: true,
  complete: true,
  percentile: true,
  testScores: true,
});

/** A row of GET /api/candidates: a person, with how often and when last invited. */
export const candidateRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  invitationCount: z.number(),
  lastInvitedAt: timestamp.nullable(),
});

/** GET /api/candidates/:id: the person with their invitations. */
export const candidateRecordSchema = candidateRowSchema.extend({ invitations: z.array(invitationRowSchema) });

/** One row of an invitation report: what happened to each candidate asked for (here, not in assessment.ts, which the candidate's page loads). */
export const inviteRowResultSchema = z.object({
  row: z.number(),
  email: z.string(),
  outcome: z.enum(['INVITED', 'DUPLICATE', 'FAILED']),
  message: z.string().optional(),
  invitationId: z.string().optional(),
}) satisfies z.ZodType<InviteRowResult>;

/** POST /api/invitations (and a campaign's): a report row per candidate asked for. */
export const inviteAnswerSchema = z.object({ rows: z.array(inviteRowResultSchema), invited: z.number(), duplicates: z.number(), failed: z.number() });

/** What happened to an attempt, in order; a part's steps name the part. */
export const TIMELINE_STEPS = ['INVITED', 'MAILED', 'OPENED', 'STARTED', 'PART_STARTED', 'PART_FINISHED', 'COMPLETED', 'DISQUALIFIED', 'EXPIRED', 'REVOKED'] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

/** GET /api/test-result/:invitationId: the attempt's progress and evidence (scores come with the report). */
export const testResultSchema = z.object({
  invitation: invitationRowSchema,
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  assessment: z.object({ id: z.string(), name: z.string(), type: z.enum(ASSESSMENT_TYPES) }),
  parts: z.array(
    z.object({
      partId: z.string(),
      kind: z.enum(PART_KINDS),
      title: z.string().nullable(),
      questionCount: z.number(),
      answeredCount: z.number(),
      durationSeconds: z.number().nullable(),
      startedAt: timestamp.nullable(),
      deadline: timestamp.nullable(),
      finishedAt: timestamp.nullable(),
    }),
  ),
  answers: z.array(z.object({ questionId: z.string(), partId: z.string(), title: z.string().nullable(), questionType: z.string().nullable(), answer: z.unknown(), savedAt: timestamp })),
  media: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['VIDEO_ANSWER', 'SNAPSHOT']),
      questionId: z.string().nullable(),
      contentType: z.string(),
      durationMs: z.number().nullable(),
      takenAt: timestamp,
      uploadedAt: timestamp.nullable(),
      url: z.string().nullable(),
    }),
  ),
  events: z.array(z.object({ type: z.string(), occurredAt: timestamp, partId: z.string().nullable(), questionId: z.string().nullable(), detail: z.unknown() })),
  timeline: z.array(z.object({ at: timestamp, what: z.enum(TIMELINE_STEPS), partId: z.string().optional() })),
});

export const namedTestSchema = z.object({ id: z.string(), name: z.string() });
export const namedSkillSchema = z.object({ id: z.string(), label: z.string() });

/** GET /api/assessments/:id/score-columns: the tests (a band column each) and secondary skills a list of the assessment can show. */
export const scoreColumnsSchema = z.object({ tests: z.array(namedTestSchema), skills: z.array(namedSkillSchema) });

export const comparedSkillSchema = z.object({ skillId: z.string(), percent: z.number().nullable(), band: z.enum(RATING_BANDS).nullable(), developmentBand: z.enum(DEVELOPMENT_BANDS).nullable() });

/** GET /api/assessments/:id/comparison?ids= */
export const comparisonSchema = z.object({
  assessment: z.object({ id: z.string(), name: z.string() }),
  tests: z.array(namedTestSchema),
  /** The skills any of the candidates has a score in. */
  skills: z.array(namedSkillSchema),
  /** How many scored attempts the percentiles rank among. */
  scoredCount: z.number(),
  candidates: z.array(participantRowSchema.extend({ skillScores: z.array(comparedSkillSchema) })),
});
