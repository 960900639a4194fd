/** What the campaigns calls answer (server/modules/campaigns), as the screens read them, and the addresses. */
import type { InviteRowResult } from '../../domain/assessment';
import type { InvitationStatus } from '../../domain/attempt';
import type { CampaignStatus } from '../../domain/business';

/** A row of GET /api/campaigns, and GET /api/campaigns/:id. */
export interface CampaignRow {
  id: string;
  name: string;
  description: string | null;
  clientId: string | null;
  clientName: string | null;
  assessmentId: string;
  assessmentName: string;
  startsAt: string;
  endsAt: string;
  mailSubject: string;
  mailBody: string;
  reminderEveryDays: number | null;
  maxReminders: number;
  cancelledAt: string | null;
  status: CampaignStatus;
  invitedCount: number;
  mailedCount: number;
  startedCount: number;
  completedCount: number;
  /** The average of the stored scores of completed attempts, in percent; null before any. */
  averageScore: number | null;
  reminderCount: number;
}

/** A row of GET /api/campaigns/:id/invitations. */
export interface CampaignInvitationRow {
  id: string;
  candidateId: string;
  candidateName: string;
  candidateEmail: string;
  status: InvitationStatus;
  invitedAt: string;
  mailedAt: string | null;
  openedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  percent: number | null;
  reminderCount: number;
  lastReminderAt: string | null;
}

/** POST /api/campaigns/:id/candidates */
export interface AddCandidatesAnswer {
  rows: InviteRowResult[];
  invited: number;
  duplicates: number;
  failed: number;
}

/** The react-admin resource of a campaign's invitations (the data provider calls /api/<resource>). */
export const campaignInvitationsResource = (id: string) => `campaigns/${encodeURIComponent(id)}/invitations`;

export const CAMPAIGN_PATHS = {
  list: '/campaign',
  create: '/campaign/addCampaign',
  view: (id: string) => `/campaign/${id}`,
} as const;
