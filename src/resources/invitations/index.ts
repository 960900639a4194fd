import { lazy } from '../../lazy';

/** The screens of invitations (a candidate's attempt at an assessment), each its own lazy chunk. */
export const InvitationList = lazy(() => import('./InvitationList'));
export const AssessmentCandidates = lazy(() => import('./AssessmentCandidates'));
export const InvitePage = lazy(() => import('./InvitePage'));
export const AttemptPage = lazy(() => import('./AttemptPage'));
