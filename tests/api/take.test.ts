/**
 * The candidate's API: an invitation's whole life (open, start, answer, resume, parts, hidden cases,
 * complete), links that no longer work, disqualification, the public link, and what a token can
 * reach: only its own attempt, and never an answer key.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateAnswer, type AnswerMessageCode, type CandidateBankQuestion } from '../../src/domain/attemptQuestions';
import { MESSAGES, type MessageCode } from '../../src/domain/messages';
import takeEn from '../../src/i18n/take/en';
import takeEnFlow from '../../src/i18n/take/en.flow';
import takeHi from '../../src/i18n/take/hi';
import takeHiFlow from '../../src/i18n/take/hi.flow';
import type { TakeState } from '../../src/domain/take';
import { hashInvitationToken } from '../../server/lib/invitations';
import { sweepAttempts, takeContextFor } from '../../server/modules/take/lifecycle';
import { answerFor, createAssessment, invite, joinPublic, recordingBytes, SECRETS, shown, SUM_SOURCE, takeClient, type AssessmentFixture } from './take-fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let fixture: AssessmentFixture;

/** Every JSON answer a candidate route gave in this file, walked for answer keys at the end. */
const answered: unknown[] = [];

beforeAll(async () => {
  server = await startTestServer();
  fixture = await createAssessment(server.database.db);
});
afterAll(() => server.close());

const db = () => server.database.db;
const { call, state, post, save } = takeClient({ get app() { return server.app; } }, answered);
const question = shown;

