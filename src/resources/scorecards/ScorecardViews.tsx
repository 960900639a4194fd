/**
 * Interview scorecards: the list (each job's stages and what they rate, how many sheets are in) and
 * one form to name a scorecard's job, stage and competencies. A rated scorecard keeps its
 * competencies (the server says so when one tries).
 */
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { useQuery } from '@tanstack/react-query';
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  CreateButton,
  Edit,
  FunctionField,
  ReferenceInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SCORECARD_LIMITS, type ScorecardRow } from '../../domain/scorecards';
import { useProfile } from '../../custom/layout/useProfile';
import { useApi } from '../../providers/useApi';
import { HiringTabs } from '../jobs/HiringTabs';
import { EmptyState } from '../shared/EmptyState';
import { DateField, NumberField } from '../shared/fields';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { useStageLabel } from '../jobs/labels';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function ScorecardList() {
  const translate = useTranslate();
  const stageLabel = useStageLabel();
  const names = (r: ScorecardRow) => r.competencies.map((c) => c.name).join(', ');
  return (
    <>
      <HiringTabs />
      <ResponsiveList
        title="app.scorecards.title"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={<ListActions />}
        empty={<EmptyState icon={<RateReviewIcon />} title="app.scorecards.emptyTitle" body="app.scorecards.emptyBody" action={<CreateButton variant="contained" />} />}
      >
        <ResponsiveDatagrid<ScorecardRow>
          rowClick="edit"
          bulkActionButtons={false}
          phone={{
            primaryText: (r) => `${r.jobTitle} · ${stageLabel(r.stageName)}`,
            secondaryText: (r) => names(r),
            tertiaryText: (r) => translate('app.scorecards.submitted', { smart_count: r.submittedCount }),
          }}
        >
          <TextField source="jobTitle" />
          <FunctionField source="stageName" render={(r: ScorecardRow) => stageLabel(r.stageName)} />
          <FunctionField source="competencies" sortable={false} render={names} />
          <NumberField source="submittedCount" sortable={false} />
          <DateField source="createdAt" />
        </ResponsiveDatagrid>
      </ResponsiveList>
    </>
  );
}

/** The stages of the chosen job's client, to pick the one whose interviewers rate. */
function StageInput({ disabled }: { disabled: boolean }) {
  const api = useApi();
  const profile = useProfile();
  const stageLabel = useStageLabel();
  const jobId = useWatch({ name: 'jobId' }) as string | undefined;
  const { data: job } = useGetOne<{ id: string; clientId: string | null }>('jobs', { id: jobId ?? '' }, { enabled: !!jobId });
  // A client's users manage their own stages; provider staff name the job's client.
  const clientId = profile?.clientId ? undefined : (job?.clientId ?? undefined);
  const stages = useQuery({ queryKey: ['hiringStages', clientId ?? 'own'], enabled: !!jobId && (!!profile?.clientId || !!clientId), queryFn: () => api.getHiringStages(clientId) });
  const choices = (stages.data ?? []).map((s) => ({ id: s.id, name: stageLabel(s.name) }));
  return <SelectInput source="stageId" choices={choices} validate={required()} disabled={disabled || !jobId} isPending={!!jobId && stages.isPending} />;
}

/** The competencies as names, in order: the record's `{id, name}` objects on edit, sent as names. */
function ScorecardForm({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<ScorecardRow>();
  const rated = !!record && record.submittedCount > 0;
  return (
    <SimpleForm defaultValues={{ competencies: [{ name: '' }] }} sx={{ maxWidth: 720 }}>
      <ReferenceInput source="jobId" reference="jobs" sort={{ field: 'postedAt', order: 'DESC' }}>
        <AutocompleteInput optionText="title" filterToQuery={(q: string) => ({ q })} validate={required()} disabled={editing} />
      </ReferenceInput>
      <StageInput disabled={editing} />
      <ArrayInput source="competencies" helperText={translate('app.scorecards.competenciesHelp', { max: SCORECARD_LIMITS.competenciesMax })}>
        <SimpleFormIterator inline disableReordering={rated} disableAdd={rated} disableRemove={rated}>
          <TextInput source="name" label="app.scorecards.competency" validate={required()} disabled={rated} slotProps={{ htmlInput: { maxLength: SCORECARD_LIMITS.nameMax } }} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

/** What the API takes: the competencies' names (an edit sends only them). */
const toBody = (editing: boolean) => (values: Record<string, unknown>) => {
  const competencies = ((values.competencies as { name?: string }[] | undefined) ?? []).map((c) => (c.name ?? '').trim()).filter(Boolean);
  return editing ? { competencies } : { jobId: values.jobId, stageId: values.stageId, competencies };
};

export const ScorecardCreate = () => (
  <Create redirect="list" transform={toBody(false)}>
    <ScorecardForm editing={false} />
  </Create>
);

export const ScorecardEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={toBody(true)}>
    <ScorecardForm editing />
  </Edit>
);
