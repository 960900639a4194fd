/** Validation of the content library's smaller records: skills, languages, answer titles, report content. */
import { z } from 'zod';
import { CATEGORY_OF_KIND, COMPLEXITIES, MAX_TAGS, QUESTION_CATEGORIES, QUESTION_TYPES, RATING_BANDS, TEST_DURATION, TEST_TYPE_KINDS } from './content';
import { nameTranslationsSchema } from './schemas';
import { FIELD_MESSAGES } from './fieldMessages';

const label = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(120, `${what} must be at most 120 characters`);

/** How long a primary skill's name and description may be, in every language. */
export const TEST_TYPE_NAME_LIMITS = { nameMax: 120, descriptionMax: 2000 } as const;

export const testTypeSchema = z
  .object({
    category: z.enum(QUESTION_CATEGORIES, { error: FIELD_MESSAGES.categoryRequired }),
    kind: z.enum(TEST_TYPE_KINDS, { error: 'Choose the kind of test' }),
    label: label('Name'),
    description: z.string().trim().max(2000).nullish(),
    /** The name and description in other languages (reports read them); left out, the stored ones stay. */
    translations: nameTranslationsSchema(TEST_TYPE_NAME_LIMITS).optional(),
    position: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((t) => CATEGORY_OF_KIND[t.kind] === t.category, { path: ['kind'], message: 'This kind of test belongs to another category' });

const percent = z.number({ error: 'Enter a percentage' }).min(0, 'Between 0 and 100').max(100, 'Between 0 and 100');
export const thresholdsSchema = z
  .object({ high: percent, moderateHigh: percent, moderate: percent, lowModerate: percent })
  .refine((t) => t.high > t.moderateHigh && t.moderateHigh > t.moderate && t.moderate > t.lowModerate, {
    message: 'Thresholds must go down from High to Low-Moderate',
  });

export const questionTypeSchema = z.object({
  testTypeId: z.uuid(FIELD_MESSAGES.primarySkillRequired),
  label: label('Name'),
  /** The name in other languages (reports and dashboards read it); left out, the stored ones stay. */
  translations: nameTranslationsSchema({ nameMax: 120, descriptionMax: 0 }).optional(),
  thresholds: thresholdsSchema.optional(),
  position: z.number().int().min(0).max(10_000).default(0),
});

export const reportContentSchema = z.object({
  band: z.enum(RATING_BANDS, { error: 'Choose a band' }),
  languageId: z.uuid(FIELD_MESSAGES.languageRequired),
  content: z.string().max(100_000, 'The content is too long'),
});

export const languageSchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'Use a language code such as en, hi or pt-BR'),
  label: label('Name'),
  iconName: z.string().trim().max(40).nullish(),
  isActive: z.boolean().default(true),
});

export const languageContentSchema = z.object({
  content: z.record(z.string().max(100), z.string().max(20_000)).refine((c) => Object.keys(c).length <= 500, 'At most 500 entries'),
});

export const answerTitleSchema = z.object({ label: label('Answer title').pipe(z.string().max(300)), isDefault: z.boolean().default(false) });

/** A test: an ordered set of published questions of one test type (DESIGN section 5). */
/** How long a test's name and description may be, in any language. */
export const TEST_NAME_LIMITS = { nameMax: 160, descriptionMax: 2000 } as const;

export const testSchema = z.object({
  name: label('Name').pipe(z.string().max(TEST_NAME_LIMITS.nameMax)),
  description: z.string().trim().max(TEST_NAME_LIMITS.descriptionMax).nullish(),
  /** The name and description in other languages. */
  translations: nameTranslationsSchema(TEST_NAME_LIMITS).default([]),
  category: z.enum(QUESTION_CATEGORIES, { error: FIELD_MESSAGES.categoryRequired }),
  primarySkill: z.uuid(FIELD_MESSAGES.primarySkillRequired),
  durationSeconds: z
    .number({ error: FIELD_MESSAGES.durationRequired })
    .int()
    .min(TEST_DURATION.minSeconds, FIELD_MESSAGES.durationGoes130)
    .max(TEST_DURATION.maxSeconds, FIELD_MESSAGES.durationGoes130)
    .refine((s) => s % TEST_DURATION.stepSeconds === 0, FIELD_MESSAGES.durationGoesWholeMinutes),
  tags: z.array(z.string().trim().min(1).max(40)).max(MAX_TAGS, `At most ${MAX_TAGS} tags`).default([]),
  shuffle: z.boolean().default(false),
  /** Candidates get this many questions drawn at random from the selection; none means all. */
  drawCount: z.number().int().min(1, FIELD_MESSAGES.drawLeastQuestion).nullish(),
  questionIds: z.array(z.uuid()).min(1, FIELD_MESSAGES.addLeastQuestion).max(200, FIELD_MESSAGES.most200Questions),
}).refine((t) => t.drawCount == null || t.drawCount <= t.questionIds.length, { path: ['drawCount'], message: FIELD_MESSAGES.drawMostManyQuestions });

export const drawSchema = z.object({
  primarySkill: z.uuid(FIELD_MESSAGES.primarySkillRequired),
  count: z.number({ error: FIELD_MESSAGES.howManyQuestions }).int().min(1, FIELD_MESSAGES.drawLeastQuestion).max(200, FIELD_MESSAGES.most200Questions),
  complexity: z.array(z.enum(COMPLEXITIES)).optional(),
  secondarySkills: z.array(z.uuid()).optional(),
  questionTypes: z.array(z.enum(QUESTION_TYPES)).optional(),
  exclude: z.array(z.uuid()).max(1000).optional(),
  /** Full-text search, as the question list's `q`. */
  q: z.string().trim().max(200, 'The search must be at most 200 characters').optional(),
});
