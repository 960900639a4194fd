/** Foundation: accounts, tenants, job roles, master data, tokens, throttling, audit log and outbox. */
import { sql, type Kysely } from 'kysely';

const timestamps = (t: any) =>
  t
    .addColumn('created_at', 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`));

const uuidPk = (c: any) => c.primaryKey().defaultTo(sql`gen_random_uuid()`);

export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(
    db.schema
      .createTable('clients')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('legal_type', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text'),
  ).execute();

  await timestamps(
    db.schema
      .createTable('job_roles')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
      .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)),
  ).execute();
  await db.schema.createIndex('job_roles_client_idx').on('job_roles').column('client_id').execute();

  await timestamps(
    db.schema
      .createTable('users')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('username', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('membership_type', 'text')
      .addColumn('position', 'uuid', (c) => c.references('job_roles.id').onDelete('set null'))
      .addColumn('designation', 'text')
      .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
      .addColumn('phone', 'text')
      .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('last_login_at', 'timestamptz'),
  ).execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`create unique index users_username_key on users (lower(username)) where username is not null`.execute(db);
  await db.schema.createIndex('users_client_idx').on('users').columns(['client_id', 'role']).execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_name_idx').on('users').column('name').execute();

  for (const table of ['categories', 'industries', 'verticals']) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text');
    if (table === 'verticals') builder = builder.addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'));
    await timestamps(builder).execute();
  }
  await timestamps(
    db.schema
      .createTable('locations')
      .addColumn('id', 'uuid', uuidPk)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('country', 'text')
      .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade')),
  ).execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('one_time_tokens_user_idx').on('one_time_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('one_time_tokens_hash_idx').on('one_time_tokens').column('token_hash').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('replaced_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_record_idx').on('audit_log').columns(['resource', 'record_id']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('outbox_created_idx').on('outbox').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'outbox',
    'audit_log',
    'throttle',
    'refresh_tokens',
    'one_time_tokens',
    'locations',
    'verticals',
    'industries',
    'categories',
    'users',
    'job_roles',
    'clients',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
