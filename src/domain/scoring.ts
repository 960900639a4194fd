/**
 * Scoring (DESIGN.md section 6a): what an attempt's answers are worth, per question, per test, per
 * secondary skill, per test type and overall, with rating and development bands, consistency and
 * the integrity summary. Pure: the server stores its results (attempt_scores and the per-row tables)
 * with SCORING_VERSION; the browser previews with it. The rules are written down in README.md
 * ("How answers are scored").
 */
import { partIdOf } from './attempt';
import type { StoredAnswer, StoredQuestion } from './attemptQuestions';
import { DEFAULT_THRESHOLDS, ratingBand, type BandThresholds, type DevelopmentBand, type QuestionCategory, type QuestionType, type RatingBand } from './content';

/** Raised whenever a rule below changes what a stored score would be; reports name the version they show. */
export const SCORING_VERSION = 2;

// ---------------------------------------------------------------------------------------------
// Input

/** A question as scoring reads it: the stored question plus where its points count. */
export interface ScorableQuestion extends StoredQuestion {
  /** The question's points for correctness types and short text (null: 1). */
  maxPoints: number | null;
  secondarySkillIds: readonly string[];
  testTypeId: string | null;
  category: QuestionCategory;
  isConsistencyQuestion: boolean;
  /** For a consistency question: the question it restates. */
  consistencyOf: string | null;
}

/** What the hidden cases of a coding answer gave (answers.evaluation), as far as scoring needs it. */
export type CodingEvaluation =
  | { status: 'pending' }
  | {
      status: 'done';
      result: {
        earnedPoints: number;
        totalPoints: number;
        passedCount: number;
        /** Each case's outcome (the runner's RunResult has them): when given, only the hidden cases count. */
        results?: readonly { hidden: boolean; points: number; maxPoints: number }[];
      };
    }
  | { status: 'error'; message: string };

/** One question of an attempt with what the candidate did. */
export interface AnswerInput {
  question: ScorableQuestion;
  partId: string;
  /** The library test it was asked in; null for qualifying and custom questions. */
  testId: string | null;
  answer: StoredAnswer | null;
  evaluation: CodingEvaluation | null;
  /** A reviewer's points for a short-text answer (answer_reviews), else null. */
  reviewerPoints: number | null;
}

export interface SkillInfo {
  id: string;
  label: string;
  testTypeId: string;
  thresholds: BandThresholds;
}
export interface TestTypeInfo {
  id: string;
  label: string;
  category: QuestionCategory;
}
export interface TestInfo {
  id: string;
  name: string;
  testTypeId: string;
}

export interface AttemptInput {
  answers: readonly AnswerInput[];
  skills: readonly SkillInfo[];
  testTypes: readonly TestTypeInfo[];
  tests: readonly TestInfo[];
  events: readonly ProctoringEventInput[];
}

/** A proctoring event as the integrity summary reads it (proctoring_events). */
export interface ProctoringEventInput {
  type: string;
  occurredAt: number;
}

// ---------------------------------------------------------------------------------------------
// Output

/**
 * SCORED: counted; UNANSWERED: counted as 0 of its maximum; AWAITING_REVIEW (short text without a
 * reviewer's points) and AWAITING_EVALUATION (coding whose hidden cases have not run): not counted
 * yet; NOT_SCORED: qualifying and video questions, never counted.
 */
export const ANSWER_SCORE_STATUSES = ['SCORED', 'UNANSWERED', 'AWAITING_REVIEW', 'AWAITING_EVALUATION', 'NOT_SCORED'] as const;
export type AnswerScoreStatus = (typeof ANSWER_SCORE_STATUSES)[number];

export interface AnswerScore {
  questionId: string;
  partId: string;
  testId: string | null;
  status: AnswerScoreStatus;
  earned: number;
  max: number;
}

/** Points earned of the maximum; percent null when the maximum is 0 (nothing counted). */
export interface ScoreFigure {
  earned: number;
  max: number;
  percent: number | null;
  band: RatingBand | null;
}

