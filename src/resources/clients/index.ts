/** The clients screens (custom routes of specification section 2, not a react-admin resource route), loaded on demand. */
import { lazy } from '../../lazy';

const pages = () => import('./ClientPages');
const assessments = () => import('./ClientAssessments');

export const ClientList = lazy(() => import('./ClientList'));
export const ClientCreatePage = lazy(() => pages().then((m) => ({ default: m.ClientCreatePage })));
export const ClientEditPage = lazy(() => pages().then((m) => ({ default: m.ClientEditPage })));
export const ClientAssessmentsPage = lazy(() => assessments().then((m) => ({ default: m.ClientAssessmentsPage })));
export const AddClientAssessmentPage = lazy(() => assessments().then((m) => ({ default: m.AddClientAssessmentPage })));
export const EditClientAssessmentPage = lazy(() => assessments().then((m) => ({ default: m.EditClientAssessmentPage })));
export const DetailsPage = lazy(() => import('./DetailsPage'));
export { CLIENT_PATHS } from './api';
