import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import { lazy } from '../../lazy';

const list = () => import('./AssessmentList');

/** The screens of assessments (specification section 2), each its own lazy chunk. */
export const MyAssessments = lazy(() => list().then((m) => ({ default: m.MyAssessments })));
export const AssessmentWizard = lazy(() => import('./AssessmentWizard'));
export const AssessmentPage = lazy(() => import('./AssessmentPage'));

/** The `assessments` resource: its list is the provider's library at /assessments. */
export default {
  list: lazy(() => list().then((m) => ({ default: m.AssessmentLibrary }))),
  icon: FactCheckIcon,
  recordRepresentation: 'name',
};
