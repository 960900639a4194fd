/**
 * The candidate report (`GET /api/candidate-reports/:invitationId`): band texts in the report's
 * language with the fallback of `inLanguage`, answers with options, keyed answers and points, coding
 * cases (hidden ones without input or output), a playable video answer, the proctoring evidence, the
 * percentile among the assessment's scored attempts; who may read it (tenants, a candidate's token,
 * a Self Assessment user's own report without proctoring).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateReport, ReportQuestion } from '../../src/domain/report';
import type { TakeState } from '../../src/domain/take';
import { sweepAttempts, takeContextFor } from '../../server/modules/take/lifecycle';
import { startTestServer, type TestServer } from './harness';
import { handAnswers, scoringFixture, SUM_SOURCE, takeAttempt, type ScoringFixture } from './score-fixtures';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, USER, staffFixtures } from './staff-fixtures';
import { invite, newKey, recordingBytes, SECRETS, takeClient } from './take-fixtures';

let server: TestServer;
let f: ReturnType<typeof staffFixtures>;
let fixture: ScoringFixture;
let kavya: { invitationId: string; token: string };
let ravi: { invitationId: string; token: string };

const db = () => server.database.db;
const reportUrl = (invitationId: string, query = '') => `/api/candidate-reports/${invitationId}${query}`;
const settled = async () => {
  const ctx = takeContextFor(server.app.services);
  await ctx.evaluations.idle();
  await ctx.scoring.idle();
};

/** Uploads a file to a signed URL of the candidate API, as the page does. */
async function upload(token: string, request: object, bytes: number): Promise<string> {
  const ticket = await takeClient(server).post(token, '/media', request);
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const url = new URL(ticket.data.uploadUrl, 'http://localhost');
  const put = await server.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: recordingBytes(String(ticket.data.headers['content-type']), bytes), headers: ticket.data.headers });
  expect(put.statusCode, put.body).toBe(200);
  return ticket.data.objectKey as string;
}

beforeAll(async () => {
  server = await startTestServer();
  f = staffFixtures(server);
  const acmeClient = (await server.demoUsers()).get(ACME)!.clientId!;
  fixture = await scoringFixture(db(), { clientId: acmeClient });

  // Kavya answers in Hindi, with code, a recorded video answer, a webcam snapshot, a paste and a tab left once.
  kavya = await invite(db(), fixture, { name: 'Kavya Menon', email: 'kavya@example.com' });
  const client = takeClient(server);
  await takeAttempt(server, kavya.token, { ...handAnswers(fixture), [fixture.questions.coding]: { languageId: 63, source: SUM_SOURCE } }, {
    language: 'hi',
    beforeFinish: async (state: TakeState) => {
      const part = state.currentPart!;
      if (part.id === 'qualifying') {
        await upload(kavya.token, { kind: 'SNAPSHOT', contentType: 'image/jpeg', size: 512 }, 512);
        const at = Date.now();
        const events = [
          { key: newKey(), type: 'TAB_HIDDEN', occurredAt: at, partId: part.id },
          { key: newKey(), type: 'WINDOW_BLUR', occurredAt: at + 20, partId: part.id },
          { key: newKey(), type: 'PASTE', occurredAt: at + 5000, partId: part.id, questionId: fixture.questions.qualifying },
        ];
        expect((await client.post(kavya.token, '/events', { events })).status).toBe(200);
      }
      if (part.id === 'video') {
        const objectKey = await upload(kavya.token, { kind: 'VIDEO_ANSWER', questionId: fixture.questions.video, contentType: 'video/webm', size: 2048, durationMs: 20_000 }, 2048);
        expect((await client.save(kavya.token, fixture.questions.video, { objectKey })).status).toBe(200);
      }
    },
  });
  // Ravi argues (1 of 5) and writes no code: 9.33 of 22 = 42.4 %, below Kavya's 65.1 %.
  ravi = await invite(db(), fixture, { name: 'Ravi Shah', email: 'ravi@example.com' });
  await takeAttempt(server, ravi.token, { ...handAnswers(fixture), [fixture.questions.single]: { answerIndexes: [1] } });
  await settled();
}, 120_000);
afterAll(() => server.close());

const question = (report: CandidateReport, id: string): ReportQuestion => report.questions.find((q) => q.questionId === id)!;

