/** The answer widget for a question's response type; the code editor and the recorder are lazy chunks of their own. */
import { Suspense } from 'react';
import { lazy } from '../../lazy';
import type { CandidateAnswer, CandidateQuestion, ChoiceAnswer, CodeAnswer, TextAnswer as TextValue, VideoAnswer as VideoValue } from '../../domain/attemptQuestions';
import type { TakeApi } from '../api';
import { Loading } from '../Loading';
import { CheckboxAnswer } from './CheckboxAnswer';
import { CodingAnswer } from './CodingAnswer';
import { RadioAnswer } from './RadioAnswer';
import { SortingAnswer } from './SortingAnswer';
import { TextAnswer } from './TextAnswer';

export const loadVideoAnswer = () => import('./VideoAnswer');
const VideoAnswer = lazy(loadVideoAnswer);

export interface AnswerFor {
  question: CandidateQuestion;
  value: CandidateAnswer | undefined;
  onChange: (answer: CandidateAnswer) => void;
  labelledBy: string;
  api: TakeApi;
  stream: MediaStream | null;
  takesUsed: number;
  onTakeUsed: () => void;
  requestCamera: () => void;
}

/** Answers typed a character at a time are saved once the typing pauses; the others at once. */
export const SAVE_DELAY_MS: Partial<Record<CandidateQuestion['questionType'], number>> = { SHORT_TEXT: 800, CODING: 1500 };

export function Answer({ question, value, onChange, labelledBy, api, stream, takesUsed, onTakeUsed, requestCamera }: AnswerFor) {
  if (question.questionType === 'VIDEO') {
    return (
      <Suspense fallback={<Loading inline />}>
        <VideoAnswer
          question={question}
          value={value as VideoValue | undefined}
          onChange={onChange}
          labelledBy={labelledBy}
          stream={stream}
          takesUsed={takesUsed}
          media={api.media}
          onTakeUsed={onTakeUsed}
          requestCamera={requestCamera}
        />
      </Suspense>
    );
  }
  const common = { question, labelledBy };
  switch (question.questionType) {
    case 'MULTIPLE_CHOICE':
      return <CheckboxAnswer {...common} value={value as ChoiceAnswer | undefined} onChange={onChange} />;
    case 'SORTING_ORDER':
      return <SortingAnswer {...common} value={value as ChoiceAnswer | undefined} onChange={onChange} />;
    case 'SHORT_TEXT':
      return <TextAnswer {...common} value={value as TextValue | undefined} onChange={onChange} />;
    case 'CODING':
      return <CodingAnswer {...common} value={value as CodeAnswer | undefined} onChange={onChange} run={api.run} />;
    default:
      // Single choice, likert, likert variant, rating scale, correct/incorrect.
      return <RadioAnswer {...common} value={value as ChoiceAnswer | undefined} onChange={onChange} />;
  }
}