export interface TestScore extends ScoreFigure {
  testId: string;
  name: string;
  testTypeId: string;
}
export interface TestTypeScore extends ScoreFigure {
  testTypeId: string;
  label: string;
  category: QuestionCategory;
  /** Personality test types only. */
  developmentBand: DevelopmentBand | null;
}
export interface SkillScore extends ScoreFigure {
  skillId: string;
  label: string;
  testTypeId: string;
  developmentBand: DevelopmentBand | null;
}

/** How alike the two answers of a consistency pair are, 0 to 100. */
export interface ConsistencyPair {
  questionId: string;
  pairedQuestionId: string;
  agreement: number;
}

export const INTEGRITY_LEVELS = ['NO_ISSUES', 'SOME_ISSUES', 'MAJOR_ISSUES'] as const;
export type IntegrityLevel = (typeof INTEGRITY_LEVELS)[number];

export interface IntegritySummary {
  level: IntegrityLevel;
  /** Events counted by type, the evidence behind the level (every type the rules read, 0 included). */
  counts: Record<string, number>;
  /** Each signal of INTEGRITY_RULES with its incidents and the level they reach (integritySummary fills it). */
  signals?: IntegritySignalFinding[];
}

/** One signal's evidence: how many separate incidents, and the level that count reaches on its own. */
export interface IntegritySignalFinding {
  signal: IntegritySignal;
  incidents: number;
  level: IntegrityLevel;
}

export interface AttemptScore {
  version: number;
  overall: ScoreFigure;
  tests: TestScore[];
  testTypes: TestTypeScore[];
  skills: SkillScore[];
  consistency: { pairs: ConsistencyPair[]; overall: number | null };
  integrity: IntegritySummary;
  answers: AnswerScore[];
  /** Answers not counted yet; the attempt's score is final when both are 0. */
  awaiting: { review: number; evaluation: number };
  complete: boolean;
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** Rounds half away from zero after removing floating noise (1.005 → 1.01, 0.1 + 0.2 → 0.3). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  const scaled = Number((value * factor).toPrecision(12));
  const rounded = (Math.sign(scaled) * Math.round(Math.abs(scaled))) / factor;
  return rounded === 0 ? 0 : rounded; // never -0
}
/** Points are kept to two decimals, percentages to one. */
export const roundPoints = (value: number) => roundTo(value, 2);
export const roundPercent = (value: number) => roundTo(value, 1);
const sumPoints = (values: readonly number[]) => roundPoints(values.reduce((sum, v) => sum + v, 0));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Points earned of the maximum as a figure: percent to one decimal (null when the maximum is 0) and
 * its rating band. The band is read from the percentage as shown, so 79.96 % shows as 80.0 % and High.
 */
export function scoreFigure(earned: number, max: number, thresholds: BandThresholds = DEFAULT_THRESHOLDS): ScoreFigure {
  const e = roundPoints(earned);
  const m = roundPoints(max);
  const percent = m > 0 ? roundPercent((100 * e) / m) : null;
  return { earned: e, max: m, percent, band: percent === null ? null : ratingBand(percent, thresholds) };
}

// ---------------------------------------------------------------------------------------------
// Development bands (personality test types)

/**
 * Lower bounds (percent) of the development bands. Symmetric around the middle: Balanced is the
 * middle 30 points, Strength and Needs development the 20 on either side, and the extremes (15 each)
 * are Derailer (a strength so overused it gets in the way) and Neglected.
 */
export const DEVELOPMENT_THRESHOLDS = { derailer: 85, strength: 65, balanced: 35, needsDevelopment: 15 } as const;

/** The development band of a personality score (percent). */
export function developmentBand(percent: number): DevelopmentBand {
  const t = DEVELOPMENT_THRESHOLDS;
  if (percent >= t.derailer) return 'DERAILER';
  if (percent >= t.strength) return 'STRENGTH';
  if (percent >= t.balanced) return 'BALANCED';
  if (percent >= t.needsDevelopment) return 'NEEDS_DEVELOPMENT';
  return 'NEGLECTED';
}

