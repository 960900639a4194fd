/**
 * The attempt once started (a lazy chunk): the device's queues and proctoring for the whole
 * attempt, then the part the server says is next: its intro card until it starts, then its
 * questions. Banners for what needs the candidate (a device lost, full screen left) and a short
 * notice for what the candidate should know (a paste blocked, an answer the server refused).
 */
import { Alert, Button, Snackbar } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TakeState } from '../domain/take';
import { TakeApiError, type TakeApi } from './api';
import { useAnnounce } from './announcer';
import { neededDevices } from './devicesNeeded';
import { useTakeI18n } from './i18n';
import { formatDateTime } from '../domain/format';
import { Loading } from './Loading';
import { namesLanguage } from './parts';
import { requestDevices } from './mediaDevices';
import { PartIntro } from './PartIntro';
import { PartQuestions } from './PartQuestions';
import { recordEvent, useProctoring, type ProctoringContext } from './proctoring';
import { useAttemptSession } from './session';
import { MessagePage } from './StatusPages';

export interface RunnerProps {
  api: TakeApi;
  token: string;
  state: TakeState;
  stream: MediaStream | null;
  onState: (state: TakeState) => void;
}

export default function Runner({ api, token, state, stream: checkedStream, onState }: RunnerProps) {
  const { t, serverMessage, language: uiLanguage } = useTakeI18n();
  const announce = useAnnounce();
  const [stream, setStream] = useState(checkedStream);
  const [notice, setNotice] = useState<{ severity: 'error' | 'warning'; text: string } | null>(null);
  const [lostDevice, setLostDevice] = useState<'camera' | 'microphone' | null>(null);
  const [fullscreenLeft, setFullscreenLeft] = useState(false);
  const where = useRef<ProctoringContext>({});
  const { proctoring } = state.assessment;

  const session = useAttemptSession(api, token, (_save, message, error) =>
    setNotice({ severity: 'error', text: t('save.notSaved', { message: serverMessage(error instanceof TakeApiError ? error : { message }) }) }),
  );

  useProctoring({
    settings: proctoring,
    stream,
    events: session.events,
    api,
    where: () => where.current,
    onPasteBlocked: () => setNotice({ severity: 'warning', text: t('proctoring.pasteBlocked') }),
    onDeviceLost: (kind) => setLostDevice(kind),
    onFullscreenLeft: () => setFullscreenLeft(true),
  });

  // The device check that let the candidate in, as evidence (once per page).
  const checkRecorded = useRef(false);
  useEffect(() => {
    if (!session.events || checkRecorded.current) return;
    checkRecorded.current = true;
    recordEvent(session.events, api, 'DEVICE_CHECK_PASSED', {}, { camera: !!stream?.getVideoTracks().length, microphone: !!stream?.getAudioTracks().length });
  }, [session.events, api, stream]);

  // Going offline and coming back are said once, politely.
  const previousStatus = useRef(session.status);
  useEffect(() => {
    if (session.status === 'offline' && previousStatus.current !== 'offline') announce(t('save.offline'));
    if (session.status !== 'offline' && previousStatus.current === 'offline') announce(t('save.backOnline'));
    previousStatus.current = session.status;
  }, [session.status, announce, t]);

  const requestCamera = useCallback(() => {
    requestDevices(neededDevices(state)).then(
      (fresh) => {
        setStream((old) => {
          old?.getTracks().forEach((track) => track.stop());
          return fresh;
        });
        setLostDevice(null);
      },
      () => setNotice({ severity: 'error', text: t('device.errors.other') }),
    );
  }, [state, t]);

  const onQuestion = useCallback((questionId: string | undefined) => {
    where.current = { ...where.current, questionId };
  }, []);

  const position = state.position;
  const partIndex = position.kind === 'DONE' ? -1 : state.parts.findIndex((p) => p.id === position.partId);
  const part = partIndex === -1 ? undefined : state.parts[partIndex];
  useEffect(() => {
    where.current = { ...where.current, partId: part?.id };
  }, [part?.id]);
  useEffect(() => {
    // Every part is over but the attempt is not yet final: the server's state says how it ended.
    if (position.kind === 'DONE') void api.state().then(onState, () => undefined);
  }, [position.kind, api, onState]);

  if (session.error) return <MessagePage title={t('errors.unavailableTitle')} text={t('errors.generic')} onRetry={() => window.location.reload()} />;
  if (position.kind === 'DONE' || !part) return <Loading />;

  const otherDevice = session.otherDevice === undefined ? state.otherDevice : session.otherDevice;
  const banner = (
    <>
      {otherDevice && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="other-device">
          {t('proctoring.otherDevice', { device: otherDevice.device, time: formatDateTime(otherDevice.joinedAt, uiLanguage, { timeStyle: 'short' }) })}
        </Alert>
      )}
      {lostDevice && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={requestCamera}>
              {t('device.retry')}
            </Button>
          }
        >
          {lostDevice === 'camera' ? t('proctoring.cameraLost') : t('proctoring.microphoneLost')}
        </Alert>
      )}
      {proctoring.fullScreenRequired && fullscreenLeft && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              onClick={() => {
                void document.documentElement.requestFullscreen?.().catch(() => undefined);
                setFullscreenLeft(false);
              }}
            >
              {t('proctoring.fullscreenReturn')}
            </Button>
          }
        >
          {t('proctoring.fullscreenNeeded')}
        </Alert>
      )}
    </>
  );

  const open = !position.needsStart && state.currentPart?.id === part.id;
  return (
    <>
      {open ? (
        <PartQuestions
          key={part.id}
          state={state}
          part={part}
          api={api}
          saves={session.saves}
          status={session.status}
          stream={stream}
          requestCamera={requestCamera}
          banner={banner}
          onState={onState}
          onQuestion={onQuestion}
        />
      ) : (
        <PartIntro
          key={part.id}
          part={part}
          language={namesLanguage(state, uiLanguage)}
          number={partIndex + 1}
          count={state.parts.length}
          api={api}
          fullScreen={proctoring.fullScreenRequired}
          status={session.status}
          banner={banner}
          onState={onState}
        />
      )}
      <Snackbar open={notice !== null} autoHideDuration={8000} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        {notice ? (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ width: '100%' }}>
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
