/** Step 3 of the test wizard: the whole test as it will be saved. */
import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../../i18n/useFormat';
import { SummaryList } from '../../shared/SummaryList';
import { writtenTranslations } from '../../shared/NameTranslations';
import { QuestionText } from './QuestionsStep';
import type { TestDraft } from './shared';

export function Review({ draft, skillLabel }: { draft: TestDraft; skillLabel: string }) {
  const translate = useTranslate();
  const { languageName } = useFormat();
  const t = (key: string) => translate(`app.testWizard.${key}`);
  const rows: [string, ReactNode][] = [
    [t('name'), draft.name.trim()],
    [t('description'), draft.description.trim() || '—'],
    ...writtenTranslations(draft.translations).map((tr): [string, ReactNode] => [translate('app.nameTranslations.name', { language: languageName(tr.language) }), tr.name]),
    [t('category'), translate(`app.enums.category.${draft.category}`)],
    [t('primarySkill'), skillLabel],
    [t('duration'), translate('app.tests.minutes', { smart_count: draft.durationSeconds / 60 })],
    [
      t('tags'),
      draft.tags.length ? (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {draft.tags.map((tag) => (
            <Chip key={tag} size="small" label={tag} />
          ))}
        </Box>
      ) : (
        '—'
      ),
    ],
    [t('shuffle'), translate(draft.shuffle ? 'ra.boolean.true' : 'ra.boolean.false')],
    [t('candidateDraw'), draft.drawCount ? translate('app.tests.questions', { smart_count: draft.drawCount }) : t('allQuestions')],
  ];
  return (
    <Stack spacing={2}>
      <SummaryList rows={rows} />
      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.testWizard.chosen')} ({draft.questions.length})
      </Typography>
      <Stack component="ol" spacing={0.5} sx={{ pl: 3, m: 0 }}>
        {draft.questions.map((q) => (
          <li key={q.id}>
            <QuestionText question={q} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
