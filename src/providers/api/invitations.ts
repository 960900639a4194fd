/** The invitations' and candidates' calls beyond their lists (server/modules/candidates). */
import type { z } from 'zod';
import type { CandidateInput, extendSchema } from '../../domain/assessment';
import type { invitationActionSchema, inviteAnswerSchema } from '../../domain/invitationAnswers';
import type { ExtraTime } from '../../domain/attempt';
import type { CandidateRecord, TestResult } from '../../resources/invitations/api';
import type { Comparison, ExportRow, ScoreColumns } from '../../resources/invitations/comparison';
import { enc, get, post, put } from './calls';

const invitation = (invitationId: string) => `/api/invitations/${enc(invitationId)}`;
const assessment = (assessmentId: string) => `/api/assessments/${enc(assessmentId)}`;

export interface InviteInput {
  assessmentId: string;
  candidates: CandidateInput[];
  expiresAt: string;
  extraTime: ExtraTime | null;
}

/** Resend and extra time answer what changed for the candidate (the old link stops working; parts from now on); revoke and expiry the invitation. */
type ActionAnswer = Omit<z.input<typeof invitationActionSchema>, 'message'> & { message?: string };

export const invitationsApi = {
  /** Invites a group of candidates; each row answers on its own (sent, refused and why). */
  invite: (input: InviteInput) => post<z.input<typeof inviteAnswerSchema>>('/api/invitations', input),
  resendInvitation: (invitationId: string) => post<ActionAnswer>(`${invitation(invitationId)}/resend`),
  revokeInvitation: (invitationId: string) => post<ActionAnswer>(`${invitation(invitationId)}/revoke`),
  extendInvitation: (invitationId: string, expiry: z.infer<typeof extendSchema>) => put<ActionAnswer>(`${invitation(invitationId)}/expiry`, expiry),
  giveExtraTime: (invitationId: string, extraTime: ExtraTime | null) => put<ActionAnswer>(`${invitation(invitationId)}/extra-time`, { extraTime }),
  /** Every row of a list's filter, in its order, for a CSV file. */
  exportInvitations: (filter: Record<string, unknown>, sort: { field: string; order: string }) =>
    get<ExportRow[]>('/api/invitations/export', { sort: JSON.stringify([sort.field, sort.order]), filter: JSON.stringify(filter) }),
  /** An attempt's answers, media, device events and timeline. */
  getTestResult: (invitationId: string) => get<TestResult>(`/api/test-result/${enc(invitationId)}`),
  getCandidate: (candidateId: string) => get<CandidateRecord>(`/api/candidates/${enc(candidateId)}`),
  /** The tests and skills an assessment's candidates list shows a score for. */
  getScoreColumns: (assessmentId: string) => get<ScoreColumns>(`${assessment(assessmentId)}/score-columns`),
  compareCandidates: (assessmentId: string, invitationIds: readonly string[]) => get<Comparison>(`${assessment(assessmentId)}/comparison`, { ids: invitationIds.join(',') }),
};
