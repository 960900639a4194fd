/**
 * The question form (v2) and its messages, word for word from specification section 5: one
 * schema for the browser and the server. Drafts need only a category and a title.
 */
import { z } from 'zod';
import { RUN_LIMITS } from './codeRunner';
import {
  ANSWER_POINTS,
  COMPLEXITIES,
  CORRECTNESS_TYPES,
  DEFAULT_ANSWER_TITLE,
  DEFAULT_QUESTION_TYPE,
  MAX_ANSWERS,
  MEDIA_TYPES,
  PROGRAMMING_LANGUAGES,
  QUESTION_CATEGORIES,
  QUESTION_TYPES,
  type QuestionType,
} from './content';

export const MESSAGES = {
  category: 'Category is required',
  questionType: 'Question type is required',
  title: 'Title is required',
  primarySkill: 'Primary skill is required',
  complexity: 'Complexity is required',
  language: 'Language is required',
  detail: 'Detail is required',
  answers: 'At least one answer is required',
  answer: 'Answer is required',
  value: 'Value is required',
  answerTitle: 'Answer title is required',
  maxAnswers: `You can provide maximum ${MAX_ANSWERS} answers`,
  points: `Points go from ${ANSWER_POINTS.min} to ${ANSWER_POINTS.max} in steps of ${ANSWER_POINTS.step}`,
  correct: 'Mark at least one answer as correct',
} as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Rich text with no visible content (e.g. "<p></p>") counts as empty. */
export const richTextHasContent = (html: string | null | undefined) =>
  !!html && (html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0 || /<(img|video|iframe)\b/i.test(html));
const richTextRequired = (message: string) => z.string({ error: message }).refine(richTextHasContent, message);

export const langWiseDetailSchema = z.object({ language: requiredText(MESSAGES.language), detail: richTextRequired(MESSAGES.detail) });

/** Points: 0.1 to 10 in steps of 0.1 (compared in tenths, so 0.3 is a step). */
export const pointsSchema = z
  .number({ error: MESSAGES.value })
  .min(ANSWER_POINTS.min, MESSAGES.points)
  .max(ANSWER_POINTS.max, MESSAGES.points)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, MESSAGES.points);

export const answerSchema = z.object({
  langWiseAnswer: z.array(z.object({ language: requiredText(MESSAGES.language), text: requiredText(MESSAGES.answer) })).min(1, MESSAGES.answer),
  value: pointsSchema.nullish(),
  isCorrect: z.boolean().optional(),
  /** Qualifying questions: choosing this answer disqualifies the candidate. */
  disqualifies: z.boolean().optional(),
});

export const testCaseSchema = z.object({
  input: z.string().max(65_536),
  expectedOutput: z.string().max(65_536),
  points: pointsSchema.default(1),
  hidden: z.boolean().default(false),
});

const languageIds = Object.keys(PROGRAMMING_LANGUAGES).map(Number) as number[];
export const codingSchema = z.object({
  languages: z
    .array(z.number().refine((id) => languageIds.includes(id), 'Unknown programming language'))
    .min(1, 'Choose at least one programming language'),
  starterCode: z.record(z.string(), z.string().max(65_536)).default({}),
  testCases: z.array(testCaseSchema).min(1, 'Add at least one test case').max(RUN_LIMITS.maxTestCases, `At most ${RUN_LIMITS.maxTestCases} test cases`),
  timeLimitMs: z.number().int().min(RUN_LIMITS.timeLimitMs.min).max(RUN_LIMITS.timeLimitMs.max).default(RUN_LIMITS.timeLimitMs.default),
  memoryLimitMb: z.number().int().min(RUN_LIMITS.memoryLimitMb.min).max(RUN_LIMITS.memoryLimitMb.max).default(RUN_LIMITS.memoryLimitMb.default),
});

