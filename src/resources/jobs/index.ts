import { lazy } from '../../lazy';

/** The screens of jobs and hiring stages (specification section 2), each its own lazy chunk. */
export const JobList = lazy(() => import('./JobList'));
export const JobForm = lazy(() => import('./JobForm'));
export const JobBoard = lazy(() => import('./JobBoard'));
export const HiringStages = lazy(() => import('./HiringStages'));
