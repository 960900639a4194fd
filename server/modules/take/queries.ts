/**
 * The candidate's API, its statements. The save is one statement (one round trip, one implicit
 * transaction): it checks that the part is open and locks it against a concurrent finish, records
 * the idempotency key, and replaces the stored answer only when the save is newer (`isNewerSave`,
 * written in SQL).
 */
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AssessmentStatus, AssessmentType, EntryType, ProctoringSettings, VideoQuestion } from '../../../src/domain/assessment';
import { estimatedMinutes } from '../../../src/domain/assessment';
import { SAVE_GRACE_MS, type AttemptPart, type AttemptPlan, type ExtraTime, type InvitationStatus, type PartKind, type SaveDecision, type SaveStamp } from '../../../src/domain/attempt';
import type { StoredAnswer, StoredQuestion } from '../../../src/domain/attemptQuestions';
import { seededShuffle } from '../../../src/domain/optionOrder';
import { namesOf, type NameTranslation } from '../../../src/domain/language';
import type { MediaKind, RecordedEventType } from '../../../src/domain/take';
import type { Database } from '../../db/types';

type Executor = Kysely<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const ms = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).getTime());
/** A timestamp as epoch milliseconds, for values read inside JSON (where they would be text). */
const epochMs = (column: string) => sql<number | null>`floor(extract(epoch from ${sql.ref(column)}) * 1000)::float8`;

// ---------------------------------------------------------------------------------------------
// The attempt

/** An invitation with its attempt, as the candidate's routes use it (never sent as it is: see state.ts). */
export interface AttemptRecord {
  id: string;
  tokenHash: string;
  assessmentId: string;
  clientId: string | null;
  candidateName: string;
  status: InvitationStatus;
  entryType: EntryType;
  seed: string;
  language: string | null;
  extraTime: ExtraTime | null;
  invitedAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  openedAt: number | null;
  startedAt: number | null;
  deadline: number | null;
  lastSeenAt: number | null;
  assessmentStatus: AssessmentStatus;
  /** In the flow's order. */
  parts: AttemptPart[];
}

/** One invitation and its parts, by its token's hash or its id, in one round trip. */
export async function loadAttempt(db: Executor, by: { tokenHash: string } | { id: string }): Promise<AttemptRecord | undefined> {
  const query = db
    .selectFrom('invitations as i')
    .innerJoin('candidates as c', 'c.id', 'i.candidateId')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .select([
      'i.id',
      'i.tokenHash',
      'i.assessmentId',
      'i.clientId',
      'c.name as candidateName',
      'i.status',
      'i.entryType',
      'i.seed',
      'i.language',
      'i.extraTime',
      'i.invitedAt',
      'i.expiresAt',
      'i.revokedAt',
      'i.openedAt',
      'i.startedAt',
      'i.deadline',
      'i.lastSeenAt',
      'a.status as assessmentStatus',
    ])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('attemptParts as p')
          .select(['p.partId', 'p.kind', 'p.testId', 'p.questionIds', 'p.durationSeconds'])
          .select([epochMs('p.started_at').as('startedAt'), epochMs('p.deadline').as('deadline'), epochMs('p.finished_at').as('finishedAt')])
          .whereRef('p.invitationId', '=', 'i.id')
          .orderBy('p.position'),
      ).as('parts'),
    );
  const row = await ('id' in by ? query.where('i.id', '=', by.id) : query.where('i.tokenHash', '=', by.tokenHash)).executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    extraTime: (row.extraTime as ExtraTime | null) ?? null,
    invitedAt: ms(row.invitedAt)!,
    expiresAt: ms(row.expiresAt),
    revokedAt: ms(row.revokedAt),
    openedAt: ms(row.openedAt),
    startedAt: ms(row.startedAt),
    deadline: ms(row.deadline),
    lastSeenAt: ms(row.lastSeenAt),
    parts: row.parts.map((p) => ({
      id: p.partId,
      kind: p.kind as PartKind,
      testId: p.testId,
      questionIds: p.questionIds,
      durationSeconds: p.durationSeconds,
      startedAt: p.startedAt,
      deadline: p.deadline,
      finishedAt: p.finishedAt,
    })),
  };
}

