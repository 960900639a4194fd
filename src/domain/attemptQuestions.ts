/**
 * The questions of an attempt as a candidate sees them, and the candidate's answers to them
 * (DESIGN.md section 6, "What a candidate may see"). `candidateQuestion` is the one definition of
 * what leaves the server: it builds the view field by field, so points, correct flags,
 * disqualifying flags, hidden test cases and report content cannot slip through. `validateAnswer`
 * checks an answer against that view, on the page before saving and on the server before storing.
 */
import { z } from 'zod';
import { RUN_LIMITS } from './codeRunner';
import { englishOf, type MessageParams } from './messages';
import { answerTitleIn, PROGRAMMING_LANGUAGES, type MediaType, type QuestionType } from './content';
import { inLanguage } from './language';
import { optionOrder } from './optionOrder';

// ---------------------------------------------------------------------------------------------
// What the server holds

/** A question as stored (the columns a candidate's view is made from, and some it must never show). */
export interface StoredQuestion {
  id: string;
  title?: string;
  questionType: QuestionType;
  /** The text per language; a short-text question's reviewer guidance beside it (never the candidate's). */
  details: readonly { language: string; detail: string; guidance?: string }[];
  answers: readonly { langWiseAnswer: readonly { language: string; text: string }[]; value?: number | null; isCorrect?: boolean; disqualifies?: boolean }[];
  answerTitle: string | null;
  mediaType: MediaType;
  mediaUrl: string | null;
  shuffle: boolean;
  isQualifying: boolean;
  coding: {
    languages: readonly number[];
    starterCode: Readonly<Record<string, string>>;
    testCases: readonly { input: string; expectedOutput: string; points?: number | null; hidden?: boolean }[];
    timeLimitMs?: number | null;
    memoryLimitMb?: number | null;
  } | null;
  [other: string]: unknown;
}

/** A video question of an assessment (`videoType: INTRO`): a prompt per language. */
export interface StoredVideoQuestion {
  id: string;
  videoType: 'INTRO';
  prompt: readonly { language: string; detail: string }[];
  /** The longest recording accepted, in seconds. */
  maxSeconds?: number | null;
  /** How many times the candidate may record again after the first recording. */
  retakes?: number | null;
  [other: string]: unknown;
}

// ---------------------------------------------------------------------------------------------
// What a candidate sees

export interface CandidateOption {
  /**
   * The option's name in this attempt: opaque, so that it says nothing about the stored order (a
   * sorting question's key) or about the same option in another attempt. See `OptionNamer`.
   */
  id: string;
  text: string;
}

/**
 * How an attempt names a question's options: the option's stored position to its opaque id. The
 * server's namer is keyed by the attempt's secret seed (server/modules/take/state.ts), so ids can
 * neither be ordered nor computed by the candidate; answers come back in ids and are stored as
 * positions (`toStoredAnswer`).
 */
export type OptionNamer = (questionId: string, index: number) => string;

export interface CandidateBankQuestion {
  id: string;
  questionType: QuestionType;
  isQualifying: boolean;
  /** The question in the attempt's language (falling back as `inLanguage` does). */
  text: string;
  answerTitle: string | null;
  mediaType: MediaType;
  mediaUrl: string | null;
  /** In the order to show: scales as stored, choices and sorting items shuffled by the attempt's seed when the question asks. */
  options: CandidateOption[];
  /** Coding questions only: allowed languages, their starter code, and the visible examples. */
  coding: {
    languages: number[];
    starterCode: Record<string, string>;
    examples: { input: string; expectedOutput: string }[];
  } | null;
}

export interface CandidateVideoQuestion {
  id: string;
  questionType: 'VIDEO';
  videoType: 'INTRO';
  text: string;
  maxSeconds: number | null;
  /** Recordings allowed after the first (the page counts them with `videoTakes`). */
  retakes: number;
}

export type CandidateQuestion = CandidateBankQuestion | CandidateVideoQuestion;

/** The seed of a question's option order in an attempt: a reload, on any device, shows the same order. */
export const optionSeed = (attemptSeed: string, questionId: string) => `${attemptSeed}:${questionId}`;

