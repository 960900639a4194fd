import { describe, expect, it } from 'vitest';
import {
  acceptsSave,
  announcementDue,
  applySaves,
  assessmentDeadline,
  buildParts,
  canTransition,
  clockOffset,
  deadlineFor,
  decideSave,
  earlierDeadline,
  extraTimeMs,
  INVITATION_STATUSES,
  isFinalStatus,
  isNewerSave,
  isPartOver,
  nextPart,
  overdueParts,
  remainingMs,
  remainingOnClient,
  resumePosition,
  SAVE_GRACE_MS,
  saveEnvelopeSchema,
  stampSave,
  type Attempt,
  type AttemptPart,
  type SaveStamp,
} from '../../src/domain/attempt';

const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);
const MIN = 60_000;

const part = (over: Partial<AttemptPart> & Pick<AttemptPart, 'id' | 'kind'>): AttemptPart => ({
  testId: null,
  questionIds: ['q1'],
  durationSeconds: null,
  startedAt: null,
  deadline: null,
  finishedAt: null,
  ...over,
});

describe('invitation statuses', () => {
  it('moves Not Started → Started → Completed, or Expired, or Disqualified, and never back', () => {
    expect(canTransition('PENDING', 'IN_PROGRESS')).toBe(true);
    expect(canTransition('IN_PROGRESS', 'COMPLETED')).toBe(true);
    expect(canTransition('IN_PROGRESS', 'DISQUALIFIED')).toBe(true);
    expect(canTransition('PENDING', 'EXPIRED')).toBe(true);
    expect(canTransition('PENDING', 'COMPLETED')).toBe(false);
    expect(canTransition('PENDING', 'DISQUALIFIED')).toBe(false);
    expect(canTransition('IN_PROGRESS', 'PENDING')).toBe(false);
    for (const from of ['COMPLETED', 'EXPIRED', 'DISQUALIFIED'] as const) {
      expect(isFinalStatus(from)).toBe(true);
      for (const to of INVITATION_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
    expect(isFinalStatus('IN_PROGRESS')).toBe(false);
  });
});

describe('deadlines and time left', () => {
  it('puts a test deadline at start + duration, and an untimed part has none', () => {
    expect(deadlineFor('TEST', T0, 600, null)).toBe(T0 + 10 * MIN);
    expect(deadlineFor({ kind: 'QUALIFYING' }, T0, null, { percent: 50 })).toBeNull();
  });

  it('adds extra time as a percentage of the duration or as minutes', () => {
    expect(deadlineFor('TEST', T0, 600, { percent: 25 })).toBe(T0 + 12.5 * MIN);
    expect(deadlineFor('TEST', T0, 1200, { percent: 50 })).toBe(T0 + 30 * MIN);
    expect(deadlineFor('TEST', T0, 600, { minutes: 5 })).toBe(T0 + 15 * MIN);
    expect(deadlineFor('TEST', T0, 600, { minutes: 0 })).toBe(T0 + 10 * MIN);
    expect(extraTimeMs(60, { percent: 10 })).toBe(6_000);
  });

  it('refuses durations and extra time outside their bounds', () => {
    expect(() => deadlineFor('TEST', T0, 30, null)).toThrow(RangeError); // under a minute
    expect(() => deadlineFor('TEST', T0, 31 * 60, null)).toThrow(RangeError); // over 30 minutes
    expect(() => deadlineFor('TEST', T0, 90, null)).toThrow(RangeError); // not whole minutes
    expect(() => deadlineFor('TEST', T0, 600, { percent: -10 })).toThrow();
    expect(() => deadlineFor('TEST', T0, 600, { minutes: 1.5 })).toThrow();
    expect(() => deadlineFor('TEST', T0, 600, { percent: 10, minutes: 1 } as never)).toThrow();
  });

  it('bounds the assessment total time to 30–3600 seconds and lets it cut a part short', () => {
    expect(assessmentDeadline(T0, 30)).toBe(T0 + 30_000);
    expect(assessmentDeadline(T0, 3600, { minutes: 10 })).toBe(T0 + 70 * MIN);
    expect(() => assessmentDeadline(T0, 29)).toThrow(RangeError);
    expect(() => assessmentDeadline(T0, 3601)).toThrow(RangeError);
    expect(earlierDeadline(T0 + 10 * MIN, T0 + 5 * MIN)).toBe(T0 + 5 * MIN);
    expect(earlierDeadline(null, T0)).toBe(T0);
    expect(earlierDeadline(T0, null)).toBe(T0);
    expect(earlierDeadline(null, null)).toBeNull();
  });

  it('counts the time left on the server clock, never below zero', () => {
    const deadline = T0 + 10 * MIN;
    expect(remainingMs(deadline, T0)).toBe(10 * MIN);
    expect(remainingMs(deadline, T0 + 9 * MIN + 59_000)).toBe(1_000);
    expect(remainingMs(deadline, deadline + 5_000)).toBe(0);
    expect(remainingMs(null, T0)).toBeNull();
  });

  it('corrects a client clock by the offset taken at an answer (deadline − (Date.now() + offset))', () => {
    const deadline = T0 + 10 * MIN;
    // The laptop's clock runs 3 minutes behind the server's.
    const clientAtAnswer = T0 - 3 * MIN;
    const offset = clockOffset(T0, clientAtAnswer);
    expect(offset).toBe(3 * MIN);
    // Four minutes later by the laptop's clock (however many ticks fired meanwhile).
    expect(remainingOnClient(deadline, clientAtAnswer + 4 * MIN, offset)).toBe(6 * MIN);
    // Without the offset the page would show three minutes too many.
    expect(remainingOnClient(deadline, clientAtAnswer + 4 * MIN, 0)).toBe(9 * MIN);
    // A laptop that slept past the deadline shows zero on waking, not the time before it slept.
    expect(remainingOnClient(deadline, clientAtAnswer + 60 * MIN, offset)).toBe(0);
  });

  it('takes the client time halfway through the round trip when the send time is known', () => {
    // Sent at client 1000, answered at server 5000, received at client 1400: client time ≈ 1200.
    expect(clockOffset(5_000, 1_400, 1_000)).toBe(3_800);
  });

  it('accepts a save until deadline + grace inclusive and refuses it one millisecond later', () => {
    const deadline = T0 + 10 * MIN;
    expect(SAVE_GRACE_MS).toBe(60_000);
    expect(acceptsSave(deadline, deadline)).toBe(true);
    expect(acceptsSave(deadline, deadline + SAVE_GRACE_MS)).toBe(true);
    expect(acceptsSave(deadline, deadline + SAVE_GRACE_MS + 1)).toBe(false);
    expect(acceptsSave(deadline, deadline + 5_000, 5_000)).toBe(true);
    expect(acceptsSave(deadline, deadline + 5_001, 5_000)).toBe(false);
    expect(acceptsSave(null, T0 + 1e9)).toBe(true);
  });

  it('says a part is over at its deadline or once finished', () => {
    const p = { deadline: T0 + MIN, finishedAt: null };
    expect(isPartOver(p, T0 + MIN - 1)).toBe(false);
    expect(isPartOver(p, T0 + MIN)).toBe(true);
    expect(isPartOver({ deadline: null, finishedAt: null }, T0 + 1e9)).toBe(false);
    expect(isPartOver({ deadline: null, finishedAt: T0 }, T0)).toBe(true);
  });

  it('announces 10, 5 and 1 minutes left once each, the most urgent after a sleep', () => {
    expect(announcementDue(10 * MIN + 1_000, 10 * MIN)).toBe(10 * MIN);
    expect(announcementDue(10 * MIN, 10 * MIN - 1_000)).toBeNull();
    expect(announcementDue(7 * MIN, 6 * MIN)).toBeNull();
    expect(announcementDue(11 * MIN, 30_000)).toBe(MIN);
  });
});

describe('which part comes next', () => {
  const parts = buildParts(
    {
      qualifyingQuestionIds: ['qq1'],
      tests: [
        { testId: 'A', questionIds: ['a1', 'a2'], durationSeconds: 600, shuffle: false },
        { testId: 'B', questionIds: [], durationSeconds: 300, shuffle: false },
        { testId: 'C', questionIds: ['c1'], durationSeconds: 300, shuffle: false },
      ],
      customQuestionIds: ['cq1'],
      videoQuestionIds: ['v1'],
    },
    'attempt-1',
  );

  it('orders qualifying, each test in turn, the custom questions, then video', () => {
    expect(parts.map((p) => p.id)).toEqual(['qualifying', 'test:A', 'test:B', 'test:C', 'custom', 'video']);
    expect(parts.every((p) => p.startedAt === null && p.deadline === null && p.finishedAt === null)).toBe(true);
  });

  it('goes through the parts in order, skipping the empty ones', () => {
    const at = (finished: number): Attempt => ({ status: 'IN_PROGRESS', parts: parts.map((p, i) => (i < finished ? { ...p, finishedAt: T0 } : p)) });
    expect(nextPart(at(0), T0)?.id).toBe('qualifying');
    expect(nextPart(at(1), T0)?.id).toBe('test:A');
    expect(nextPart(at(2), T0)?.id).toBe('test:C'); // B has no questions
    expect(nextPart(at(4), T0)?.id).toBe('custom');
    expect(nextPart(at(5), T0)?.id).toBe('video');
    expect(nextPart(at(6), T0)).toBeNull();
  });

  it('moves past a part whose time is up even before it is marked finished', () => {
    const running = parts.map((p) => (p.id === 'qualifying' ? { ...p, finishedAt: T0 } : p.id === 'test:A' ? { ...p, startedAt: T0, deadline: T0 + 10 * MIN } : p));
    expect(nextPart({ status: 'IN_PROGRESS', parts: running }, T0 + 10 * MIN - 1)?.id).toBe('test:A');
    expect(nextPart({ status: 'IN_PROGRESS', parts: running }, T0 + 10 * MIN)?.id).toBe('test:C');
    expect(overdueParts(running, T0 + 10 * MIN).map((p) => p.id)).toEqual(['test:A']);
    expect(overdueParts(running, T0 + 10 * MIN - 1)).toEqual([]);
  });

  it('offers no part after disqualification, completion or expiry', () => {
    for (const status of ['DISQUALIFIED', 'COMPLETED', 'EXPIRED'] as const) expect(nextPart({ status, parts }, T0)).toBeNull();
    expect(nextPart({ status: 'PENDING', parts }, T0)?.id).toBe('qualifying');
  });

  it('offers nothing when every part is empty', () => {
    const empty = buildParts({ qualifyingQuestionIds: [], tests: [{ testId: 'A', questionIds: [], durationSeconds: 60, shuffle: true }], videoQuestionIds: [] }, 's');
    expect(nextPart({ status: 'IN_PROGRESS', parts: empty }, T0)).toBeNull();
  });

  it('shuffles a test that asks for it with the attempt seed: the same attempt, the same order', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `q${i}`);
    const plan = (shuffle: boolean) => ({ qualifyingQuestionIds: [], tests: [{ testId: 'A', questionIds: ids, durationSeconds: 600, shuffle }], videoQuestionIds: [] });
    const first = buildParts(plan(true), 'attempt-1')[1].questionIds;
    expect(buildParts(plan(true), 'attempt-1')[1].questionIds).toEqual(first);
    expect([...first].sort()).toEqual([...ids].sort());
    const others = new Set(Array.from({ length: 10 }, (_, i) => buildParts(plan(true), `attempt-${i}`)[1].questionIds.join()));
    expect(others.size).toBeGreaterThan(5);
    expect(buildParts(plan(false), 'attempt-1')[1].questionIds).toEqual(ids);
  });
});

