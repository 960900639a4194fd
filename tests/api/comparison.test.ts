/**
 * The candidates of an assessment by their stored scores (issue 10, "Comparison"): the list's score,
 * band, per-test bands, integrity and percentile columns, sorting (unscored last), the percentile
 * against the domain's percentileRank, filters by a skill's band, integrity and status, the export
 * of every row of a filter, the comparison of 2 to 4 candidates, and tenants. Scores are written
 * straight into the tables as scoring leaves them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingBand, type DevelopmentBand, type RatingBand } from '../../src/domain/content';
import type { InvitationStatus } from '../../src/domain/attempt';
import { seededRandom } from '../../src/domain/random';
import { percentileRank, type IntegrityLevel } from '../../src/domain/scoring';
import type { CandidateReport } from '../../src/domain/report';
import { issueInvitation } from '../../server/lib/invitations';
import { takeContextFor } from '../../server/modules/take/lifecycle';
import { COMPARISON_MESSAGES, MAX_EXPORT_ROWS } from '../../server/modules/candidates/comparison';
import { listUrl, startTestServer, type ListParams, type TestServer } from './harness';
import { handAnswers, scoringFixture, takeAttempt } from './score-fixtures';
import { invite } from './take-fixtures';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, staffFixtures, USER } from './staff-fixtures';

let server: TestServer;
let f: ReturnType<typeof staffFixtures>;
const db = () => server.database.db;

let acmeClientId: string;
let assessmentId: string;
let otherAssessmentId: string;
let globexAssessmentId: string;
let tests: { reasoning: string; communication: string };
let skills: { problemSolving: string; teamwork: string };

interface Scored {
  id: string;
  name: string;
  percent: number | null;
}
/** The attempts of the main assessment, by name. */
const people = new Map<string, Scored>();

interface AttemptSpec {
  status?: InvitationStatus;
  /** Omitted: not scored (no attempt_scores row). Null: scored, but nothing counted. */
  percent?: number | null;
  integrity?: IntegrityLevel;
  complete?: boolean;
  completedAt?: Date;
  tests?: Partial<Record<keyof typeof tests, number>>;
  skills?: Partial<Record<keyof typeof skills, number>>;
}

let clock = Date.UTC(2026, 10, 1);

