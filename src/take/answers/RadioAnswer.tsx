/** Single choice, likert, likert variant, rating scale and correct/incorrect: one option, as a radio group (scales keep the server's order). */
import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import type { ChoiceAnswer } from '../../domain/attemptQuestions';
import { optionSx, type AnswerProps } from './types';

export function RadioAnswer({ question, value, onChange, labelledBy }: AnswerProps<ChoiceAnswer>) {
  const chosen = value?.optionIds[0];
  return (
    <RadioGroup aria-labelledby={labelledBy} value={chosen ?? ''} onChange={(event) => onChange({ optionIds: [event.target.value] })}>
      {question.options.map((option) => (
        <FormControlLabel key={option.id} value={option.id} control={<Radio />} label={option.text} sx={optionSx(chosen === option.id)} />
      ))}
    </RadioGroup>
  );
}
