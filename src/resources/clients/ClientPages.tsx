/**
 * `/skillgaugeClient/new` and `/skillgaugeClient/:id`: a client's form (company, address and
 * contact details, logo, contact persons), and on its page its user accounts and the library
 * assessments given to it. A client with orders or invitations is never deleted (the server says
 * so): it is set inactive instead.
 */
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import { Alert, Box, Card, CardContent, Chip, Divider, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Button, Create, DeleteButton, Edit, SaveButton, SimpleForm, Toolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useProfile } from '../../custom/layout/useProfile';
import { CLIENT_PATHS, type ClientRecord } from './api';
import { CareersAddressInput } from './CareersAddress';
import { clientPayload, CompanyInputs, ContactDetailsInputs, ContactsInput, LogoInput, validateClient } from './ClientInputs';

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1, width: '100%' }}>
      {translate(title)}
    </Typography>
  );
}

function ClientForm({ clientId, canEdit, canDelete }: { clientId?: string; canEdit: boolean; canDelete?: boolean }) {
  return (
    <SimpleForm
      validate={validateClient}
      noValidate
      defaultValues={clientId ? undefined : { status: 'ACTIVE', lowCreditThreshold: 10, contacts: [] }}
      toolbar={
        canEdit ? (
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            {canDelete && <DeleteButton mutationMode="pessimistic" redirect={CLIENT_PATHS.list} confirmTitle="app.clients.deleteTitle" confirmContent="app.clients.deleteBody" />}
          </Toolbar>
        ) : (
          false
        )
      }
    >
      <Section title="app.clients.sections.company" />
      <CompanyInputs clientId={clientId} />
      <Section title="app.clients.sections.contactDetails" />
      <ContactDetailsInputs />
      <LogoInput disabled={!canEdit} />
      <Section title="app.clients.sections.contacts" />
      <ContactsInput disabled={!canEdit} />
      <CareersAddressInput disabled={!canEdit} />
    </SimpleForm>
  );
}

export function ClientCreatePage() {
  return (
    <Create resource="clients" title="app.clients.new" transform={clientPayload} redirect={(_resource, id) => CLIENT_PATHS.edit(String(id))}>
      <ClientForm canEdit />
    </Create>
  );
}

/** The client's user accounts, with the way to add one (the users screens, for administrators). */
function ClientUsers() {
  const record = useRecordContext<ClientRecord>();
  const translate = useTranslate();
  const profile = useProfile();
  if (!record) return null;
  const addUrl = `/users/create?source=${encodeURIComponent(JSON.stringify({ role: 'CLIENT', clientId: record.id }))}`;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center">
          <Typography variant="h6" component="h2">
            {translate('app.clients.users')}
          </Typography>
          {profile?.role === 'ADMIN' && (
            <Button component={Link} to={addUrl} label="app.clients.addUser">
              <PersonAddIcon />
            </Button>
          )}
        </Stack>
        {record.users.length ? (
          <List dense>
            {record.users.map((user) => (
              <ListItem key={user.id} disableGutters secondaryAction={!user.isActive && <Chip size="small" label={translate('app.clients.inactiveUser')} />}>
                <ListItemText primary={user.name} secondary={`${user.email} · ${translate(`app.enums.role.${user.role}`)}`} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary">{translate('app.clients.noUsers')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** What the client has: its usage (why it cannot be deleted), and a link to its assessments. */
function ClientSummary() {
  const record = useRecordContext<ClientRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.clients.summary')}
        </Typography>
        <Typography>{translate('app.clients.licenceBalance', { smart_count: record.licenceBalance })}</Typography>
        <Typography>{translate('app.clients.usage', { orders: record.orderCount, invitations: record.invitationCount })}</Typography>
        {(record.orderCount > 0 || record.invitationCount > 0) && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {translate('app.messages.clientHasOrders')}
          </Alert>
        )}
        <Divider sx={{ my: 1.5 }} />
        <Button component={Link} to={CLIENT_PATHS.assessments(record.id)} label="app.clients.assessments.title">
          <FactCheckIcon />
        </Button>
      </CardContent>
    </Card>
  );
}

export function ClientEditPage() {
  const { id = '' } = useParams();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'clients', action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'clients', action: 'delete' });
  return (
    <Edit
      resource="clients"
      id={id}
      title={<ClientTitle />}
      mutationMode="pessimistic"
      transform={clientPayload}
      redirect={false}
      // The default goes to the resource's list route, which is not this screen's address.
      redirectOnError={CLIENT_PATHS.list}
      aside={
        <Box sx={{ width: { xs: '100%', lg: 320 }, flexShrink: 0, ml: { lg: 2 }, mt: { xs: 2, lg: 0 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ClientSummary />
          <ClientUsers />
        </Box>
      }
      sx={{ '& .RaEdit-main': { flexDirection: { xs: 'column', lg: 'row' } }, '& .RaEdit-card': { flex: 1, minWidth: 0 } }}
    >
      <ClientForm clientId={id} canEdit={canEdit} canDelete={canDelete} />
    </Edit>
  );
}

function ClientTitle() {
  const record = useRecordContext<ClientRecord>();
  const translate = useTranslate();
  return <span>{record ? record.name : translate('app.clients.title')}</span>;
}
