/**
 * `/clientLicence/assign`: the provider gives a client a licence: credits for one of the client's
 * assessments (its own, or a library one it was given) or for any, valid between two days. Checked
 * here as the server checks it (credits 1 to 100,000, the end after the start); the server's field
 * messages are shown on their fields.
 */
import SaveIcon from '@mui/icons-material/Save';
import { Autocomplete, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { BUSINESS_MESSAGES, LICENCE_LIMITS } from '../../domain/business';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { useDropdown } from '../shared/useDropdown';
import { LICENCE_PATHS } from './api';

const pad = (n: number) => String(n).padStart(2, '0');
/** A date field's value (YYYY-MM-DD) `days` from today, in the browser's time zone. */
export function dayIn(days: number, from = new Date()): string {
  const d = new Date(from.getTime() + days * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** A licence runs from the start of its first day to the end of its last, in the browser's time zone. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();
export const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

const ANY = 'any';

interface Values {
  clientId: string;
  assessmentId: string;
  credits: string;
  validFrom: string;
  validUntil: string;
  notes: string;
}

/** The form's own checks, the server's rules. */
export function checkLicence(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.clientId) errors.clientId = BUSINESS_MESSAGES.licenceClient;
  const credits = Number(v.credits);
  if (!/^\d+$/.test(v.credits.trim()) || credits < LICENCE_LIMITS.minCredits || credits > LICENCE_LIMITS.maxCredits) errors.credits = BUSINESS_MESSAGES.licenceCredits;
  if (!v.validFrom) errors.validFrom = 'Enter a valid date';
  if (!v.validUntil) errors.validUntil = 'Enter a valid date';
  else if (v.validFrom && endOfDay(v.validUntil) <= startOfDay(v.validFrom)) errors.validUntil = BUSINESS_MESSAGES.licenceDates;
  if (v.notes.length > LICENCE_LIMITS.notesMax) errors.notes = `At most ${LICENCE_LIMITS.notesMax} characters`;
  return errors;
}

export default function LicenceAssign() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const clients = useDropdown('clients');
  const api = useApi();
  const [values, setValues] = useState<Values>({ clientId: '', assessmentId: ANY, credits: '100', validFrom: dayIn(0), validUntil: dayIn(365), notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const assessments = useQuery({
    queryKey: ['licensable-assessments', values.clientId],
    enabled: !!values.clientId,
    queryFn: () => api.getLicensableAssessments(values.clientId),
  });
  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === 'clientId' ? { assessmentId: ANY } : {}) }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const helper = (field: keyof Values, help?: string) => (errors[field] ? translateMessage(translate, errors[field]) : help);

  async function save() {
    const found = checkLicence(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const created = await api.assignLicence({
        clientId: values.clientId,
        assessmentId: values.assessmentId === ANY ? null : values.assessmentId,
        credits: Number(values.credits),
        validFrom: startOfDay(values.validFrom),
        validUntil: endOfDay(values.validUntil),
        notes: values.notes.trim() || null,
      });
      notify('app.licences.assigned', { type: 'success' });
      navigate(LICENCE_PATHS.view(created.id));
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors && Object.keys(body.errors).length) setErrors(body.errors);
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const client = clients.choices.find((c) => c.id === values.clientId) ?? null;
  return (
    <Paper component="form" noValidate aria-label={translate('app.licences.assignTitle')} sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }} onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Title title={translate('app.licences.assignTitle')} />
      <Stack spacing={2}>
        <Autocomplete
          options={clients.choices}
          value={client}
          onChange={(_, next) => set('clientId', next?.id ?? '')}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={clients.isPending}
          renderInput={(params) => <TextField {...params} required label={translate('resources.licences.fields.clientId')} error={!!errors.clientId} helperText={helper('clientId')} />}
        />
        <TextField
          select
          label={translate('resources.licences.fields.assessmentId')}
          value={values.assessmentId}
          onChange={(e) => set('assessmentId', e.target.value)}
          disabled={!values.clientId}
          error={!!errors.assessmentId}
          helperText={helper('assessmentId', translate(values.clientId ? 'app.licences.assessmentHelp' : 'app.licences.chooseClientFirst'))}
        >
          <MenuItem value={ANY}>{translate('app.licences.anyAssessment')}</MenuItem>
          {(assessments.data ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.library ? translate('app.licences.libraryAssessment', { name: a.name }) : a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('resources.licences.fields.credits')}
          value={values.credits}
          onChange={(e) => set('credits', e.target.value)}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', min: LICENCE_LIMITS.minCredits, max: LICENCE_LIMITS.maxCredits } }}
          error={!!errors.credits}
          helperText={helper('credits', translate('app.licences.creditsHelp'))}
          sx={{ maxWidth: 240 }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField type="date" label={translate('resources.licences.fields.validFrom')} value={values.validFrom} onChange={(e) => set('validFrom', e.target.value)} required slotProps={{ inputLabel: { shrink: true } }} error={!!errors.validFrom} helperText={helper('validFrom')} />
          <TextField type="date" label={translate('resources.licences.fields.validUntil')} value={values.validUntil} onChange={(e) => set('validUntil', e.target.value)} required slotProps={{ inputLabel: { shrink: true } }} error={!!errors.validUntil} helperText={helper('validUntil')} />
        </Stack>
        <TextField label={translate('resources.licences.fields.notes')} value={values.notes} onChange={(e) => set('notes', e.target.value)} multiline minRows={2} error={!!errors.notes} helperText={helper('notes', translate('app.licences.notesHelp'))} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={Link} to={LICENCE_PATHS.list} color="inherit">
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
            {translate('app.licences.assign')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
