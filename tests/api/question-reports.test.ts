/**
 * Question reports: counts, averages and answer shares from the scored answers of first completed
 * attempts, each question's item statistics per test (as the domain's reference computes them);
 * access and list protocol.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { itemStatistics, type FirstAttempt, type QuestionTestStatistics } from '../../src/domain/itemStatistics';
import { listUrl, startTestServer, type ListParams, type TestServer } from './harness';
import { statisticsFixtures, type ScoredAnswer } from './statistics-fixtures';

let server: TestServer;
let teamwork: string;
let instinct: string;
const fixtures = statisticsFixtures(() => server.database.db);

const as = (email: string) => (options: Parameters<TestServer['asUser']>[1]) => server.asUser(email, options);
const admin = as('admin@skillgauge.demo');
const author = as('author@skillgauge.demo');
const plainUser = as('user@skillgauge.demo');

async function skill(category: string, kind: string, label: string) {
  const res = await admin({ method: 'POST', url: '/api/skills', payload: { category, kind, label } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  teamwork = await skill('COMPETENCY', 'COMPETENCY', 'Report teamwork');
  instinct = await skill('PERSONALITY', 'INSTINCT', 'Report instinct');
});
afterAll(() => server.close());
// Attempts of one test do not leak into the next.
beforeEach(async () => {
  await server.database.db.deleteFrom('invitations').execute();
});

const answer = (en: string, hi: string, extra: object = {}) => ({ langWiseAnswer: [{ language: 'hi', text: hi }, { language: 'en', text: en }], ...extra });

async function question(caller: typeof admin, title: string, extra: object = {}) {
  const res = await caller({
    method: 'POST',
    url: '/api/questions',
    payload: {
      category: 'COMPETENCY',
      questionType: 'LIKERT',
      title,
      detail: { langWiseDetail: [{ language: 'en', detail: '<p>How often?</p>' }] },
      primarySkill: teamwork,
      complexity: 'L2',
      answers: [answer('Always', 'हमेशा', { value: 5 }), answer('Sometimes', 'कभी-कभी', { value: 3 }), answer('Never', 'कभी नहीं', { value: 1 })],
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

/**
 * Completed attempts answering one question, each by a new candidate, outside any test (as
 * qualifying questions are asked): points null means answered without points (not scored).
 */
async function respond(questionId: string, responses: { answers: number[]; points?: number | null }[]) {
  const assessment = await fixtures.assessment([]);
  for (const r of responses)
    await fixtures.attempt(assessment, {
      outside: [{ questionId, answers: r.answers, earned: r.points ?? 0, max: r.points == null ? 0 : 5, status: r.points == null ? 'NOT_SCORED' : 'SCORED' }],
    });
}

async function reports(caller: typeof admin, params: ListParams = {}) {
  const res = await caller({ method: 'GET', url: listUrl('/api/questions/reports', params) });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json().data as Report[], range: res.headers['content-range'] };
}

interface Report {
  id: string;
  title: string;
  primarySkillLabel: string | null;
  questionType: string;
  timesAnswered: number;
  averagePoints: number | null;
  answerShares: { index: number; text: string; count: number; share: number }[];
  statistics: QuestionTestStatistics[];
}

