/** Orders and the price list: the rows the screens read, the price of an assessment, a new order. */
import { sql, type Insertable, type Updateable } from 'kysely';
import { BUSINESS_MESSAGES, ORDER_MESSAGES, orderFigures, outstandingPaise, type OrderStatus, type PaymentMethod } from '../../../src/domain/business';
import type { OrderRecord, OrderRow } from '../../../src/domain/orders';
import type { DB } from '../../db/index';
import type { PriceListTable } from '../../db/types';
import { conflict } from '../../lib/errors';
import { paidPaise, paymentsOf } from '../../lib/payments';
import { assessmentNameFor } from '../../lib/assessment-names';

/** The list's selection: the order, its client's and assessment's names, what has been paid. */
export const selectOrderRows = (db: DB) =>
  db
    .selectFrom('orders')
    .innerJoin('clients', 'clients.id', 'orders.clientId')
    .leftJoin('assessments', 'assessments.id', 'orders.assessmentId')
    .select([
      'orders.id',
      'orders.number',
      'orders.clientId',
      'clients.name as clientName',
      'orders.assessmentId',
      assessmentNameFor(sql.ref('orders.clientId')).as('assessmentName'),
      'orders.credits',
      'orders.unitPricePaise',
      'orders.taxRateBp',
      'orders.subtotalPaise',
      'orders.taxPaise',
      'orders.totalPaise',
      'orders.status',
      'orders.placedAt',
    ])
    .select((eb) => eb.selectFrom('payments').select(sql<string>`coalesce(sum(amount_paise), 0)`.as('paid')).whereRef('payments.orderId', '=', 'orders.id').as('paidPaise'));

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['executeTakeFirstOrThrow']>>;
/** Money as numbers (bigint columns arrive as strings from pg). */
export const orderRow = (row: SelectedRow): OrderRow => ({
  ...row,
  clientName: row.clientName,
  unitPricePaise: Number(row.unitPricePaise),
  subtotalPaise: Number(row.subtotalPaise),
  taxPaise: Number(row.taxPaise),
  totalPaise: Number(row.totalPaise),
  paidPaise: Number(row.paidPaise ?? 0),
  status: row.status as OrderStatus,
  placedAt: new Date(row.placedAt).toISOString(),
});

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The full order: figures, payments, the licence it granted. Undefined when there is none. */
export async function orderRecord(db: DB, id: string): Promise<OrderRecord | undefined> {
  const row = await selectOrderRows(db)
    .leftJoin('users', 'users.id', 'orders.placedBy')
    .select(['orders.notes', 'orders.paidAt', 'orders.cancelledAt', 'orders.refundedAt', 'users.name as placedByName'])
    .where('orders.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const base = orderRow(row);
  const payments = await paymentsOf(db, id);
  const licence = await db
    .selectFrom('licences')
    .select(['id', 'credits', 'used', 'validFrom', 'validUntil', 'revokedAt'])
    .where('orderId', '=', id)
    .executeTakeFirst();
  return {
    ...base,
    notes: row.notes,
    placedByName: row.placedByName,
    paidAt: iso(row.paidAt),
    cancelledAt: iso(row.cancelledAt),
    refundedAt: iso(row.refundedAt),
    outstandingPaise: base.status === 'PENDING' ? outstandingPaise(base.totalPaise, base.paidPaise) : 0,
    payments: payments.map((p) => ({ ...p, method: p.method as PaymentMethod, createdAt: new Date(p.createdAt).toISOString() })),
    licence: licence
      ? { ...licence, validFrom: new Date(licence.validFrom).toISOString(), validUntil: new Date(licence.validUntil).toISOString(), revokedAt: iso(licence.revokedAt) }
      : null,
  };
}

/** Whether a client may use an assessment: its own, or one of the provider's library it was given. */
export async function clientMayUse(db: DB, clientId: string, assessmentId: string): Promise<{ name: string } | undefined> {
  return db
    .selectFrom('assessments')
    // Named as the client calls it, on the order form and in the order's summary.
    .select(assessmentNameFor(clientId).as('name'))
    .where('assessments.id', '=', assessmentId)
    .where((eb) =>
      eb.or([
        eb('assessments.clientId', '=', clientId),
        eb.exists(eb.selectFrom('clientAssessments').select('clientAssessments.assessmentId').whereRef('clientAssessments.assessmentId', '=', 'assessments.id').where('clientAssessments.clientId', '=', clientId)),
      ]),
    )
    .executeTakeFirst();
}

/** The price per credit of an assessment: its own, else the price for any assessment; undefined when neither exists. */
export async function priceOf(db: DB, assessmentId: string): Promise<{ unitPricePaise: number; taxRateBp: number } | undefined> {
  const row = await db
    .selectFrom('priceList')
    .select(['unitPricePaise', 'taxRateBp'])
    .where((eb) => eb.or([eb('assessmentId', '=', assessmentId), eb('assessmentId', 'is', null)]))
    // The assessment's own price first (nulls sort last in ascending order).
    .orderBy(sql`assessment_id nulls last`)
    .limit(1)
    .executeTakeFirst();
  return row ? { unitPricePaise: Number(row.unitPricePaise), taxRateBp: row.taxRateBp } : undefined;
}

/** Stores a pending order with its figures fixed now, from the price given. */
export async function insertOrder(
  db: DB,
  order: { clientId: string; assessmentId: string; credits: number; unitPricePaise: number; taxRateBp: number; notes?: string | null; placedBy: string | null; placedAt?: Date },
): Promise<{ id: string; number: string }> {
  const figures = orderFigures(order.credits, order.unitPricePaise, order.taxRateBp);
  return db
    .insertInto('orders')
    .values({
      clientId: order.clientId,
      assessmentId: order.assessmentId,
      ...figures,
      notes: order.notes ?? null,
      placedBy: order.placedBy,
      ...(order.placedAt ? { placedAt: order.placedAt, updatedAt: order.placedAt } : {}),
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
}

/**
 * Cancels a pending order, in the caller's transaction (the row locked against a racing payment).
 * A client may cancel only while nothing is paid; the provider's staff at any time before it is paid
 * (money received on it goes back outside the app).
 */
export async function cancelOrderIn(trx: DB, orderId: string, byClient: boolean, now = new Date()) {
  const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
  if (order.status !== 'PENDING') throw conflict(BUSINESS_MESSAGES.orderNotPending);
  if (byClient && (await paidPaise(trx, orderId)) > 0) throw conflict(ORDER_MESSAGES.hasPayments);
  await trx.updateTable('orders').set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now }).where('id', '=', orderId).execute();
}

/**
 * Refunds a paid order, in the caller's transaction: the order is refunded and its licence revoked,
 * so its unused credits can no longer be spent; credits already spent on invitations stay spent
 * (those invitations stay valid). The money itself goes back outside the app.
 */
export async function refundOrderIn(trx: DB, orderId: string, now = new Date()) {
  const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
  if (order.status !== 'PAID') throw conflict(ORDER_MESSAGES.notPaid);
  await trx.updateTable('orders').set({ status: 'REFUNDED', refundedAt: now, updatedAt: now }).where('id', '=', orderId).execute();
  await trx.updateTable('licences').set({ revokedAt: now, updatedAt: now }).where('orderId', '=', orderId).where('revokedAt', 'is', null).execute();
}

/** The buyer as an invoice names them. */
export const findBuyer = (db: DB, clientId: string) =>
  db.selectFrom('clients').select(['name', 'address', 'city', 'state', 'postalCode', 'country', 'gstin']).where('id', '=', clientId).executeTakeFirstOrThrow();

export const findClientName = (db: DB, clientId: string) => db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirstOrThrow();

export const findUserContact = (db: DB, userId: string) => db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();

/** Whom a new order is mailed to on the provider's side. */
export const activeAdminEmails = (db: DB) => db.selectFrom('users').select('email').where('role', '=', 'ADMIN').where('isActive', '=', true).execute();

// ---------------------------------------------------------------------------------------------
// The price list

/** The price list's selection: each price with its assessment's and that assessment's client's names. */
export const selectPrices = (db: DB) =>
  db
    .selectFrom('priceList')
    .leftJoin('assessments', 'assessments.id', 'priceList.assessmentId')
    .leftJoin('clients', 'clients.id', 'assessments.clientId')
    .select(['priceList.id', 'priceList.assessmentId', 'assessments.name as assessmentName', 'clients.name as clientName', 'priceList.unitPricePaise', 'priceList.taxRateBp', 'priceList.updatedAt']);
export const priceRow = (row: Awaited<ReturnType<ReturnType<typeof selectPrices>['executeTakeFirstOrThrow']>>) => ({
  ...row,
  unitPricePaise: Number(row.unitPricePaise),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

export const findPrice = (db: DB, id: string) => selectPrices(db).where('priceList.id', '=', id).executeTakeFirst();

/** A price that exists (just written). */
export const loadPrice = (db: DB, id: string) => selectPrices(db).where('priceList.id', '=', id).executeTakeFirstOrThrow();

export const assessmentExists = async (db: DB, id: string) => !!(await db.selectFrom('assessments').select('id').where('id', '=', id).executeTakeFirst());

/** The price of the assessment, or the one for any assessment (null). */
export const findPriceOf = (db: DB, assessmentId: string | null) =>
  db
    .selectFrom('priceList')
    .select('id')
    .where((eb) => (assessmentId ? eb('assessmentId', '=', assessmentId) : eb('assessmentId', 'is', null)))
    .executeTakeFirst();

export const insertPrice = async (db: DB, values: Insertable<PriceListTable>): Promise<string> => (await db.insertInto('priceList').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const updatePrice = (db: DB, id: string, values: Updateable<PriceListTable>) => db.updateTable('priceList').set(values).where('id', '=', id).execute();

export const deletePrice = (db: DB, id: string) => db.deleteFrom('priceList').where('id', '=', id).execute();