describe('an invitation, from its link to the end', () => {
  it('opens, starts, answers each part, resumes at the first unanswered question, runs hidden cases and completes', { timeout: 120_000 }, async () => {
    const { token, invitationId } = await invite(db(), fixture, { name: 'Meera Iyer' });

    // Opened: the instructions' facts, no parts yet; the first GET stamps opened_at.
    const beforeOpen = Date.now();
    const opened = await state(token);
    const afterOpen = Date.now();
    expect(opened.invitation).toMatchObject({ status: 'PENDING', candidateName: 'Meera Iyer', language: null, entryType: 'INVITE' });
    expect(opened.assessment).toMatchObject({ languages: ['en', 'hi'], hasCoding: true, hasVideo: true, estimatedMinutes: 20 + 2 * 3 });
    expect(opened.parts).toEqual([]);
    // The server's clock, read while it answered (the same clock as the test's).
    expect(opened.serverNow).toBeGreaterThanOrEqual(beforeOpen);
    expect(opened.serverNow).toBeLessThanOrEqual(afterOpen);
    const row = () => db().selectFrom('invitations').selectAll().where('id', '=', invitationId).executeTakeFirstOrThrow();
    expect((await row()).openedAt).not.toBeNull();
    // Presence is written in batches.
    await takeContextFor(server.app.services).presence.flush();
    expect((await row()).lastSeenAt).not.toBeNull();

    // Start: a language of the assessment only; twice is harmless.
    const wrong = await post(token, '/start', { language: 'bn' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(MESSAGES.languageNotOffered);
    const started = (await post(token, '/start', { language: 'hi' })).data as TakeState;
    expect(started.invitation).toMatchObject({ status: 'IN_PROGRESS', language: 'hi' });
    expect(started.parts.map((p) => p.kind)).toEqual(['QUALIFYING', 'TEST', 'TEST', 'CUSTOM', 'VIDEO']);
    expect(started.parts[1]).toMatchObject({ questionCount: 3, durationSeconds: 600 });
    // The test's name in every language it has, English first: the page shows the attempt's.
    expect(started.parts[1].titles!.map((t) => t.language)).toEqual(['en', 'hi']);
    expect(started.parts[1].titles![1].name).toMatch(/^Customer focus .* \(हिन्दी\)$/);
    expect(started.parts[0].titles).toBeNull();
    expect(started.position).toMatchObject({ kind: 'QUESTION', partId: 'qualifying', needsStart: true, questionIndex: 0 });
    expect(started.currentPart).toBeNull();
    const again = await post(token, '/start', { language: 'en' });
    expect(again.status).toBe(200);
    expect((again.data as TakeState).invitation.language).toBe('hi');
    expect(await db().selectFrom('attemptParts').select('partId').where('invitationId', '=', invitationId).execute()).toHaveLength(5);

    // Only the part the flow is at may start.
    const early = await post(token, `/parts/test:${fixture.tests.aptitude}/start`);
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(MESSAGES.partNotNext);
    expect((await post(token, '/parts/nonsense/start')).status).toBe(404);

    // Qualifying: in Hindi, answered "Yes" (not disqualifying).
    let s = (await post(token, '/parts/qualifying/start')).data as TakeState;
    const qualifying = question(s, fixture.questions.qualifying);
    expect(qualifying.text).toContain('हिन्दी');
    expect((await save(token, qualifying.id, { optionIds: [qualifying.options.find((o) => o.text.startsWith('Yes'))!.id] })).data.decision).toBe('INSERT');
    s = (await post(token, '/parts/qualifying/finish')).data as TakeState;
    expect(s.invitation.status).toBe('IN_PROGRESS');
    expect(s.position).toMatchObject({ partId: `test:${fixture.tests.draw}`, needsStart: true });

    // The drawing test: 3 of its 4 questions, in an order that stays the same; its deadline is written at its start.
    const before = Date.now();
    s = (await post(token, `/parts/test:${fixture.tests.draw}/start`)).data as TakeState;
    const drawPart = s.parts.find((p) => p.kind === 'TEST')!;
    expect(drawPart.deadline! - drawPart.startedAt!).toBe(600_000);
    expect(drawPart.startedAt!).toBeGreaterThanOrEqual(before - 1000);
    const order = s.currentPart!.questions.map((q) => q.id);
    expect(order).toHaveLength(3);
    expect(new Set(order).size).toBe(3);
    expect((await state(token)).currentPart!.questions.map((q) => q.id)).toEqual(order);
    // Starting it again changes nothing.
    expect(((await post(token, `/parts/test:${fixture.tests.draw}/start`)).data as TakeState).parts[1].deadline).toBe(drawPart.deadline);

    // Answer the first; reopening the link resumes at the second, with the time really left.
    expect((await save(token, order[0], answerFor(question(s, order[0])))).data.decision).toBe('INSERT');
    const asked = Date.now();
    const resumed = await state(token);
    const answeredAt = Date.now();
    expect(resumed.position).toMatchObject({ kind: 'QUESTION', partId: drawPart.id, questionIndex: 1, questionId: order[1], needsStart: false });
    const left = (resumed.position as { remainingMs: number }).remainingMs;
    // Reckoned from the deadline at the request's arrival (between the test's two readings of the
    // clock), however long the machine took; serverNow is stamped as the answer leaves, later still.
    expect(left).toBeLessThanOrEqual(drawPart.deadline! - asked);
    expect(left).toBeGreaterThanOrEqual(drawPart.deadline! - answeredAt);
    expect(left).toBeGreaterThanOrEqual(drawPart.deadline! - resumed.serverNow);
    // Stored as checked. A multiple choice is a set (stored in index order), so it may come back
    // in another order than it was sent: compared as a set.
    const first = question(s, order[0]);
    const check = validateAnswer(first, answerFor(first));
    const asSet = (answer: unknown) =>
      first.questionType === 'MULTIPLE_CHOICE' ? { optionIds: [...(answer as { optionIds: string[] }).optionIds].sort() } : answer;
    expect(check.ok && asSet(resumed.currentPart!.answers[order[0]])).toEqual(check.ok && asSet(check.answer));
    for (const id of order.slice(1)) expect((await save(token, id, answerFor(question(s, id)))).status).toBe(200);
    expect((await state(token)).position).toMatchObject({ kind: 'PART_END', partId: drawPart.id, questionIndex: 3 });
    await post(token, `/parts/${drawPart.id}/finish`);
    // A save into a closed part is refused with the reason.
    const late = await save(token, order[0], answerFor(question(resumed, order[0])));
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(MESSAGES.partClosed);

    // Aptitude: coding (visible examples only) and correct/incorrect; closing it runs every case, hidden ones too.
    s = (await post(token, `/parts/test:${fixture.tests.aptitude}/start`)).data as TakeState;
    const coding = question(s, fixture.questions.coding);
    expect(coding.coding!.examples).toEqual([
      { input: '1 2', expectedOutput: '3' },
      { input: '10 20', expectedOutput: '30' },
    ]);
    expect(coding.coding!.starterCode).toEqual({ '63': '// read two numbers', '70': '# read two numbers' });
    const run = await post(token, '/run', { questionId: coding.id, languageId: 63, source: SUM_SOURCE });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.data.results.map((r: { status: string }) => r.status)).toEqual(['passed', 'passed']);
    expect(run.data.passedCount).toBe(2);
    expect((await save(token, coding.id, answerFor(coding))).status).toBe(200);
    expect((await save(token, fixture.questions.correctIncorrect, answerFor(question(s, fixture.questions.correctIncorrect)))).status).toBe(200);
    await post(token, `/parts/test:${fixture.tests.aptitude}/finish`);
    // The finish queued the hidden cases' run: wait for the queue, not for a time.
    await takeContextFor(server.app.services).evaluations.idle();
    const evaluation = (await db().selectFrom('answers').select('evaluation').where('invitationId', '=', invitationId).where('questionId', '=', coding.id).executeTakeFirstOrThrow())
      .evaluation as { status: string; result?: { results: { hidden: boolean; status: string }[]; earnedPoints: number } };
    expect(evaluation.status).toBe('done');
    expect(evaluation.result!.results.map((r) => [r.hidden, r.status])).toEqual([
      [false, 'passed'],
      [false, 'passed'],
      [true, 'failed'],
      [true, 'passed'],
    ]);
    expect(evaluation.result!.earnedPoints).toBe(5);

    // Custom question, then the video question: a signed upload, the file, then the save of its key.
    await post(token, '/parts/custom/start');
    expect((await save(token, fixture.questions.custom, { text: '  Because I like helping people.  ' })).status).toBe(200);
    await post(token, '/parts/custom/finish');
    s = (await post(token, '/parts/video/start')).data as TakeState;
    expect(s.currentPart!.questions).toEqual([{ id: fixture.questions.video, questionType: 'VIDEO', videoType: 'INTRO', text: 'अपना परिचय दें', maxSeconds: 60, retakes: 1 }]);
    expect(s.currentPart!.videoTakes).toEqual({});
    const ticket = await post(token, '/media', { kind: 'VIDEO_ANSWER', questionId: fixture.questions.video, contentType: 'video/webm', size: 2048, durationMs: 30_000 });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.data).toMatchObject({ method: 'PUT', headers: { 'content-type': 'video/webm' } });
    // A path on this server, not PUBLIC_URL's origin: the page may be open at another host name of it.
    expect(ticket.data.uploadUrl).toMatch(/^\/files\/uploads\/[^?]+\?expires=/);
    // Not there yet: the save of its key is refused.
    expect((await save(token, fixture.questions.video, { objectKey: ticket.data.objectKey })).status).toBe(422);
    const upload = await server.app.inject({ method: 'PUT', url: new URL(ticket.data.uploadUrl, 'http://localhost').pathname + new URL(ticket.data.uploadUrl, 'http://localhost').search, payload: recordingBytes('video/webm', 2048), headers: { 'content-type': 'video/webm' } });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await save(token, fixture.questions.video, { objectKey: ticket.data.objectKey })).data.decision).toBe('INSERT');
    expect((await state(token)).currentPart!.videoTakes).toEqual({ [fixture.questions.video]: 1 });

    // The last part completes the attempt; scoring (in the background) fills answer_scores from the answers.
    const done = (await post(token, '/parts/video/finish')).data as TakeState;
    expect(done.invitation.status).toBe('COMPLETED');
    expect(done.position).toEqual({ kind: 'DONE' });
    expect(done.currentPart).toBeNull();
    const finished = await row();
    expect(finished.completedAt).not.toBeNull();
    await takeContextFor(server.app.services).scoring.idle();
    const responses = await db().selectFrom('answerScores').select(['questionId', 'answerIndexes', 'status', 'language']).where('invitationId', '=', invitationId).execute();
    expect(responses.map((r) => r.questionId).sort()).toEqual([fixture.questions.qualifying, ...order, fixture.questions.coding, fixture.questions.correctIncorrect, fixture.questions.custom].sort());
    expect(responses.every((r) => r.language === 'hi')).toBe(true);
    expect(responses.find((r) => r.questionId === fixture.questions.custom)).toMatchObject({ answerIndexes: [], status: 'AWAITING_REVIEW' });
    expect(responses.find((r) => r.questionId === fixture.questions.qualifying)).toMatchObject({ answerIndexes: [0], status: 'NOT_SCORED' });
    // Stored short text is trimmed, as validated.
    expect((await db().selectFrom('answers').select('answer').where('questionId', '=', fixture.questions.custom).where('invitationId', '=', invitationId).executeTakeFirstOrThrow()).answer).toEqual({ text: 'Because I like helping people.' });

    // Finished: reading still works, writing does not; finishing again is harmless.
    expect((await save(token, fixture.questions.custom, { text: 'More' })).body.msg).toBe(MESSAGES.attemptFinished);
    expect((await post(token, '/parts/video/finish')).status).toBe(200);
    expect((await state(token)).invitation.status).toBe('COMPLETED');
  });

  it('ends politely when a qualifying answer disqualifies', async () => {
    const { token, invitationId } = await invite(db(), fixture);
    await post(token, '/start', { language: 'en' });
    const s = (await post(token, '/parts/qualifying/start')).data as TakeState;
    const no = question(s, fixture.questions.qualifying).options.find((o) => o.text === 'No')!;
    expect((await save(token, fixture.questions.qualifying, { optionIds: [no.id] })).status).toBe(200);
    const end = (await post(token, '/parts/qualifying/finish')).data as TakeState;
    expect(end.invitation.status).toBe('DISQUALIFIED');
    expect(end.position).toEqual({ kind: 'DONE' });
    expect((await db().selectFrom('invitations').select('disqualifiedAt').where('id', '=', invitationId).executeTakeFirstOrThrow()).disqualifiedAt).not.toBeNull();
    expect((await post(token, `/parts/test:${fixture.tests.draw}/start`)).body.msg).toBe(MESSAGES.attemptFinished);
  });
});

