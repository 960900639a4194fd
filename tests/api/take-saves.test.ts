/**
 * Saves: stored once per idempotency key, the newest save of a question wins whatever order they
 * arrive in (also at the same moment), refused after the deadline and its grace; deadlines with
 * extra time and the whole assessment's time; a part closed by another device or by time.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_GRACE_MS } from '../../src/domain/attempt';
import { MESSAGES } from '../../src/domain/messages';
import type { TakeState } from '../../src/domain/take';
import { hashInvitationToken, reissueToken } from '../../server/lib/invitations';
import { Presence, takeContextFor } from '../../server/modules/take/lifecycle';
import type { SaveInput } from '../../server/modules/take/queries';
import { SaveBatcher } from '../../server/modules/take/saveBatcher';
import { answerFor, createAssessment, invite, newKey, shown, takeClient, type AssessmentFixture } from './take-fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let fixture: AssessmentFixture;
beforeAll(async () => {
  server = await startTestServer();
  // Starts with the first test (no qualifying question): the part the saves go to.
  fixture = await createAssessment(server.database.db, { qualifying: false });
});
afterAll(() => server.close());

const db = () => server.database.db;
const client = takeClient({ get app() { return server.app; } });
const { save, state, post, startNextPart } = client;
const drawPart = () => `test:${fixture.tests.draw}`;

/** An invitation in the first test, with the first question it shows and a valid answer to it. */
async function inFirstTest(options: Parameters<typeof invite>[2] = {}) {
  const invitation = await invite(db(), fixture, options);
  const s = await startNextPart(invitation.token);
  const question = shown(s, s.currentPart!.questions[0].id);
  return { ...invitation, s, question, answer: answerFor(question) };
}

const stored = (invitationId: string, questionId: string) =>
  db().selectFrom('answers').select(['answer', 'idempotencyKey', 'deviceId', 'seq', 'savedAt']).where('invitationId', '=', invitationId).where('questionId', '=', questionId).executeTakeFirst();
const keysStored = async (invitationId: string) =>
  (await db().selectFrom('answerSaves').select('idempotencyKey').where('invitationId', '=', invitationId).execute()).map((r) => r.idempotencyKey).sort();

