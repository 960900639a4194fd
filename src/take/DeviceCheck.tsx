/**
 * The device check: asks for the camera and microphone the assessment needs (only those), shows
 * a live preview and a microphone level meter (Web Audio AnalyserNode), and says plainly what
 * went wrong: permission refused, no device, device in use, a page that is not secure. The
 * working stream is handed to the attempt (snapshots, video answers, lost-device events).
 */
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { canAskForDevices, deviceProblem, requestDevices, streamWorks, type DeviceProblem } from './mediaDevices';
import { useTakeI18n } from './i18n';
import { TakeLayout } from './Layout';
import { ServerAlert } from './ServerAlert';

/** The microphone's loudness, 0 to 100, sampled about ten times a second. */
function useMicrophoneLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || !stream.getAudioTracks().length) return;
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.02–0.3 RMS: scaled so a normal voice fills about half the bar.
      setLevel(Math.min(100, Math.round(rms * 400)));
    }, 100);
    void context.resume?.().catch(() => undefined);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream]);
  return level;
}

export interface DeviceCheckProps {
  camera: boolean;
  microphone: boolean;
  /** A started attempt reopened: the devices are turned on again before going on. */
  resuming: boolean;
  /** The start request is on its way. */
  busy: boolean;
  /** Why the start failed, if it did. */
  error: unknown;
  onReady: (stream: MediaStream | null) => void;
}

export default function DeviceCheck({ camera, microphone, resuming, busy, error, onReady }: DeviceCheckProps) {
  const { t } = useTakeI18n();
  const needs = { camera, microphone };
  const needsAny = camera || microphone;
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<DeviceProblem | null>(null);
  const [asking, setAsking] = useState(false);
  const handedOver = useRef(false);
  const video = useRef<HTMLVideoElement>(null);
  const level = useMicrophoneLevel(stream);
  const levelId = useId();

  const ask = useCallback(() => {
    if (!needsAny) return;
    if (!canAskForDevices()) {
      setProblem('insecure');
      return;
    }
    setAsking(true);
    setProblem(null);
    requestDevices({ camera, microphone }).then(
      (got) => {
        setStream((previous) => {
          previous?.getTracks().forEach((track) => track.stop());
          return got;
        });
        setAsking(false);
      },
      (failure) => {
        setProblem(deviceProblem(failure));
        setAsking(false);
      },
    );
  }, [camera, microphone, needsAny]);

  useEffect(ask, [ask]);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  // A stream the candidate did not take into the assessment is turned off.
  useEffect(
    () => () => {
      if (!handedOver.current) stream?.getTracks().forEach((track) => track.stop());
    },
    [stream],
  );

  const works = streamWorks(stream, needs);
  const heading = camera && microphone ? t('device.heading') : camera ? t('device.headingCamera') : microphone ? t('device.headingMicrophone') : t('device.screen');
  const allowLabel = camera && microphone ? t('device.allow') : camera ? t('device.allowCamera') : t('device.allowMicrophone');

  return (
    <TakeLayout title={heading} screen={t('device.screen')}>
      {resuming && <Typography sx={{ mb: 2 }}>{t('device.welcomeBack')}</Typography>}
      {!needsAny && <Typography>{t('device.noDevicesNeeded')}</Typography>}
      {needsAny && !works && !problem && <Typography sx={{ mb: 2 }}>{t('device.intro')}</Typography>}
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(`device.errors.${problem}`)}
        </Alert>
      )}
      {camera && (
        <Box
          sx={{ width: '100%', maxWidth: 360, aspectRatio: '4 / 3', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden', mb: 2, display: stream ? 'block' : 'none' }}
        >
          <video ref={video} autoPlay muted playsInline aria-label={t('device.preview')} style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }} />
        </Box>
      )}
      {microphone && stream && (
        <Box sx={{ maxWidth: 360, mb: 2 }}>
          <Typography id={levelId} variant="body2" sx={{ mb: 0.5 }}>
            {t('device.level')}
          </Typography>
          <LinearProgress variant="determinate" value={level} aria-labelledby={levelId} sx={{ height: 10, borderRadius: 5 }} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('device.speak')}
          </Typography>
        </Box>
      )}
      {needsAny && works && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('device.working')}
        </Alert>
      )}
      <ServerAlert error={error} />
      <Box sx={{ mt: 3, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {needsAny && !works && (
          <Button variant={problem ? 'contained' : 'outlined'} size="large" onClick={ask} disabled={asking || problem === 'insecure'}>
            {problem ? t('device.retry') : allowLabel}
          </Button>
        )}
        <Button
          variant="contained"
          size="large"
          disabled={!works || busy}
          onClick={() => {
            handedOver.current = true;
            onReady(stream);
          }}
        >
          {busy ? t('device.starting') : resuming ? t('device.continue') : t('device.start')}
        </Button>
      </Box>
    </TakeLayout>
  );
}
