import { describe, expect, it } from 'vitest';
import type { StoredAnswer } from '../../src/domain/attemptQuestions';
import type { BandThresholds } from '../../src/domain/content';
import {
  developmentBand,
  integritySummary,
  keyedOrder,
  maxPointsFor,
  percentileRank,
  POINT_TYPES,
  roundPoints,
  scoreAnswer,
  scoreAttempt,
  scoreFigure,
  SCORING_VERSION,
  type AnswerInput,
  type AttemptInput,
  type CodingEvaluation,
  type ProctoringEventInput,
  type ScorableQuestion,
} from '../../src/domain/scoring';

// ---------------------------------------------------------------------------------------------
// Fixtures

const option = (value: number | null, isCorrect?: boolean) => ({ langWiseAnswer: [{ language: 'en', text: `option ${value}` }], value, ...(isCorrect === undefined ? {} : { isCorrect }) });
const values = (...points: number[]) => points.map((p) => option(p));
/** Options for correctness types: true marks the keyed ones. */
const keyed = (...marks: boolean[]) => marks.map((m) => option(null, m));

const question = (over: Partial<ScorableQuestion> & Pick<ScorableQuestion, 'id' | 'questionType'>): ScorableQuestion => ({
  details: [{ language: 'en', detail: `<p>${over.id}</p>` }],
  answers: [],
  answerTitle: null,
  mediaType: 'TEXT',
  mediaUrl: null,
  shuffle: false,
  isQualifying: false,
  coding: null,
  maxPoints: null,
  secondarySkillIds: [],
  testTypeId: 'tt-competency',
  category: 'COMPETENCY',
  isConsistencyQuestion: false,
  consistencyOf: null,
  ...over,
});

const input = (q: ScorableQuestion, answer: StoredAnswer | null, over: Partial<AnswerInput> = {}): AnswerInput => ({
  question: q,
  partId: 'test:t1',
  testId: 't1',
  answer,
  evaluation: null,
  reviewerPoints: null,
  ...over,
});

const chose = (...answerIndexes: number[]): StoredAnswer => ({ answerIndexes });
const scoreOf = (q: ScorableQuestion, answer: StoredAnswer | null, over: Partial<AnswerInput> = {}) => {
  const { status, earned, max } = scoreAnswer(input(q, answer, over));
  return { status, earned, max };
};

// ---------------------------------------------------------------------------------------------
// One answer

describe('point types: the chosen answer’s points of the largest', () => {
  it.each(POINT_TYPES)('%s earns the chosen option’s value, the maximum is the largest value', (questionType) => {
    const q = question({ id: 'q', questionType, answers: values(1, 2, 3, 5) });
    expect(scoreOf(q, chose(2))).toEqual({ status: 'SCORED', earned: 3, max: 5 });
    expect(scoreOf(q, chose(3))).toEqual({ status: 'SCORED', earned: 5, max: 5 });
    expect(scoreOf(q, chose(0))).toEqual({ status: 'SCORED', earned: 1, max: 5 });
  });

  it('keeps decimal points exact and reads the largest value wherever it is stored', () => {
    const q = question({ id: 'q', questionType: 'LIKERT', answers: values(2.5, 0.5, 1.5) });
    expect(scoreOf(q, chose(1))).toEqual({ status: 'SCORED', earned: 0.5, max: 2.5 });
  });

  it('an option no longer in the question (changed since) earns 0; no answer is unanswered, 0 of the maximum', () => {
    const q = question({ id: 'q', questionType: 'SINGLE_CHOICE', answers: values(1, 4) });
    expect(scoreOf(q, chose(7))).toEqual({ status: 'SCORED', earned: 0, max: 4 });
    expect(scoreOf(q, null)).toEqual({ status: 'UNANSWERED', earned: 0, max: 4 });
    expect(scoreOf(q, chose())).toEqual({ status: 'UNANSWERED', earned: 0, max: 4 });
    expect(scoreOf(q, { text: 'words' })).toEqual({ status: 'UNANSWERED', earned: 0, max: 4 });
  });
});

describe('multiple choice: +1/k per keyed option chosen, −1/(n−k) per other option chosen, never below 0', () => {
  // 5 options, the first two keyed: k = 2, n − k = 3; worth 3 points.
  const q = question({ id: 'q', questionType: 'MULTIPLE_CHOICE', maxPoints: 3, answers: keyed(true, true, false, false, false) });

  it('every keyed option and nothing else earns all the points', () => {
    expect(scoreOf(q, chose(0, 1))).toEqual({ status: 'SCORED', earned: 3, max: 3 });
  });
  it('half the keyed options earn half', () => {
    expect(scoreOf(q, chose(0))).toEqual({ status: 'SCORED', earned: 1.5, max: 3 });
  });
  it('a wrong option chosen costs 1/3 of the points here', () => {
    // 3 × (2/2 − 1/3) = 2
    expect(scoreOf(q, chose(0, 1, 2)).earned).toBe(2);
    // 3 × (1/2 − 1/3) = 0.5
    expect(scoreOf(q, chose(0, 2)).earned).toBe(0.5);
  });
  it('more wrong than right is 0, not negative; only wrong options is 0', () => {
    expect(scoreOf(q, chose(0, 2, 3)).earned).toBe(0);
    expect(scoreOf(q, chose(3)).earned).toBe(0);
  });
  it('choosing every option earns nothing, however many are keyed', () => {
    expect(scoreOf(q, chose(0, 1, 2, 3, 4)).earned).toBe(0);
    const mostlyKeyed = question({ id: 'q', questionType: 'MULTIPLE_CHOICE', answers: keyed(true, true, true, false) });
    expect(scoreOf(mostlyKeyed, chose(0, 1, 2, 3))).toEqual({ status: 'SCORED', earned: 0, max: 1 });
    // maxPoints null counts 1: 1 × 2/3 = 0.67
    expect(scoreOf(mostlyKeyed, chose(0, 1))).toEqual({ status: 'SCORED', earned: 0.67, max: 1 });
  });
  it('with every option keyed nothing is wrong: each is 1/n', () => {
    const allKeyed = question({ id: 'q', questionType: 'MULTIPLE_CHOICE', maxPoints: 2, answers: keyed(true, true) });
    expect(scoreOf(allKeyed, chose(0)).earned).toBe(1);
  });
  it('an option repeated counts once', () => {
    expect(scoreOf(q, chose(0, 0)).earned).toBe(1.5);
  });
});