describe('saves', () => {
  it('stores the same save sent twice once, and acknowledges both', async () => {
    const { token, invitationId, question, answer } = await inFirstTest();
    const body = { idempotencyKey: newKey(), seq: 1, savedAt: Date.now() };
    const first = await save(token, question.id, answer, body);
    const second = await save(token, question.id, answer, body);
    expect([first.data.decision, second.data.decision]).toEqual(['INSERT', 'DUPLICATE']);
    expect(second.data.idempotencyKey).toBe(body.idempotencyKey);
    expect(await keysStored(invitationId)).toEqual([body.idempotencyKey]);
    // Sent twice at the same moment: stored once too.
    const twin = { idempotencyKey: newKey(), seq: 2, savedAt: Date.now() };
    const both = await Promise.all([save(token, question.id, answer, twin), save(token, question.id, answer, twin)]);
    expect(both.map((r) => r.data.decision).sort()).toEqual(['DUPLICATE', 'REPLACE']);
    expect(await keysStored(invitationId)).toEqual([body.idempotencyKey, twin.idempotencyKey].sort());
  });

  it('keeps the newest save of a question: a device’s own order, else the later action, else the larger key', async () => {
    const { token, invitationId, s } = await inFirstTest();
    // Started an hour ago (times of actions are never earlier than the start); read again so the server knows.
    await db().updateTable('invitations').set({ startedAt: new Date(Date.now() - 3_600_000) }).where('id', '=', invitationId).execute();
    await state(token);
    // Any 3 of the test's 4 questions hold a single-answer one.
    const q = shown(s, s.currentPart!.questions.find((x) => x.questionType === 'SINGLE_CHOICE' || x.questionType === 'LIKERT')!.id);
    const [a, b] = [{ optionIds: [q.options[0].id] }, { optionIds: [q.options[1].id] }];
    const now = Date.now();
    // One device, sequence 2 arrives before sequence 1 (with an earlier clock, even): 2 stays.
    expect((await save(token, q.id, b, { deviceId: 'device-aaaa', seq: 2, savedAt: now - 5000 })).data.decision).toBe('INSERT');
    expect((await save(token, q.id, a, { deviceId: 'device-aaaa', seq: 1, savedAt: now })).data.decision).toBe('STALE');
    const shownAnswer = async () => (await state(token)).currentPart!.answers[q.id];
    expect(await shownAnswer()).toEqual(b);
    // Another device acted later: it wins; an earlier action from a third device does not.
    expect((await save(token, q.id, a, { deviceId: 'device-bbbb', seq: 1, savedAt: now - 1000 })).data.decision).toBe('REPLACE');
    expect((await save(token, q.id, b, { deviceId: 'device-cccc', seq: 9, savedAt: now - 2000 })).data.decision).toBe('STALE');
    expect((await stored(invitationId, q.id))!.deviceId).toBe('device-bbbb');
    expect(await shownAnswer()).toEqual(a);
    // The same moment on two devices: the larger key wins, byte by byte ('a' after 'Z').
    const tie = now - 500;
    expect((await save(token, q.id, b, { deviceId: 'device-dddd', seq: 1, savedAt: tie, idempotencyKey: 'aaaaaaaaaaaa' })).data.decision).toBe('REPLACE');
    expect((await save(token, q.id, a, { deviceId: 'device-eeee', seq: 1, savedAt: tie, idempotencyKey: 'ZZZZZZZZZZZZ' })).data.decision).toBe('STALE');
    expect((await stored(invitationId, q.id))!.idempotencyKey).toBe('aaaaaaaaaaaa');
  });

  it('lets the newest of many saves of one question sent at once win, and stores each key once', async () => {
    const { token, invitationId, question, answer } = await inFirstTest();
    const seqs = [5, 3, 9, 1, 7, 2, 8, 4, 6, 10];
    const answers = await Promise.all(seqs.map((seq) => save(token, question.id, answer, { deviceId: 'device-race', seq, savedAt: Date.now() })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers.filter((r) => r.data.decision === 'INSERT')).toHaveLength(1);
    expect(Number((await stored(invitationId, question.id))!.seq)).toBe(10);
    expect(await keysStored(invitationId)).toHaveLength(10);
  });

  it('stores the time of the action, never later than its arrival nor before the attempt started', async () => {
    const { token, invitationId, question, answer } = await inFirstTest();
    const before = Date.now();
    await save(token, question.id, answer, { savedAt: before + 86_400_000, seq: 1 });
    expect((await stored(invitationId, question.id))!.savedAt.getTime()).toBeLessThanOrEqual(Date.now());
    await save(token, question.id, answer, { savedAt: -8.64e15, seq: 2 });
    const started = (await db().selectFrom('invitations').select('startedAt').where('id', '=', invitationId).executeTakeFirstOrThrow()).startedAt!;
    expect((await stored(invitationId, question.id))!.savedAt.getTime()).toBe(started.getTime());
  });

  it('stops saving through a link given a new token at once, though the server remembers the attempt', async () => {
    const { token, invitationId, question, answer } = await inFirstTest();
    expect((await save(token, question.id, answer)).data.decision).toBe('INSERT');
    const newToken = await reissueToken(db(), invitationId);
    const old = await save(token, question.id, answer);
    expect([old.status, old.body.msg]).toEqual([404, MESSAGES.linkNotFound]);
    expect((await save(newToken, question.id, answer)).data.decision).toBe('REPLACE');
  });

  it('checks the answer against the question the candidate sees: 422 with the reason', async () => {
    const { token, s } = await inFirstTest();
    const q = s.currentPart!.questions[0];
    const res = await save(token, q.id, { optionIds: ['not-an-option'] });
    expect(res.status).toBe(422);
    expect([MESSAGES.unknownOption, MESSAGES.sortAll]).toContain(res.body.msg);
    // Stored positions are not an answer the page can give.
    expect((await save(token, q.id, { answerIndexes: [0] })).body.msg).toBe(MESSAGES.answerInvalid);
    expect((await save(token, q.id, { text: 'x' })).body.msg).toBe(MESSAGES.answerInvalid);
    expect((await save(token, q.id, 'free text')).status).toBe(422);
  });

  it('writes last_seen_at in batches, noting a candidate at most every 15 seconds', async () => {
    const { token, invitationId, question, answer } = await inFirstTest();
    const presence = takeContextFor(server.app.services).presence;
    const lastSeen = async () => (await db().selectFrom('invitations').select('lastSeenAt').where('id', '=', invitationId).executeTakeFirstOrThrow()).lastSeenAt;
    await save(token, question.id, answer);
    await presence.flush();
    expect(await lastSeen()).not.toBeNull();
    // The 15 seconds on a clock the test sets (a save's is the machine's, and a busy machine may take
    // that long between two saves), through a Presence of its own.
    const own = new Presence(db());
    const notedAt = async (at: number) => {
      await db().updateTable('invitations').set({ lastSeenAt: null }).where('id', '=', invitationId).execute();
      own.note(invitationId, at);
      await own.flush();
      return (await lastSeen()) !== null;
    };
    const t0 = Date.now();
    expect(await notedAt(t0)).toBe(true);
    expect(await notedAt(t0 + 10_000)).toBe(false);
    expect(await notedAt(t0 + 20_000)).toBe(true);
  });
});

describe('saves sharing a statement', () => {
  /** A save as the route hands it over, of a candidate in the first test. */
  const saveOf = (candidate: Awaited<ReturnType<typeof inFirstTest>>, stamp: Partial<SaveInput['stamp']> = {}): SaveInput => {
    const now = Date.now();
    return {
      invitationId: candidate.invitationId,
      tokenHash: hashInvitationToken(candidate.token),
      partId: drawPart(),
      questionId: candidate.question.id,
      answer: candidate.answer as SaveInput['answer'],
      stamp: { idempotencyKey: newKey(), deviceId: 'device-batch', seq: 1, savedAt: now, ...stamp },
      receivedAt: now,
    };
  };
  it('stores saves that arrive together in fewer statements, each with its own decision', async () => {
    const candidates = await Promise.all([1, 2, 3, 4, 5].map(() => inFirstTest()));
    const batcher = new SaveBatcher(db(), { maxInFlight: 1, maxBatch: 50 });
    const first = candidates.map((c) => saveOf(c, { seq: 1 }));
    const newer = candidates.map((c) => saveOf(c, { seq: 2 }));
    const older = saveOf(candidates[0], { seq: 0 });
    const decisions = await Promise.all([...first, ...newer, older].map((save) => batcher.store(save)));
    expect(decisions).toEqual([...first.map(() => 'INSERT'), ...newer.map(() => 'REPLACE'), 'STALE']);
    // The first save went alone; the rest waited and shared statements, never two of one question in one.
    expect(batcher.statements).toBeGreaterThan(1);
    expect(batcher.statements).toBeLessThan(decisions.length);
    for (const c of candidates) expect(Number((await stored(c.invitationId, c.question.id))!.seq)).toBe(2);
  });

  it('answers null for a save whose part is closed and stores its neighbours', async () => {
    const [open, closed] = await Promise.all([inFirstTest(), inFirstTest()]);
    await db().updateTable('attemptParts').set({ finishedAt: new Date() }).where('invitationId', '=', closed.invitationId).where('partId', '=', drawPart()).execute();
    const batcher = new SaveBatcher(db(), { maxInFlight: 1, maxBatch: 50 });
    const decisions = await Promise.all([saveOf(open), saveOf(closed), saveOf(open, { seq: 2 })].map((save) => batcher.store(save)));
    expect(decisions).toEqual(['INSERT', null, 'REPLACE']);
    expect(await stored(closed.invitationId, closed.question.id)).toBeUndefined();
  });

  it('fails only the save that breaks a batch: the others are stored one by one', async () => {
    const candidates = await Promise.all([1, 2, 3].map(() => inFirstTest()));
    const batcher = new SaveBatcher(db(), { maxInFlight: 1, maxBatch: 50 });
    const warmUp = batcher.store(saveOf(candidates[0]));
    // A save the statement cannot take (a time that is no time) shares a batch with two good ones.
    const results = await Promise.allSettled([saveOf(candidates[1]), saveOf(candidates[2], { savedAt: Number.NaN }), saveOf(candidates[0], { seq: 2 })].map((save) => batcher.store(save)));
    expect(await warmUp).toBe('INSERT');
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored(candidates[1].invitationId, candidates[1].question.id)).toBeDefined();
    expect(await stored(candidates[2].invitationId, candidates[2].question.id)).toBeUndefined();
    expect(Number((await stored(candidates[0].invitationId, candidates[0].question.id))!.seq)).toBe(2);
  });
});

