/**
 * What GET /api/questions/reports answers per question, over each candidate's first completed attempt:
 * shared by the server and the reports page.
 */
import type { QuestionType } from './content';
import type { QuestionTestStatistics } from './itemStatistics';

export interface AnswerShare {
  /** The answer's position in the question's answers (0-based, as responses store it). */
  index: number;
  text: string;
  count: number;
  /** count / timesAnswered, 0..1 (a multiple-choice response may count towards several answers). */
  share: number;
}

export interface QuestionReport {
  id: string;
  title: string;
  primarySkillLabel: string | null;
  questionType: QuestionType;
  maxPoints: number | null;
  timesAnswered: number;
  averagePoints: number | null;
  answerShares: AnswerShare[];
  /** The question's item statistics in each test it was asked in (by test name). */
  statistics: QuestionTestStatistics[];
}
