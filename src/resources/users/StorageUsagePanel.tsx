/**
 * Beside the Users list, for administrators: how much each account and each client stores of its
 * upload quota (GET /api/storage-usage), largest first.
 */
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { z } from 'zod';
import type { storageUsageSchema } from '../../domain/serviceAnswers';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { useApi } from '../../providers/useApi';

/** GET /api/storage-usage */
export type Usage = z.input<typeof storageUsageSchema>;

/** Rows shown per section: the largest users of space. */
const SHOWN = 8;

const UNITS = [
  [1024 ** 3, 'gigabyte'],
  [1024 ** 2, 'megabyte'],
  [1024, 'kilobyte'],
] as const;

/** "1.5 GB", "300 MB" in the interface language. */
function useBytes() {
  const { number } = useFormat();
  return (bytes: number) => {
    const [size, unit] = UNITS.find(([s]) => bytes >= s) ?? UNITS[2];
    return number(bytes / size, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
  };
}

export function StorageUsagePanel() {
  const profile = useProfile();
  if (profile?.role !== 'ADMIN') return null;
  return <StorageUsage />;
}

function StorageUsage() {
  const translate = useTranslate();
  const bytes = useBytes();
  const api = useApi();
  const usage = useQuery({ queryKey: ['storage-usage'], queryFn: () => api.getStorageUsage() });
  return (
    <Card component="section" aria-labelledby="storage-usage-title" sx={{ display: { xs: 'none', md: 'block' }, ml: 2, width: 300, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography id="storage-usage-title" variant="h6" component="h2">
          {translate('app.storage.title')}
        </Typography>
        {usage.isError && <Alert severity="error">{translate('app.storage.loadFailed')}</Alert>}
        {usage.isPending && <LinearProgress aria-label={translate('app.storage.title')} />}
        {usage.data && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.storage.quotas', { user: bytes(usage.data.quotas.userBytes), client: bytes(usage.data.quotas.clientBytes) })}
            </Typography>
            {!usage.data.users.length && <Typography variant="body2">{translate('app.storage.nothingYet')}</Typography>}
            {!!usage.data.users.length && (
              <UsageRows
                title={translate('app.storage.accounts')}
                quota={usage.data.quotas.userBytes}
                rows={usage.data.users.map((u) => ({ id: u.id, label: u.name, detail: u.clientName ? `${u.email} · ${u.clientName}` : u.email, bytes: u.bytes, files: u.files }))}
              />
            )}
            {!!usage.data.clients.length && (
              <UsageRows
                title={translate('app.storage.clients')}
                quota={usage.data.quotas.clientBytes}
                rows={usage.data.clients.map((c) => ({ id: c.id, label: c.name, bytes: c.bytes, files: c.files }))}
              />
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

interface UsageRow {
  id: string;
  label: string;
  detail?: string;
  bytes: number;
  files: number;
}

function UsageRows({ title, quota, rows }: { title: string; quota: number; rows: UsageRow[] }) {
  const translate = useTranslate();
  const bytes = useBytes();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.slice(0, SHOWN).map((row) => {
          const used = translate('app.storage.used', { used: bytes(row.bytes), quota: bytes(quota), smart_count: row.files });
          return (
            <Box component="li" key={row.id} data-testid={`storage-${row.id}`}>
              <Typography variant="body2" noWrap title={row.detail}>
                {row.label}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, (row.bytes / quota) * 100)}
                color={row.bytes >= quota * 0.9 ? 'warning' : 'primary'}
                aria-label={`${row.label}: ${used}`}
              />
              <Typography variant="caption" color="text.secondary">
                {used}
              </Typography>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