describe('correct / incorrect: all or nothing', () => {
  const q = question({ id: 'q', questionType: 'CORRECT_INCORRECT', maxPoints: 2, answers: keyed(true, false) });
  it('the keyed answer earns the question’s points, the other earns 0', () => {
    expect(scoreOf(q, chose(0))).toEqual({ status: 'SCORED', earned: 2, max: 2 });
    expect(scoreOf(q, chose(1))).toEqual({ status: 'SCORED', earned: 0, max: 2 });
  });
  it('a question without points is worth 1', () => {
    expect(scoreOf({ ...q, maxPoints: null }, chose(0))).toEqual({ status: 'SCORED', earned: 1, max: 1 });
  });
});

describe('sorting order: the share of keyed pairs kept, of the largest value', () => {
  // Keyed order 0, 1, 2, 3 (4 > 3 > 2 > 1): six pairs; worth 4 points.
  const q = question({ id: 'q', questionType: 'SORTING_ORDER', answers: values(4, 3, 2, 1) });

  it('the keyed order is by descending points, equal points by stored position', () => {
    expect(keyedOrder(q)).toEqual([0, 1, 2, 3]);
    expect(keyedOrder({ answers: values(1, 5, 3, 5) })).toEqual([1, 3, 2, 0]);
  });
  it('the keyed order earns all, the reverse earns nothing', () => {
    expect(scoreOf(q, chose(0, 1, 2, 3))).toEqual({ status: 'SCORED', earned: 4, max: 4 });
    expect(scoreOf(q, chose(3, 2, 1, 0)).earned).toBe(0);
  });
  it('one neighbouring swap loses one pair of six: 4 × 5/6 = 3.33', () => {
    expect(scoreOf(q, chose(1, 0, 2, 3)).earned).toBe(3.33);
    expect(scoreOf(q, chose(0, 1, 3, 2)).earned).toBe(3.33);
  });
  it('an item moved two places loses two pairs: 4 × 4/6 = 2.67', () => {
    expect(scoreOf(q, chose(2, 0, 1, 3)).earned).toBe(2.67);
  });
  it('an item left out agrees with none of its pairs: 4 × 3/6 = 2', () => {
    expect(scoreOf(q, chose(0, 1, 2)).earned).toBe(2);
  });
  it('items of equal points may come in either order', () => {
    // 3, 3, 1: the pairs (0, 2) and (1, 2) are keyed; (0, 1) is not. Worth 3.
    const tied = question({ id: 'q', questionType: 'SORTING_ORDER', answers: values(3, 3, 1) });
    expect(scoreOf(tied, chose(1, 0, 2)).earned).toBe(3);
    expect(scoreOf(tied, chose(0, 2, 1)).earned).toBe(1.5);
    expect(scoreOf(tied, chose(2, 0, 1)).earned).toBe(0);
    const allEqual = question({ id: 'q', questionType: 'SORTING_ORDER', answers: values(2, 2, 2) });
    expect(scoreOf(allEqual, chose(2, 1, 0))).toEqual({ status: 'SCORED', earned: 2, max: 2 });
  });
  it('no order given is unanswered', () => {
    expect(scoreOf(q, null)).toEqual({ status: 'UNANSWERED', earned: 0, max: 4 });
  });
});

