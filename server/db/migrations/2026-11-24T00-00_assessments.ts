/**
 * Assessments and the candidate's flow (DESIGN.md sections 5 and 6): assessments built from tests,
 * candidates and their invitations (each with its own secret link, stored as a hash), the parts
 * and answers of each attempt, media (video answers, snapshots) and proctoring events.
 */
import { sql, type Kysely } from 'kysely';

const uuidPk = (c: any) => c.primaryKey().defaultTo(sql`gen_random_uuid()`);
const now = (c: any) => c.notNull().defaultTo(sql`now()`);

export async function up(db: Kysely<any>): Promise<void> {
  // Questions a client writes for its own assessments (never in the provider's bank) carry its client_id
  // and this origin; the bank's lists show only origin BANK.
  await db.schema.alterTable('questions').addColumn('origin', 'text', (c) => c.notNull().defaultTo('BANK')).execute();

  await db.schema
    .createTable('assessments')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // INVITED, PUBLIC_LINK, SELF
    .addColumn('type', 'text', (c) => c.notNull())
    // DRAFT, ACTIVE, CLOSED
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DRAFT'))
    // Null: the provider's library; else the client that owns it.
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('languages', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{en}'`))
    .addColumn('total_time_seconds', 'integer')
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_until', 'timestamptz')
    // { cameraRequired, microphoneRequired, snapshotIntervalSeconds, fullScreenRequired, pasteAllowed }
    .addColumn('proctoring', 'jsonb', (c) => c.notNull())
    // [{ id, videoType: 'INTRO', prompt: [{language, detail}], maxSeconds, retakes }]
    .addColumn('video_questions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The public link's slug (PUBLIC_LINK only): shareable by design, so kept as it is.
    .addColumn('public_slug', 'text', (c) => c.unique())
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('copied_from', 'uuid', (c) => c.references('assessments.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('assessments_client_idx').on('assessments').columns(['client_id', 'updated_at']).execute();

  await db.schema
    .createTable('assessment_tests')
    .addColumn('assessment_id', 'uuid', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('test_id', 'uuid', (c) => c.notNull().references('tests.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('assessment_tests_pkey', ['assessment_id', 'test_id'])
    .execute();
  await db.schema.createIndex('assessment_tests_test_idx').on('assessment_tests').column('test_id').execute();

  // Qualifying and custom questions of an assessment, in order within their kind.
  await db.schema
    .createTable('assessment_questions')
    .addColumn('assessment_id', 'uuid', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('questions.id').onDelete('restrict'))
    // QUALIFYING or CUSTOM
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('assessment_questions_pkey', ['assessment_id', 'question_id'])
    .execute();
  await db.schema.createIndex('assessment_questions_question_idx').on('assessment_questions').column('question_id').execute();

  await db.schema
    .createTable('candidates')
    .addColumn('id', 'uuid', uuidPk)
    // Null: the provider's own candidates.
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    // Self Assessment: the signed-in USER who is this candidate.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  // One person per email within a tenant.
  await sql`create unique index candidates_tenant_email_key on candidates (coalesce(client_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(email))`.execute(db);
  await db.schema.createIndex('candidates_client_idx').on('candidates').columns(['client_id', 'created_at']).execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('assessment_id', 'uuid', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('candidate_id', 'uuid', (c) => c.notNull().references('candidates.id').onDelete('cascade'))
    // The tenant (the candidate's client), copied here so that lists scope without a join.
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    // INVITE, PUBLIC, TEST
    .addColumn('entry_type', 'text', (c) => c.notNull())
    // PENDING, IN_PROGRESS, COMPLETED, EXPIRED, DISQUALIFIED
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    // sha256 of the secret link's token (at least 128 random bits); the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The seed of this attempt's shuffles (random, never shown).
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    // { percent } or { minutes }, for accommodations.
    .addColumn('extra_time', 'jsonb')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invited_at', 'timestamptz', now)
    .addColumn('mailed_at', 'timestamptz')
    .addColumn('opened_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    // The whole assessment's deadline where it has a total time.
    .addColumn('deadline', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('disqualified_at', 'timestamptz')
    // The last request of the candidate's page: "online" in the candidates list means within the last minute.
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('invitations_assessment_candidate_key').on('invitations').columns(['assessment_id', 'candidate_id']).unique().execute();
  await db.schema.createIndex('invitations_candidate_idx').on('invitations').column('candidate_id').execute();
  await db.schema.createIndex('invitations_client_idx').on('invitations').columns(['client_id', 'invited_at']).execute();
  await db.schema.createIndex('invitations_seen_idx').on('invitations').column('last_seen_at').execute();
  // The sweep that closes overdue attempts reads only those in progress.
  await sql`create index invitations_in_progress_idx on invitations (id) where status = 'IN_PROGRESS'`.execute(db);
  // The provider's invitations list, newest first, across clients.
  await db.schema.createIndex('invitations_invited_idx').on('invitations').column('invited_at').execute();
  // expireLapsed: the PENDING invitations whose link has lapsed, found without reading the others.
  await sql`create index invitations_pending_expiry_idx on invitations (expires_at) where status = 'PENDING'`.execute(db);

  // The parts of an attempt: qualifying, custom, each test, video; created when the attempt starts.
  await db.schema
    .createTable('attempt_parts')
    .addColumn('invitation_id', 'uuid', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    // qualifying, test:<testId>, custom, video
    .addColumn('part_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('test_id', 'uuid', (c) => c.references('tests.id').onDelete('set null'))
    // In this attempt's (seeded) order; text because video questions' ids are the assessment's own.
    .addColumn('question_ids', sql`text[]`, (c) => c.notNull())
    .addColumn('duration_seconds', 'integer')
    .addColumn('started_at', 'timestamptz')
    .addColumn('deadline', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addPrimaryKeyConstraint('attempt_parts_pkey', ['invitation_id', 'part_id'])
    .execute();
  // Parts still open with a deadline: what the sweep closes once their time (and grace) is over.
  await sql`create index attempt_parts_open_deadline_idx on attempt_parts (deadline) where finished_at is null and deadline is not null`.execute(db);

  // The answer each question holds now: one row per question, the newest save wins.
  await db.schema
    .createTable('answers')
    .addColumn('invitation_id', 'uuid', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('part_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', now)
    // Coding: the results of the hidden cases, run when the part closes.
    .addColumn('evaluation', 'jsonb')
    .addPrimaryKeyConstraint('answers_pkey', ['invitation_id', 'question_id'])
    .execute();
  // Coding answers of closed parts whose hidden cases have not run yet (a restart picks them up).
  await sql`create index answers_evaluation_pending_idx on answers (invitation_id) where evaluation->>'status' = 'pending'`.execute(db);

  // Every save acknowledged, by idempotency key: a save sent twice is stored once.
  await db.schema
    .createTable('answer_saves')
    .addColumn('invitation_id', 'uuid', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('answer_saves_pkey', ['invitation_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('attempt_media')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('invitation_id', 'uuid', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    // VIDEO_ANSWER or SNAPSHOT
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text')
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('taken_at', 'timestamptz', now)
    .addColumn('uploaded_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('attempt_media_invitation_idx').on('attempt_media').columns(['invitation_id', 'taken_at']).execute();
  // An upload's arrival is recorded by its key; a key belongs to one attempt.
  await db.schema.createIndex('attempt_media_object_key').on('attempt_media').column('object_key').unique().execute();

  await db.schema
    .createTable('proctoring_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('invitation_id', 'uuid', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    // TAB_HIDDEN, WINDOW_BLUR, FULLSCREEN_EXIT, PASTE, CAMERA_LOST, MICROPHONE_LOST, ...
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('part_id', 'text')
    .addColumn('question_id', 'text')
    // When it happened, on the server's clock as the page reckoned it (clamped to arrival).
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', now)
    .addColumn('detail', 'jsonb')
    // The page's own id for the event, so a retried batch is stored once.
    .addColumn('event_key', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('proctoring_events_key').on('proctoring_events').columns(['invitation_id', 'event_key']).unique().execute();

  await sql`alter table question_responses add constraint question_responses_invitation_fk foreign key (invitation_id) references invitations (id) on delete cascade`.execute(db);
  await db.schema.createIndex('question_responses_invitation_idx').on('question_responses').column('invitation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table question_responses drop constraint if exists question_responses_invitation_fk`.execute(db);
  for (const table of ['proctoring_events', 'attempt_media', 'answer_saves', 'answers', 'attempt_parts', 'invitations', 'candidates', 'assessment_questions', 'assessment_tests', 'assessments'])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('questions').dropColumn('origin').execute();
}
