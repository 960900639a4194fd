/**
 * The answers of a question in the form: one text per language (edited in the language the
 * switcher selects), points from 0.1 to 10 in steps of 0.1 or a correct flag, the answer that
 * disqualifies (qualifying questions), order (sorting questions), and at most 12 answers.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { NumberInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ANSWER_POINTS, MAX_ANSWERS, type QuestionType } from '../../domain/content';
import { answersUseCorrectFlag, emptyAnswer } from '../../domain/questionForm';
import { keyedOrder } from '../../domain/scoring';
import { MESSAGES } from '../../domain/questionSchema';
import { translateMessage } from '../../i18n/messages';
import { CheckboxInput } from '../shared/CheckboxInput';

export function AnswersEditor({ languages, languageIndex, questionType }: { languages: string[]; languageIndex: number; questionType: QuestionType }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { control, getFieldState, formState } = useFormContext();
  const { fields, append, remove, move } = useFieldArray({ name: 'answers', control });
  const isQualifying = useWatch({ name: 'isQualifying' }) as boolean;
  const correctFlag = answersUseCorrectFlag(questionType);
  const ordered = questionType === 'SORTING_ORDER';
  const listError = getFieldState('answers', formState).error;

  // The limit's message shows as a toast and stays under the list until an answer is removed.
  const [overLimit, setOverLimit] = useState(false);
  function add() {
    if (fields.length >= MAX_ANSWERS) {
      notify(translateMessage(translate, MESSAGES.maxAnswers), { type: 'error' });
      setOverLimit(true);
      return;
    }
    append(emptyAnswer(languages));
  }

  return (
    <Stack spacing={1.5}>
      {ordered && <Typography variant="body2" color="text.secondary">{translate('app.questionForm.sortingHelp')}</Typography>}
      {ordered && <KeyedOrder languageIndex={languageIndex} />}
      {fields.map((field, index) => (
        <Paper key={field.id} variant="outlined" sx={{ p: 1 }} data-testid="answer-row">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Typography sx={{ pt: { sm: 1.5 }, minWidth: 24, fontWeight: 600 }}>{index + 1}.</Typography>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <TextInput
                key={`${field.id}-${languages[languageIndex]}`}
                source={`answers.${index}.langWiseAnswer.${languageIndex}.text`}
                label={translate('app.questionForm.answerText', { n: index + 1 })}
                multiline
                minRows={2}
                maxRows={7}
                fullWidth
                inputProps={{ lang: languages[languageIndex] }}
                helperText={false}
                sx={{ m: 0 }}
              />
              <AnswerTextError index={index} />
            </Box>
            {correctFlag ? (
              <CheckboxInput source={`answers.${index}.isCorrect`} label={translate('app.questionForm.correct')} />
            ) : (
              <NumberInput
                source={`answers.${index}.value`}
                label={translate('app.questionForm.points')}
                min={ANSWER_POINTS.min}
                max={ANSWER_POINTS.max}
                step={ANSWER_POINTS.step}
                helperText={false}
                sx={{ width: { sm: 130 }, m: 0 }}
              />
            )}
            {isQualifying && <CheckboxInput source={`answers.${index}.disqualifies`} label={translate('app.questionForm.disqualifies')} />}
            <Stack direction="row" sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
              {ordered && (
                <>
                  <Tooltip title={translate('app.questionForm.moveUp')}>
                    <span>
                      <IconButton aria-label={translate('app.questionForm.moveUp')} disabled={index === 0} onClick={() => move(index, index - 1)}>
                        <ArrowUpwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('app.questionForm.moveDown')}>
                    <span>
                      <IconButton aria-label={translate('app.questionForm.moveDown')} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                        <ArrowDownwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </>
              )}
              <Tooltip title={translate('app.questionForm.removeAnswer')}>
                <IconButton
                  aria-label={translate('app.questionForm.removeAnswer')}
                  onClick={() => {
                    remove(index);
                    setOverLimit(false);
                  }}
                >
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          </Stack>
        </Paper>
      ))}
      {overLimit && (
        <Typography color="error" variant="body2" role="alert">
          {translateMessage(translate, MESSAGES.maxAnswers)}
        </Typography>
      )}
      {listError?.message && (
        <Typography color="error" variant="body2" role="alert">
          {listError.message}
        </Typography>
      )}
      <Box>
        <Button startIcon={<AddIcon />} onClick={add}>
          {translate('app.questionForm.addAnswer')}
        </Button>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {translate('app.questionForm.answerCount', { count: fields.length, max: MAX_ANSWERS })}
        </Typography>
      </Box>
    </Stack>
  );
}

/** An answer with no text in any language: its message (the text fields themselves stay quiet). */
function AnswerTextError({ index }: { index: number }) {
  const { getFieldState, formState } = useFormContext();
  const message = getFieldState(`answers.${index}.langWiseAnswer`, formState).error?.message;
  return message ? (
    <Typography color="error" variant="caption" role="alert">
      {message}
    </Typography>
  ) : null;
}

/**
 * A sorting question's key in words, from the points as they stand ("first: 0.3 · 1/3 · last: 2/5"):
 * the key is the order of descending points, not the order of the list, and an author who listed
 * the answers right but gave them rising points would otherwise key the question backwards.
 */
function KeyedOrder({ languageIndex }: { languageIndex: number }) {
  const translate = useTranslate();
  const answers = (useWatch({ name: 'answers' }) ?? []) as { langWiseAnswer?: { text?: string }[]; value?: number | null }[];
  if (answers.length < 2) return null;
  const textOf = (index: number) => answers[index]?.langWiseAnswer?.[languageIndex]?.text?.trim() || translate('app.questionReports.answerNumber', { n: index + 1 });
  const order = keyedOrder({ answers: answers.map((a) => ({ langWiseAnswer: [], value: a.value ?? null })) });
  const words = order.map((index, place) =>
    place === 0 ? translate('app.questionForm.keyedFirst', { text: textOf(index) }) : place === order.length - 1 ? translate('app.questionForm.keyedLast', { text: textOf(index) }) : textOf(index),
  );
  return (
    <Typography variant="body2" data-testid="keyed-order" sx={{ fontWeight: 500 }}>
      {translate('app.questionForm.keyedOrder', { order: words.join(' · ') })}
    </Typography>
  );
}
