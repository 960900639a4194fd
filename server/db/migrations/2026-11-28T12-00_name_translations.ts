/**
 * Assessments, tests and sub-skills named in more than one language: their English name (and
 * description) stay in their own columns (lists search and sort them), the other languages' beside
 * them as [{language, name, description}], as questions keep their text per language.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['assessments', 'tests', 'question_types']) {
    await db.schema
      .alterTable(table)
      .addColumn('translations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['assessments', 'tests', 'question_types']) await db.schema.alterTable(table).dropColumn('translations').execute();
}
