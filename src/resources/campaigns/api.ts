/** What the campaigns calls answer (server/modules/campaigns), as the screens read them, and the addresses. */
import type { z } from 'zod';
import type { addCandidatesAnswerSchema, campaignInvitationRowSchema, campaignRowSchema, cancelledCampaignSchema } from '../../domain/campaigns';

/** A row of GET /api/campaigns, and GET /api/campaigns/:id. */
export type CampaignRow = z.input<typeof campaignRowSchema>;
/** A row of GET /api/campaigns/:id/invitations. */
export type CampaignInvitationRow = z.input<typeof campaignInvitationRowSchema>;
/** POST /api/campaigns/:id/candidates */
export type AddCandidatesAnswer = z.input<typeof addCandidatesAnswerSchema>;
/** POST /api/campaigns/:id/cancel */
export type CancelledCampaign = z.input<typeof cancelledCampaignSchema>;

/** The react-admin resource of a campaign's invitations (the data provider calls /api/<resource>). */
export const campaignInvitationsResource = (id: string) => `campaigns/${encodeURIComponent(id)}/invitations`;

export const CAMPAIGN_PATHS = {
  list: '/campaign',
  create: '/campaign/addCampaign',
  view: (id: string) => `/campaign/${id}`,
} as const;
