/**
 * The first screen (specification section 2, "Candidate instructions"): the assessment's name and
 * what it holds, about how long it takes, the browsers, the camera and microphone, resuming by
 * reopening the link, and plainly what is recorded.
 */
import { Box, Button, Typography } from '@mui/material';
import type { TakeState } from '../domain/take';
import { formatDateTime } from '../domain/format';
import { useTakeI18n } from './i18n';
import { TakeLayout } from './Layout';
import { nameFor, namesLanguage } from './parts';

function Bullets({ items }: { items: string[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 0 }}>
      {items.map((text) => (
        <Box component="li" key={text} sx={{ py: 0.5 }}>
          {text}
        </Box>
      ))}
    </Box>
  );
}

export function Instructions({ state, onContinue }: { state: TakeState; onContinue: () => void }) {
  const { t, language, setLanguage } = useTakeI18n();
  const { assessment, invitation } = state;
  const named = nameFor(assessment.names, namesLanguage(state, language));
  const { proctoring } = assessment;

  const holds = [t('instructions.holdsTests')];
  if (assessment.hasCoding) holds.push(t('instructions.holdsCoding'));
  if (assessment.hasVideo) holds.push(t('instructions.holdsVideo'));
  if (assessment.totalTimeSeconds) holds.push(t('instructions.totalTime', { minutes: Math.ceil(assessment.totalTimeSeconds / 60) }));

  const devices = proctoring.cameraRequired && proctoring.microphoneRequired
    ? t('instructions.devices')
    : proctoring.cameraRequired
      ? t('instructions.cameraOnly')
      : proctoring.microphoneRequired
        ? t('instructions.microphoneOnly')
        : null;
  const before = [
    t('instructions.time', { minutes: Math.max(1, assessment.estimatedMinutes) }),
    t('instructions.browser'),
    ...(devices ? [devices] : []),
    t('instructions.resume'),
  ];
  if (invitation.expiresAt) before.push(t('instructions.expires', { date: formatDateTime(invitation.expiresAt, language) }));

  const recorded: string[] = [];
  if (proctoring.cameraRequired && proctoring.snapshotIntervalSeconds) recorded.push(t('instructions.recordSnapshots', { seconds: proctoring.snapshotIntervalSeconds }));
  if (assessment.hasVideo) recorded.push(t('instructions.recordVideo'));
  recorded.push(t('instructions.recordTab'));
  if (proctoring.fullScreenRequired) recorded.push(t('instructions.recordFullscreen'));
  recorded.push(proctoring.pasteAllowed ? t('instructions.recordPaste') : t('instructions.recordPasteBlocked'));
  if (proctoring.cameraRequired || proctoring.microphoneRequired) recorded.push(t('instructions.recordDevices'));

  return (
    <TakeLayout title={named.name} screen={t('instructions.screen')} titleLanguage={named.language}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>{t('instructions.greeting', { name: invitation.candidateName })}</Typography>
        <Button lang={language === 'hi' ? 'en' : 'hi'} onClick={() => setLanguage(language === 'hi' ? 'en' : 'hi')}>
          {t('app.viewIn')}
        </Button>
      </Box>
      <Typography sx={{ mt: 1 }}>{t(invitation.entryType === 'INVITE' ? 'instructions.invited' : 'instructions.selfStarted')}</Typography>
      {named.description && (
        <Typography lang={named.language} sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {named.description}
        </Typography>
      )}
      <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
        {t('instructions.holds')}
      </Typography>
      <Bullets items={holds} />
      <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
        {t('instructions.before')}
      </Typography>
      <Bullets items={before} />
      <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
        {t('instructions.recorded')}
      </Typography>
      <Bullets items={recorded} />
      <Typography sx={{ mt: 1 }} color="text.secondary">
        {t('instructions.evidence')}
      </Typography>
      <Box sx={{ mt: 4 }}>
        <Button variant="contained" size="large" onClick={onContinue} fullWidth sx={{ maxWidth: { sm: 320 } }}>
          {t('instructions.continue')}
        </Button>
      </Box>
    </TakeLayout>
  );
}
