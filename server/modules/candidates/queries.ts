/** Candidates and their invitations: list rows, one record, and an attempt's progress, evidence and timeline. */
import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import { ONLINE_WINDOW_MS } from '../../../src/domain/assessment';
import type { DB } from '../../db/index';
import type { ExtraTime } from '../../../src/domain/attempt';
import type { CandidatesTable, Database } from '../../db/types';
import { attemptBegun } from '../assessments/queries';

type Db = Kysely<Database>;

/** The people list: each candidate with their client's name, how often and when last invited. */
export const selectCandidates = (db: DB) =>
  db
    .selectFrom('candidates')
    .leftJoin('clients', 'clients.id', 'candidates.clientId')
    .select([
      'candidates.id',
      'candidates.name',
      'candidates.email',
      'candidates.phone',
      'candidates.clientId',
      'clients.name as clientName',
      'candidates.userId',
      'candidates.createdAt',
      'candidates.updatedAt',
    ])
    .select((eb) => [
      eb.selectFrom('invitations').select(eb.fn.countAll<string>().as('n')).whereRef('invitations.candidateId', '=', 'candidates.id').as('invitationCount'),
      eb.selectFrom('invitations').select((sub) => sub.fn.max('invitations.invitedAt').as('at')).whereRef('invitations.candidateId', '=', 'candidates.id').as('lastInvitedAt'),
    ]);

type CandidateListRow = Awaited<ReturnType<ReturnType<typeof selectCandidates>['executeTakeFirstOrThrow']>>;
export const candidateRow = (row: CandidateListRow) => ({ ...row, invitationCount: Number(row.invitationCount ?? 0) });

/** Invitations with their candidate and assessment named (the /candidate screen's rows). */
export const selectInvitations = (db: Db) =>
  db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
    .innerJoin('assessments', 'assessments.id', 'invitations.assessmentId')
    .select([
      'invitations.id',
      'invitations.candidateId',
      'candidates.name as candidateName',
      'candidates.email as candidateEmail',
      'invitations.assessmentId',
      'assessments.name as assessmentName',
      'assessments.type as assessmentType',
      'invitations.clientId',
      'invitations.entryType',
      'invitations.status',
      'invitations.language',
      'invitations.invitedAt',
      'invitations.mailedAt',
      'invitations.openedAt',
      'invitations.startedAt',
      'invitations.completedAt',
      'invitations.disqualifiedAt',
      'invitations.expiresAt',
      'invitations.revokedAt',
      'invitations.lastSeenAt',
      'invitations.extraTime',
    ]);

export type InvitationListRow = Awaited<ReturnType<ReturnType<typeof selectInvitations>['executeTakeFirstOrThrow']>>;

/** Seen by the candidate's page within the online window: "Online" in the list. */
export const onlineSince = (now = Date.now()) => new Date(now - ONLINE_WINDOW_MS);

/** A row as the API answers it: `online` when the attempt is under way and its page was heard from within the window. */
export const invitationRow = (row: InvitationListRow, since = onlineSince()) => ({
  ...row,
  online: row.status === 'IN_PROGRESS' && !!row.lastSeenAt && row.lastSeenAt >= since,
});

export const findInvitation = (db: Db, id: string) => selectInvitations(db).where('invitations.id', '=', id).executeTakeFirst();

/** Notes that the invitation's mail is on its way (queued in the same transaction), now or at `at`. */
export const markInvitationMailed = (trx: Db, id: string, at: Date = new Date()) => trx.updateTable('invitations').set({ mailedAt: at }).where('id', '=', id).execute();

/** Whether any invitation of a candidate has begun (then the candidate stays, as evidence of the attempt). */
export async function candidateHasBegun(db: Db, candidateId: string): Promise<boolean> {
  return !!(await db.selectFrom('invitations').select('id').where('candidateId', '=', candidateId).where(attemptBegun).limit(1).executeTakeFirst());
}

/** An attempt's parts in order, with the test's name and how many of the part's questions hold an answer. */
export const partsOf = (db: Db, invitationId: string) =>
  db
    .selectFrom('attemptParts')
    .leftJoin('tests', 'tests.id', 'attemptParts.testId')
    .select([
      'attemptParts.partId',
      'attemptParts.kind',
      'tests.name as testName',
      'attemptParts.questionIds',
      'attemptParts.durationSeconds',
      'attemptParts.startedAt',
      'attemptParts.deadline',
      'attemptParts.finishedAt',
    ])
    .select((eb) =>
      eb
        .selectFrom('answers')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('answers.invitationId', '=', 'attemptParts.invitationId')
        .whereRef('answers.partId', '=', 'attemptParts.partId')
        .as('answeredCount'),
    )
    .where('attemptParts.invitationId', '=', invitationId)
    .orderBy('attemptParts.position')
    .execute();

