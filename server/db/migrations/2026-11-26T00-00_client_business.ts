/**
 * The client business (issue 11; decisions in ARCHITECTURE.md section 7c): clients as companies,
 * licences that invitations spend, orders and payments that grant licences, campaigns, jobs with
 * hiring stages. Money is in paise (bigint), tax rates in basis points (1800 = 18 % GST).
 *
 * - clients gains the company's fields; client_contacts are its contact persons.
 * - client_assessments: provider-library assessments a client may use, with its own settings.
 * - licences: credits for one assessment or any, valid between two dates. `used` counts the credits
 *   spent; the check keeps it within 0..credits whatever the code does, so no credit is spent twice.
 *   A licence granted by an order names it, once (unique order_id): a paid order grants one licence.
 * - invitations.licence_id: the licence that paid for the invitation (null when none was needed:
 *   the provider's own assessments); cleared when the credit goes back (an unopened invitation revoked).
 * - price_list: the price per credit of an assessment, or of any (assessment_id null), with its tax.
 * - orders and payments: an order's figures are fixed when it is placed; payments are recorded
 *   against it (manual recording by the provider's staff is the default payment provider).
 * - campaigns send one assessment to a list of candidates between two dates; invitations.campaign_id
 *   ties each invitation to its campaign; campaign_reminders records each reminder sent, once.
 * - hiring_stages: each client's ordered stages; jobs; job_candidates (a candidate on a job's board,
 *   in a stage) and stage_moves (who moved whom, from where to where, when).
 */
import { sql, type Kysely } from 'kysely';

