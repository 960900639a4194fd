/**
 * A video answer (its own lazy chunk, loaded only by a video question): recorded with
 * MediaRecorder in what the browser supports (WebM in Chromium and Firefox, MP4 in Safari), a
 * countdown to the question's longest length, re-takes within the allowed count, then uploaded by
 * signed ticket with a progress bar and a retry that reuses the ticket (a new ticket would count
 * as another take), and saved as {objectKey}. The upload runs in the section's tracker
 * (answerUploads.ts): the page's status says it is uploading or failed, and a failed one keeps its
 * recording there, so this question offers the retry even after the candidate went elsewhere and back.
 */
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { VIDEO_ANSWER } from '../../domain/assessment';
import type { CandidateVideoQuestion, VideoAnswer as VideoValue } from '../../domain/attemptQuestions';
import type { MediaTicket } from '../../domain/take';
import { formatPercent } from '../../domain/format';
import type { MediaRequest } from '../api';
import { TakeApiError } from '../api';
import { useAnnounce } from '../announcer';
import { useAnswerUploads, useUpload } from '../answerUploads';
import { useTakeI18n } from '../i18n';
import { baseMimeType, uploadToTicket } from '../upload';
import type { AnswerProps } from './types';

/** The recording formats to try, best first. */
export const RECORDING_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'] as const;

/** The first format this browser records, or null when it records none (or has no MediaRecorder). */
export function pickRecordingType(isSupported: (type: string) => boolean = (type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)): string | null {
  return RECORDING_TYPES.find((type) => isSupported(type)) ?? null;
}

export interface VideoAnswerProps extends AnswerProps<VideoValue, CandidateVideoQuestion> {
  stream: MediaStream | null;
  /** Recordings already uploaded or started for this question (the server counts tickets). */
  takesUsed: number;
  media: (request: MediaRequest) => Promise<MediaTicket>;
  onTakeUsed: () => void;
  /** Turns the camera on again when it is off. */
  requestCamera: () => void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'recording'; endsAt: number }
  | { kind: 'uploading'; progress: number }
  | { kind: 'failed'; message: string }
  | { kind: 'done' };