/** A stored question stripped to what the candidate receives, in the attempt's language and option order, options named by `nameOption`. */
export function candidateQuestion(question: StoredQuestion, attemptSeed: string, language: string, nameOption: OptionNamer): CandidateBankQuestion {
  const options = question.answers.map((a, index) => ({ id: nameOption(question.id, index), text: inLanguage(a.langWiseAnswer, language)?.text ?? '' }));
  const coding = question.questionType === 'CODING' && question.coding ? question.coding : null;
  return {
    id: question.id,
    questionType: question.questionType,
    isQualifying: question.isQualifying,
    text: inLanguage(question.details, language)?.detail ?? '',
    answerTitle: question.answerTitle === null ? null : answerTitleIn(question.answerTitle, language),
    mediaType: question.mediaType,
    mediaUrl: question.mediaUrl,
    options: hasOptions(question.questionType) ? optionOrder(question, options, optionSeed(attemptSeed, question.id)) : [],
    coding: coding && {
      languages: [...coding.languages],
      starterCode: Object.fromEntries(coding.languages.filter((id) => String(id) in coding.starterCode).map((id) => [String(id), coding.starterCode[String(id)]])),
      examples: coding.testCases.filter((t) => !t.hidden).map((t) => ({ input: t.input, expectedOutput: t.expectedOutput })),
    },
  };
}

/** A video question as the candidate receives it. */
export function candidateVideoQuestion(question: StoredVideoQuestion, language: string): CandidateVideoQuestion {
  return {
    id: question.id,
    questionType: 'VIDEO',
    videoType: question.videoType,
    text: inLanguage(question.prompt, language)?.detail ?? '',
    maxSeconds: question.maxSeconds ?? null,
    retakes: question.retakes ?? 0,
  };
}

const hasOptions = (type: QuestionType) => type !== 'SHORT_TEXT' && type !== 'CODING';

// ---------------------------------------------------------------------------------------------
// A candidate's answer

/** The longest short-text answer, in characters. */
export const SHORT_TEXT_MAX_LENGTH = 2000;

/** Chosen options by their ids, as the candidate sends them (one for single-answer types, several for multiple choice, all in order for sorting). */
export interface ChoiceAnswer {
  optionIds: string[];
}
/** Chosen options by their stored positions, as answers are stored and scored. */
export interface StoredChoiceAnswer {
  answerIndexes: number[];
}
export interface TextAnswer {
  text: string;
}
export interface CodeAnswer {
  languageId: number;
  source: string;
}
/** An uploaded recording, by its object key (what the signed upload answered). */
export interface VideoAnswer {
  objectKey: string;
}
/** An answer as the candidate's page sends and receives it. */
export type CandidateAnswer = ChoiceAnswer | TextAnswer | CodeAnswer | VideoAnswer;
/** An answer as stored: choices by stored position. */
export type StoredAnswer = StoredChoiceAnswer | TextAnswer | CodeAnswer | VideoAnswer;

/** Types answered with exactly one option (a qualifying question is answered as its type says). */
export const SINGLE_ANSWER_TYPES: readonly QuestionType[] = ['SINGLE_CHOICE', 'LIKERT', 'LIKERT_VARIANT', 'RATING_SCALE', 'CORRECT_INCORRECT'];

