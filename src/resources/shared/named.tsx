/**
 * The views of a plain named resource (categories, industries, verticals): name and
 * description, searchable, sortable, with the specification's page sizes.
 */
import type { ReactNode } from 'react';
import { Create, FilterButton, Edit, SearchInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput, CreateButton, ExportButton, SelectColumnsButton, TopToolbar, useResourceDefinition } from 'react-admin';
import { DateField } from './fields';
import { namedRecordSchema } from '../../domain/schemas';
import { OwnerField } from './OwnerField';
import { ResponsiveDatagrid, ResponsiveList, usePhone } from './ResponsiveList';
import { zodValidate } from './validation';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The toolbar of every list: filters, columns (not on phones), Create (when the resource has a create screen) or the given buttons, and export. */
export function ListActions({ children }: { children?: ReactNode }) {
  const { hasCreate } = useResourceDefinition();
  // Phones show a simple list, which has no columns to choose.
  const phone = usePhone();
  return (
    <TopToolbar>
      <FilterButton />
      {!phone && <SelectColumnsButton />}
      {children ?? (hasCreate && <CreateButton />)}
      <ExportButton />
    </TopToolbar>
  );
}

interface NamedRecord {
  id: string;
  name: string;
  description: string | null;
}

export function NamedList({ withOwner = false }: { withOwner?: boolean }) {
  return (
    <ResponsiveList filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<ListActions />}>
      <ResponsiveDatagrid<NamedRecord>
        rowClick="edit"
        bulkActionButtons={false}
        phone={{ primaryText: (r) => r.name, secondaryText: (r) => r.description, tertiaryText: withOwner ? () => <OwnerField /> : undefined }}
      >
        <TextField source="name" />
        <TextField source="description" sortable={false} />
        {withOwner && <OwnerField source="clientId" />}
        <DateField source="updatedAt" showTime />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}

const validate = zodValidate(namedRecordSchema);

const NamedForm = () => (
  <SimpleForm validate={validate}>
    <TextInput source="name" fullWidth />
    <TextInput source="description" multiline minRows={2} fullWidth />
  </SimpleForm>
);

export const NamedCreate = () => (
  <Create redirect="list">
    <NamedForm />
  </Create>
);

export const NamedEdit = () => (
  <Edit mutationMode="pessimistic">
    <NamedForm />
  </Edit>
);

export const NamedShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="description" />
      <DateField source="createdAt" showTime />
      <DateField source="updatedAt" showTime />
    </SimpleShowLayout>
  </Show>
);
