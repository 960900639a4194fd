/**
 * Storage quotas: what each account and each client keeps (the sum of the bytes actually stored by
 * their uploads), and the checks that refuse an upload past a quota with a 413.
 */
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/index';
import { forbidden, HttpError, says } from '../../lib/errors';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

/**
 * Who an upload counts against: an account and its client, or (id null) a candidate's recording,
 * which counts against the tenant of the attempt only: its client's quota, or the provider's (client null).
 */
export interface Uploader {
  id: string | null;
  clientId: string | null;
}

type Quota = Config['storageQuota'];

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** "950 MB", "1.5 GB", "12 KB": one decimal at most. */
export function formatBytes(bytes: number): string {
  const [unit, size] = bytes >= GB ? ['GB', GB] : bytes >= MB ? ['MB', MB] : ['KB', KB];
  const value = Math.round((bytes / size) * 10) / 10;
  return `${unit === 'KB' ? Math.max(value, bytes > 0 ? 0.1 : 0) : value} ${unit}`;
}

const overQuota = (whose: 'overQuota' | 'overClientQuota', used: number, quota: number) =>
  new HttpError(413, says(whose, { used: formatBytes(used), quota: formatBytes(quota) }));

const storedSum = sql<number>`coalesce(sum(stored_bytes), 0)::float8`;

/**
 * Bytes stored by an account, and by its client (all the client's uploads) when it has one; for a
 * candidate's recording, by its tenant: the client, or the provider (the files of no client).
 */
export async function usageOf(db: DB, uploader: Uploader): Promise<{ userBytes: number; clientBytes: number | null }> {
  const userBytes = uploader.id
    ? Number((await db.selectFrom('storedFiles').select(storedSum.as('bytes')).where('userId', '=', uploader.id).executeTakeFirstOrThrow()).bytes)
    : 0;
  if (uploader.id && !uploader.clientId) return { userBytes, clientBytes: null };
  const client = await db.selectFrom('storedFiles').select(storedSum.as('bytes')).where('clientId', uploader.clientId ? '=' : 'is', uploader.clientId).executeTakeFirstOrThrow();
  return { userBytes, clientBytes: Number(client.bytes) };
}

/** Bytes the uploader may still store (negative when past a quota), and the error for going past them: the tighter quota's. */
async function measureRoom(db: DB, quota: Quota, uploader: Uploader): Promise<{ bytes: number; error: () => HttpError }> {
  const usage = await usageOf(db, uploader);
  let room = { bytes: uploader.id ? quota.userBytes - usage.userBytes : Infinity, error: () => overQuota('overQuota', usage.userBytes, quota.userBytes) };
  if (usage.clientBytes !== null && quota.clientBytes - usage.clientBytes < room.bytes) {
    const clientBytes = usage.clientBytes;
    room = { bytes: quota.clientBytes - clientBytes, error: () => overQuota('overClientQuota', clientBytes, quota.clientBytes) };
  }
  return room;
}

/** The room left for a new upload of `adding` bytes (0: size unknown yet); 413 when it does not fit or nothing fits any more. */
export async function roomFor(db: DB, quota: Quota, uploader: Uploader, adding = 0): Promise<{ bytes: number; error: () => HttpError }> {
  const room = await measureRoom(db, quota, uploader);
  if (room.bytes <= 0 || adding > room.bytes) throw room.error();
  return room;
}

/** 413 when what is stored is already past a quota (uploads that ran side by side). */
export async function assertWithinQuota(db: DB, quota: Quota, uploader: Uploader): Promise<void> {
  const room = await measureRoom(db, quota, uploader);
  if (room.bytes < 0) throw room.error();
}

