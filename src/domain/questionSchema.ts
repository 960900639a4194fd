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
  type QuestionCategory,
  type QuestionType,
} from './content';
import type { QuestionOrigin } from './assessment';
import { FIELD_MESSAGES } from './fieldMessages';

/** The longest reviewer guidance of a short-text question, per language. */
export const GUIDANCE_MAX_LENGTH = 4000;

export const MESSAGES = {
  category: FIELD_MESSAGES.categoryRequired,
  questionType: FIELD_MESSAGES.questionTypeRequired,
  title: FIELD_MESSAGES.titleRequired,
  primarySkill: FIELD_MESSAGES.primarySkillRequired,
  complexity: FIELD_MESSAGES.complexityRequired,
  language: FIELD_MESSAGES.languageRequired,
  detail: FIELD_MESSAGES.detailRequired,
  answers: FIELD_MESSAGES.leastAnswerRequired,
  answer: FIELD_MESSAGES.answerRequired,
  value: FIELD_MESSAGES.valueRequired,
  answerTitle: FIELD_MESSAGES.answerTitleRequired,
  maxAnswers: `You can provide maximum ${MAX_ANSWERS} answers`,
  points: `Points go from ${ANSWER_POINTS.min} to ${ANSWER_POINTS.max} in steps of ${ANSWER_POINTS.step}`,
  correct: FIELD_MESSAGES.markLeastAnswerCorrect,
  /** Short text (an extension beside the specification's messages): no options, a reviewer's points. */
  shortTextAnswers: FIELD_MESSAGES.shorttextQuestionNoAnswers,
  guidance: `Reviewer guidance must be at most ${GUIDANCE_MAX_LENGTH} characters`,
} as const;

/**
 * Consistency pairs (README "How answers are scored", Consistency): a consistency question restates
 * another question of the same test type, and the two answers are compared. Only self-descriptions
 * are compared this way: aptitude questions have right answers, qualifying questions are not scored.
 */
export const CONSISTENCY_CATEGORIES: readonly QuestionCategory[] = ['COMPETENCY', 'PERSONALITY'];

export const CONSISTENCY_MESSAGES = {
  onlyConsistency: FIELD_MESSAGES.onlyConsistencyQuestionNames,
  category: FIELD_MESSAGES.aptitudeQuestionsRightAnswers,
  qualifying: FIELD_MESSAGES.qualifyingQuestionNotScored,
  missing: FIELD_MESSAGES.questionRestatesDoesNot,
  itself: FIELD_MESSAGES.questionCannotRestateItself,
  testType: FIELD_MESSAGES.questionRestatesSamePrimary,
  bankOnly: "A bank question can only restate another question of the bank, not a client's own question.",
  customOnly: "A client's own question can only restate another question of the same client.",
  chained: FIELD_MESSAGES.questionRestatesItselfConsistency,
  qualifyingTarget: FIELD_MESSAGES.questionRestatesQualifyingQuestion,
  restatedIsConsistency: FIELD_MESSAGES.consistencyQuestionsRestateQuestion,
  restatedSkill: FIELD_MESSAGES.consistencyQuestionsRestateQuestionSo,
  restatedQualifying: FIELD_MESSAGES.consistencyQuestionsRestateQuestionSoCannot,
} as const;

/** The flags of a question that decide whether it may be or name a pair (same in drafts and full saves). */
function checkConsistencyFlags(
  q: { category: QuestionCategory; isConsistencyQuestion: boolean; isQualifying: boolean; consistencyOf?: string | null },
  ctx: z.RefinementCtx,
) {
  if (q.consistencyOf && !q.isConsistencyQuestion) ctx.addIssue({ code: 'custom', path: ['consistencyOf'], message: CONSISTENCY_MESSAGES.onlyConsistency });
  if (!q.isConsistencyQuestion) return;
  if (!CONSISTENCY_CATEGORIES.includes(q.category)) ctx.addIssue({ code: 'custom', path: ['isConsistencyQuestion'], message: CONSISTENCY_MESSAGES.category });
  else if (q.isQualifying) ctx.addIssue({ code: 'custom', path: ['isConsistencyQuestion'], message: CONSISTENCY_MESSAGES.qualifying });
}