/** Records the first time the link was opened. */
export async function markOpened(db: Executor, invitationId: string, now: number): Promise<void> {
  await db.updateTable('invitations').set({ openedAt: new Date(now) }).where('id', '=', invitationId).where('openedAt', 'is', null).execute();
}

/** "Online" in the staff's lists: when each candidate's page was last heard from, many invitations in one statement. */
export async function recordLastSeen(db: Executor, seen: readonly (readonly [invitationId: string, at: number])[]): Promise<void> {
  if (!seen.length) return;
  const values = sql.join(seen.map(([id, at]) => sql`(${id}::uuid, ${new Date(at).toISOString()}::timestamptz)`));
  await sql`
    update invitations i set last_seen_at = v.at
    from (values ${values}) as v (id, at)
    where i.id = v.id and (i.last_seen_at is null or i.last_seen_at < v.at)
  `.execute(db);
}

/** A PENDING invitation whose link lapsed becomes EXPIRED. */
export async function expireInvitation(db: Executor, invitationId: string, now: number): Promise<void> {
  await db.updateTable('invitations').set({ status: 'EXPIRED', updatedAt: new Date(now) }).where('id', '=', invitationId).where('status', '=', 'PENDING').execute();
}

// ---------------------------------------------------------------------------------------------
// The assessment

export interface AssessmentInfo {
  id: string;
  name: string;
  description: string | null;
  /** Name and description in the other languages. */
  translations: NameTranslation[];
  type: AssessmentType;
  status: AssessmentStatus;
  clientId: string | null;
  languages: string[];
  totalTimeSeconds: number | null;
  validFrom: number | null;
  validUntil: number | null;
  proctoring: ProctoringSettings;
  videoQuestions: VideoQuestion[];
  /** Each test's name in every language it is written in, English first. */
  testNames: Record<string, NameTranslation[]>;
  estimatedMinutes: number;
  hasCoding: boolean;
}

/** An assessment as the candidate's routes need it, by id or by its public link's slug. */
export async function loadAssessment(db: Executor, by: { id: string } | { slug: string }): Promise<AssessmentInfo | undefined> {
  const base = db
    .selectFrom('assessments as a')
    .select(['a.id', 'a.name', 'a.description', 'a.translations', 'a.type', 'a.status', 'a.clientId', 'a.languages', 'a.totalTimeSeconds', 'a.validFrom', 'a.validUntil', 'a.proctoring', 'a.videoQuestions'])
    .select((eb) => [
      eb.selectFrom('assessmentQuestions as aq').select(eb.fn.countAll<number>().as('n')).whereRef('aq.assessmentId', '=', 'a.id').as('untimedQuestions'),
      // Coding questions anywhere in the assessment: in its tests' pools, or among its own questions.
      eb
        .exists(
          eb
            .selectFrom('questions as q')
            .select('q.id')
            .where('q.questionType', '=', 'CODING')
            .where((w) =>
              w.or([
                w('q.id', 'in', w.selectFrom('testQuestions as tq').innerJoin('assessmentTests as at', 'at.testId', 'tq.testId').select('tq.questionId').whereRef('at.assessmentId', '=', 'a.id')),
                w('q.id', 'in', w.selectFrom('assessmentQuestions as aq').select('aq.questionId').whereRef('aq.assessmentId', '=', 'a.id')),
              ]),
            ),
        )
        .as('hasCoding'),
    ]);
  const row = await ('id' in by ? base.where('a.id', '=', by.id) : base.where('a.publicSlug', '=', by.slug)).executeTakeFirst();
  if (!row) return undefined;
  const tests = await db
    .selectFrom('assessmentTests as at')
    .innerJoin('tests as t', 't.id', 'at.testId')
    .select(['t.id', 't.name', 't.translations', 't.durationSeconds'])
    .where('at.assessmentId', '=', row.id)
    .orderBy('at.position')
    .execute();
  const videoQuestions = (row.videoQuestions as VideoQuestion[] | null) ?? [];
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    translations: row.translations,
    type: row.type,
    status: row.status,
    clientId: row.clientId,
    languages: row.languages,
    totalTimeSeconds: row.totalTimeSeconds,
    validFrom: ms(row.validFrom),
    validUntil: ms(row.validUntil),
    proctoring: row.proctoring as ProctoringSettings,
    videoQuestions,
    testNames: Object.fromEntries(tests.map((t) => [t.id, namesOf(t)])),
    estimatedMinutes: estimatedMinutes(
      tests.map((t) => t.durationSeconds),
      Number(row.untimedQuestions ?? 0) + videoQuestions.length,
    ),
    hasCoding: !!row.hasCoding,
  };
}

