import { lazy } from '../../lazy';

/** The campaign screens, each its own lazy chunk. */
export const CampaignList = lazy(() => import('./CampaignList'));
export const CampaignCreate = lazy(() => import('./CampaignCreate'));
export const CampaignPage = lazy(() => import('./CampaignPage'));
