/**
 * The report's Activity tab (`/candidate-details/:id`, an invitation's id): the attempt as it
 * stands. Who and what, the progress of each part, the answers given so far, video answers to
 * play, snapshots, the proctoring events and the attempt's timeline. The report page names the
 * screen (its <Title>), so this tab has none of its own.
 */
import { Alert, Box, Button, LinearProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { PROGRAMMING_LANGUAGES } from '../../domain/content';
import { useFormat } from '../../i18n/useFormat';
import { useApi } from '../../providers/useApi';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { ASSESSMENT_PATHS } from '../assessments/api';
import { SummaryList } from '../shared/SummaryList';
import { CANDIDATE_PATHS, type TestResult } from './api';
import { QueryState } from '../shared/QueryState';
import { InvitationActions } from './InvitationActions';
import { InvitationStatusChip, OnlineDot } from './InvitationStatus';

type Translate = ReturnType<typeof useTranslate>;

/** Answers shown before "Show all": a long attempt stays quick to open. */
const ANSWERS_SHOWN_FIRST = 50;

/** A stored answer in words: the options chosen (in order), the text written, the code and its language. */
export function answerText(answer: unknown, translate: Translate): string {
  if (answer === null || answer === undefined) return '—';
  if (typeof answer !== 'object') return String(answer);
  const a = answer as Record<string, unknown>;
  if (Array.isArray(a.answerIndexes)) return a.answerIndexes.map((i) => translate('app.questionReports.answerNumber', { n: Number(i) + 1 })).join(', ');
  if (typeof a.text === 'string') return a.text;
  if (typeof a.source === 'string') {
    const language = PROGRAMMING_LANGUAGES[a.languageId as keyof typeof PROGRAMMING_LANGUAGES] ?? String(a.languageId);
    return `${language}:\n${a.source}`;
  }
  if (typeof a.objectKey === 'string') return translate('app.attempt.videoAnswer');
  return JSON.stringify(answer);
}

/** A part's name: the test's own, or what the part holds. */
const partTitle = (part: { kind: string; title: string | null }, translate: Translate) => part.title ?? translate(`app.attempt.parts.${part.kind}`);

/** A proctoring event or timeline step in words; the code itself for one this screen does not know. */
const known = (translate: Translate, key: string, fallback: string) => {
  const text = translate(key, { _: '' });
  return text || fallback;
};

export default function AttemptPage() {
  const api = useApi();
  const { id = '' } = useParams();
  const result = useQuery({ queryKey: ['test-result', id], queryFn: () => api.getTestResult(id), retry: retryUnlessAnswered });
  return <QueryState query={result}>{(data) => <Attempt result={data} />}</QueryState>;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Attempt({ result }: { result: TestResult }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.attempt.${key}`, options);
  const { dateTime, languageName } = useFormat();
  const queryClient = useQueryClient();
  const { invitation, candidate, assessment } = result;
  const when = (iso: string | null) => (iso ? dateTime(iso) : '—');
  const extra = invitation.extraTime
    ? 'percent' in invitation.extraTime
      ? t('extraPercent', { percent: invitation.extraTime.percent })
      : t('extraMinutes', { smart_count: invitation.extraTime.minutes })
    : '—';
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['test-result', invitation.id] });
  const videos = result.media.filter((m) => m.kind === 'VIDEO_ANSWER');
  const snapshots = result.media.filter((m) => m.kind === 'SNAPSHOT');
  const titleOf = (questionId: string | null) => result.answers.find((a) => a.questionId === questionId)?.title ?? '';

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, pt: 1 }}>
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              <MuiLink component={Link} to={CANDIDATE_PATHS.person(candidate.id)} underline="hover" color="inherit">
                {candidate.name}
              </MuiLink>
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[candidate.email, candidate.phone].filter(Boolean).join(' · ')}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <InvitationStatusChip row={invitation} />
              <OnlineDot online={invitation.online} />
            </Stack>
          </Box>
          <InvitationActions row={{ ...invitation, candidateName: candidate.name, candidateEmail: candidate.email }} onDone={refresh} />
        </Stack>
        <Box sx={{ mt: 2 }}>
          <SummaryList
            rows={[
              [
                t('assessment'),
                <MuiLink key="a" component={Link} to={ASSESSMENT_PATHS.view(assessment.id)}>
                  {assessment.name}
                </MuiLink>,
              ],
              [t('entryType'), translate(`app.enums.entryType.${invitation.entryType}`)],
              [t('language'), invitation.language ? languageName(invitation.language) : '—'],
              [t('invitedAt'), when(invitation.invitedAt)],
              [t('startedAt'), when(invitation.startedAt)],
              [t('completedAt'), when(invitation.completedAt)],
              [t('expiresAt'), when(invitation.expiresAt)],
              [t('extraTime'), extra],
            ]}
          />
        </Box>
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('scoresLater')}
        </Alert>
      </Paper>
      <Section id="attempt-progress" title={t('progress')}>
        <Progress result={result} />
      </Section>
      <Section id="attempt-answers" title={t('answers')}>
        <Answers result={result} />
      </Section>
      <Section id="attempt-videos" title={t('videos')}>
        {videos.length === 0 ? (
          <Typography color="text.secondary">{t('noVideos')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {videos.map((video) => (
              <Box component="figure" key={video.id} sx={{ m: 0 }}>
                {video.url ? (
                  <Box component="video" controls preload="metadata" src={video.url} sx={{ width: '100%', maxHeight: 360, bgcolor: 'common.black', borderRadius: 1 }} />
                ) : (
                  <Alert severity="warning">{t('notUploaded')}</Alert>
                )}
                <Typography component="figcaption" variant="body2" sx={{ mt: 0.5 }}>
                  {titleOf(video.questionId) || t('videoAnswer')} · {when(video.takenAt)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
      <Section id="attempt-snapshots" title={t('snapshots')}>
        {snapshots.length === 0 ? (
          <Typography color="text.secondary">{t('noSnapshots')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
            {snapshots.map((shot) => (
              <Box component="li" key={shot.id}>
                {shot.url ? (
                  <a href={shot.url} target="_blank" rel="noreferrer">
                    <Box component="img" src={shot.url} loading="lazy" alt={t('snapshotAt', { time: when(shot.takenAt) })} sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block' }} />
                  </a>
                ) : (
                  <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'grey.100', borderRadius: 1, display: 'grid', placeItems: 'center', p: 1 }}>
                    <Typography variant="caption" color="text.secondary">
                      {t('notUploaded')}
                    </Typography>
                  </Box>
                )}
                <Typography variant="caption" color="text.secondary">
                  {when(shot.takenAt)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
      <Section id="attempt-events" title={t('events')}>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('eventsNote')}
        </Typography>
        {result.events.length === 0 ? (
          <Typography color="text.secondary">{t('noEvents')}</Typography>
        ) : (
          <Timeline
            items={result.events.map((e) => ({
              at: e.occurredAt,
              what: known(translate, `app.enums.proctoringEvent.${e.type}`, e.type),
              where: e.partId ? partTitle(result.parts.find((p) => p.partId === e.partId) ?? { kind: '', title: e.partId }, translate) : null,
            }))}
          />
        )}
      </Section>
      <Section id="attempt-timeline" title={t('timeline')}>
        {result.timeline.length === 0 ? (
          <Typography color="text.secondary">—</Typography>
        ) : (
          <Timeline
            items={result.timeline.map((step) => {
              const part = step.partId ? result.parts.find((p) => p.partId === step.partId) : undefined;
              return { at: step.at, what: known(translate, `app.attempt.steps.${step.what}`, step.what), where: part ? partTitle(part, translate) : null };
            })}
          />
        )}
      </Section>
    </Stack>
  );
}


function Timeline({ items }: { items: { at: string; what: string; where: string | null }[] }) {
  const { dateTime } = useFormat();
  const sorted = [...items].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      {sorted.map((item, n) => (
        <Box component="li" key={n} sx={{ position: 'relative', pl: 2, pb: 1.5, '&::before': { content: '""', position: 'absolute', left: -6, top: 6, width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' } }}>
          <Typography variant="caption" color="text.secondary" component="div">
            <time dateTime={item.at}>{dateTime(item.at, { dateStyle: 'medium', timeStyle: 'medium' })}</time>
          </Typography>
          <Typography variant="body2">
            {item.what}
            {item.where ? ` · ${item.where}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Progress({ result }: { result: TestResult }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.attempt.${key}`, options);
  const { dateTime, number } = useFormat();
  const parts = result.parts.filter((p) => p.questionCount > 0);
  if (parts.length === 0) return <Typography color="text.secondary">{t('notStarted')}</Typography>;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {parts.map((part, n) => {
        const state = part.finishedAt ? 'finished' : part.startedAt ? 'inProgress' : 'waiting';
        const share = part.questionCount ? (100 * part.answeredCount) / part.questionCount : 0;
        const label = partTitle(part, translate);
        return (
          <Box component="li" key={part.partId}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 500 }}>
                {n + 1}. {label}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`partState.${state}`)} · {t('answered', { answered: number(part.answeredCount), total: number(part.questionCount) })}
                {part.durationSeconds ? ` · ${translate('app.tests.minutes', { smart_count: number(part.durationSeconds / 60) })}` : ''}
              </Typography>
            </Stack>
            <LinearProgress variant="determinate" value={share} aria-label={`${label}: ${t('answered', { answered: part.answeredCount, total: part.questionCount })}`} sx={{ height: 8, borderRadius: 4, my: 0.5 }} color={part.finishedAt ? 'success' : 'primary'} />
            <Typography variant="caption" color="text.secondary">
              {[
                part.startedAt && t('startedAtTime', { time: dateTime(part.startedAt) }),
                part.deadline && !part.finishedAt && t('deadlineTime', { time: dateTime(part.deadline) }),
                part.finishedAt && t('finishedAtTime', { time: dateTime(part.finishedAt) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

function Answers({ result }: { result: TestResult }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.attempt.${key}`, options);
  const { dateTime } = useFormat();
  const [shown, setShown] = useState(ANSWERS_SHOWN_FIRST);
  if (result.answers.length === 0) return <Typography color="text.secondary">{t('noAnswers')}</Typography>;
  const order = result.parts.map((p) => p.partId);
  const sorted = [...result.answers].sort((a, b) => order.indexOf(a.partId) - order.indexOf(b.partId));
  return (
    <Stack spacing={1}>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {sorted.slice(0, shown).map((a) => {
          const part = result.parts.find((p) => p.partId === a.partId);
          const text = answerText(a.answer, translate);
          return (
            <Paper component="li" key={a.questionId} variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {[part ? partTitle(part, translate) : a.partId, a.questionType ? known(translate, `app.enums.questionType.${a.questionType}`, '') : null, dateTime(a.savedAt)].filter(Boolean).join(' · ')}
              </Typography>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{a.title}</Typography>
              <Typography
                component={text.includes('\n') ? 'pre' : 'p'}
                sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: text.includes('\n') ? 'monospace' : undefined, fontSize: text.includes('\n') ? 13 : undefined }}
              >
                {text}
              </Typography>
            </Paper>
          );
        })}
      </Stack>
      {shown < sorted.length && (
        <Box>
          <Button onClick={() => setShown(sorted.length)}>{t('showAllAnswers', { smart_count: sorted.length })}</Button>
        </Box>
      )}
    </Stack>
  );
}