// ---------------------------------------------------------------------------------------------
// One answer

/** Types whose chosen answer is worth its own points (`value`). */
export const POINT_TYPES: readonly QuestionType[] = ['SINGLE_CHOICE', 'LIKERT', 'LIKERT_VARIANT', 'RATING_SCALE'];

const VIDEO_PART = partIdOf('VIDEO');
const optionPoints = (option: StoredQuestion['answers'][number] | undefined) => (typeof option?.value === 'number' && option.value > 0 ? option.value : 0);
const largestValue = (question: Pick<StoredQuestion, 'answers'>) => question.answers.reduce((max, a) => Math.max(max, optionPoints(a)), 0);

/** The hidden cases count (they resist answers written for the visible examples); a question without hidden cases counts all. */
function countedCases<T extends { hidden?: boolean | null }>(cases: readonly T[]): readonly T[] {
  const hidden = cases.filter((c) => c.hidden === true);
  return hidden.length ? hidden : cases;
}

/** The most a question is worth as scoring counts it (before qualifying and video questions are set aside). */
export function maxPointsFor(question: Pick<ScorableQuestion, 'questionType' | 'answers' | 'maxPoints' | 'coding'>): number {
  switch (question.questionType) {
    case 'CODING':
      return sumPoints(countedCases(question.coding?.testCases ?? []).map((t) => t.points ?? 1));
    case 'MULTIPLE_CHOICE':
    case 'CORRECT_INCORRECT':
    case 'SHORT_TEXT':
      return roundPoints(Math.max(0, question.maxPoints ?? 1));
    default:
      // Point types and sorting order: the largest option's points.
      return roundPoints(largestValue(question));
  }
}

/**
 * The keyed order of a sorting question: options by descending points, equal points by their stored
 * position (the report shows it so; scoring does not hold the candidate to an order between equals).
 */
export function keyedOrder(question: Pick<StoredQuestion, 'answers'>): number[] {
  return question.answers
    .map((a, index) => ({ index, points: optionPoints(a) }))
    .sort((x, y) => y.points - x.points || x.index - y.index)
    .map((o) => o.index);
}

/**
 * The share (0..1) of the keyed pairs that the candidate's order keeps: every two options with
 * different points, the one worth more placed first (Kendall's tau as a share of concordant pairs).
 * An option left out of the order agrees with none of its pairs; with no keyed pair, any order agrees.
 */
export function sortingAgreement(question: Pick<StoredQuestion, 'answers'>, order: readonly number[]): number {
  const position = new Map<number, number>();
  order.forEach((index, place) => {
    if (!position.has(index)) position.set(index, place);
  });
  let keyed = 0;
  let kept = 0;
  const { answers } = question;
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      const pi = optionPoints(answers[i]);
      const pj = optionPoints(answers[j]);
      if (pi === pj) continue;
      keyed++;
      const [higher, lower] = pi > pj ? [i, j] : [j, i];
      const ph = position.get(higher);
      const pl = position.get(lower);
      if (ph !== undefined && pl !== undefined && ph < pl) kept++;
    }
  }
  return keyed === 0 ? 1 : kept / keyed;
}

/**
 * Multiple choice, partly right (as Moodle's multiple-answer questions are weighted): each keyed
 * option chosen earns 1/k of the points, each other option chosen loses 1/(n − k), never below 0.
 * All keyed and nothing else earns everything; choosing every option earns nothing.
 */
export function multipleChoiceShare(question: Pick<StoredQuestion, 'answers'>, chosen: readonly number[]): number {
  const n = question.answers.length;
  const keyed = question.answers.filter((a) => a.isCorrect === true).length;
  if (keyed === 0) return 0;
  let right = 0;
  let wrong = 0;
  for (const index of new Set(chosen)) {
    const option = question.answers[index];
    if (!option) continue;
    if (option.isCorrect === true) right++;
    else wrong++;
  }
  const penalty = n > keyed ? wrong / (n - keyed) : 0;
  return Math.max(0, right / keyed - penalty);
}

