/**
 * An attempt's life on the server (DESIGN.md section 6): it starts (parts built from the assessment),
 * each part starts (its deadline written) and closes (by the candidate, or by itself when its time
 * and the grace are over), a disqualifying qualifying answer ends it, and the last part completes it.
 * Hidden coding cases run after a part closes, one attempt at a time, outside any request.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { AssessmentInfo, AttemptRecord } from './queries';
import {
  attemptPlan,
  expireInvitation,
  loadAssessment,
  loadAttempt,
  recordLastSeen,
  storedAnswers,
} from './queries';
import {
  assessmentDeadline,
  buildParts,
  deadlineFor,
  earlierDeadline,
  isFinalStatus,
  nextPart,
  SAVE_GRACE_MS,
  type Attempt,
  type AttemptPart,
  type InvitationStatus,
  type PartKind,
} from '../../../src/domain/attempt';
import { disqualifies, type CodeAnswer, type StoredQuestion } from '../../../src/domain/attemptQuestions';
import type { RunResult } from '../../../src/domain/codeRunner';
import type { Database } from '../../db/types';
import { conflict, HttpError, notFound, refuseField, says } from '../../lib/errors';
import type { Services } from '../../services';
import { queueUnscored, scoringQueueFor } from '../scores/scoring';
import { QuestionCache, TtlCache } from './cache';
import { AttemptDevices } from './devices';
import { SaveBatcher } from './saveBatcher';

/** How often the sweep closes overdue parts and abandoned attempts. */
export const SWEEP_INTERVAL_MS = 30_000;
/** An attempt past its link's expiry whose page has not been heard from for this long is closed by the sweep. */
export const ABANDONED_AFTER_MS = 30 * 60_000;

/** What the hidden cases of a coding answer gave: stored in answers.evaluation, never shown to the candidate. */
export type AnswerEvaluation =
  | { status: 'pending' }
  | { status: 'done'; evaluatedAt: string; result: RunResult }
  | { status: 'error'; evaluatedAt: string; message: string };
const PENDING: AnswerEvaluation = { status: 'pending' };

/** How often presence (last_seen_at) is written, for every candidate heard from meanwhile, in one statement. */
export const PRESENCE_FLUSH_MS = 5_000;
/** A candidate heard from is noted again only after this long ("online" means seen within the last minute). */
const PRESENCE_EVERY_MS = 15_000;

/**
 * Who was heard from, written in batches: a save costs no write of its own for presence, and each
 * candidate is noted at most every 15 seconds.
 */
export class Presence {
  private pending = new Map<string, number>();
  private readonly noted = new TtlCache<true>(PRESENCE_EVERY_MS, 100_000);

  constructor(private readonly db: Services['db']) {}

  note(invitationId: string, now: number): void {
    if (this.noted.get(invitationId, now)) return;
    this.noted.set(invitationId, true, now);
    this.pending.set(invitationId, now);
  }

  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const seen = [...this.pending];
    this.pending = new Map();
    await recordLastSeen(this.db, seen);
  }
}

/** What the candidate's routes, the sweep and the evaluations share in one process (one per app). */
export interface TakeContext {
  services: Services;
  log: FastifyBaseLogger;
  /** Attempts by their token's hash. */
  attempts: TtlCache<AttemptRecord>;
  assessments: TtlCache<AssessmentInfo>;
  questions: QuestionCache;
  evaluations: Evaluations;
  presence: Presence;
  /** The devices each attempt under way is taken on. */
  devices: AttemptDevices;
  /** Answer saves, several to a statement when they arrive together. */
  saves: SaveBatcher;
  /** Completed attempts waiting to be scored (server/modules/scores). */
  scoring: ReturnType<typeof scoringQueueFor>;
}

const contexts = new WeakMap<Services, TakeContext>();

/** The context of an app (by its services): the routes' own, which tests reach the same way to sweep, flush or wait. */
export function takeContextFor(services: Services, log?: FastifyBaseLogger): TakeContext {
  let context = contexts.get(services);
  if (!context) {
    const logger = log ?? (console as unknown as FastifyBaseLogger);
    const scoring = scoringQueueFor(services, logger);
    const created: TakeContext = {
      services,
      log: logger,
      attempts: new TtlCache(30_000, 20_000),
      assessments: new TtlCache(30_000, 1_000),
      questions: new QuestionCache(),
      // A finished evaluation changes a completed attempt's score: it is scored again (an attempt under way is not scored).
      evaluations: new Evaluations(async (invitationId) => {
        if ((await evaluatePending(created, invitationId)) > 0) scoring.enqueue(invitationId);
      }, logger),
      presence: new Presence(services.db),
      devices: new AttemptDevices(services.db),
      saves: new SaveBatcher(services.db),
      scoring,
    };
    context = created;
    contexts.set(services, context);
  }
  return context;
}

