/**
 * Jobs and hiring stages: the list's selection, a client's stages (created from the defaults on
 * first use), a job's board (cards with their stored scores and move histories) and the
 * candidates that may still be added to a job.
 */
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { DEFAULT_HIRING_STAGES } from '../../../src/domain/business';
import type { ApplicationSource, InvitationNote, ScreeningAnswer } from '../../../src/domain/careers';
import { JOB_MESSAGES } from '../../../src/domain/jobs';
import type { DB } from '../../db/index';
import type { Database, JobsTable } from '../../db/types';
import { recordAudit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { containsPattern } from '../../lib/rest';

type Db = Kysely<Database>;

/** A job with its client, location and assessment by name, and how many candidates it holds. */
export const selectJobs = (db: DB) =>
  db
    .selectFrom('jobs')
    .leftJoin('clients', 'clients.id', 'jobs.clientId')
    .leftJoin('locations', 'locations.id', 'jobs.locationId')
    .leftJoin('assessments', 'assessments.id', 'jobs.assessmentId')
    .select([
      'jobs.id',
      'jobs.title',
      'jobs.employmentType',
      'jobs.workMode',
      'jobs.notice',
      'jobs.experienceMin',
      'jobs.experienceMax',
      'jobs.locationId',
      'locations.name as locationName',
      'jobs.openings',
      'jobs.assessmentId',
      'assessments.name as assessmentName',
      'jobs.status',
      'jobs.clientId',
      'clients.name as clientName',
      'jobs.postedAt',
      'jobs.closedAt',
      'jobs.updatedAt',
    ])
    .select((eb) => eb.selectFrom('jobCandidates').select(eb.fn.countAll<string>().as('n')).whereRef('jobCandidates.jobId', '=', 'jobs.id').as('candidateCount'));

type JobListRow = Awaited<ReturnType<ReturnType<typeof selectJobs>['executeTakeFirstOrThrow']>>;
export const jobRow = (row: JobListRow) => ({ ...row, candidateCount: Number(row.candidateCount ?? 0) });

/** The job with its description and screening questions, as the edit form reads it. */
export async function findJob(db: Db, id: string) {
  const row = await selectJobs(db).select(['jobs.descriptionHtml', 'jobs.screeningQuestions']).where('jobs.id', '=', id).executeTakeFirst();
  return row ? { ...jobRow(row), descriptionHtml: row.descriptionHtml, screeningQuestions: row.screeningQuestions ?? [] } : undefined;
}
export type JobRecord = NonNullable<Awaited<ReturnType<typeof findJob>>>;

const stagesQuery = (db: Db, clientId: string) =>
  db.selectFrom('hiringStages').select(['id', 'name', 'position']).where('clientId', '=', clientId).orderBy('position').orderBy('createdAt');

/**
 * A client's stages in order; a client without any starts from DEFAULT_HIRING_STAGES. Two first
 * uses at once both insert: the unique name index keeps one set, the other's rows do nothing.
 */
export async function stagesOf(db: Db, clientId: string) {
  const rows = await stagesQuery(db, clientId).execute();
  if (rows.length) return rows;
  const now = new Date();
  await db
    .insertInto('hiringStages')
    .values(DEFAULT_HIRING_STAGES.map((name, position) => ({ clientId, name, position, updatedAt: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return stagesQuery(db, clientId).execute();
}

/** Each stage of a client with how many candidates (on any job) sit in it. */
export async function stagesWithCounts(db: Db, clientId: string) {
  const stages = await stagesOf(db, clientId);
  const counts = await db
    .selectFrom('jobCandidates')
    .select(['stageId', db.fn.countAll<string>().as('n')])
    .where('stageId', 'in', stages.map((s) => s.id))
    .groupBy('stageId')
    .execute();
  const byStage = new Map(counts.map((c) => [c.stageId, Number(c.n)]));
  return stages.map((s) => ({ ...s, clientId, candidateCount: byStage.get(s.id) ?? 0 }));
}

/** The cards of a job's board: the candidate, the attempt's status and stored score, the stage and place. */
export async function boardCards(db: Db, jobId: string) {
  const cards = await db
    .selectFrom('jobCandidates')
    .innerJoin('candidates', 'candidates.id', 'jobCandidates.candidateId')
    .leftJoin('invitations', 'invitations.id', 'jobCandidates.invitationId')
    .leftJoin('attemptScores', 'attemptScores.invitationId', 'jobCandidates.invitationId')
    .select([
      'jobCandidates.id',
      'jobCandidates.candidateId',
      'candidates.name',
      'candidates.email',
      'jobCandidates.invitationId',
      'invitations.status as invitationStatus',
      'attemptScores.percent',
      'attemptScores.band',
      'jobCandidates.stageId',
      'jobCandidates.position',
      'jobCandidates.addedAt',
      'jobCandidates.movedAt',
      'jobCandidates.source',
      'jobCandidates.screeningAnswers',
      'jobCandidates.invitationNote',
    ])
    // The résumé once it has arrived (an application's ticket may not have been used yet).
    .select((eb) =>
      eb
        .selectFrom('storedFiles')
        .select('storedFiles.objectKey')
        .whereRef('storedFiles.id', '=', 'jobCandidates.resumeFileId')
        .where('storedFiles.storedBytes', 'is not', null)
        .as('resumeKey'),
    )
    .where('jobCandidates.jobId', '=', jobId)
    .orderBy('jobCandidates.stageId')
    .orderBy('jobCandidates.position')
    .orderBy('jobCandidates.movedAt')
    .execute();
  const moves = cards.length
    ? await db
        .selectFrom('stageMoves')
        .leftJoin('hiringStages as fromStage', 'fromStage.id', 'stageMoves.fromStageId')
        .leftJoin('hiringStages as toStage', 'toStage.id', 'stageMoves.toStageId')
        .leftJoin('users', 'users.id', 'stageMoves.movedBy')
        .select(['stageMoves.id', 'stageMoves.jobCandidateId', 'fromStage.name as fromStage', 'toStage.name as toStage', 'users.name as movedBy', 'stageMoves.movedAt'])
        .where(
          'stageMoves.jobCandidateId',
          'in',
          cards.map((c) => c.id),
        )
        .orderBy('stageMoves.movedAt', 'desc')
        .execute()
    : [];
  return cards.map((card) => ({
    ...card,
    percent: card.percent === null || card.percent === undefined ? null : Number(card.percent),
    history: moves.filter((m) => m.jobCandidateId === card.id).map(({ jobCandidateId: _card, ...move }) => move),
  }));
}
export type BoardCard = Awaited<ReturnType<typeof boardCards>>[number];

/** What an application from the careers page adds to its card. */
export interface Application {
  source: ApplicationSource;
  resumeFileId?: string | null;
  screeningAnswers?: ScreeningAnswer[] | null;
  language?: string | null;
  invitationNote?: InvitationNote | null;
}

/**
 * Puts a candidate on a job's board in the client's first stage, with the history's first line
 * (from nowhere into that stage): a candidate the client's users add or invite, or one who applied
 * on the careers page (`application`, no user). 409 when the candidate is on the job already.
 */
export async function addCard(
  trx: Db,
  job: { id: string; clientId: string },
  card: { candidateId: string; invitationId: string | null; addedBy: string | null; application?: Application },
): Promise<string> {
  const first = (await stagesOf(trx, job.clientId))[0]!;
  const { application } = card;
  const row = await trx
    .insertInto('jobCandidates')
    .values({
      jobId: job.id,
      candidateId: card.candidateId,
      invitationId: card.invitationId,
      stageId: first.id,
      position: 0,
      addedBy: card.addedBy,
      ...(application && {
        source: application.source,
        resumeFileId: application.resumeFileId ?? null,
        screeningAnswers: application.screeningAnswers ? JSON.stringify(application.screeningAnswers) : null,
        applicationLanguage: application.language ?? null,
        invitationNote: application.invitationNote ?? null,
      }),
    })
    .onConflict((oc) => oc.columns(['jobId', 'candidateId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw conflict(JOB_MESSAGES.alreadyOnJob);
  await placeInColumn(trx, job.id, first.id, row.id, undefined);
  await trx.insertInto('stageMoves').values({ jobCandidateId: row.id, fromStageId: null, toStageId: first.id, movedBy: card.addedBy }).execute();
  await recordAudit(trx, {
    userId: card.addedBy,
    action: 'create',
    resource: 'job-candidates',
    recordId: row.id,
    after: { jobId: job.id, candidateId: card.candidateId, invitationId: card.invitationId, ...(application && { source: application.source }) },
  });
  return row.id;
}

/** Invitations to the job's assessment whose candidate is not on the job yet (the "add" picker), best scores first. */
export function invitableFor(db: Db, job: { id: string; clientId: string; assessmentId: string }, q: string | undefined) {
  let query = db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
    .leftJoin('attemptScores', 'attemptScores.invitationId', 'invitations.id')
    .select(['invitations.id as invitationId', 'candidates.id as candidateId', 'candidates.name', 'candidates.email', 'invitations.status', 'attemptScores.percent', 'attemptScores.band'])
    .where('invitations.assessmentId', '=', job.assessmentId)
    // A library assessment is invited to by several clients: only this job's client's candidates.
    .where('invitations.clientId', '=', job.clientId)
    .where('invitations.revokedAt', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('jobCandidates').select('jobCandidates.id').where('jobCandidates.jobId', '=', job.id).whereRef('jobCandidates.candidateId', '=', 'invitations.candidateId'))),
    );
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb('candidates.name', 'ilike', pattern), eb('candidates.email', 'ilike', pattern)]));
  }
  return query.orderBy(sql`attempt_scores.percent desc nulls last`).orderBy('candidates.name').limit(50).execute();
}

/**
 * Puts a card at a place in a stage's column and numbers the column 0, 1, 2…: a board holds tens of
 * cards per stage, so renumbering the column is cheaper to reason about than gaps.
 */
export async function placeInColumn(trx: Db, jobId: string, stageId: string, cardId: string, position: number | undefined) {
  const column = await trx
    .selectFrom('jobCandidates')
    .select('id')
    .where('jobId', '=', jobId)
    .where('stageId', '=', stageId)
    .where('id', '!=', cardId)
    .orderBy('position')
    .orderBy('movedAt')
    .execute();
  const ids = column.map((c) => c.id);
  ids.splice(Math.min(position ?? ids.length, ids.length), 0, cardId);
  for (const [index, id] of ids.entries()) await trx.updateTable('jobCandidates').set({ position: index }).where('id', '=', id).execute();
}

/** Jobs whose experience range takes `years` (a range without an upper end takes any). */
export const takingExperience = (query: ReturnType<typeof selectJobs>, years: number) =>
  query.where('jobs.experienceMin', '<=', years).where((eb) => eb.or([eb('jobs.experienceMax', 'is', null), eb('jobs.experienceMax', '>=', years)]));


/** The location's owner (null for a location every client shares). */
export const findLocationClient = (db: Db, id: string) => db.selectFrom('locations').select('clientId').where('id', '=', id).executeTakeFirst();

export async function insertJob(trx: Db, values: Insertable<JobsTable>): Promise<string> {
  const row = await trx.insertInto('jobs').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const updateJob = (trx: Db, id: string, values: Updateable<JobsTable>) => trx.updateTable('jobs').set(values).where('id', '=', id).execute();

export const deleteJob = (trx: Db, id: string) => trx.deleteFrom('jobs').where('id', '=', id).execute();

/**
 * Locks the job's row until the transaction ends: one move of a job's board at a time, so that two
 * people dragging never interleave the numbering.
 */
export const lockJob = (trx: Db, id: string) => trx.selectFrom('jobs').select('id').where('id', '=', id).forUpdate().execute();

// ---------------------------------------------------------------------------------------------
// Cards (a candidate on a job)

export const findCard = (db: Db, id: string) => db.selectFrom('jobCandidates').selectAll().where('id', '=', id).executeTakeFirst();

/** The candidate's card on the job, if there is one. */
export const findCardOfCandidate = (db: Db, jobId: string, candidateId: string) =>
  db.selectFrom('jobCandidates').select('id').where('jobId', '=', jobId).where('candidateId', '=', candidateId).executeTakeFirst();

/** The invitation a card would be made from, with what decides whether it may be. */
export const findInvitationForCard = (db: Db, id: string) =>
  db.selectFrom('invitations').select(['id', 'candidateId', 'assessmentId', 'clientId', 'revokedAt']).where('id', '=', id).executeTakeFirst();

/** The candidate's invitation to the assessment that has not been withdrawn. */
export const findLiveInvitationTo = (db: Db, assessmentId: string, candidateId: string) =>
  db.selectFrom('invitations').select('id').where('assessmentId', '=', assessmentId).where('candidateId', '=', candidateId).where('revokedAt', 'is', null).executeTakeFirst();

export const findCandidateContact = (db: Db, id: string) => db.selectFrom('candidates').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirstOrThrow();

/** The card's invitation once it is sent: the note that it was kept without one goes. */
export const setCardInvitation = (trx: Db, cardId: string, invitationId: string) =>
  trx.updateTable('jobCandidates').set({ invitationId, invitationNote: null }).where('id', '=', cardId).execute();

/** Moves a card into another stage and adds the move to its history. */
export async function moveCardToStage(trx: Db, card: { id: string; stageId: string }, toStageId: string, movedBy: string) {
  await trx.updateTable('jobCandidates').set({ stageId: toStageId, movedAt: new Date() }).where('id', '=', card.id).execute();
  await trx.insertInto('stageMoves').values({ jobCandidateId: card.id, fromStageId: card.stageId, toStageId, movedBy }).execute();
}

export const deleteCard = (trx: Db, id: string) => trx.deleteFrom('jobCandidates').where('id', '=', id).execute();

// ---------------------------------------------------------------------------------------------
// Hiring stages

export const findStage = (db: Db, id: string) => db.selectFrom('hiringStages').selectAll().where('id', '=', id).executeTakeFirst();

export const findStageClient = (db: Db, id: string) => db.selectFrom('hiringStages').select(['id', 'clientId']).where('id', '=', id).executeTakeFirst();

/** A stage of the client with this name in any case, other than `except`. */
export function findStageNamed(db: Db, clientId: string, name: string, except?: string) {
  let query = db.selectFrom('hiringStages').select('id').where('clientId', '=', clientId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except) query = query.where('id', '!=', except);
  return query.executeTakeFirst();
}

/** Some card sitting in the stage, if any. */
export const findCardInStage = (db: Db, stageId: string) => db.selectFrom('jobCandidates').select('id').where('stageId', '=', stageId).executeTakeFirst();

export const insertStage = (trx: Db, clientId: string, name: string, position: number) =>
  trx.insertInto('hiringStages').values({ clientId, name, position, updatedAt: new Date() }).returning(['id', 'name', 'position']).executeTakeFirstOrThrow();

/** Numbers the stages 0, 1, 2… in the order given. */
export async function reorderStages(trx: Db, ids: readonly string[]) {
  for (const [position, id] of ids.entries()) await trx.updateTable('hiringStages').set({ position, updatedAt: new Date() }).where('id', '=', id).execute();
}

export const renameStage = (trx: Db, id: string, name: string) => trx.updateTable('hiringStages').set({ name, updatedAt: new Date() }).where('id', '=', id).execute();

/** Deletes a stage and numbers the client's remaining stages 0, 1, 2… in their order. */
export async function deleteStage(trx: Db, id: string, remaining: readonly string[]) {
  await trx.deleteFrom('hiringStages').where('id', '=', id).execute();
  for (const [position, stageId] of remaining.entries()) await trx.updateTable('hiringStages').set({ position }).where('id', '=', stageId).execute();
}
