import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazy } from '../../lazy';

const views = () => import('./JobRoleViews');

export default {
  list: lazy(() => views().then((m) => ({ default: m.JobRoleList }))),
  create: lazy(() => views().then((m) => ({ default: m.JobRoleCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.JobRoleEdit }))),
  show: lazy(() => views().then((m) => ({ default: m.JobRoleShow }))),
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'name',
};
