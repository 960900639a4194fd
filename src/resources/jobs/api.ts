/**
 * What the jobs and hiring-stages calls answer (server/modules/jobs), as the screens read them, and
 * the addresses they call and lead to.
 */
import type { z } from 'zod';
import type { boardCardSchema, boardSchema, invitableSchema, jobRecordSchema, jobRowSchema, stageMoveSchema, stageRowSchema, stageSchema } from '../../domain/jobs';

/** A row of GET /api/jobs. */
export type JobRow = z.input<typeof jobRowSchema>;
/** GET /api/jobs/:id */
export type JobRecord = z.input<typeof jobRecordSchema>;
export type Stage = z.input<typeof stageSchema>;
/** A row of GET /api/candidates/hiring-stages. */
export type StageRow = z.input<typeof stageRowSchema>;
/** One line of a card's history: null from-stage is the candidate's arrival on the job. */
export type StageMove = z.input<typeof stageMoveSchema>;
/** A candidate on a job's board. */
export type BoardCard = z.input<typeof boardCardSchema>;
/** GET /api/jobs/:id/board */
export type Board = z.input<typeof boardSchema>;
/** A row of GET /api/jobs/:id/invitable. */
export type Invitable = z.input<typeof invitableSchema>;

/** The board's data in the query cache: what a change to a card refreshes. */
export const boardQueryKey = (jobId: string) => ['jobBoard', jobId];

export const JOB_PATHS = {
  list: '/jobs',
  create: '/postJob',
  edit: (id: string) => `/postJob/${id}`,
  board: (id: string) => `/job-candidate/${id}`,
  stages: '/managehiringstages',
} as const;
