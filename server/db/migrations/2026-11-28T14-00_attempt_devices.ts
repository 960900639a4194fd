/**
 * The devices an attempt was taken on once under way (the page's own random id, never a
 * fingerprint), so that a second device taking up the same link is recorded once and shown.
 * Kept and erased with the attempt.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt_devices')
    .addColumn('invitation_id', 'uuid', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    // 'Chrome on Android': what a reader of the report is shown.
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('attempt_devices_pkey', ['invitation_id', 'device_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attempt_devices').execute();
}
