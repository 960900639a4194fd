/**
 * Payments against orders (ARCHITECTURE.md 7c). A payment reaches an order through a
 * PaymentProvider. The only one here is MANUAL: the provider's staff record a payment that arrived
 * by bank transfer, UPI, cheque and so on, and their word is the proof. A card or UPI gateway
 * (Razorpay, PayU…) would be a second implementation: it would open a checkout for the client and
 * verify the gateway's signed confirmation in `verify` before `recordPayment` stores it. None is
 * configured, and none is pretended.
 *
 * recordPayment runs in one transaction with the order row locked: the payment, the order becoming
 * PAID and the licence it grants commit together or not at all, and two payments racing for one
 * order are taken one after the other. `licences.order_id` is unique, so an order grants one
 * licence whatever happens.
 */
import { sql } from 'kysely';
import { ORDER_LICENCE_DAYS, ORDER_MESSAGES, outstandingPaise, BUSINESS_MESSAGES, type PaymentMethod } from '../../src/domain/business';
import type { DB } from '../db/index';
import { conflict, notFound } from './errors';

const DAY = 86_400_000;

export interface PaymentInput {
  amountPaise: number;
  method: PaymentMethod;
  reference: string;
  /** The day the money arrived, 'YYYY-MM-DD'. */
  paidOn: string;
}

export interface PaymentProvider {
  /** Stored in payments.provider. */
  readonly name: string;
  /** Whether a client can pay by itself (a gateway's checkout); false: the provider's staff record payments. */
  readonly selfService: boolean;
  /** Confirms a payment before it is stored: a gateway checks its confirmation with the gateway; manual recording trusts the staff member. */
  verify(input: PaymentInput): Promise<PaymentInput>;
}

export const manualPayments: PaymentProvider = {
  name: 'MANUAL',
  selfService: false,
  verify: async (input) => input,
};

/** The payment provider in use: manual recording (no gateway is configured). */
export const paymentProvider = (): PaymentProvider => manualPayments;

export interface PaymentRow {
  id: string;
  orderId: string;
  amountPaise: number;
  method: string;
  provider: string;
  reference: string;
  paidOn: string;
  recordedBy: string | null;
  createdAt: Date;
}

/** An order's payments, oldest first, with the day as written ('YYYY-MM-DD', never shifted by a time zone). */
export async function paymentsOf(db: DB, orderId: string): Promise<PaymentRow[]> {
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'orderId', 'amountPaise', 'method', 'provider', 'reference', 'recordedBy', 'createdAt', sql<string>`to_char(paid_on, 'YYYY-MM-DD')`.as('paidOn')])
    .where('orderId', '=', orderId)
    .orderBy('paidOn')
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => ({ ...row, amountPaise: Number(row.amountPaise) }));
}

/**
 * Grants a paid order's licence: its credits for its assessment, valid ORDER_LICENCE_DAYS from
 * `from`. Once: a second call for the same order inserts nothing (unique order_id). Answers the
 * licence's id, new or existing.
 */
export async function grantOrderLicence(
  db: DB,
  order: { id: string; clientId: string; assessmentId: string | null; credits: number; number: string },
  grantedBy: string | null,
  from: Date,
): Promise<string> {
  await db
    .insertInto('licences')
    .values({
      clientId: order.clientId,
      assessmentId: order.assessmentId,
      credits: order.credits,
      validFrom: from,
      validUntil: new Date(from.getTime() + ORDER_LICENCE_DAYS * DAY),
      orderId: order.id,
      notes: `Order ${order.number}`,
      grantedBy,
    })
    .onConflict((oc) => oc.column('orderId').doNothing())
    .execute();
  return (await db.selectFrom('licences').select('id').where('orderId', '=', order.id).executeTakeFirstOrThrow()).id;
}

export interface RecordedPayment {
  payment: PaymentRow;
  /** The same reference was recorded before: nothing new was stored. */
  duplicate: boolean;
  /** The order became paid with this payment (and granted its licence). */
  completed: boolean;
}

/**
 * Records a payment against an order. The same reference again with the same amount is the same
 * payment (a double click, a retried request): answered, not stored twice; with another amount, a
 * 409. More than is owed: 409. An order that is not pending takes no payment.
 */
export async function recordPayment(
  db: DB,
  orderId: string,
  input: PaymentInput,
  recordedBy: string | null,
  provider: PaymentProvider = paymentProvider(),
  now = new Date(),
): Promise<RecordedPayment> {
  const payment = await provider.verify(input);
  return db.transaction().execute((trx) => storePayment(trx, orderId, payment, recordedBy, provider, now));
}

/** recordPayment's work inside a transaction the caller holds (the demo data's, which is one transaction). */
export async function storePayment(trx: DB, orderId: string, payment: PaymentInput, recordedBy: string | null, provider: PaymentProvider, now: Date): Promise<RecordedPayment> {
  // The lock makes racing payments for this order wait for each other.
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!order) throw notFound();
  const existing = await trx
    .selectFrom('payments')
    .select(['id', 'amountPaise'])
    .where('orderId', '=', orderId)
    .where('provider', '=', provider.name)
    .where('reference', '=', payment.reference)
    .executeTakeFirst();
  if (existing) {
    if (Number(existing.amountPaise) !== payment.amountPaise) throw conflict(ORDER_MESSAGES.referenceDiffers, { reference: ORDER_MESSAGES.referenceDiffers });
    const same = (await paymentsOf(trx, orderId)).find((p) => p.id === existing.id)!;
    return { payment: same, duplicate: true, completed: false };
  }
  if (order.status !== 'PENDING') throw conflict(BUSINESS_MESSAGES.orderNotPending);
  const paid = await paidPaise(trx, orderId);
  const owed = outstandingPaise(Number(order.totalPaise), paid);
  if (payment.amountPaise > owed) throw conflict(BUSINESS_MESSAGES.overpaid, { amountPaise: BUSINESS_MESSAGES.overpaid });
  const { id } = await trx
    .insertInto('payments')
    .values({ orderId, amountPaise: payment.amountPaise, method: payment.method, provider: provider.name, reference: payment.reference, paidOn: payment.paidOn, recordedBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  const completed = payment.amountPaise === owed;
  if (completed) {
    await trx.updateTable('orders').set({ status: 'PAID', paidAt: now, updatedAt: now }).where('id', '=', orderId).execute();
    await grantOrderLicence(trx, order, recordedBy, now);
  } else {
    await trx.updateTable('orders').set({ updatedAt: now }).where('id', '=', orderId).execute();
  }
  const stored = (await paymentsOf(trx, orderId)).find((p) => p.id === id)!;
  return { payment: stored, duplicate: false, completed };
}

/** The sum of an order's payments, in paise. */
export async function paidPaise(db: DB, orderId: string): Promise<number> {
  const row = await db.selectFrom('payments').select(sql<string>`coalesce(sum(amount_paise), 0)`.as('paid')).where('orderId', '=', orderId).executeTakeFirst();
  return Number(row?.paid ?? 0);
}
