import { lazy } from 'react';

/** One candidate (a person) and their invitations. */
export const CandidatePage = lazy(() => import('./CandidatePage'));
