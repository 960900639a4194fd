/**
 * A candidate's attempt (DESIGN.md section 6): its statuses, its parts (qualifying questions, each
 * test in turn, video questions), the time each part has (the server's clock decides), where a
 * candidate resumes, and which of two saves of one question wins. Pure: the server stores what
 * these functions decide, the candidate's page computes its timer with them.
 *
 * Times are milliseconds since the epoch (`Date.getTime()`), on the server's clock unless a name
 * says otherwise.
 */
import { z } from 'zod';
import { TEST_DURATION, TOTAL_TIME } from './content';
import { remainingMs } from './attemptClock';
import { seededShuffle } from './optionOrder';
import { FIELD_MESSAGES } from './fieldMessages';

export { announcementDue, clockOffset, earlierDeadline, remainingMs, remainingOnClient, serverNowOnClient, TIMER_ANNOUNCEMENTS_MS } from './attemptClock';

// ---------------------------------------------------------------------------------------------
// Statuses

/**
 * An invitation's status: `PENDING` (Not Started) → `IN_PROGRESS` (Started) → `COMPLETED`, or
 * `EXPIRED`, or `DISQUALIFIED`. Disqualification is a final status of its own rather than a flag
 * on `COMPLETED`: a disqualified candidate did not complete the assessment, and lists, filters and
 * reports can tell the two apart without a second column.
 */
export const INVITATION_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'EXPIRED', 'DISQUALIFIED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** English names (the specification's "Not Started", "Started"); screens translate them. */
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  PENDING: 'Not Started',
  IN_PROGRESS: 'Started',
  COMPLETED: 'Completed',
  EXPIRED: 'Expired',
  DISQUALIFIED: 'Disqualified',
};

/** The moves an invitation may make; the final statuses allow none. */
export const STATUS_TRANSITIONS: Record<InvitationStatus, readonly InvitationStatus[]> = {
  PENDING: ['IN_PROGRESS', 'EXPIRED'],
  IN_PROGRESS: ['COMPLETED', 'EXPIRED', 'DISQUALIFIED'],
  COMPLETED: [],
  EXPIRED: [],
  DISQUALIFIED: [],
};

export const canTransition = (from: InvitationStatus, to: InvitationStatus) => STATUS_TRANSITIONS[from].includes(to);
export const isFinalStatus = (status: InvitationStatus) => STATUS_TRANSITIONS[status].length === 0;

// ---------------------------------------------------------------------------------------------
// Parts

/** Qualifying questions, each test, the client's custom questions (untimed), video questions. */
export const PART_KINDS = ['QUALIFYING', 'TEST', 'CUSTOM', 'VIDEO'] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** One part of an attempt, as stored: its questions in the order this attempt shows them, and its times. */
export interface AttemptPart {
  /** `qualifying`, `test:<testId>`, `custom` or `video`. */
  id: string;
  kind: PartKind;
  testId: string | null;
  /** The part's questions in this attempt's (seeded) order. */
  questionIds: readonly string[];
  /** Untimed when null. */
  durationSeconds: number | null;
  startedAt: number | null;
  /** Written when the part starts, extra time included; null for an untimed part. */
  deadline: number | null;
  finishedAt: number | null;
}

export interface Attempt {
  status: InvitationStatus;
  parts: readonly AttemptPart[];
}

/** What an assessment holds, as the parts of a new attempt are built from it. */
export interface AttemptPlan {
  qualifyingQuestionIds: readonly string[];
  tests: readonly { testId: string; questionIds: readonly string[]; durationSeconds: number | null; shuffle: boolean }[];
  /** The client's own questions for this assessment (none when the plan leaves them out). */
  customQuestionIds?: readonly string[];
  videoQuestionIds: readonly string[];
}

export const partIdOf = (kind: PartKind, testId?: string | null) => (kind === 'TEST' ? `test:${testId}` : kind.toLowerCase());

/**
 * The parts of a new attempt, in the flow's order: qualifying questions, each test in the
 * assessment's order, the client's custom questions, video questions. A test that shuffles gets its questions in an order seeded
 * by the attempt, so a reload (or another device) shows the same order. Empty parts are kept (the
 * record says what the assessment held) and skipped by `nextPart`.
 */
export function buildParts(plan: AttemptPlan, attemptSeed: string): AttemptPart[] {
  const part = (kind: PartKind, questionIds: readonly string[], durationSeconds: number | null, testId: string | null = null): AttemptPart => ({
    id: partIdOf(kind, testId),
    kind,
    testId,
    questionIds: [...questionIds],
    durationSeconds,
    startedAt: null,
    deadline: null,
    finishedAt: null,
  });
  return [
    part('QUALIFYING', plan.qualifyingQuestionIds, null),
    ...plan.tests.map((t) =>
      part('TEST', t.shuffle ? seededShuffle(t.questionIds, `${attemptSeed}:test:${t.testId}`) : t.questionIds, t.durationSeconds, t.testId),
    ),
    part('CUSTOM', plan.customQuestionIds ?? [], null),
    part('VIDEO', plan.videoQuestionIds, null),
  ];
}

