import { Create, Edit, SearchInput, Show, SimpleForm, SimpleShowLayout, TextField, TextInput } from 'react-admin';
import { DateField } from '../shared/fields';
import { locationSchema } from '../../domain/schemas';
import { ListActions } from '../shared/named';
import { OwnerField } from '../shared/OwnerField';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { zodValidate } from '../shared/validation';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <TextInput key="country" source="country" />];

interface Location {
  id: string;
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
}

/** "Pune, Maharashtra, India", leaving out what is not filled in. */
const placeOf = (l: Location) => [l.city, l.state, l.country].filter(Boolean).join(', ');

export const LocationList = () => (
  <ResponsiveList filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<ListActions />}>
    <ResponsiveDatagrid<Location> rowClick="edit" bulkActionButtons={false} phone={{ primaryText: (r) => r.name, secondaryText: placeOf, tertiaryText: () => <OwnerField /> }}>
      <TextField source="name" />
      <TextField source="city" />
      <TextField source="state" />
      <TextField source="country" />
      <OwnerField source="clientId" />
    </ResponsiveDatagrid>
  </ResponsiveList>
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
