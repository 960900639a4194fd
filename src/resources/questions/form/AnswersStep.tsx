/** The question form's second step: the answers of its type (choices, sorting order, short text, coding). */
import { Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazy } from '../../../lazy';
import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ANSWER_POINTS, answerTitleIn, type QuestionType } from '../../../domain/content';
import { typeHasAnswers, type QuestionFormValues } from '../../../domain/questionForm';
import { Spinner } from '../../../custom/layout/Spinner';
import { useFormat } from '../../../i18n/useFormat';
import { useApi } from '../../../providers/useApi';
import { CheckboxInput } from '../../shared/CheckboxInput';
import { AnswersEditor } from '../AnswersEditor';
import { LanguageBar, useEditedLanguages } from '../QuestionLanguages';

const CodingSection = lazy(() => import('../CodingSection'));

export function AnswersStep({ questionType }: { questionType: QuestionType }) {
  const translate = useTranslate();
  const { languages, index } = useEditedLanguages();
  const api = useApi();
  const answerTitles = useQuery({ queryKey: ['answer-titles'], queryFn: () => api.getAnswerTitles() });
  const ansTitle = useWatch<QuestionFormValues, 'ansTitle'>({ name: 'ansTitle' });
  const { language } = useFormat();
  // The stored title stays as written; the default one reads in the interface language.
  const titleChoices = [...new Set([ansTitle, ...(answerTitles.data ?? []).map((t) => t.label)].filter(Boolean))].map((t) => ({ id: t, name: answerTitleIn(t, language) }));

  if (questionType === 'CODING')
    return (
      <Suspense fallback={<Spinner />}>
        <CodingSection />
      </Suspense>
    );
  if (questionType === 'SHORT_TEXT') return <ShortTextSection />;
  if (!typeHasAnswers(questionType)) return null;
  return (
    <Stack spacing={2}>
      <LanguageBar />
      <AnswersEditor languages={languages} languageIndex={index} questionType={questionType} />
      <SelectInput source="ansTitle" label={translate('app.questionForm.answerTitle')} isRequired choices={titleChoices} translateChoice={false} isPending={answerTitles.isPending} fullWidth />
      <CheckboxInput source="shuffle" label={translate('app.questionForm.shuffle')} />
    </Stack>
  );
}

/**
 * Short text: candidates write their own answer and a reviewer gives points on the report. The
 * author sets the most a reviewer can give and, per language, guidance for reviewers (a model
 * answer, what earns points), which the report shows beside the answer and candidates never see.
 */
function ShortTextSection() {
  const translate = useTranslate();
  const { languages, index } = useEditedLanguages();
  const language = languages[index];
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate('app.questionForm.shortTextHelp')}</Typography>
      <NumberInput
        source="maxPoints"
        label={translate('app.questionForm.maxPoints')}
        min={ANSWER_POINTS.min}
        max={ANSWER_POINTS.max}
        step={ANSWER_POINTS.step}
        helperText={translate('app.questionForm.maxPointsHelp')}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
      <Box>
        <LanguageBar />
        {/* One field per language: remounted when the language changes, as the detail editor is. */}
        <TextInput
          key={language}
          source={`detail.langWiseDetail.${index}.guidance`}
          label={translate('app.questionForm.guidance')}
          helperText={translate('app.questionForm.guidanceHelp')}
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          inputProps={{ lang: language }}
        />
      </Box>
    </Stack>
  );
}
