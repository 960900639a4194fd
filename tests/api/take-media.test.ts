/**
 * The candidate's recordings (signed uploads against the tenant's quota, re-takes, sizes), runs of the
 * visible examples (refused without a sandbox, one at a time), proctoring events, the throttle on
 * guessed links, and malformed input with a real token: always a 4xx, never a 500.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROCTORING } from '../../src/domain/assessment';
import { SANDBOX_MISSING } from '../../src/domain/codeRunner';
import { englishOf, MESSAGES } from '../../src/domain/messages';
import type { TakeState } from '../../src/domain/take';
import { createRunner } from '../../server/lib/runner/index';
import { takeContextFor } from '../../server/modules/take/lifecycle';
import { answerFor, createAssessment, invite, recordingBytes, shown, SUM_SOURCE, takeClient, type AssessmentFixture } from './take-fixtures';
import { startTestServer, type TestServer } from './harness';
import { holdNextCall } from '../support/hold';

let server: TestServer;
let fixture: AssessmentFixture;
const CLIENT_QUOTA = 50_000;
beforeAll(async () => {
  server = await startTestServer({ storageQuota: { userBytes: 1_000_000, clientBytes: CLIENT_QUOTA } });
  const clientId = (await server.demoUsers()).get('client@acme.demo')!.clientId;
  fixture = await createAssessment(server.database.db, { qualifying: false, clientId });
});
afterAll(() => server.close());

const db = () => server.database.db;
const { post, save, state, startNextPart } = takeClient({ get app() { return server.app; } });

/** Moves an attempt through its parts (answering nothing) until the part of this kind is open. */
async function openPart(token: string, kind: 'TEST' | 'CUSTOM' | 'VIDEO'): Promise<TakeState> {
  for (;;) {
    const s = await startNextPart(token);
    if (s.position.kind === 'DONE') throw new Error(`no ${kind} part`);
    if (s.parts.find((p) => p.id === (s.position as { partId: string }).partId)!.kind === kind) return s;
    await post(token, `/parts/${s.position.partId}/finish`);
  }
}

const ticket = (token: string, body: object) => post(token, '/media', body);
const upload = (uploadUrl: string, bytes: number, contentType: string) => {
  const url = new URL(uploadUrl, 'http://localhost');
  return server.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: recordingBytes(contentType, bytes), headers: { 'content-type': contentType } });
};

