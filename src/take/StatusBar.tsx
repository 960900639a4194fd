/**
 * The top bar's right side while answering: the time left (not a live region: the thresholds are
 * announced on their own) and the save status, always visible ('Saved', 'Saving…', 'Offline: your
 * answers are kept on this device').
 */
import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Timer from '@mui/icons-material/Timer';
import { Box, Typography } from '@mui/material';
import { visuallyHidden } from './announcer';
import { useTakeI18n } from './i18n';
import type { SaveStatus } from './queue';
import { formatClock } from './timer';

export function SaveStatusLine({ status }: { status: SaveStatus }) {
  const { t } = useTakeI18n();
  const Icon = status === 'saved' ? CloudDone : status === 'saving' ? CloudUpload : CloudOff;
  return (
    <Box
      data-testid="save-status"
      data-status={status}
      // Offline stands out: dark text on amber (MUI's warning colours with white text fall short of 4.5:1).
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, bgcolor: status === 'offline' ? '#ffe0b2' : 'transparent', color: status === 'offline' ? '#4a2600' : 'inherit', px: status === 'offline' ? 1 : 0, borderRadius: 1 }}
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
