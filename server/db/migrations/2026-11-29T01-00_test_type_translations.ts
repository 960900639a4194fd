/**
 * Primary skills (test types) named in more than one language, as their sub-skills, tests and
 * assessments are: the English name stays in `label`, the others beside it as
 * [{language, name, description}]. The report's "by test type" and the skill lists read them.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('test_types')
    .addColumn('translations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_types').dropColumn('translations').execute();
}