describe('the report', () => {
  it('in Hindi: band texts in Hindi or their English fallback, options and questions in Hindi, the percentile among scored attempts', async () => {
    const report = (await f.ok(ACME, { method: 'GET', url: reportUrl(kavya.invitationId, '?language=hi') })) as CandidateReport;
    expect(report).toMatchObject({
      invitationId: kavya.invitationId,
      candidate: { name: 'Kavya Menon', email: 'kavya@example.com' },
      assessment: { id: fixture.assessmentId, type: 'INVITED' },
      client: { name: 'Acme Industries' },
      status: 'COMPLETED',
      attemptLanguage: 'hi',
      reportLanguage: 'hi',
      outdated: false,
      mayReview: true,
    });
    expect(report.score!.overall).toEqual({ earned: 14.33, max: 22, percent: 65.1, band: 'MODERATE_HIGH' });
    expect(report.completedAt).toBeGreaterThan(report.startedAt!);
    // Two scored attempts: Kavya is above Ravi (one below, herself counted half).
    expect([report.percentile, report.percentileOf]).toEqual([75, 2]);
    const raviReport = (await f.ok(ACME, { method: 'GET', url: reportUrl(ravi.invitationId) })) as CandidateReport;
    expect([raviReport.score!.overall.percent, raviReport.percentile]).toEqual([42.4, 25]);

    expect(report.bandTexts).toEqual(
      expect.arrayContaining([
        { skillId: fixture.skills.listening, band: 'MODERATE_HIGH', language: 'hi', content: '<p>अच्छी तरह सुनते हैं; किसी कठिन बातचीत के बारे में पूछें।</p>' },
        { skillId: fixture.skills.planning, band: 'MODERATE', language: 'en', content: '<p>Plans with some help; ask how they prioritise.</p>' },
      ]),
    );
    expect(report.bandTexts).toHaveLength(2);
    const english = (await f.ok(ACME, { method: 'GET', url: reportUrl(kavya.invitationId, '?language=en') })) as CandidateReport;
    expect(english.bandTexts.find((b) => b.skillId === fixture.skills.listening)).toMatchObject({ language: 'en', content: '<p>Listens well; ask about a hard conversation.</p>' });

    const single = question(report, fixture.questions.single);
    expect(single.text).toContain('(हिन्दी)');
    expect(single.options.map((o) => [o.text, o.points, o.isCorrect])).toEqual([
      ['Listen (हिन्दी)', 5, null],
      ['Argue (हिन्दी)', 1, null],
      ['Escalate (हिन्दी)', 3, null],
    ]);
    expect(single).toMatchObject({ partKind: 'TEST', testId: fixture.tests.draw, chosen: [2], score: { status: 'SCORED', earned: 3, max: 5 } });
    expect(english.questions.find((q) => q.questionId === fixture.questions.single)!.options[2].text).toBe('Escalate');
  });

  it('shows the keyed answers, a sorting question’s keyed order, the short text, and the parts in the attempt’s order', async () => {
    const report = (await f.ok(ADMIN, { method: 'GET', url: reportUrl(kavya.invitationId, '?language=en') })) as CandidateReport;
    expect(question(report, fixture.questions.multiple).options.map((o) => o.isCorrect)).toEqual([true, true, false]);
    expect(question(report, fixture.questions.multiple).chosen).toEqual([0]);
    expect(question(report, fixture.questions.sorting)).toMatchObject({ chosen: [1, 0, 2, 3], keyedOrder: [0, 1, 2, 3], score: { earned: 3.33, max: 4 } });
    expect(question(report, fixture.questions.custom)).toMatchObject({ partKind: 'CUSTOM', textAnswer: 'I enjoy solving customers’ problems.', score: { status: 'AWAITING_REVIEW' }, review: null });
    expect(question(report, fixture.questions.qualifying)).toMatchObject({ partKind: 'QUALIFYING', score: { status: 'NOT_SCORED' } });
    expect([...new Set(report.questions.map((q) => q.partKind))]).toEqual(['QUALIFYING', 'TEST', 'CUSTOM', 'VIDEO']);
  });

  it('shows each coding case’s result, the hidden ones by number only', async () => {
    const res = await f.as(ACME, { method: 'GET', url: reportUrl(kavya.invitationId) });
    for (const secret of Object.values(SECRETS)) expect(res.body).not.toContain(secret);
    const code = question(res.json().data as CandidateReport, fixture.questions.coding).code!;
    expect(code).toMatchObject({ languageId: 63, language: 'JavaScript', source: SUM_SOURCE, evaluation: 'done' });
    expect(code.cases.map((c) => [c.hidden, c.passed, c.points, c.input, c.expectedOutput])).toEqual([
      [false, true, 1, '1 2', '3'],
      [false, true, 1, '10 20', '30'],
      [true, false, 0, null, null],
      [true, true, 3, null, null],
    ]);
    expect(code.cases[0].actualOutput?.trim()).toBe('3');
    expect(code.cases[3].actualOutput).toBeNull();
  });

  it('plays the video answer and shows the proctoring timeline, snapshots and integrity summary', async () => {
    const report = (await f.ok(ACME, { method: 'GET', url: reportUrl(kavya.invitationId) })) as CandidateReport;
    const video = question(report, fixture.questions.video);
    expect(video).toMatchObject({ questionType: 'VIDEO', partKind: 'VIDEO', score: { status: 'NOT_SCORED' } });
    const played = await server.app.inject({ method: 'GET', url: video.videoUrl! });
    expect([played.statusCode, played.rawPayload.length]).toEqual([200, 2048]);

    expect(report.proctoring!.events.map((e) => e.type)).toEqual(['TAB_HIDDEN', 'WINDOW_BLUR', 'PASTE']);
    expect(report.proctoring!.events[2]).toMatchObject({ partId: 'qualifying', questionId: fixture.questions.qualifying });
    expect(report.proctoring!.snapshots).toHaveLength(1);
    expect((await server.app.inject({ method: 'GET', url: report.proctoring!.snapshots[0].url })).statusCode).toBe(200);
    // A paste is some issue; leaving the tab once is not. The counts are the evidence.
    expect(report.score!.integrity.level).toBe('SOME_ISSUES');
    expect(report.score!.integrity.counts).toMatchObject({ PASTE: 1, TAB_HIDDEN: 1, WINDOW_BLUR: 1 });
  });

  it('opens in the attempt’s language when none is asked for, else the reader’s, and refuses a malformed one', async () => {
    // Kavya took it in Hindi: her report opens in Hindi, whatever the reader's browser says.
    for (const headers of [{}, { 'accept-language': 'en-GB,en;q=0.9' }]) {
      expect(((await f.as(ACME, { method: 'GET', url: reportUrl(kavya.invitationId), headers })).json().data as CandidateReport).reportLanguage).toBe('hi');
    }
    // Ravi took it in English: English by default, the reader's language when the browser asks for Hindi.
    expect(((await f.ok(ACME, { method: 'GET', url: reportUrl(ravi.invitationId) })) as CandidateReport).reportLanguage).toBe('en');
    await db().updateTable('invitations').set({ language: null }).where('id', '=', ravi.invitationId).execute();
    const hindi = await f.as(ACME, { method: 'GET', url: reportUrl(ravi.invitationId), headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' } });
    expect((hindi.json().data as CandidateReport).reportLanguage).toBe('hi');
    await db().updateTable('invitations').set({ language: 'en' }).where('id', '=', ravi.invitationId).execute();
    const bad = await f.as(ACME, { method: 'GET', url: reportUrl(kavya.invitationId, '?language=../../etc') });
    expect([bad.statusCode, bad.json().errors.language]).toEqual([400, 'The language is not valid.']);
    expect((await f.as(ACME, { method: 'GET', url: reportUrl('not-an-id') })).statusCode).toBe(400);
    expect((await f.as(ACME, { method: 'GET', url: reportUrl('00000000-0000-4000-8000-000000000000') })).statusCode).toBe(404);
  });
});

describe('the demo data’s attempts', () => {
  it('are all scored by the sweep, and every attempt’s report reads, in both languages', { timeout: 120_000 }, async () => {
    const ctx = takeContextFor(server.app.services);
    await sweepAttempts(ctx);
    await ctx.evaluations.idle();
    await ctx.scoring.idle();
    const unscored = await db()
      .selectFrom('invitations as i')
      .leftJoin('attemptScores as s', 's.invitationId', 'i.id')
      .select('i.id')
      .where('i.status', '=', 'COMPLETED')
      .where('s.invitationId', 'is', null)
      .execute();
    expect(unscored).toEqual([]);
    const invitations = await db().selectFrom('invitations').select(['id', 'status']).execute();
    expect(invitations.filter((i) => i.status === 'COMPLETED').length).toBeGreaterThan(2);
    for (const { id, status } of invitations)
      for (const language of ['en', 'hi']) {
        const res = await f.as(ADMIN, { method: 'GET', url: reportUrl(id, `?language=${language}`) });
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json().data as CandidateReport).score === null, id).toBe(status !== 'COMPLETED');
      }
  });
});