/** Records a signed upload: who asked, the declared size, and for storage that cannot report back (S3) the signed size as stored. */
export async function recordSignedUpload(
  db: DB,
  upload: { key: string; uploader: Uploader; contentType: string; declaredBytes?: number; storedBytes?: number },
): Promise<void> {
  await db
    .insertInto('storedFiles')
    .values({
      objectKey: upload.key,
      userId: upload.uploader.id,
      clientId: upload.uploader.clientId,
      contentType: upload.contentType,
      declaredBytes: upload.declaredBytes ?? null,
      storedBytes: upload.storedBytes ?? null,
      storedAt: upload.storedBytes === undefined ? null : new Date(),
    })
    .execute();
}

/**
 * Who asked for the upload link of a key, and the size declared then; a link the server has no record
 * of is refused. A candidate's recording and an applicant's résumé (no account) must be the size
 * (and, files.ts checks, the type) they declared, as S3 signs them.
 */
export async function uploaderOf(db: DB, key: string): Promise<{ uploader: Uploader; declaredCap: number | null }> {
  const row = await db
    .selectFrom('storedFiles')
    .leftJoin('attemptMedia', 'attemptMedia.objectKey', 'storedFiles.objectKey')
    .leftJoin('jobCandidates', 'jobCandidates.resumeFileId', 'storedFiles.id')
    .select(['storedFiles.userId', 'storedFiles.clientId', 'storedFiles.declaredBytes', 'attemptMedia.id as mediaId', 'jobCandidates.id as applicationId'])
    .where('storedFiles.objectKey', '=', key)
    .executeTakeFirst();
  const candidate = !!row?.mediaId || !!row?.applicationId;
  if (!row || (!row.userId && !candidate)) throw forbidden(FIELD_MESSAGES.uploadLinkNotValid);
  return {
    uploader: { id: candidate ? null : row.userId, clientId: row.clientId },
    declaredCap: candidate && row.declaredBytes !== null ? Number(row.declaredBytes) : null,
  };
}

/** The bytes that arrived for a key (null: undone); a candidate's recording is marked uploaded with them. */
export async function recordStored(db: DB, key: string, bytes: number | null): Promise<void> {
  const at = bytes === null ? null : new Date();
  await db.updateTable('storedFiles').set({ storedBytes: bytes, storedAt: at }).where('objectKey', '=', key).execute();
  await db.updateTable('attemptMedia').set({ uploadedAt: at }).where('objectKey', '=', key).execute();
}

/** Usage per account and per client, largest first, for administrators. */
export async function usageReport(db: DB) {
  const users = await db
    .selectFrom('storedFiles')
    .innerJoin('users', 'users.id', 'storedFiles.userId')
    .leftJoin('clients', 'clients.id', 'users.clientId')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.clientId', 'clients.name as clientName'])
    .select([storedSum.as('bytes'), sql<number>`count(stored_bytes)::int`.as('files')])
    .groupBy(['users.id', 'clients.name'])
    .having(sql<boolean>`sum(stored_bytes) > 0`)
    .orderBy('bytes', 'desc')
    .orderBy('users.name')
    .execute();
  const clients = await db
    .selectFrom('storedFiles')
    .innerJoin('clients', 'clients.id', 'storedFiles.clientId')
    .select(['clients.id', 'clients.name', storedSum.as('bytes'), sql<number>`count(stored_bytes)::int`.as('files')])
    .groupBy('clients.id')
    .having(sql<boolean>`sum(stored_bytes) > 0`)
    .orderBy('bytes', 'desc')
    .orderBy('clients.name')
    .execute();
  return {
    users: users.map((u) => ({ ...u, bytes: Number(u.bytes), files: Number(u.files) })),
    clients: clients.map((c) => ({ ...c, bytes: Number(c.bytes), files: Number(c.files) })),
  };
}

/** The id of the stored file a signed upload will write to (recorded by recordSignedUpload). */
export const storedFileId = async (db: DB, key: string): Promise<string> => (await db.selectFrom('storedFiles').select('id').where('objectKey', '=', key).executeTakeFirstOrThrow()).id;
