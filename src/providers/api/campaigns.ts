/** The campaigns' calls beyond their list (server/modules/campaigns). */
import type { CandidateInput } from '../../domain/assessment';
import type { AddCandidatesAnswer, CampaignRow, CancelledCampaign } from '../../resources/campaigns/api';
import { enc, get, post, put } from './calls';

const CAMPAIGNS = '/api/campaigns';
const campaign = (campaignId: string) => `${CAMPAIGNS}/${enc(campaignId)}`;

export const campaignsApi = {
  getCampaign: (campaignId: string) => get<CampaignRow>(campaign(campaignId)),
  createCampaign: (input: object) => post<CampaignRow>(CAMPAIGNS, input),
  saveCampaign: (campaignId: string, input: object) => put<CampaignRow>(campaign(campaignId), input),
  /** Ends a campaign, withdrawing the invitations not yet opened. */
  cancelCampaign: (campaignId: string) => post<CancelledCampaign>(`${campaign(campaignId)}/cancel`),
  /** Adds new people (by name and email) or the client's existing candidates (by id). */
  addCampaignCandidates: (campaignId: string, people: { candidates: CandidateInput[] } | { candidateIds: string[] }) => post<AddCandidatesAnswer>(`${campaign(campaignId)}/candidates`, people),
};
