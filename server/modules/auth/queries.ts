/** Accounts, one-time codes and refresh tokens. */
import { sql } from 'kysely';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '../../../src/domain/constants';
import type { EntityPermission } from '../../../src/domain/permissions';
import type { DB } from '../../db/index';
import type { NewUser, UserUpdate } from '../../db/types';
import type { AuthUser } from '../../lib/auth';
import type { CodeCheck } from '../../lib/email-codes';
import { numericCode, randomToken, sameDigest, sha256 } from '../../lib/crypto';

export function findUserByLogin(db: DB, login: string) {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', value), eb(sql`lower(username)`, '=', value)]))
    .executeTakeFirst();
}

export function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** The signed-in identity: the user with the permissions of its job role. */
export async function loadAuthUser(db: DB, userId: string): Promise<(AuthUser & { isActive: boolean }) | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('jobRoles', 'jobRoles.id', 'users.position')
    .leftJoin('sessionRevocations', 'sessionRevocations.userId', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.membershipType',
      'users.clientId',
      'users.isActive',
      'jobRoles.permissions',
      'sessionRevocations.version as sessionVersion',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, sessionVersion: row.sessionVersion ?? 0, permissions: (row.permissions as EntityPermission[] | null) ?? [] };
}

export async function issueOneTimeCode(db: DB, userId: string): Promise<string> {
  const code = numericCode(OTP_LENGTH);
  // A new code replaces any earlier one.
  await db
    .updateTable('oneTimeTokens')
    .set({ consumedAt: new Date() })
    .where('userId', '=', userId)
    .where('purpose', '=', 'verify')
    .where('consumedAt', 'is', null)
    .execute();
  await db
    .insertInto('oneTimeTokens')
    .values({
      userId,
      purpose: 'verify',
      tokenHash: sha256(`${userId}:${code}`),
      expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
    })
    .execute();
  return code;
}

export type { CodeCheck };

/** Checks a one-time code, counting the attempt; a used, expired or exhausted code never passes. */
export async function checkOneTimeCode(db: DB, userId: string, code: string): Promise<CodeCheck> {
  const token = await db
    .selectFrom('oneTimeTokens')
    .selectAll()
    .where('userId', '=', userId)
    .where('purpose', '=', 'verify')
    .where('consumedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  if (!token) return 'none';
  if (new Date(token.expiresAt).getTime() < Date.now()) return 'expired';
  if (token.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
  const matches = sameDigest(token.tokenHash, sha256(`${userId}:${code}`));
  await db
    .updateTable('oneTimeTokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), consumedAt: matches ? new Date() : null }))
    .where('id', '=', token.id)
    .execute();
  if (matches) return 'ok';
  return token.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'wrong';
}

export const RESET_TTL_MINUTES = 60;

/** A password-reset (or first password) link token; only its digest is stored. */
export async function issueResetToken(db: DB, userId: string, ttlMinutes = RESET_TTL_MINUTES): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('oneTimeTokens')
    .values({ userId, purpose: 'reset', tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMinutes * 60_000) })
    .execute();
  return token;
}

export function findResetToken(db: DB, token: string) {
  return db
    .selectFrom('oneTimeTokens')
    .selectAll()
    .where('tokenHash', '=', sha256(token))
    .where('purpose', '=', 'reset')
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}

export async function issueRefreshToken(db: DB, userId: string, familyId: string | null, ttlDays: number) {
  const token = randomToken();
  const row = await db
    .insertInto('refreshTokens')
    .values({
      userId,
      familyId: familyId ?? sql<string>`gen_random_uuid()`,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ttlDays * 86_400_000),
    })
    .returning(['id', 'familyId'])
    .executeTakeFirstOrThrow();
  return { token, id: row.id, familyId: row.familyId };
}

export type RotateResult =
  | { status: 'ok'; userId: string; familyId: string; previousId: string }
  | { status: 'invalid' | 'expired' | 'replayed' };

/**
 * Spends a refresh token. A token used twice is a replay (a stolen copy or a stolen original):
 * the whole family is revoked, so both holders are signed out.
 */
