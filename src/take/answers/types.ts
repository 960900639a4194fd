import type { CandidateAnswer, CandidateBankQuestion } from '../../domain/attemptQuestions';

/** What every answer widget receives: its question, the answer so far, and where a new answer goes. */
export interface AnswerProps<A extends CandidateAnswer = CandidateAnswer, Q = CandidateBankQuestion> {
  question: Q;
  value: A | undefined;
  onChange: (answer: A) => void;
  /** The id of the element that words the question (the group's accessible name). */
  labelledBy: string;
}

/** One option as a large, bordered touch target; the chosen one outlined in the primary colour. */
export const optionSx = (chosen: boolean) => ({
  mx: 0,
  mb: 1,
  width: '100%',
  minHeight: 48,
  px: 1,
  py: 0.5,
  border: 1,
  borderColor: chosen ? 'primary.main' : 'divider',
  boxShadow: chosen ? (theme: { palette: { primary: { main: string } } }) => `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none',
  borderRadius: 1,
  bgcolor: 'background.paper',
  '&:hover': { bgcolor: 'action.hover' },
  '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere', py: 0.5 },
});
