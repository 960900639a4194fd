import { Chip, Stack } from '@mui/material';
import { Create, Edit, FunctionField, SearchInput, SelectInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { DateField } from '../shared/fields';
import { MEMBERSHIP_TYPES } from '../../domain/constants';
import type { EntityPermission } from '../../domain/permissions';
import { jobRoleSchema } from '../../domain/schemas';
import { useProfile } from '../../custom/layout/useProfile';
import { Spinner } from '../../custom/layout/Spinner';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { zodValidate } from '../shared/validation';
import { PermissionMatrixInput } from './PermissionMatrixInput';

const scopeChoices = MEMBERSHIP_TYPES.map((id) => ({ id, name: `app.enums.membershipType.${id}` }));
const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="scope" source="scope" choices={scopeChoices} />];

function ScopeField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ scope: string }>();
  const translate = useTranslate();
  return record ? <Chip size="small" variant="outlined" label={translate(`app.enums.membershipType.${record.scope}`)} /> : null;
}

/** The areas a role can see, as chips. */
function GrantedAreas(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ permissions: EntityPermission[] }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.permissions
        .filter((p) => p.actions.view)
        .map((p) => (
          <Chip key={p.entity} size="small" label={translate(`app.enums.entity.${p.entity}`)} />
        ))}
    </Stack>
  );
}

/** A phone row's second line: the scope, then the areas the role can see. */
function RoleSummary() {
  const record = useRecordContext<{ scope: string; permissions: EntityPermission[] }>();
  const translate = useTranslate();
  if (!record) return null;
  const areas = record.permissions.filter((p) => p.actions.view).map((p) => translate(`app.enums.entity.${p.entity}`));
  return <>{[translate(`app.enums.membershipType.${record.scope}`), areas.join(', ')].filter(Boolean).join(' · ')}</>;
}

export const JobRoleList = () => (
  <ResponsiveList filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<ListActions />}>
    <ResponsiveDatagrid<{ id: string; name: string }> rowClick="edit" bulkActionButtons={false} phone={{ primaryText: (r) => r.name, secondaryText: () => <RoleSummary /> }}>
      <TextField source="name" />
      <ScopeField source="scope" />
      <GrantedAreas source="permissions" sortable={false} />
      <DateField source="updatedAt" showTime />
    </ResponsiveDatagrid>
  </ResponsiveList>
);

const validate = zodValidate(jobRoleSchema);

function JobRoleForm() {
  const profile = useProfile();
  // The scope's default depends on who asks: the form starts once that is known (a fresh page loads the profile after it mounts).
  if (!profile) return <Spinner />;
  const tenant = profile.role === 'CLIENT' || profile.membershipType === 'CLIENT_SPECIFIC_ROLE';
  return (
    <SimpleForm validate={validate} defaultValues={{ scope: tenant ? 'CLIENT_SPECIFIC_ROLE' : 'SKILLGAUGE_TEAM', permissions: [] }}>
      <TextInput source="name" fullWidth />
      <TextInput source="description" multiline minRows={2} fullWidth />
      {/* Read-only, not disabled: a disabled input's value is left out of what is saved. */}
      <SelectInput source="scope" choices={scopeChoices} readOnly={tenant} />
      <PermissionMatrixInput />
    </SimpleForm>
  );
}

export const JobRoleCreate = () => (
  <Create redirect="list">
    <JobRoleForm />
  </Create>
);

export const JobRoleEdit = () => (
  <Edit mutationMode="pessimistic">
    <JobRoleForm />
  </Edit>
);

export const JobRoleShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="description" />
      <ScopeField source="scope" />
      <FunctionField source="permissions" render={() => <GrantedAreas />} />
      <DateField source="updatedAt" showTime />
    </SimpleShowLayout>
  </Show>
);