const uuidPk = (c: any) => c.primaryKey().defaultTo(sql`gen_random_uuid()`);
const now = (c: any) => c.notNull().defaultTo(sql`now()`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('industry_id', 'uuid', (c) => c.references('industries.id').onDelete('set null'))
    .addColumn('vertical_id', 'uuid', (c) => c.references('verticals.id').onDelete('set null'))
    .addColumn('zone', 'text')
    .addColumn('location_id', 'uuid', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('India'))
    .addColumn('gstin', 'text')
    .addColumn('pan', 'text')
    .addColumn('website', 'text')
    .addColumn('logo_file_id', 'uuid', (c) => c.references('stored_files.id').onDelete('set null'))
    .addColumn('sales_person_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('relationship_manager_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('low_credit_threshold', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await sql`create unique index clients_gstin_idx on clients (upper(gstin)) where gstin is not null`.execute(db);
  await db.schema.createIndex('clients_sales_person_idx').on('clients').column('sales_person_id').execute();
  await db.schema.createIndex('clients_relationship_manager_idx').on('clients').column('relationship_manager_id').execute();

  await db.schema
    .createTable('client_contacts')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('designation', 'text')
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('client_contacts_client_idx').on('client_contacts').columns(['client_id', 'position']).execute();
  await sql`create unique index client_contacts_primary_idx on client_contacts (client_id) where is_primary`.execute(db);

  await db.schema
    .createTable('client_assessments')
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('assessment_id', 'uuid', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('granted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('client_assessments_pk', ['client_id', 'assessment_id'])
    .execute();

  await db.schema
    .createTable('price_list')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('assessment_id', 'uuid', (c) => c.references('assessments.id').onDelete('cascade'))
    .addColumn('unit_price_paise', 'bigint', (c) => c.notNull().check(sql`unit_price_paise >= 0`))
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().check(sql`tax_rate_bp between 0 and 10000`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  // One price per assessment, and one for any assessment (the row whose assessment_id is null).
  await sql`create unique index price_list_assessment_idx on price_list (coalesce(assessment_id, '00000000-0000-0000-0000-000000000000'::uuid))`.execute(db);

  await sql`create sequence order_number_seq start 1001`.execute(db);
  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('number', 'text', (c) => c.notNull().unique().defaultTo(sql`'SG-' || nextval('order_number_seq')`))
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('assessment_id', 'uuid', (c) => c.references('assessments.id').onDelete('set null'))
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits > 0`))
    .addColumn('unit_price_paise', 'bigint', (c) => c.notNull())
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('subtotal_paise', 'bigint', (c) => c.notNull())
    .addColumn('tax_paise', 'bigint', (c) => c.notNull())
    .addColumn('total_paise', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('notes', 'text')
    .addColumn('placed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('placed_at', 'timestamptz', now)
    .addColumn('paid_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', now)
    .addCheckConstraint('orders_status_check', sql`status in ('PENDING', 'PAID', 'CANCELLED', 'REFUNDED')`)
    .addCheckConstraint('orders_total_check', sql`total_paise = subtotal_paise + tax_paise`)
    .execute();
  await db.schema.createIndex('orders_client_idx').on('orders').columns(['client_id', 'placed_at']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'placed_at']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_paise', 'bigint', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('MANUAL'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('paid_on', 'date', (c) => c.notNull())
    .addColumn('recorded_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  // A payment recorded twice (a double click, a retried request) is one payment.
  await db.schema.createIndex('payments_reference_idx').on('payments').columns(['order_id', 'provider', 'reference']).unique().execute();

  await db.schema
    .createTable('licences')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('assessment_id', 'uuid', (c) => c.references('assessments.id').onDelete('cascade'))
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits > 0`))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.unique().references('orders.id').onDelete('set null'))
    .addColumn('notes', 'text')
    .addColumn('granted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addCheckConstraint('licences_used_check', sql`used between 0 and credits`)
    .addCheckConstraint('licences_dates_check', sql`valid_until > valid_from`)
    .execute();
  await db.schema.createIndex('licences_client_idx').on('licences').columns(['client_id', 'valid_until']).execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('assessment_id', 'uuid', (c) => c.notNull().references('assessments.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('mail_subject', 'text', (c) => c.notNull())
    .addColumn('mail_body', 'text', (c) => c.notNull())
    .addColumn('reminder_every_days', 'integer')
    .addColumn('max_reminders', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addCheckConstraint('campaigns_dates_check', sql`ends_at > starts_at`)
    .addCheckConstraint('campaigns_reminders_check', sql`(reminder_every_days is null or reminder_every_days between 1 and 30) and max_reminders between 0 and 10`)
    .execute();
  await db.schema.createIndex('campaigns_client_idx').on('campaigns').columns(['client_id', 'starts_at']).execute();

  await db.schema
    .alterTable('invitations')
    .addColumn('licence_id', 'uuid', (c) => c.references('licences.id').onDelete('set null'))
    .addColumn('campaign_id', 'uuid', (c) => c.references('campaigns.id').onDelete('set null'))
    .execute();
  await sql`create index invitations_licence_idx on invitations (licence_id) where licence_id is not null`.execute(db);
  await sql`create index invitations_campaign_idx on invitations (campaign_id, status) where campaign_id is not null`.execute(db);

  await db.schema
    .createTable('campaign_reminders')
    .addColumn('invitation_id', 'uuid', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('campaign_reminders_pk', ['invitation_id', 'number'])
    .execute();

  await db.schema
    .createTable('hiring_stages')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  // Stage names are unique per client (the provider's own stages have no client).
  await sql`create unique index hiring_stages_name_idx on hiring_stages (coalesce(client_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))`.execute(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('employment_type', 'text', (c) => c.notNull())
    .addColumn('work_mode', 'text', (c) => c.notNull())
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('experience_min', 'integer', (c) => c.notNull().check(sql`experience_min between 0 and 9`))
    .addColumn('experience_max', 'integer')
    .addColumn('location_id', 'uuid', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('openings', 'integer', (c) => c.notNull().defaultTo(1).check(sql`openings > 0`))
    .addColumn('assessment_id', 'uuid', (c) => c.references('assessments.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('posted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('posted_at', 'timestamptz', now)
    .addColumn('closed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', now)
    .addCheckConstraint('jobs_experience_check', sql`experience_max is null or experience_max between experience_min and 9`)
    .execute();
  await db.schema.createIndex('jobs_client_idx').on('jobs').columns(['client_id', 'status', 'posted_at']).execute();

  await db.schema
    .createTable('job_candidates')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('candidate_id', 'uuid', (c) => c.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('invitation_id', 'uuid', (c) => c.references('invitations.id').onDelete('set null'))
    .addColumn('stage_id', 'uuid', (c) => c.notNull().references('hiring_stages.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'timestamptz', now)
    .addColumn('moved_at', 'timestamptz', now)
    .addUniqueConstraint('job_candidates_once', ['job_id', 'candidate_id'])
    .execute();
  await db.schema.createIndex('job_candidates_stage_idx').on('job_candidates').columns(['job_id', 'stage_id', 'position']).execute();

  await db.schema
    .createTable('stage_moves')
    .addColumn('id', 'uuid', uuidPk)
    .addColumn('job_candidate_id', 'uuid', (c) => c.notNull().references('job_candidates.id').onDelete('cascade'))
    .addColumn('from_stage_id', 'uuid', (c) => c.references('hiring_stages.id').onDelete('set null'))
    .addColumn('to_stage_id', 'uuid', (c) => c.references('hiring_stages.id').onDelete('set null'))
    .addColumn('moved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('moved_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('stage_moves_candidate_idx').on('stage_moves').columns(['job_candidate_id', 'moved_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stage_moves', 'job_candidates', 'jobs', 'hiring_stages', 'campaign_reminders']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('invitations').dropColumn('licence_id').dropColumn('campaign_id').execute();
  for (const table of ['campaigns', 'licences', 'payments', 'orders', 'price_list', 'client_assessments', 'client_contacts']) await db.schema.dropTable(table).execute();
  await sql`drop sequence order_number_seq`.execute(db);
  await sql`drop index clients_gstin_idx`.execute(db);
  for (const column of ['industry_id', 'vertical_id', 'zone', 'location_id', 'address', 'city', 'state', 'postal_code', 'country', 'gstin', 'pan', 'website', 'logo_file_id', 'sales_person_id', 'relationship_manager_id', 'status', 'low_credit_threshold'])
    await db.schema.alterTable('clients').dropColumn(column).execute();
}