describe('where a candidate resumes', () => {
  const base: AttemptPart[] = [
    part({ id: 'qualifying', kind: 'QUALIFYING', questionIds: ['qq1'], startedAt: T0, finishedAt: T0 + MIN }),
    part({ id: 'test:A', kind: 'TEST', testId: 'A', questionIds: ['a3', 'a1', 'a2'], durationSeconds: 600, startedAt: T0 + MIN, deadline: T0 + 11 * MIN }),
    part({ id: 'test:C', kind: 'TEST', testId: 'C', questionIds: ['c1', 'c2'], durationSeconds: 300 }),
    part({ id: 'video', kind: 'VIDEO', questionIds: ['v1'] }),
  ];
  const attempt: Attempt = { status: 'IN_PROGRESS', parts: base };

  it('resumes at the first unanswered question of the open part, in the attempt order, with the time really left', () => {
    expect(resumePosition(attempt, ['qq1', 'a3'], T0 + 6 * MIN)).toEqual({
      kind: 'QUESTION',
      partId: 'test:A',
      questionIndex: 1,
      questionId: 'a1',
      needsStart: false,
      remainingMs: 5 * MIN,
    });
    // An answer to a later question does not move the position past an earlier unanswered one.
    expect(resumePosition(attempt, ['a3', 'a2'], T0 + 6 * MIN)).toMatchObject({ questionId: 'a1', questionIndex: 1 });
  });

  it('stops at the end of a part whose questions are all answered while time is left', () => {
    expect(resumePosition(attempt, ['a1', 'a2', 'a3'], T0 + 2 * MIN)).toMatchObject({ kind: 'PART_END', partId: 'test:A', questionId: null, questionIndex: 3 });
  });

  it('goes to the next part once the open one is finished', () => {
    const finished = { ...attempt, parts: base.map((p) => (p.id === 'test:A' ? { ...p, finishedAt: T0 + 3 * MIN } : p)) };
    expect(resumePosition(finished, ['a3'], T0 + 4 * MIN)).toEqual({
      kind: 'QUESTION',
      partId: 'test:C',
      questionIndex: 0,
      questionId: 'c1',
      needsStart: true,
      remainingMs: null,
    });
  });

  it('goes to the next part once the open one is over time, answered or not', () => {
    expect(resumePosition(attempt, ['a3'], T0 + 11 * MIN)).toMatchObject({ kind: 'QUESTION', partId: 'test:C', questionId: 'c1', needsStart: true });
  });

  it('is done when every part is over, and after disqualification', () => {
    const allDone = { ...attempt, parts: base.map((p) => ({ ...p, finishedAt: p.finishedAt ?? T0 + 20 * MIN })) };
    expect(resumePosition(allDone, [], T0 + 21 * MIN)).toEqual({ kind: 'DONE' });
    expect(resumePosition({ ...attempt, status: 'DISQUALIFIED' }, [], T0)).toEqual({ kind: 'DONE' });
  });
});

