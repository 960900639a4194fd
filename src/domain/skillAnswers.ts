/**
 * What the skills' calls answer (server/modules/skills, and the specification's /api/types calls):
 * primary skills (test types) with their sub-skills (question types), the dropdowns, and a
 * sub-skill's report content per band and language.
 */
import { z } from 'zod';
import { nameTranslationAnswerSchema, optionSchema, timestamp } from './answers';
import { QUESTION_CATEGORIES, RATING_BANDS, TEST_TYPE_KINDS } from './content';

/** A sub-skill's band thresholds (content.ts BandThresholds). */
export const bandThresholdsSchema = z.object({ high: z.number(), moderateHigh: z.number(), moderate: z.number(), lowModerate: z.number() });

/** A row of GET /api/types/testtype/dropdown. */
export const testTypeOptionSchema = optionSchema.extend({ category: z.enum(QUESTION_CATEGORIES), kind: z.enum(TEST_TYPE_KINDS) });

/** A row of GET /api/types/questiontype/dropdown. */
export const questionTypeOptionSchema = optionSchema.extend({ testTypeId: z.string() });

/** A sub-skill as its primary skill lists it. */
export const nestedSubSkillSchema = z.object({
  _id: z.string(),
  id: z.string(),
  label: z.string(),
  translations: z.array(nameTranslationAnswerSchema),
  thresholds: bandThresholdsSchema,
  position: z.number(),
});

/** A primary skill without its sub-skills (what deleting one answers). */
export const testTypeRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  category: z.enum(QUESTION_CATEGORIES),
  kind: z.enum(TEST_TYPE_KINDS),
  label: z.string(),
  description: z.string().nullable(),
  translations: z.array(nameTranslationAnswerSchema),
  position: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A row of GET /api/skills (and one skill, and what saving one answers): the primary skill with its sub-skills. */
export const skillRowSchema = testTypeRecordSchema.extend({ subSkills: z.array(nestedSubSkillSchema) });

/** A sub-skill as stored (what adding, saving and deleting one answer). */
export const subSkillRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  testTypeId: z.string(),
  label: z.string(),
  translations: z.array(nameTranslationAnswerSchema),
  thresholds: bandThresholdsSchema,
  position: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** PUT .../report-content: one band's text in one language, as stored. */
export const reportContentRecordSchema = z.object({
  id: z.string(),
  questionTypeId: z.string(),
  band: z.enum(RATING_BANDS),
  languageId: z.string(),
  content: z.string(),
  updatedBy: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** GET /api/skills/:testTypeId/sub-skills/:questionTypeId/report-content: the sub-skill and its texts per band and language. */
export const reportContentsSchema = z.object({
  subSkill: subSkillRecordSchema,
  contents: z.array(reportContentRecordSchema.pick({ band: true, languageId: true, content: true, updatedAt: true })),
});
