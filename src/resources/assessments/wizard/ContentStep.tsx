/** Step 1 of the assessment wizard: the tests, qualifying and custom questions, and video questions it holds. */
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../../i18n/useFormat';
import type { QuestionTitle, TestSummary } from '../api';
import type { AssessmentDraft } from '../assessmentDraft';
import { Picker, QuestionPool, TestPool } from './pools';
import type { Change, Errors, Owner } from './types';
import { VideoQuestions } from './VideoQuestions';

interface ContentProps {
  draft: AssessmentDraft;
  change: Change;
  errors: Errors;
  message: (path: string) => string | undefined;
  locked: boolean;
  owner: Owner;
  onWriteCustom: () => void;
}

export function ContentStep({ draft, change, errors, message, locked, owner, onWriteCustom }: ContentProps) {
  const translate = useTranslate();
  // Custom questions are the assessment owner's: provider staff see every client's, so they are narrowed to the owner.
  const customFilter = owner.staff ? { clientId: owner.clientId } : {};
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { number } = useFormat();
  return (
    <Stack spacing={3}>
      <Section title={t('tests')} help={t('testsHelp')}>
        <Picker<TestSummary>
          label={t('tests')}
          chosen={draft.tests}
          onChange={(tests) => change({ tests })}
          locked={locked}
          error={message('testIds')}
          describe={(test) => [translate(`app.enums.category.${test.category}`), translate('app.tests.questions', { smart_count: test.questionCount }), translate('app.tests.minutes', { smart_count: number(test.durationSeconds / 60) })]}
          pool={(props) => <TestPool {...props} />}
        />
      </Section>
      <Divider />
      <Section title={t('qualifying')} help={t('qualifyingHelp')}>
        <Picker<QuestionTitle>
          label={t('qualifying')}
          chosen={draft.qualifying}
          onChange={(qualifying) => change({ qualifying })}
          locked={locked}
          error={message('qualifyingQuestionIds')}
          describe={() => []}
          pool={(props) => <QuestionPool {...props} resource="qualifying-questions" filter={{}} label={t('qualifyingPool')} empty={t('noQualifying')} />}
        />
      </Section>
      <Divider />
      <Section title={t('custom')} help={t('customHelp')}>
        <Picker<QuestionTitle>
          label={t('custom')}
          chosen={draft.custom}
          onChange={(custom) => change({ custom })}
          locked={locked}
          error={message('customQuestionIds')}
          describe={(q) => (q.questionType ? [translate(`app.enums.questionType.${q.questionType}`)] : [])}
          pool={(props) => (
            <Stack spacing={1}>
              <QuestionPool {...props} resource="custom-questions" filter={customFilter} label={t('customPool')} empty={t('noCustom')} />
              <Box>
                <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={onWriteCustom}>
                  {t('writeCustom')}
                </Button>
              </Box>
            </Stack>
          )}
        />
      </Section>
      <Divider />
      <Section title={t('video')} help={t('videoHelp')}>
        <VideoQuestions items={draft.videoQuestions} languages={draft.languages} onChange={(videoQuestions) => change({ videoQuestions })} errors={errors} locked={locked} />
      </Section>
    </Stack>
  );
}

function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {help}
      </Typography>
      {children}
    </Box>
  );
}
