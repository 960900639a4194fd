/**
 * Careers pages' queries: an active client by its careers address, its open jobs with what the pages
 * show, who at the client hears of applications left without an invitation, and whether they heard
 * of one lately; the résumés that go with their cards.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { LocalStorage, type Storage } from '../../lib/storage';

type Db = Kysely<Database>;

/** An active client by its careers address, with its logo once uploaded. */
export async function clientBySlug(db: Db, slug: string) {
  return db
    .selectFrom('clients')
    .leftJoin('storedFiles', (join) => join.onRef('storedFiles.id', '=', 'clients.logoFileId').on('storedFiles.storedBytes', 'is not', null))
    .select(['clients.id', 'clients.name', 'clients.slug', 'clients.website', 'clients.city', 'clients.state', 'clients.country', 'storedFiles.objectKey as logoKey'])
    .where('clients.slug', '=', slug)
    .where('clients.status', '=', 'ACTIVE')
    .executeTakeFirst();
}
export type CareersClient = NonNullable<Awaited<ReturnType<typeof clientBySlug>>>;

const openJobsOf = (db: Db, clientId: string) =>
  db
    .selectFrom('jobs')
    .leftJoin('locations', 'locations.id', 'jobs.locationId')
    .select([
      'jobs.id',
      'jobs.title',
      'jobs.descriptionHtml',
      'jobs.employmentType',
      'jobs.workMode',
      'jobs.notice',
      'jobs.experienceMin',
      'jobs.experienceMax',
      'jobs.openings',
      'jobs.postedAt',
      'jobs.updatedAt',
      'jobs.assessmentId',
      'jobs.screeningQuestions',
      'jobs.postedBy',
      'locations.name as locationName',
      'locations.city as locationCity',
      'locations.state as locationState',
      'locations.country as locationCountry',
    ])
    .where('jobs.clientId', '=', clientId)
    .where('jobs.status', '=', 'OPEN');

/** A client's open jobs, newest first. */
export const openJobs = (db: Db, clientId: string) => openJobsOf(db, clientId).orderBy('jobs.postedAt', 'desc').orderBy('jobs.id').limit(500).execute();

/** One open job of a client; a closed job, or another client's, is none. */
export const openJob = (db: Db, clientId: string, jobId: string) => openJobsOf(db, clientId).where('jobs.id', '=', jobId).executeTakeFirst();
export type CareersJob = NonNullable<Awaited<ReturnType<typeof openJob>>>;

/** The client's job whether open or not (a closed one answers 410 rather than 404). */
export const findClientJob = (db: Db, clientId: string, jobId: string) => db.selectFrom('jobs').select('id').where('id', '=', jobId).where('clientId', '=', clientId).executeTakeFirst();

/** Whom to tell about a job's applicants: the client's own account(s) and whoever posted the job, active. */
export async function jobManagers(db: Db, job: { clientId: string; postedBy: string | null }) {
  return db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('clientId', '=', job.clientId)
    .where('isActive', '=', true)
    .where((eb) => eb.or([eb('role', '=', 'CLIENT'), ...(job.postedBy ? [eb('id', '=', job.postedBy)] : [])]))
    .orderBy('email')
    .limit(20)
    .execute();
}

/** Whether another application to the job was left without an invitation (no credits) in the last day: the client was told then. */
export async function toldOfNoCreditsLately(db: Db, jobId: string, exceptCardId: string) {
  const row = await db
    .selectFrom('jobCandidates')
    .select('id')
    .where('jobId', '=', jobId)
    .where('invitationNote', '=', 'NO_CREDITS')
    .where('id', '!=', exceptCardId)
    .where('addedAt', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return !!row;
}

/** The résumés held by the cards a deletion is about to take: a candidate's (erasure), a job's, or one card's. */
export function resumesOf(db: Db, of: { candidateId: string } | { jobId: string } | { cardId: string }) {
  let query = db.selectFrom('jobCandidates').innerJoin('storedFiles', 'storedFiles.id', 'jobCandidates.resumeFileId').select(['storedFiles.id', 'storedFiles.objectKey']);
  if ('candidateId' in of) query = query.where('jobCandidates.candidateId', '=', of.candidateId);
  else if ('jobId' in of) query = query.where('jobCandidates.jobId', '=', of.jobId);
  else query = query.where('jobCandidates.id', '=', of.cardId);
  return query.execute();
}

/**
 * Erases résumés whose cards are gone (after the deletion's commit): the file and its record on
 * local disk. An S3 bucket's object cannot be deleted by this server yet: its record stays, held by
 * no card, for the retention work to come (ARCHITECTURE 7d).
 */
export async function eraseResumes(db: Db, storage: Storage, files: readonly { id: string; objectKey: string }[]) {
  if (!(storage instanceof LocalStorage)) return;
  for (const file of files) {
    await storage.remove(file.objectKey);
    await db.deleteFrom('storedFiles').where('id', '=', file.id).execute();
  }
}