/** The share (0..1) of a coding answer's counted cases' points that it earned. */
function codingShare(result: Extract<CodingEvaluation, { status: 'done' }>['result']): number {
  if (result.results?.length) {
    const cases = countedCases(result.results);
    const total = cases.reduce((sum, c) => sum + c.maxPoints, 0);
    return total > 0 ? clamp(cases.reduce((sum, c) => sum + c.points, 0) / total, 0, 1) : 0;
  }
  return result.totalPoints > 0 ? clamp(result.earnedPoints / result.totalPoints, 0, 1) : 0;
}

const chosenOf = (answer: StoredAnswer | null) => (answer && 'answerIndexes' in answer && answer.answerIndexes.length ? answer.answerIndexes : null);

/** What one question of an attempt is worth (the rules: README, "How answers are scored"). */
export function scoreAnswer(input: AnswerInput): AnswerScore {
  const { question, answer } = input;
  const base = { questionId: question.id, partId: input.partId, testId: input.testId };
  const result = (status: AnswerScoreStatus, earned: number, max: number): AnswerScore => ({ ...base, status, earned: roundPoints(earned), max: roundPoints(max) });

  if (question.isQualifying || input.partId === VIDEO_PART || (answer !== null && 'objectKey' in answer)) return result('NOT_SCORED', 0, 0);
  const max = maxPointsFor(question);

  switch (question.questionType) {
    case 'SHORT_TEXT': {
      if (!answer || !('text' in answer) || !answer.text.trim()) return result('UNANSWERED', 0, max);
      if (input.reviewerPoints === null || !Number.isFinite(input.reviewerPoints)) return result('AWAITING_REVIEW', 0, max);
      return result('SCORED', clamp(input.reviewerPoints, 0, max), max);
    }
    case 'CODING': {
      if (!answer || !('source' in answer) || !answer.source.trim()) return result('UNANSWERED', 0, max);
      // Not run yet, or the runner failed (not the candidate's doing): not counted until it has run.
      if (input.evaluation?.status !== 'done') return result('AWAITING_EVALUATION', 0, max);
      return result('SCORED', max * codingShare(input.evaluation.result), max);
    }
    default: {
      const chosen = chosenOf(answer);
      if (!chosen) return result('UNANSWERED', 0, max);
      switch (question.questionType) {
        case 'MULTIPLE_CHOICE':
          return result('SCORED', max * multipleChoiceShare(question, chosen), max);
        case 'CORRECT_INCORRECT':
          return result('SCORED', question.answers[chosen[0]]?.isCorrect === true ? max : 0, max);
        case 'SORTING_ORDER':
          return result('SCORED', max * sortingAgreement(question, chosen), max);
        default:
          return result('SCORED', Math.min(optionPoints(question.answers[chosen[0]]), max), max);
      }
    }
  }
}

/** Whether an answer's points are in its test's, skills' and the overall figures (awaiting and not-scored answers are not). */
export const countsTowardsScore = (status: AnswerScoreStatus) => status === 'SCORED' || status === 'UNANSWERED';

// ---------------------------------------------------------------------------------------------
// Integrity

export const INTEGRITY_SIGNALS = ['LEFT_PAGE', 'FULLSCREEN_EXIT', 'PASTE', 'DEVICE_LOST', 'SECOND_DEVICE'] as const;
export type IntegritySignal = (typeof INTEGRITY_SIGNALS)[number];

/**
 * What the integrity summary reads: each signal's event types, and from how many incidents it
 * reaches SOME_ISSUES and MAJOR_ISSUES. Events of one signal less than INCIDENT_WINDOW_MS after the
 * first of a run are one incident (leaving a tab records both TAB_HIDDEN and WINDOW_BLUR; a device
 * withdrawn ends its camera and its microphone together). Offline spells are shown, not counted.
 */