export async function assessmentOf(ctx: TakeContext, assessmentId: string): Promise<AssessmentInfo> {
  const kept = ctx.assessments.get(assessmentId);
  if (kept) return kept;
  const loaded = await loadAssessment(ctx.services.db, { id: assessmentId });
  if (!loaded) throw notFound(says('linkNotFound'));
  ctx.assessments.set(assessmentId, loaded);
  return loaded;
}

export const attemptOf = (record: Pick<AttemptRecord, 'status' | 'parts'>): Attempt => ({ status: record.status, parts: record.parts });

/** The moment an assessment may be started: 409 before its validity, 410 after. */
export function assertWithinValidity(assessment: Pick<AssessmentInfo, 'validFrom' | 'validUntil'>, now: number): void {
  if (assessment.validFrom !== null && now < assessment.validFrom) throw conflict(says('assessmentNotOpenYet'));
  if (assessment.validUntil !== null && now > assessment.validUntil) throw new HttpError(410, says('assessmentNotOpen'));
}

// ---------------------------------------------------------------------------------------------
// Starting

/** PENDING → IN_PROGRESS with the attempt's parts and the whole assessment's deadline; nothing when already started. */
export async function startAttempt(ctx: TakeContext, record: AttemptRecord, language: string, now: number): Promise<void> {
  if (record.status !== 'PENDING') return;
  const assessment = await assessmentOf(ctx, record.assessmentId);
  if (!assessment.languages.includes(language)) throw refuseField('language', says('languageNotOffered'));
  assertWithinValidity(assessment, now);
  const parts = buildParts(await attemptPlan(ctx.services.db, assessment, record.seed), record.seed);
  const deadline = assessment.totalTimeSeconds ? assessmentDeadline(now, assessment.totalTimeSeconds, record.extraTime) : null;
  await ctx.services.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('invitations').select('status').where('id', '=', record.id).forUpdate().executeTakeFirst();
    if (current?.status !== 'PENDING') return; // started at the same moment by another request
    await trx
      .insertInto('attemptParts')
      .values(
        parts.map((p, position) => ({
          invitationId: record.id,
          partId: p.id,
          position,
          kind: p.kind,
          testId: p.testId,
          questionIds: [...p.questionIds],
          durationSeconds: p.durationSeconds,
        })),
      )
      .execute();
    await trx
      .updateTable('invitations')
      .set({
        status: 'IN_PROGRESS',
        language,
        startedAt: new Date(now),
        deadline: deadline === null ? null : new Date(deadline),
        openedAt: sql<Date>`coalesce(opened_at, ${new Date(now).toISOString()}::timestamptz)`,
        updatedAt: new Date(now),
      })
      .where('id', '=', record.id)
      .execute();
  });
  ctx.attempts.delete(record.tokenHash);
}

/** A part's start: only the part the flow is at, once; its deadline (extra time included) never outlasts the assessment's. */
export async function startPart(ctx: TakeContext, record: AttemptRecord, partId: string, now: number): Promise<void> {
  const part = partOf(record, partId);
  if (record.status === 'PENDING') throw conflict(says('startFirst'));
  if (part.startedAt !== null) return;
  if (isFinalStatus(record.status)) throw conflict(says('attemptFinished'));
  if (part.finishedAt !== null) throw conflict(says('partClosed'));
  if (nextPart(attemptOf(record), now)?.id !== partId) throw conflict(says('partNotNext'));
  const deadline = earlierDeadline(deadlineFor(part.kind, now, part.durationSeconds, record.extraTime), record.deadline);
  await ctx.services.db
    .updateTable('attemptParts')
    .set({ startedAt: new Date(now), deadline: deadline === null ? null : new Date(deadline) })
    .where('invitationId', '=', record.id)
    .where('partId', '=', partId)
    .where('startedAt', 'is', null)
    .execute();
  ctx.attempts.delete(record.tokenHash);
}