describe('who may read a report', () => {
  it('the client’s own staff and the provider; another client gets 404, whatever it asks', async () => {
    for (const email of [ACME, ACME_RECRUITER, ADMIN]) expect((await f.as(email, { method: 'GET', url: reportUrl(kavya.invitationId) })).statusCode, email).toBe(200);
    for (const email of [GLOBEX, 'viewer@globex.demo']) {
      const res = await f.as(email, { method: 'GET', url: reportUrl(kavya.invitationId) });
      expect([res.statusCode, res.body.includes('Kavya')], email).toEqual([404, false]);
    }
    expect((await f.as(GLOBEX, { method: 'POST', url: reportUrl(kavya.invitationId, '/rescore') })).statusCode).toBe(404);
    expect((await f.as(GLOBEX, { method: 'PUT', url: reportUrl(kavya.invitationId, `/reviews/${fixture.questions.custom}`), payload: { points: 1 } })).statusCode).toBe(404);
    // Staff without the Candidates area are refused.
    expect((await f.as('author@skillgauge.demo', { method: 'GET', url: reportUrl(kavya.invitationId) })).statusCode).toBe(403);
  });

  it('not a candidate’s link token, nor anyone signed out', async () => {
    const withToken = await server.app.inject({ method: 'GET', url: reportUrl(kavya.invitationId), headers: { authorization: `Bearer ${kavya.token}` } });
    expect(withToken.statusCode).toBe(401);
    expect(withToken.body).not.toContain('Kavya');
    expect((await server.app.inject({ method: 'GET', url: reportUrl(kavya.invitationId) })).statusCode).toBe(401);
    // The candidate's own API carries no score either.
    const state = await server.app.inject({ method: 'GET', url: `/api/take/${kavya.token}` });
    expect(state.statusCode).toBe(200);
    expect(state.body).not.toMatch(/"(score|percent|band|earned)"/);
  });

  it('a Self Assessment user: their own reports, without proctoring or answer keys; nobody else’s', async () => {
    const self = await scoringFixture(db(), { type: 'SELF', name: 'Know yourself' });
    const started = await f.ok(USER, { method: 'POST', url: `/api/self-assessments/${self.assessmentId}/start` });
    await takeAttempt(server, started.token, handAnswers(self));
    await settled();

    const mine = await f.ok(USER, { method: 'GET', url: '/api/my-reports' });
    expect(mine).toEqual([expect.objectContaining({ invitationId: started.invitationId, assessmentName: 'Know yourself', status: 'COMPLETED', band: 'MODERATE', complete: false })]);
    // Coding unanswered: 3 + 1 + 3 + 3.33 + 0 + 1 of 22.
    expect(mine[0].percent).toBe(51.5);

    const report = (await f.ok(USER, { method: 'GET', url: reportUrl(started.invitationId) })) as CandidateReport;
    expect(report).toMatchObject({ proctoring: null, mayReview: false, status: 'COMPLETED', assessment: { type: 'SELF' } });
    expect(report.score!.overall.earned).toBe(11.33);
    expect(report.bandTexts.length).toBeGreaterThan(0);
    expect(report.questions.flatMap((q) => q.options).every((o) => o.points === null && o.isCorrect === null)).toBe(true);
    expect(question(report, self.questions.sorting).keyedOrder).toBeNull();
    // They cannot rescore or review it; the provider sees it with its evidence.
    expect((await f.as(USER, { method: 'POST', url: reportUrl(started.invitationId, '/rescore') })).statusCode).toBe(403);
    expect(((await f.ok(ADMIN, { method: 'GET', url: reportUrl(started.invitationId) })) as CandidateReport).proctoring).not.toBeNull();
    // Nobody is mailed about one's own self assessment.
    expect((await db().selectFrom('outbox').select('textBody').execute()).some((m) => m.textBody.includes(`/candidate-details/${started.invitationId}`))).toBe(false);

    // Another user, and this user for a client's candidate, find nothing.
    const other = await server.addAccount({ email: 'someone.else@example.com' });
    expect((await f.as(other.email, { method: 'GET', url: reportUrl(started.invitationId) })).statusCode).toBe(404);
    expect(await f.ok(other.email, { method: 'GET', url: '/api/my-reports' })).toEqual([]);
    expect((await f.as(USER, { method: 'GET', url: reportUrl(kavya.invitationId) })).statusCode).toBe(404);
    expect((await f.as(ACME, { method: 'GET', url: '/api/my-reports' })).statusCode).toBe(403);
  });
});