/** Whether a part is over: finished, or its deadline reached (saves in flight still have the grace, see `acceptsSave`). */
export const isPartOver = (part: Pick<AttemptPart, 'deadline' | 'finishedAt'>, now: number) =>
  part.finishedAt !== null || (part.deadline !== null && now >= part.deadline);

/**
 * The part the candidate is in or goes to next: the first part with questions that is not over.
 * None once the invitation is final (completed, expired, disqualified) or every part is over.
 */
export function nextPart(attempt: Attempt, now: number): AttemptPart | null {
  if (isFinalStatus(attempt.status)) return null;
  return attempt.parts.find((p) => p.questionIds.length > 0 && !isPartOver(p, now)) ?? null;
}

/**
 * Parts whose time ran out but that are not marked finished: the server closes them (finished at
 * their deadline), runs their hidden coding cases, and starts the next part.
 */
export function overdueParts(parts: readonly AttemptPart[], now: number): AttemptPart[] {
  return parts.filter((p) => p.finishedAt === null && p.deadline !== null && now >= p.deadline);
}

// ---------------------------------------------------------------------------------------------
// Time

/** How long after a part's deadline a save is still accepted (answers in flight). */
export const SAVE_GRACE_MS = 60_000;
/** Extra time for accommodations: a percentage of each timed part's duration, or minutes added to each. */
export type ExtraTime = { percent: number } | { minutes: number };
export const EXTRA_TIME_LIMITS = { maxPercent: 200, maxMinutes: 120 } as const;
export const extraTimeSchema = z.union([
  z.strictObject({
    percent: z
      .number({ error: FIELD_MESSAGES.extraTimeNumber })
      .min(0, FIELD_MESSAGES.extraTimeCannotNegative)
      .max(EXTRA_TIME_LIMITS.maxPercent, `Extra time can be at most ${EXTRA_TIME_LIMITS.maxPercent} percent`),
  }),
  z.strictObject({
    minutes: z
      .number({ error: FIELD_MESSAGES.extraTimeNumber })
      .int(FIELD_MESSAGES.extraTimeWholeNumber)
      .min(0, FIELD_MESSAGES.extraTimeCannotNegative)
      .max(EXTRA_TIME_LIMITS.maxMinutes, `Extra time can be at most ${EXTRA_TIME_LIMITS.maxMinutes} minutes`),
  }),
]);

/** The extra milliseconds an accommodation adds to a part of this duration. */
export function extraTimeMs(durationSeconds: number, extraTime: ExtraTime | null | undefined): number {
  if (!extraTime) return 0;
  const extra = extraTimeSchema.parse(extraTime);
  return 'percent' in extra ? Math.round((durationSeconds * 1000 * extra.percent) / 100) : extra.minutes * 60_000;
}

/**
 * A part's deadline, written when it starts: start + duration + extra time. Null for an untimed
 * part (no duration). A test's duration must be 1 to 30 minutes in 60-second steps.
 */
export function deadlineFor(
  part: Pick<AttemptPart, 'kind'> | PartKind,
  startedAt: number,
  durationSeconds: number | null,
  extraTime?: ExtraTime | null,
): number | null {
  if (durationSeconds === null) return null;
  const kind = typeof part === 'string' ? part : part.kind;
  if (!Number.isFinite(startedAt)) throw new RangeError('The start time is not a time');
  const { minSeconds, maxSeconds, stepSeconds } = TEST_DURATION;
  if (!Number.isInteger(durationSeconds) || durationSeconds <= 0) throw new RangeError('A duration is a positive whole number of seconds');
  if (kind === 'TEST' && (durationSeconds < minSeconds || durationSeconds > maxSeconds || durationSeconds % stepSeconds !== 0)) {
    throw new RangeError('A test lasts 1 to 30 minutes in whole minutes');
  }
  return startedAt + durationSeconds * 1000 + extraTimeMs(durationSeconds, extraTime);
}

/** The deadline of the whole assessment where it has a total time (30 to 3,600 seconds), extra time included. */
export function assessmentDeadline(startedAt: number, totalTimeSeconds: number, extraTime?: ExtraTime | null): number {
  if (!Number.isInteger(totalTimeSeconds) || totalTimeSeconds < TOTAL_TIME.minSeconds || totalTimeSeconds > TOTAL_TIME.maxSeconds) {
    throw new RangeError('The total time is 30 to 3600 seconds');
  }
  return startedAt + totalTimeSeconds * 1000 + extraTimeMs(totalTimeSeconds, extraTime);
}

/** Whether a save received at this time still counts: until deadline + grace, inclusive; always for an untimed part. */
export function acceptsSave(deadline: number | null, receivedAt: number, graceMs: number = SAVE_GRACE_MS): boolean {
  return deadline === null || receivedAt <= deadline + graceMs;
}

