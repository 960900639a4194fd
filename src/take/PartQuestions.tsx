/**
 * A started part: its questions one at a time (Previous, Next, a map of all of them), each answer
 * saved through the device's queue as it is given (typed answers once the typing pauses), the
 * time left counted from the server's clock, and "Finish this section" (always confirmed: a closed
 * section cannot be reopened; the dialog says how many questions are unanswered, and whether a
 * video answer is still uploading or did not upload). Finishing first waits for answers uploading
 * and for the queue to empty (saying so while offline); at zero the page finishes the part itself.
 * The section's uploads (answerUploads.ts) live here: an answer saves only into an open section.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { SAVE_GRACE_MS } from '../domain/attempt';
import { earlierDeadline } from '../domain/attemptClock';
import { validateAnswer, type CandidateAnswer, type CandidateQuestion } from '../domain/attemptQuestions';
import type { TakePart, TakeState } from '../domain/take';
import { NetworkError, TakeApiError, type TakeApi } from './api';
import { AnswerUploads, AnswerUploadsProvider, useUploadSummary } from './answerUploads';
import { useAnnounce } from './announcer';
import { Answer, loadVideoAnswer, SAVE_DELAY_MS } from './answers/Answer';
import { loadCodeEditor } from './answers/CodingAnswer';
import { useTakeI18n } from './i18n';
import { TakeLayout } from './Layout';
import { Loading } from './Loading';
import { partName } from './parts';
import type { SaveQueue, SaveStatus } from './queue';
import { ServerAlert } from './ServerAlert';
import { StatusBar } from './StatusBar';
import { useCountdown } from './timer';

export interface PartQuestionsProps {
  state: TakeState;
  part: TakePart;
  api: TakeApi;
  saves: SaveQueue | null;
  status: SaveStatus;
  stream: MediaStream | null;
  requestCamera: () => void;
  banner?: ReactNode;
  onState: (state: TakeState) => void;
  /** The question on screen, for proctoring events. */
  onQuestion: (questionId: string | undefined) => void;
}

const isAnswered = (question: CandidateQuestion, answer: CandidateAnswer | undefined) => answer !== undefined && validateAnswer(question, answer).ok;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function PartQuestions(props: PartQuestionsProps) {
  const [uploads] = useState(() => new AnswerUploads());
  return (
    <AnswerUploadsProvider value={uploads}>
      <OpenPart {...props} uploads={uploads} />
    </AnswerUploadsProvider>
  );
}