describe('question reports', () => {
  it('is empty until candidates answer', async () => {
    await question(author, 'Unanswered statement');
    const { rows, range } = await reports(admin);
    expect(rows).toEqual([]);
    expect(range).toBe('question-reports 0-0/0');
  });

  it('counts the responses, averages the points and shares each answer, per question', async () => {
    const likert = await question(author, 'Credit sharing');
    const choice = await question(author, 'Pick the tools', {
      category: 'COMPETENCY',
      questionType: 'MULTIPLE_CHOICE',
      answers: [answer('Hammer', 'हथौड़ा', { isCorrect: true }), answer('Saw', 'आरी', { isCorrect: true }), answer('Cloud', 'बादल', { isCorrect: false })],
    });
    await respond(likert, [
      { answers: [0], points: 5 },
      { answers: [0], points: 5 },
      { answers: [1], points: 3 },
      { answers: [2], points: 1 },
    ]);
    await respond(choice, [{ answers: [0, 1], points: 1 }, { answers: [0] }]);

    const { rows, range } = await reports(admin);
    expect(range).toBe('question-reports 0-1/2');
    // Most answered first by default.
    expect(rows.map((r) => r.title)).toEqual(['Credit sharing', 'Pick the tools']);
    const [first, second] = rows;
    expect(first).toMatchObject({ id: likert, primarySkillLabel: 'Report teamwork', questionType: 'LIKERT', timesAnswered: 4 });
    expect(first.averagePoints).toBeCloseTo(3.5);
    expect(first.answerShares).toEqual([
      { index: 0, text: 'Always', count: 2, share: 0.5 },
      { index: 1, text: 'Sometimes', count: 1, share: 0.25 },
      { index: 2, text: 'Never', count: 1, share: 0.25 },
    ]);
    // A response without points does not pull the average down; a multiple choice counts towards each answer chosen.
    expect(second).toMatchObject({ id: choice, questionType: 'MULTIPLE_CHOICE', timesAnswered: 2, averagePoints: 1 });
    expect(second.answerShares).toEqual([
      { index: 0, text: 'Hammer', count: 2, share: 1 },
      { index: 1, text: 'Saw', count: 1, share: 0.5 },
      { index: 2, text: 'Cloud', count: 0, share: 0 },
    ]);
  });

  it('counts the answer ranked first for sorting questions, and no average without points', async () => {
    const sorting = await question(author, 'Rank your instincts', {
      category: 'PERSONALITY',
      questionType: 'SORTING_ORDER',
      primarySkill: instinct,
      answers: [answer('Self', 'स्वयं', { value: 1 }), answer('Social', 'सामाजिक', { value: 1 }), answer('Sexual', 'निकटता', { value: 1 })],
    });
    await respond(sorting, [{ answers: [2, 0, 1] }, { answers: [2, 1, 0] }, { answers: [0, 2, 1] }]);
    const [row] = (await reports(admin)).rows;
    expect(row).toMatchObject({ timesAnswered: 3, averagePoints: null });
    expect(row.answerShares.map((s) => [s.text, s.count])).toEqual([
      ['Self', 1],
      ['Social', 0],
      ['Sexual', 2],
    ]);
    expect(row.answerShares[2].share).toBeCloseTo(2 / 3);
  });

  it('counts only the first completed attempt of each candidate at a test', async () => {
    const likert = await question(author, 'First attempts only');
    const test = await fixtures.test('Attempts test', [likert]);
    const assessment = await fixtures.assessment([test]);
    const answer = (answers: number[], earned: number, status: ScoredAnswer['status'] = 'SCORED') => ({ tests: [{ testId: test, answers: [{ questionId: likert, answers, earned, max: 5, status }] }] });
    const first = await fixtures.attempt(assessment, answer([0], 5));
    // The same candidate again, later, in another assessment with the same test: not a first attempt.
    await fixtures.attempt(await fixtures.assessment([test]), { ...answer([2], 1), candidateId: first.candidateId });
    // A second candidate who skipped the question: asked, not answered, 0 points in the average.
    await fixtures.attempt(assessment, answer([], 0, 'UNANSWERED'));
    // Attempts that never completed do not count.
    await fixtures.attempt(assessment, { ...answer([2], 1), status: 'IN_PROGRESS' });
    await fixtures.attempt(assessment, { ...answer([1], 3), status: 'EXPIRED' });

    const [row] = (await reports(admin)).rows;
    expect(row).toMatchObject({ id: likert, timesAnswered: 1, averagePoints: 2.5 });
    expect(row.answerShares.map((s) => s.count)).toEqual([1, 0, 0]);
    expect(row.statistics).toEqual([expect.objectContaining({ testId: test, testName: 'Attempts test', sampleSize: 2, facility: 50 })]);
  });

  it('gives each question its item statistics in every test it was asked in, as the reference computes them', async () => {
    const ids = [await question(author, 'Item one'), await question(author, 'Item two'), await question(author, 'Item three')];
    const main = await fixtures.test('Main test', ids);
    const other = await fixtures.test('Another test', [ids[0]]);
    // Points of five candidates (question 3 is worth 2); question 1 discriminates the wrong way.
    const points = [
      [1, 0, 0],
      [0, 1, 2],
      [0, 1, 1],
      [1, 1, 2],
      [0, 0, 0],
    ];
    const max = [1, 1, 2];
    const [mainAssessment, otherAssessment] = [await fixtures.assessment([main]), await fixtures.assessment([other])];
    for (const row of points) {
      await fixtures.attempt(mainAssessment, { tests: [{ testId: main, answers: row.map((earned, i) => ({ questionId: ids[i], earned, max: max[i], answers: [earned ? 0 : 1] })) }] });
      await fixtures.attempt(otherAssessment, { tests: [{ testId: other, answers: [{ questionId: ids[0], earned: 1, max: 1, answers: [0] }] }] });
    }
    const reference: FirstAttempt[] = points.map((row) => ({ percent: null, items: Object.fromEntries(row.map((earned, i) => [ids[i], { earned, max: max[i] }])) }));

    const { rows } = await reports(admin, { sort: ['title', 'ASC'] });
    expect(rows.map((r) => r.title)).toEqual(['Item one', 'Item three', 'Item two']);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const expected = itemStatistics(reference, id);
      const inMain = byId.get(id)!.statistics.find((s) => s.testId === main)!;
      expect(inMain, id).toMatchObject({ testName: 'Main test', sampleSize: 5, flags: expected.flags });
      for (const figure of ['facility', 'standardDeviation', 'discrimination', 'efficiency'] as const) expect(inMain[figure], `${id} ${figure}`).toBeCloseTo(expected[figure]!, 6);
    }
    const one = byId.get(ids[0])!;
    expect(one.statistics.map((s) => s.testName)).toEqual(['Another test', 'Main test']);
    expect(one.statistics.find((s) => s.testId === main)!.flags).toContain('NEGATIVE_DISCRIMINATION');
    // Alone in its test, every candidate right: no spread, nothing to correlate with.
    expect(one.statistics[0]).toMatchObject({ sampleSize: 5, facility: 100, standardDeviation: 0, discrimination: null, efficiency: null, flags: [] });
    expect(one.timesAnswered).toBe(10);
  });

  it('sorts by times answered, average points and title, filters by category, skill and title, and pages', async () => {
    const a = await question(author, 'Alpha listening');
    const b = await question(author, 'Bravo listening');
    const c = await question(author, 'Charlie focus', { category: 'PERSONALITY', questionType: 'SORTING_ORDER', primarySkill: instinct, answers: [answer('One', 'एक', { value: 1 })] });
    await respond(a, [{ answers: [2], points: 1 }]);
    await respond(b, [{ answers: [0], points: 5 }, { answers: [1], points: 3 }, { answers: [0], points: 5 }]);
    await respond(c, [{ answers: [0] }, { answers: [0] }]);

    const titles = async (params: ListParams) => (await reports(admin, params)).rows.map((r) => r.title);
    expect(await titles({ sort: ['timesAnswered', 'ASC'] })).toEqual(['Alpha listening', 'Charlie focus', 'Bravo listening']);
    // No points: last both ways.
    expect(await titles({ sort: ['averagePoints', 'DESC'] })).toEqual(['Bravo listening', 'Alpha listening', 'Charlie focus']);
    expect(await titles({ sort: ['averagePoints', 'ASC'] })).toEqual(['Alpha listening', 'Bravo listening', 'Charlie focus']);
    expect(await titles({ sort: ['title', 'DESC'] })).toEqual(['Charlie focus', 'Bravo listening', 'Alpha listening']);
    expect(await titles({ filter: { category: 'PERSONALITY' } })).toEqual(['Charlie focus']);
    expect(await titles({ filter: { primarySkill: teamwork }, sort: ['title', 'ASC'] })).toEqual(['Alpha listening', 'Bravo listening']);
    expect(await titles({ filter: { q: 'listen' }, sort: ['title', 'ASC'] })).toEqual(['Alpha listening', 'Bravo listening']);
    const page = await reports(admin, { sort: ['title', 'ASC'], range: [1, 1] });
    expect(page.rows.map((r) => r.title)).toEqual(['Bravo listening']);
    expect(page.range).toBe('question-reports 1-1/3');
    // Past the end: no row carries the total, which is counted apart.
    const past = await reports(admin, { range: [5, 9] });
    expect(past.rows).toEqual([]);
    expect(past.range).toBe('question-reports 5-5/3');
  });

  it('refuses a bad sort, filter or range with a message', async () => {
    for (const params of [{ sort: ['authorId', 'ASC'] }, { sort: ['title', 'UP'] }, { filter: { status: 'CREATED' } }, { range: [0, 500] }] as ListParams[]) {
      const res = await admin({ method: 'GET', url: listUrl('/api/questions/reports', params) });
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json()).toMatchObject({ result: 0, msg: expect.any(String) });
    }
    const res = await admin({ method: 'GET', url: listUrl('/api/questions/reports', { sort: ['answerShares', 'ASC'] }) });
    expect(res.json().msg).toBe('Cannot sort by "answerShares". Sortable fields: timesAnswered, averagePoints, title.');
  });

  it('is refused without the Questions view permission', async () => {
    for (const email of ['client@acme.demo', 'sales@skillgauge.demo', 'recruiter@acme.demo']) {
      const res = await server.asUser(email, { method: 'GET', url: '/api/questions/reports' });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await server.as(undefined, { method: 'GET', url: '/api/questions/reports' })).statusCode).toBe(401);
  });

  it('shows USER accounts the reports of their own questions only; the bank sees all', async () => {
    const own = await question(plainUser, 'My own statement');
    const bank = await question(author, 'Bank statement');
    await respond(own, [{ answers: [0], points: 5 }]);
    await respond(bank, [{ answers: [1], points: 3 }]);
    const mine = await reports(plainUser);
    expect(mine.rows.map((r) => r.id)).toEqual([own]);
    expect(mine.range).toBe('question-reports 0-0/1');
    const all = await reports(admin, { sort: ['title', 'ASC'] });
    expect(all.rows.map((r) => r.id)).toEqual([bank, own]);
    expect((await reports(as('moderator@skillgauge.demo'), { sort: ['title', 'ASC'] })).rows).toHaveLength(2);
  });

  it('drops a question\'s answer scores with the question', async () => {
    const gone = await question(author, 'Short-lived');
    await respond(gone, [{ answers: [0], points: 5 }]);
    expect((await admin({ method: 'DELETE', url: `/api/questions/${gone}` })).statusCode).toBe(200);
    expect(await server.database.db.selectFrom('answerScores').selectAll().where('questionId', '=', gone).execute()).toEqual([]);
    expect((await reports(admin)).rows).toEqual([]);
  });

  it('does not collide with a question\'s own route', async () => {
    const id = await question(author, 'Readable');
    expect((await admin({ method: 'GET', url: `/api/questions/${id}` })).json().data.title).toBe('Readable');
  });
});
