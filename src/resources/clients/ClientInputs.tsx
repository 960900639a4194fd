/**
 * The client form's parts: company fields (the provider's), the fields a client may change itself
 * (address, contact details, contacts, logo), the contact persons and the logo upload. The client
 * form (ClientPages) and /details (DetailsPage) use them.
 */
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { ArrayInput, BooleanInput, NumberInput, SelectInput, SimpleFormIterator, TextInput, useInput, useNotify, useRecordContext, useSimpleFormIteratorItem, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CLIENT_STATUSES, LEGAL_TYPES, ZONES } from '../../domain/business';
import { CLIENT_LIMITS, CLIENT_MESSAGES, clientDetailsSchema, clientSchema } from '../../domain/clients';
import { translateMessage } from '../../i18n/messages';
import { toHttpError } from '../../providers/httpClient';
import { MEDIA_UPLOADS } from '../../providers/uploads';
import { useApi } from '../../providers/useApi';
import { useDropdown } from '../shared/useDropdown';
import { zodValidate } from '../shared/validation';
import type { ClientRecord } from './api';

export const zoneChoices = ZONES.map((id) => ({ id, name: `app.clients.zone.${id}` }));
export const legalTypeChoices = LEGAL_TYPES.map((id) => ({ id, name: `app.clients.legalType.${id}` }));
export const statusChoices = CLIENT_STATUSES.map((id) => ({ id, name: `app.clients.status.${id}` }));

/** Form values hold the record's read-only extras (names, users…): validate and send only the form's own fields. */
export const validateClient = zodValidate(z.object(clientSchema.shape));
export const validateDetails = zodValidate(z.object(clientDetailsSchema.shape));
const pick = (data: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k] === undefined ? null : data[k]]));
export const clientPayload = (data: Record<string, unknown>) => pick(data, Object.keys(clientSchema.shape));
export const detailsPayload = (data: Record<string, unknown>) => pick(data, Object.keys(clientDetailsSchema.shape));

const half = { width: { xs: '100%', sm: 'calc(50% - 8px)' } } as const;
/** Contact fields wide enough to read an email address; the row wraps on narrow screens. */
const contactField = { width: { xs: '100%', sm: 250 } } as const;

/** The company's own fields, which only the provider's staff change. */
export function CompanyInputs({ clientId }: { clientId?: string }) {
  const industries = useDropdown('industries');
  const verticals = useDropdown('verticals', clientId);
  const locations = useDropdown('locations', clientId);
  const salesPersons = useDropdown('salesPersons');
  const managers = useDropdown('relationshipManagers');
  return (
    <>
      <TextInput source="name" fullWidth />
      <Stack direction="row" flexWrap="wrap" columnGap={2} width="100%">
        <SelectInput source="legalType" choices={legalTypeChoices} emptyText="—" sx={half} />
        <SelectInput source="status" choices={statusChoices} sx={half} />
        <SelectInput source="industryId" choices={industries.choices} isPending={industries.isPending} emptyText="—" translateChoice={false} sx={half} />
        <SelectInput source="verticalId" choices={verticals.choices} isPending={verticals.isPending} emptyText="—" translateChoice={false} sx={half} />
        <SelectInput source="zone" choices={zoneChoices} emptyText="—" sx={half} />
        <SelectInput source="locationId" choices={locations.choices} isPending={locations.isPending} emptyText="—" translateChoice={false} sx={half} />
        <TextInput source="gstin" sx={half} helperText="app.clients.gstinHelp" />
        <TextInput source="pan" sx={half} />
        <SelectInput source="salesPersonId" choices={salesPersons.choices} isPending={salesPersons.isPending} emptyText="—" translateChoice={false} sx={half} />
        <SelectInput source="relationshipManagerId" choices={managers.choices} isPending={managers.isPending} emptyText="—" translateChoice={false} sx={half} />
        <NumberInput source="lowCreditThreshold" min={0} max={CLIENT_LIMITS.thresholdMax} step={1} sx={half} helperText="app.clients.thresholdHelp" />
      </Stack>
    </>
  );
}

