/** A part's card before it starts: its name, where it is in the flow, how many questions, how long; Start writes its deadline. */
import { Box, Button, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { TakePart, TakeState } from '../domain/take';
import type { TakeApi } from './api';
import { useTakeI18n } from './i18n';
import { TakeLayout } from './Layout';
import { partName } from './parts';
import { ServerAlert } from './ServerAlert';
import { SaveStatusLine } from './StatusBar';
import type { SaveStatus } from './queue';

export function PartIntro({
  part,
  language,
  number,
  count,
  api,
  fullScreen,
  status,
  banner,
  onState,
}: {
  part: TakePart;
  /** The language names are read in. */
  language: string;
  number: number;
  count: number;
  api: TakeApi;
  fullScreen: boolean;
  status: SaveStatus;
  banner?: ReactNode;
  onState: (state: TakeState) => void;
}) {
  const { t } = useTakeI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const name = partName(part, t, language);
  const start = async () => {
    // Full screen needs the click itself, so it is asked for before the request.
    if (fullScreen && !document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => undefined);
    setBusy(true);
    setError(null);
    try {
      onState(await api.startPart(part.id));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <TakeLayout title={name} screen={name} status={<SaveStatusLine status={status} />}>
      {banner}
      <Typography color="text.secondary">{t('parts.sectionOf', { n: number, total: count })}</Typography>
      <Box component="ul" sx={{ pl: 3, my: 2 }}>
        <li>{t('parts.questions', { smart_count: part.questionCount })}</li>
        <li>{part.durationSeconds ? t('parts.time', { minutes: Math.ceil(part.durationSeconds / 60) }) : t('parts.untimed')}</li>
      </Box>
      {part.durationSeconds !== null && <Typography sx={{ mb: 2 }}>{t('parts.timedNote')}</Typography>}
      <ServerAlert error={error} />
      <Button variant="contained" size="large" onClick={start} disabled={busy} sx={{ mt: 2 }}>
        {busy ? t('parts.starting') : t('parts.start')}
      </Button>
    </TakeLayout>
  );
}
