/**
 * The content library's vocabulary (specification sections 3, 5 and 9): categories, complexity,
 * statuses, response types and which test types allow which, answer limits and rating bands.
 */

export const QUESTION_CATEGORIES = ['COMPETENCY', 'PERSONALITY', 'APTITUDE'] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export const COMPLEXITIES = ['L1', 'L2', 'L3', 'L4', 'L5'] as const;
export type Complexity = (typeof COMPLEXITIES)[number];

export const MEDIA_TYPES = ['TEXT', 'VIDEO', 'IMAGE'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const QUESTION_STATUSES = ['CREATED', 'APPROVED', 'REJECTED', 'DRAFTED', 'PUBLISHED'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** Badge colours of section 4: approved green, drafted yellow, rejected red, created and published primary. */
export const STATUS_COLOURS: Record<QuestionStatus, 'success' | 'warning' | 'error' | 'primary'> = {
  APPROVED: 'success',
  DRAFTED: 'warning',
  REJECTED: 'error',
  CREATED: 'primary',
  PUBLISHED: 'primary',
};

/** The nine question (response) types; ids 1 to 9 as the specification numbers them. */
export const QUESTION_TYPES = [
  'MULTIPLE_CHOICE',
  'SINGLE_CHOICE',
  'LIKERT',
  'RATING_SCALE',
  'SORTING_ORDER',
  'CORRECT_INCORRECT',
  'LIKERT_VARIANT',
  'SHORT_TEXT',
  'CODING',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const DEFAULT_QUESTION_TYPE: QuestionType = 'MULTIPLE_CHOICE';

/** English names of the question types, for API option lists (screens translate app.enums.questionType). */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  MULTIPLE_CHOICE: 'Multiple choice',
  SINGLE_CHOICE: 'Single choice',
  LIKERT: 'Likert',
  RATING_SCALE: 'Rating scale',
  SORTING_ORDER: 'Sorting order',
  CORRECT_INCORRECT: 'Correct / incorrect',
  LIKERT_VARIANT: 'Likert variant',
  SHORT_TEXT: 'Short text',
  CODING: 'Coding',
};

/**
 * Kinds of test type (primary skill); each allows the response types of section 5, extended:
 * competency and aptitude also take SHORT_TEXT (written answers a reviewer grades on the report),
 * and aptitude CODING.
 */
export const TEST_TYPE_KINDS = [
  'COMPETENCY',
  'ENNEAGRAM',
  'SELF_MASTERY',
  'WINGS_AND_LINES',
  'HONESTY_AND_CONSISTENCY',
  'SELF_AWARENESS',
  'STRESS',
  'INSTINCT',
  'MULTI_COMPETENCY',
  'CENTRE_OF_EXPRESSION',
  'APTITUDE',
] as const;
export type TestTypeKind = (typeof TEST_TYPE_KINDS)[number];

export const RESPONSE_TYPES_BY_KIND: Record<TestTypeKind, readonly QuestionType[]> = {
  COMPETENCY: ['LIKERT', 'MULTIPLE_CHOICE', 'RATING_SCALE', 'SINGLE_CHOICE', 'SHORT_TEXT'],
  ENNEAGRAM: ['SINGLE_CHOICE'],
  SELF_MASTERY: ['SINGLE_CHOICE'],
  WINGS_AND_LINES: ['SINGLE_CHOICE'],
  HONESTY_AND_CONSISTENCY: ['SINGLE_CHOICE'],
  SELF_AWARENESS: ['SINGLE_CHOICE', 'RATING_SCALE'],
  STRESS: ['RATING_SCALE'],
  INSTINCT: ['SORTING_ORDER'],
  MULTI_COMPETENCY: ['SORTING_ORDER'],
  CENTRE_OF_EXPRESSION: ['SORTING_ORDER'],
  APTITUDE: ['CORRECT_INCORRECT', 'LIKERT', 'LIKERT_VARIANT', 'SORTING_ORDER', 'CODING', 'SHORT_TEXT'],
};

/**
 * Why a test type of this kind does not take a response type, as the server's 400 says it (the
 * question routes and the bulk upload), or null when it does.
 */
export function responseTypeProblem(kind: TestTypeKind, type: QuestionType): string | null {
  const allowed = RESPONSE_TYPES_BY_KIND[kind];
  if (allowed.includes(type)) return null;
  const names = allowed.map((t) => QUESTION_TYPE_LABELS[t]);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  return `This test type takes ${listed} questions, not ${QUESTION_TYPE_LABELS[type]}.`;
}

/** The category a test-type kind belongs to. */
export const CATEGORY_OF_KIND: Record<TestTypeKind, QuestionCategory> = {
  COMPETENCY: 'COMPETENCY',
  MULTI_COMPETENCY: 'COMPETENCY',
  ENNEAGRAM: 'PERSONALITY',
  SELF_MASTERY: 'PERSONALITY',
  WINGS_AND_LINES: 'PERSONALITY',
  HONESTY_AND_CONSISTENCY: 'PERSONALITY',
  SELF_AWARENESS: 'PERSONALITY',
  STRESS: 'PERSONALITY',
  INSTINCT: 'PERSONALITY',
  CENTRE_OF_EXPRESSION: 'PERSONALITY',
  APTITUDE: 'APTITUDE',
};

/** Answer types whose answers are right or wrong rather than worth points. */
export const CORRECTNESS_TYPES: readonly QuestionType[] = ['CORRECT_INCORRECT', 'MULTIPLE_CHOICE'];

export const MAX_ANSWERS = 12;
export const MAX_TAGS = 12;
export const ANSWER_POINTS = { min: 0.1, max: 10, step: 0.1 } as const;
export const DEFAULT_ANSWER_TITLE = 'Choose the option that relates with you the most';
/** The default answer title in each language that has one (questions store the English one). */
export const DEFAULT_ANSWER_TITLES: Readonly<Record<string, string>> = {
  en: DEFAULT_ANSWER_TITLE,
  hi: 'वह विकल्प चुनें जो आपसे सबसे अधिक मेल खाता है',
};
/** An answer title as shown in a language: the default one has its own words there; others as written. */
export const answerTitleIn = (title: string, language: string) => (title === DEFAULT_ANSWER_TITLE ? (DEFAULT_ANSWER_TITLES[language] ?? title) : title);
export const DEFAULT_LANGUAGES = [
  { code: 'en', label: 'English', iconName: 'gb' },
  { code: 'hi', label: 'Hindi', iconName: 'in' },
  { code: 'bn', label: 'Bangla', iconName: 'bd' },
] as const;

/** Test duration: 1 to 30 minutes in 60-second steps; total time 30 to 3600 seconds. */
export const TEST_DURATION = { minSeconds: 60, maxSeconds: 30 * 60, stepSeconds: 60 } as const;
export const TOTAL_TIME = { minSeconds: 30, maxSeconds: 3600 } as const;

/** Programming languages by Judge0 id. */
export const PROGRAMMING_LANGUAGES = { 62: 'Java', 63: 'JavaScript', 68: 'PHP', 70: 'Python', 74: 'TypeScript' } as const;
export type ProgrammingLanguageId = keyof typeof PROGRAMMING_LANGUAGES;

export const RATING_BANDS = ['HIGH', 'MODERATE_HIGH', 'MODERATE', 'LOW_MODERATE', 'LOW'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];
export const DEVELOPMENT_BANDS = ['DERAILER', 'STRENGTH', 'BALANCED', 'NEEDS_DEVELOPMENT', 'NEGLECTED'] as const;
export type DevelopmentBand = (typeof DEVELOPMENT_BANDS)[number];

/** Lower bounds (percent) of High, Moderate-High, Moderate and Low-Moderate; below the last is Low. */
export interface BandThresholds {
  high: number;
  moderateHigh: number;
  moderate: number;
  lowModerate: number;
}
export const DEFAULT_THRESHOLDS: BandThresholds = { high: 80, moderateHigh: 60, moderate: 40, lowModerate: 20 };

/** The rating band of a percentage score. */
export function ratingBand(percent: number, t: BandThresholds = DEFAULT_THRESHOLDS): RatingBand {
  if (percent >= t.high) return 'HIGH';
  if (percent >= t.moderateHigh) return 'MODERATE_HIGH';
  if (percent >= t.moderate) return 'MODERATE';
  if (percent >= t.lowModerate) return 'LOW_MODERATE';
  return 'LOW';
}
