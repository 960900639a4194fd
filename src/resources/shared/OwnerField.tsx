import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** Who owns a record that may be shared: "All clients", or the owning client's name. */
export function OwnerField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ clientId?: string | null; clientName?: string | null }>();
  const translate = useTranslate();
  if (!record) return null;
  return record.clientId ? <Chip size="small" label={record.clientName ?? '—'} /> : <Chip size="small" variant="outlined" label={translate('app.enums.shared')} />;
}
