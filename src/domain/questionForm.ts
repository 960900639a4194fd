/**
 * The question form (v2) apart from its screen: which route opens it in which mode, its default
 * values, the top bar's button rules (specification section 4), and the conversions between the
 * form's values and the API's question. Pure, so the rules are tested without a browser.
 */
import {
  CORRECTNESS_TYPES,
  DEFAULT_ANSWER_TITLE,
  DEFAULT_LANGUAGES,
  DEFAULT_QUESTION_TYPE,
  QUESTION_CATEGORIES,
  QUESTION_TYPES,
  type Complexity,
  type MediaType,
  type QuestionCategory,
  type QuestionStatus,
  type QuestionType,
} from './content';

/**
 * create: a new question. continue: an existing question reopened in the creating flow (a draft
 * carried on). update: an existing question edited. clone: a copy of one, saved as a new question.
 */
export type QuestionFormMode = 'create' | 'continue' | 'update' | 'clone';

/** The two steps of the form: the question itself, then its answers (or coding settings). */
export const FORM_STEPS = ['question', 'answers'] as const;

export interface AnswerValues {
  langWiseAnswer: { language: string; text: string }[];
  value?: number | null;
  isCorrect?: boolean;
  disqualifies?: boolean;
}

/** The question in one language; a short-text question's reviewer guidance (plain text) beside it. */
export interface LanguageDetail {
  language: string;
  detail: string;
  guidance?: string;
}

/** A short-text question's maximum when the author gives none (as the server stores it). */
export const DEFAULT_SHORT_TEXT_POINTS = 1;

export interface QuestionFormValues {
  category: QuestionCategory | '';
  questionType: QuestionType;
  title: string;
  detail: { langWiseDetail: LanguageDetail[] };
  primarySkill: string;
  complexity: Complexity | '';
  secondarySkills: string[];
  answers: AnswerValues[];
  ansTitle: string;
  shuffle: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  isConsistencyQuestion: boolean;
  /** A consistency question's pair: the id of the question it restates. */
  consistencyOf: string | null;
  /** The restated question's title, for the picker to show (not sent). */
  consistencyOfTitle: string | null;
  isQualifying: boolean;
  coding: unknown;
  /** Short text: the most a reviewer can give (other types derive theirs from answers or test cases). */
  maxPoints: number | null;
  /** The language switcher's field: the language whose detail and answers are being edited. */
  editLanguage: string;
}

/** A question as the API returns it (the fields the form reads). */
export interface ApiQuestion {
  id: string;
  status: QuestionStatus;
  rejectionReason?: string | null;
  authorId: string | null;
  category: QuestionCategory;
  questionType: QuestionType;
  title: string;
  detail: { langWiseDetail: LanguageDetail[] };
  primarySkill: string | null;
  complexity: Complexity | null;
  secondarySkills: string[] | null;
  answers: AnswerValues[];
  ansTitle: string | null;
  shuffle: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  isConsistencyQuestion: boolean;
  /** The question it restates, and its title (absent in answers that predate pairs). */
  consistencyOf?: string | null;
  consistencyOfTitle?: string | null;
  isQualifying: boolean;
  coding: unknown;
  /** The most a candidate can score (absent in answers that predate it). */
  maxPoints?: number | null;
}

/** A category from a route parameter, in any case; undefined when it is not one. */
export function categoryFromParam(param: string | undefined): QuestionCategory | undefined {
  const upper = param?.toUpperCase();
  return QUESTION_CATEGORIES.find((c) => c === upper);
}

/**
 * A question type from `/new-question/:type`: its name in any case with dashes or underscores
 * (multiple-choice, SINGLE_CHOICE) or its number 1 to 9 as the specification counts them.
 */
export function questionTypeFromParam(param: string | undefined): QuestionType | undefined {
  if (!param) return undefined;
  if (/^[1-9]$/.test(param)) return QUESTION_TYPES[Number(param) - 1];
  const name = param.toUpperCase().replace(/-/g, '_');
  return QUESTION_TYPES.find((t) => t === name);
}

export const emptyAnswer = (languages: readonly string[]): AnswerValues => ({
  langWiseAnswer: languages.map((language) => ({ language, text: '' })),
  value: null,
  isCorrect: false,
  disqualifies: false,
});

/** A new question: multiple choice, English, Hindi and Bangla with empty detail, shuffle on. */
export function defaultQuestionValues(preset: { category?: QuestionCategory; questionType?: QuestionType; isQualifying?: boolean } = {}): QuestionFormValues {
  const languages = DEFAULT_LANGUAGES.map((l) => l.code);
  return {
    category: preset.category ?? '',
    questionType: preset.questionType ?? DEFAULT_QUESTION_TYPE,
    title: '',
    detail: { langWiseDetail: languages.map((language) => ({ language, detail: '' })) },
    primarySkill: '',
    complexity: '',
    secondarySkills: [],
    answers: [],
    ansTitle: DEFAULT_ANSWER_TITLE,
    shuffle: true,
    mediaType: 'TEXT',
    mediaUrl: null,
    isConsistencyQuestion: false,
    consistencyOf: null,
    consistencyOfTitle: null,
    isQualifying: preset.isQualifying ?? false,
    coding: null,
    maxPoints: DEFAULT_SHORT_TEXT_POINTS,
    editLanguage: languages[0],
  };
}

/** Every answer carries one text per language of the question, in the question's order. */
export function alignAnswerLanguages(answers: AnswerValues[], languages: readonly string[]): AnswerValues[] {
  return answers.map((answer) => ({
    ...answer,
    langWiseAnswer: languages.map((language) => ({ language, text: answer.langWiseAnswer.find((t) => t.language === language)?.text ?? '' })),
  }));
}