export async function spendRefreshToken(db: DB, token: string): Promise<RotateResult> {
  const row = await db.selectFrom('refreshTokens').selectAll().where('tokenHash', '=', sha256(token)).executeTakeFirst();
  if (!row) return { status: 'invalid' };
  if (row.revokedAt) {
    await revokeFamily(db, row.familyId);
    return { status: 'replayed' };
  }
  if (new Date(row.expiresAt).getTime() < Date.now()) return { status: 'expired' };
  const spent = await db
    .updateTable('refreshTokens')
    .set({ revokedAt: new Date() })
    .where('id', '=', row.id)
    .where('revokedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!spent) {
    await revokeFamily(db, row.familyId);
    return { status: 'replayed' };
  }
  return { status: 'ok', userId: row.userId, familyId: row.familyId, previousId: row.id };
}

export function revokeFamily(db: DB, familyId: string) {
  return db
    .updateTable('refreshTokens')
    .set({ revokedAt: new Date() })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

export function revokeAllForUser(db: DB, userId: string) {
  return db
    .updateTable('refreshTokens')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every access token of a user on every instance (within the sessions poll interval). */
export async function revokeSessions(db: DB, userId: string) {
  await sql`select revoke_sessions(${userId}::uuid)`.execute(db);
}

export async function findRefreshFamily(db: DB, token: string) {
  return db.selectFrom('refreshTokens').select(['familyId', 'userId']).where('tokenHash', '=', sha256(token)).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// The signed-in account

/** A successful sign-in's time. */
export const recordLogin = (db: DB, userId: string) => db.updateTable('users').set({ lastLoginAt: new Date() }).where('id', '=', userId).execute();

/** A verified email, and the sign-in the verification is. */
export const markVerified = (db: DB, userId: string) => db.updateTable('users').set({ isVerified: true, lastLoginAt: new Date() }).where('id', '=', userId).execute();

/** The account as /users/me shows it: with its client's and job role's names and the role's permissions. */
export const findProfile = (db: DB, userId: string) =>
  db
    .selectFrom('users')
    .leftJoin('clients', 'clients.id', 'users.clientId')
    .leftJoin('jobRoles', 'jobRoles.id', 'users.position')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.username',
      'users.role',
      'users.membershipType',
      'users.position',
      'users.designation',
      'users.clientId',
      'users.isVerified',
      'users.isActive',
      'clients.name as clientName',
      'jobRoles.name as positionName',
      'jobRoles.permissions as rolePermissions',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();

export const findUserEmail = (db: DB, userId: string) => db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();

export const findPasswordHash = (db: DB, userId: string) => db.selectFrom('users').select(['passwordHash']).where('id', '=', userId).executeTakeFirstOrThrow();

export const findCredentials = (db: DB, userId: string) => db.selectFrom('users').select(['email', 'username']).where('id', '=', userId).executeTakeFirstOrThrow();

export const updateCredentials = (db: DB, userId: string, changes: UserUpdate) => db.updateTable('users').set(changes).where('id', '=', userId).execute();

export const setPassword = (db: DB, userId: string, passwordHash: string) => db.updateTable('users').set({ passwordHash, updatedAt: new Date() }).where('id', '=', userId).execute();

/** A password chosen through a mailed reset link: following the link proves the address, so the account counts as verified. */
export const setPasswordFromReset = (trx: DB, userId: string, passwordHash: string) =>
  trx.updateTable('users').set({ passwordHash, isVerified: true, updatedAt: new Date() }).where('id', '=', userId).execute();

export const consumeToken = (trx: DB, tokenId: string) => trx.updateTable('oneTimeTokens').set({ consumedAt: new Date() }).where('id', '=', tokenId).execute();

/** Which refresh token replaced a spent one (a replay of the spent one then revokes the family). */
export const markReplaced = (db: DB, spentId: string, replacedBy: string) => db.updateTable('refreshTokens').set({ replacedBy }).where('id', '=', spentId).execute();

// ---------------------------------------------------------------------------------------------
// Sign-up

export const insertSignupClient = (trx: DB, values: { name: string; legalType: string | null; email: string }) => trx.insertInto('clients').values(values).returningAll().executeTakeFirstOrThrow();

/** A client's first CLIENT user, not yet verified. */
export const insertClientAccount = (trx: DB, values: NewUser & { clientId: string }) =>
  trx.insertInto('users').values(values).returning(['id', 'email', 'name', 'role', 'clientId']).executeTakeFirstOrThrow();

/** A plain USER account, not yet verified. */
export const insertUserAccount = (db: DB, values: NewUser) => db.insertInto('users').values(values).returning(['id', 'email', 'name', 'role']).executeTakeFirstOrThrow();