describe('which save wins', () => {
  type Save = SaveStamp & { questionId: string; answer: number };
  const save = (over: Partial<Save>): Save => ({ questionId: 'q1', idempotencyKey: 'key-0001', deviceId: 'device-A', seq: 1, savedAt: T0, answer: 0, ...over });

  it('stores a save once per idempotency key', () => {
    const s = save({ idempotencyKey: 'key-aaaa' });
    expect(decideSave(null, s)).toBe('INSERT');
    expect(decideSave(s, { ...s })).toBe('DUPLICATE');
    // A key seen before for this question is a duplicate even after a newer save replaced it.
    expect(decideSave(save({ idempotencyKey: 'key-bbbb', seq: 9 }), s, new Set(['key-aaaa']))).toBe('DUPLICATE');
    const stored = applySaves([s, s, s]);
    expect(stored.size).toBe(1);
    expect(stored.get('q1')).toBe(s);
  });

  it('lets a newer save of the same question replace an older one', () => {
    const older = save({ idempotencyKey: 'key-0001', seq: 1, answer: 1 });
    const newer = save({ idempotencyKey: 'key-0002', seq: 2, answer: 2 });
    expect(decideSave(older, newer)).toBe('REPLACE');
    expect(applySaves([older, newer]).get('q1')?.answer).toBe(2);
  });

  it('keeps the newer save when the older one arrives late (a retried queue entry)', () => {
    const older = save({ idempotencyKey: 'key-0001', seq: 1, answer: 1 });
    const newer = save({ idempotencyKey: 'key-0002', seq: 2, answer: 2 });
    expect(decideSave(newer, older)).toBe('STALE');
    expect(applySaves([newer, older]).get('q1')?.answer).toBe(2);
  });

  it('orders one device by its sequence even when its clock jumped back', () => {
    const first = save({ idempotencyKey: 'key-0001', seq: 1, savedAt: T0 + MIN, answer: 1 });
    const second = save({ idempotencyKey: 'key-0002', seq: 2, savedAt: T0, answer: 2 });
    expect(isNewerSave(second, first)).toBe(true);
    expect(applySaves([second, first]).get('q1')?.answer).toBe(2);
  });

  it('orders two devices by the time of the action, the key breaking a tie', () => {
    const phone = save({ deviceId: 'device-P', idempotencyKey: 'key-phone', seq: 40, savedAt: T0, answer: 1 });
    const laptop = save({ deviceId: 'device-L', idempotencyKey: 'key-laptop', seq: 1, savedAt: T0 + 1_000, answer: 2 });
    expect(isNewerSave(laptop, phone)).toBe(true);
    expect(isNewerSave(phone, laptop)).toBe(false);
    const tieA = save({ deviceId: 'device-P', idempotencyKey: 'key-a', savedAt: T0 });
    const tieB = save({ deviceId: 'device-L', idempotencyKey: 'key-b', savedAt: T0 });
    expect(isNewerSave(tieB, tieA)).toBe(true);
    expect(isNewerSave(tieA, tieB)).toBe(false);
  });

  it('ends with the same answers whatever order the saves arrive in', () => {
    const saves = [
      save({ questionId: 'q1', idempotencyKey: 'key-1', seq: 1, savedAt: T0, answer: 1 }),
      save({ questionId: 'q1', idempotencyKey: 'key-2', seq: 2, savedAt: T0 + 1, answer: 2 }),
      save({ questionId: 'q2', idempotencyKey: 'key-3', seq: 3, savedAt: T0 + 2, answer: 3 }),
      save({ questionId: 'q1', idempotencyKey: 'key-4', seq: 4, savedAt: T0 + 3, answer: 4 }),
      save({ questionId: 'q2', idempotencyKey: 'key-5', deviceId: 'device-B', seq: 1, savedAt: T0 + 4, answer: 5 }),
    ];
    const permutations = (xs: Save[]): Save[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
    for (const order of permutations(saves)) {
      const stored = applySaves([...order, order[0]]);
      expect([stored.get('q1')?.answer, stored.get('q2')?.answer]).toEqual([4, 5]);
    }
  });

  it('never lets a device claim a time after the save arrived', () => {
    const stamp = stampSave({ idempotencyKey: 'key-0001', deviceId: 'device-A', seq: 1, savedAt: T0 + 3_600_000 }, T0);
    expect(stamp.savedAt).toBe(T0);
    expect(stampSave({ idempotencyKey: 'key-0001', deviceId: 'device-A', seq: 1, savedAt: T0 - 5 }, T0).savedAt).toBe(T0 - 5);
  });

  it('checks the envelope of a save', () => {
    const good = { questionId: 'q1', idempotencyKey: '0f8c2a1e-7b', deviceId: 'device-AAAA', seq: 0, savedAt: T0 };
    expect(saveEnvelopeSchema.safeParse(good).success).toBe(true);
    expect(saveEnvelopeSchema.safeParse({ ...good, idempotencyKey: 'short' }).success).toBe(false);
    expect(saveEnvelopeSchema.safeParse({ ...good, seq: -1 }).success).toBe(false);
    expect(saveEnvelopeSchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
  });
});
