/**
 * Proctoring as evidence, not a verdict (DESIGN.md section 6): the integrity summary with the
 * counts behind it and the plain note that nothing was decided automatically, the events on a
 * timeline, and the webcam snapshots.
 */
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CandidateReport } from '../../domain/report';
import { useFormat } from '../../i18n/useFormat';
import { IntegrityChip } from './bands';
import { groupByPart } from './ReportAnswers';

/** Snapshots shown on screen before "Show all" (the print-out shows every one). */
const SNAPSHOTS_SHOWN_FIRST = 24;

export function ReportProctoring({ report, printing }: { report: CandidateReport; printing: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.report.${key}`, options);
  const { dateTime, number } = useFormat();
  const [allSnapshots, setAllSnapshots] = useState(false);
  const proctoring = report.proctoring;
  if (!proctoring) return null;
  const integrity = report.score?.integrity;
  const eventName = (type: string) => translate(`app.enums.proctoringEvent.${type}`, { _: type });
  const parts = new Map(groupByPart(report, translate).map((g) => [g.partId, g.title]));
  const titles = new Map(report.questions.map((q) => [q.questionId, q.title]));
  const events = [...proctoring.events].sort((a, b) => a.occurredAt - b.occurredAt);
  const snapshots = [...proctoring.snapshots].sort((a, b) => a.takenAt - b.takenAt);
  const shownSnapshots = printing || allSnapshots ? snapshots : snapshots.slice(0, SNAPSHOTS_SHOWN_FIRST);
  const counts = integrity ? Object.entries(integrity.counts).filter(([, count]) => count > 0) : [];
  const precise = (ms: number) => dateTime(ms, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <Stack spacing={3}>
      <Box className="report-keep">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }} gutterBottom>
          {t('integrity.title')}
        </Typography>
        {integrity ? (
          <Stack spacing={1}>
            <Box>
              <IntegrityChip level={integrity.level} />
            </Box>
            {counts.length === 0 ? (
              <Typography>{t('integrity.nothingRecorded')}</Typography>
            ) : (
              <Box component="ul" aria-label={t('integrity.evidence')} sx={{ m: 0, pl: 3 }}>
                {counts.map(([type, count]) => (
                  <li key={type}>
                    {eventName(type)}: {number(count)}
                  </li>
                ))}
              </Box>
            )}
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('integrity.afterScoring')}</Typography>
        )}
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('integrity.note')}
        </Alert>
      </Box>

      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }} gutterBottom>
          {t('timeline')}
        </Typography>
        {events.length === 0 ? (
          <Typography color="text.secondary">{t('noEvents')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
            {events.map((event, i) => {
              const where = [event.device, event.partId ? parts.get(event.partId) : null, event.questionId ? titles.get(event.questionId) : null].filter(Boolean).join(' · ');
              return (
                <Box
                  component="li"
                  key={i}
                  sx={{ position: 'relative', pl: 2, pb: 1.25, breakInside: 'avoid', '&::before': { content: '""', position: 'absolute', left: -6, top: 6, width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' } }}
                >
                  <Typography variant="caption" color="text.secondary" component="div">
                    <time dateTime={new Date(event.occurredAt).toISOString()}>{precise(event.occurredAt)}</time>
                  </Typography>
                  <Typography variant="body2">
                    {eventName(event.type)}
                    {where ? ` · ${where}` : ''}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
      </Box>

      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }} gutterBottom>
          {t('snapshots')}
        </Typography>
        {snapshots.length === 0 ? (
          <Typography color="text.secondary">{t('noSnapshots')}</Typography>
        ) : (
          <>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: `repeat(auto-fill, minmax(${printing ? 96 : 120}px, 1fr))` }}>
              {shownSnapshots.map((shot) => {
                const alt = t('snapshotAt', { time: precise(shot.takenAt) });
                const image = (
                  <Box component="img" src={shot.url} alt={alt} loading={printing ? 'eager' : 'lazy'} sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'grey.100' }} />
                );
                return (
                  <Box component="li" key={shot.id} sx={{ breakInside: 'avoid' }}>
                    {printing ? (
                      image
                    ) : (
                      <a href={shot.url} target="_blank" rel="noreferrer">
                        {image}
                      </a>
                    )}
                    <Typography variant="caption" color="text.secondary">
                      {dateTime(shot.takenAt, { timeStyle: 'medium' })}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
            {shownSnapshots.length < snapshots.length && (
              <Button sx={{ mt: 1 }} onClick={() => setAllSnapshots(true)}>
                {t('showAllSnapshots', { smart_count: snapshots.length })}
              </Button>
            )}
          </>
        )}
      </Box>
    </Stack>
  );
}