describe('recordings', () => {
  it('allows the first recording and its re-takes, then says no more', async () => {
    const { token } = await invite(db(), fixture);
    await openPart(token, 'VIDEO');
    const video = { kind: 'VIDEO_ANSWER', questionId: fixture.questions.video, contentType: 'video/mp4', size: 1000, durationMs: 20_000 };
    expect((await ticket(token, video)).status).toBe(200);
    expect((await ticket(token, video)).status).toBe(200); // retakes: 1
    const third = await ticket(token, video);
    expect([third.status, third.body.msg]).toEqual([409, MESSAGES.noMoreTakes]);
    expect((await state(token)).currentPart!.videoTakes).toEqual({ [fixture.questions.video]: 2 });
  });

  it('checks kinds, types and sizes: video answers up to 200 MB, snapshots up to 2 MB', async () => {
    const { token } = await invite(db(), fixture);
    expect((await ticket(token, { kind: 'SNAPSHOT', contentType: 'image/jpeg', size: 100 })).body.msg).toBe(MESSAGES.startFirst);
    const s = await startNextPart(token);
    const testQuestion = s.currentPart!.questions[0].id;
    const cases: [object, number, string][] = [
      [{ kind: 'SNAPSHOT', contentType: 'image/jpeg', size: 3 * 1024 * 1024 }, 413, englishOf({ code: 'snapshotTooLarge', params: { max: 2 } })],
      [{ kind: 'SNAPSHOT', contentType: 'video/webm', size: 100 }, 400, MESSAGES.snapshotType],
      [{ kind: 'VIDEO_ANSWER', questionId: fixture.questions.video, contentType: 'image/webp', size: 100 }, 400, MESSAGES.videoType],
      [{ kind: 'VIDEO_ANSWER', contentType: 'video/webm', size: 100 }, 400, MESSAGES.videoQuestionMissing],
      [{ kind: 'VIDEO_ANSWER', questionId: testQuestion, contentType: 'video/webm', size: 100 }, 400, MESSAGES.notVideoQuestion],
      [{ kind: 'VIDEO_ANSWER', questionId: fixture.questions.video, contentType: 'video/webm', size: 201 * 1024 * 1024 }, 413, englishOf({ code: 'videoTooLarge', params: { max: 200 } })],
      // The video part has not started: its question is not open.
      [{ kind: 'VIDEO_ANSWER', questionId: fixture.questions.video, contentType: 'video/webm', size: 100 }, 409, MESSAGES.notInPart],
      [{ kind: 'SNAPSHOT', contentType: 'image/gif', size: 100 }, 400, 'This kind of recording is not accepted'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await ticket(token, body);
      expect([res.status, res.body.msg], JSON.stringify(body)).toEqual([status, expect.stringContaining(msg)]);
    }
  });

  it('gives an attempt as many snapshot tickets as its length and interval call for, and none where snapshots are off', async () => {
    // One 600 s part, a snapshot every 60 s: 2 × 10 + 10 = 30 tickets.
    const short = await createAssessment(db(), { qualifying: false, onePart: true, clientId: fixture.clientId });
    const { token } = await invite(db(), short);
    await startNextPart(token);
    const snapshot = { kind: 'SNAPSHOT', contentType: 'image/jpeg', size: 100 };
    for (let i = 0; i < 30; i++) expect((await ticket(token, snapshot)).status, `ticket ${i + 1}`).toBe(200);
    const over = await ticket(token, snapshot);
    expect([over.status, over.body.msg]).toEqual([409, MESSAGES.noMoreSnapshots]);
    // Without a camera there is nothing to photograph.
    await db().updateTable('assessments').set({ proctoring: JSON.stringify({ ...DEFAULT_PROCTORING, cameraRequired: false }) }).where('id', '=', short.assessmentId).execute();
    const other = await createAssessment(db(), { qualifying: false, onePart: true, clientId: fixture.clientId });
    await db().updateTable('assessments').set({ proctoring: JSON.stringify({ ...DEFAULT_PROCTORING, snapshotIntervalSeconds: null }) }).where('id', '=', other.assessmentId).execute();
    const unphotographed = await invite(db(), other);
    await startNextPart(unphotographed.token);
    expect((await ticket(unphotographed.token, snapshot)).status).toBe(409);
  });

  it('holds a snapshot to its declared size, counts it against the inviting client and marks it uploaded', async () => {
    const { token, invitationId } = await invite(db(), fixture);
    await startNextPart(token);
    const snap = await ticket(token, { kind: 'SNAPSHOT', contentType: 'image/jpeg', size: 500 });
    expect(snap.status, JSON.stringify(snap.body)).toBe(200);
    const bigger = await upload(snap.data.uploadUrl, 800, 'image/jpeg');
    expect(bigger.statusCode).toBe(413);
    expect(bigger.json().msg).toBe('The file is larger than the size given when its upload link was asked for.');
    const media = () => db().selectFrom('attemptMedia').select(['kind', 'uploadedAt', 'objectKey']).where('invitationId', '=', invitationId).executeTakeFirstOrThrow();
    expect((await media()).uploadedAt).toBeNull();
    expect((await upload(snap.data.uploadUrl, 500, 'image/jpeg')).statusCode).toBe(200);
    expect((await media()).uploadedAt).not.toBeNull();
    const file = await db().selectFrom('storedFiles').select(['userId', 'clientId', 'storedBytes']).where('objectKey', '=', snap.data.objectKey).executeTakeFirstOrThrow();
    expect({ ...file, storedBytes: Number(file.storedBytes) }).toEqual({ userId: null, clientId: fixture.clientId, storedBytes: 500 });
  });

  it('stores a recording only when its content is what its type says (an HTML page declared as a JPEG is refused, 415)', async () => {
    const { token, invitationId } = await invite(db(), fixture);
    await startNextPart(token);
    const html = Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(500, ' '));
    const snap = await ticket(token, { kind: 'SNAPSHOT', contentType: 'image/jpeg', size: html.length });
    const url = new URL(snap.data.uploadUrl, 'http://localhost');
    const refused = await server.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: html, headers: { 'content-type': 'image/jpeg' } });
    expect([refused.statusCode, refused.json().msg]).toEqual([415, "The file's content is not image/jpeg: upload the file the link was asked for."]);
    const media = await db().selectFrom('attemptMedia').select('uploadedAt').where('invitationId', '=', invitationId).executeTakeFirstOrThrow();
    expect(media.uploadedAt).toBeNull();
    // The same link then takes a real JPEG: nothing was kept of the refused one.
    expect((await upload(snap.data.uploadUrl, html.length, 'image/jpeg')).statusCode).toBe(200);
  });

  it('refuses a recording past the client’s storage quota', async () => {
    const { token } = await invite(db(), fixture);
    await openPart(token, 'VIDEO');
    const res = await ticket(token, { kind: 'VIDEO_ANSWER', questionId: fixture.questions.video, contentType: 'video/webm', size: CLIENT_QUOTA + 1 });
    expect([res.status, res.body.msg]).toEqual([413, MESSAGES.storageFull]);
  });

  it('saves a video answer only with a recording of this attempt that has arrived', async () => {
    const mine = await invite(db(), fixture);
    const theirs = await invite(db(), fixture);
    await openPart(mine.token, 'VIDEO');
    await openPart(theirs.token, 'VIDEO');
    const theirTicket = (await ticket(theirs.token, { kind: 'VIDEO_ANSWER', questionId: fixture.questions.video, contentType: 'video/webm', size: 100 })).data;
    expect((await upload(theirTicket.uploadUrl, 100, 'video/webm')).statusCode).toBe(200);
    const stolen = await save(mine.token, fixture.questions.video, { objectKey: theirTicket.objectKey });
    expect([stolen.status, stolen.body.msg]).toEqual([422, MESSAGES.videoRequired]);
    expect((await save(mine.token, fixture.questions.video, { objectKey: 'uploads/2026/11/made-up.webm' })).status).toBe(422);
    expect((await save(theirs.token, fixture.questions.video, { objectKey: theirTicket.objectKey })).data.decision).toBe('INSERT');
  });
});

