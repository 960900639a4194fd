/**
 * One-time codes mailed to an address that has no account (yet): a public link's candidate proves
 * the email before an attempt is made for it, a careers page's applicant before an application is.
 * Only a digest of each code is stored, bound to what it is for and to whom; a code is tried at
 * most OTP_MAX_ATTEMPTS times, lives OTP_TTL_MINUTES, is used once, and a new code for the same
 * subject replaces the old one.
 */
import type { Kysely } from 'kysely';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '../../src/domain/constants';
import type { Database } from '../db/types';
import { numericCode, sameDigest, sha256 } from './crypto';

/** 'public-join': a public link's candidate; 'careers-apply': an applicant on a client's careers page. */
export type EmailCodePurpose = 'public-join' | 'careers-apply';

/** How a code check ended: only 'ok' lets the caller go on. */
export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'none';

const digest = (purpose: EmailCodePurpose, subject: string, code: string) => sha256(`${purpose}:${subject}:${code}`);

/** A new code for the subject (the earlier ones stop working); the caller mails it. */
export async function issueEmailCode(db: Kysely<Database>, purpose: EmailCodePurpose, subject: string, now = new Date()): Promise<string> {
  const code = numericCode(OTP_LENGTH);
  await db.updateTable('emailCodes').set({ consumedAt: now }).where('purpose', '=', purpose).where('subject', '=', subject).where('consumedAt', 'is', null).execute();
  await db
    .insertInto('emailCodes')
    .values({ purpose, subject, codeHash: digest(purpose, subject, code), expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000) })
    .execute();
  return code;
}

/** Checks the subject's live code, counting the try; a matching code is used up. */
export async function checkEmailCode(db: Kysely<Database>, purpose: EmailCodePurpose, subject: string, code: string, now = new Date()): Promise<CodeCheck> {
  const live = await db
    .selectFrom('emailCodes')
    .select(['id', 'codeHash', 'attempts', 'expiresAt'])
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('consumedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  if (!live) return 'none';
  if (live.expiresAt.getTime() < now.getTime()) return 'expired';
  if (live.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
  const matches = sameDigest(live.codeHash, digest(purpose, subject, code));
  // Counted and used up in one conditional write: two requests with the right code cannot both pass.
  const counted = await db
    .updateTable('emailCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), consumedAt: matches ? now : null }))
    .where('id', '=', live.id)
    .where('consumedAt', 'is', null)
    .where('attempts', '=', live.attempts)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) return 'wrong';
  if (matches) return 'ok';
  return live.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'wrong';
}

/** Codes past their life are of no use to anyone: removed when new ones are issued, a day on. */
export async function deleteStaleEmailCodes(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom('emailCodes').where('expiresAt', '<', new Date(now.getTime() - 86_400_000)).execute();
}