/** Address and contact details: what a client may change itself at /details. */
export function ContactDetailsInputs({ disabled = false }: { disabled?: boolean }) {
  return (
    <Stack direction="row" flexWrap="wrap" columnGap={2} width="100%">
      <TextInput source="address" multiline fullWidth disabled={disabled} />
      <TextInput source="city" sx={half} disabled={disabled} />
      <TextInput source="state" sx={half} disabled={disabled} />
      <TextInput source="postalCode" sx={half} disabled={disabled} />
      <TextInput source="phone" sx={half} disabled={disabled} />
      <TextInput source="email" type="email" sx={half} disabled={disabled} />
      <TextInput source="website" sx={half} disabled={disabled} />
    </Stack>
  );
}

/** A contact marked primary unmarks the others: one primary, as the server requires. */
function PrimaryInput({ disabled }: { disabled?: boolean }) {
  const { setValue, getValues } = useFormContext();
  const { index } = useSimpleFormIteratorItem();
  return (
    <BooleanInput
      source="isPrimary"
      label="resources.client-contacts.fields.isPrimary"
      disabled={disabled}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        if (!event.target.checked) return;
        const contacts = (getValues('contacts') ?? []) as unknown[];
        contacts.forEach((_, i) => i !== index && setValue(`contacts.${i}.isPrimary`, false, { shouldDirty: true }));
      }}
    />
  );
}

/** The contact persons: name, email, phone, designation, one primary. */
export function ContactsInput({ disabled = false }: { disabled?: boolean }) {
  const contacts = (useWatch({ name: 'contacts' }) ?? []) as unknown[];
  return (
    <ArrayInput source="contacts" label={false}>
      <SimpleFormIterator inline sx={{ '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', columnGap: 2, rowGap: 0 } }} disableReordering disableAdd={disabled || contacts.length >= CLIENT_LIMITS.contactsMax} disableRemove={disabled} disableClear>
        <TextInput source="name" label="resources.client-contacts.fields.name" sx={contactField} disabled={disabled} />
        <TextInput source="email" label="resources.client-contacts.fields.email" sx={contactField} type="email" disabled={disabled} />
        <TextInput source="phone" label="resources.client-contacts.fields.phone" sx={contactField} disabled={disabled} />
        <TextInput source="designation" label="resources.client-contacts.fields.designation" sx={contactField} disabled={disabled} />
        <PrimaryInput disabled={disabled} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

const LOGO_TYPES: readonly string[] = MEDIA_UPLOADS.IMAGE.accept;

/** The logo: an image of at most 1 MB, uploaded through a signed URL; the form keeps its file id. */
export function LogoInput({ disabled = false }: { disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext<ClientRecord>();
  const { field, fieldState } = useInput({ source: 'logoFileId' });
  const api = useApi();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = preview ?? (field.value && field.value === record?.logoFileId ? record?.logoUrl : null) ?? null;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type) || file.size > CLIENT_LIMITS.logoMaxBytes) {
      notify(translateMessage(translate, CLIENT_MESSAGES.logoNotImage), { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const signed = await api.uploadClientLogo(file);
      field.onChange(signed.fileId);
      setPreview(signed.objectUrl);
    } catch (error) {
      notify(translateMessage(translate, toHttpError(error).message), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle2" gutterBottom>
        {translate('resources.clients.fields.logo')}
      </Typography>
      <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
        <Box sx={{ width: 180, height: 50, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'background.default' }}>
          {shown ? (
            <Box component="img" src={shown} alt={translate('app.clients.logoAlt', { name: record?.name ?? '' })} sx={{ maxWidth: 180, maxHeight: 50, objectFit: 'contain' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {translate('app.clients.noLogo')}
            </Typography>
          )}
        </Box>
        {!disabled && (
          <Button component="label" variant="outlined" size="small" startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />} disabled={busy}>
            {translate(shown ? 'app.clients.changeLogo' : 'app.clients.uploadLogo')}
            <input hidden type="file" accept={LOGO_TYPES.join(',')} onChange={choose} aria-label={translate('app.clients.uploadLogo')} />
          </Button>
        )}
        {!disabled && field.value && (
          <Button size="small" onClick={() => (field.onChange(null), setPreview(null))}>
            {translate('app.clients.removeLogo')}
          </Button>
        )}
      </Stack>
      <FormHelperText error={!!fieldState.error}>{fieldState.error ? translate(fieldState.error.message ?? '') : translate('app.clients.logoHelp')}</FormHelperText>
    </Box>
  );
}
