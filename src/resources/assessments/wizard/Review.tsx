/** The assessment wizard's review: the whole draft as it will be saved. */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { estimatedMinutes } from '../../../domain/assessment';
import { useFormat } from '../../../i18n/useFormat';
import { SummaryList } from '../../shared/SummaryList';
import { assessmentBody, type AssessmentDraft } from '../assessmentDraft';

export function Review({ draft }: { draft: AssessmentDraft }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { dateTime, languageName, number } = useFormat();
  const body = assessmentBody(draft);
  const when = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? dateTime(iso) : '—');
  const minutes = draft.tests.reduce((sum, test) => sum + test.durationSeconds, 0) / 60;
  const estimate = estimatedMinutes(
    draft.tests.map((test) => test.durationSeconds),
    draft.qualifying.length + draft.custom.length + draft.videoQuestions.length,
  );
  const p = draft.proctoring;
  const yes = (on: boolean) => translate(on ? 'ra.boolean.true' : 'ra.boolean.false');
  const rows: [string, ReactNode][] = [
    [t('name'), body.name || '—'],
    [t('type'), translate(`app.enums.assessmentType.${draft.type}`)],
    [t('validFrom'), when(body.validFrom)],
    [t('validUntil'), when(body.validUntil)],
    [t('totalTime'), body.totalTimeSeconds ? t('totalTimeIs', { minutes: Math.floor(body.totalTimeSeconds / 60), seconds: body.totalTimeSeconds % 60 }) : t('noTotalTime')],
    [t('tests'), draft.tests.length ? `${draft.tests.map((test) => test.name).join(', ')} (${translate('app.tests.minutes', { smart_count: number(minutes) })})` : '—'],
    [t('qualifying'), translate('app.tests.questions', { smart_count: draft.qualifying.length })],
    [t('custom'), translate('app.tests.questions', { smart_count: draft.custom.length })],
    [t('video'), translate('app.tests.questions', { smart_count: draft.videoQuestions.length })],
    [t('estimated'), translate('app.tests.minutes', { smart_count: estimate })],
    [t('languages'), draft.languages.map((l) => languageName(l)).join(', ') || '—'],
    ...draft.languages
      .filter((l) => l !== 'en')
      .map((l): [string, ReactNode] => [
        translate('app.nameTranslations.name', { language: languageName(l) }),
        body.translations.find((tr) => tr.language === l)?.name ?? translate('app.nameTranslations.missing'),
      ]),
    [t('proctoring.cameraRequired'), yes(p.cameraRequired)],
    [t('proctoring.microphoneRequired'), yes(p.microphoneRequired)],
    [t('proctoring.fullScreenRequired'), yes(p.fullScreenRequired)],
    [t('proctoring.pasteAllowed'), yes(p.pasteAllowed)],
    [t('proctoring.snapshots'), p.snapshotIntervalSeconds === null ? yes(false) : t('everySeconds', { smart_count: p.snapshotIntervalSeconds })],
  ];
  return (
    <Box component="section" aria-labelledby="assessment-review">
      <Typography id="assessment-review" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('review')}
      </Typography>
      <SummaryList rows={rows} />
    </Box>
  );
}
