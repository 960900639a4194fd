/** Multiple choice: any number of options, as checkboxes; the answer lists the chosen ones in the stored order. */
import { Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useId } from 'react';
import type { ChoiceAnswer } from '../../domain/attemptQuestions';
import { useTakeI18n } from '../i18n';
import { optionSx, type AnswerProps } from './types';

export function CheckboxAnswer({ question, value, onChange, labelledBy }: AnswerProps<ChoiceAnswer>) {
  const { t } = useTakeI18n();
  const hintId = useId();
  const chosen = new Set(value?.answerIndexes ?? []);
  const toggle = (index: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(index);
    else next.delete(index);
    onChange({ answerIndexes: [...next].sort((a, b) => a - b) });
  };
  return (
    <>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('answers.chooseAll')}
      </Typography>
      <FormGroup role="group" aria-labelledby={labelledBy} aria-describedby={hintId}>
        {question.options.map((option) => (
          <FormControlLabel
            key={option.index}
            control={<Checkbox checked={chosen.has(option.index)} onChange={(event) => toggle(option.index, event.target.checked)} />}
            label={option.text}
            sx={optionSx(chosen.has(option.index))}
          />
        ))}
      </FormGroup>
    </>
  );
}