function OpenPart({ state, part, api, saves, status, stream, requestCamera, banner, onState, onQuestion, uploads }: PartQuestionsProps & { uploads: AnswerUploads }) {
  const { t } = useTakeI18n();
  const announce = useAnnounce();
  const current = state.currentPart!;
  const questions = current.questions;
  const contentLanguage = state.invitation.language ?? 'en';
  const [answers, setAnswers] = useState<Record<string, CandidateAnswer>>(current.answers);
  const [takes, setTakes] = useState<Record<string, number>>(current.videoTakes ?? {});
  /** The question shown; questions.length is the part's end (all answered, finish). Null until the device's answers are read. */
  const [index, setIndex] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [finishing, setFinishing] = useState<null | 'saving' | 'closing'>(null);
  const [finishError, setFinishError] = useState<unknown>(null);
  const [timeUp, setTimeUp] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusOnChange = useRef(false);
  const ids = { text: useId(), title: useId() };

  // Answers still on the device (not yet acknowledged) win over the server's on display; the
  // candidate resumes at the first question that has neither.
  useEffect(() => {
    if (!saves || index !== null) return;
    const merged = { ...current.answers };
    for (const [questionId, answer] of saves.localAnswers()) if (questions.some((q) => q.id === questionId)) merged[questionId] = answer;
    setAnswers(merged);
    const first = questions.findIndex((q) => !isAnswered(q, merged[q.id]));
    setIndex(first === -1 ? questions.length : first);
  }, [saves, index, current.answers, questions]);

  // The editor and the recorder come when the part holding them opens (and are kept if the network drops).
  useEffect(() => {
    if (questions.some((q) => q.questionType === 'CODING')) void loadCodeEditor().catch(() => undefined);
    if (questions.some((q) => q.questionType === 'VIDEO')) void loadVideoAnswer().catch(() => undefined);
  }, [questions]);

  // Typed answers wait for a pause; navigating, finishing or leaving sends them at once.
  const typing = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; send: () => void }>());
  const flushTyping = useCallback(() => {
    for (const { timer, send } of typing.current.values()) {
      clearTimeout(timer);
      send();
    }
    typing.current.clear();
  }, []);
  useEffect(() => {
    const onHide = () => document.visibilityState === 'hidden' && flushTyping();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flushTyping);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flushTyping);
      flushTyping();
    };
  }, [flushTyping]);

  /** The latest answer handed to the queue (finishing waits until it is on the device). */
  const lastEnqueued = useRef<Promise<unknown>>(Promise.resolve());
  const answer = (question: CandidateQuestion, value: CandidateAnswer) => {
    setAnswers((all) => ({ ...all, [question.id]: value }));
    const pending = typing.current.get(question.id);
    if (pending) clearTimeout(pending.timer);
    typing.current.delete(question.id);
    const check = validateAnswer(question, value);
    if (!check.ok || !saves) return;
    const send = () => {
      typing.current.delete(question.id);
      lastEnqueued.current = saves.enqueue(question.id, check.answer).catch(() => undefined);
    };
    const delay = SAVE_DELAY_MS[question.questionType];
    if (delay) typing.current.set(question.id, { timer: setTimeout(send, delay), send });
    else send();
  };

  const goTo = (next: number) => {
    flushTyping();
    focusOnChange.current = true;
    setIndex(Math.max(0, Math.min(questions.length, next)));
  };

  const shown = index !== null && index < questions.length ? questions[index] : undefined;
  useEffect(() => {
    onQuestion(shown?.id);
  }, [shown, onQuestion]);
  // Focus follows the question (its heading), so a screen reader starts reading it.
  useEffect(() => {
    if (index === null) return;
    if (focusOnChange.current) heading.current?.focus();
    focusOnChange.current = false;
  }, [index]);

  const unanswered = useMemo(() => questions.filter((q) => !isAnswered(q, answers[q.id])).length, [questions, answers]);

  // An upload that fails is said once: by its own alert when its question is on screen, else here.
  const uploadSummary = useUploadSummary();
  const failedBefore = useRef<readonly string[]>([]);
  useEffect(() => {
    if (uploadSummary.failed.some((id) => !failedBefore.current.includes(id) && id !== shown?.id)) announce(t('save.uploadFailed'));
    failedBefore.current = uploadSummary.failed;
  }, [uploadSummary.failed, shown?.id, announce, t]);

  /**
   * Closes the part: answers still uploading go up and the device's queue is emptied first (while
   * offline the page waits, and says so), then POST finish. At time's end they get until the grace
   * runs out, and a lost network is retried until the part is closed (the server closes it at its
   * deadline anyway). An upload that failed does not hold it up: the dialog said so.
   */
  const finish = async (timeRanOut = false) => {
    flushTyping();
    setConfirming(false);
    setFinishError(null);
    setFinishing('saving');
    const flushed = (async () => {
      await uploads.settled();
      await lastEnqueued.current;
      await saves?.flush();
    })();
    await (timeRanOut ? Promise.race([flushed, sleep(SAVE_GRACE_MS - 10_000)]) : flushed);
    setFinishing('closing');
    for (let attempt = 0; ; attempt++) {
      try {
        onState(await api.finishPart(part.id));
        return;
      } catch (error) {
        // Closed already (time, another device): the state says what comes next.
        if (error instanceof TakeApiError && error.status === 409) {
          onState(await api.state().catch(() => state));
          return;
        }
        if (!timeRanOut || !(error instanceof NetworkError || (error instanceof TakeApiError && error.status >= 500))) {
          setFinishError(error);
          setFinishing(null);
          return;
        }
        await sleep(Math.min(30_000, 2_000 * 2 ** attempt));
      }
    }
  };

  const deadline = earlierDeadline(part.deadline, state.invitation.deadline);
  const remaining = useCountdown({
    deadline,
    offset: () => api.clock.offset,
    onAnnounce: (threshold) => announce(t('timer.announce', { smart_count: Math.round(threshold / 60_000) })),
    onExpired: () => {
      setTimeUp(true);
      announce(t('timer.timeUp'));
      void finish(true);
    },
  });

  const name = partName(part, t, contentLanguage);
  const statusBar = <StatusBar remaining={remaining} status={status} />;
  if (index === null) {
    return (
      <TakeLayout title={name} screen={name} status={statusBar}>
        <Loading inline />
      </TakeLayout>
    );
  }

  const questionMap = (
    <Box component="nav" aria-label={t('question.map')} sx={{ mt: 3 }}>
      <Typography component="h2" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('question.map')}
      </Typography>
      <Box component="ol" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
        {questions.map((q, i) => {
          const done = isAnswered(q, answers[q.id]);
          return (
            <li key={q.id}>
              <Button
                variant={done ? 'contained' : 'outlined'}
                aria-current={i === index ? 'step' : undefined}
                aria-label={t('question.mapItem', { n: i + 1, state: done ? t('question.answered') : t('question.unanswered') })}
                onClick={() => goTo(i)}
                disabled={finishing !== null}
                // The current question is ringed (a shape, not only a colour).
                sx={{ minWidth: 44, px: 0, fontWeight: i === index ? 700 : 400, outline: i === index ? 3 : 0, outlineColor: 'secondary.main', outlineOffset: 2 }}
              >
                {i + 1}
              </Button>
            </li>
          );
        })}
      </Box>
    </Box>
  );

  const finishing_ = finishing && (
    <Alert severity={status === 'offline' ? 'warning' : 'info'} sx={{ mt: 2 }}>
      {finishing === 'saving' ? (status === 'offline' ? t('question.waitingOffline') : t('question.waitingForSaves')) : t('question.finishing')}
    </Alert>
  );

  return (
    <TakeLayout title={name} screen={name} status={statusBar}>
      {banner}
      {timeUp && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('timer.timeUp')}
        </Alert>
      )}
      {shown ? (
        <Box component="section" aria-labelledby={`${ids.text}-heading`}>
          <Typography id={`${ids.text}-heading`} variant="h2" ref={heading} tabIndex={-1} sx={{ mb: 1.5, outline: 'none' }}>
            {t('question.heading', { n: index + 1, total: questions.length })}
          </Typography>
          <Box lang={contentLanguage} id={ids.text} sx={{ mb: 2, overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' }, '& p': { mt: 0 } }}>
            {shown.questionType === 'VIDEO' ? (
              <Typography sx={{ whiteSpace: 'pre-line' }}>{shown.text}</Typography>
            ) : (
              // Question text is rich text, sanitised on the server when it was written.
              <Box dangerouslySetInnerHTML={{ __html: shown.text }} />
            )}
          </Box>
          {shown.questionType !== 'VIDEO' && shown.mediaUrl && shown.mediaType === 'IMAGE' && (
            <Box component="img" src={shown.mediaUrl} alt={t('question.image')} sx={{ maxWidth: '100%', mb: 2, borderRadius: 1 }} />
          )}
          {shown.questionType !== 'VIDEO' && shown.mediaUrl && shown.mediaType === 'VIDEO' && (
            <Box component="video" src={shown.mediaUrl} controls aria-label={t('question.video')} sx={{ maxWidth: '100%', mb: 2, borderRadius: 1 }} />
          )}
          {shown.questionType !== 'VIDEO' && shown.answerTitle && (
            <Typography id={ids.title} lang={contentLanguage} sx={{ fontWeight: 500, mb: 1 }}>
              {shown.answerTitle}
            </Typography>
          )}
          <Box lang={contentLanguage}>
            <Answer
              key={shown.id}
              question={shown}
              value={answers[shown.id]}
              onChange={(value) => answer(shown, value)}
              labelledBy={shown.questionType !== 'VIDEO' && shown.answerTitle ? `${ids.text} ${ids.title}` : ids.text}
              api={api}
              stream={stream}
              takesUsed={takes[shown.id] ?? 0}
              onTakeUsed={() => setTakes((all) => ({ ...all, [shown.id]: (all[shown.id] ?? 0) + 1 }))}
              requestCamera={requestCamera}
            />
          </Box>
        </Box>
      ) : (
        <Box component="section" aria-labelledby={`${ids.text}-end`}>
          <Typography id={`${ids.text}-end`} variant="h2" ref={heading} tabIndex={-1} sx={{ mb: 1.5, outline: 'none' }}>
            {t('question.finish')}
          </Typography>
          <Typography>{unanswered ? t('question.confirmUnanswered', { smart_count: unanswered }) : t('question.allAnswered')}</Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
        <Button variant="outlined" onClick={() => goTo(index - 1)} disabled={index === 0 || finishing !== null}>
          {t('question.previous')}
        </Button>
        {index < questions.length && (
          <Button variant="contained" onClick={() => goTo(index + 1)} disabled={finishing !== null}>
            {t('question.next')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant={index >= questions.length ? 'contained' : 'outlined'}
          onClick={() => setConfirming(true)}
          disabled={finishing !== null}
        >
          {t('question.finish')}
        </Button>
      </Box>
      {finishing_}
      <ServerAlert error={finishError} />
      {questionMap}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${ids.text}-confirm`} aria-describedby={`${ids.text}-confirm-text`}>
        <DialogTitle id={`${ids.text}-confirm`}>{t('question.confirmTitle')}</DialogTitle>
        <DialogContent id={`${ids.text}-confirm-text`}>
          <DialogContentText>{unanswered ? t('question.confirmUnanswered', { smart_count: unanswered }) : t('question.confirmAllAnswered')}</DialogContentText>
          {uploadSummary.failed.length > 0 && (
            <DialogContentText data-testid="confirm-upload" sx={{ mt: 2, fontWeight: 700, color: 'error.dark' }}>
              {t('question.confirmUploadFailed')}
            </DialogContentText>
          )}
          {uploadSummary.uploading > 0 && (
            <DialogContentText data-testid="confirm-upload" sx={{ mt: 2, fontWeight: 700 }}>
              {t('question.confirmUploading')}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {t('question.confirmKeep')}
          </Button>
          <Button variant="contained" onClick={() => void finish()}>
            {t('question.confirmFinish')}
          </Button>
        </DialogActions>
      </Dialog>
    </TakeLayout>
  );
}