// ---------------------------------------------------------------------------------------------
// Resume

export type ResumePosition =
  | {
      /** `QUESTION`: show `questionId`; `PART_END`: every question is answered, the candidate may finish the part. */
      kind: 'QUESTION' | 'PART_END';
      partId: string;
      /** Position in the part's questions (equals their count at `PART_END`). */
      questionIndex: number;
      questionId: string | null;
      /** The part has not started yet: the server starts it (start time, deadline) before showing it. */
      needsStart: boolean;
      /** Time really left in the part, on the server's clock; null when untimed or not started. */
      remainingMs: number | null;
    }
  | { kind: 'DONE' };

/**
 * Where a candidate resumes on reopening the link: the first unanswered question of the open part
 * (in the attempt's order), or the next part when the open one is finished or over time, or done.
 */
export function resumePosition(attempt: Attempt, answeredQuestionIds: Iterable<string>, now: number): ResumePosition {
  const part = nextPart(attempt, now);
  if (!part) return { kind: 'DONE' };
  const answered = new Set(answeredQuestionIds);
  const index = part.questionIds.findIndex((id) => !answered.has(id));
  const common = { partId: part.id, needsStart: part.startedAt === null, remainingMs: part.startedAt === null ? null : remainingMs(part.deadline, now) };
  return index === -1
    ? { kind: 'PART_END', questionIndex: part.questionIds.length, questionId: null, ...common }
    : { kind: 'QUESTION', questionIndex: index, questionId: part.questionIds[index], ...common };
}

// ---------------------------------------------------------------------------------------------
// Saves

/**
 * What identifies a save and orders it against another save of the same question. The page keeps
 * a device id (random, kept on the device) and numbers its saves in the order the candidate made
 * them; `savedAt` is the time of the candidate's action on the server's clock as the page reckons
 * it (`Date.now() + offset`), clamped by the server to the time the save arrived.
 */
export interface SaveStamp {
  idempotencyKey: string;
  deviceId: string;
  seq: number;
  savedAt: number;
}

/** The envelope of a save as the page sends it (the answer itself is checked against its question). */
export const saveEnvelopeSchema = z.strictObject({
  questionId: z.string().min(1).max(100),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'The save has no valid idempotency key'),
  deviceId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'The save has no valid device id'),
  seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  savedAt: z.number().finite(),
});

/** The stamp the server stores: the page's claimed time, never later than when the save arrived. */
export function stampSave(envelope: SaveStamp, receivedAt: number): SaveStamp {
  return { idempotencyKey: envelope.idempotencyKey, deviceId: envelope.deviceId, seq: envelope.seq, savedAt: Math.min(envelope.savedAt, receivedAt) };
}

/**
 * Whether `a` is newer than `b`. From one device the sequence number decides (the device numbered
 * its saves in the order they were made, whatever order they arrive in); across devices the time
 * of the action does, and the idempotency key breaks a tie so every server decides alike.
 */
export function isNewerSave(a: SaveStamp, b: SaveStamp): boolean {
  if (a.deviceId === b.deviceId && a.seq !== b.seq) return a.seq > b.seq;
  if (a.savedAt !== b.savedAt) return a.savedAt > b.savedAt;
  return a.idempotencyKey > b.idempotencyKey;
}

/**
 * What the server does with a save of a question, given the one stored for that question:
 * `DUPLICATE` (this key was stored already: acknowledge, write nothing), `INSERT` (first answer),
 * `REPLACE` (newer than the stored one) or `STALE` (older: acknowledge so the page stops
 * retrying, keep the stored one). `seenKeys` are keys stored before for this question, if kept.
 */
export type SaveDecision = 'DUPLICATE' | 'INSERT' | 'REPLACE' | 'STALE';
export function decideSave(stored: SaveStamp | null, incoming: SaveStamp, seenKeys?: ReadonlySet<string>): SaveDecision {
  if (stored?.idempotencyKey === incoming.idempotencyKey || seenKeys?.has(incoming.idempotencyKey)) return 'DUPLICATE';
  if (!stored) return 'INSERT';
  return isNewerSave(incoming, stored) ? 'REPLACE' : 'STALE';
}

/**
 * The answers stored after these saves arrive in this order (one per question): the model of the
 * server's table that the rules above define, for tests and for the page's own queue.
 */
export function applySaves<T extends SaveStamp & { questionId: string }>(arrivals: readonly T[]): Map<string, T> {
  const stored = new Map<string, T>();
  const seen = new Map<string, Set<string>>();
  for (const save of arrivals) {
    const keys = seen.get(save.questionId) ?? new Set<string>();
    const decision = decideSave(stored.get(save.questionId) ?? null, save, keys);
    if (decision === 'INSERT' || decision === 'REPLACE') stored.set(save.questionId, save);
    keys.add(save.idempotencyKey);
    seen.set(save.questionId, keys);
  }
  return stored;
}
