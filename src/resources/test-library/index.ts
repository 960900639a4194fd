import AssignmentIcon from '@mui/icons-material/Assignment';
import { lazy } from '../../lazy';

const views = () => import('./TestViews');

export default {
  list: lazy(() => views().then((m) => ({ default: m.TestList }))),
  show: lazy(() => views().then((m) => ({ default: m.TestPreview }))),
  icon: AssignmentIcon,
  recordRepresentation: 'name',
};
