/**
 * The top bar's right side while answering: the time left (not a live region: the thresholds are
 * announced on their own) and the save status, always visible ('Saved', 'Saving…', 'Offline: your
 * answers are kept on this device', and for an answer that is a file 'Uploading video…' or 'A video
 * answer did not upload: try again': never 'Saved' while one is uploading or failed). The answers'
 * queue gives its status; the section's uploads (answerUploads.ts) are read here.
 */
import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudUpload from '@mui/icons-material/CloudUpload';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Timer from '@mui/icons-material/Timer';
import { Box, Typography } from '@mui/material';
import { pageStatus, useUploadSummary, type PageStatus } from './answerUploads';
import { visuallyHidden } from './announcer';
import { useTakeI18n } from './i18n';
import type { SaveStatus } from './queue';
import { formatClock } from './timer';

const ICONS: Record<PageStatus, typeof CloudDone> = { saved: CloudDone, saving: CloudUpload, uploading: CloudUpload, offline: CloudOff, uploadFailed: ErrorOutline };
// What stands out: dark text on amber (offline) or on pink (an upload failed); MUI's warning and
// error colours with white text fall short of 4.5:1.
const TONES: Partial<Record<PageStatus, { bgcolor: string; color: string }>> = { offline: { bgcolor: '#ffe0b2', color: '#4a2600' }, uploadFailed: { bgcolor: '#ffcdd2', color: '#5c0000' } };

export function SaveStatusLine({ status: queueStatus }: { status: SaveStatus }) {
  const { t } = useTakeI18n();
  const status = pageStatus(queueStatus, useUploadSummary());
  const Icon = ICONS[status];
  const tone = TONES[status];
  return (
    <Box
      data-testid="save-status"
      data-status={status}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, bgcolor: tone?.bgcolor ?? 'transparent', color: tone?.color ?? 'inherit', px: tone ? 1 : 0, borderRadius: 1 }}
    >
      <Icon fontSize="small" aria-hidden />
      <Typography component="span" variant="body2">
        {t(`save.${status}`)}
      </Typography>
    </Box>
  );
}

export function TimeLeft({ remaining }: { remaining: number }) {
  const { t } = useTakeI18n();
  const low = remaining <= 60_000;
  return (
    <Box
      role="timer"
      aria-live="off"
      data-testid="time-left"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontVariantNumeric: 'tabular-nums', fontWeight: 700, bgcolor: low ? 'error.main' : 'transparent', px: low ? 1 : 0, borderRadius: 1 }}
    >
      <Timer fontSize="small" aria-hidden />
      <span style={visuallyHidden}>{t('timer.label')}: </span>
      <span>{formatClock(remaining)}</span>
    </Box>
  );
}

export function StatusBar({ remaining, status }: { remaining: number | null; status: SaveStatus }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      {remaining !== null && <TimeLeft remaining={remaining} />}
      <SaveStatusLine status={status} />
    </Box>
  );
}
