import { lazy } from '../../lazy';

/** The candidate report (`/candidate-details/:id`, `/candidate/:id/assessment`) and its print page, each a lazy chunk. */
export const CandidateReportPage = lazy(() => import('./CandidateReportPage'));
export const PrintReportPage = lazy(() => import('./PrintReportPage'));
