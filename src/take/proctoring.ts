/**
 * Proctoring, only as the assessment's settings say (DESIGN.md section 6: evidence, not a
 * verdict): the tab hidden and shown, the window left and back, full screen left (when required),
 * paste (blocked when not allowed, and the candidate told why), the camera or microphone lost,
 * going offline and back; each event kept in the device's queue and sent in batches. Webcam
 * snapshots at the assessment's interval, uploaded by signed ticket.
 */
import { useEffect, useRef } from 'react';
import type { ProctoringSettings } from '../domain/assessment';
import type { ProctoringEventType } from '../domain/take';
import type { TakeApi } from './api';
import type { EventQueue } from './queue';
import { uploadToTicket } from './upload';

/** A missed snapshot (offline, the camera not ready, the upload failed) is tried again this soon. */
const SNAPSHOT_RETRY_MS = 5_000;

export interface ProctoringContext {
  partId?: string;
  questionId?: string;
}

export interface ProctoringOptions {
  settings: ProctoringSettings;
  stream: MediaStream | null;
  events: EventQueue | null;
  api: TakeApi;
  /** The part and question on screen, read when an event happens. */
  where: () => ProctoringContext;
  onPasteBlocked: () => void;
  onDeviceLost: (kind: 'camera' | 'microphone') => void;
  onFullscreenLeft: () => void;
}

/** Records an event with the server's time as the page reckons it. */
export function recordEvent(events: EventQueue | null, api: TakeApi, type: ProctoringEventType, where: ProctoringContext, detail?: Record<string, string | number | boolean>) {
  void events?.record({ type, occurredAt: Math.round(api.clock.now()), ...where, ...(detail ? { detail } : {}) }).catch(() => undefined);
}

/** A JPEG of the camera's current frame, or null when the camera shows nothing yet. */
export async function snapshotOf(video: HTMLVideoElement, maxWidth = 480): Promise<Blob | null> {
  if (!video.videoWidth || !video.videoHeight) return null;
  const scale = Math.min(1, maxWidth / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
}

export function useProctoring(options: ProctoringOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { settings, stream, events, api } = options;

  // Page and window events.
  useEffect(() => {
    const record = (type: ProctoringEventType, detail?: Record<string, string | number | boolean>) =>
      recordEvent(latest.current.events, latest.current.api, type, latest.current.where(), detail);
    const onVisibility = () => record(document.visibilityState === 'hidden' ? 'TAB_HIDDEN' : 'TAB_VISIBLE');
    const onBlur = () => record('WINDOW_BLUR');
    const onFocus = () => record('WINDOW_FOCUS');
    const onOnline = () => record('ONLINE');
    const onOffline = () => record('OFFLINE');
    const onFullscreen = () => {
      if (!settings.fullScreenRequired) return;
      if (document.fullscreenElement) record('FULLSCREEN_ENTER');
      else {
        record('FULLSCREEN_EXIT');
        latest.current.onFullscreenLeft();
      }
    };
    // Capture, on the window: before the editor or a text field sees the paste.
    const onPaste = (event: ClipboardEvent) => {
      const length = event.clipboardData?.getData('text')?.length ?? 0;
      record('PASTE', { blocked: !settings.pasteAllowed, length });
      if (!settings.pasteAllowed) {
        event.preventDefault();
        event.stopImmediatePropagation();
        latest.current.onPasteBlocked();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('fullscreenchange', onFullscreen);
    window.addEventListener('paste', onPaste, true);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('fullscreenchange', onFullscreen);
      window.removeEventListener('paste', onPaste, true);
    };
  }, [settings.fullScreenRequired, settings.pasteAllowed]);

  // A device that stops (unplugged, taken by another app, permission withdrawn).
  useEffect(() => {
    if (!stream) return;
    const cleanups = stream.getTracks().map((track) => {
      const onEnded = () => {
        const camera = track.kind === 'video';
        recordEvent(latest.current.events, latest.current.api, camera ? 'CAMERA_LOST' : 'MICROPHONE_LOST', latest.current.where(), { label: track.label.slice(0, 200) });
        latest.current.onDeviceLost(camera ? 'camera' : 'microphone');
      };
      track.addEventListener('ended', onEnded);
      return () => track.removeEventListener('ended', onEnded);
    });
    return () => cleanups.forEach((c) => c());
  }, [stream]);

  // Snapshots: a first one as soon as the camera shows a frame (on every page load, so a reload or
  // a short attempt still has one), then at the interval; one missed is tried again soon rather
  // than an interval later.
  useEffect(() => {
    const interval = settings.snapshotIntervalSeconds;
    if (!settings.cameraRequired || !interval || !stream?.getVideoTracks().length) return;
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    let stopped = false;
    let started = false;
    let timer: ReturnType<typeof setTimeout>;
    const take = async (): Promise<boolean> => {
      if (!navigator.onLine || !stream.getVideoTracks().some((t) => t.readyState === 'live')) return false;
      try {
        const blob = await snapshotOf(video);
        if (!blob) return false;
        const ticket = await api.media({ kind: 'SNAPSHOT', contentType: 'image/jpeg', size: blob.size });
        await uploadToTicket(ticket, blob);
        return true;
      } catch {
        return false;
      }
    };
    const next = async () => {
      const taken = await take();
      if (!stopped) timer = setTimeout(next, taken ? interval * 1000 : SNAPSHOT_RETRY_MS);
    };
    const start = () => {
      if (stopped || started) return;
      started = true;
      clearTimeout(timer);
      void next();
    };
    video.addEventListener('loadeddata', start, { once: true });
    timer = setTimeout(start, SNAPSHOT_RETRY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      video.removeEventListener('loadeddata', start);
      video.srcObject = null;
    };
  }, [api, settings.cameraRequired, settings.snapshotIntervalSeconds, stream]);

  return { record: (type: ProctoringEventType, detail?: Record<string, string | number | boolean>) => recordEvent(events, api, type, latest.current.where(), detail) };
}