export default function VideoAnswer({ question, value, onChange, labelledBy, stream, takesUsed, media, onTakeUsed, requestCamera }: VideoAnswerProps) {
  const { t, language, serverMessage } = useTakeI18n();
  const announce = useAnnounce();
  const uploads = useAnswerUploads();
  const upload = useUpload(uploads, question.id);
  const [recording, setRecording] = useState<{ endsAt: number } | null>(null);
  const [now, setNow] = useState(Date.now());
  const [recordingUrl, setRecordingUrl] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  // What an upload that ends after this render (or after the question went away) calls.
  const latest = useRef({ onChange, onTakeUsed, media, announce, t });
  useEffect(() => {
    latest.current = { onChange, onTakeUsed, media, announce, t };
  });
  const phase: Phase = recording
    ? { kind: 'recording', endsAt: recording.endsAt }
    : upload?.kind === 'uploading'
      ? { kind: 'uploading', progress: upload.progress }
      : upload?.kind === 'failed'
        ? { kind: 'failed', message: upload.error instanceof TakeApiError && (upload.error.code || upload.error.message) ? serverMessage(upload.error) : t('answers.video.uploadFailed') }
        : { kind: value ? 'done' : 'idle' };
  const progressId = useId();
  const type = pickRecordingType();
  const maxSeconds = question.maxSeconds ?? VIDEO_ANSWER.defaultSeconds;
  const takesAllowed = question.retakes + 1;
  const takesLeft = Math.max(0, takesAllowed - takesUsed);
  const cameraOn = !!stream?.getVideoTracks().some((track) => track.readyState === 'live');

  useEffect(() => {
    if (preview.current && phase.kind === 'recording') preview.current.srcObject = stream;
  }, [phase.kind, stream]);

  useEffect(() => () => {
    if (recordingUrl) URL.revokeObjectURL(recordingUrl);
  }, [recordingUrl]);

  // The countdown: computed from the clock each tick; the recording stops itself at the longest length.
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= recording.endsAt && recorder.current?.state === 'recording') recorder.current.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [recording]);

  // A recording in progress is stopped when the question goes away.
  useEffect(() => () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  /** Uploads a recording in the section's tracker; a retry runs the same work, with the same ticket. */
  const uploadRecording = (blob: Blob, durationMs: number, contentType: string) => {
    let ticket: MediaTicket | null = null;
    void uploads.start(question.id, async (onProgress) => {
      try {
        if (!ticket) {
          ticket = await latest.current.media({ kind: 'VIDEO_ANSWER', questionId: question.id, contentType: contentType as MediaRequest['contentType'], size: blob.size, durationMs });
          latest.current.onTakeUsed();
        }
        await uploadToTicket(ticket, blob, onProgress);
      } catch (error) {
        // An upload URL that lapsed (403) or was refused needs a new ticket.
        if (error instanceof TakeApiError && ticket && error.status >= 400 && error.status < 500) ticket = null;
        throw error;
      }
      latest.current.onChange({ objectKey: ticket.objectKey });
      latest.current.announce(latest.current.t('answers.video.uploaded'));
    });
  };

  const start = () => {
    if (!stream || !type) return;
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    const mediaRecorder = new MediaRecorder(stream, { mimeType: type });
    mediaRecorder.ondataavailable = (event) => {
      if (event.data.size) chunks.push(event.data);
    };
    mediaRecorder.onstop = () => {
      recorder.current = null;
      const blob = new Blob(chunks, { type: baseMimeType(type) });
      setRecordingUrl(URL.createObjectURL(blob));
      setRecording(null);
      uploadRecording(blob, Math.min(Date.now() - startedAt, maxSeconds * 1000), baseMimeType(type));
    };
    recorder.current = mediaRecorder;
    mediaRecorder.start(1000);
    setNow(Date.now());
    setRecording({ endsAt: startedAt + maxSeconds * 1000 });
  };

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  if (!type) return <Alert severity="warning">{t('answers.video.unsupported')}</Alert>;

  const secondsLeft = phase.kind === 'recording' ? Math.max(0, Math.ceil((phase.endsAt - now) / 1000)) : maxSeconds;
  // A failed upload is tried again rather than recorded over (a new recording would be another take).
  const canRecord = phase.kind !== 'recording' && phase.kind !== 'uploading' && phase.kind !== 'failed' && takesLeft > 0;

  return (
    <Box role="group" aria-labelledby={labelledBy}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('answers.video.maxLength', { seconds: maxSeconds })}
      </Typography>
      {!cameraOn && phase.kind !== 'recording' && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={requestCamera}>
              {t('answers.video.cameraOn')}
            </Button>
          }
        >
          {t('answers.video.noCamera')}
        </Alert>
      )}
      {phase.kind === 'recording' && (
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
            <video ref={preview} autoPlay muted playsInline aria-label={t('device.preview')} style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }} />
          </Box>
          <Typography sx={{ mt: 1, fontWeight: 500, color: 'error.main' }}>{t('answers.video.recording', { seconds: secondsLeft })}</Typography>
        </Box>
      )}
      {recordingUrl && phase.kind !== 'recording' && (
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <video src={recordingUrl} controls playsInline aria-label={t('answers.video.yourRecording')} style={{ width: '100%', borderRadius: 8 }} />
        </Box>
      )}
      {phase.kind === 'uploading' && (
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <Typography id={progressId} variant="body2">
            {t('answers.video.uploading', { percent: formatPercent(phase.progress, language) })}
          </Typography>
          <LinearProgress variant="determinate" value={Math.round(phase.progress * 100)} aria-labelledby={progressId} />
        </Box>
      )}
      {phase.kind === 'failed' && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => void uploads.retry(question.id)}>
              {t('answers.video.retry')}
            </Button>
          }
        >
          {phase.message}
        </Alert>
      )}
      {phase.kind === 'done' && value && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('answers.video.uploaded')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {phase.kind === 'recording' ? (
          <Button variant="contained" color="error" onClick={stop}>
            {t('answers.video.stop')}
          </Button>
        ) : (
          <Button variant={value ? 'outlined' : 'contained'} onClick={start} disabled={!canRecord || !cameraOn}>
            {takesUsed > 0 || value ? t('answers.video.retake') : t('answers.video.record')}
          </Button>
        )}
        {phase.kind !== 'recording' && (takesUsed > 0 || value) && (
          <Typography variant="body2" color="text.secondary">
            {takesLeft > 0 ? t('answers.video.takesLeft', { smart_count: takesLeft }) : t('answers.video.noTakesLeft')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
