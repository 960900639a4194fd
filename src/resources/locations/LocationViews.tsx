import { Create, DatagridConfigurable, Edit, List, SearchInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput } from 'react-admin';
import { DateField } from '../shared/fields';
import { locationSchema } from '../../domain/schemas';
import { ListPagination } from '../shared/ListPagination';
import { ListActions } from '../shared/named';
import { OwnerField } from '../shared/OwnerField';
import { zodValidate } from '../shared/validation';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <TextInput key="country" source="country" />];

export const LocationList = () => (
  <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={10} pagination={<ListPagination />} actions={<ListActions />}>
    <DatagridConfigurable rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="city" />
      <TextField source="state" />
      <TextField source="country" />
      <OwnerField source="clientId" />
    </DatagridConfigurable>
  </List>
);

const validate = zodValidate(locationSchema);
const LocationForm = () => (
  <SimpleForm validate={validate}>
    <TextInput source="name" fullWidth />
    <TextInput source="city" />
    <TextInput source="state" />
    <TextInput source="country" />
  </SimpleForm>
);

export const LocationCreate = () => (
  <Create redirect="list">
    <LocationForm />
  </Create>
);

export const LocationEdit = () => (
  <Edit mutationMode="pessimistic">
    <LocationForm />
  </Edit>
);

export const LocationShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="city" />
      <TextField source="state" />
      <TextField source="country" />
      <DateField source="createdAt" showTime />
    </SimpleShowLayout>
  </Show>
);
