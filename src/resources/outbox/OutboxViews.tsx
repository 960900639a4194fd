import { Chip } from '@mui/material';
import { SearchInput, SelectInput, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateField, NumberField } from '../shared/fields';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';

const STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;

function StatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ status: (typeof STATUSES)[number] }>();
  const translate = useTranslate();
  if (!record) return null;
  const color = record.status === 'sent' ? 'success' : record.status === 'failed' ? 'error' : 'default';
  return <Chip size="small" color={color} label={translate(`app.enums.outboxStatus.${record.status}`)} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUSES.map((id) => ({ id, name: `app.enums.outboxStatus.${id}` }))} />,
];

/** Every mail the product queued, newest first (admins only). */
export const OutboxList = () => (
  <ResponsiveList filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={20} exporter={false}>
    <ResponsiveDatagrid<{ id: string; subject: string; toAddress: string }>
      rowClick="show"
      bulkActionButtons={false}
      phone={{
        primaryText: (r) => r.subject,
        secondaryText: (r) => (
          <>
            {r.toAddress} · <DateField source="createdAt" showTime />
          </>
        ),
        tertiaryText: () => <StatusField />,
      }}
    >
      <DateField source="createdAt" showTime />
      <TextField source="toAddress" />
      <TextField source="subject" />
      <StatusField source="status" />
    </ResponsiveDatagrid>
  </ResponsiveList>
);

export const OutboxShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="toAddress" />
      <TextField source="subject" />
      <StatusField source="status" />
      <TextField source="textBody" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
      <NumberField source="attempts" />
      <TextField source="lastError" />
      <DateField source="createdAt" showTime />
      <DateField source="sentAt" showTime />
    </SimpleShowLayout>
  </Show>
);