/** An object key as uploads make them (`uploads/YYYY/MM/…`), with the storage's own rule for keys (server/lib/storage.ts). */
const OBJECT_KEY = /^uploads\/[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const isUploadKey = (key: string) => key.length <= 512 && OBJECT_KEY.test(key) && !key.includes('..');

const choiceShape = z.strictObject({ optionIds: z.array(z.string().max(100)).max(100) });
const textShape = z.strictObject({ text: z.string() });
const codeShape = z.strictObject({ languageId: z.number().int(), source: z.string() });
const videoShape = z.strictObject({ objectKey: z.string() });

/** Why an answer does not fit its question: these messages (src/domain/messages.ts). */
export type AnswerMessageCode =
  | 'answerInvalid'
  | 'chooseOne'
  | 'chooseAtLeastOne'
  | 'unknownOption'
  | 'optionTwice'
  | 'sortAll'
  | 'textRequired'
  | 'textTooLong'
  | 'codeLanguage'
  | 'codeRequired'
  | 'codeTooLong'
  | 'videoRequired';

/** An answer that fits, cleaned; or why not, by code (what the server answers) and in English. */
export type AnswerCheck = { ok: true; answer: CandidateAnswer } | { ok: false; code: AnswerMessageCode; params?: MessageParams; message: string };
const fail = (code: AnswerMessageCode, params?: MessageParams): AnswerCheck => ({ ok: false, code, ...(params && { params }), message: englishOf({ code, params }) });

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Checks a candidate's answer against the question as the candidate sees it. */
export function validateAnswer(question: CandidateQuestion, answer: unknown): AnswerCheck {
  if (question.questionType === 'VIDEO') {
    const parsed = videoShape.safeParse(answer);
    if (!parsed.success) return fail('videoRequired');
    return isUploadKey(parsed.data.objectKey) ? { ok: true, answer: parsed.data } : fail('videoRequired');
  }
  switch (question.questionType) {
    case 'SHORT_TEXT': {
      const parsed = textShape.safeParse(answer);
      if (!parsed.success) return fail('answerInvalid');
      const text = parsed.data.text.trim();
      if (!text) return fail('textRequired');
      if ([...text].length > SHORT_TEXT_MAX_LENGTH) return fail('textTooLong', { max: SHORT_TEXT_MAX_LENGTH });
      return { ok: true, answer: { text } };
    }
    case 'CODING': {
      const parsed = codeShape.safeParse(answer);
      if (!parsed.success) return fail('answerInvalid');
      const { languageId, source } = parsed.data;
      const allowed = question.coding?.languages ?? [];
      if (!allowed.includes(languageId) || !(String(languageId) in PROGRAMMING_LANGUAGES)) return fail('codeLanguage');
      if (!source.trim()) return fail('codeRequired');
      if (utf8Bytes(source) > RUN_LIMITS.maxSourceBytes) return fail('codeTooLong', { max: RUN_LIMITS.maxSourceBytes / 1024 });
      return { ok: true, answer: { languageId, source } };
    }
    default:
      return validateChoice(question, answer);
  }
}

function validateChoice(question: CandidateBankQuestion, answer: unknown): AnswerCheck {
  const parsed = choiceShape.safeParse(answer);
  if (!parsed.success) return fail('answerInvalid');
  const chosen = parsed.data.optionIds;
  const shownAt = new Map(question.options.map((o, place) => [o.id, place]));
  if (chosen.some((id) => !shownAt.has(id))) return fail('unknownOption');
  const distinct = new Set(chosen).size === chosen.length;
  if (question.questionType === 'SORTING_ORDER') {
    return distinct && chosen.length === shownAt.size && shownAt.size > 0 ? { ok: true, answer: { optionIds: [...chosen] } } : fail('sortAll');
  }
  if (!distinct) return fail('optionTwice');
  if (question.questionType === 'MULTIPLE_CHOICE') {
    // In the order shown, so that one set of choices is one answer.
    return chosen.length >= 1 ? { ok: true, answer: { optionIds: [...chosen].sort((a, b) => shownAt.get(a)! - shownAt.get(b)!) } } : fail('chooseAtLeastOne');
  }
  return chosen.length === 1 ? { ok: true, answer: { optionIds: [...chosen] } } : fail('chooseOne');
}

/**
 * A checked answer as stored: option ids become stored positions (multiple choice in ascending
 * order). An id not among the question's throws: `validateAnswer` checked the answer against the
 * same view first.
 */
export function toStoredAnswer(question: CandidateQuestion, answer: CandidateAnswer, nameOption: OptionNamer): StoredAnswer {
  if (!('optionIds' in answer)) return answer;
  const positions = new Map(Array.from({ length: question.questionType === 'VIDEO' ? 0 : question.options.length }, (_, index) => [nameOption(question.id, index), index]));
  const answerIndexes = answer.optionIds.map((id) => {
    const index = positions.get(id);
    if (index === undefined) throw new Error(`option ${id} is not one of question ${question.id}'s`);
    return index;
  });
  return { answerIndexes: question.questionType === 'MULTIPLE_CHOICE' ? answerIndexes.sort((a, b) => a - b) : answerIndexes };
}

/** A stored answer as the candidate's page holds it: stored positions become this attempt's option ids. */
export function toCandidateAnswer(questionId: string, answer: StoredAnswer, nameOption: OptionNamer): CandidateAnswer {
  if (!('answerIndexes' in answer)) return answer;
  return { optionIds: answer.answerIndexes.map((index) => nameOption(questionId, index)) };
}

/** The same check as a zod schema (for a route that knows the question): the parsed value is the cleaned answer. */
export const answerSchemaFor = (question: CandidateQuestion) =>
  z.unknown().transform((value, ctx): CandidateAnswer => {
    const check = validateAnswer(question, value);
    if (check.ok) return check.answer;
    ctx.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  });

/**
 * Whether a qualifying answer disqualifies the candidate: one of the chosen options is marked so.
 * Decided on the server, from the stored question (the candidate's view has no such marks).
 */
export function disqualifies(question: Pick<StoredQuestion, 'isQualifying' | 'answers'>, answer: StoredAnswer): boolean {
  if (!question.isQualifying || !('answerIndexes' in answer)) return false;
  return answer.answerIndexes.some((i) => question.answers[i]?.disqualifies === true);
}