function partOf(record: AttemptRecord, partId: string): AttemptPart {
  const part = record.parts.find((p) => p.id === partId);
  if (!part) throw notFound(says('noSuchPart'));
  return part;
}

// ---------------------------------------------------------------------------------------------
// Closing

/** The candidate closes a part (at most at its deadline); nothing when it is closed already. */
export async function finishPart(ctx: TakeContext, record: AttemptRecord, partId: string, now: number): Promise<void> {
  const part = partOf(record, partId);
  if (record.status === 'PENDING') throw conflict(says('startFirst'));
  if (part.finishedAt !== null || isFinalStatus(record.status)) return;
  if (part.startedAt === null) throw conflict(says('partNotStarted'));
  await closeParts(ctx, record, [{ partId, at: Math.min(now, part.deadline ?? now) }], now);
}

/**
 * Parts whose time is over, grace included (a save in flight still lands before a part closes):
 * each closes at its deadline; when the whole assessment's time is over, every open part closes at it.
 */
export function overdueCloses(record: Pick<AttemptRecord, 'deadline' | 'parts'>, now: number): { partId: string; at: number }[] {
  const wholeOver = record.deadline !== null && now >= record.deadline + SAVE_GRACE_MS;
  return record.parts
    .filter((p) => p.finishedAt === null && ((p.deadline !== null && now >= p.deadline + SAVE_GRACE_MS) || wholeOver))
    .map((p) => ({ partId: p.id, at: earlierDeadline(p.deadline, record.deadline)! }));
}

/**
 * Closes what time has closed: overdue parts (on every read of the attempt, and by the sweep), and for
 * the sweep (`abandon`) an attempt whose link expired and whose page went quiet. Answers whether
 * anything changed.
 */
export async function settleAttempt(ctx: TakeContext, record: AttemptRecord, now: number, { abandon = false } = {}): Promise<boolean> {
  if (record.status !== 'IN_PROGRESS') return false;
  const closes = overdueCloses(record, now);
  const quietSince = record.lastSeenAt ?? record.startedAt ?? record.invitedAt;
  const abandoned = abandon && record.expiresAt !== null && now > record.expiresAt && now - quietSince > ABANDONED_AFTER_MS;
  if (!closes.length && !abandoned) return false;
  await closeParts(ctx, record, closes, now, { abandon: abandoned });
  return true;
}

type Executor = Kysely<Database>;

const partsOf = async (db: Executor, invitationId: string): Promise<AttemptPart[]> =>
  (
    await db
      .selectFrom('attemptParts')
      .select(['partId', 'kind', 'testId', 'questionIds', 'durationSeconds', 'startedAt', 'deadline', 'finishedAt'])
      .where('invitationId', '=', invitationId)
      .orderBy('position')
      .execute()
  ).map((p) => ({
    id: p.partId,
    kind: p.kind as PartKind,
    testId: p.testId,
    questionIds: p.questionIds,
    durationSeconds: p.durationSeconds,
    startedAt: p.startedAt && p.startedAt.getTime(),
    deadline: p.deadline && p.deadline.getTime(),
    finishedAt: p.finishedAt && p.finishedAt.getTime(),
  }));

/**
 * Closes parts in one transaction, the invitation locked first (every transaction that closes parts
 * or ends the attempt takes the invitation's lock before the parts', so two never wait on each other):
 * a disqualifying qualifying answer ends the attempt as DISQUALIFIED; with no part left (or an
 * abandoned attempt) what remains closes and the attempt completes (or expires, abandoned with no
 * answer). Coding answers of the closed parts are marked for their hidden cases, run after the commit.
 */