export const INTEGRITY_RULES: readonly { signal: IntegritySignal; eventTypes: readonly string[]; some: number; major: number }[] = [
  { signal: 'LEFT_PAGE', eventTypes: ['TAB_HIDDEN', 'WINDOW_BLUR'], some: 2, major: 6 },
  { signal: 'FULLSCREEN_EXIT', eventTypes: ['FULLSCREEN_EXIT'], some: 1, major: 3 },
  { signal: 'PASTE', eventTypes: ['PASTE'], some: 1, major: 3 },
  { signal: 'DEVICE_LOST', eventTypes: ['CAMERA_LOST', 'MICROPHONE_LOST'], some: 1, major: 2 },
  // Version 2: another device took up the attempt while it was under way.
  { signal: 'SECOND_DEVICE', eventTypes: ['SECOND_DEVICE'], some: 1, major: 2 },
];
export const INCIDENT_WINDOW_MS = 1000;

const LEVEL_RANK: Record<IntegrityLevel, number> = { NO_ISSUES: 0, SOME_ISSUES: 1, MAJOR_ISSUES: 2 };

/** Separate incidents among event times: a new one starts more than the window after the last one's first event. */
function incidentsOf(times: number[]): number {
  let incidents = 0;
  let start = -Infinity;
  for (const t of [...times].sort((a, b) => a - b)) {
    if (t - start >= INCIDENT_WINDOW_MS) {
      incidents++;
      start = t;
    }
  }
  return incidents;
}

/** The integrity summary of an attempt's proctoring events: evidence for a person to read, never a verdict. */
export function integritySummary(events: readonly ProctoringEventInput[]): IntegritySummary {
  const counts: Record<string, number> = {};
  for (const rule of INTEGRITY_RULES) for (const type of rule.eventTypes) counts[type] = 0;
  for (const event of events) if (event.type in counts) counts[event.type]++;
  const signals = INTEGRITY_RULES.map((rule): IntegritySignalFinding => {
    const incidents = incidentsOf(events.filter((e) => rule.eventTypes.includes(e.type)).map((e) => e.occurredAt));
    const level: IntegrityLevel = incidents >= rule.major ? 'MAJOR_ISSUES' : incidents >= rule.some ? 'SOME_ISSUES' : 'NO_ISSUES';
    return { signal: rule.signal, incidents, level };
  });
  const level = signals.reduce<IntegrityLevel>((worst, s) => (LEVEL_RANK[s.level] > LEVEL_RANK[worst] ? s.level : worst), 'NO_ISSUES');
  return { level, counts, signals };
}

// ---------------------------------------------------------------------------------------------
// Percentile

/**
 * The percentile rank of a score among the completed attempts' scores (the attempt's own included):
 * the share of scores below it plus half the share equal to it, 0..100, one decimal. Among no scores
 * a score stands alone: 50.
 */
export function percentileRank(score: number, scores: readonly number[]): number {
  const known = scores.filter((s) => Number.isFinite(s));
  if (!known.length) return 50;
  let below = 0;
  let equal = 0;
  for (const s of known) {
    if (s < score) below++;
    else if (s === score) equal++;
  }
  return roundPercent((100 * (below + equal / 2)) / known.length);
}

// ---------------------------------------------------------------------------------------------
// A whole attempt

/**
 * Where an answer sits on its question's own scale, 0..1: for point types from the lowest option's
 * points to the highest (so the two ends of a 1-to-5 scale are 0 and 1), else earned of max. Null
 * when the scale has no length.
 */
function scalePosition(input: AnswerInput, score: AnswerScore): number | null {
  if (POINT_TYPES.includes(input.question.questionType)) {
    const values = input.question.answers.map(optionPoints);
    const low = Math.min(...values);
    const high = Math.max(...values);
    return high > low ? clamp((score.earned - low) / (high - low), 0, 1) : null;
  }
  return score.max > 0 ? score.earned / score.max : null;
}

