/**
 * Scores (DESIGN.md section 6a): what scoring stores when an attempt completes, with the scoring
 * version that made it, so that reports, the comparison list and the item statistics read stored
 * figures and never recompute them from answers on a page.
 *
 * - attempt_scores: one row per scored attempt: the overall figure, its band, the integrity
 *   summary, and the whole AttemptScore (src/domain/scoring.ts) as detail.
 * - answer_scores: one row per question of a scored attempt (bank and custom questions): the points
 *   earned of the maximum, and the chosen answers. It replaces question_responses (which held the
 *   chosen answers without points): the question reports and item statistics read it.
 * - test_scores and skill_scores: per test and per secondary skill, for the comparison list's
 *   columns and filters ("High in Problem Solving") and the tests' statistics, by index.
 * - answer_reviews: a reviewer's points for a short-text answer; kept apart from the scores, which
 *   are rewritten on every rescoring.
 * - questions.consistency_of: a consistency question names the question it restates; the pair's
 *   answers are compared.
 */
import { sql, type Kysely } from 'kysely';
import * as questionResponses from './2026-11-22T12-00_question_responses';

const now = (c: any) => c.notNull().defaultTo(sql`now()`);
const invitation = (c: any) => c.notNull().references('invitations.id').onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('consistency_of', 'uuid', (c) => c.references('questions.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('attempt_scores')
    .addColumn('invitation_id', 'uuid', (c) => invitation(c).primaryKey())
    .addColumn('assessment_id', 'uuid', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    // The invitation's client (null: the provider's own), so that tenant scoping needs no join.
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('scoring_version', 'integer', (c) => c.notNull())
    .addColumn('earned', 'numeric', (c) => c.notNull())
    .addColumn('max_points', 'numeric', (c) => c.notNull())
    // Null when nothing scored was answered (only qualifying, video or unreviewed questions).
    .addColumn('percent', 'numeric')
    .addColumn('band', 'text')
    // False while short-text answers wait for a reviewer or coding answers for their hidden cases.
    .addColumn('complete', 'boolean', (c) => c.notNull())
    // NO_ISSUES, SOME_ISSUES, MAJOR_ISSUES
    .addColumn('integrity', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('scored_at', 'timestamptz', now)
    // When the inviting user was mailed that the attempt is scored: once per attempt, kept across rescoring.
    .addColumn('notified_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('attempt_scores_assessment_idx').on('attempt_scores').columns(['assessment_id', 'percent']).execute();
  await db.schema.createIndex('attempt_scores_version_idx').on('attempt_scores').column('scoring_version').execute();

  await db.schema
    .createTable('answer_scores')
    .addColumn('invitation_id', 'uuid', invitation)
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('part_id', 'text', (c) => c.notNull())
    // The library test the question was asked in (null: qualifying and custom questions).
    .addColumn('test_id', 'uuid', (c) => c.references('tests.id').onDelete('set null'))
    .addColumn('language', 'text')
    // The chosen answers' positions in the question's answers (0-based), in order for sorting questions.
    .addColumn('answer_indexes', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // SCORED, UNANSWERED, AWAITING_REVIEW, AWAITING_EVALUATION, NOT_SCORED (src/domain/scoring.ts)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('earned', 'numeric', (c) => c.notNull())
    .addColumn('max_points', 'numeric', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz')
    .addPrimaryKeyConstraint('answer_scores_pkey', ['invitation_id', 'question_id'])
    .execute();
  await db.schema.createIndex('answer_scores_question_idx').on('answer_scores').column('question_id').execute();
  await db.schema.createIndex('answer_scores_test_idx').on('answer_scores').columns(['test_id', 'question_id']).execute();

  await db.schema
    .createTable('test_scores')
    .addColumn('invitation_id', 'uuid', invitation)
    .addColumn('test_id', 'uuid', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('earned', 'numeric', (c) => c.notNull())
    .addColumn('max_points', 'numeric', (c) => c.notNull())
    .addColumn('percent', 'numeric')
    .addColumn('band', 'text')
    .addPrimaryKeyConstraint('test_scores_pkey', ['invitation_id', 'test_id'])
    .execute();
  await db.schema.createIndex('test_scores_test_idx').on('test_scores').column('test_id').execute();

  await db.schema
    .createTable('skill_scores')
    .addColumn('invitation_id', 'uuid', invitation)
    .addColumn('skill_id', 'uuid', (c) => c.notNull().references('question_types.id').onDelete('cascade'))
    .addColumn('percent', 'numeric')
    .addColumn('band', 'text')
    .addColumn('development_band', 'text')
    .addPrimaryKeyConstraint('skill_scores_pkey', ['invitation_id', 'skill_id'])
    .execute();
  await db.schema.createIndex('skill_scores_skill_band_idx').on('skill_scores').columns(['skill_id', 'band']).execute();

  await db.schema
    .createTable('answer_reviews')
    .addColumn('invitation_id', 'uuid', invitation)
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('points', 'numeric', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('reviewer_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('answer_reviews_pkey', ['invitation_id', 'question_id'])
    .execute();

  // answer_scores replaces it: the question reports and the item statistics read the scored answers.
  await db.schema.dropTable('question_responses').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // question_responses as the assessments migration left it.
  await questionResponses.up(db);
  await sql`alter table question_responses add constraint question_responses_invitation_fk foreign key (invitation_id) references invitations (id) on delete cascade`.execute(db);
  await db.schema.createIndex('question_responses_invitation_idx').on('question_responses').column('invitation_id').execute();
  for (const table of ['answer_reviews', 'skill_scores', 'test_scores', 'answer_scores', 'attempt_scores']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('questions').dropColumn('consistency_of').execute();
}