async function closeParts(ctx: TakeContext, record: AttemptRecord, closes: readonly { partId: string; at: number }[], now: number, { abandon = false } = {}): Promise<void> {
  const { db } = ctx.services;
  // Read before the transaction: PGlite serves one connection, the transaction's.
  const questions = await ctx.questions.getMany(db, record.parts.filter((p) => p.kind !== 'VIDEO').flatMap((p) => p.questionIds));
  let evaluate = false;
  let completed = false;
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('invitations').select('status').where('id', '=', record.id).forUpdate().executeTakeFirst();
    if (current?.status !== 'IN_PROGRESS') return;
    const closed: string[] = [];
    for (const { partId, at } of closes) {
      const done = await trx
        .updateTable('attemptParts')
        .set({ finishedAt: new Date(at) })
        .where('invitationId', '=', record.id)
        .where('partId', '=', partId)
        .where('finishedAt', 'is', null)
        .returning('partId')
        .executeTakeFirst();
      if (done) closed.push(partId);
    }
    let parts = await partsOf(trx, record.id);
    let status: InvitationStatus = 'IN_PROGRESS';
    const qualifying = parts.find((p) => p.kind === 'QUALIFYING' && closed.includes(p.id));
    if (qualifying) {
      const answers = await storedAnswers(trx, record.id, [qualifying.id]);
      if (answers.some((a) => questions.has(a.questionId) && disqualifies(questions.get(a.questionId)!, a.answer))) {
        await trx.updateTable('invitations').set({ status: 'DISQUALIFIED', disqualifiedAt: new Date(now), updatedAt: new Date(now) }).where('id', '=', record.id).execute();
        status = 'DISQUALIFIED';
      }
    }
    if (status === 'IN_PROGRESS' && (abandon || nextPart({ status, parts }, now) === null)) {
      // What is left (a part still in its grace, parts without questions) closes with the attempt.
      const rest = await trx
        .updateTable('attemptParts')
        .set({ finishedAt: sql<Date>`least(${new Date(now).toISOString()}::timestamptz, coalesce(deadline, ${new Date(now).toISOString()}::timestamptz))` })
        .where('invitationId', '=', record.id)
        .where('finishedAt', 'is', null)
        .returning('partId')
        .execute();
      closed.push(...rest.map((r) => r.partId));
      parts = await partsOf(trx, record.id);
      const answered = abandon ? (await storedAnswers(trx, record.id)).length > 0 : true;
      if (answered) completed = await completeAttempt(trx, { id: record.id, language: record.language, parts }, now);
      else await trx.updateTable('invitations').set({ status: 'EXPIRED', updatedAt: new Date(now) }).where('id', '=', record.id).execute();
    }
    const coding = parts
      .filter((p) => closed.includes(p.id))
      .flatMap((p) => p.questionIds)
      .filter((id) => questions.get(id)?.questionType === 'CODING');
    if (coding.length) {
      const marked = await trx
        .updateTable('answers')
        .set({ evaluation: JSON.stringify(PENDING) })
        .where('invitationId', '=', record.id)
        .where('questionId', 'in', coding)
        .where('evaluation', 'is', null)
        .executeTakeFirst();
      evaluate = Number(marked.numUpdatedRows) > 0;
    }
  });
  ctx.attempts.delete(record.tokenHash);
  if (evaluate) ctx.evaluations.enqueue(record.id);
  // Scored after the commit, in the background (again once its hidden cases have run).
  if (completed) ctx.scoring.enqueue(record.id);
}

/**
 * The attempt is complete: its status and time. Answers whether this call completed it (false when
 * it was already final); the caller queues its scoring once the transaction commits (the scores,
 * answer_scores included, are written by server/modules/scores: `scoreInvitation`).
 */
export async function completeAttempt(db: Executor, attempt: { id: string; language: string | null; parts: readonly AttemptPart[] }, now: number): Promise<boolean> {
  const done = await db
    .updateTable('invitations')
    .set({ status: 'COMPLETED', completedAt: new Date(now), updatedAt: new Date(now) })
    .where('id', '=', attempt.id)
    .where('status', '=', 'IN_PROGRESS')
    .returning('id')
    .executeTakeFirst();
  return !!done;
}

/** A PENDING invitation past its link's expiry: marked, and refused. */
export async function expireLapsedInvitation(ctx: TakeContext, record: AttemptRecord, now: number): Promise<never> {
  await expireInvitation(ctx.services.db, record.id, now);
  ctx.attempts.delete(record.tokenHash);
  throw new HttpError(410, says('linkExpired'));
}

// ---------------------------------------------------------------------------------------------
// Hidden cases

/** Runs attempts' pending evaluations one after another, so a part closing for many candidates does not flood the runner. */
export class Evaluations {
  private chain: Promise<void> = Promise.resolve();
  private readonly queued = new Set<string>();

