/**
 * What the test library's calls answer (server/modules/test-library): a test with its questions,
 * a draw from the pool, and the test as a candidate would read it.
 */
import { z } from 'zod';
import { nameTranslationAnswerSchema, timestamp } from './answers';
import { COMPLEXITIES, MEDIA_TYPES, QUESTION_CATEGORIES, QUESTION_STATUSES, QUESTION_TYPES } from './content';

/** A row of GET /api/tests. */
export const testRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  translations: z.array(nameTranslationAnswerSchema),
  category: z.enum(QUESTION_CATEGORIES),
  /** The test type's id. */
  primarySkill: z.string(),
  primarySkillLabel: z.string().nullable(),
  durationSeconds: z.number(),
  tags: z.array(z.string()),
  shuffle: z.boolean(),
  /** Null: every question of the test. */
  drawCount: z.number().nullable(),
  authorId: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  questionCount: z.number(),
});

/** A question as a test or a draw lists it. */
export const testQuestionSummarySchema = z.object({ id: z.string(), title: z.string(), questionType: z.enum(QUESTION_TYPES), complexity: z.enum(COMPLEXITIES).nullable() });

/** GET /api/tests/:id (and what saving or deleting one answers): the row with its questions in order. */
export const testRecordSchema = testRowSchema.extend({
  questionIds: z.array(z.string()),
  questions: z.array(testQuestionSummarySchema.extend({ status: z.enum(QUESTION_STATUSES), position: z.number() })),
});

/** POST /api/tests/draw: the questions drawn, how many were asked for and how many the pool had. */
export const drawResultSchema = z.object({ questions: z.array(testQuestionSummarySchema), requested: z.number(), drawn: z.number() });

/** A question of GET /api/tests/:id/preview: as a candidate reads it, without points or keys (a coding question's open test cases as examples). */
export const previewQuestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  langWiseDetail: z.array(z.object({ language: z.string(), detail: z.string() })),
  answerTitle: z.string().nullable(),
  mediaType: z.enum(MEDIA_TYPES),
  mediaUrl: z.string().nullable(),
  answers: z.array(z.object({ index: z.number(), langWiseAnswer: z.array(z.object({ language: z.string(), text: z.string() })) })),
  coding: z
    .object({
      languages: z.array(z.number()),
      starterCode: z.record(z.string(), z.string()),
      examples: z.array(z.object({ input: z.string(), expectedOutput: z.string(), points: z.number().nullish(), hidden: z.boolean().optional() })),
    })
    .nullable(),
});

/** GET /api/tests/:id/preview: the test with its questions as a candidate reads them. */
export const testPreviewSchema = testRecordSchema.omit({ questions: true }).extend({ questions: z.array(previewQuestionSchema) });
