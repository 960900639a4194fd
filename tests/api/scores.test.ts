/**
 * Scoring on the server: a completed attempt gets its scores in the background (checked against
 * points computed by hand), a reviewer's points for a short-text answer, rescoring after a question's
 * points change (an attempt, a whole assessment, an older scoring version picked up by the sweep),
 * and the inviting user's mail, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORING_VERSION } from '../../src/domain/scoring';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { messageKey } from '../../src/i18n/messages';
import type { CandidateReport } from '../../src/domain/report';
import { scoreInvitation, scoringQueueFor } from '../../server/modules/scores/scoring';
import { REPORT_MESSAGES } from '../../server/modules/scores/routes';
import { sweepAttempts, takeContextFor } from '../../server/modules/take/lifecycle';
import { startTestServer, type TestServer } from './harness';
import { handAnswers, scoringFixture, SUM_SOURCE, takeAttempt, type ScoringFixture } from './score-fixtures';
import { ACME, ADMIN, GLOBEX, staffFixtures } from './staff-fixtures';
import { invite } from './take-fixtures';

let server: TestServer;
let f: ReturnType<typeof staffFixtures>;
let fixture: ScoringFixture;
let acme: { id: string; clientId: string };
let attempt: { invitationId: string; token: string };

const db = () => server.database.db;
/** Scoring runs in the background: wait for the hidden cases, then for the scoring they queue. */
const settled = async () => {
  const ctx = takeContextFor(server.app.services);
  await ctx.evaluations.idle();
  await ctx.scoring.idle();
};
const scoreRow = (invitationId: string) => db().selectFrom('attemptScores').selectAll().where('invitationId', '=', invitationId).executeTakeFirst();
const reportUrl = (invitationId: string, path = '') => `/api/candidate-reports/${invitationId}${path}`;
const mailsAbout = async (to: string, invitationId: string) =>
  (await db().selectFrom('outbox').select(['subject', 'textBody']).where('toAddress', '=', to).execute()).filter((m) => m.textBody.includes(`/candidate-details/${invitationId}`));

beforeAll(async () => {
  server = await startTestServer();
  f = staffFixtures(server);
  const users = await server.demoUsers();
  acme = { id: users.get(ACME)!.id, clientId: users.get(ACME)!.clientId! };
  fixture = await scoringFixture(db(), { clientId: acme.clientId });
  const invited = await invite(db(), fixture, { name: 'Kavya Menon' });
  await db().updateTable('invitations').set({ invitedBy: acme.id }).where('id', '=', invited.invitationId).execute();
  attempt = invited;
}, 60_000);
afterAll(() => server.close());