/**
 * What a new attempt holds: the qualifying questions, each test's questions in the test's order (a
 * test with a draw gets that many of its pool, chosen by the attempt's seed and kept in the pool's
 * order; `buildParts` shuffles a test that shuffles), the custom questions, the video questions.
 */
export async function attemptPlan(db: Executor, assessment: Pick<AssessmentInfo, 'id' | 'videoQuestions'>, seed: string): Promise<AttemptPlan> {
  const own = await db
    .selectFrom('assessmentQuestions')
    .select(['questionId', 'kind'])
    .where('assessmentId', '=', assessment.id)
    .orderBy('kind')
    .orderBy('position')
    .execute();
  const tests = await db
    .selectFrom('assessmentTests as at')
    .innerJoin('tests as t', 't.id', 'at.testId')
    .select(['t.id', 't.durationSeconds', 't.shuffle', 't.drawCount'])
    .where('at.assessmentId', '=', assessment.id)
    .orderBy('at.position')
    .execute();
  const pools = tests.length
    ? await db
        .selectFrom('testQuestions')
        .select(['testId', 'questionId'])
        .where(
          'testId',
          'in',
          tests.map((t) => t.id),
        )
        .orderBy('testId')
        .orderBy('position')
        .execute()
    : [];
  return {
    qualifyingQuestionIds: own.filter((q) => q.kind === 'QUALIFYING').map((q) => q.questionId),
    customQuestionIds: own.filter((q) => q.kind === 'CUSTOM').map((q) => q.questionId),
    tests: tests.map((t) => {
      const pool = pools.filter((p) => p.testId === t.id).map((p) => p.questionId);
      const drawn = t.drawCount && t.drawCount < pool.length ? new Set(seededShuffle(pool, `${seed}:draw:${t.id}`).slice(0, t.drawCount)) : null;
      return { testId: t.id, questionIds: drawn ? pool.filter((id) => drawn.has(id)) : pool, durationSeconds: t.durationSeconds, shuffle: t.shuffle };
    }),
    videoQuestionIds: assessment.videoQuestions.map((v) => v.id),
  };
}

/** Bank and custom questions by id, as `candidateQuestion` reads them (ids that are not UUIDs name none). */
export async function loadQuestions(db: Executor, ids: readonly string[]): Promise<StoredQuestion[]> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return [];
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'title', 'questionType', 'details', 'answers', 'answerTitle', 'mediaType', 'mediaUrl', 'shuffle', 'isQualifying', 'coding'])
    .where('id', 'in', wanted)
    .execute();
  return rows.map((q) => ({ ...q, details: q.details as StoredQuestion['details'], answers: q.answers as StoredQuestion['answers'], coding: q.coding as StoredQuestion['coding'] }));
}

// ---------------------------------------------------------------------------------------------
// Saves

export interface SaveInput {
  invitationId: string;
  /** The token the save came with: a link given a new token (resend) saves nothing more, whatever a process remembers. */
  tokenHash: string;
  partId: string;
  questionId: string;
  answer: StoredAnswer;
  /** Already stamped (`stampSave`). */
  stamp: SaveStamp;
  receivedAt: number;
}

/** What the save statement answers per save (`n`, its place in the batch): whether the key was seen, the part open, the key new, and the answer inserted (true), replaced (false) or kept (null). */
export interface SaveRow {
  n: number;
  seen: number;
  open: number;
  fresh: number;
  inserted: boolean | null;
}

/**
 * The save statement for one or more saves (bench/take-save.ts sends the same text straight through
 * the driver). Per save it does what one save needs: checks the token and that the part is open (and
 * takes a shared lock on it: a finish, which updates the part, waits for this save, or this save sees
 * it finished), records the idempotency key, and upserts the answer only when the save is newer. No
 * two saves of one statement may name the same question or key of one attempt (`SaveBatcher` sees to
 * it): one statement cannot update a row twice.
 */
