import QuizIcon from '@mui/icons-material/Quiz';
import { lazy } from '../../lazy';

const views = () => import('./QuestionViews');

export default {
  list: lazy(() => views().then((m) => ({ default: m.QuestionList }))),
  show: lazy(() => views().then((m) => ({ default: m.QuestionShow }))),
  icon: QuizIcon,
  recordRepresentation: 'title',
};