describe('runs of the visible examples', () => {
  it('runs only coding questions of the open part, in their languages, one at a time', async () => {
    const { token } = await invite(db(), fixture);
    const s = await startNextPart(token);
    const choice = s.currentPart!.questions[0].id;
    // The coding question's part is not open yet.
    expect((await post(token, '/run', { questionId: fixture.questions.coding, languageId: 63, source: SUM_SOURCE })).body.msg).toBe(MESSAGES.notInPart);
    expect((await post(token, '/run', { questionId: choice, languageId: 63, source: SUM_SOURCE })).body.msg).toBe(MESSAGES.notCodingQuestion);
    await post(token, `/parts/test:${fixture.tests.draw}/finish`);
    await post(token, `/parts/test:${fixture.tests.aptitude}/start`);
    expect((await post(token, '/run', { questionId: fixture.questions.coding, languageId: 62, source: 'class Main {}' })).status).toBe(400);
    const python = await post(token, '/run', { questionId: fixture.questions.coding, languageId: 70, source: 'a, b = map(int, input().split())\nprint(a + b)' });
    expect(python.status, JSON.stringify(python.body)).toBe(200);
    expect(python.data).toEqual({
      language: { id: 70, name: expect.any(String) },
      results: [expect.objectContaining({ index: 0, status: 'passed', passed: true }), expect.objectContaining({ index: 1, status: 'passed', passed: true })],
      passedCount: 2,
    });
    // One at a time: a second run while the first is held in the runner (by the test, not by a slow program) is refused.
    const hold = holdNextCall(server.app.services.runner, 'run');
    try {
      const first = post(token, '/run', { questionId: fixture.questions.coding, languageId: 63, source: SUM_SOURCE });
      await hold.entered;
      const second = await post(token, '/run', { questionId: fixture.questions.coding, languageId: 63, source: SUM_SOURCE });
      expect([second.status, second.body.msg]).toEqual([429, MESSAGES.runStillGoing]);
      hold.letGo();
      expect((await first).status).toBe(200);
    } finally {
      hold.restore();
    }
  });

  it('answers 503 when the server has no sandbox, rather than run code unsandboxed', async () => {
    const { token } = await invite(db(), fixture);
    await startNextPart(token);
    await post(token, `/parts/test:${fixture.tests.draw}/finish`);
    await post(token, `/parts/test:${fixture.tests.aptitude}/start`);
    const services = server.app.services;
    const runner = services.runner;
    services.runner = createRunner({}, { local: { bwrap: null } });
    try {
      const res = await post(token, '/run', { questionId: fixture.questions.coding, languageId: 63, source: SUM_SOURCE });
      expect([res.status, res.body.msg]).toEqual([503, SANDBOX_MISSING]);
    } finally {
      services.runner = runner;
    }
  });
});

