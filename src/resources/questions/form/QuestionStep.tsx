/** The question form's first step: category, skills, type, complexity, and the text in each language. */
import { Box, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { AutocompleteArrayInput, BooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { COMPLEXITIES, QUESTION_CATEGORIES, QUESTION_TYPES, RESPONSE_TYPES_BY_KIND, type QuestionType, type TestTypeKind } from '../../../domain/content';
import { type QuestionFormValues } from '../../../domain/questionForm';
import { CONSISTENCY_CATEGORIES } from '../../../domain/questionSchema';
import { ContentEditor } from '../../shared/ContentEditor';
import { EmptyLanguagesAlert, LanguageBar, useEditedLanguages } from '../QuestionLanguages';
import { useDropdown } from '../../shared/useDropdown';
import { MediaInput } from '../MediaInput';
import { RestatedQuestionPicker } from '../RestatedQuestionPicker';

const choicesOf = (values: readonly string[], group: string) => values.map((id) => ({ id, name: `app.enums.${group}.${id}` }));

/** Languages whose detail holds an error, marked in the switcher so none hides behind it. */
function useLanguagesWithDetailErrors() {
  const { formState, getValues } = useFormContext<QuestionFormValues>();
  const list = formState.errors.detail?.langWiseDetail as unknown as ({ detail?: unknown } | undefined)[] | undefined;
  return getValues('detail.langWiseDetail')
    .map((d) => d.language)
    .filter((_, i) => list?.[i]?.detail);
}

/**
 * `locked`: a submitted question keeps its category (tests hold questions of one test type).
 * `questionId`: the question being edited (it cannot restate itself); `forClient`: whose custom question it is.
 */
export function QuestionStep({
  locked,
  detailChecked,
  onUploading,
  custom,
  questionId,
  forClient,
}: {
  locked: boolean;
  detailChecked: boolean;
  onUploading: (busy: boolean) => void;
  custom: boolean;
  questionId?: string;
  forClient: string | null;
}) {
  const translate = useTranslate();
  const { setValue } = useFormContext<QuestionFormValues>();
  const category = useWatch<QuestionFormValues, 'category'>({ name: 'category' });
  const primarySkill = useWatch<QuestionFormValues, 'primarySkill'>({ name: 'primarySkill' });
  const questionType = useWatch<QuestionFormValues, 'questionType'>({ name: 'questionType' });
  const isConsistency = useWatch<QuestionFormValues, 'isConsistencyQuestion'>({ name: 'isConsistencyQuestion' });
  const consistencyOf = useWatch<QuestionFormValues, 'consistencyOf'>({ name: 'consistencyOf' });
  // The skills of the category, with their kind (which response types they take), fetched once.
  const testTypes = useDropdown<{ kind: TestTypeKind }>(category ? 'skills' : null, category);
  const subSkills = useDropdown(primarySkill ? 'subSkills' : null, primarySkill);
  const { index, editLanguage } = useEditedLanguages();
  const flagged = useLanguagesWithDetailErrors();
  const kind = testTypes.choices.find((t) => t.id === primarySkill)?.kind;
  const allowedTypes: readonly QuestionType[] = kind ? RESPONSE_TYPES_BY_KIND[kind] : QUESTION_TYPES;
  const [typeChanged, setTypeChanged] = useState<QuestionType | null>(null);

  // Only a consistency question names the question it restates: unticking clears it.
  useEffect(() => {
    if (!isConsistency && consistencyOf) {
      setValue('consistencyOf', null, { shouldDirty: true });
      setValue('consistencyOfTitle', null);
    }
  }, [isConsistency, consistencyOf, setValue]);
  function unpair() {
    setValue('consistencyOf', null, { shouldDirty: true });
    setValue('consistencyOfTitle', null);
  }

  // A type the chosen skill does not take moves to the first it does (section 5), and says so.
  useEffect(() => {
    if (kind && !allowedTypes.includes(questionType)) {
      setValue('questionType', allowedTypes[0], { shouldDirty: true });
      setTypeChanged(allowedTypes[0]);
    }
  }, [kind, allowedTypes, questionType, setValue]);

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput
          source="category"
          label={translate('resources.questions.fields.category')}
          isRequired
          choices={choicesOf(QUESTION_CATEGORIES, 'category')}
          disabled={locked}
          onChange={(event) => {
            setValue('primarySkill', '');
            setValue('secondarySkills', []);
            // Aptitude questions have right answers: no consistency pairs there.
            if (!CONSISTENCY_CATEGORIES.includes(event?.target?.value ?? event)) setValue('isConsistencyQuestion', false);
            unpair();
          }}
          sx={{ minWidth: 200 }}
        />
        <SelectInput
          source="questionType"
          label={translate('resources.questions.fields.questionType')}
          isRequired
          choices={choicesOf(allowedTypes, 'questionType')}
          helperText={typeChanged ? translate('app.questionForm.typeChanged', { type: translate(`app.enums.questionType.${typeChanged}`) }) : false}
          onChange={() => setTypeChanged(null)}
          sx={{ minWidth: 200 }}
        />
      </Stack>
      <TextInput source="title" label={translate('resources.questions.fields.title')} isRequired fullWidth />
      <Box>
        <LanguageBar flagged={flagged} withStrip />
        {detailChecked && <EmptyLanguagesAlert />}
        {/* One editor per language: remounted when the language changes. */}
        <ContentEditor key={editLanguage} source={`detail.langWiseDetail.${index}.detail`} label={translate('app.questionForm.detail')} isRequired />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput
          source="primarySkill"
          label={translate('resources.questions.fields.primarySkill')}
          isRequired
          choices={testTypes.choices}
          translateChoice={false}
          isPending={testTypes.isPending}
          disabled={!category}
          helperText={category ? false : translate('app.questionForm.chooseCategoryFirst')}
          onChange={() => {
            setValue('secondarySkills', []);
            // The question it restates is of the skill this one had.
            unpair();
          }}
          sx={{ minWidth: 240 }}
        />
        <SelectInput source="complexity" label={translate('resources.questions.fields.complexity')} isRequired choices={COMPLEXITIES.map((id) => ({ id, name: id }))} translateChoice={false} sx={{ minWidth: 160 }} />
      </Stack>
      <AutocompleteArrayInput
        source="secondarySkills"
        label={translate('resources.questions.fields.secondarySkills')}
        choices={subSkills.choices}
        translateChoice={false}
        disabled={!primarySkill}
        isPending={subSkills.isPending}
        helperText={primarySkill ? false : translate('app.questionForm.choosePrimaryFirst')}
        fullWidth
      />
      <MediaInput onUploading={onUploading} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {/* Qualifying questions come from the bank; a custom question is asked in its own part. */}
        {!custom && <BooleanInput source="isQualifying" label={translate('app.questionForm.isQualifying')} helperText={false} />}
        {category && CONSISTENCY_CATEGORIES.includes(category) && <BooleanInput source="isConsistencyQuestion" label={translate('app.questionForm.isConsistency')} helperText={false} />}
      </Stack>
      {isConsistency && <RestatedQuestionPicker exclude={questionId} custom={custom} clientId={forClient} />}
    </Stack>
  );
}
