/**
 * What the question bank's calls answer (server/modules/questions, and the custom questions, which
 * are the same records): a question in the form's field names with its author, skill and pair
 * named, its history, and the form's option lists. The form reads a part of it (questionForm.ts ApiQuestion).
 */
import { z } from 'zod';
import { optionSchema, timestamp } from './answers';
import { COMPLEXITIES, MEDIA_TYPES, QUESTION_CATEGORIES, QUESTION_STATUSES, QUESTION_TYPES } from './content';

/** An answer option as stored (drafts may leave parts out). */
export const storedAnswerSchema = z.object({
  langWiseAnswer: z.array(z.object({ language: z.string(), text: z.string() })),
  value: z.number().nullish(),
  isCorrect: z.boolean().optional(),
  /** Qualifying questions: choosing this answer disqualifies the candidate. */
  disqualifies: z.boolean().optional(),
});

/** A coding question's settings as stored (a draft's may be incomplete). */
export const storedCodingSchema = z.object({
  languages: z.array(z.number()),
  starterCode: z.record(z.string(), z.string()),
  testCases: z.array(z.object({ input: z.string(), expectedOutput: z.string(), points: z.number().nullish(), hidden: z.boolean() })),
  timeLimitMs: z.number().nullish(),
  memoryLimitMb: z.number().nullish(),
});

/** A row of GET /api/questions (and of the custom questions' list): a question in the form's field names. */
export const questionRowSchema = z.object({
  id: z.string(),
  category: z.enum(QUESTION_CATEGORIES),
  questionType: z.enum(QUESTION_TYPES),
  /** The test type's id. */
  primarySkill: z.string().nullable(),
  primarySkillLabel: z.string().nullable(),
  secondarySkills: z.array(z.string()),
  complexity: z.enum(COMPLEXITIES).nullable(),
  title: z.string(),
  /** The text in each language; a short-text question's reviewer guidance beside it. */
  detail: z.object({ langWiseDetail: z.array(z.object({ language: z.string(), detail: z.string(), guidance: z.string().optional() })) }),
  answers: z.array(storedAnswerSchema),
  ansTitle: z.string().nullable(),
  mediaType: z.enum(MEDIA_TYPES),
  mediaUrl: z.string().nullable(),
  shuffle: z.boolean(),
  isConsistencyQuestion: z.boolean(),
  /** The question it restates, and its title. */
  consistencyOf: z.string().nullable(),
  consistencyOfTitle: z.string().nullable(),
  isQualifying: z.boolean(),
  tags: z.array(z.string()),
  coding: storedCodingSchema.nullable(),
  /** The most a candidate can score (null: nothing to score yet). */
  maxPoints: z.number().nullable(),
  status: z.enum(QUESTION_STATUSES),
  rejectionReason: z.string().nullable(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  publishedAt: timestamp.nullable(),
});

/** A client's own question (GET /api/custom-questions and what writing one answers): the question with its client named. */
export const customQuestionSchema = questionRowSchema.extend({ clientId: z.string().nullable(), clientName: z.string().nullable() });

/** A line of a question's history. */
export const questionHistorySchema = z.object({
  id: z.string(),
  action: z.enum(['created', 'updated', 'status']),
  fromStatus: z.enum(QUESTION_STATUSES).nullable(),
  toStatus: z.enum(QUESTION_STATUSES).nullable(),
  reason: z.string().nullable(),
  /** What an edit changed: {fields}, and what a deleted pair was. */
  changes: z.unknown(),
  at: timestamp,
  userId: z.string().nullable(),
  userName: z.string().nullable(),
});

/** GET /api/questions/:id: the question, its history, and the consistency questions that restate it. */
export const questionRecordSchema = questionRowSchema.extend({
  history: z.array(questionHistorySchema),
  restatedBy: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(QUESTION_STATUSES) })),
});

/** A row of GET /api/questions/restatable: a question a consistency question may restate. */
export const restatableSchema = optionSchema.extend({ questionType: z.enum(QUESTION_TYPES), status: z.enum(QUESTION_STATUSES) });

/** A row of GET /api/question/datatypes: a response type, its label and its number in the specification. */
export const dataTypeOptionSchema = optionSchema.extend({ id: z.number() });

/** A row of GET /api/question/language: an active language with its icon. */
export const languageOptionSchema = optionSchema.extend({ iconName: z.string().nullable() });