describe('proctoring events and presence', () => {
  it('stores each event once, its time clamped between the invitation and its arrival, before and during the attempt', async () => {
    const { token, invitationId } = await invite(db(), fixture);
    const before = Date.now();
    const events = [
      { key: 'evt-device-check', type: 'DEVICE_CHECK_PASSED', occurredAt: before - 1000 },
      { key: 'evt-from-future', type: 'TAB_HIDDEN', occurredAt: before + 86_400_000, partId: 'qualifying', detail: { reason: 'switch', count: 2, visible: false } },
      { key: 'evt-from-past-1', type: 'PASTE', occurredAt: -8.64e15 },
    ];
    const first = await post(token, '/events', { events });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.data.stored).toBe(3);
    expect((await post(token, '/events', { events })).data.stored).toBe(0);
    const rows = await db().selectFrom('proctoringEvents').select(['eventKey', 'occurredAt', 'detail']).where('invitationId', '=', invitationId).execute();
    expect(rows).toHaveLength(3);
    const invitedAt = (await db().selectFrom('invitations').select('invitedAt').where('id', '=', invitationId).executeTakeFirstOrThrow()).invitedAt;
    for (const row of rows) {
      expect(row.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(row.occurredAt.getTime()).toBeGreaterThanOrEqual(Math.floor(invitedAt.getTime()));
    }
    expect(rows.find((r) => r.eventKey === 'evt-from-future')!.detail).toEqual({ reason: 'switch', count: 2, visible: false });
    expect((await post(token, '/events', { events: Array.from({ length: 101 }, (_, i) => ({ key: `evt-many-${i}`, type: 'WINDOW_BLUR', occurredAt: before })) })).status).toBe(400);
  });

  it('refuses events after a finished attempt’s end (409), keeping those that happened before it and arrived late', async () => {
    const hall = await createAssessment(db(), { qualifying: false, onePart: true, clientId: fixture.clientId });
    const { token, invitationId } = await invite(db(), hall);
    const s = await startNextPart(token);
    const during = Date.now();
    expect((await post(token, `/parts/${s.currentPart!.id}/finish`)).data.invitation.status).toBe('COMPLETED');
    const late = await post(token, '/events', {
      events: [
        { key: 'evt-offline-during', type: 'TAB_HIDDEN', occurredAt: during, partId: s.currentPart!.id },
        { key: 'evt-after-the-end', type: 'PASTE', occurredAt: Date.now() + 60_000 },
      ],
    });
    expect([late.status, late.body.msg]).toEqual([409, MESSAGES.attemptFinished]);
    const keys = (await db().selectFrom('proctoringEvents').select('eventKey').where('invitationId', '=', invitationId).execute()).map((r) => r.eventKey);
    expect(keys).toEqual(['evt-offline-during']);
  });

  it('answers a ping with the server’s clock and keeps the candidate online', async () => {
    const { token, invitationId } = await invite(db(), fixture);
    const before = Date.now();
    const res = await post(token, '/ping');
    // The server's clock, read while it answered (the same clock as the test's).
    expect(res.data.serverNow).toBeGreaterThanOrEqual(before);
    expect(res.data.serverNow).toBeLessThanOrEqual(Date.now());
    await takeContextFor(server.app.services).presence.flush();
    expect((await db().selectFrom('invitations').select('lastSeenAt').where('id', '=', invitationId).executeTakeFirstOrThrow()).lastSeenAt).not.toBeNull();
  });
});

