import TitleIcon from '@mui/icons-material/Title';
import { lazy } from '../../lazy';

const views = () => import('./AnswerTitleViews');

export default {
  list: lazy(() => views().then((m) => ({ default: m.AnswerTitleList }))),
  create: lazy(() => views().then((m) => ({ default: m.AnswerTitleCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.AnswerTitleEdit }))),
  icon: TitleIcon,
  recordRepresentation: 'label',
};