describe('coding: the hidden cases’ points passed', () => {
  // One visible example worth 1, hidden cases worth 2 and 3: the question is worth 5.
  const q = question({
    id: 'q',
    questionType: 'CODING',
    category: 'APTITUDE',
    coding: {
      languages: [63],
      starterCode: {},
      testCases: [
        { input: '1', expectedOutput: '1', points: 1, hidden: false },
        { input: '2', expectedOutput: '4', points: 2, hidden: true },
        { input: '3', expectedOutput: '9', points: 3, hidden: true },
      ],
    },
  });
  const code: StoredAnswer = { languageId: 63, source: 'console.log(1)' };
  const done = (result: Extract<CodingEvaluation, { status: 'done' }>['result']): Partial<AnswerInput> => ({ evaluation: { status: 'done', result } });

  it('counts only the hidden cases when the run says which they are', () => {
    expect(maxPointsFor(q)).toBe(5);
    const result = {
      earnedPoints: 3,
      totalPoints: 6,
      passedCount: 2,
      results: [
        { hidden: false, points: 1, maxPoints: 1 },
        { hidden: true, points: 2, maxPoints: 2 },
        { hidden: true, points: 0, maxPoints: 3 },
      ],
    };
    expect(scoreOf(q, code, done(result))).toEqual({ status: 'SCORED', earned: 2, max: 5 });
  });
  it('passing the visible example alone earns nothing', () => {
    const result = { earnedPoints: 1, totalPoints: 6, passedCount: 1, results: [{ hidden: false, points: 1, maxPoints: 1 }, { hidden: true, points: 0, maxPoints: 2 }, { hidden: true, points: 0, maxPoints: 3 }] };
    expect(scoreOf(q, code, done(result)).earned).toBe(0);
  });
  it('without per-case results, the run’s earned of total points is scaled to the question’s points', () => {
    expect(scoreOf(q, code, done({ earnedPoints: 3, totalPoints: 6, passedCount: 1 })).earned).toBe(2.5);
  });
  it('a question without hidden cases counts all of them (points missing count 1)', () => {
    const open = question({ id: 'q', questionType: 'CODING', coding: { languages: [63], starterCode: {}, testCases: [{ input: '', expectedOutput: 'a' }, { input: '', expectedOutput: 'b', points: null }] } });
    expect(maxPointsFor(open)).toBe(2);
    const result = { earnedPoints: 1, totalPoints: 2, passedCount: 1, results: [{ hidden: false, points: 1, maxPoints: 1 }, { hidden: false, points: 0, maxPoints: 1 }] };
    expect(scoreOf(open, code, done(result))).toEqual({ status: 'SCORED', earned: 1, max: 2 });
  });
  it('waits while the hidden cases have not run, or the runner failed; no code is unanswered', () => {
    expect(scoreOf(q, code, { evaluation: { status: 'pending' } })).toEqual({ status: 'AWAITING_EVALUATION', earned: 0, max: 5 });
    expect(scoreOf(q, code, { evaluation: { status: 'error', message: 'Running code needs a sandbox' } })).toEqual({ status: 'AWAITING_EVALUATION', earned: 0, max: 5 });
    expect(scoreOf(q, code)).toEqual({ status: 'AWAITING_EVALUATION', earned: 0, max: 5 });
    expect(scoreOf(q, null)).toEqual({ status: 'UNANSWERED', earned: 0, max: 5 });
    expect(scoreOf(q, null, { evaluation: { status: 'pending' } })).toEqual({ status: 'UNANSWERED', earned: 0, max: 5 });
  });
});

describe('short text: a reviewer’s points', () => {
  const q = question({ id: 'q', questionType: 'SHORT_TEXT', maxPoints: 4 });
  it('waits for a reviewer, then counts their points', () => {
    expect(scoreOf(q, { text: 'My answer' })).toEqual({ status: 'AWAITING_REVIEW', earned: 0, max: 4 });
    expect(scoreOf(q, { text: 'My answer' }, { reviewerPoints: 2.5 })).toEqual({ status: 'SCORED', earned: 2.5, max: 4 });
    expect(scoreOf(q, { text: 'My answer' }, { reviewerPoints: 0 })).toEqual({ status: 'SCORED', earned: 0, max: 4 });
  });
  it('keeps a reviewer’s points within 0 and the maximum', () => {
    expect(scoreOf(q, { text: 'My answer' }, { reviewerPoints: 7 }).earned).toBe(4);
    expect(scoreOf(q, { text: 'My answer' }, { reviewerPoints: -1 }).earned).toBe(0);
  });
  it('is worth 1 without points of its own; no text is unanswered', () => {
    expect(scoreOf({ ...q, maxPoints: null }, { text: 'x' }, { reviewerPoints: 1 })).toEqual({ status: 'SCORED', earned: 1, max: 1 });
    expect(scoreOf(q, null)).toEqual({ status: 'UNANSWERED', earned: 0, max: 4 });
    expect(scoreOf(q, { text: '   ' }, { reviewerPoints: 3 })).toEqual({ status: 'UNANSWERED', earned: 0, max: 4 });
  });
});

describe('qualifying and video questions are not scored', () => {
  it('a qualifying answer is worth 0 of 0 whatever was chosen', () => {
    const q = question({ id: 'q', questionType: 'SINGLE_CHOICE', isQualifying: true, answers: values(1, 5) });
    expect(scoreOf(q, chose(1), { partId: 'qualifying', testId: null })).toEqual({ status: 'NOT_SCORED', earned: 0, max: 0 });
    expect(scoreOf(q, null, { partId: 'qualifying', testId: null })).toEqual({ status: 'NOT_SCORED', earned: 0, max: 0 });
  });
  it('a video answer is worth 0 of 0', () => {
    const q = question({ id: 'v', questionType: 'SHORT_TEXT', maxPoints: 3 });
    expect(scoreOf(q, { objectKey: 'uploads/2026/11/a.webm' }, { partId: 'video', testId: null })).toEqual({ status: 'NOT_SCORED', earned: 0, max: 0 });
    expect(scoreOf(q, null, { partId: 'video', testId: null })).toEqual({ status: 'NOT_SCORED', earned: 0, max: 0 });
  });
  it('an answer says which question, part and test it belongs to', () => {
    const q = question({ id: 'q-9', questionType: 'SINGLE_CHOICE', answers: values(1) });
    expect(scoreAnswer(input(q, chose(0), { partId: 'test:t2', testId: 't2' }))).toEqual({ questionId: 'q-9', partId: 'test:t2', testId: 't2', status: 'SCORED', earned: 1, max: 1 });
  });
});