  constructor(
    private readonly evaluate: (invitationId: string) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(invitationId: string): void {
    if (this.queued.has(invitationId)) return;
    this.queued.add(invitationId);
    this.chain = this.chain
      .then(() => {
        this.queued.delete(invitationId);
        return this.evaluate(invitationId);
      })
      .catch((error: unknown) => this.log.error({ err: error, invitationId }, 'hidden test cases could not be run'));
  }

  /** Resolves once every evaluation asked for so far has run. */
  idle(): Promise<void> {
    return this.chain;
  }
}

/** A question's test cases as the runner takes them (points default to 1, as a question's maximum counts them). */
export const runnerCases = (cases: NonNullable<StoredQuestion['coding']>['testCases']) =>
  cases.map((t) => ({ input: t.input, expectedOutput: t.expectedOutput, points: t.points ?? 1, hidden: t.hidden ?? false }));

const isPending = sql<boolean>`evaluation->>'status' = 'pending'`;

/**
 * Runs every case (hidden ones too) of an attempt's pending coding answers and stores the results; a
 * busy runner leaves them for the sweep. Answers how many evaluations it stored.
 */
export async function evaluatePending(ctx: TakeContext, invitationId: string): Promise<number> {
  const { db } = ctx.services;
  const pending = await db.selectFrom('answers').select(['questionId', 'answer']).where('invitationId', '=', invitationId).where(isPending).execute();
  if (!pending.length) return 0;
  let stored = 0;
  const questions = await ctx.questions.getMany(db, pending.map((p) => p.questionId));
  for (const { questionId, answer } of pending) {
    const code = answer as CodeAnswer;
    const coding = questions.get(questionId)?.coding;
    let evaluation: AnswerEvaluation;
    try {
      if (!coding?.testCases.length) throw new Error('The question has no test cases.');
      const result = await ctx.services.runner.run({
        languageId: code.languageId,
        source: code.source,
        testCases: runnerCases(coding.testCases),
        timeLimitMs: coding.timeLimitMs ?? undefined,
        memoryLimitMb: coding.memoryLimitMb ?? undefined,
      });
      evaluation = { status: 'done', evaluatedAt: new Date().toISOString(), result };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) continue; // the runner's queue is full: later
      evaluation = { status: 'error', evaluatedAt: new Date().toISOString(), message: error instanceof Error ? error.message : String(error) };
    }
    const written = await db
      .updateTable('answers')
      .set({ evaluation: JSON.stringify(evaluation) })
      .where('invitationId', '=', invitationId)
      .where('questionId', '=', questionId)
      .where(isPending)
      .executeTakeFirst();
    stored += Number(written.numUpdatedRows);
  }
  return stored;
}

// ---------------------------------------------------------------------------------------------
// The sweep

/**
 * Closes what time has closed in attempts nobody is reading: overdue parts, attempts whose whole
 * time is over, abandoned attempts; queues evaluations left pending (a restart, a busy runner), and
 * the scoring of completed attempts without a score of the current scoring version.
 */
export async function sweepAttempts(ctx: TakeContext, now = Date.now()): Promise<{ settled: number; evaluations: number; scorings: number }> {
  const { db } = ctx.services;
  const graceAgo = new Date(now - SAVE_GRACE_MS);
  const due = await db
    .selectFrom('invitations as i')
    .select('i.id')
    .where('i.status', '=', 'IN_PROGRESS')
    .where((eb) =>
      eb.or([
        eb('i.deadline', '<=', graceAgo),
        eb.exists(
          eb
            .selectFrom('attemptParts as p')
            .select('p.partId')
            .whereRef('p.invitationId', '=', 'i.id')
            .where('p.finishedAt', 'is', null)
            .where('p.deadline', '<=', graceAgo),
        ),
        eb.and([eb('i.expiresAt', '<', new Date(now)), eb(sql`coalesce(i.last_seen_at, i.started_at)`, '<', new Date(now - ABANDONED_AFTER_MS))]),
      ]),
    )
    .limit(500)
    .execute();
  let settled = 0;
  for (const { id } of due) {
    const record = await loadAttempt(db, { id });
    if (record && (await settleAttempt(ctx, record, now, { abandon: true }))) settled++;
  }
  const pending = await db.selectFrom('answers').select('invitationId').distinct().where(isPending).limit(100).execute();
  for (const { invitationId } of pending) ctx.evaluations.enqueue(invitationId);
  const scorings = await queueUnscored(ctx.services);
  return { settled, evaluations: pending.length, scorings };
}