export function saveStatement(saves: readonly SaveInput[]) {
  const input = saves.map((save, n) => ({
    n,
    invitation_id: save.invitationId,
    token_hash: save.tokenHash,
    part_id: save.partId,
    question_id: save.questionId,
    answer: save.answer,
    idempotency_key: save.stamp.idempotencyKey,
    device_id: save.stamp.deviceId,
    seq: save.stamp.seq,
    saved_at: new Date(save.stamp.savedAt).toISOString(),
    grace_start: new Date(save.receivedAt - SAVE_GRACE_MS).toISOString(),
  }));
  return sql<SaveRow>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as s(
        n int, invitation_id uuid, token_hash text, part_id text, question_id text, answer jsonb,
        idempotency_key text, device_id text, seq bigint, saved_at timestamptz, grace_start timestamptz)
    ), seen as (
      select s.n from input s
      where exists (select 1 from answer_saves a where a.invitation_id = s.invitation_id and a.idempotency_key = s.idempotency_key)
    ), part as (
      select s.n from input s
      join attempt_parts p on p.invitation_id = s.invitation_id and p.part_id = s.part_id
      join invitations i on i.id = p.invitation_id
      where i.token_hash = s.token_hash and i.status = 'IN_PROGRESS'
        and p.started_at is not null and p.finished_at is null
        and (p.deadline is null or p.deadline >= s.grace_start)
      for share of p
    ), saved as (
      insert into answer_saves (invitation_id, idempotency_key, question_id)
      select s.invitation_id, s.idempotency_key, s.question_id from input s where s.n in (select n from part)
      order by s.invitation_id, s.question_id
      on conflict do nothing
      returning invitation_id, idempotency_key
    ), stored as (
      insert into answers as a (invitation_id, question_id, part_id, answer, idempotency_key, device_id, seq, saved_at)
      select s.invitation_id, s.question_id, s.part_id, s.answer, s.idempotency_key, s.device_id, s.seq, s.saved_at
      from input s join saved v on v.invitation_id = s.invitation_id and v.idempotency_key = s.idempotency_key
      order by s.invitation_id, s.question_id
      on conflict (invitation_id, question_id) do update set
        part_id = excluded.part_id, answer = excluded.answer, idempotency_key = excluded.idempotency_key, device_id = excluded.device_id,
        seq = excluded.seq, saved_at = excluded.saved_at, received_at = now(), evaluation = null
      -- isNewerSave: one device's own order, else the later action, else the larger key (byte order, as in JavaScript).
      where case
        when a.device_id = excluded.device_id and a.seq <> excluded.seq then excluded.seq > a.seq
        when a.saved_at <> excluded.saved_at then excluded.saved_at > a.saved_at
        else excluded.idempotency_key collate "C" > a.idempotency_key collate "C"
      end
      returning a.invitation_id, a.idempotency_key, (xmax = 0) as inserted
    )
    select s.n,
      (s.n in (select n from seen))::int as seen,
      (s.n in (select n from part))::int as open,
      (exists (select 1 from saved v where v.invitation_id = s.invitation_id and v.idempotency_key = s.idempotency_key))::int as fresh,
      (select t.inserted from stored t where t.invitation_id = s.invitation_id and t.idempotency_key = s.idempotency_key) as inserted
    from input s
    order by s.n
  `;
}

/**
 * What the server did with a save, from the statement's answer; null when the part is not open for it
 * (finished, past its deadline and grace, the attempt no longer in progress, or its link re-issued):
 * then nothing was written. A key seen before is a DUPLICATE whatever the part's state, so a retried save that was
 * stored is acknowledged.
 */
export function saveDecision(result: SaveRow): SaveDecision | null {
  if (result.seen > 0) return 'DUPLICATE';
  if (result.open === 0) return null;
  // The key arrived twice at once: the other save stored it.
  if (result.fresh === 0) return 'DUPLICATE';
  return result.inserted === null ? 'STALE' : result.inserted ? 'INSERT' : 'REPLACE';
}

/** Stores saves in one statement (see saveStatement): each one's decision, in their order. */
export async function storeSaves(db: Executor, saves: readonly SaveInput[]): Promise<(SaveDecision | null)[]> {
  const { rows } = await saveStatement(saves).execute(db);
  return rows.map(saveDecision);
}

/** Whether a save with this key was stored for this attempt. */
export async function saveSeen(db: Executor, invitationId: string, idempotencyKey: string): Promise<boolean> {
  return !!(await db.selectFrom('answerSaves').select('questionId').where('invitationId', '=', invitationId).where('idempotencyKey', '=', idempotencyKey).executeTakeFirst());
}

/** The stored answers of some of an attempt's parts (all when no part is named). */
export async function storedAnswers(db: Executor, invitationId: string, partIds?: readonly string[]): Promise<{ questionId: string; partId: string; answer: StoredAnswer; savedAt: Date }[]> {
  if (partIds && !partIds.length) return [];
  let query = db.selectFrom('answers').select(['questionId', 'partId', 'answer', 'savedAt']).where('invitationId', '=', invitationId);
  if (partIds) query = query.where('partId', 'in', partIds);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, answer: r.answer as StoredAnswer }));
}

// ---------------------------------------------------------------------------------------------
// Media and events

/** Recordings made per video question of an attempt (each take is one signed upload). */
export async function videoTakes(db: Executor, invitationId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('attemptMedia')
    .select(['questionId', (eb) => eb.fn.countAll<number>().as('takes')])
    .where('invitationId', '=', invitationId)
    .where('kind', '=', 'VIDEO_ANSWER')
    .groupBy('questionId')
    .execute();
  return Object.fromEntries(rows.filter((r) => r.questionId !== null).map((r) => [r.questionId!, Number(r.takes)]));
}

/** Snapshot tickets this attempt has been given. */
export async function snapshotTickets(db: Executor, invitationId: string): Promise<number> {
  const row = await db.selectFrom('attemptMedia').select((eb) => eb.fn.countAll<number>().as('n')).where('invitationId', '=', invitationId).where('kind', '=', 'SNAPSHOT').executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether an object key is a recording of this attempt's answer to this video question that has arrived. */
export async function isUploadedRecording(db: Executor, invitationId: string, questionId: string, objectKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('attemptMedia')
    .select('id')
    .where('objectKey', '=', objectKey)
    .where('invitationId', '=', invitationId)
    .where('questionId', '=', questionId)
    .where('kind', '=', 'VIDEO_ANSWER')
    .where('uploadedAt', 'is not', null)
    .executeTakeFirst();
  return !!row;
}

export interface NewMedia {
  invitationId: string;
  kind: MediaKind;
  questionId: string | null;
  objectKey: string;
  contentType: string;
  durationMs: number | null;
  /** Set at once when the storage cannot report arrivals (S3 takes exactly the signed size). */
  uploadedAt: Date | null;
}

export async function insertMedia(db: Executor, media: NewMedia): Promise<string> {
  const row = await db.insertInto('attemptMedia').values(media).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface NewEvent {
  key: string;
  type: RecordedEventType;
  occurredAt: number;
  partId?: string;
  questionId?: string;
  detail?: Record<string, string | number | boolean>;
}

/** Stores a batch of proctoring events once each (a retried batch adds nothing); answers how many were new. */
export async function insertEvents(db: Executor, invitationId: string, events: readonly NewEvent[]): Promise<number> {
  if (!events.length) return 0;
  const result = await db
    .insertInto('proctoringEvents')
    .values(
      events.map((e) => ({
        invitationId,
        eventKey: e.key,
        type: e.type,
        occurredAt: new Date(e.occurredAt),
        partId: e.partId ?? null,
        questionId: e.questionId ?? null,
        detail: e.detail ? JSON.stringify(e.detail) : null,
      })),
    )
    .onConflict((oc) => oc.columns(['invitationId', 'eventKey']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The public link

/** A candidate's invitation to an assessment, if any (one per candidate and assessment). */
export const invitationOf = (db: Executor, assessmentId: string, candidateId: string) =>
  db.selectFrom('invitations').select(['id', 'status', 'revokedAt']).where('assessmentId', '=', assessmentId).where('candidateId', '=', candidateId).executeTakeFirst();

/** Locks the attempt's row until the transaction ends: tickets asked for at once are counted one after the other. */
export const lockAttempt = (trx: Executor, id: string) => trx.selectFrom('invitations').select('id').where('id', '=', id).forUpdate().execute();
