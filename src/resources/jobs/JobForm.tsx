/**
 * `/postJob` (a new job) and `/postJob/:id` (its edit page): title, a rich-text description (the
 * server sanitizes it), employment type, work mode, notice, experience from 0 to 9+, a location
 * from the master data, openings, the assessment candidates take (an active invited assessment of
 * the job's client), the screening questions of its careers page, open or closed. Provider staff
 * choose the client first.
 */
import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  Edit,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { fieldErrors } from '../../domain/schemas';
import { jobSchema, type JobInput } from '../../domain/jobs';
import { useProfile } from '../../custom/layout/useProfile';
import { ContentEditor } from '../shared/ContentEditor';
import { useDropdown } from '../shared/useDropdown';
import { JOB_PATHS, type JobRecord } from './api';
import { ScreeningQuestionsInput } from './ScreeningQuestions';
import { EMPLOYMENT_CHOICES, EXPERIENCE_CHOICES, NOTICE_CHOICES, STATUS_CHOICES, WORK_MODE_CHOICES } from './labels';

/** The fields the API takes: an edit's record carries names and counts that it would refuse. */
const FIELDS = ['title', 'descriptionHtml', 'employmentType', 'workMode', 'notice', 'experienceMin', 'experienceMax', 'locationId', 'openings', 'assessmentId', 'screeningQuestions', 'status', 'clientId'] as const;
const NUMBERS: readonly string[] = ['experienceMin', 'experienceMax', 'openings'];
const NULLABLE: readonly string[] = ['experienceMax', 'locationId', 'assessmentId'];
/** A select may hand its number back as text; an emptied choice ('') is "none". */
function fieldValue(field: string, value: unknown) {
  if (value === '' && NULLABLE.includes(field)) return null;
  return NUMBERS.includes(field) && typeof value === 'string' && value !== '' ? Number(value) : value;
}
export const jobPayload = (values: Record<string, unknown>) =>
  Object.fromEntries(FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, fieldValue(f, values[f])])) as Partial<JobInput>;

/** The shared schema's English sentences as field errors; the i18n provider shows them in the interface language. */
const validate = (values: Record<string, unknown>) => {
  const result = jobSchema.safeParse(jobPayload(values));
  if (result.success) return {};
  // A question's own message shows beside it (ScreeningQuestions); the form only needs to know the list is refused.
  const errors = Object.entries(fieldErrors(result.error)).map(([field, message]) => [field.startsWith('screeningQuestions.') ? 'screeningQuestions' : field, message] as const);
  return Object.fromEntries(errors.reverse());
};

const DEFAULTS = { employmentType: 'FULL_TIME', workMode: 'ON_SITE', notice: 'MONTH_1', experienceMin: 0, experienceMax: null, openings: 1, status: 'OPEN', descriptionHtml: '', screeningQuestions: [] };

function JobFields({ isNew }: { isNew: boolean }) {
  const translate = useTranslate();
  const profile = useProfile();
  const staff = !!profile && !profile.clientId;
  const clients = useDropdown(staff && isNew ? 'clients' : null);
  return (
    <>
      {staff && isNew && <SelectInput source="clientId" choices={clients.choices} isPending={clients.isPending} translateChoice={false} fullWidth />}
      <TextInput source="title" fullWidth />
      <ContentEditor source="descriptionHtml" label="resources.jobs.fields.descriptionHtml" />
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, width: '100%' }}>
        <SelectInput source="employmentType" choices={EMPLOYMENT_CHOICES} />
        <SelectInput source="workMode" choices={WORK_MODE_CHOICES} />
        <SelectInput source="notice" choices={NOTICE_CHOICES} />
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, width: '100%' }}>
        <SelectInput source="experienceMin" choices={EXPERIENCE_CHOICES} translateChoice={false} />
        <SelectInput source="experienceMax" choices={EXPERIENCE_CHOICES} translateChoice={false} emptyText="app.jobs.noUpperLimit" />
        <NumberInput source="openings" min={1} step={1} />
      </Box>
      <ReferenceInput source="locationId" reference="locations" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText="name" fullWidth />
      </ReferenceInput>
      <FormDataConsumer<{ clientId?: string }>>
        {({ formData }) => {
          const clientId = profile?.clientId ?? formData.clientId;
          if (!clientId && staff && isNew) return <Typography color="text.secondary">{translate('app.jobs.chooseClientFirst')}</Typography>;
          // An edit keeps its client: the server answers only that client's assessments anyway.
          // A client's users are scoped by the server to their own and the library ones given to them;
          // staff name the client (its own assessments).
          const filter = { scope: 'mine', status: 'ACTIVE', type: 'INVITED', ...(staff && clientId ? { clientId } : {}) };
          return (
            <ReferenceInput source="assessmentId" reference="assessments" filter={filter} sort={{ field: 'name', order: 'ASC' }}>
              <AutocompleteInput optionText="name" fullWidth helperText="app.jobs.assessmentHelp" />
            </ReferenceInput>
          );
        }}
      </FormDataConsumer>
      <ScreeningQuestionsInput />
      <RadioButtonGroupInput source="status" choices={STATUS_CHOICES} />
    </>
  );
}

export function PostJob() {
  return (
    <Create resource="jobs" title="app.jobs.postTitle" transform={jobPayload} redirect={(_resource, id) => JOB_PATHS.board(String(id))}>
      <SimpleForm validate={validate} defaultValues={DEFAULTS}>
        <JobFields isNew />
      </SimpleForm>
    </Create>
  );
}

export function EditJob() {
  const { id } = useParams();
  return (
    <Edit<JobRecord> resource="jobs" id={id} title="app.jobs.editTitle" mutationMode="pessimistic" transform={jobPayload} redirect={() => JOB_PATHS.list} redirectOnError={JOB_PATHS.list}>
      <SimpleForm validate={validate}>
        <JobFields isNew={false} />
      </SimpleForm>
    </Edit>
  );
}

/** `/postJob` or `/postJob/:id`. */
export default function JobForm() {
  const { id } = useParams();
  return id ? <EditJob /> : <PostJob />;
}
