/**
 * GET /api/tests/:id/statistics: the SQL aggregates give the figures the domain's reference
 * computes from the same points (a hand-computed data set and a larger seeded one), over the first
 * completed attempt of each candidate only; not found, bad ids and who may read it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { itemStatistics, testStatistics, type FirstAttempt, type TestStatistics } from '../../src/domain/itemStatistics';
import { seededRandom } from '../../src/domain/random';
import { startTestServer, type TestServer } from './harness';
import { statisticsFixtures, type ScoredAnswer } from './statistics-fixtures';

let server: TestServer;
const fixtures = statisticsFixtures(() => server.database.db);
const ADMIN = 'admin@skillgauge.demo';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.deleteFrom('invitations').execute();
});

/** Bank questions written straight to the table (the statistics read only their ids, titles and types). */
async function questions(n: number, tag: string): Promise<string[]> {
  const rows = await server.database.db
    .insertInto('questions')
    .values(
      Array.from({ length: n }, (_, i) => ({
        title: `${tag} question ${i + 1}`,
        category: 'COMPETENCY' as const,
        questionType: 'SINGLE_CHOICE' as const,
        details: JSON.stringify([{ language: 'en', detail: `<p>${tag} ${i + 1}</p>` }]),
        answers: JSON.stringify([]),
        status: 'PUBLISHED' as const,
        searchText: tag,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

async function statistics(testId: string, email = ADMIN): Promise<TestStatistics> {
  const res = await server.asUser(email, { method: 'GET', url: `/api/tests/${testId}/statistics` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Points per candidate (rows) and question (columns), as first attempts for the reference and as answer scores for the server. */
async function attemptsOf(testId: string, ids: string[], points: number[][], max: number[]): Promise<FirstAttempt[]> {
  const assessment = await fixtures.assessment([testId]);
  for (const row of points)
    await fixtures.attempt(assessment, { tests: [{ testId, answers: row.map((earned, i) => ({ questionId: ids[i], earned, max: max[i] })) }] });
  const total = max.reduce((a, b) => a + b, 0);
  return points.map((row) => ({
    percent: (100 * row.reduce((a, b) => a + b, 0)) / total,
    items: Object.fromEntries(row.map((earned, i) => [ids[i], { earned, max: max[i] }])),
  }));
}

const FIGURES = ['facility', 'standardDeviation', 'discrimination', 'efficiency'] as const;
const TEST_FIGURES = ['mean', 'median', 'standardDeviation', 'skewness', 'kurtosis', 'alpha', 'standardError'] as const;

function expectSameAsReference(got: TestStatistics, reference: FirstAttempt[], ids: string[]) {
  const expected = testStatistics(reference);
  expect(got).toMatchObject({ sampleSize: expected.sampleSize, questionCount: expected.questionCount, histogram: expected.histogram });
  for (const figure of TEST_FIGURES) {
    if (expected[figure] == null) expect(got[figure], figure).toBeNull();
    else expect(got[figure], figure).toBeCloseTo(expected[figure]!, 5);
  }
  expect(got.questions.map((q) => q.questionId)).toEqual(ids);
  for (const q of got.questions) {
    const item = itemStatistics(reference, q.questionId);
    expect(q, q.title).toMatchObject({ sampleSize: item.sampleSize, flags: item.flags });
    for (const figure of FIGURES) {
      if (item[figure] == null) expect(q[figure], `${q.title} ${figure}`).toBeNull();
      else expect(q[figure], `${q.title} ${figure}`).toBeCloseTo(item[figure]!, 5);
    }
  }
}

describe('test statistics', () => {
  it('match the hand-computed data set (5 candidates × 4 questions)', async () => {
    const ids = await questions(4, 'Fixed');
    const test = await fixtures.test('Fixed set', ids);
    const reference = await attemptsOf(
      test,
      ids,
      [
        [1, 0, 0, 0],
        [1, 1, 1, 1],
        [0, 1, 1, 1],
        [1, 1, 1, 2],
        [1, 1, 0, 2],
      ],
      [1, 1, 1, 2],
    );
    const got = await statistics(test);
    expectSameAsReference(got, reference, ids);
    // The hand-worked figures themselves (tests/domain/itemStatistics.test.ts derives them).
    expect(got).toMatchObject({ testId: test, name: 'Fixed set', sampleSize: 5, questionCount: 4, median: 80, alphaReading: 'UNSATISFACTORY' });
    expect(got.mean).toBeCloseTo(68, 6);
    expect(got.alpha).toBeCloseTo(12 / 23, 5);
    expect(got.standardError).toBeCloseTo(Math.sqrt(440), 4);
    expect(got.kurtosis).toBeCloseTo(770 / 529, 4);
    expect(got.histogram.map((b) => b.count)).toEqual([0, 0, 1, 0, 0, 0, 1, 0, 2, 1]);
    expect(got.questions[0]).toMatchObject({ title: 'Fixed question 1', questionType: 'SINGLE_CHOICE', flags: ['NEGATIVE_DISCRIMINATION', 'LOW_EFFICIENCY'] });
    expect(got.questions[0].efficiency).toBeCloseTo(-200 / 13, 4);
    expect(got.questions[3].discrimination).toBeCloseTo(45 / 0.7, 4);
  });

  it('match the reference on a larger seeded data set with partial points and ties', async () => {
    const random = seededRandom(1009);
    const ids = await questions(6, 'Seeded');
    const test = await fixtures.test('Seeded set', ids);
    const max = [1, 1, 2, 2, 5, 0.5];
    // Ability makes the questions correlate, as real ones do; question 6 ignores it.
    const points = Array.from({ length: 40 }, () => {
      const ability = random();
      return max.map((m, i) => Math.round(Math.min(1, Math.max(0, (i === 5 ? random() : ability + (random() - 0.5) * 0.6))) * m * 10) / 10);
    });
    const reference = await attemptsOf(test, ids, points, max);
    const got = await statistics(test);
    expectSameAsReference(got, reference, ids);
    expect(got.sampleSize).toBe(40);
    expect(got.alpha).toBeGreaterThan(0.5);
  });

  it('count only the first completed attempt of each candidate, and only answers that count in a score', async () => {
    const ids = await questions(3, 'First');
    const test = await fixtures.test('First attempts', ids);
    const other = await fixtures.test('Other test', ids.slice(0, 1));
    const assessment = await fixtures.assessment([test]);
    const answers = (points: number[], status?: ScoredAnswer['status']): ScoredAnswer[] => points.map((earned, i) => ({ questionId: ids[i], earned, max: 1, status }));
    const rows = [
      [1, 1, 1],
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 0],
    ];
    const candidates = [];
    for (const row of rows) candidates.push(await fixtures.attempt(assessment, { tests: [{ testId: test, answers: answers(row) }] }));
    // A retake in another assessment with the same test: later, so not counted.
    await fixtures.attempt(await fixtures.assessment([test]), { candidateId: candidates[3].candidateId, tests: [{ testId: test, answers: answers([1, 1, 1]) }] });
    // Unfinished attempts, and another test's scores, do not count.
    await fixtures.attempt(assessment, { status: 'IN_PROGRESS', tests: [{ testId: test, answers: answers([1, 1, 1]) }] });
    await fixtures.attempt(assessment, { status: 'DISQUALIFIED', tests: [{ testId: test, answers: answers([1, 1, 1]) }] });
    await fixtures.attempt(await fixtures.assessment([other]), { tests: [{ testId: other, answers: answers([1]) }] });
    // A first attempt whose short-text answer waits for a reviewer: that question does not count there yet.
    await fixtures.attempt(assessment, {
      tests: [{ testId: test, answers: [...answers([1, 1]), { questionId: ids[2], earned: 0, max: 1, status: 'AWAITING_REVIEW' }] }],
    });

    const reference: FirstAttempt[] = [...rows, [1, 1]].map((row) => ({
      percent: (100 * row.reduce((a, b) => a + b, 0)) / row.length,
      items: Object.fromEntries(row.map((earned, i) => [ids[i], { earned, max: 1 }])),
    }));
    const got = await statistics(test);
    expectSameAsReference(got, reference, ids);
    expect(got.sampleSize).toBe(5);
    expect(got.questions.map((q) => q.sampleSize)).toEqual([5, 5, 4]);
  });

  it('answer empty figures for a test nobody has completed', async () => {
    const ids = await questions(2, 'Empty');
    const test = await fixtures.test('Untaken', ids);
    const got = await statistics(test);
    expect(got).toMatchObject({ sampleSize: 0, questionCount: 0, mean: null, median: null, standardDeviation: null, alpha: null, alphaReading: null, questions: [] });
    expect(got.histogram.map((b) => b.count)).toEqual(Array(10).fill(0));
  });

  it('answer 404 for an unknown test and 400 for a malformed id', async () => {
    const missing = await server.asUser(ADMIN, { method: 'GET', url: '/api/tests/00000000-0000-4000-8000-000000000000/statistics' });
    expect(missing.statusCode).toBe(404);
    const bad = await server.asUser(ADMIN, { method: 'GET', url: '/api/tests/not-an-id/statistics' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ result: 0, msg: expect.any(String) });
  });

  it('are for the provider’s staff who may see tests: clients and plain users get 403, strangers 401', async () => {
    const test = await fixtures.test('Guarded', await questions(1, 'Guarded'));
    for (const email of ['client@acme.demo', 'recruiter@acme.demo', 'user@skillgauge.demo', 'sales@skillgauge.demo']) {
      const res = await server.asUser(email, { method: 'GET', url: `/api/tests/${test}/statistics` });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await server.as(undefined, { method: 'GET', url: `/api/tests/${test}/statistics` })).statusCode).toBe(401);
    // The content team sees them (job role Content Manager: Tests view).
    expect((await statistics(test, 'content@skillgauge.demo')).name).toBe('Guarded');
  });
});
