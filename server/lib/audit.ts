/** The audit log: who changed what, when, with the record before and after. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface AuditEntry {
  userId: string | null | undefined;
  action: 'create' | 'update' | 'delete';
  resource: string;
  recordId: string;
  before?: unknown;
  after?: unknown;
}

/** Secrets never reach the audit log. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'tokenHash']);
const scrub = (record: unknown) =>
  record && typeof record === 'object'
    ? JSON.stringify(Object.fromEntries(Object.entries(record).filter(([k]) => !SECRET_FIELDS.has(k))))
    : null;

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      userId: entry.userId ?? null,
      action: entry.action,
      resource: entry.resource,
      recordId: entry.recordId,
      before: scrub(entry.before),
      after: scrub(entry.after),
    })
    .execute();
}
