/**
 * Candidates' answers to questions, one row per answer given: what the question reports count.
 * The candidate flow (a later issue) writes them; invitation_id gets its foreign key with the
 * invitations table.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_responses')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('invitation_id', 'uuid')
    .addColumn('language', 'text')
    // The chosen answers' positions in the question's answers (0-based), in order for sorting questions.
    .addColumn('answer_indexes', sql`integer[]`, (c) => c.notNull())
    .addColumn('points', 'numeric')
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('question_responses_question_idx').on('question_responses').column('question_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('question_responses').ifExists().execute();
}
