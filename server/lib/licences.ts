/**
 * Credits (ARCHITECTURE.md section 7c): every invitation of a client's assessment spends one credit
 * of the client's valid licences, in the invitation's own transaction; an unopened invitation
 * revoked gives it back, once. The conditional UPDATEs are what make this safe under concurrency:
 * the check `used < credits` is evaluated again on the locked row, and the table's check
 * constraint refuses an overspend whatever the code does.
 */
import { sql, type Kysely } from 'kysely';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import type { Database } from '../db/types';
import { conflict } from './errors';

/** The condition "valid now with a credit left", in SQL; `now()` is the transaction's time. */
const spendable = sql<boolean>`licences.revoked_at is null and licences.used < licences.credits and licences.valid_from <= now() and licences.valid_until > now()`;

/**
 * Takes one credit for an invitation of `assessmentId` by `clientId` and answers the licence it
 * came from: the soonest to expire first, one for this assessment before one for any, then the
 * oldest (licenceSpendOrder). A licence emptied meanwhile by a concurrent invitation is skipped.
 * 409 noCredits when none is left. Call it inside the invitation's transaction.
 */
export async function spendCredit(db: Kysely<Database>, clientId: string, assessmentId: string): Promise<string> {
  const candidates = await db
    .selectFrom('licences')
    .select('id')
    .where('clientId', '=', clientId)
    .where((eb) => eb.or([eb('assessmentId', 'is', null), eb('assessmentId', '=', assessmentId)]))
    .where(spendable)
    .orderBy('validUntil')
    .orderBy(sql`assessment_id is null`)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  for (const { id } of candidates) {
    const spent = await db
      .updateTable('licences')
      .set({ used: sql`used + 1`, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where(spendable)
      .returning('id')
      .executeTakeFirst();
    if (spent) return spent.id;
  }
  throw conflict(BUSINESS_MESSAGES.noCredits);
}

/**
 * Revokes an invitation that was never opened and gives its credit back, in one statement: the
 * invitation's licence_id is cleared as it is revoked, so a second revoke finds nothing to refund.
 * Answers whether it was revoked now (false: opened meanwhile, or revoked already).
 */
export async function revokeUnopened(db: Kysely<Database>, invitationId: string): Promise<{ revoked: boolean; refundedLicenceId: string | null }> {
  const result = await sql<{ id: string; licenceId: string | null }>`
    with before as (select id, licence_id from invitations where id = ${invitationId} for update),
    revoked as (
      update invitations set revoked_at = now(), updated_at = now(), licence_id = null
      from before
      where invitations.id = before.id and invitations.revoked_at is null and invitations.opened_at is null
        and invitations.status in ('PENDING', 'EXPIRED')
      returning invitations.id, before.licence_id
    ),
    refunded as (
      update licences set used = used - 1, updated_at = now()
      where id = (select licence_id from revoked) and used > 0
      returning id
    )
    select revoked.id, (select id from refunded) as licence_id from revoked`.execute(db);
  const row = result.rows[0];
  return { revoked: !!row, refundedLicenceId: row?.licenceId ?? null };
}