describe('guessing links', () => {
  it('locks an address out for unknown tokens after 30 of them; malformed ones are refused without counting; valid tokens always go on', async () => {
    const { token } = await invite(db(), fixture);
    const unseen = await invite(db(), fixture);
    const from = (remoteAddress: string) => takeClient({ get app() { return server.app; } }, undefined, { remoteAddress });
    const guesser = from('10.9.9.9');
    for (let i = 0; i < 40; i++) expect((await guesser.call('GET', `/api/take/not-a-token-${i}`)).status).toBe(404);
    expect((await guesser.call('GET', `/api/take/${token}`)).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await guesser.call('GET', `/api/take/${randomBytes(32).toString('base64url')}`)).status).toBe(404);
    const locked = await guesser.call('GET', `/api/take/${randomBytes(32).toString('base64url')}`);
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/^Too many attempts/);
    // By code, with its figure: the page says it in the candidate's language.
    expect([locked.body.code, locked.body.params]).toEqual(['tooManyAttemptsMinutes', { smart_count: 15 }]);
    expect(locked.body.msg).toBe(englishOf({ code: 'tooManyAttemptsMinutes', params: { smart_count: 15 } }));
    // Valid tokens go on, whether looked up before or not: candidates share the address.
    expect((await guesser.call('GET', `/api/take/${unseen.token}`)).status).toBe(200);
    expect((await guesser.call('GET', `/api/take/${token}`)).status).toBe(200);
    expect((await from('10.9.9.10').call('GET', `/api/take/${randomBytes(32).toString('base64url')}`)).status).toBe(404);
    await server.clearThrottle();
  });

  it('lets a hall of 300 candidates behind one address finish while 60 guesses from it are refused', { timeout: 600_000 }, async () => {
    const hall = await createAssessment(db(), { qualifying: false, onePart: true, clientId: fixture.clientId });
    const tokens: string[] = [];
    for (let i = 0; i < 300; i++) tokens.push((await invite(db(), hall, { email: `hall.${i}.${randomBytes(3).toString('hex')}@example.com` })).token);
    const candidate = takeClient({ get app() { return server.app; } }, undefined, { remoteAddress: '10.30.30.30' });
    const guess = () => candidate.call('GET', `/api/take/${randomBytes(32).toString('base64url')}`);

    // The first half opens and starts, a guess after every fifth candidate: 30 guesses lock the address.
    const guesses: number[] = [];
    for (const [i, token] of tokens.slice(0, 150).entries()) {
      expect((await candidate.startNextPart(token)).position.kind).toBe('QUESTION');
      if (i % 5 === 4) guesses.push((await guess()).status);
    }
    expect(guesses).toEqual(Array(30).fill(404));
    // The address is locked for guesses, and the attempts the process kept in memory lapse.
    for (let i = 0; i < 30; i++) guesses.push((await guess()).status);
    expect(guesses.slice(30)).toEqual(Array(30).fill(429));
    takeContextFor(server.app.services).attempts.clear();

    // Everyone, started or not, opens, answers every question and finishes.
    for (const token of tokens) {
      const s = await candidate.startNextPart(token);
      for (const q of s.currentPart!.questions) expect((await candidate.save(token, q.id, answerFor(shown(s, q.id)))).status).toBe(200);
      expect((await candidate.post(token, `/parts/${s.currentPart!.id}/finish`)).status).toBe(200);
      expect((await candidate.state(token)).invitation.status).toBe('COMPLETED');
    }
    await server.clearThrottle();
  });
});

