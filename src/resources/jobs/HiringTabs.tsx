/** Hiring's screens side by side under the navigation's one Campaign entry: campaigns, jobs, hiring stages, interview scorecards. */
import { SectionTabs } from '../../custom/layout/SectionTabs';

const TABS = [
  { path: '/campaign', label: 'app.campaigns.title', resource: 'campaigns' },
  { path: '/jobs', label: 'app.jobs.title', resource: 'jobs' },
  { path: '/managehiringstages', label: 'app.jobs.stages.title', resource: 'hiring-stages' },
  { path: '/scorecards', label: 'app.scorecards.title', resource: 'scorecards' },
] as const;

export function HiringTabs() {
  return <SectionTabs tabs={TABS} label="app.nav.campaign" />;
}
