/** Short text: a text area with a counter, at most SHORT_TEXT_MAX_LENGTH characters. */
import { TextField } from '@mui/material';
import { SHORT_TEXT_MAX_LENGTH, type TextAnswer as TextValue } from '../../domain/attemptQuestions';
import { formatNumber } from '../../domain/format';
import { useTakeI18n } from '../i18n';
import type { AnswerProps } from './types';

/** Characters as a person counts them (a Devanagari conjunct's code points, an emoji as one). */
export const characterCount = (text: string) => [...text].length;

export function TextAnswer({ value, onChange }: AnswerProps<TextValue>) {
  const { t, language } = useTakeI18n();
  const text = value?.text ?? '';
  return (
    <TextField
      multiline
      minRows={4}
      maxRows={14}
      fullWidth
      label={t('answers.text.label')}
      value={text}
      onChange={(event) => onChange({ text: [...event.target.value].slice(0, SHORT_TEXT_MAX_LENGTH).join('') })}
      helperText={t('answers.text.counter', { count: formatNumber(characterCount(text), language), max: formatNumber(SHORT_TEXT_MAX_LENGTH, language) })}
    />
  );
}
