/** Multiple choice: any number of options, as checkboxes; the answer lists the chosen ones in the order shown. */
import { Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useId } from 'react';
import type { ChoiceAnswer } from '../../domain/attemptQuestions';
import { useTakeI18n } from '../i18n';
import { optionSx, type AnswerProps } from './types';

export function CheckboxAnswer({ question, value, onChange, labelledBy }: AnswerProps<ChoiceAnswer>) {
  const { t } = useTakeI18n();
  const hintId = useId();
  const chosen = new Set(value?.optionIds ?? []);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange({ optionIds: question.options.map((o) => o.id).filter((optionId) => next.has(optionId)) });
  };
  return (
    <>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('answers.chooseAll')}
      </Typography>
      <FormGroup role="group" aria-labelledby={labelledBy} aria-describedby={hintId}>
        {question.options.map((option) => (
          <FormControlLabel
            key={option.id}
            control={<Checkbox checked={chosen.has(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />}
            label={option.text}
            sx={optionSx(chosen.has(option.id))}
          />
        ))}
      </FormGroup>
    </>
  );
}
