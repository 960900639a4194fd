/**
 * `/details`: a signed-in client's own company. Every field is shown; the ones a client may change
 * (CLIENT_EDITABLE_BY_CLIENT: address, contact details, contacts, logo) are a form for the CLIENT
 * account and its team members who manage its team; the rest are the provider's, read only.
 * The logo shows in the app bar for the client's users (ClientLogo).
 */
import { Alert, Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, RecordContextProvider, ResourceContextProvider, SaveButton, Title, useNotify, useTranslate } from 'react-admin';
import { translateMessage } from '../../i18n/messages';
import { toHttpError } from '../../providers/httpClient';
import { useApi } from '../../providers/useApi';
import { DETAILS_KEY, type ClientDetails } from './api';
import { ContactDetailsInputs, ContactsInput, detailsPayload, LogoInput, validateDetails } from './ClientInputs';
import { CareersAddressInput } from './CareersAddress';
import { ClientStatusChip } from './ClientList';
import { QueryState } from '../shared/QueryState';

/** The provider's fields, read only: label and value. */
function CompanyFacts({ details }: { details: ClientDetails }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.clients.fields.${name}`);
  const facts: [string, React.ReactNode][] = [
    ['name', details.name],
    ['legalType', details.legalType ? translate(`app.clients.legalType.${details.legalType}`) : null],
    ['industryId', details.industryName],
    ['verticalId', details.verticalName],
    ['zone', details.zone ? translate(`app.clients.zone.${details.zone}`) : null],
    ['locationId', details.locationName],
    ['gstin', details.gstin],
    ['pan', details.pan],
    ['salesPersonId', details.salesPersonName],
    ['relationshipManagerId', details.relationshipManagerName],
    ['status', <ClientStatusChip key="status" status={details.status} />],
  ];
  return (
    <Grid container spacing={2}>
      {facts.map(([name, value]) => (
        <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {field(name)}
          </Typography>
          <Typography component="div">{value || '—'}</Typography>
        </Grid>
      ))}
    </Grid>
  );
}

/** `/details`: a client's own company (its route lets in a client's users only). */
export default function CompanyDetails() {
  const translate = useTranslate();
  const api = useApi();
  const details = useQuery({ queryKey: DETAILS_KEY, queryFn: () => api.getClientDetails() });
  return (
    <QueryState query={details} title={translate('app.clients.detailsTitle')}>
      {(data) => <DetailsView data={data} />}
    </QueryState>
  );
}

/** The company's facts, and the contact details its users may change. */
function DetailsView({ data }: { data: ClientDetails }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = useApi();

  async function save(values: Record<string, unknown>) {
    try {
      const saved = await api.saveClientDetails(detailsPayload(values));
      queryClient.setQueryData(DETAILS_KEY, { ...saved, editable: data.editable, mayEdit: data.mayEdit });
      notify('app.clients.detailsSaved', { type: 'success' });
    } catch (error) {
      const http = toHttpError(error);
      notify(translateMessage(translate, http.message), { type: 'error' });
      // Field messages go next to their fields.
      return (http.body as { errors?: Record<string, string> } | undefined)?.errors;
    }
  }

  return (
    <ResourceContextProvider value="clients">
      <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1000 }}>
        <Title title="app.clients.detailsTitle" />
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.clients.sections.company')}
            </Typography>
            <CompanyFacts details={data} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('app.clients.providerFields')}
            </Typography>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            {!data.mayEdit && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('app.clients.readOnlyDetails')}
              </Alert>
            )}
            <RecordContextProvider value={data}>
              <Form record={data} onSubmit={save} validate={validateDetails} noValidate>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate('app.clients.sections.contactDetails')}
                </Typography>
                <ContactDetailsInputs disabled={!data.mayEdit} />
                <LogoInput disabled={!data.mayEdit} />
                <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
                  {translate('app.clients.sections.contacts')}
                </Typography>
                <ContactsInput disabled={!data.mayEdit} />
                <CareersAddressInput disabled={!data.mayEdit} />
                {data.mayEdit && <SaveButton sx={{ mt: 2 }} />}
              </Form>
            </RecordContextProvider>
          </CardContent>
        </Card>
      </Box>
    </ResourceContextProvider>
  );
}
