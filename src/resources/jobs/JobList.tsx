/**
 * `/jobs`: the jobs of the signed-in client (every client's for provider staff) with the job
 * filters of specification section 9 (employment type, work mode, notice, experience 0 to 9+),
 * open or closed, and search. A row opens the job's candidates board.
 */
import AddIcon from '@mui/icons-material/Add';
import ViewColumnIcon from '@mui/icons-material/ViewWeekOutlined';
import WorkIcon from '@mui/icons-material/WorkOutline';
import { Button, FunctionField, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { EmptyState } from '../shared/EmptyState';
import { DateField, NumberField } from '../shared/fields';
import { ListActions } from '../shared/named';
import { HiringTabs } from './HiringTabs';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { JOB_PATHS, type JobRow } from './api';
import { EMPLOYMENT_CHOICES, EXPERIENCE_CHOICES, experienceText, JobStatusChip, NOTICE_CHOICES, STATUS_CHOICES, WORK_MODE_CHOICES } from './labels';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="employmentType" source="employmentType" choices={EMPLOYMENT_CHOICES} alwaysOn />,
  <SelectInput key="workMode" source="workMode" choices={WORK_MODE_CHOICES} alwaysOn />,
  <SelectInput key="notice" source="notice" choices={NOTICE_CHOICES} />,
  <SelectInput key="experience" source="experience" choices={EXPERIENCE_CHOICES} translateChoice={false} />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
];

function PostJobButton() {
  const profile = useProfile();
  if (!can(profile, 'CAMPAIGN', 'create')) return null;
  return (
    <Button component={Link} to={JOB_PATHS.create} label="app.jobs.post">
      <AddIcon />
    </Button>
  );
}

function StagesButton() {
  const profile = useProfile();
  if (!can(profile, 'CANDIDATES', 'view')) return null;
  return (
    <Button component={Link} to={JOB_PATHS.stages} label="app.jobs.manageStages">
      <ViewColumnIcon />
    </Button>
  );
}

export default function JobList() {
  const translate = useTranslate();
  const profile = useProfile();
  // Provider staff see every client's jobs: the client column says whose.
  const withClient = !!profile && !profile.clientId;
  const kinds = (r: JobRow) => [translate(`app.jobs.employmentType.${r.employmentType}`), translate(`app.jobs.workMode.${r.workMode}`)].join(' · ');
  return (
    <>
      <HiringTabs />
      <ResponsiveList
        resource="jobs"
        storeKey="jobs.all"
        title="app.jobs.title"
        filters={filters}
        sort={{ field: 'postedAt', order: 'DESC' }}
        actions={
          <ListActions>
            <StagesButton />
            <PostJobButton />
          </ListActions>
        }
        empty={<EmptyState icon={<WorkIcon />} title="app.jobs.emptyTitle" body="app.jobs.emptyBody" action={<PostJobButton />} />}
      >
        <ResponsiveDatagrid<JobRow>
          rowClick={(id) => JOB_PATHS.board(String(id))}
          bulkActionButtons={false}
          phone={{
            primaryText: (r) => r.title,
            secondaryText: (r) =>
              [withClient ? r.clientName : null, kinds(r), experienceText(translate, r.experienceMin, r.experienceMax), r.locationName, translate('app.jobs.candidateCount', { smart_count: r.candidateCount })]
                .filter(Boolean)
                .join(' · '),
            tertiaryText: (r) => <JobStatusChip status={r.status} />,
          }}
        >
          <FunctionField source="title" render={(r: JobRow) => r.title} />
          {withClient && <FunctionField source="clientName" sortable={false} render={(r: JobRow) => r.clientName} />}
          <FunctionField source="employmentType" render={(r: JobRow) => translate(`app.jobs.employmentType.${r.employmentType}`)} />
          <FunctionField source="workMode" render={(r: JobRow) => translate(`app.jobs.workMode.${r.workMode}`)} />
          <FunctionField source="notice" render={(r: JobRow) => translate(`app.jobs.notice.${r.notice}`)} />
          <FunctionField source="experienceMin" label="resources.jobs.fields.experience" render={(r: JobRow) => experienceText(translate, r.experienceMin, r.experienceMax)} />
          <FunctionField source="locationName" sortable={false} render={(r: JobRow) => r.locationName ?? '—'} />
          <FunctionField source="assessmentName" sortable={false} render={(r: JobRow) => r.assessmentName ?? '—'} />
          <NumberField source="candidateCount" sortable={false} />
          <FunctionField source="status" render={(r: JobRow) => <JobStatusChip status={r.status} />} />
          <DateField source="postedAt" />
        </ResponsiveDatagrid>
      </ResponsiveList>
    </>
  );
}
