/**
 * `/skillgaugeClient`: the provider's clients, searchable and filtered by industry, zone, status,
 * sales person and relationship manager; a row opens the client's page.
 */
import AddIcon from '@mui/icons-material/Add';
import BusinessIcon from '@mui/icons-material/Business';
import { Chip } from '@mui/material';
import { Button, FunctionField, SearchInput, SelectInput, TextField, useCanAccess, useTranslate } from 'react-admin';
import { NumberField } from '../shared/fields';
import { Link } from 'react-router-dom';
import type { ClientStatus } from '../../domain/business';
import { EmptyState } from '../shared/EmptyState';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { useDropdown } from '../shared/useDropdown';
import { CLIENT_PATHS, type ClientRow } from './api';
import { statusChoices, zoneChoices } from './ClientInputs';

export function ClientStatusChip({ status }: { status: ClientStatus }) {
  const translate = useTranslate();
  return <Chip size="small" label={translate(`app.clients.status.${status}`)} color={status === 'ACTIVE' ? 'success' : 'default'} variant="outlined" />;
}

function NewClientButton() {
  const { canAccess } = useCanAccess({ resource: 'clients', action: 'create' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={CLIENT_PATHS.create} label="app.clients.new">
      <AddIcon />
    </Button>
  );
}

function useFilters() {
  const industries = useDropdown('industries');
  const salesPersons = useDropdown('salesPersons');
  const managers = useDropdown('relationshipManagers');
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="industryId" source="industryId" choices={industries.choices} translateChoice={false} />,
    <SelectInput key="zone" source="zone" choices={zoneChoices} />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
    <SelectInput key="salesPersonId" source="salesPersonId" choices={salesPersons.choices} translateChoice={false} />,
    <SelectInput key="relationshipManagerId" source="relationshipManagerId" choices={managers.choices} translateChoice={false} />,
  ];
}

export default function ClientList() {
  const translate = useTranslate();
  const filters = useFilters();
  const zone = (r: ClientRow) => (r.zone ? translate(`app.clients.zone.${r.zone}`) : '');
  return (
    <ResponsiveList
      resource="clients"
      title="app.clients.title"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={
        <ListActions>
          <NewClientButton />
        </ListActions>
      }
      empty={<EmptyState icon={<BusinessIcon />} title="app.clients.emptyTitle" body="app.clients.emptyBody" action={<NewClientButton />} />}
    >
      <ResponsiveDatagrid<ClientRow>
        rowClick={(id) => CLIENT_PATHS.edit(String(id))}
        bulkActionButtons={false}
        phone={{
          primaryText: (r) => r.name,
          secondaryText: (r) => [r.industryName, zone(r), r.city].filter(Boolean).join(' · '),
          tertiaryText: (r) => <ClientStatusChip status={r.status} />,
        }}
      >
        <TextField source="name" />
        <TextField source="industryName" sortable={false} emptyText="—" />
        <FunctionField source="zone" render={zone} />
        <TextField source="city" emptyText="—" />
        <TextField source="locationName" sortable={false} emptyText="—" />
        <FunctionField source="status" render={(r: ClientRow) => <ClientStatusChip status={r.status} />} />
        <TextField source="salesPersonName" sortable={false} emptyText="—" />
        <TextField source="relationshipManagerName" sortable={false} emptyText="—" />
        <NumberField source="userCount" sortable={false} />
        <NumberField source="licenceBalance" sortable={false} />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}
