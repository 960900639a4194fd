/** Single choice, likert, likert variant, rating scale and correct/incorrect: one option, as a radio group (scales keep the server's order). */
import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import type { ChoiceAnswer } from '../../domain/attemptQuestions';
import { optionSx, type AnswerProps } from './types';

export function RadioAnswer({ question, value, onChange, labelledBy }: AnswerProps<ChoiceAnswer>) {
  const chosen = value?.answerIndexes[0];
  return (
    <RadioGroup aria-labelledby={labelledBy} value={chosen === undefined ? '' : String(chosen)} onChange={(event) => onChange({ answerIndexes: [Number(event.target.value)] })}>
      {question.options.map((option) => (
        <FormControlLabel key={option.index} value={String(option.index)} control={<Radio />} label={option.text} sx={optionSx(chosen === option.index)} />
      ))}
    </RadioGroup>
  );
}