export const answersOf = (db: Db, invitationId: string) =>
  db
    .selectFrom('answers')
    .select(['questionId', 'partId', 'answer', 'savedAt'])
    .where('invitationId', '=', invitationId)
    .orderBy('savedAt')
    .orderBy('questionId')
    .execute();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Titles and types of the bank and custom questions among some ids (video questions' ids are the assessment's own). */
export async function questionTitles(db: Db, ids: readonly string[]): Promise<Map<string, { title: string; questionType: string }>> {
  const uuids = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (!uuids.length) return new Map();
  const rows = await db.selectFrom('questions').select(['id', 'title', 'questionType']).where('id', 'in', uuids).execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, questionType: r.questionType }]));
}

export const mediaOf = (db: Db, invitationId: string) =>
  db
    .selectFrom('attemptMedia')
    .select(['id', 'kind', 'questionId', 'objectKey', 'contentType', 'durationMs', 'takenAt', 'uploadedAt'])
    .where('invitationId', '=', invitationId)
    .orderBy('takenAt')
    .orderBy('id')
    .execute();

export const eventsOf = (db: Db, invitationId: string) =>
  db
    .selectFrom('proctoringEvents')
    .select(['type', 'occurredAt', 'partId', 'questionId', 'detail'])
    .where('invitationId', '=', invitationId)
    .orderBy('occurredAt')
    .orderBy('id')
    .execute();

export const assessmentOf = (db: Db, assessmentId: string) =>
  db.selectFrom('assessments').select(['id', 'name', 'type', 'status', 'clientId', 'languages', 'validUntil', 'videoQuestions']).where('id', '=', assessmentId).executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Candidates (people)

/** One candidate as a list row. */
export const findCandidateRow = (db: Db, id: string) => selectCandidates(db).where('candidates.id', '=', id).executeTakeFirst();

/** A candidate's contact details, as an attempt's record shows them. */
export const findCandidateDetails = (db: Db, id: string) => db.selectFrom('candidates').select(['id', 'name', 'email', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();

export const insertCandidate = (trx: Db, values: Insertable<CandidatesTable>) => trx.insertInto('candidates').values(values).returningAll().executeTakeFirstOrThrow();

export const updateCandidate = (trx: Db, id: string, values: Updateable<CandidatesTable>) =>
  trx.updateTable('candidates').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Deletes a candidate; their unopened invitations and their cards on jobs go with them (the foreign keys cascade). */
export const deleteCandidate = (trx: Db, id: string) => trx.deleteFrom('candidates').where('id', '=', id).execute();

// ---------------------------------------------------------------------------------------------
// Invitations

/** A candidate's invitations as list rows, the latest first. */
export const invitationsOfCandidate = (db: Db, candidateId: string) =>
  selectInvitations(db).where('invitations.candidateId', '=', candidateId).orderBy('invitations.invitedAt', 'desc').execute();

/** The candidate's invitation to the assessment, withdrawn or not. */
export const findInvitationTo = (db: Db, assessmentId: string, candidateId: string) =>
  db.selectFrom('invitations').select('id').where('assessmentId', '=', assessmentId).where('candidateId', '=', candidateId).executeTakeFirst();

/**
 * The list's level filter: `online` taking an assessment right now (its page heard from since
 * `since`), `offline` every other, none for all.
 */
export const levelCondition = (level: 'online' | 'offline' | undefined, since: Date) => (eb: ExpressionBuilder<any, any>) =>
  level === 'online'
    ? [eb('invitations.status', '=', 'IN_PROGRESS'), eb('invitations.lastSeenAt', '>=', since)]
    : level === 'offline'
      ? [eb.or([eb('invitations.status', '<>', 'IN_PROGRESS'), eb('invitations.lastSeenAt', 'is', null), eb('invitations.lastSeenAt', '<', since)])]
      : [];

/** A resent invitation: mailed again now. */
export const markInvitationResent = (trx: Db, id: string) => trx.updateTable('invitations').set({ mailedAt: new Date(), updatedAt: new Date() }).where('id', '=', id).execute();

/** A new expiry; `reopen` puts a lapsed invitation back to PENDING. */
export const setInvitationExpiry = (trx: Db, id: string, expiresAt: Date, reopen: boolean) =>
  trx
    .updateTable('invitations')
    .set({ expiresAt, ...(reopen ? { status: 'PENDING' as const } : {}), updatedAt: new Date() })
    .where('id', '=', id)
    .execute();

export const setExtraTime = (trx: Db, id: string, extraTime: ExtraTime | null) =>
  trx
    .updateTable('invitations')
    .set({ extraTime: extraTime ? JSON.stringify(extraTime) : null, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