/** A question as the pair rules read it (the one being saved, or the one it names). */
export interface PairableQuestion {
  id: string;
  origin: QuestionOrigin;
  /** The client that owns a custom question (null: the provider's library). */
  clientId: string | null;
  /** The primary skill (test type). */
  testTypeId: string | null;
  isConsistencyQuestion: boolean;
  isQualifying: boolean;
}

/**
 * Why `target` cannot be the question that `self` restates, or null when it can. `target` is
 * undefined when no question with that id is visible to the person saving (another client's, or
 * not one's own for USER accounts): it does not exist for them. `self.id` is absent for a new one.
 */
export function restatedQuestionProblem(self: Omit<PairableQuestion, 'id' | 'isConsistencyQuestion' | 'isQualifying'> & { id?: string }, target: PairableQuestion | undefined): string | null {
  if (!target) return CONSISTENCY_MESSAGES.missing;
  if (target.id === self.id) return CONSISTENCY_MESSAGES.itself;
  if (self.origin === 'BANK' && target.origin !== 'BANK') return CONSISTENCY_MESSAGES.bankOnly;
  if (self.origin === 'CUSTOM' && (target.origin !== 'CUSTOM' || target.clientId !== self.clientId)) return CONSISTENCY_MESSAGES.customOnly;
  if (!self.testTypeId || target.testTypeId !== self.testTypeId) return CONSISTENCY_MESSAGES.testType;
  if (target.isConsistencyQuestion) return CONSISTENCY_MESSAGES.chained;
  if (target.isQualifying) return CONSISTENCY_MESSAGES.qualifyingTarget;
  return null;
}

/**
 * What a question that consistency questions restate may not become, as field → message: it keeps
 * their test type, stays scored and is no consistency question itself (pairs do not chain).
 */
export function restatedByProblems(self: { testTypeId: string | null; isConsistencyQuestion: boolean; isQualifying: boolean }, restatedBy: readonly { testTypeId: string | null }[]): Record<string, string> {
  if (!restatedBy.length) return {};
  const problems: Record<string, string> = {};
  if (restatedBy.some((r) => r.testTypeId !== self.testTypeId)) problems.primarySkill = CONSISTENCY_MESSAGES.restatedSkill;
  if (self.isConsistencyQuestion) problems.isConsistencyQuestion = CONSISTENCY_MESSAGES.restatedIsConsistency;
  if (self.isQualifying) problems.isQualifying = CONSISTENCY_MESSAGES.restatedQualifying;
  return problems;
}

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Rich text with no visible content (e.g. "<p></p>") counts as empty. */
export const richTextHasContent = (html: string | null | undefined) =>
  !!html && (html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0 || /<(img|video|iframe)\b/i.test(html));
const richTextRequired = (message: string) => z.string({ error: message }).refine(richTextHasContent, message);

/**
 * Reviewer guidance of a short-text question in one language (plain text): a model answer, what
 * earns points. Kept beside the detail of its language; reviewers read it on the report, candidates
 * never receive it. Other types do not keep it.
 */
const guidanceSchema = z.string().trim().max(GUIDANCE_MAX_LENGTH, MESSAGES.guidance).optional();

export const langWiseDetailSchema = z.object({ language: requiredText(MESSAGES.language), detail: richTextRequired(MESSAGES.detail), guidance: guidanceSchema });

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
    .array(z.number().refine((id) => languageIds.includes(id), FIELD_MESSAGES.unknownProgrammingLanguage))
    .min(1, FIELD_MESSAGES.chooseLeastProgrammingLanguage),
  starterCode: z.record(z.string(), z.string().max(65_536)).default({}),
  testCases: z.array(testCaseSchema).min(1, FIELD_MESSAGES.addLeastTestCase).max(RUN_LIMITS.maxTestCases, `At most ${RUN_LIMITS.maxTestCases} test cases`),
  timeLimitMs: z.number().int().min(RUN_LIMITS.timeLimitMs.min).max(RUN_LIMITS.timeLimitMs.max).default(RUN_LIMITS.timeLimitMs.default),
  memoryLimitMb: z.number().int().min(RUN_LIMITS.memoryLimitMb.min).max(RUN_LIMITS.memoryLimitMb.max).default(RUN_LIMITS.memoryLimitMb.default),
});