describe('deadlines', () => {
  const moveDeadline = (invitationId: string, partId: string, deadline: Date) =>
    db().updateTable('attemptParts').set({ deadline }).where('invitationId', '=', invitationId).where('partId', '=', partId).execute();

  it('takes a save in flight within the grace, refuses one after it, then closes the part at its deadline', async () => {
    const { token, invitationId, question, answer } = await inFirstTest();
    // The page's clock says 30 s past the deadline: still inside the 60 s grace.
    await moveDeadline(invitationId, drawPart(), new Date(Date.now() - 30_000));
    const inGrace = await save(token, question.id, answer);
    expect(inGrace.status, JSON.stringify(inGrace.body)).toBe(200);
    // The position moves on (the part's time is over) while the part stays open for answers in flight.
    expect((await state(token)).position).toMatchObject({ partId: `test:${fixture.tests.aptitude}`, needsStart: true });

    const deadline = new Date(Date.now() - SAVE_GRACE_MS - 1000);
    await moveDeadline(invitationId, drawPart(), deadline);
    const late = await save(token, question.id, answer);
    expect([late.status, late.body.msg]).toEqual([409, MESSAGES.tooLate]);
    // Reading the attempt closes the part, at its deadline.
    await state(token);
    const part = await db().selectFrom('attemptParts').select('finishedAt').where('invitationId', '=', invitationId).where('partId', '=', drawPart()).executeTakeFirstOrThrow();
    expect(part.finishedAt!.getTime()).toBe(deadline.getTime());
    expect((await save(token, question.id, answer)).body.msg).toBe(MESSAGES.partClosed);
  });

  it('acknowledges a stored save sent again after its part closed (its first answer was lost)', async () => {
    const { token, invitationId, question, answer } = await inFirstTest();
    const body = { idempotencyKey: newKey(), seq: 1, savedAt: Date.now() };
    expect((await save(token, question.id, answer, body)).data.decision).toBe('INSERT');
    // Closed by another device (this process still remembers it open).
    await db().updateTable('attemptParts').set({ finishedAt: new Date() }).where('invitationId', '=', invitationId).where('partId', '=', drawPart()).execute();
    expect((await save(token, question.id, answer, body)).data.decision).toBe('DUPLICATE');
    const fresh = await save(token, question.id, answer);
    expect([fresh.status, fresh.body.msg]).toEqual([409, MESSAGES.partClosed]);
  });

  it('lengthens each part by the extra time, and never past the whole assessment’s deadline', async () => {
    const extra = await inFirstTest({ extraTime: { percent: 50 } });
    const part = extra.s.parts.find((p) => p.id === drawPart())!;
    expect(part.deadline! - part.startedAt!).toBe(900_000);

    const timed = await createAssessment(db(), { qualifying: false, totalTimeSeconds: 300 });
    const { token } = await invite(db(), timed, { extraTime: { minutes: 2 } });
    const s = await startNextPart(token);
    // The whole assessment: 300 s + 2 minutes; the test alone would have 600 s + 2 minutes.
    expect(s.invitation.deadline! - s.parts[0].startedAt!).toBeLessThanOrEqual(420_000 + 50);
    expect(s.parts[0].deadline).toBe(s.invitation.deadline);
  });

  it('starting a part twice or from two devices at once writes one deadline', async () => {
    const invitation = await invite(db(), fixture);
    await post(invitation.token, '/start', { language: 'en' });
    const both = await Promise.all([post(invitation.token, `/parts/${drawPart()}/start`), post(invitation.token, `/parts/${drawPart()}/start`)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const deadlines = both.map((r) => (r.data as TakeState).parts[0].deadline);
    expect(deadlines[0]).toBe(deadlines[1]);
    const parts = await db().selectFrom('attemptParts').select(sql<number>`count(*)`.as('n')).where('invitationId', '=', invitation.invitationId).where('startedAt', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(parts.n)).toBe(1);
  });
});