// ---------------------------------------------------------------------------------------------
// Figures and bands

describe('numbers', () => {
  it('rounds points to two decimals without floating noise', () => {
    expect(roundPoints(0.1 + 0.2)).toBe(0.3);
    expect(roundPoints(1.005)).toBe(1.01);
    expect(roundPoints(2.675)).toBe(2.68);
    expect(roundPoints(10 / 3)).toBe(3.33);
    expect(Object.is(roundPoints(-0.001), 0)).toBe(true);
  });
  it('a figure adds up 0.1 + 0.2 of 0.3 as 100 %', () => {
    expect(scoreFigure(0.1 + 0.2, 0.3)).toEqual({ earned: 0.3, max: 0.3, percent: 100, band: 'HIGH' });
  });
  it('a percentage has one decimal; nothing to score has no percentage and no band', () => {
    expect(scoreFigure(2, 3)).toEqual({ earned: 2, max: 3, percent: 66.7, band: 'MODERATE_HIGH' });
    expect(scoreFigure(1, 3).percent).toBe(33.3);
    expect(scoreFigure(0, 0)).toEqual({ earned: 0, max: 0, percent: null, band: null });
  });
});

describe('rating bands at and around the default thresholds (80 / 60 / 40 / 20)', () => {
  it.each([
    [100, 'HIGH'],
    [80.1, 'HIGH'],
    [80, 'HIGH'],
    [79.9, 'MODERATE_HIGH'],
    [60.1, 'MODERATE_HIGH'],
    [60, 'MODERATE_HIGH'],
    [59.9, 'MODERATE'],
    [40, 'MODERATE'],
    [39.9, 'LOW_MODERATE'],
    [20, 'LOW_MODERATE'],
    [19.9, 'LOW'],
    [0, 'LOW'],
  ] as const)('%s of 100 is %s', (earned, band) => {
    expect(scoreFigure(earned, 100)).toEqual({ earned, max: 100, percent: earned, band });
  });
  it('the band follows the percentage as shown: 79.96 % shows 80.0 % and High', () => {
    expect(scoreFigure(79.96, 100)).toMatchObject({ percent: 80, band: 'HIGH' });
    expect(scoreFigure(79.94, 100)).toMatchObject({ percent: 79.9, band: 'MODERATE_HIGH' });
  });
});

describe('rating bands with a skill’s own thresholds (90 / 75 / 50 / 25)', () => {
  const custom: BandThresholds = { high: 90, moderateHigh: 75, moderate: 50, lowModerate: 25 };
  it.each([
    [90.1, 'HIGH'],
    [90, 'HIGH'],
    [89.9, 'MODERATE_HIGH'],
    [80, 'MODERATE_HIGH'],
    [75, 'MODERATE_HIGH'],
    [74.9, 'MODERATE'],
    [50, 'MODERATE'],
    [49.9, 'LOW_MODERATE'],
    [25, 'LOW_MODERATE'],
    [24.9, 'LOW'],
  ] as const)('%s % is %s', (percent, band) => {
    expect(scoreFigure(percent, 100, custom).band).toBe(band);
  });
});

describe('development bands (personality)', () => {
  it.each([
    [100, 'DERAILER'],
    [85.1, 'DERAILER'],
    [85, 'DERAILER'],
    [84.9, 'STRENGTH'],
    [65, 'STRENGTH'],
    [64.9, 'BALANCED'],
    [50, 'BALANCED'],
    [35, 'BALANCED'],
    [34.9, 'NEEDS_DEVELOPMENT'],
    [15, 'NEEDS_DEVELOPMENT'],
    [14.9, 'NEGLECTED'],
    [0, 'NEGLECTED'],
  ] as const)('%s % is %s', (percent, band) => {
    expect(developmentBand(percent)).toBe(band);
  });
});

// ---------------------------------------------------------------------------------------------
// Integrity