describe('links that do not work', () => {
  it('refuses malformed and unknown tokens with 404, before and after looking', async () => {
    for (const bad of ['short', 'x'.repeat(44), `${'a'.repeat(42)}!`, `${'a'.repeat(42)}%2F`, `${'a'.repeat(42)}.`]) {
      const res = await call('GET', `/api/take/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.body.msg).toBe(MESSAGES.linkNotFound);
      // By code too: the candidate's page words it in its language.
      expect(res.body).toMatchObject({ code: 'linkNotFound' });
      expect(res.body.params).toBeUndefined();
    }
    expect((await call('GET', `/api/take/${randomBytes(32).toString('base64url')}`)).status).toBe(404);
  });

  it('answers 410 for a revoked link, an expired one (and marks it), and a pending one of an inactive assessment; a started one may finish', async () => {
    const revoked = await invite(db(), fixture);
    await db().updateTable('invitations').set({ revokedAt: new Date() }).where('id', '=', revoked.invitationId).execute();
    expect((await call('GET', `/api/take/${revoked.token}`)).body).toMatchObject({ result: 0, msg: MESSAGES.linkRevoked, code: 'linkRevoked' });
    expect((await post(revoked.token, '/start', { language: 'en' })).status).toBe(410);

    const lapsed = await invite(db(), fixture, { expiresAt: new Date(Date.now() - 1000) });
    const res = await call('GET', `/api/take/${lapsed.token}`);
    expect([res.status, res.body.msg]).toEqual([410, MESSAGES.linkExpired]);
    expect([res.body.code, res.body.params]).toEqual(['linkExpired', undefined]);
    expect((await db().selectFrom('invitations').select('status').where('id', '=', lapsed.invitationId).executeTakeFirstOrThrow()).status).toBe('EXPIRED');

    const closedAssessment = await createAssessment(db(), { status: 'CLOSED' });
    const pending = await invite(db(), closedAssessment);
    expect((await call('GET', `/api/take/${pending.token}`)).body).toMatchObject({ result: 0, msg: MESSAGES.assessmentNotActive, code: 'assessmentNotActive' });

    const running = await invite(db(), fixture);
    await post(running.token, '/start', { language: 'en' });
    await db().updateTable('assessments').set({ status: 'CLOSED' }).where('id', '=', fixture.assessmentId).execute();
    try {
      expect((await call('GET', `/api/take/${running.token}`)).status).toBe(200);
      expect((await post(running.token, '/parts/qualifying/start')).status).toBe(200);
    } finally {
      await db().updateTable('assessments').set({ status: 'ACTIVE' }).where('id', '=', fixture.assessmentId).execute();
    }
  });

  it('starts only inside the validity window', async () => {
    const future = await createAssessment(db(), { validFrom: new Date(Date.now() + 86_400_000) });
    const early = await invite(db(), future);
    expect((await call('GET', `/api/take/${early.token}`)).status).toBe(200);
    const res = await post(early.token, '/start', { language: 'en' });
    expect([res.status, res.body.msg, res.body.code]).toEqual([409, MESSAGES.assessmentNotOpenYet, 'assessmentNotOpenYet']);
    const past = await createAssessment(db(), { validUntil: new Date(Date.now() - 1000) });
    const late = await post((await invite(db(), past)).token, '/start', { language: 'en' });
    expect([late.status, late.body.msg, late.body.code]).toEqual([410, MESSAGES.assessmentNotOpen, 'assessmentNotOpen']);
  });
});

describe('a token reads only its own attempt', () => {
  it('cannot answer, run or record another attempt’s questions, and sees only its own state', async () => {
    const other = await createAssessment(db(), { qualifying: false });
    const mine = await invite(db(), fixture);
    const theirs = await invite(db(), other);
    await post(mine.token, '/start', { language: 'en' });
    await post(mine.token, '/parts/qualifying/start');
    await post(theirs.token, '/start', { language: 'en' });
    const theirState = (await post(theirs.token, `/parts/test:${other.tests.draw}/start`)).data as TakeState;
    const theirQuestion = theirState.currentPart!.questions[0] as CandidateBankQuestion;

    const foreign = await save(mine.token, theirQuestion.id, answerFor(theirQuestion));
    expect([foreign.status, foreign.body.msg]).toEqual([409, MESSAGES.notInPart]);
    expect((await post(mine.token, '/run', { questionId: other.questions.coding, languageId: 63, source: SUM_SOURCE })).status).toBe(409);
    expect((await post(mine.token, `/parts/test:${other.tests.draw}/start`)).status).toBe(404);
    expect((await post(mine.token, '/media', { kind: 'VIDEO_ANSWER', questionId: other.questions.video, contentType: 'video/webm', size: 100 })).status).toBe(409);
    // Nothing of theirs was written, and my state names only my assessment's questions.
    expect(await db().selectFrom('answers').select('questionId').where('invitationId', '=', mine.invitationId).execute()).toEqual([]);
    const mineState = await state(mine.token);
    expect(JSON.stringify(mineState)).not.toContain(theirQuestion.id);
    expect(mineState.currentPart!.questions.map((q) => q.id)).toEqual([fixture.questions.qualifying]);
  });
});

describe('the public link', () => {
  it('shows the assessment; an email joins only with the code mailed to it, its link mailed in the page’s language', async () => {
    const open = await createAssessment(db(), { type: 'PUBLIC_LINK', clientId: (await server.demoUsers()).get('client@acme.demo')!.clientId });
    const shown = await call('GET', `/api/take/public/${open.slug}`);
    expect(shown.data).toEqual({ names: [{ language: 'en', name: expect.any(String), description: 'Customer focus and programming' }], languages: ['en', 'hi'], estimatedMinutes: 26, open: true });
    const url = `/api/take/public/${open.slug}`;
    const ravi = { name: 'Ravi Kumar', email: 'Ravi.Kumar@Example.com', phone: '+91 98450 12345', language: 'hi' };
    const invitations = () => db().selectFrom('invitations').select('id').where('assessmentId', '=', open.assessmentId).execute();

    // Without a code nothing is made; the code goes to the email, in Hindi as the page asked.
    const noCode = await server.app.inject({ method: 'POST', url, payload: ravi });
    expect(noCode.statusCode).toBe(400);
    // A field's message travels by code as well, the failure's by the first field's.
    const nameless = await server.app.inject({ method: 'POST', url: `${url}/code`, payload: { ...ravi, name: ' ', email: 'not-an-email' } });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({
      code: 'nameRequired',
      errors: { name: MESSAGES.nameRequired, email: MESSAGES.emailInvalid },
      errorCodes: { name: { code: 'nameRequired' }, email: { code: 'emailInvalid' } },
    });
    const asked = await server.app.inject({ method: 'POST', url: `${url}/code`, payload: ravi });
    expect([asked.statusCode, asked.json().data.message]).toEqual([200, MESSAGES.joinCodeSent]);
    expect(asked.json().data.code).toBe('joinCodeSent');
    expect(await invitations()).toEqual([]);
    const codeMail = (await server.latestMail('ravi.kumar@example.com'))!;
    expect(codeMail.textBody).toContain('कोड दर्ज करें');
    const code = await server.latestCode('ravi.kumar@example.com');

    // Whoever guesses gets nowhere: a wrong code is refused, and after five tries the code is spent.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guess = await server.app.inject({ method: 'POST', url, payload: { ...ravi, code: wrong } });
    expect([guess.statusCode, guess.json().errors.code]).toEqual([400, MESSAGES.joinCodeWrong]);
    expect(guess.json()).toMatchObject({ code: 'joinCodeWrong', errorCodes: { code: { code: 'joinCodeWrong' } } });
    expect(await invitations()).toEqual([]);

    const first = await server.app.inject({ method: 'POST', url, payload: { ...ravi, code } });
    expect(first.statusCode, first.body).toBe(200);
    const { token } = first.json().data;
    const invitation = await db().selectFrom('invitations').innerJoin('candidates', 'candidates.id', 'invitations.candidateId').select(['invitations.entryType', 'invitations.tokenHash', 'invitations.clientId', 'invitations.language', 'candidates.email', 'invitations.mailedAt']).where('invitations.assessmentId', '=', open.assessmentId).executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ entryType: 'PUBLIC', tokenHash: hashInvitationToken(token), clientId: open.clientId, email: 'ravi.kumar@example.com', language: 'hi' });
    expect(invitation.mailedAt).not.toBeNull();
    const linkMail = (await server.latestMail('ravi.kumar@example.com'))!;
    expect(linkMail.textBody).toContain(`/take/${token}`);
    expect(linkMail.subject).toMatch(/^आपका आकलन/);
    expect((await state(token)).invitation).toMatchObject({ status: 'PENDING', entryType: 'PUBLIC', candidateName: 'Ravi Kumar', language: 'hi' });
    // A code is used once.
    const reused = await server.app.inject({ method: 'POST', url, payload: { ...ravi, code } });
    expect([reused.statusCode, reused.json().msg]).toEqual([400, MESSAGES.joinCodeExpired]);

    // The same email again, proven again: its unfinished attempt comes back under a new link, the old one stops.
    const again = await joinPublic(server, open.slug!, ravi);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.token).not.toBe(token);
    expect(await invitations()).toHaveLength(1);
    expect((await call('GET', `/api/take/${token}`)).status).toBe(404);
    // Once that attempt is over, the email has had its one attempt.
    await db().updateTable('invitations').set({ status: 'COMPLETED', completedAt: new Date() }).where('assessmentId', '=', open.assessmentId).execute();
    const done = await joinPublic(server, open.slug!, ravi);
    expect([done.statusCode, done.json().msg]).toEqual([409, MESSAGES.publicEmailUsed]);

    // A stranger's mailbox is not filled: five codes an hour per email.
    const asha = { name: 'Asha', email: 'asha.p@example.com' };
    for (let i = 0; i < 5; i++) expect((await server.app.inject({ method: 'POST', url: `${url}/code`, payload: asha, remoteAddress: `10.2.0.${i}` })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: `${url}/code`, payload: asha, remoteAddress: '10.2.0.9' })).statusCode).toBe(429);

    // Invited assessments and unknown slugs have no public link; a closed one says so.
    expect((await call('GET', `/api/take/public/${randomBytes(16).toString('base64url')}`)).status).toBe(404);
    expect((await call('GET', '/api/take/public/short')).status).toBe(404);
    await db().updateTable('assessments').set({ status: 'CLOSED' }).where('id', '=', open.assessmentId).execute();
    expect((await call('GET', `/api/take/public/${open.slug}`)).data.open).toBe(false);
    const closed = await joinPublic(server, open.slug!, { name: 'Late', email: 'late@example.com' }, '10.1.1.3');
    expect([closed.statusCode, closed.json().msg]).toEqual([410, MESSAGES.assessmentNotActive]);
  });

  it('lets a hall of candidates behind one address join, each with its own code', async () => {
    const open = await createAssessment(db(), { type: 'PUBLIC_LINK', clientId: (await server.demoUsers()).get('client@acme.demo')!.clientId });
    for (let i = 0; i < 40; i++) {
      const joined = await joinPublic(server, open.slug!, { name: `Student ${i}`, email: `student.${i}@campus.example` }, '10.9.9.9');
      expect(joined.statusCode, joined.body).toBe(200);
    }
  });
});

describe('two devices on one link', () => {
  const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

  it('records a second device once the attempt is under way, tells both pages, and lets both go on', async () => {
    const { token, invitationId } = await invite(db(), fixture);
    const laptop = takeClient(server, undefined, { deviceId: 'laptop-0001', userAgent: LAPTOP });
    const phone = takeClient(server, undefined, { deviceId: 'phone-00001', userAgent: PHONE });
    const events = () => db().selectFrom('proctoringEvents').select(['type', 'detail']).where('invitationId', '=', invitationId).where('type', '=', 'SECOND_DEVICE').execute();

    // Opening the link on two devices before starting is no event (a phone, then the laptop).
    expect((await phone.state(token)).otherDevice).toBeNull();
    const started = (await laptop.post(token, '/start', { language: 'en' })).data as TakeState;
    expect(started.otherDevice).toBeNull();
    expect(await events()).toEqual([]);

    // The phone takes it up under way: its page is told of the laptop, and the laptop's next ping of the phone.
    const onPhone = await phone.state(token);
    expect(onPhone.otherDevice).toEqual({ device: 'Chrome on Windows', joinedAt: expect.any(Number) });
    const ping = await laptop.post(token, '/ping');
    expect(ping.data.otherDevice).toEqual({ device: 'Chrome on Android', joinedAt: onPhone.otherDevice!.joinedAt });
    expect(await events()).toEqual([{ type: 'SECOND_DEVICE', detail: { device: 'Chrome on Android' } }]);

    // Both go on, and the event is recorded once, even when the instance's memory is lost.
    takeContextFor(server.app.services).devices.clear();
    const s = await phone.startNextPart(token);
    const q = s.currentPart!.questions[0] as CandidateBankQuestion;
    expect((await phone.save(token, q.id, answerFor(q))).status).toBe(200);
    expect((await laptop.state(token)).otherDevice?.device).toBe('Chrome on Android');
    expect(await events()).toHaveLength(1);
  });
});

describe('the sweep', () => {
  it('closes parts whose time and grace are over and completes the attempt, without anyone reading it', async () => {
    const { token, invitationId } = await invite(db(), await createAssessment(db(), { qualifying: false, totalTimeSeconds: 600 }));
    const before = Date.now();
    const s = (await post(token, '/start', { language: 'en' })).data as TakeState;
    const after = Date.now();
    // Ten minutes from the start, whenever the start was handled.
    expect(s.invitation.deadline).toBeGreaterThanOrEqual(before + 600_000);
    expect(s.invitation.deadline).toBeLessThanOrEqual(after + 600_000);
    await post(token, `/parts/${s.position.kind !== 'DONE' && s.position.partId}/start`);
    // The whole assessment's time ran out two minutes ago.
    await db().updateTable('invitations').set({ deadline: new Date(Date.now() - 120_000) }).where('id', '=', invitationId).execute();
    const ctx = takeContextFor(server.app.services);
    // (The demo data's attempts left in progress days ago are settled too.)
    expect((await sweepAttempts(ctx)).settled).toBeGreaterThanOrEqual(1);
    const row = await db().selectFrom('invitations').select(['status', 'completedAt']).where('id', '=', invitationId).executeTakeFirstOrThrow();
    expect(row.status).toBe('COMPLETED');
    const parts = await db().selectFrom('attemptParts').select(['partId', 'finishedAt']).where('invitationId', '=', invitationId).execute();
    expect(parts.every((p) => p.finishedAt !== null)).toBe(true);
    expect((await sweepAttempts(ctx)).settled).toBe(0);
    await ctx.evaluations.idle();
  });

  it('expires an abandoned attempt with no answer once its link has lapsed', async () => {
    const { token, invitationId } = await invite(db(), fixture);
    await post(token, '/start', { language: 'en' });
    const longAgo = new Date(Date.now() - 3_600_000);
    await db().updateTable('invitations').set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: longAgo, startedAt: longAgo }).where('id', '=', invitationId).execute();
    await sweepAttempts(takeContextFor(server.app.services));
    expect((await db().selectFrom('invitations').select('status').where('id', '=', invitationId).executeTakeFirstOrThrow()).status).toBe('EXPIRED');
  });
});

describe('what a candidate receives', () => {
  it('names options per attempt: two attempts share no option id, and answers are stored by the items’ stored positions', async () => {
    const ids: string[][] = [];
    const items = (await db().selectFrom('questions').select('answers').where('id', '=', fixture.questions.sorting).executeTakeFirstOrThrow()).answers as { langWiseAnswer: { language: string; text: string }[] }[];
    const textAt = (position: number) => items[position].langWiseAnswer.find((l) => l.language === 'en')!.text;
    while (ids.length < 2) {
      const { token, invitationId } = await invite(db(), fixture);
      await post(token, '/start', { language: 'en' });
      await post(token, '/parts/qualifying/start');
      await post(token, '/parts/qualifying/finish');
      const s = (await post(token, `/parts/test:${fixture.tests.draw}/start`)).data as TakeState;
      const sorting = s.currentPart!.questions.find((q) => q.id === fixture.questions.sorting);
      if (!sorting) continue; // the test draws 3 of its 4 questions
      const options = question(s, sorting.id).options;
      ids.push(options.map((o) => o.id));
      // The items sent back in the order shown are stored as those items' positions, whatever their ids.
      expect((await save(token, sorting.id, { optionIds: options.map((o) => o.id) })).status).toBe(200);
      const stored = await db().selectFrom('answers').select('answer').where('invitationId', '=', invitationId).where('questionId', '=', sorting.id).executeTakeFirstOrThrow();
      const positions = (stored.answer as { answerIndexes: number[] }).answerIndexes;
      expect(positions.map(textAt)).toEqual(options.map((o) => o.text));
    }
    expect(ids[0].filter((id) => ids[1].includes(id))).toEqual([]);
    for (const id of ids.flat()) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });

  it('never carries an answer key, a hidden case, a stored option position, the seed or the token’s hash', () => {
    const FORBIDDEN_KEYS = new Set(['points', 'maxPoints', 'totalPoints', 'earnedPoints', 'isCorrect', 'disqualifies', 'value', 'seed', 'tokenHash', 'evaluation', 'hidden', 'testCases', 'answerIndexes']);
    const found: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'string') {
        for (const secret of Object.values(SECRETS)) if (value.includes(secret)) found.push(`${path}: ${secret}`);
        return;
      }
      if (!value || typeof value !== 'object') return;
      for (const [k, v] of Object.entries(value)) {
        if (FORBIDDEN_KEYS.has(k)) found.push(`${path}.${k}`);
        // Options carry their attempt's opaque id and their text, nothing that orders them.
        if (k === 'options' && Array.isArray(v)) for (const o of v) if (Object.keys(o).sort().join() !== 'id,text') found.push(`${path}.options: ${Object.keys(o).join()}`);
        walk(v, `${path}.${k}`);
      }
    };
    answered.forEach((body, i) => walk(body, `#${i}`));
    // The walk saw the states, the questions of every type, a run and the tickets.
    expect(answered.length).toBeGreaterThan(60);
    expect(found).toEqual([]);
  });
});

describe('the words of the candidate API', () => {
  // The candidate page words a failure by its code: its dictionaries' `messages`, the first screens' and the flow's.
  const worded = (first: { messages: object }, flow: { messages: object }, code: string) =>
    typeof (first.messages as Record<string, unknown>)[code] === 'string' || typeof (flow.messages as Record<string, unknown>)[code] === 'string';

  it("has every code it sends in the candidate page's English and Hindi", () => {
    // Every code the candidate's routes name, the runner's they pass on, and an answer's checks.
    const root = join(import.meta.dirname, '..', '..');
    const sources = [
      ...readdirSync(join(root, 'server/modules/take')).map((name) => join('server/modules/take', name)),
      'server/lib/runner/share.ts',
      'server/lib/runner/local.ts',
    ];
    const said = new Set(sources.flatMap((path) => [...readFileSync(join(root, path), 'utf8').matchAll(/says\('(\w+)'/g)].map((m) => m[1])));
    expect(said.size).toBeGreaterThan(25);
    const answers: AnswerMessageCode[] = ['answerInvalid', 'chooseOne', 'chooseAtLeastOne', 'unknownOption', 'optionTwice', 'sortAll', 'textRequired', 'textTooLong', 'codeLanguage', 'codeRequired', 'codeTooLong', 'videoRequired'];
    // The public link's fields and the requests' own checks (zod's messages, sent by code).
    const fields: MessageCode[] = ['nameRequired', 'nameTooLong', 'emailRequired', 'emailInvalid', 'phoneInvalid', 'enterCode', 'chooseLanguage', 'chooseProgrammingLanguage', 'sourceRequired', 'recordingType'];
    const codes = [...said, ...answers, ...fields, 'tooManyAttemptsSeconds', 'tooManyAttemptsMinutes', 'somethingWentWrong'];
    for (const code of codes) expect(Object.hasOwn(MESSAGES, code), code).toBe(true);
    const missing = codes.filter((code) => !worded(takeEn, takeEnFlow, code) || !worded(takeHi, takeHiFlow, code));
    expect(missing).toEqual([]);
  });
});