/** An API question as form values; a clone loses nothing but becomes a new question on save. */
export function toFormValues(question: ApiQuestion): QuestionFormValues {
  const langWiseDetail = question.detail.langWiseDetail.length ? question.detail.langWiseDetail : defaultQuestionValues().detail.langWiseDetail;
  const languages = langWiseDetail.map((d) => d.language);
  return {
    category: question.category,
    questionType: question.questionType,
    title: question.title,
    detail: { langWiseDetail: langWiseDetail.map((d) => ({ language: d.language, detail: d.detail ?? '', ...(d.guidance ? { guidance: d.guidance } : {}) })) },
    primarySkill: question.primarySkill ?? '',
    complexity: question.complexity ?? '',
    secondarySkills: question.secondarySkills ?? [],
    answers: alignAnswerLanguages(question.answers ?? [], languages),
    ansTitle: question.ansTitle ?? DEFAULT_ANSWER_TITLE,
    shuffle: question.shuffle,
    mediaType: question.mediaType,
    mediaUrl: question.mediaUrl,
    isConsistencyQuestion: question.isConsistencyQuestion,
    consistencyOf: question.consistencyOf ?? null,
    consistencyOfTitle: question.consistencyOfTitle ?? null,
    isQualifying: question.isQualifying,
    coding: question.coding ?? null,
    maxPoints: question.questionType === 'SHORT_TEXT' && question.maxPoints != null ? question.maxPoints : DEFAULT_SHORT_TEXT_POINTS,
    editLanguage: languages[0],
  };
}

/**
 * What is sent to the server: no UI-only fields, empty choices as absent, answers in their type's
 * shape; a short-text question's maximum and reviewer guidance, which other types do not have.
 */
export function toPayload(values: QuestionFormValues): Record<string, unknown> {
  const { editLanguage: _editing, consistencyOfTitle: _shown, answers, coding, mediaUrl, complexity, primarySkill, category, consistencyOf, maxPoints, detail, ...rest } = values;
  const correctness = answersUseCorrectFlag(values.questionType);
  const usesAnswers = typeHasAnswers(values.questionType);
  const shortText = values.questionType === 'SHORT_TEXT';
  return {
    ...rest,
    detail: {
      langWiseDetail: detail.langWiseDetail.map((d) => ({
        language: d.language,
        detail: d.detail,
        ...(shortText && d.guidance?.trim() ? { guidance: d.guidance.trim() } : {}),
      })),
    },
    ...(shortText ? { maxPoints } : {}),
    category: category || undefined,
    primarySkill: primarySkill || undefined,
    complexity: complexity || undefined,
    mediaUrl: values.mediaType === 'TEXT' ? null : mediaUrl || null,
    coding: values.questionType === 'CODING' ? coding : null,
    // Only a consistency question names the question it restates.
    consistencyOf: values.isConsistencyQuestion ? consistencyOf || null : null,
    answers: usesAnswers
      ? answers.map((a) => ({
          // A language left empty falls back to another for candidates; an answer needs one text at least.
          langWiseAnswer: a.langWiseAnswer.filter((t) => t.text.trim()),
          ...(correctness ? { isCorrect: !!a.isCorrect } : { value: a.value ?? null }),
          ...(values.isQualifying ? { disqualifies: !!a.disqualifies } : {}),
        }))
      : [],
  };
}

/** Statuses that, outside cloning, show Next and hide Save as draft (specification section 4). */
const SUBMITTED_STATUSES: readonly QuestionStatus[] = ['CREATED', 'APPROVED', 'REJECTED'];

export interface TopBarButtons {
  save: boolean;
  saveAsDraft: boolean;
  next: boolean;
  back: boolean;
  /** Saves the changes of a question in update mode or already submitted, on the last step. */
  update: boolean;
  /** Buttons are disabled (with a spinner) while the question loads or saves. */
  disabled: boolean;
}

/**
 * The top bar of section 4: for CREATED, APPROVED or REJECTED questions (unless cloning) Next shows
 * and Save as draft hides; otherwise Save and Save as draft show; in update mode the save buttons
 * hide. Next leads from the question to its answers, where Update saves what the save buttons
 * would have.
 */
export function topBarButtons(input: { mode: QuestionFormMode; status?: QuestionStatus | null; step: number; loading: boolean }): TopBarButtons {
  const submitted = input.mode !== 'clone' && !!input.status && SUBMITTED_STATUSES.includes(input.status);
  const saveButtons = !submitted && input.mode !== 'update';
  const last = input.step >= FORM_STEPS.length - 1;
  return {
    save: saveButtons,
    saveAsDraft: saveButtons,
    next: !last,
    back: input.step > 0,
    update: last && !saveButtons,
    disabled: input.loading,
  };
}

/** Whether an answer is marked right/wrong (correct flag) rather than worth points. */
export const answersUseCorrectFlag = (type: QuestionType) => CORRECTNESS_TYPES.includes(type);
/** Whether a question type takes a list of answers at all. */
export const typeHasAnswers = (type: QuestionType) => type !== 'CODING' && type !== 'SHORT_TEXT';

/**
 * Fields of the question step; an error in any other field belongs to the answers step, and so does
 * a short-text question's reviewer guidance (kept beside the detail of its language).
 */
const QUESTION_STEP_FIELDS = ['category', 'questionType', 'title', 'detail', 'primarySkill', 'complexity', 'secondarySkills', 'mediaType', 'mediaUrl', 'isQualifying', 'isConsistencyQuestion', 'consistencyOf'];
export const stepOfField = (path: string) => (QUESTION_STEP_FIELDS.includes(path.split('.')[0]) && !path.endsWith('.guidance') ? 0 : 1);