describe('integrity summary', () => {
  const at = (type: string, seconds: number): ProctoringEventInput => ({ type, occurredAt: Date.UTC(2026, 10, 25, 9) + seconds * 1000 });
  /** Leaving the tab: the page records TAB_HIDDEN and WINDOW_BLUR within a few milliseconds. */
  const leave = (seconds: number) => [at('TAB_HIDDEN', seconds), { ...at('WINDOW_BLUR', seconds), occurredAt: at('WINDOW_BLUR', seconds).occurredAt + 4 }, at('TAB_VISIBLE', seconds + 20), at('WINDOW_FOCUS', seconds + 20)];
  const repeat = (n: number, make: (i: number) => ProctoringEventInput[]) => Array.from({ length: n }, (_, i) => make(i)).flat();
  const signal = (events: ProctoringEventInput[], name: string) => integritySummary(events).signals?.find((s) => s.signal === name);

  it('no events: no issues, every counted type at 0', () => {
    expect(integritySummary([])).toEqual({
      level: 'NO_ISSUES',
      counts: { TAB_HIDDEN: 0, WINDOW_BLUR: 0, FULLSCREEN_EXIT: 0, PASTE: 0, CAMERA_LOST: 0, MICROPHONE_LOST: 0, SECOND_DEVICE: 0 },
      signals: [
        { signal: 'LEFT_PAGE', incidents: 0, level: 'NO_ISSUES' },
        { signal: 'FULLSCREEN_EXIT', incidents: 0, level: 'NO_ISSUES' },
        { signal: 'PASTE', incidents: 0, level: 'NO_ISSUES' },
        { signal: 'DEVICE_LOST', incidents: 0, level: 'NO_ISSUES' },
        { signal: 'SECOND_DEVICE', incidents: 0, level: 'NO_ISSUES' },
      ],
    });
  });
  it('coming back, going offline and the device check are shown elsewhere, not counted', () => {
    const summary = integritySummary([at('TAB_VISIBLE', 1), at('WINDOW_FOCUS', 1), at('FULLSCREEN_ENTER', 2), at('OFFLINE', 3), at('ONLINE', 9), at('DEVICE_CHECK_PASSED', 0)]);
    expect(summary.level).toBe('NO_ISSUES');
    expect(Object.keys(summary.counts)).not.toContain('OFFLINE');
  });
  it('leaving the page once (hidden and blur together) is one incident and no issue', () => {
    const summary = integritySummary(leave(10));
    expect(summary.level).toBe('NO_ISSUES');
    expect(summary.counts).toMatchObject({ TAB_HIDDEN: 1, WINDOW_BLUR: 1 });
    expect(signal(leave(10), 'LEFT_PAGE')).toEqual({ signal: 'LEFT_PAGE', incidents: 1, level: 'NO_ISSUES' });
  });
  it('leaving the page 2 to 5 times is some issues, 6 times major', () => {
    expect(integritySummary(repeat(2, (i) => leave(i * 60))).level).toBe('SOME_ISSUES');
    expect(integritySummary(repeat(5, (i) => leave(i * 60))).level).toBe('SOME_ISSUES');
    const six = repeat(6, (i) => leave(i * 60));
    expect(integritySummary(six).level).toBe('MAJOR_ISSUES');
    expect(integritySummary(six).counts).toMatchObject({ TAB_HIDDEN: 6, WINDOW_BLUR: 6 });
  });
  it('events of one signal within a second of the first are one incident; a second apart are two', () => {
    const start = at('WINDOW_BLUR', 0).occurredAt;
    expect(signal([{ type: 'WINDOW_BLUR', occurredAt: start }, { type: 'TAB_HIDDEN', occurredAt: start + 999 }], 'LEFT_PAGE')?.incidents).toBe(1);
    expect(signal([{ type: 'WINDOW_BLUR', occurredAt: start }, { type: 'TAB_HIDDEN', occurredAt: start + 1000 }], 'LEFT_PAGE')?.incidents).toBe(2);
    // Given out of order, they are read in time order.
    expect(signal([at('WINDOW_BLUR', 30), at('WINDOW_BLUR', 0), at('TAB_HIDDEN', 30)], 'LEFT_PAGE')?.incidents).toBe(2);
  });
  it('pasting: once or twice some issues, three times major', () => {
    expect(integritySummary([at('PASTE', 5)]).level).toBe('SOME_ISSUES');
    expect(integritySummary([at('PASTE', 5), at('PASTE', 50)]).level).toBe('SOME_ISSUES');
    expect(integritySummary([at('PASTE', 5), at('PASTE', 50), at('PASTE', 90)]).level).toBe('MAJOR_ISSUES');
  });
  it('leaving full screen: once some issues, three times major', () => {
    expect(integritySummary([at('FULLSCREEN_EXIT', 5)]).level).toBe('SOME_ISSUES');
    expect(integritySummary([at('FULLSCREEN_EXIT', 5), at('FULLSCREEN_EXIT', 50)]).level).toBe('SOME_ISSUES');
    expect(integritySummary([at('FULLSCREEN_EXIT', 5), at('FULLSCREEN_EXIT', 50), at('FULLSCREEN_EXIT', 95)]).level).toBe('MAJOR_ISSUES');
  });
  it('camera and microphone lost together are one incident (some issues); twice is major', () => {
    const together = [at('CAMERA_LOST', 5), at('MICROPHONE_LOST', 5)];
    expect(integritySummary(together)).toMatchObject({ level: 'SOME_ISSUES', counts: { CAMERA_LOST: 1, MICROPHONE_LOST: 1 } });
    expect(integritySummary([at('CAMERA_LOST', 5), at('CAMERA_LOST', 300)]).level).toBe('MAJOR_ISSUES');
  });
  it('the worst signal sets the level', () => {
    const summary = integritySummary([at('PASTE', 1), at('FULLSCREEN_EXIT', 10), at('FULLSCREEN_EXIT', 20), at('FULLSCREEN_EXIT', 30)]);
    expect(summary.level).toBe('MAJOR_ISSUES');
    expect(summary.signals?.map((s) => s.level)).toEqual(['NO_ISSUES', 'MAJOR_ISSUES', 'SOME_ISSUES', 'NO_ISSUES', 'NO_ISSUES']);
  });
  it('a second device on the attempt is some issues; a third, major', () => {
    expect(signal([at('SECOND_DEVICE', 5)], 'SECOND_DEVICE')).toEqual({ signal: 'SECOND_DEVICE', incidents: 1, level: 'SOME_ISSUES' });
    expect(integritySummary([at('SECOND_DEVICE', 5), at('SECOND_DEVICE', 60)]).level).toBe('MAJOR_ISSUES');
  });
});