describe('a completed attempt', () => {
  it('is scored in the background with the points computed by hand, per answer, test, skill, test type and overall', { timeout: 120_000 }, async () => {
    const { invitationId, token } = attempt;
    const done = await takeAttempt(server, token, { ...handAnswers(fixture), [fixture.questions.coding]: { languageId: 63, source: SUM_SOURCE } }, { language: 'hi' });
    expect(done.invitation.status).toBe('COMPLETED');
    await settled();

    const row = (await scoreRow(invitationId))!;
    // Draw test 3 + 1 + 3 + 3.33 of 15; aptitude: coding 3 of its hidden 6, correct/incorrect 1 of 1; the short text waits.
    expect(row).toMatchObject({ scoringVersion: SCORING_VERSION, complete: false, integrity: 'NO_ISSUES', band: 'MODERATE_HIGH', assessmentId: fixture.assessmentId, clientId: acme.clientId });
    expect([Number(row.earned), Number(row.maxPoints), Number(row.percent)]).toEqual([14.33, 22, 65.1]);

    const answers = await db().selectFrom('answerScores').selectAll().where('invitationId', '=', invitationId).execute();
    const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
    const q = fixture.questions;
    const figures = (id: string) => {
      const a = byQuestion.get(id)!;
      return [a.status, Number(a.earned), Number(a.maxPoints)];
    };
    expect(answers).toHaveLength(8); // every question of the qualifying, test and custom parts; not the video
    expect(figures(q.qualifying)).toEqual(['NOT_SCORED', 0, 0]);
    expect(figures(q.single)).toEqual(['SCORED', 3, 5]);
    expect(figures(q.multiple)).toEqual(['SCORED', 1, 2]);
    expect(figures(q.likert)).toEqual(['SCORED', 3, 4]);
    expect(figures(q.sorting)).toEqual(['SCORED', 3.33, 4]);
    expect(figures(q.coding)).toEqual(['SCORED', 3, 6]);
    expect(figures(q.correctIncorrect)).toEqual(['SCORED', 1, 1]);
    expect(figures(q.custom)).toEqual(['AWAITING_REVIEW', 0, 1]);
    expect(byQuestion.get(q.sorting)).toMatchObject({ answerIndexes: [1, 0, 2, 3], language: 'hi', partId: `test:${fixture.tests.draw}`, testId: fixture.tests.draw });
    expect(byQuestion.get(q.custom)).toMatchObject({ answerIndexes: [], partId: 'custom', testId: null });
    expect(byQuestion.get(q.single)!.answeredAt).toBeInstanceOf(Date);

    const testRows = await db().selectFrom('testScores').selectAll().where('invitationId', '=', invitationId).execute();
    const test = (id: string) => testRows.find((t) => t.testId === id)!;
    expect([Number(test(fixture.tests.draw).earned), Number(test(fixture.tests.draw).maxPoints), Number(test(fixture.tests.draw).percent), test(fixture.tests.draw).band]).toEqual([10.33, 15, 68.9, 'MODERATE_HIGH']);
    expect([Number(test(fixture.tests.aptitude).earned), Number(test(fixture.tests.aptitude).maxPoints), Number(test(fixture.tests.aptitude).percent), test(fixture.tests.aptitude).band]).toEqual([4, 7, 57.1, 'MODERATE']);

    // Listening 6 of 9 (default thresholds); Planning 4.33 of 6 = 72.2 %: Moderate under its own thresholds (75 for Moderate-High).
    const skillRows = await db().selectFrom('skillScores').selectAll().where('invitationId', '=', invitationId).execute();
    const skill = (id: string) => skillRows.find((s) => s.skillId === id)!;
    expect([Number(skill(fixture.skills.listening).percent), skill(fixture.skills.listening).band]).toEqual([66.7, 'MODERATE_HIGH']);
    expect([Number(skill(fixture.skills.planning).percent), skill(fixture.skills.planning).band]).toEqual([72.2, 'MODERATE']);
    expect(skillRows.every((s) => s.developmentBand === null)).toBe(true); // not a personality test type

    // The whole AttemptScore is kept as detail, per test type too.
    const report = (await f.ok(ADMIN, { method: 'GET', url: reportUrl(invitationId) })) as CandidateReport;
    expect(report.score!.testTypes.find((t) => t.testTypeId === fixture.competencyTypeId)).toMatchObject({ earned: 10.33, max: 15, percent: 68.9 });
    expect(report.score!.awaiting).toEqual({ review: 1, evaluation: 0 });
    expect(report).toMatchObject({ scoringVersion: SCORING_VERSION, outdated: false, status: 'COMPLETED', attemptLanguage: 'hi' });
  });

  it('mails the inviting user once, with a link to the report', async () => {
    const mails = await mailsAbout(ACME, attempt.invitationId);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Kavya Menon completed ${(await db().selectFrom('assessments').select('name').where('id', '=', fixture.assessmentId).executeTakeFirstOrThrow()).name}`);
    expect(mails[0].textBody).toContain(`${server.app.services.config.publicUrl}/candidate-details/${attempt.invitationId}`);
    expect(mails[0].textBody).toContain('Overall score: 65.1% (Moderate-High).');
    expect(mails[0].textBody).toContain('1 short-text answer waits for your points');
    // Scoring again (the queue, a rescore, the sweep) mails nobody again.
    await scoreInvitation(db(), attempt.invitationId, { publicUrl: server.app.services.config.publicUrl });
    expect((await f.as(ACME, { method: 'POST', url: reportUrl(attempt.invitationId, '/rescore') })).statusCode).toBe(200);
    expect(await mailsAbout(ACME, attempt.invitationId)).toHaveLength(1);
  });

  it('is not scored before it completes, and scoring it again writes the same rows', async () => {
    const open = await invite(db(), fixture);
    expect(await scoreInvitation(db(), open.invitationId)).toBeNull();
    expect(await scoreRow(open.invitationId)).toBeUndefined();
    const rescore = await f.as(ACME, { method: 'POST', url: reportUrl(open.invitationId, '/rescore') });
    expect([rescore.statusCode, rescore.json().code, rescore.json().msg]).toEqual([409, 'scoreNotCompleted', 'Only a completed attempt can be scored.']);

    const before = await db().selectFrom('answerScores').select(['questionId', 'status', 'earned', 'maxPoints']).where('invitationId', '=', attempt.invitationId).orderBy('questionId').execute();
    await scoreInvitation(db(), attempt.invitationId);
    await scoreInvitation(db(), attempt.invitationId);
    const after = await db().selectFrom('answerScores').select(['questionId', 'status', 'earned', 'maxPoints']).where('invitationId', '=', attempt.invitationId).orderBy('questionId').execute();
    expect(after).toEqual(before);
    expect(await db().selectFrom('testScores').select('testId').where('invitationId', '=', attempt.invitationId).execute()).toHaveLength(2);
  });
});

describe('a reviewer’s points for a short-text answer', () => {
  const review = (email: string, questionId: string, payload: unknown) => f.as(email, { method: 'PUT', url: reportUrl(attempt.invitationId, `/reviews/${questionId}`), payload: payload as object });

  it('refuses points outside 0 to the question’s maximum, other question types and questions not in the attempt', async () => {
    for (const points of [1.5, -0.1]) {
      const res = await review(ACME, fixture.questions.custom, { points });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        msg: 'Points must be between 0 and 1.',
        code: 'pointsBetween',
        params: { max: 1 },
        errors: { points: 'Points must be between 0 and 1.' },
        errorCodes: { points: { code: 'pointsBetween', params: { max: 1 } } },
      });
    }
    const notNumber = await review(ACME, fixture.questions.custom, { points: 'many' });
    expect([notNumber.statusCode, notNumber.json().errors.points]).toEqual([400, REPORT_MESSAGES.pointsNumber]);
    const single = await review(ACME, fixture.questions.single, { points: 1 });
    expect([single.statusCode, single.json().code, single.json().msg]).toEqual([400, 'notShortText', 'Only short-text answers are given points by a reviewer.']);
    const asked = Object.values(fixture.questions).filter((id) => id !== fixture.questions.video);
    const other = await db().selectFrom('questions').select('id').where('id', 'not in', asked).limit(1).executeTakeFirstOrThrow();
    const elsewhere = await review(ACME, other.id, { points: 1 });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'notInAttempt']);
    // Another client's reviewer does not find the attempt; a viewer without edit rights may not review.
    expect((await review(GLOBEX, fixture.questions.custom, { points: 1 })).statusCode).toBe(404);
    expect((await review('viewer@globex.demo', fixture.questions.custom, { points: 1 })).statusCode).toBe(403);
    expect((await scoreRow(attempt.invitationId))!.complete).toBe(false);
  });

  it('counts the points at once: the attempt is scored again and complete', async () => {
    const res = await review(ACME, fixture.questions.custom, { points: 0.5, comment: '  Clear, a little short.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as CandidateReport;
    // 14.33 + 0.5 of 22 + 1 = 64.5 %.
    expect(report.score!.overall).toEqual({ earned: 14.83, max: 23, percent: 64.5, band: 'MODERATE_HIGH' });
    expect(report.score!.complete).toBe(true);
    const custom = report.questions.find((q) => q.questionId === fixture.questions.custom)!;
    expect(custom.score).toMatchObject({ status: 'SCORED', earned: 0.5, max: 1 });
    expect(custom.review).toMatchObject({ points: 0.5, comment: 'Clear, a little short.', reviewerName: 'Aarav Acme' });
    expect((await scoreRow(attempt.invitationId))!.complete).toBe(true);
    // Changed later: the newer points count, and the audit log has both.
    const again = (await review(ACME, fixture.questions.custom, { points: 1 })).json().data as CandidateReport;
    expect(again.score!.overall.earned).toBe(15.33);
    expect((await server.auditOf(attempt.invitationId)).filter((e) => e.resource === 'answer-reviews').map((e) => e.action)).toEqual(['create', 'update']);
    await review(ACME, fixture.questions.custom, { points: 0.5 });
  });
});

describe('rescoring', () => {
  it('after a question’s points change: the attempt’s report shows the new score', async () => {
    const before = (await scoreRow(attempt.invitationId))!;
    // Escalate becomes worth 4 of 5: 14.83 + 1 of 23 = 68.8 %.
    const single = await db().selectFrom('questions').select('answers').where('id', '=', fixture.questions.single).executeTakeFirstOrThrow();
    const answers = (single.answers as { value: number }[]).map((a, i) => (i === 2 ? { ...a, value: 4 } : a));
    await db().updateTable('questions').set({ answers: JSON.stringify(answers) }).where('id', '=', fixture.questions.single).execute();
    // Stored scores stay as they were until rescored.
    expect(((await f.ok(ACME, { method: 'GET', url: reportUrl(attempt.invitationId) })) as CandidateReport).score!.overall.percent).toBe(64.5);

    const res = await f.as(ACME, { method: 'POST', url: reportUrl(attempt.invitationId, '/rescore') });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as CandidateReport;
    expect(report.score!.overall).toEqual({ earned: 15.83, max: 23, percent: 68.8, band: 'MODERATE_HIGH' });
    expect(report.questions.find((q) => q.questionId === fixture.questions.single)!.score).toMatchObject({ earned: 4, max: 5 });
    expect(report.scoredAt!).toBeGreaterThanOrEqual(before.scoredAt.getTime());
    expect(Number((await db().selectFrom('answerScores').select('earned').where('invitationId', '=', attempt.invitationId).where('questionId', '=', fixture.questions.single).executeTakeFirstOrThrow()).earned)).toBe(4);
    // Another client's staff cannot rescore it.
    expect((await f.as(GLOBEX, { method: 'POST', url: reportUrl(attempt.invitationId, '/rescore') })).statusCode).toBe(404);
  });

  it('a whole assessment in the background: 202 with how many attempts were queued', async () => {
    await db().updateTable('attemptScores').set({ percent: 1, scoredAt: new Date(0) }).where('invitationId', '=', attempt.invitationId).execute();
    const res = await f.as(ACME, { method: 'POST', url: `/api/assessments/${fixture.assessmentId}/rescore` });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ queued: 1 });
    await scoringQueueFor(server.app.services).idle();
    expect(Number((await scoreRow(attempt.invitationId))!.percent)).toBe(68.8);
    // Tenancy and permissions: another client's assessment is not found; a recruiter without assessment rights may not.
    expect((await f.as(GLOBEX, { method: 'POST', url: `/api/assessments/${fixture.assessmentId}/rescore` })).statusCode).toBe(404);
    expect((await f.as('recruiter@acme.demo', { method: 'POST', url: `/api/assessments/${fixture.assessmentId}/rescore` })).statusCode).toBe(403);
    expect((await f.as(ADMIN, { method: 'POST', url: `/api/assessments/${fixture.assessmentId}/rescore` })).statusCode).toBe(202);
    await scoringQueueFor(server.app.services).idle();
  });

  it('the sweep scores completed attempts left without a score or with an older scoring version', async () => {
    await db().updateTable('attemptScores').set({ scoringVersion: SCORING_VERSION - 1 }).where('invitationId', '=', attempt.invitationId).execute();
    const outdated = (await f.ok(ACME, { method: 'GET', url: reportUrl(attempt.invitationId) })) as CandidateReport;
    expect([outdated.scoringVersion, outdated.outdated]).toEqual([SCORING_VERSION - 1, true]);

    // A completed attempt whose scoring never ran (a restart): its scores and mail-free completion.
    const lost = await invite(db(), fixture, { name: 'Lost Score' });
    await takeAttempt(server, lost.token, handAnswers(fixture));
    await settled();
    await db().deleteFrom('attemptScores').where('invitationId', '=', lost.invitationId).execute();

    const ctx = takeContextFor(server.app.services);
    expect((await sweepAttempts(ctx)).scorings).toBeGreaterThanOrEqual(2);
    await ctx.scoring.idle();
    expect((await scoreRow(attempt.invitationId))!.scoringVersion).toBe(SCORING_VERSION);
    expect(((await f.ok(ACME, { method: 'GET', url: reportUrl(attempt.invitationId) })) as CandidateReport).outdated).toBe(false);
    // Escalate now 4, coding unanswered (0 of 6), the short text waiting: 4 + 1 + 3 + 3.33 + 0 + 1 = 12.33 of 22 = 56 %.
    const lostRow = (await scoreRow(lost.invitationId))!;
    expect([Number(lostRow.earned), Number(lostRow.maxPoints), Number(lostRow.percent)]).toEqual([12.33, 22, 56]);
    expect((await sweepAttempts(ctx)).scorings).toBe(0);
  });
});

describe('the report API’s sentences', () => {
  it('are in the admin’s English and Hindi', () => {
    const at = (messages: object, path: string) => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
    const missing = Object.values(REPORT_MESSAGES).filter((m) => typeof at(en, messageKey(m).key) !== 'string' || typeof at(hi, messageKey(m).key) !== 'string');
    expect(missing).toEqual([]);
  });
});