/** A candidate of Acme invited to an assessment, with the scores scoring would have stored. */
async function attempt(assessment: string, name: string, spec: AttemptSpec): Promise<Scored> {
  const clientId = assessment === globexAssessmentId ? (await server.demoUsers()).get(GLOBEX)!.clientId : acmeClientId;
  const candidate = await db()
    .insertInto('candidates')
    .values({ clientId, name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${people.size}.${Math.round(clock / 1000)}@example.com`, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await issueInvitation(db(), { assessmentId: assessment, candidateId: candidate.id, clientId, entryType: 'INVITE', invitedBy: null });
  const status = spec.status ?? ('percent' in spec ? 'COMPLETED' : 'PENDING');
  clock += 60_000;
  await db()
    .updateTable('invitations')
    .set({
      status,
      invitedAt: new Date(clock - 3_600_000),
      startedAt: status === 'PENDING' ? null : new Date(clock - 1_800_000),
      completedAt: status === 'COMPLETED' ? (spec.completedAt ?? new Date(clock)) : null,
    })
    .where('id', '=', id)
    .execute();
  if ('percent' in spec) {
    const percent = spec.percent ?? null;
    await db()
      .insertInto('attemptScores')
      .values({
        invitationId: id,
        assessmentId: assessment,
        clientId,
        scoringVersion: 1,
        earned: percent ?? 0,
        maxPoints: percent === null ? 0 : 100,
        percent,
        band: percent === null ? null : ratingBand(percent),
        complete: spec.complete ?? true,
        integrity: spec.integrity ?? 'NO_ISSUES',
        detail: '{}',
      })
      .execute();
    const testRows = Object.entries(spec.tests ?? {}).map(([key, value]) => ({
      invitationId: id,
      testId: tests[key as keyof typeof tests],
      earned: value,
      maxPoints: 100,
      percent: value,
      band: ratingBand(value),
    }));
    if (testRows.length) await db().insertInto('testScores').values(testRows).execute();
    const skillRows = Object.entries(spec.skills ?? {}).map(([key, value]) => ({
      invitationId: id,
      skillId: skills[key as keyof typeof skills],
      percent: value,
      band: ratingBand(value),
      developmentBand: null as DevelopmentBand | null,
    }));
    if (skillRows.length) await db().insertInto('skillScores').values(skillRows).execute();
  }
  const row = { id, name, percent: 'percent' in spec ? (spec.percent ?? null) : null };
  if (assessment === assessmentId) people.set(name, row);
  return row;
}

const list = (email: string, params: ListParams) => f.as(email, { method: 'GET', url: listUrl('/api/invitations', params) });
const scoped = (filter: Record<string, unknown> = {}) => ({ assessmentId, ...filter });

interface Row {
  id: string;
  candidateName: string;
  status: InvitationStatus;
  percent: number | null;
  band: RatingBand | null;
  integrity: IntegrityLevel | null;
  complete: boolean | null;
  percentile: number | null;
  completedAt: string | null;
  testScores: { testId: string; percent: number | null; band: RatingBand | null }[];
}

async function rowsOf(email: string, params: ListParams): Promise<{ rows: Row[]; total: number }> {
  const res = await list(email, { range: [0, 99], ...params });
  expect(res.statusCode, res.body).toBe(200);
  const total = Number(/\/(\d+)$/.exec(String(res.headers['content-range']))?.[1]);
  return { rows: res.json().data, total };
}
const names = (rows: Row[]) => rows.map((r) => r.candidateName);

beforeAll(async () => {
  server = await startTestServer();
  f = staffFixtures(server);
  acmeClientId = (await server.demoUsers()).get(ACME)!.clientId!;
  const primary = await f.skill('COMPETENCY', 'Comparison basics');
  const q = [];
  for (const title of ['Plan a release', 'Find the fault', 'Explain a delay', 'Agree a plan']) q.push(await f.question(primary, title));
  tests = {
    reasoning: await f.test('COMPETENCY', primary, 'Reasoning', [q[0], q[1]]),
    communication: await f.test('COMPETENCY', primary, 'Communication', [q[2], q[3]]),
  };
  const skill = async (label: string) =>
    (await db().insertInto('questionTypes').values({ testTypeId: primary, label, updatedAt: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  skills = { problemSolving: await skill('Problem Solving'), teamwork: await skill('Teamwork') };
  await db().updateTable('questions').set({ secondarySkillIds: [skills.problemSolving] }).where('id', 'in', [q[0], q[1]]).execute();
  await db().updateTable('questions').set({ secondarySkillIds: [skills.teamwork] }).where('id', 'in', [q[2], q[3]]).execute();

  assessmentId = (await f.createAssessment(ACME, { name: 'Acme support hiring', testIds: [tests.reasoning, tests.communication] })).id;
  otherAssessmentId = (await f.createAssessment(ACME, { name: 'Acme other hiring', testIds: [tests.reasoning] })).id;
  globexAssessmentId = (await f.createAssessment(GLOBEX, { name: 'Globex hiring', testIds: [tests.reasoning] })).id;

  // Two at 72 (ties share their percentile), integrity from none to major, one provisional, one with nothing counted.
  await attempt(assessmentId, 'Asha Rao', { percent: 91.5, tests: { reasoning: 95, communication: 88 }, skills: { problemSolving: 95, teamwork: 88 } });
  await attempt(assessmentId, 'Bilal Khan', { percent: 72, integrity: 'SOME_ISSUES', tests: { reasoning: 85, communication: 59 }, skills: { problemSolving: 85, teamwork: 59 } });
  await attempt(assessmentId, 'Chen Li', { percent: 72, integrity: 'MAJOR_ISSUES', tests: { reasoning: 60, communication: 84 }, skills: { problemSolving: 60, teamwork: 84 } });
  await attempt(assessmentId, 'Divya Nair', { percent: 55.3, complete: false, tests: { reasoning: 81, communication: 30 }, skills: { problemSolving: 81, teamwork: 30 } });
  await attempt(assessmentId, 'Esha Gupta', { percent: 12.5, integrity: 'SOME_ISSUES', tests: { reasoning: 10, communication: 15 }, skills: { problemSolving: 10, teamwork: 15 } });
  await attempt(assessmentId, 'Farhan Ali', { percent: null });
  await attempt(assessmentId, 'Gita Menon', { status: 'IN_PROGRESS' });
  await attempt(assessmentId, 'Hari Das', {});
  // Scores of other assessments must not move this one's percentiles.
  await attempt(otherAssessmentId, 'Ira Sen', { percent: 99, tests: { reasoning: 99 } });
  await attempt(globexAssessmentId, 'Jai Globex', { percent: 50, tests: { reasoning: 50 } });
});
afterAll(() => server.close());

describe('the list of an assessment’s candidates', () => {
  it('answers each candidate’s score, band, per-test scores, integrity and percentile, sorted by score with unscored last', async () => {
    const { rows, total } = await rowsOf(ACME, { filter: scoped(), sort: ['percent', 'DESC'] });
    expect(total).toBe(8);
    // Equal scores: the newest invitation first. Without a score (nothing counted, under way, not started): last, newest first.
    expect(names(rows)).toEqual(['Asha Rao', 'Chen Li', 'Bilal Khan', 'Divya Nair', 'Esha Gupta', 'Hari Das', 'Gita Menon', 'Farhan Ali']);
    const asha = rows[0];
    expect(asha).toMatchObject({ percent: 91.5, band: 'HIGH', integrity: 'NO_ISSUES', complete: true, status: 'COMPLETED' });
    expect(asha.testScores).toEqual(
      [
        { testId: tests.reasoning, percent: 95, band: 'HIGH' },
        { testId: tests.communication, percent: 88, band: 'HIGH' },
      ].sort((a, b) => a.testId.localeCompare(b.testId)),
    );
    expect(rows.find((r) => r.candidateName === 'Divya Nair')).toMatchObject({ percent: 55.3, band: 'MODERATE', complete: false });
    expect(rows.find((r) => r.candidateName === 'Farhan Ali')).toMatchObject({ percent: null, band: null, percentile: null, integrity: 'NO_ISSUES' });
    expect(rows.find((r) => r.candidateName === 'Hari Das')).toMatchObject({ percent: null, band: null, integrity: null, complete: null, percentile: null, testScores: [] });

    const ascending = await rowsOf(ACME, { filter: scoped(), sort: ['percent', 'ASC'] });
    expect(names(ascending.rows)).toEqual(['Esha Gupta', 'Divya Nair', 'Chen Li', 'Bilal Khan', 'Asha Rao', 'Hari Das', 'Gita Menon', 'Farhan Ali']);
  });

  it('pages through the sorted rows with the total of the whole list', async () => {
    const first = await list(ACME, { filter: scoped(), sort: ['percent', 'DESC'], range: [0, 1] });
    const second = await list(ACME, { filter: scoped(), sort: ['percent', 'DESC'], range: [2, 3] });
    expect(first.headers['content-range']).toBe('invitations 0-1/8');
    expect(second.headers['content-range']).toBe('invitations 2-3/8');
    expect([...first.json().data, ...second.json().data].map((r: Row) => r.candidateName)).toEqual(names((await rowsOf(ACME, { filter: scoped(), sort: ['percent', 'DESC'] })).rows).slice(0, 4));
  });

  it('ranks percentiles among the assessment’s scored attempts exactly as percentileRank does (ties share half)', async () => {
    const { rows } = await rowsOf(ACME, { filter: scoped(), sort: ['percentile', 'DESC'] });
    const percents = rows.map((r) => r.percent).filter((p): p is number => p !== null);
    expect(percents).toEqual([91.5, 72, 72, 55.3, 12.5]);
    for (const row of rows) expect(row.percentile, row.candidateName).toBe(row.percent === null ? null : percentileRank(row.percent, percents));
    // By hand: 12.5 has none below, so half of 1 in 5 = 10; the two at 72 have 2 below and 2 equal: (2 + 1) / 5 = 60.
    expect(Object.fromEntries(rows.filter((r) => r.percent !== null).map((r) => [r.candidateName, r.percentile]))).toEqual({
      'Asha Rao': 90,
      'Bilal Khan': 60,
      'Chen Li': 60,
      'Divya Nair': 30,
      'Esha Gupta': 10,
    });
  });

  it('matches percentileRank on a larger set with many ties and thirds that round', async () => {
    const random = seededRandom(20261123);
    const id = (await f.createAssessment(ACME, { name: 'Acme percentile check', testIds: [tests.reasoning] })).id;
    const percents: number[] = [];
    for (let i = 0; i < 37; i++) {
      // Whole and half points between 30 and 70: plenty of ties; 37 attempts make thirds and sevenths that round.
      const percent = 30 + Math.round(random() * 80) / 2;
      percents.push(percent);
      await attempt(id, `Percentile ${i}`, { percent });
    }
    const res = await list(ADMIN, { filter: { assessmentId: id }, sort: ['percentile', 'ASC'], range: [0, 99] });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as Row[];
    expect(rows).toHaveLength(37);
    for (const row of rows) expect(row.percentile, `${row.percent}`).toBe(percentileRank(row.percent!, percents));
    expect(rows.map((r) => r.percentile)).toEqual([...rows.map((r) => r.percentile)].sort((a, b) => a! - b!));
  });

  it('sorts by integrity (no issues, some, major) and by the completion date', async () => {
    const byIntegrity = await rowsOf(ACME, { filter: scoped({ status: 'COMPLETED' }), sort: ['integrity', 'DESC'] });
    expect(byIntegrity.rows.map((r) => r.integrity)).toEqual(['MAJOR_ISSUES', 'SOME_ISSUES', 'SOME_ISSUES', 'NO_ISSUES', 'NO_ISSUES', 'NO_ISSUES']);
    const ascending = await rowsOf(ACME, { filter: scoped(), sort: ['integrity', 'ASC'] });
    expect(ascending.rows.map((r) => r.integrity)).toEqual(['NO_ISSUES', 'NO_ISSUES', 'NO_ISSUES', 'SOME_ISSUES', 'SOME_ISSUES', 'MAJOR_ISSUES', null, null]);
    const byDate = await rowsOf(ACME, { filter: scoped(), sort: ['completedAt', 'ASC'] });
    expect(names(byDate.rows).slice(0, 6)).toEqual(['Asha Rao', 'Bilal Khan', 'Chen Li', 'Divya Nair', 'Esha Gupta', 'Farhan Ali']);
  });

  it('filters by a skill’s band ("High in Problem Solving"), by integrity, by the overall band and by status, and counts what it filters', async () => {
    const high = await rowsOf(ACME, { filter: scoped({ skillBand: `${skills.problemSolving}:HIGH` }), sort: ['percent', 'DESC'] });
    expect(names(high.rows)).toEqual(['Asha Rao', 'Bilal Khan', 'Divya Nair']);
    expect(high.total).toBe(3);
    const teamworkHigh = await rowsOf(ACME, { filter: scoped({ skillBand: `${skills.teamwork}:HIGH` }), sort: ['percent', 'DESC'] });
    expect(names(teamworkHigh.rows)).toEqual(['Asha Rao', 'Chen Li']);
    const combined = await rowsOf(ACME, { filter: scoped({ skillBand: `${skills.problemSolving}:HIGH`, integrity: 'SOME_ISSUES' }) });
    expect(names(combined.rows)).toEqual(['Bilal Khan']);
    expect(combined.total).toBe(1);
    const issues = await rowsOf(ACME, { filter: scoped({ integrity: ['SOME_ISSUES', 'MAJOR_ISSUES'] }), sort: ['percent', 'DESC'] });
    expect(names(issues.rows)).toEqual(['Chen Li', 'Bilal Khan', 'Esha Gupta']);
    const moderateHigh = await rowsOf(ACME, { filter: scoped({ band: 'MODERATE_HIGH' }), sort: ['candidateName', 'ASC'] });
    expect(names(moderateHigh.rows)).toEqual(['Bilal Khan', 'Chen Li']);
    const started = await rowsOf(ACME, { filter: scoped({ status: 'IN_PROGRESS' }) });
    expect(names(started.rows)).toEqual(['Gita Menon']);
    expect(started.total).toBe(1);
    // A search with a score filter: both apply.
    const searched = await rowsOf(ACME, { filter: scoped({ q: 'khan', skillBand: `${skills.problemSolving}:HIGH` }) });
    expect(names(searched.rows)).toEqual(['Bilal Khan']);
  });

  it('refuses filters and sorts that mean nothing, with a sentence', async () => {
    const cases: [ListParams, string][] = [
      [{ filter: scoped({ skillBand: 'problem solving' }) }, COMPARISON_MESSAGES.skillBand],
      [{ filter: scoped({ skillBand: `${skills.teamwork}:EXCELLENT` }) }, COMPARISON_MESSAGES.skillBand],
      [{ filter: scoped({ integrity: 'FINE' }) }, COMPARISON_MESSAGES.integrity],
      [{ filter: scoped({ band: ['HIGH', 'BEST'] }) }, COMPARISON_MESSAGES.band],
      [{ filter: {}, sort: ['percentile', 'DESC'] }, COMPARISON_MESSAGES.percentileScope],
      [{ filter: scoped(), sort: ['testScores', 'DESC'] }, 'Cannot sort by "testScores".'],
    ];
    for (const [params, message] of cases) {
      const res = await list(ACME, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().msg).toContain(message);
    }
  });

  it('outside one assessment the rows still carry their scores, without a percentile', async () => {
    const { rows } = await rowsOf(ACME, { filter: { q: 'Asha Rao' } });
    expect(rows.map((r) => [r.candidateName, r.percent, r.band, r.percentile])).toEqual([['Asha Rao', 91.5, 'HIGH', null]]);
    // Two assessments at once: sorted by score across both, no percentile (it ranks within one), and no sorting by it.
    const two = { assessmentId: [assessmentId, otherAssessmentId] };
    const sorted = await rowsOf(ADMIN, { filter: two, sort: ['percent', 'DESC'], range: [0, 2] });
    expect(sorted.rows.map((r) => [r.candidateName, r.percent, r.percentile])).toEqual([
      ['Ira Sen', 99, null],
      ['Asha Rao', 91.5, null],
      ['Chen Li', 72, null],
    ]);
    expect((await list(ADMIN, { filter: two, sort: ['percentile', 'DESC'] })).statusCode).toBe(400);
  });
});

describe('the export', () => {
  const exportUrl = (params: ListParams) => listUrl('/api/invitations/export', params);

  it('answers every row of the filter in the list’s order, not just a page', async () => {
    const res = await f.as(ACME, { method: 'GET', url: exportUrl({ filter: scoped(), sort: ['percent', 'DESC'], range: [0, 1] }) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as Row[];
    const { rows: listed } = await rowsOf(ACME, { filter: scoped(), sort: ['percent', 'DESC'] });
    expect(rows.map((r) => r.id)).toEqual(listed.map((r) => r.id));
    expect(rows[0]).toEqual({
      id: listed[0].id,
      candidateName: 'Asha Rao',
      candidateEmail: expect.stringContaining('@example.com'),
      status: 'COMPLETED',
      revokedAt: null,
      invitedAt: expect.any(String),
      startedAt: expect.any(String),
      completedAt: listed[0].completedAt,
      percent: 91.5,
      band: 'HIGH',
      integrity: 'NO_ISSUES',
      complete: true,
      percentile: 90,
      testScores: listed[0].testScores,
    });
    const filtered = await f.as(ACME, { method: 'GET', url: exportUrl({ filter: scoped({ skillBand: `${skills.teamwork}:HIGH` }), sort: ['candidateName', 'ASC'] }) });
    expect(filtered.json().data.map((r: Row) => r.candidateName)).toEqual(['Asha Rao', 'Chen Li']);
  });

  it('is scoped to the tenant, refuses bad filters, and says how many rows it can hold', async () => {
    const theirs = await f.as(GLOBEX, { method: 'GET', url: exportUrl({ filter: scoped() }) });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual([]);
    const bad = await f.as(ACME, { method: 'GET', url: exportUrl({ filter: scoped({ integrity: 'FINE' }) }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(COMPARISON_MESSAGES.integrity);
    expect(COMPARISON_MESSAGES.tooMany(25_000)).toBe(`The export holds at most ${MAX_EXPORT_ROWS.toLocaleString('en-US')} candidates and this list has 25,000. Narrow it with a filter first.`);
    expect((await f.as(USER, { method: 'GET', url: exportUrl({ filter: scoped() }) })).statusCode).toBe(403);
  });
});

describe('the score columns of an assessment', () => {
  it('names its tests in order and the skills its questions count towards', async () => {
    const data = await f.ok(ACME, { method: 'GET', url: `/api/assessments/${assessmentId}/score-columns` });
    expect(data).toEqual({
      tests: [
        { id: tests.reasoning, name: 'Reasoning' },
        { id: tests.communication, name: 'Communication' },
      ],
      skills: [
        { id: skills.problemSolving, label: 'Problem Solving' },
        { id: skills.teamwork, label: 'Teamwork' },
      ].sort((a, b) => a.label.localeCompare(b.label)),
    });
    const other = await f.ok(ACME, { method: 'GET', url: `/api/assessments/${otherAssessmentId}/score-columns` });
    expect(other).toEqual({ tests: [{ id: tests.reasoning, name: 'Reasoning' }], skills: [{ id: skills.problemSolving, label: 'Problem Solving' }] });
  });

  it('is not found for another client’s assessment or an unknown one', async () => {
    expect((await f.as(GLOBEX, { method: 'GET', url: `/api/assessments/${assessmentId}/score-columns` })).statusCode).toBe(404);
    expect((await f.as(ACME, { method: 'GET', url: `/api/assessments/${globexAssessmentId}/score-columns` })).statusCode).toBe(404);
    expect((await f.as(ADMIN, { method: 'GET', url: '/api/assessments/00000000-0000-4000-8000-000000000000/score-columns' })).statusCode).toBe(404);
  });
});

describe('the comparison', () => {
  const compare = (email: string, assessment: string, ids: string) => f.as(email, { method: 'GET', url: `/api/assessments/${assessment}/comparison?ids=${encodeURIComponent(ids)}` });
  const idOf = (name: string) => people.get(name)!.id;

  it('shows two candidates side by side from their stored scores, in the order asked', async () => {
    const res = await compare(ACME, assessmentId, [idOf('Chen Li'), idOf('Asha Rao')].join(','));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.assessment).toEqual({ id: assessmentId, name: 'Acme support hiring' });
    expect(data.tests.map((t: { name: string }) => t.name)).toEqual(['Reasoning', 'Communication']);
    expect(data.scoredCount).toBe(5);
    expect(data.skills.map((s: { label: string }) => s.label).sort()).toEqual(['Problem Solving', 'Teamwork']);
    expect(data.candidates.map((c: Row) => [c.candidateName, c.percent, c.band, c.integrity, c.percentile])).toEqual([
      ['Chen Li', 72, 'MODERATE_HIGH', 'MAJOR_ISSUES', 60],
      ['Asha Rao', 91.5, 'HIGH', 'NO_ISSUES', 90],
    ]);
    const chen = data.candidates[0];
    expect(chen.testScores.find((t: { testId: string }) => t.testId === tests.communication)).toEqual({ testId: tests.communication, percent: 84, band: 'HIGH' });
    expect(chen.skillScores).toEqual(
      expect.arrayContaining([
        { skillId: skills.problemSolving, percent: 60, band: 'MODERATE_HIGH', developmentBand: null },
        { skillId: skills.teamwork, percent: 84, band: 'HIGH', developmentBand: null },
      ]),
    );
    // Four at once, one of them not scored yet.
    const four = await compare(ACME_RECRUITER, assessmentId, ['Asha Rao', 'Bilal Khan', 'Divya Nair', 'Hari Das'].map(idOf).join(','));
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json().data.candidates.map((c: Row & { skillScores: unknown[] }) => [c.candidateName, c.percent, c.skillScores.length])).toEqual([
      ['Asha Rao', 91.5, 2],
      ['Bilal Khan', 72, 2],
      ['Divya Nair', 55.3, 2],
      ['Hari Das', null, 0],
    ]);
  });

  it('needs 2 to 4 distinct candidates, each of this assessment, and says so', async () => {
    const cases: [string, string][] = [
      [idOf('Asha Rao'), COMPARISON_MESSAGES.count],
      [[idOf('Asha Rao'), idOf('Asha Rao')].join(','), COMPARISON_MESSAGES.count],
      [['Asha Rao', 'Bilal Khan', 'Chen Li', 'Divya Nair', 'Esha Gupta'].map(idOf).join(','), COMPARISON_MESSAGES.count],
      [`${idOf('Asha Rao')},not-an-id`, COMPARISON_MESSAGES.ids],
      [[idOf('Asha Rao'), '00000000-0000-4000-8000-000000000000'].join(','), COMPARISON_MESSAGES.notInAssessment],
    ];
    for (const [ids, message] of cases) {
      const res = await compare(ACME, assessmentId, ids);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().msg).toBe(message);
    }
    const missing = await f.as(ACME, { method: 'GET', url: `/api/assessments/${assessmentId}/comparison` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain(COMPARISON_MESSAGES.count);
    // An attempt at another assessment of the same client is not one of this assessment's candidates.
    const other = (await rowsOf(ACME, { filter: { assessmentId: otherAssessmentId } })).rows[0].id;
    const mixed = await compare(ACME, assessmentId, [idOf('Asha Rao'), other].join(','));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().msg).toBe(COMPARISON_MESSAGES.notInAssessment);
  });

  it('keeps tenants apart: another client’s assessment is not found, and its candidates are not this assessment’s', async () => {
    const ids = [idOf('Asha Rao'), idOf('Bilal Khan')].join(',');
    expect((await compare(GLOBEX, assessmentId, ids)).statusCode).toBe(404);
    const globexRow = (await rowsOf(GLOBEX, { filter: { assessmentId: globexAssessmentId } })).rows[0];
    expect(globexRow.candidateName).toBe('Jai Globex');
    expect((await compare(ACME, globexAssessmentId, [globexRow.id, idOf('Asha Rao')].join(','))).statusCode).toBe(404);
    const smuggled = await compare(ACME, assessmentId, [idOf('Asha Rao'), globexRow.id].join(','));
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json().msg).toBe(COMPARISON_MESSAGES.notInAssessment);
    // Globex's list of Acme's assessment is empty; the provider's staff see every client's.
    expect((await rowsOf(GLOBEX, { filter: scoped() })).rows).toEqual([]);
    expect((await compare(ADMIN, assessmentId, ids)).statusCode).toBe(200);
    // A plain user has no access to candidates at all.
    expect((await compare(USER, assessmentId, ids)).statusCode).toBe(403);
  });
});

describe('with the scores that scoring stores', () => {
  it('lists what the scoring job wrote for attempts taken through the candidate page, with the report’s percentile', { timeout: 180_000 }, async () => {
    const fixture = await scoringFixture(db(), { clientId: acmeClientId, name: 'Acme scored for comparison' });
    const taken: string[] = [];
    // One with the answers computed by hand in the scores tests, one who answers only the qualifying question.
    for (const [name, answers] of [
      ['Kavya Menon', handAnswers(fixture)],
      ['Rohan Iyer', { [fixture.questions.qualifying]: { answerIndexes: [0] } }],
    ] as const) {
      const { invitationId, token } = await invite(db(), fixture, { name });
      await takeAttempt(server, token, answers);
      taken.push(invitationId);
    }
    // Completing queues the scoring in the background: wait for the hidden cases, then for it.
    const ctx = takeContextFor(server.app.services);
    await ctx.evaluations.idle();
    await ctx.scoring.idle();

    const { rows } = await rowsOf(ACME, { filter: { assessmentId: fixture.assessmentId }, sort: ['percent', 'DESC'] });
    expect(rows.map((r) => r.id)).toEqual(taken);
    for (const row of rows) {
      const stored = await db().selectFrom('attemptScores').selectAll().where('invitationId', '=', row.id).executeTakeFirstOrThrow();
      expect([row.percent, row.band, row.integrity, row.complete]).toEqual([Number(stored.percent), stored.band, stored.integrity, stored.complete]);
      const tests = await db().selectFrom('testScores').selectAll().where('invitationId', '=', row.id).orderBy('testId').execute();
      expect(row.testScores).toEqual(tests.map((t) => ({ testId: t.testId, percent: t.percent === null ? null : Number(t.percent), band: t.band })));
      const report = (await f.ok(ACME, { method: 'GET', url: `/api/candidate-reports/${row.id}` })) as CandidateReport;
      expect(row.percentile).toBe(report.percentile);
    }
    expect(rows[0].percent).toBeGreaterThan(rows[1].percent!);

    // Side by side: the skills scoring scored, labelled.
    const compared = await f.ok(ACME, { method: 'GET', url: `/api/assessments/${fixture.assessmentId}/comparison?ids=${taken.join(',')}` });
    const labels = (compared.skills as { id: string; label: string }[]).map((skill) => skill.label);
    expect(labels).toEqual(expect.arrayContaining([expect.stringMatching(/^Listening /), expect.stringMatching(/^Planning /)]));
    const kavya = compared.candidates[0] as { skillScores: { skillId: string; percent: number | null }[] };
    const storedSkills = await db().selectFrom('skillScores').selectAll().where('invitationId', '=', taken[0]).execute();
    expect(kavya.skillScores.map((s) => [s.skillId, s.percent]).sort()).toEqual(storedSkills.map((s) => [s.skillId, s.percent === null ? null : Number(s.percent)]).sort());
  });
});
