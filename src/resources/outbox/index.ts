import MailIcon from '@mui/icons-material/Mail';
import { lazy } from '../../lazy';

const views = () => import('./OutboxViews');

export default {
  list: lazy(() => views().then((m) => ({ default: m.OutboxList }))),
  show: lazy(() => views().then((m) => ({ default: m.OutboxShow }))),
  icon: MailIcon,
  recordRepresentation: 'subject',
};