const base = {
  category: z.enum(QUESTION_CATEGORIES, { error: MESSAGES.category }),
  questionType: z.enum(QUESTION_TYPES, { error: MESSAGES.questionType }).default(DEFAULT_QUESTION_TYPE),
  title: requiredText(MESSAGES.title).pipe(z.string().max(300, FIELD_MESSAGES.titleMost300Characters)),
  mediaType: z.enum(MEDIA_TYPES).default('TEXT'),
  mediaUrl: z.string().url(FIELD_MESSAGES.enterValidMediaAddress).max(2000).nullish(),
  shuffle: z.boolean().default(true),
  isConsistencyQuestion: z.boolean().default(false),
  /** A consistency question's pair: the question it restates (checked against the database by the server). */
  consistencyOf: z.string({ error: CONSISTENCY_MESSAGES.missing }).max(100, CONSISTENCY_MESSAGES.missing).nullish(),
  isQualifying: z.boolean().default(false),
  tags: z.array(z.string().trim().min(1).max(40)).max(12, FIELD_MESSAGES.most12Tags).default([]),
  /**
   * Short text: the most a reviewer can give (0.1 to 10; none means 1). Other types derive their
   * maximum from their answers or test cases, so what is sent for them is not kept.
   */
  maxPoints: z.number({ error: MESSAGES.points }).nullish(),
};

/** A short-text question's maximum is a point value (0.1 to 10 in steps of 0.1), in drafts too. */
function checkMaxPoints(q: { questionType: QuestionType; maxPoints?: number | null }, ctx: z.RefinementCtx) {
  if (q.questionType === 'SHORT_TEXT' && q.maxPoints != null && !pointsSchema.safeParse(q.maxPoints).success)
    ctx.addIssue({ code: 'custom', path: ['maxPoints'], message: MESSAGES.points });
}

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
  .superRefine((q, ctx) => {
    checkAnswers(q.questionType, q.answers, q.coding, ctx);
    checkMaxPoints(q, ctx);
    checkConsistencyFlags(q, ctx);
  });

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
export const questionDraftSchema = z
  .object({
    ...base,
    detail: z.object({ langWiseDetail: z.array(z.object({ language: z.string(), detail: z.string().default(''), guidance: guidanceSchema })) }).default({ langWiseDetail: [] }),
    primarySkill: z.string().nullish(),
    complexity: z.enum(COMPLEXITIES).nullish(),
    secondarySkills: z.array(z.string()).default([]),
    answers: z.array(draftAnswerSchema).max(MAX_ANSWERS, MESSAGES.maxAnswers).default([]),
    ansTitle: z.string().default(DEFAULT_ANSWER_TITLE),
    coding: draftCodingSchema.nullish(),
  })
  // A draft may be incomplete, but not contradict itself.
  .superRefine((q, ctx) => {
    checkMaxPoints(q, ctx);
    checkConsistencyFlags(q, ctx);
  });

export type QuestionInput = z.infer<typeof questionSchema>;

function checkAnswers(
  type: QuestionType,
  answers: z.infer<typeof answerSchema>[],
  coding: z.infer<typeof codingSchema> | null | undefined,
  ctx: z.RefinementCtx,
) {
  if (type === 'CODING') {
    if (!coding) ctx.addIssue({ code: 'custom', path: ['coding'], message: FIELD_MESSAGES.addCodingSettingsLanguages });
    return;
  }
  if (type === 'SHORT_TEXT') {
    if (answers.length) ctx.addIssue({ code: 'custom', path: ['answers'], message: MESSAGES.shortTextAnswers });
    return;
  }
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
