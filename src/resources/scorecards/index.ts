import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { lazy } from '../../lazy';

const views = () => import('./ScorecardViews');

/** The `scorecards` resource: what a job's interview stage rates (ARCHITECTURE 4b). */
export default {
  list: lazy(() => views().then((m) => ({ default: m.ScorecardList }))),
  create: lazy(() => views().then((m) => ({ default: m.ScorecardCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.ScorecardEdit }))),
  icon: RateReviewIcon,
  recordRepresentation: (record: { jobTitle: string; stageName: string }) => `${record.jobTitle} · ${record.stageName}`,
};
