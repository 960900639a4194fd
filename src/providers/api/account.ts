/** The signed-in account's own calls: its password, email and linked sign-ins, its own assessments, its storage. */
import type { z } from 'zod';
import type { SelfAssessment } from '../../custom/dashboard/SelfAssessments';
import type { selfAssessmentStartSchema } from '../../domain/assessmentAnswers';
import type { SignIns } from '../../custom/pages/LinkedSignIns';
import type { Usage } from '../../resources/users/StorageUsagePanel';
import { del, enc, get, post } from './calls';

/** Changing a password or email ends the account's other sessions; the answer is this browser's new one. */
type NewSession = { token: string };
/** POST /api/self-assessments/:id/start */
type SelfAssessmentStart = z.input<typeof selfAssessmentStartSchema>;

export const accountApi = {
  changePassword: (currentPassword: string, newPassword: string) => post<NewSession>('/api/users/change-password', { currentPassword, newPassword }),
  changeCredentials: (values: { currentPassword: string; email?: string; username?: string; newPassword?: string }) =>
    post<NewSession & { email: string }>('/api/users/change-credentials', values),
  /** The first password of an account made by a Google or LinkedIn sign-in. */
  setPassword: (newPassword: string) => post<NewSession>('/api/users/set-password', { newPassword }),
  getSignIns: () => get<SignIns>('/api/users/me/sign-ins'),
  removeSignIn: (signInId: string) => del(`/api/users/me/sign-ins/${enc(signInId)}`),
  /** The assessments a team member may take from the dashboard. */
  getSelfAssessments: () => get<SelfAssessment[]>('/api/self-assessments'),
  startSelfAssessment: (assessmentId: string) => post<SelfAssessmentStart>(`/api/self-assessments/${enc(assessmentId)}/start`),
  getStorageUsage: () => get<Usage>('/api/storage-usage'),
};
