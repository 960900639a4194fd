/** The interview scorecards' statements (ARCHITECTURE 4b). */
import { sql, type Kysely } from 'kysely';
import type { RatingInput } from '../../../src/domain/scorecards';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** Scorecards with their job's title and stage's name, and how many sheets are submitted on each. */
export function selectScorecards(db: Db) {
  return db
    .selectFrom('scorecards')
    .innerJoin('jobs', 'jobs.id', 'scorecards.jobId')
    .innerJoin('hiringStages', 'hiringStages.id', 'scorecards.stageId')
    .select([
      'scorecards.id',
      'scorecards.clientId',
      'scorecards.jobId',
      'jobs.title as jobTitle',
      'scorecards.stageId',
      'hiringStages.name as stageName',
      'scorecards.competencies',
      'scorecards.createdAt',
      'scorecards.updatedAt',
    ])
    .select(sql<number>`(select count(*)::int from scorecard_sheets s where s.scorecard_id = scorecards.id and s.submitted_at is not null)`.as('submittedCount'));
}
export type ScorecardRecord = NonNullable<Awaited<ReturnType<typeof findScorecard>>>;

export const findScorecard = (db: Db, id: string) => selectScorecards(db).where('scorecards.id', '=', id).executeTakeFirst();

/** The job's client and whether the stage is that client's (a scorecard joins the two). */
export async function jobAndStage(db: Db, jobId: string, stageId: string) {
  const job = await db.selectFrom('jobs').select(['id', 'clientId']).where('id', '=', jobId).executeTakeFirst();
  const stage = await db.selectFrom('hiringStages').select(['id', 'clientId']).where('id', '=', stageId).executeTakeFirst();
  return { job, stage };
}

export const stageTaken = (db: Db, jobId: string, stageId: string) =>
  db.selectFrom('scorecards').select('id').where('jobId', '=', jobId).where('stageId', '=', stageId).executeTakeFirst();

export async function insertScorecard(db: Db, values: { clientId: string | null; jobId: string; stageId: string; competencies: { id: string; name: string }[]; createdBy: string }) {
  const row = await db
    .insertInto('scorecards')
    .values({ ...values, competencies: JSON.stringify(values.competencies) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const setCompetencies = (db: Db, id: string, competencies: { id: string; name: string }[]) =>
  db.updateTable('scorecards').set({ competencies: JSON.stringify(competencies), updatedAt: new Date() }).where('id', '=', id).execute();

/** Whether anyone has rated on the scorecard (a draft counts: its competencies are in use). */
export const hasSheets = async (db: Db, scorecardId: string) =>
  !!(await db.selectFrom('scorecardSheets').select('id').where('scorecardId', '=', scorecardId).limit(1).executeTakeFirst());

export const deleteScorecard = (db: Db, id: string) => db.deleteFrom('scorecards').where('id', '=', id).execute();

/** A card on the scorecard's job, with the candidate's name and test score. */
export async function findCardOnJob(db: Db, cardId: string, jobId: string) {
  const card = await db
    .selectFrom('jobCandidates')
    .innerJoin('candidates', 'candidates.id', 'jobCandidates.candidateId')
    .leftJoin('attemptScores', 'attemptScores.invitationId', 'jobCandidates.invitationId')
    .select(['jobCandidates.id as cardId', 'candidates.name', 'attemptScores.percent', 'attemptScores.band'])
    .where('jobCandidates.id', '=', cardId)
    .where('jobCandidates.jobId', '=', jobId)
    .executeTakeFirst();
  return card && { ...card, percent: card.percent === null || card.percent === undefined ? null : Number(card.percent) };
}

/** Every interviewer's sheet for one candidate on one scorecard, with the interviewer's name. */
export function sheetsFor(db: Db, scorecardId: string, cardId: string) {
  return db
    .selectFrom('scorecardSheets')
    .innerJoin('users', 'users.id', 'scorecardSheets.interviewerId')
    .select(['scorecardSheets.interviewerId', 'users.name as interviewerName', 'scorecardSheets.ratings', 'scorecardSheets.note', 'scorecardSheets.submittedAt', 'scorecardSheets.updatedAt'])
    .where('scorecardSheets.scorecardId', '=', scorecardId)
    .where('scorecardSheets.jobCandidateId', '=', cardId)
    .orderBy('scorecardSheets.submittedAt')
    .execute();
}

/** The caller's sheet, locked for the rest of the transaction (a submit and a save at once: one wins whole). */
export const lockSheet = (db: Db, scorecardId: string, cardId: string, interviewerId: string) =>
  db
    .selectFrom('scorecardSheets')
    .select(['id', 'submittedAt'])
    .where('scorecardId', '=', scorecardId)
    .where('jobCandidateId', '=', cardId)
    .where('interviewerId', '=', interviewerId)
    .forUpdate()
    .executeTakeFirst();

/** Writes the caller's sheet (a draft, or submitted now). */
export async function saveSheet(db: Db, keys: { scorecardId: string; cardId: string; interviewerId: string }, input: Omit<RatingInput, 'submit'>, submittedAt: Date | null) {
  const now = new Date();
  await db
    .insertInto('scorecardSheets')
    .values({ scorecardId: keys.scorecardId, jobCandidateId: keys.cardId, interviewerId: keys.interviewerId, ratings: JSON.stringify(input.ratings), note: input.note, submittedAt, updatedAt: now })
    .onConflict((oc) => oc.constraint('scorecard_sheets_one_per_interviewer').doUpdateSet({ ratings: JSON.stringify(input.ratings), note: input.note, submittedAt, updatedAt: now }))
    .execute();
}
