/**
 * Content library: languages, test types (primary skills) and their question types (secondary
 * skills) with report content per band, answer titles, questions with their history, tests.
 */
import { sql, type Kysely } from 'kysely';

const uuidPk = (c: any) => c.primaryKey().defaultTo(sql`gen_random_uuid()`);
const timestamps = (t: any) =>
  t
    .addColumn('created_at', 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`));

export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(
    db.schema
      .createTable('languages')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('icon_name', 'text')
      .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute();
  // English, Hindi and Bangla exist from the start, demo data or not.
  await sql`insert into languages (code, label, icon_name) values ('en', 'English', 'gb'), ('hi', 'Hindi', 'in'), ('bn', 'Bangla', 'bd')`.execute(db);

  await timestamps(
    db.schema
      .createTable('test_types')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await sql`create unique index test_types_label_key on test_types (category, lower(label))`.execute(db);

  await timestamps(
    db.schema
      .createTable('question_types')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('test_type_id', 'uuid', (c) => c.notNull().references('test_types.id').onDelete('cascade'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('thresholds', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"high":80,"moderateHigh":60,"moderate":40,"lowModerate":20}'::jsonb`))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await sql`create unique index question_types_label_key on question_types (test_type_id, lower(label))`.execute(db);

  await timestamps(
    db.schema
      .createTable('report_contents')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('question_type_id', 'uuid', (c) => c.notNull().references('question_types.id').onDelete('cascade'))
      .addColumn('band', 'text', (c) => c.notNull())
      .addColumn('language_id', 'uuid', (c) => c.notNull().references('languages.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .addUniqueConstraint('report_contents_key', ['question_type_id', 'band', 'language_id']),
  ).execute();

  await timestamps(
    db.schema
      .createTable('answer_titles')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false)),
  ).execute();
  await sql`create unique index answer_titles_label_key on answer_titles (lower(label))`.execute(db);
  await sql`insert into answer_titles (label, is_default) values ('Choose the option that relates with you the most', true)`.execute(db);

  await timestamps(
    db.schema
      .createTable('questions')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('question_type', 'text', (c) => c.notNull())
      .addColumn('test_type_id', 'uuid', (c) => c.references('test_types.id').onDelete('restrict'))
      .addColumn('secondary_skill_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('complexity', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('answer_title', 'text')
      .addColumn('media_type', 'text', (c) => c.notNull().defaultTo('TEXT'))
      .addColumn('media_url', 'text')
      .addColumn('shuffle', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('is_consistency_question', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_qualifying', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('coding', 'jsonb')
      .addColumn('max_points', 'numeric')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('rejection_reason', 'text')
      .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
      .addColumn('import_key', 'text', (c) => c.unique())
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('search_vector', sql`tsvector`, (c) => c.generatedAlwaysAs(sql`to_tsvector('simple', search_text)`).stored())
      .addColumn('published_at', 'timestamptz'),
  ).execute();
  await db.schema.createIndex('questions_list_idx').on('questions').columns(['test_type_id', 'status', 'updated_at']).execute();
  await db.schema.createIndex('questions_status_updated_idx').on('questions').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('questions_updated_idx').on('questions').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('questions_author_idx').on('questions').column('author_id').execute();
  await sql`create index questions_search_idx on questions using gin (search_vector)`.execute(db);

  await db.schema
    .createTable('question_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('reason', 'text')
    .addColumn('changes', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('question_history_question_idx').on('question_history').columns(['question_id', 'at']).execute();

  await timestamps(
    db.schema
      .createTable('tests')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('test_type_id', 'uuid', (c) => c.notNull().references('test_types.id').onDelete('restrict'))
      .addColumn('duration_seconds', 'integer', (c) => c.notNull())
      .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('shuffle', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('draw_count', 'integer')
      .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade')),
  ).execute();
  await db.schema.createIndex('tests_type_idx').on('tests').columns(['test_type_id', 'updated_at']).execute();

  await db.schema
    .createTable('test_questions')
    .addColumn('test_id', 'uuid', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('questions.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_questions_pkey', ['test_id', 'question_id'])
    .execute();
  await db.schema.createIndex('test_questions_question_idx').on('test_questions').column('question_id').execute();

  await db.schema
    .createTable('bulk_uploads')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('imported', 'integer', (c) => c.notNull())
    .addColumn('duplicates', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('report', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['bulk_uploads', 'test_questions', 'tests', 'question_history', 'questions', 'answer_titles', 'report_contents', 'question_types', 'test_types', 'languages']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
