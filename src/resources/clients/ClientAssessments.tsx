/**
 * The provider-library assessments given to a client (client_assessments):
 * `/skillgaugeClient/viewAssessment/:clientId` lists them, `/addView/:clientId` gives one with the
 * client's own settings (its name for it, a subset of languages, invitation validity), and
 * `/editView/:clientId/:assessmentId` changes the settings or takes the access back.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import {
  Autocomplete,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, Confirm, Title, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ClientAssessmentSettings } from '../../domain/business';
import { CLIENT_LIMITS } from '../../domain/clients';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { toHttpError } from '../../providers/httpClient';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useApi } from '../../providers/useApi';
import { EmptyState } from '../shared/EmptyState';
import { useDropdown } from '../shared/useDropdown';
import { CLIENT_PATHS, type ClientAssessment } from './api';
import { bothOf, QueryState } from '../shared/QueryState';

const grantsKey = (clientId: string) => ['client-assessments', clientId];

function useClient(clientId: string) {
  const api = useApi();
  return useQuery({ queryKey: ['client', clientId], queryFn: () => api.getClient(clientId) });
}

function BackToClient({ clientId }: { clientId: string }) {
  return (
    <Button component={Link} to={CLIENT_PATHS.edit(clientId)} label="app.clients.assessments.backToClient">
      <ArrowBackIcon />
    </Button>
  );
}

export function ClientAssessmentsPage() {
  const { clientId = '' } = useParams();
  const translate = useTranslate();
  const client = useClient(clientId);
  const api = useApi();
  const grants = useQuery({ queryKey: grantsKey(clientId), queryFn: () => api.getClientAssessments(clientId) });
  // Asked beside the data, so the actions show with the list rather than after it.
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'clients', action: 'edit' });
  return (
    <QueryState query={bothOf(client, grants)} title={translate('app.clients.title')}>
      {([record, given]) => <GrantsView clientId={clientId} clientName={record.name} grants={given} canEdit={canEdit} />}
    </QueryState>
  );
}

/** The assessments given to a client, each with its settings. */
function GrantsView({ clientId, clientName, grants, canEdit }: { clientId: string; clientName: string; grants: ClientAssessment[]; canEdit: boolean }) {
  const translate = useTranslate();
  const { languageName, date } = useFormat();
  const title = translate('app.clients.assessments.titleOf', { name: clientName });
  const add = canEdit && (
    <Button component={Link} to={CLIENT_PATHS.addAssessment(clientId)} label="app.clients.assessments.give" variant="contained">
      <AddIcon />
    </Button>
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Stack direction="row" justifyContent="flex-end" flexWrap="wrap" gap={1} sx={{ mb: 2 }}>
        <BackToClient clientId={clientId} />
        {add}
      </Stack>
      {grants.length === 0 ? (
        <EmptyState icon={<FactCheckIcon />} title="app.clients.assessments.emptyTitle" body="app.clients.assessments.emptyBody" action={add || undefined} />
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.clients.assessments.name')}</TableCell>
                <TableCell>{translate('app.clients.assessments.displayName')}</TableCell>
                <TableCell>{translate('app.clients.assessments.languages')}</TableCell>
                <TableCell>{translate('app.clients.assessments.invitationDays')}</TableCell>
                <TableCell>{translate('app.clients.assessments.given')}</TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {grants.map((grant) => (
                <TableRow key={grant.assessmentId}>
                  <TableCell>{grant.name}</TableCell>
                  <TableCell>{grant.settings.displayName ?? '—'}</TableCell>
                  <TableCell>{(grant.settings.languages ?? grant.languages).map((code) => languageName(code)).join(', ')}</TableCell>
                  <TableCell>{grant.settings.invitationDays ?? translate('app.clients.assessments.defaultDays')}</TableCell>
                  <TableCell>
                    {date(grant.createdAt)}
                    {grant.grantedByName ? ` · ${grant.grantedByName}` : ''}
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      <Button component={Link} to={CLIENT_PATHS.editAssessment(clientId, grant.assessmentId)} label="ra.action.edit">
                        <EditIcon />
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
}

interface SettingsValue {
  displayName: string;
  languages: string[];
  invitationDays: string;
}

const settingsValue = (settings: ClientAssessmentSettings, offered: string[]): SettingsValue => ({
  displayName: settings.displayName ?? '',
  languages: settings.languages ?? offered,
  invitationDays: settings.invitationDays ? String(settings.invitationDays) : '',
});

/** What is sent: all languages offered means no subset; an empty number means the default. */
const settingsPayload = (value: SettingsValue, offered: string[]) => ({
  displayName: value.displayName.trim() || null,
  ...(value.languages.length && value.languages.length < offered.length ? { languages: value.languages } : {}),
  ...(value.invitationDays.trim() ? { invitationDays: value.invitationDays.trim() } : {}),
});

function SettingsFields({ value, onChange, offered, errors }: { value: SettingsValue; onChange: (v: SettingsValue) => void; offered: string[]; errors: Record<string, string> }) {
  const translate = useTranslate();
  const { languageName } = useFormat();
  return (
    <>
      <TextField
        label={translate('app.clients.assessments.displayName')}
        value={value.displayName}
        onChange={(e) => onChange({ ...value, displayName: e.target.value })}
        helperText={errors.displayName ?? translate('app.clients.assessments.displayNameHelp')}
        error={!!errors.displayName}
        slotProps={{ htmlInput: { maxLength: CLIENT_LIMITS.displayNameMax } }}
        fullWidth
      />
      <Box>
        <FormLabel component="legend">{translate('app.clients.assessments.languages')}</FormLabel>
        <FormGroup row>
          {offered.map((code) => (
            <FormControlLabel
              key={code}
              control={
                <Checkbox
                  checked={value.languages.includes(code)}
                  onChange={(e) => onChange({ ...value, languages: e.target.checked ? [...value.languages, code] : value.languages.filter((l) => l !== code) })}
                />
              }
              label={languageName(code)}
            />
          ))}
        </FormGroup>
        <FormHelperText error={!!errors['settings.languages']}>{errors['settings.languages'] ?? translate('app.clients.assessments.languagesHelp')}</FormHelperText>
      </Box>
      <TextField
        label={translate('app.clients.assessments.invitationDays')}
        type="number"
        value={value.invitationDays}
        onChange={(e) => onChange({ ...value, invitationDays: e.target.value })}
        helperText={errors['settings.invitationDays'] ?? translate('app.clients.assessments.invitationDaysHelp')}
        error={!!errors['settings.invitationDays']}
        slotProps={{ htmlInput: { min: 1, max: CLIENT_LIMITS.invitationDaysMax } }}
        sx={{ maxWidth: 280 }}
      />
    </>
  );
}

/** Runs a save, turning the server's refusal into field messages and a toast in the user's language. */
function useSave(clientId: string) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = useApi();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  async function save(call: (api: AppDataProvider) => Promise<unknown>, done: string) {
    setSaving(true);
    setErrors({});
    try {
      await call(api);
      await queryClient.invalidateQueries({ queryKey: grantsKey(clientId) });
      notify(done, { type: 'success' });
      navigate(CLIENT_PATHS.assessments(clientId));
    } catch (error) {
      const http = toHttpError(error);
      setErrors(Object.fromEntries(Object.entries((http.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}).map(([field, message]) => [field, translateMessage(translate, message)])));
      notify(translateMessage(translate, http.message), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }
  return { save, errors, saving };
}

export function AddClientAssessmentPage() {
  const { clientId = '' } = useParams();
  const translate = useTranslate();
  const client = useClient(clientId);
  const choices = useDropdown<{ languages: string[] }>('assessmentChoices', clientId);
  const [chosen, setChosen] = useState<{ id: string; name: string; languages: string[] } | null>(null);
  const [value, setValue] = useState<SettingsValue>({ displayName: '', languages: [], invitationDays: '' });
  const { save, errors, saving } = useSave(clientId);
  const offered = chosen?.languages ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    void save(
      (api) => api.giveAssessment(clientId, chosen.id, settingsPayload(value, offered)),
      'app.clients.assessments.given_done',
    );
  };
  const title = translate('app.clients.assessments.giveTo', { name: client.data?.name ?? '' });
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={title} />
      <CardContent component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <Autocomplete
            options={choices.choices}
            loading={choices.isPending}
            value={chosen}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_event, option) => {
              setChosen(option);
              setValue((v) => ({ ...v, languages: option?.languages ?? [] }));
            }}
            noOptionsText={translate('app.clients.assessments.noChoices')}
            renderInput={(params) => <TextField {...params} required label={translate('app.clients.assessments.assessment')} error={!!errors.assessmentId} helperText={errors.assessmentId} />}
          />
          {chosen && <SettingsFields value={value} onChange={setValue} offered={offered} errors={errors} />}
          <Stack direction="row" gap={1}>
            <MuiButton type="submit" variant="contained" disabled={!chosen || saving}>
              {translate('app.clients.assessments.give')}
            </MuiButton>
            <BackToClient clientId={clientId} />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function EditClientAssessmentPage() {
  const { clientId = '', assessmentId = '' } = useParams();
  const api = useApi();
  const grant = useQuery({ queryKey: ['client-assessment', clientId, assessmentId], queryFn: () => api.getClientAssessment(clientId, assessmentId) });
  return <QueryState query={grant}>{(found) => <EditGrantForm clientId={clientId} grant={found} />}</QueryState>;
}

function EditGrantForm({ clientId, grant }: { clientId: string; grant: ClientAssessment }) {
  const translate = useTranslate();
  const [value, setValue] = useState(() => settingsValue(grant.settings, grant.languages));
  const [confirming, setConfirming] = useState(false);
  const { save, errors, saving } = useSave(clientId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save((api) => api.saveClientAssessment(clientId, grant.assessmentId, settingsPayload(value, grant.languages)), 'app.clients.assessments.saved');
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={grant.name} />
      <CardContent component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <SettingsFields value={value} onChange={setValue} offered={grant.languages} errors={errors} />
          <Stack direction="row" gap={1} flexWrap="wrap">
            <MuiButton type="submit" variant="contained" disabled={saving}>
              {translate('ra.action.save')}
            </MuiButton>
            <MuiButton color="error" onClick={() => setConfirming(true)} disabled={saving}>
              {translate('app.clients.assessments.takeBack')}
            </MuiButton>
            <BackToClient clientId={clientId} />
          </Stack>
        </Stack>
      </CardContent>
      <Confirm
        isOpen={confirming}
        title="app.clients.assessments.takeBackTitle"
        content="app.clients.assessments.takeBackBody"
        onConfirm={() => {
          setConfirming(false);
          void save((api) => api.takeBackAssessment(clientId, grant.assessmentId), 'app.clients.assessments.takenBack');
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