// ---------------------------------------------------------------------------------------------
// Percentile

describe('percentile rank: share below plus half the share equal', () => {
  it('among distinct scores', () => {
    // (2 below + 1/2) / 4
    expect(percentileRank(30, [10, 20, 30, 40])).toBe(62.5);
    // (0 + 1/2) / 3 = 16.67
    expect(percentileRank(1, [1, 2, 3])).toBe(16.7);
    expect(percentileRank(3, [1, 2, 3])).toBe(83.3);
  });
  it('ties share their place', () => {
    expect(percentileRank(50, [50, 50, 50, 80])).toBe(37.5);
    expect(percentileRank(80, [50, 50, 50, 80])).toBe(87.5);
    expect(percentileRank(70, [70, 70])).toBe(50);
  });
  it('a single attempt is at 50; no scores at all reads as that score alone', () => {
    expect(percentileRank(70, [70])).toBe(50);
    expect(percentileRank(70, [])).toBe(50);
  });
  it('a score outside the list is placed among it', () => {
    expect(percentileRank(15, [10, 20])).toBe(50);
    expect(percentileRank(5, [10, 20])).toBe(0);
    expect(percentileRank(25, [10, 20])).toBe(100);
  });
});

// ---------------------------------------------------------------------------------------------
// A whole attempt

