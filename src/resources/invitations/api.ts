/**
 * What the invitations, candidates and test-result calls answer (server/modules/candidates), as the
 * screens read them, and the addresses they call.
 */
import type { z } from 'zod';
import type { candidateRecordSchema, invitationRowSchema, testResultSchema } from '../../domain/invitationAnswers';

/** GET /api/invitations/:id: one candidate invited to one assessment (the attempt); a list row adds its scores. */
export type InvitationRow = z.input<typeof invitationRowSchema>;
/** GET /api/candidates/:id */
export type CandidateRecord = z.input<typeof candidateRecordSchema>;

/** GET /api/test-result/:invitationId: the attempt's progress and timeline (scores come with the report). */
export type TestResult = z.input<typeof testResultSchema>;

export type { TimelineStep } from '../../domain/invitationAnswers';

export const CANDIDATE_PATHS = {
  list: '/candidate',
  person: (candidateId: string) => `/candidate/${candidateId}/assessments`,
  attempt: (invitationId: string) => `/candidate-details/${invitationId}`,
} as const;
