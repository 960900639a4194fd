/**
 * Interview scorecards (ARCHITECTURE 4b): a job's stage names the competencies its interviewers
 * rate ([{id, name}], at most 12), one scorecard per job and stage; each interviewer's sheet for a
 * candidate on the job holds a 1–5 rating and a note per competency, a draft until submitted. A
 * sheet goes with its card (the candidate leaving the job), its scorecard (the route refuses to
 * delete a rated one; the job's deletion takes both) and its interviewer's account.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scorecards')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('stage_id', 'uuid', (c) => c.notNull().references('hiring_stages.id').onDelete('cascade'))
    .addColumn('competencies', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('scorecards_job_stage_key', ['job_id', 'stage_id'])
    .execute();
  await db.schema.createIndex('scorecards_client_idx').on('scorecards').column('client_id').execute();

  await db.schema
    .createTable('scorecard_sheets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('scorecard_id', 'uuid', (c) => c.notNull().references('scorecards.id').onDelete('cascade'))
    .addColumn('job_candidate_id', 'uuid', (c) => c.notNull().references('job_candidates.id').onDelete('cascade'))
    .addColumn('interviewer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // [{competencyId, rating: 1-5 | null, note}]
    .addColumn('ratings', 'jsonb', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('scorecard_sheets_one_per_interviewer', ['scorecard_id', 'job_candidate_id', 'interviewer_id'])
    .execute();
  await db.schema.createIndex('scorecard_sheets_card_idx').on('scorecard_sheets').columns(['job_candidate_id', 'scorecard_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scorecard_sheets').execute();
  await db.schema.dropTable('scorecards').execute();
}