describe('scoreAttempt: two tests, three skills, qualifying, custom and video questions', () => {
  const personality = { testTypeId: 'tt-personality', category: 'PERSONALITY' as const };
  const codingCases = { languages: [63], starterCode: {}, testCases: [{ input: '1', expectedOutput: '1', points: 2, hidden: true }] };
  const q = {
    qual: question({ id: 'qual', questionType: 'SINGLE_CHOICE', isQualifying: true, answers: values(1, 2) }),
    // Test 1 (competency)
    q1: question({ id: 'q1', questionType: 'SINGLE_CHOICE', answers: values(1, 2, 4), secondarySkillIds: ['analysis'] }),
    q2: question({ id: 'q2', questionType: 'MULTIPLE_CHOICE', maxPoints: 2, answers: keyed(true, true, false, false), secondarySkillIds: ['analysis', 'communication'] }),
    q3: question({ id: 'q3', questionType: 'SORTING_ORDER', answers: values(3, 2, 1), secondarySkillIds: ['communication'] }),
    q4: question({ id: 'q4', questionType: 'SHORT_TEXT', maxPoints: 2, secondarySkillIds: ['communication'] }),
    q5: question({ id: 'q5', questionType: 'CODING', coding: codingCases, secondarySkillIds: ['analysis'] }),
    // Test 2 (personality)
    q6: question({ id: 'q6', questionType: 'RATING_SCALE', answers: values(1, 2, 3, 4, 5), secondarySkillIds: ['drive'], ...personality }),
    q7: question({ id: 'q7', questionType: 'RATING_SCALE', answers: values(1, 2, 3, 4, 5), secondarySkillIds: ['drive'], isConsistencyQuestion: true, consistencyOf: 'q6', ...personality }),
    q8: question({ id: 'q8', questionType: 'SINGLE_CHOICE', answers: values(1, 2, 3), secondarySkillIds: ['drive', 'not-in-this-assessment'], ...personality }),
    // The client's own question (no test), and a video question
    q9: question({ id: 'q9', questionType: 'CORRECT_INCORRECT', answers: keyed(false, true), secondarySkillIds: ['analysis'] }),
    video: question({ id: 'video-1', questionType: 'SHORT_TEXT' }),
  };
  const t1 = { partId: 'test:t1', testId: 't1' };
  const t2 = { partId: 'test:t2', testId: 't2' };
  const attempt = (over: { q4?: Partial<AnswerInput>; q5?: Partial<AnswerInput> } = {}): AttemptInput => ({
    answers: [
      input(q.qual, chose(1), { partId: 'qualifying', testId: null }),
      input(q.q1, chose(2), t1), // 4 of 4
      input(q.q2, chose(0, 2), t1), // 2 × (1/2 − 1/2) = 0 of 2
      input(q.q3, chose(1, 0, 2), t1), // pairs kept 2 of 3: 2 of 3
      input(q.q4, { text: 'Because…' }, { ...t1, ...over.q4 }), // awaiting review, 2
      input(q.q5, { languageId: 63, source: 'x' }, { ...t1, evaluation: { status: 'pending' }, ...over.q5 }), // awaiting evaluation, 2
      input(q.q6, chose(3), t2), // 4 of 5
      input(q.q7, chose(1), t2), // 2 of 5
      input(q.q8, null, t2), // unanswered, 0 of 3
      input(q.q9, chose(1), { partId: 'custom', testId: null }), // 1 of 1
      input(q.video, { objectKey: 'uploads/2026/11/intro.webm' }, { partId: 'video', testId: null }),
    ],
    skills: [
      { id: 'analysis', label: 'Analysis', testTypeId: 'tt-competency', thresholds: { high: 80, moderateHigh: 60, moderate: 40, lowModerate: 20 } },
      { id: 'communication', label: 'Communication', testTypeId: 'tt-competency', thresholds: { high: 90, moderateHigh: 70, moderate: 50, lowModerate: 30 } },
      { id: 'drive', label: 'Drive', testTypeId: 'tt-personality', thresholds: { high: 80, moderateHigh: 60, moderate: 40, lowModerate: 20 } },
      { id: 'unused', label: 'Unused', testTypeId: 'tt-competency', thresholds: { high: 80, moderateHigh: 60, moderate: 40, lowModerate: 20 } },
    ],
    testTypes: [
      { id: 'tt-competency', label: 'Competency', category: 'COMPETENCY' },
      { id: 'tt-personality', label: 'Work style', category: 'PERSONALITY' },
      { id: 'tt-unused', label: 'Aptitude', category: 'APTITUDE' },
    ],
    tests: [
      { id: 't1', name: 'Problem solving', testTypeId: 'tt-competency' },
      { id: 't2', name: 'Work style', testTypeId: 'tt-personality' },
    ],
    events: [{ type: 'PASTE', occurredAt: 1_000 }],
  });

  it('scores each answer', () => {
    const score = scoreAttempt(attempt());
    expect(score.answers.map((a) => [a.questionId, a.status, a.earned, a.max])).toEqual([
      ['qual', 'NOT_SCORED', 0, 0],
      ['q1', 'SCORED', 4, 4],
      ['q2', 'SCORED', 0, 2],
      ['q3', 'SCORED', 2, 3],
      ['q4', 'AWAITING_REVIEW', 0, 2],
      ['q5', 'AWAITING_EVALUATION', 0, 2],
      ['q6', 'SCORED', 4, 5],
      ['q7', 'SCORED', 2, 5],
      ['q8', 'UNANSWERED', 0, 3],
      ['q9', 'SCORED', 1, 1],
      ['video-1', 'NOT_SCORED', 0, 0],
    ]);
  });

  it('per test, overall, and what waits', () => {
    const score = scoreAttempt(attempt());
    expect(score.version).toBe(SCORING_VERSION);
    // t1: q1 4/4 + q2 0/2 + q3 2/3 = 6/9; t2: q6 4/5 + q7 2/5 + q8 0/3 = 6/13
    expect(score.tests).toEqual([
      { testId: 't1', name: 'Problem solving', testTypeId: 'tt-competency', earned: 6, max: 9, percent: 66.7, band: 'MODERATE_HIGH' },
      { testId: 't2', name: 'Work style', testTypeId: 'tt-personality', earned: 6, max: 13, percent: 46.2, band: 'MODERATE' },
    ]);
    // 6 + 6 + q9's 1 = 13 of 9 + 13 + 1 = 23
    expect(score.overall).toEqual({ earned: 13, max: 23, percent: 56.5, band: 'MODERATE' });
    expect(score.awaiting).toEqual({ review: 1, evaluation: 1 });
    expect(score.complete).toBe(false);
    expect(score.integrity.level).toBe('SOME_ISSUES');
  });

  it('per secondary skill, with each skill’s thresholds, and development bands for personality skills', () => {
    const score = scoreAttempt(attempt());
    expect(score.skills).toEqual([
      // q1 4/4 + q2 0/2 + q9 1/1 (q5 waits) = 5/7
      { skillId: 'analysis', label: 'Analysis', testTypeId: 'tt-competency', earned: 5, max: 7, percent: 71.4, band: 'MODERATE_HIGH', developmentBand: null },
      // q2 0/2 + q3 2/3 (q4 waits) = 2/5 = 40 %: Low-Moderate by its thresholds 90/70/50/30 (Moderate by the defaults)
      { skillId: 'communication', label: 'Communication', testTypeId: 'tt-competency', earned: 2, max: 5, percent: 40, band: 'LOW_MODERATE', developmentBand: null },
      // q6 4/5 + q7 2/5 + q8 0/3 = 6/13
      { skillId: 'drive', label: 'Drive', testTypeId: 'tt-personality', earned: 6, max: 13, percent: 46.2, band: 'MODERATE', developmentBand: 'BALANCED' },
    ]);
  });

  it('per test type, with development bands for personality', () => {
    const score = scoreAttempt(attempt());
    expect(score.testTypes).toEqual([
      // q1, q2, q3 and the custom q9: 7/10
      { testTypeId: 'tt-competency', label: 'Competency', category: 'COMPETENCY', earned: 7, max: 10, percent: 70, band: 'MODERATE_HIGH', developmentBand: null },
      { testTypeId: 'tt-personality', label: 'Work style', category: 'PERSONALITY', earned: 6, max: 13, percent: 46.2, band: 'MODERATE', developmentBand: 'BALANCED' },
    ]);
  });

  it('compares the consistency pair on the scale: 4 and 2 of 1..5 are 0.75 and 0.25, agreement 50', () => {
    expect(scoreAttempt(attempt()).consistency).toEqual({ pairs: [{ questionId: 'q7', pairedQuestionId: 'q6', agreement: 50 }], overall: 50 });
  });

  it('is complete once the short text is reviewed and the hidden cases have run', () => {
    const score = scoreAttempt(
      attempt({
        q4: { reviewerPoints: 1.5 },
        q5: { evaluation: { status: 'done', result: { earnedPoints: 2, totalPoints: 2, passedCount: 1, results: [{ hidden: true, points: 2, maxPoints: 2 }] } } },
      }),
    );
    expect(score.awaiting).toEqual({ review: 0, evaluation: 0 });
    expect(score.complete).toBe(true);
    // t1: 6 + 1.5 + 2 = 9.5 of 9 + 2 + 2 = 13; overall 16.5 of 27
    expect(score.tests[0]).toMatchObject({ earned: 9.5, max: 13, percent: 73.1, band: 'MODERATE_HIGH' });
    expect(score.overall).toEqual({ earned: 16.5, max: 27, percent: 61.1, band: 'MODERATE_HIGH' });
    // analysis gains q5: 7 of 9; communication gains q4: 3.5 of 7 = 50 %, Moderate by its thresholds
    expect(score.skills.map((s) => [s.skillId, s.earned, s.max, s.percent, s.band])).toEqual([
      ['analysis', 7, 9, 77.8, 'MODERATE_HIGH'],
      ['communication', 3.5, 7, 50, 'MODERATE'],
      ['drive', 6, 13, 46.2, 'MODERATE'],
    ]);
  });

  it('adds points without floating noise', () => {
    const a = question({ id: 'a', questionType: 'LIKERT', answers: values(0.1, 0.2) });
    const b = question({ id: 'b', questionType: 'LIKERT', answers: values(0.1, 0.2) });
    const score = scoreAttempt({ answers: [input(a, chose(0)), input(b, chose(1))], skills: [], testTypes: [], tests: [{ id: 't1', name: 'T', testTypeId: 'tt-competency' }], events: [] });
    expect(score.overall).toEqual({ earned: 0.3, max: 0.4, percent: 75, band: 'MODERATE_HIGH' });
    expect(score.tests[0].earned).toBe(0.3);
  });

  it('an attempt with nothing scored has no percentage, and is complete', () => {
    const score = scoreAttempt({ answers: [input(q.qual, chose(0), { partId: 'qualifying', testId: null })], skills: [], testTypes: [], tests: [], events: [] });
    expect(score.overall).toEqual({ earned: 0, max: 0, percent: null, band: null });
    expect(score.consistency).toEqual({ pairs: [], overall: null });
    expect(score.complete).toBe(true);
  });
});

