/** Accounts and their linked sign-ins through an OpenID provider. */
import { sql } from 'kysely';
import type { DB } from '../../db/index';
import type { IdentityProvider } from '../../db/types';
import { recordAudit } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { forbidden, says } from '../../lib/errors';
import { PROVIDER_LABELS, type FederatedIdentity } from '../../lib/identity-providers';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

export type FederatedOutcome = 'signedIn' | 'linked' | 'created';

const DISABLED = FIELD_MESSAGES.accountDisabledContactYour;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === '23505';
}

/**
 * The account a federated sign-in belongs to:
 * 1. the one already linked to this provider's subject;
 * 2. else, if the provider vouches for the email, the account with that email, now linked;
 * 3. else a new USER account, verified, without a password.
 * An account that never verified its email loses its password when linked: whoever chose that
 * password never proved the address was theirs.
 */
export async function accountForIdentity(db: DB, identity: FederatedIdentity): Promise<{ userId: string; outcome: FederatedOutcome }> {
  const label = PROVIDER_LABELS[identity.provider];
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const linked = await trx
        .selectFrom('userIdentities')
        .innerJoin('users', 'users.id', 'userIdentities.userId')
        .select(['userIdentities.id', 'userIdentities.userId', 'users.isActive'])
        .where('userIdentities.provider', '=', identity.provider)
        .where('userIdentities.subject', '=', identity.subject)
        .executeTakeFirst();
      if (linked) {
        if (!linked.isActive) throw forbidden(DISABLED);
        await trx.updateTable('userIdentities').set({ lastUsedAt: new Date(), email: identity.email }).where('id', '=', linked.id).execute();
        return { userId: linked.userId, outcome: 'signedIn' as const };
      }
      if (!identity.email || !identity.emailVerified) {
        throw forbidden(says('signInNoVerifiedEmail', { provider: label }));
      }
      const existing = await trx
        .selectFrom('users')
        .select(['id', 'isActive', 'isVerified'])
        .where(sql`lower(email)`, '=', identity.email)
        .executeTakeFirst();
      let userId: string;
      let outcome: FederatedOutcome;
      if (existing) {
        if (!existing.isActive) throw forbidden(DISABLED);
        userId = existing.id;
        outcome = 'linked';
        if (!existing.isVerified) {
          await trx.updateTable('users').set({ isVerified: true, passwordHash: null, updatedAt: new Date() }).where('id', '=', userId).execute();
        }
      } else {
        const created = await trx
          .insertInto('users')
          .values({ name: identity.name ?? identity.email.split('@')[0], email: identity.email, passwordHash: null, role: 'USER', isVerified: true })
          .returning(['id', 'name', 'email', 'role'])
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { userId: created.id, action: 'create', resource: 'users', recordId: created.id, after: { ...created, via: identity.provider } });
        userId = created.id;
        outcome = 'created';
      }
      const link = await trx
        .insertInto('userIdentities')
        .values({ userId, provider: identity.provider, subject: identity.subject, email: identity.email })
        .returning(['id', 'provider', 'email'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId, action: 'create', resource: 'userIdentities', recordId: link.id, after: link });
      return { userId, outcome };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first sign-ins of one person at once: the second finds what the first created.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

/** Keeps an issued state (its hash); states older than a day are swept out on the way. */
export async function issueState(db: DB, provider: IdentityProvider, state: string): Promise<void> {
  await db.deleteFrom('oauthStates').where('createdAt', '<', sql<Date>`now() - interval '1 day'`).execute();
  await db.insertInto('oauthStates').values({ stateHash: sha256(state), provider }).execute();
}

/** Spends an issued state: true once, for the provider it was issued to, within its lifetime. */
export async function spendState(db: DB, provider: IdentityProvider, state: string, ttlSeconds: number): Promise<boolean> {
  const spent = await db
    .updateTable('oauthStates')
    .set({ consumedAt: new Date() })
    .where('stateHash', '=', sha256(state))
    .where('provider', '=', provider)
    .where('consumedAt', 'is', null)
    .where('createdAt', '>', sql<Date>`now() - make_interval(secs => ${ttlSeconds})`)
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n;
}

export function listSignIns(db: DB, userId: string) {
  return db
    .selectFrom('userIdentities')
    .select(['id', 'provider', 'email', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

export async function hasPassword(db: DB, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst();
  return !!row?.passwordHash;
}


/** Removes one of the user's linked sign-ins. */
export const unlinkSignIn = (db: DB, id: string, userId: string) => db.deleteFrom('userIdentities').where('id', '=', id).where('userId', '=', userId).execute();

/** Sets a password only on an account without one; answers whether it did. */
export async function setFirstPassword(db: DB, userId: string, passwordHash: string): Promise<boolean> {
  const updated = await db.updateTable('users').set({ passwordHash, updatedAt: new Date() }).where('id', '=', userId).where('passwordHash', 'is', null).executeTakeFirst();
  return !!updated.numUpdatedRows;
}