describe('malformed input with a real token', () => {
  it('answers every route a 4xx, never a 5xx', { timeout: 120_000 }, async () => {
    const { token } = await invite(db(), fixture);
    const s = await startNextPart(token);
    const q = shown(s, s.currentPart!.questions[0].id);
    const NUL = 'a\u0000b';
    const deep = JSON.parse('['.repeat(40) + ']'.repeat(40));
    const values: unknown[] = [null, true, -1, 1.5, 1e308, -1e308, 2 ** 63, '', NUL, 'x'.repeat(100_000), [], [null], {}, { a: 1 }, deep, '+275760-09-13T00:00:00.000Z', 'not-a-uuid', randomUUID()];
    const bodies: Record<string, Record<string, unknown>> = {
      '/start': { language: 'en' },
      '/answers': { questionId: q.id, idempotencyKey: 'walker-key-0001', deviceId: 'walker-device', seq: 1, savedAt: Date.now(), answer: answerFor(q) },
      '/run': { questionId: fixture.questions.coding, languageId: 63, source: SUM_SOURCE },
      '/media': { kind: 'SNAPSHOT', contentType: 'image/jpeg', size: 100, questionId: q.id, durationMs: 1 },
      '/events': { events: [{ key: 'walker-event-1', type: 'PASTE', occurredAt: Date.now(), partId: 'x', questionId: 'y', detail: { a: 1 } }] },
      '/ping': {},
    };
    const failures: string[] = [];
    const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await server.app.inject({ method, url, ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }) });
      if (res.statusCode >= 500) failures.push(`${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    for (const [path, body] of Object.entries(bodies)) {
      const method = path === '/answers' ? 'PUT' : 'POST';
      for (const whole of [null, [], 'x', 1, {}]) await send(method, `/api/take/${token}${path}`, whole);
      for (const field of Object.keys(body)) for (const value of values) await send(method, `/api/take/${token}${path}`, { ...body, [field]: value });
      if (path === '/answers') for (const value of values) await send(method, `/api/take/${token}${path}`, { ...body, answer: { answerIndexes: [value], text: value, source: value, languageId: value, objectKey: value } });
      if (path === '/events') for (const value of values) await send(method, `/api/take/${token}${path}`, { events: [{ ...(body.events as object[])[0], detail: { a: value } }] });
    }
    for (const part of ['x'.repeat(2000), '%00', 'test:not-a-uuid', `test:${randomUUID()}`, '..%2F..', 'qualifying%20']) {
      await send('POST', `/api/take/${token}/parts/${part}/start`);
      await send('POST', `/api/take/${token}/parts/${part}/finish`);
    }
    for (const slug of ['x'.repeat(5000), '%00', 'a'.repeat(22), '..%2F']) {
      await send('GET', `/api/take/public/${slug}`);
      await send('POST', `/api/take/public/${slug}`, { name: NUL, email: 'x', phone: 1e308, code: NUL });
      await send('POST', `/api/take/public/${slug}/code`, { name: NUL, email: 'x', phone: 1e308, language: NUL });
    }
    expect(failures).toEqual([]);
    await server.clearThrottle();
  });
});
