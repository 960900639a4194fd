/**
 * Throttling of failed attempts (sign-in, one-time codes), per account and per address.
 * Counters live in the database so that several server instances share them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { tooManyAttempts } from './errors';

export interface ThrottlePolicy {
  /** Failures allowed inside the window before the key is locked. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const LOGIN_POLICY: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** An address may fail more often: several people may share it. */
export const ADDRESS_POLICY: ThrottlePolicy = { maxFailures: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/**
 * Codes asked for through public links from one address (each is a mail). A campus hall joins from
 * one address, and each code only helps whoever reads that mailbox, so the bound is loose.
 */
export const PUBLIC_JOIN_POLICY: ThrottlePolicy = { maxFailures: 300, windowSeconds: 10 * 60, lockSeconds: 10 * 60 };
/** Codes mailed to one address, whichever link asked: no one fills a stranger's mailbox. */
export const PUBLIC_CODE_EMAIL_POLICY: ThrottlePolicy = { maxFailures: 5, windowSeconds: 60 * 60, lockSeconds: 60 * 60 };

/**
 * Careers pages, per address: codes asked for (each is a mail) and applications sent (each checks a
 * code). Applicants apply alone, mostly, but an office or a college lab shares one address. Codes
 * per email are PUBLIC_CODE_EMAIL_POLICY's, on the same key as public links' ('public-code:<email>').
 */
export const CAREERS_CODE_ADDRESS_POLICY: ThrottlePolicy = { maxFailures: 60, windowSeconds: 10 * 60, lockSeconds: 10 * 60 };
export const CAREERS_APPLY_ADDRESS_POLICY: ThrottlePolicy = { maxFailures: 60, windowSeconds: 10 * 60, lockSeconds: 10 * 60 };

/** Federated sign-in states issued to one address (two per sign-in page shown; each is a stored row). */
export const OAUTH_STATE_POLICY: ThrottlePolicy = { maxFailures: 200, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/** Runs of the code runner per account: it is shared with candidates, so no one account may fill it. */
export const CODE_RUN_POLICY: ThrottlePolicy = { maxFailures: 60, windowSeconds: 10 * 60, lockSeconds: 5 * 60 };

export class Throttle {
  constructor(private readonly db: Kysely<Database>) {}

  /** Throws 429 with the wait when any key is locked. */
  async assertOpen(keys: string[]): Promise<void> {
    if (!keys.length) return;
    const now = new Date();
    const locked = await this.db
      .selectFrom('throttle')
      .select(['lockedUntil'])
      .where('key', 'in', keys)
      .where('lockedUntil', '>', now)
      .orderBy('lockedUntil', 'desc')
      .executeTakeFirst();
    if (locked?.lockedUntil) {
      throw tooManyAttempts(Math.max(1, Math.ceil((new Date(locked.lockedUntil).getTime() - now.getTime()) / 1000)));
    }
  }

  /** Counts one failure for each key; locks a key that reaches its limit. */
  async fail(keys: [string, ThrottlePolicy][]): Promise<void> {
    const now = new Date();
    for (const [key, policy] of keys) {
      const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000);
      const row = await this.db
        .insertInto('throttle')
        .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('throttle.windowStartedAt', '<', windowStart)
              .then(1)
              .else(eb('throttle.failures', '+', 1))
              .end(),
            windowStartedAt: eb
              .case()
              .when('throttle.windowStartedAt', '<', windowStart)
              .then(now)
              .else(eb.ref('throttle.windowStartedAt'))
              .end(),
          })),
        )
        .returning(['failures'])
        .executeTakeFirstOrThrow();
      if (row.failures >= policy.maxFailures) {
        await this.db
          .updateTable('throttle')
          .set({ lockedUntil: new Date(now.getTime() + policy.lockSeconds * 1000), failures: 0, windowStartedAt: now })
          .where('key', '=', key)
          .execute();
      }
    }
  }

  /** Counts one use against a rate limit (the same counters as failures). */
  count(keys: [string, ThrottlePolicy][]): Promise<void> {
    return this.fail(keys);
  }

  async clear(keys: string[]): Promise<void> {
    if (keys.length) await this.db.deleteFrom('throttle').where('key', 'in', keys).execute();
  }
}
