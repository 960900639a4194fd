/**
 * What the invitations, candidates and test-result calls answer (server/modules/candidates), as the
 * screens read them, and the addresses they call.
 */
import type { z } from 'zod';
import type { AssessmentType } from '../../domain/assessment';
import type { PartKind } from '../../domain/attempt';
import type { candidateRecordSchema, invitationRowSchema } from '../../domain/invitationAnswers';

/** GET /api/invitations/:id: one candidate invited to one assessment (the attempt); a list row adds its scores. */
export type InvitationRow = z.input<typeof invitationRowSchema>;
/** GET /api/candidates/:id */
export type CandidateRecord = z.input<typeof candidateRecordSchema>;

/** GET /api/test-result/:invitationId: the attempt's progress and timeline (scores come with the report). */
export interface TestResult {
  invitation: InvitationRow;
  candidate: { id: string; name: string; email: string; phone: string | null };
  assessment: { id: string; name: string; type: AssessmentType };
  parts: {
    partId: string;
    kind: PartKind;
    title: string | null;
    questionCount: number;
    answeredCount: number;
    durationSeconds: number | null;
    startedAt: string | null;
    deadline: string | null;
    finishedAt: string | null;
  }[];
  answers: { questionId: string; partId: string; title: string; questionType: string | null; answer: unknown; savedAt: string }[];
  media: { id: string; kind: 'VIDEO_ANSWER' | 'SNAPSHOT'; questionId: string | null; contentType: string; takenAt: string; uploadedAt: string | null; url: string | null }[];
  events: { type: string; occurredAt: string; partId: string | null; questionId: string | null; detail: Record<string, unknown> | null }[];
  /** What happened, in order; a part's steps name the part. */
  timeline: { at: string; what: TimelineStep; partId?: string }[];
}

export type TimelineStep = 'INVITED' | 'MAILED' | 'OPENED' | 'STARTED' | 'PART_STARTED' | 'PART_FINISHED' | 'COMPLETED' | 'DISQUALIFIED' | 'EXPIRED' | 'REVOKED';

export const CANDIDATE_PATHS = {
  list: '/candidate',
  person: (candidateId: string) => `/candidate/${candidateId}/assessments`,
  attempt: (invitationId: string) => `/candidate-details/${invitationId}`,
} as const;
