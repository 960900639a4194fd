/**
 * Indexes for the dashboards (issue 11; measured in bench/dashboard.ts, figures in bench/README.md):
 * the dashboards count invitations sent in a range, of everyone or of one client, by status. These
 * carry the columns the counts read, for index-only scans over a short period; withdrawn invitations,
 * never counted, are left out. Measured at 1,000,000 invitations they did not speed up a 12-month
 * load (the planner reads the whole table either way; see the README): a monthly roll-up is the
 * next step, not more indexes.
 */
import { sql, type Kysely } from 'kysely';

export const DASHBOARD_INDEXES = ['invitations_dashboard_idx', 'invitations_client_dashboard_idx', 'payments_paid_on_idx', 'licences_created_idx'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index invitations_dashboard_idx on invitations (invited_at) include (status, client_id, assessment_id, expires_at, licence_id) where revoked_at is null`.execute(db);
  await sql`create index invitations_client_dashboard_idx on invitations (client_id, invited_at) include (status, assessment_id, expires_at, licence_id) where revoked_at is null`.execute(db);
  await sql`create index payments_paid_on_idx on payments (paid_on) include (order_id, amount_paise)`.execute(db);
  await sql`create index licences_created_idx on licences (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of DASHBOARD_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
