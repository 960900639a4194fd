/**
 * Storage quotas: one row per signed upload, with who asked (account and client), the size declared
 * when signing and the bytes actually stored (set by the signed PUT). Usage is the sum of stored bytes.
 * A deleted account's files still count against its client.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('declared_bytes', 'bigint')
    .addColumn('stored_bytes', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('stored_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('stored_files_user_idx').on('stored_files').column('user_id').execute();
  await db.schema.createIndex('stored_files_client_idx').on('stored_files').column('client_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
}