/** Agreement of each consistency pair (both answered and scored), 0..100, and their mean. */
function consistencyOf(inputs: readonly AnswerInput[], scores: readonly AnswerScore[]): AttemptScore['consistency'] {
  const byId = new Map(inputs.map((input, i) => [input.question.id, { input, score: scores[i] }]));
  const seen = new Set<string>();
  const exact: number[] = [];
  const pairs: ConsistencyPair[] = [];
  inputs.forEach((input, i) => {
    const { question } = input;
    const other = question.isConsistencyQuestion && question.consistencyOf ? byId.get(question.consistencyOf) : undefined;
    if (!other || other.input.question.id === question.id) return;
    const key = [question.id, other.input.question.id].sort().join(' ');
    if (seen.has(key) || scores[i].status !== 'SCORED' || other.score.status !== 'SCORED') return;
    const a = scalePosition(input, scores[i]);
    const b = scalePosition(other.input, other.score);
    if (a === null || b === null) return;
    seen.add(key);
    const agreement = 100 * (1 - Math.abs(a - b));
    exact.push(agreement);
    pairs.push({ questionId: question.id, pairedQuestionId: other.input.question.id, agreement: roundPercent(agreement) });
  });
  return { pairs, overall: exact.length ? roundPercent(exact.reduce((s, v) => s + v, 0) / exact.length) : null };
}

const totalOf = (scores: readonly AnswerScore[]) => ({ earned: sumPoints(scores.map((s) => s.earned)), max: sumPoints(scores.map((s) => s.max)) });

/** Scores a whole attempt: per answer, test, secondary skill, test type and overall, with consistency and integrity. */
export function scoreAttempt(input: AttemptInput): AttemptScore {
  const answers = input.answers.map(scoreAnswer);
  const scored = input.answers.map((a, i) => ({ question: a.question, score: answers[i] })).filter((a) => a.score.status !== 'NOT_SCORED');
  const counted = scored.filter((a) => countsTowardsScore(a.score.status));
  const figureOf = (which: (a: (typeof scored)[number]) => boolean, thresholds?: BandThresholds) => {
    const total = totalOf(counted.filter(which).map((a) => a.score));
    return scoreFigure(total.earned, total.max, thresholds);
  };
  const isPersonality = (testTypeId: string, questions: readonly ScorableQuestion[]) => {
    const testType = input.testTypes.find((t) => t.id === testTypeId);
    return testType ? testType.category === 'PERSONALITY' : questions.length > 0 && questions.every((q) => q.category === 'PERSONALITY');
  };
  const developmentOf = (figure: ScoreFigure, personality: boolean) => (personality && figure.percent !== null ? developmentBand(figure.percent) : null);

  const tests = input.tests.map((test): TestScore => ({ testId: test.id, name: test.name, testTypeId: test.testTypeId, ...figureOf((a) => a.score.testId === test.id) }));

  const skills = input.skills.flatMap((skill): SkillScore[] => {
    const questions = scored.filter((a) => a.question.secondarySkillIds.includes(skill.id)).map((a) => a.question);
    if (!questions.length) return [];
    const figure = figureOf((a) => a.question.secondarySkillIds.includes(skill.id), skill.thresholds);
    return [{ skillId: skill.id, label: skill.label, testTypeId: skill.testTypeId, ...figure, developmentBand: developmentOf(figure, isPersonality(skill.testTypeId, questions)) }];
  });

  const testTypes = input.testTypes.flatMap((testType): TestTypeScore[] => {
    if (!scored.some((a) => a.question.testTypeId === testType.id)) return [];
    const figure = figureOf((a) => a.question.testTypeId === testType.id);
    return [{ testTypeId: testType.id, label: testType.label, category: testType.category, ...figure, developmentBand: developmentOf(figure, testType.category === 'PERSONALITY') }];
  });

  const awaiting = {
    review: answers.filter((a) => a.status === 'AWAITING_REVIEW').length,
    evaluation: answers.filter((a) => a.status === 'AWAITING_EVALUATION').length,
  };
  return {
    version: SCORING_VERSION,
    overall: figureOf(() => true),
    tests,
    testTypes,
    skills,
    consistency: consistencyOf(input.answers, answers),
    integrity: integritySummary(input.events),
    answers,
    awaiting,
    complete: awaiting.review === 0 && awaiting.evaluation === 0,
  };
}
