import { lazy } from '../../lazy';

/** One candidate (a person) and their invitations. */
export const CandidatePage = lazy(() => import('./CandidatePage'));
