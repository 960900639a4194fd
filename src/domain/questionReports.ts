/**
 * What GET /api/questions/reports answers per question, over each candidate's first completed attempt:
 * shared by the server and the reports page.
 */
import { z } from 'zod';
import { QUESTION_TYPES } from './content';
import { questionTestStatisticsSchema } from './itemStatistics';

export const answerShareSchema = z.object({
  /** The answer's position in the question's answers (0-based, as responses store it). */
  index: z.number(),
  text: z.string(),
  count: z.number(),
  /** count / timesAnswered, 0..1 (a multiple-choice response may count towards several answers). */
  share: z.number(),
});
export type AnswerShare = z.input<typeof answerShareSchema>;

/** A row of GET /api/questions/reports. */
export const questionReportSchema = z.object({
  id: z.string(),
  title: z.string(),
  primarySkillLabel: z.string().nullable(),
  questionType: z.enum(QUESTION_TYPES),
  maxPoints: z.number().nullable(),
  timesAnswered: z.number(),
  averagePoints: z.number().nullable(),
  answerShares: z.array(answerShareSchema),
  /** The question's item statistics in each test it was asked in (by test name). */
  statistics: z.array(questionTestStatisticsSchema),
});
export type QuestionReport = z.input<typeof questionReportSchema>;