const base = {
  category: z.enum(QUESTION_CATEGORIES, { error: MESSAGES.category }),
  questionType: z.enum(QUESTION_TYPES, { error: MESSAGES.questionType }).default(DEFAULT_QUESTION_TYPE),
  title: requiredText(MESSAGES.title).pipe(z.string().max(300, 'Title must be at most 300 characters')),
  mediaType: z.enum(MEDIA_TYPES).default('TEXT'),
  mediaUrl: z.string().url('Enter a valid media address').max(2000).nullish(),
  shuffle: z.boolean().default(true),
  isConsistencyQuestion: z.boolean().default(false),
  isQualifying: z.boolean().default(false),
  tags: z.array(z.string().trim().min(1).max(40)).max(12, 'At most 12 tags').default([]),
};

/** A submitted question: everything the form requires. */
export const questionSchema = z
  .object({
    ...base,
    detail: z.object({ langWiseDetail: z.array(langWiseDetailSchema).min(1, MESSAGES.detail) }),
    primarySkill: requiredText(MESSAGES.primarySkill),
    complexity: z.enum(COMPLEXITIES, { error: MESSAGES.complexity }),
    secondarySkills: z.array(z.string()).default([]),
    answers: z.array(answerSchema).max(MAX_ANSWERS, MESSAGES.maxAnswers).default([]),
    ansTitle: requiredText(MESSAGES.answerTitle).default(DEFAULT_ANSWER_TITLE),
    coding: codingSchema.nullish(),
  })
  .superRefine((q, ctx) => checkAnswers(q.questionType, q.answers, q.coding, ctx));

/** A draft's answer: any part may be missing, but what is there has the answer's shape. */
const draftAnswerSchema = z.object({
  langWiseAnswer: z.array(z.object({ language: z.string().max(20), text: z.string().max(65_536).default('') })).max(100).default([]),
  value: pointsSchema.nullish(),
  isCorrect: z.boolean().optional(),
  disqualifies: z.boolean().optional(),
});

/** A draft's coding settings: incomplete, but of the right shape (they are stored and read back as such). */
const draftCodingSchema = z.object({
  languages: codingSchema.shape.languages.unwrap().array().default([]),
  starterCode: codingSchema.shape.starterCode,
  testCases: z
    .array(testCaseSchema.extend({ input: z.string().max(65_536).default(''), expectedOutput: z.string().max(65_536).default(''), points: pointsSchema.nullish() }))
    .max(RUN_LIMITS.maxTestCases, `At most ${RUN_LIMITS.maxTestCases} test cases`)
    .default([]),
  timeLimitMs: codingSchema.shape.timeLimitMs.unwrap().nullish(),
  memoryLimitMb: codingSchema.shape.memoryLimitMb.unwrap().nullish(),
});

/** A draft: kept however incomplete, as long as it has a category and a title. */
export const questionDraftSchema = z.object({
  ...base,
  detail: z.object({ langWiseDetail: z.array(z.object({ language: z.string(), detail: z.string().default('') })) }).default({ langWiseDetail: [] }),
  primarySkill: z.string().nullish(),
  complexity: z.enum(COMPLEXITIES).nullish(),
  secondarySkills: z.array(z.string()).default([]),
  answers: z.array(draftAnswerSchema).max(MAX_ANSWERS, MESSAGES.maxAnswers).default([]),
  ansTitle: z.string().default(DEFAULT_ANSWER_TITLE),
  coding: draftCodingSchema.nullish(),
});

export type QuestionInput = z.infer<typeof questionSchema>;

function checkAnswers(
  type: QuestionType,
  answers: z.infer<typeof answerSchema>[],
  coding: z.infer<typeof codingSchema> | null | undefined,
  ctx: z.RefinementCtx,
) {
  if (type === 'CODING') {
    if (!coding) ctx.addIssue({ code: 'custom', path: ['coding'], message: 'Add the coding settings: languages and test cases' });
    return;
  }
  if (type === 'SHORT_TEXT') return;
  if (answers.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['answers'], message: MESSAGES.answers });
    return;
  }
  if (CORRECTNESS_TYPES.includes(type)) {
    if (!answers.some((a) => a.isCorrect)) ctx.addIssue({ code: 'custom', path: ['answers'], message: MESSAGES.correct });
    return;
  }
  answers.forEach((a, i) => {
    if (a.value == null) ctx.addIssue({ code: 'custom', path: ['answers', i, 'value'], message: MESSAGES.value });
  });
}