describe('consistency pairs', () => {
  const likert = (id: string, over: Partial<ScorableQuestion> = {}) => question({ id, questionType: 'LIKERT', answers: values(1, 2, 3, 4, 5), ...over });
  const restating = (id: string, of: string, over: Partial<ScorableQuestion> = {}) => likert(id, { isConsistencyQuestion: true, consistencyOf: of, ...over });
  const score = (answers: AnswerInput[]) => scoreAttempt({ answers, skills: [], testTypes: [], tests: [], events: [] }).consistency;

  it('one pair per restated question; the overall figure is the mean of the pairs', () => {
    const a = likert('a');
    const b = restating('b', 'a');
    const c = question({ id: 'c', questionType: 'CORRECT_INCORRECT', answers: keyed(true, false) });
    const d = question({ id: 'd', questionType: 'CORRECT_INCORRECT', answers: keyed(true, false), isConsistencyQuestion: true, consistencyOf: 'c' });
    const e = question({ id: 'e', questionType: 'SINGLE_CHOICE', answers: values(1, 2, 4) });
    const f = question({ id: 'f', questionType: 'SINGLE_CHOICE', answers: values(1, 2, 4), isConsistencyQuestion: true, consistencyOf: 'e' });
    const result = score([
      input(a, chose(4)),
      input(b, chose(4)), // same answer: 100
      input(c, chose(0)),
      input(d, chose(1)), // right then wrong (1 of 1, 0 of 1): 0
      input(e, chose(1)),
      input(f, chose(2)), // 2 of 1..4 is 1/3, 4 is 1: 33.3
    ]);
    expect(result.pairs).toEqual([
      { questionId: 'b', pairedQuestionId: 'a', agreement: 100 },
      { questionId: 'd', pairedQuestionId: 'c', agreement: 0 },
      { questionId: 'f', pairedQuestionId: 'e', agreement: 33.3 },
    ]);
    // (100 + 0 + 33.33) / 3 = 44.44
    expect(result.overall).toBe(44.4);
  });

  it('opposite ends of a 1-to-5 scale agree 0; neighbours agree 75', () => {
    expect(score([input(likert('a'), chose(0)), input(restating('b', 'a'), chose(4))]).pairs[0].agreement).toBe(0);
    expect(score([input(likert('a'), chose(2)), input(restating('b', 'a'), chose(3))]).pairs[0].agreement).toBe(75);
  });

  it('needs both answered, the pair in this attempt, and the question marked as a consistency question', () => {
    expect(score([input(likert('a'), null), input(restating('b', 'a'), chose(1))])).toEqual({ pairs: [], overall: null });
    expect(score([input(likert('a'), chose(1)), input(restating('b', 'a'), null)])).toEqual({ pairs: [], overall: null });
    expect(score([input(restating('b', 'elsewhere'), chose(1))])).toEqual({ pairs: [], overall: null });
    expect(score([input(likert('a'), chose(1)), input(likert('b', { consistencyOf: 'a' }), chose(1))])).toEqual({ pairs: [], overall: null });
    expect(score([input(restating('a', 'a'), chose(1))])).toEqual({ pairs: [], overall: null });
  });

  it('two questions naming each other are one pair', () => {
    const result = score([input(restating('a', 'b'), chose(4)), input(restating('b', 'a'), chose(3))]);
    expect(result.pairs).toEqual([{ questionId: 'a', pairedQuestionId: 'b', agreement: 75 }]);
  });
});
