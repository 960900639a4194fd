import PsychologyIcon from '@mui/icons-material/Psychology';
import { lazy } from '../../lazy';

const views = () => import('./SkillViews');

export default {
  list: lazy(() => views().then((m) => ({ default: m.SkillList }))),
  create: lazy(() => views().then((m) => ({ default: m.SkillCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.SkillEdit }))),
  icon: PsychologyIcon,
  recordRepresentation: 'label',
};

export const SubSkillsPage = lazy(() => views().then((m) => ({ default: m.SubSkillsPage })));
export const ReportContentPage = lazy(() => views().then((m) => ({ default: m.ReportContentPage })));
