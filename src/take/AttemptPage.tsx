/**
 * `/take/:token`: loads the attempt's state and leads the candidate through it. Before the start:
 * instructions → language → device check → start. Once started: the device check again after a
 * reload (the camera must be on), then the parts (a lazy chunk). A final status shows its end page.
 */
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { TakeState } from '../domain/take';
import { ServerClock, takeApi } from './api';
import { neededDevices } from './devicesNeeded';
import { uiLanguageFor, useTakeI18n } from './i18n';
import { Instructions } from './Instructions';
import { lazyScreen } from './lazyScreen';
import { Loading } from './Loading';
import { nameFor } from './parts';
import { DisqualifiedPage, ExpiredPage, LoadErrorPage, ThankYouPage } from './StatusPages';

const { Screen: LanguageChoice, preload: loadLanguageChoice } = lazyScreen(() => import('./LanguageChoice'));
const { Screen: DeviceCheck, preload: loadDeviceCheck } = lazyScreen(() => import('./DeviceCheck'));
const { Screen: Runner, preload: loadRunner } = lazyScreen(() => import('./Runner'));

type Step = 'instructions' | 'language' | 'devices';

export function AttemptPage({ token }: { token: string }) {
  const clock = useMemo(() => new ServerClock(), []);
  const api = useMemo(() => takeApi(token, clock), [token, clock]);
  const { language, setLanguage: setUiLanguage } = useTakeI18n();
  const [state, setState] = useState<TakeState | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [step, setStep] = useState<Step>('instructions');
  const [contentLanguage, setContentLanguage] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devicesReady, setDevicesReady] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);

  const load = useCallback(() => {
    setLoadError(null);
    api.state().then(
      (loaded) => {
        setState(loaded);
        // A reopened link shows the interface in the language the attempt was started in.
        if (loaded.invitation.language && loaded.assessment.languages.length > 1) setUiLanguage(uiLanguageFor(loaded.invitation.language));
      },
      setLoadError,
    );
  }, [api, setUiLanguage]);
  useEffect(load, [load]);

  // The next screens' code, fetched while the candidate reads (and kept if the network drops later).
  useEffect(() => {
    if (!state || state.invitation.status === 'COMPLETED') return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500));
    idle(() => {
      void loadLanguageChoice().catch(() => undefined);
      void loadDeviceCheck().catch(() => undefined);
      void loadRunner().catch(() => undefined);
    });
  }, [state]);

  const begin = async (handed: MediaStream | null) => {
    if (!state) return;
    setStream(handed);
    setDevicesReady(true);
    if (state.invitation.status !== 'PENDING') return;
    setStarting(true);
    setStartError(null);
    // Full screen needs the click that started it, so it is asked for before the request.
    if (state.assessment.proctoring.fullScreenRequired) void document.documentElement.requestFullscreen?.().catch(() => undefined);
    try {
      setState(await api.start(contentLanguage ?? state.invitation.language ?? state.assessment.languages[0] ?? 'en'));
    } catch (error) {
      setDevicesReady(false);
      setStartError(error);
    } finally {
      setStarting(false);
    }
  };

  if (loadError) return <LoadErrorPage error={loadError} onRetry={load} />;
  if (!state) return <Loading />;

  switch (state.invitation.status) {
    case 'COMPLETED':
      return <ThankYouPage />;
    case 'DISQUALIFIED':
      return <DisqualifiedPage />;
    case 'EXPIRED':
      return <ExpiredPage />;
  }

  const devices = neededDevices(state);
  if (state.invitation.status === 'PENDING' && step === 'instructions') {
    return <Instructions state={state} onContinue={() => setStep(state.assessment.languages.length > 1 ? 'language' : 'devices')} />;
  }
  if (state.invitation.status === 'PENDING' && step === 'language') {
    return (
      <Suspense fallback={<Loading />}>
        <LanguageChoice
          name={nameFor(state.assessment.names, language).name}
          languages={state.assessment.languages}
          initial={contentLanguage}
          onBack={() => setStep('instructions')}
          onChosen={(chosen) => {
            setContentLanguage(chosen);
            setStep('devices');
          }}
        />
      </Suspense>
    );
  }
  if (state.invitation.status === 'PENDING' || !devicesReady) {
    return (
      <Suspense fallback={<Loading />}>
        <DeviceCheck
          camera={devices.camera}
          microphone={devices.microphone}
          resuming={state.invitation.status === 'IN_PROGRESS'}
          busy={starting}
          error={startError}
          onReady={begin}
        />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <Runner api={api} token={token} state={state} stream={stream} onState={setState} />
    </Suspense>
  );
}
