import PlaceIcon from '@mui/icons-material/Place';
import { lazy } from '../../lazy';

const views = () => import('./LocationViews');

export default {
  list: lazy(() => views().then((m) => ({ default: m.LocationList }))),
  create: lazy(() => views().then((m) => ({ default: m.LocationCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.LocationEdit }))),
  show: lazy(() => views().then((m) => ({ default: m.LocationShow }))),
  icon: PlaceIcon,
  recordRepresentation: 'name',
};
