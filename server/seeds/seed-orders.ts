/**
 * Demo orders (issue 11): a price list (a price for any assessment and two of their own), and orders
 * of Acme and Globex in every state over the last four months, placed, paid, cancelled and refunded
 * through the same functions the server uses, so that paid orders grant their licences as it does.
 */
import type { PaymentMethod } from '../../src/domain/business';
import { manualPayments, storePayment } from '../lib/payments';
import { cancelOrderIn, insertOrder, priceOf, refundOrderIn } from '../modules/orders/queries';
import type { DB } from '../db/index';

const DAY = 86_400_000;

interface DemoPayment {
  daysAgo: number;
  /** Share of the order's total (the last payment of a paid order takes what is left). */
  share?: number;
  method: PaymentMethod;
  reference: string;
}

interface DemoOrder {
  client: 'acme' | 'globex';
  assessment: string;
  credits: number;
  daysAgo: number;
  notes?: string;
  payments?: DemoPayment[];
  cancelledDaysAgo?: number;
  refundedDaysAgo?: number;
}

const SUPPORT = 'Customer Support Associate: Hiring 2026';
const CAMPUS = 'Campus Drive 2026: Open Application';
const BACKEND = 'Backend Engineer Screening';

const ORDERS: DemoOrder[] = [
  { client: 'acme', assessment: SUPPORT, credits: 100, daysAgo: 118, notes: 'Pune support centre, first quarter', payments: [{ daysAgo: 115, method: 'BANK_TRANSFER', reference: 'NEFT HDFCN52026081512345' }] },
  {
    client: 'acme',
    assessment: CAMPUS,
    credits: 250,
    daysAgo: 92,
    notes: 'Campus season: IIT Bombay, COEP, VIT',
    payments: [
      { daysAgo: 90, share: 0.5, method: 'UPI', reference: 'UPI 412345678901' },
      { daysAgo: 84, method: 'BANK_TRANSFER', reference: 'RTGS ICICR52026090300981' },
    ],
  },
  { client: 'acme', assessment: SUPPORT, credits: 20, daysAgo: 63, cancelledDaysAgo: 61, notes: 'Placed twice by mistake' },
  { client: 'acme', assessment: SUPPORT, credits: 50, daysAgo: 33, notes: 'Bengaluru centre', payments: [{ daysAgo: 28, share: 0.4, method: 'CHEQUE', reference: 'CHQ 004512 SBI Pune' }] },
  { client: 'acme', assessment: CAMPUS, credits: 40, daysAgo: 4, notes: 'Off-campus drive, December' },
  { client: 'globex', assessment: BACKEND, credits: 60, daysAgo: 110, payments: [{ daysAgo: 104, method: 'CHEQUE', reference: 'CHQ 778120 Axis Bank' }] },
  { client: 'globex', assessment: BACKEND, credits: 30, daysAgo: 76, payments: [{ daysAgo: 74, method: 'CARD', reference: 'POS 99120044' }], refundedDaysAgo: 52 },
  {
    client: 'globex',
    assessment: BACKEND,
    credits: 80,
    daysAgo: 47,
    notes: 'Hyderabad engineering hiring',
    payments: [
      { daysAgo: 45, share: 0.25, method: 'UPI', reference: 'UPI 523390112233' },
      { daysAgo: 38, method: 'BANK_TRANSFER', reference: 'NEFT KKBKN52026101700077' },
    ],
  },
  { client: 'globex', assessment: BACKEND, credits: 10, daysAgo: 21, cancelledDaysAgo: 20 },
  { client: 'globex', assessment: BACKEND, credits: 25, daysAgo: 9 },
];

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function seedDemoOrders(
  db: DB,
  ids: { clients: Record<'acme' | 'globex', string>; placers: Record<'acme' | 'globex', string>; staff: string },
  now = Date.now(),
) {
  const assessments = Object.fromEntries((await db.selectFrom('assessments').select(['id', 'name']).where('name', 'in', [SUPPORT, CAMPUS, BACKEND]).execute()).map((a) => [a.name, a.id]));
  const priceSetAt = new Date(now - 125 * DAY);
  await db
    .insertInto('priceList')
    .values([
      { assessmentId: null, unitPricePaise: 50_000, taxRateBp: 1800, updatedBy: ids.staff, createdAt: priceSetAt, updatedAt: priceSetAt },
      { assessmentId: assessments[SUPPORT], unitPricePaise: 45_000, taxRateBp: 1800, updatedBy: ids.staff, createdAt: priceSetAt, updatedAt: priceSetAt },
      { assessmentId: assessments[BACKEND], unitPricePaise: 75_000, taxRateBp: 1800, updatedBy: ids.staff, createdAt: priceSetAt, updatedAt: priceSetAt },
    ])
    .execute();

  for (const demo of ORDERS) {
    const assessmentId = assessments[demo.assessment];
    const price = (await priceOf(db, assessmentId))!;
    const order = await insertOrder(db, {
      clientId: ids.clients[demo.client],
      assessmentId,
      credits: demo.credits,
      ...price,
      notes: demo.notes ?? null,
      placedBy: ids.placers[demo.client],
      placedAt: new Date(now - demo.daysAgo * DAY),
    });
    const { totalPaise } = await db.selectFrom('orders').select('totalPaise').where('id', '=', order.id).executeTakeFirstOrThrow();
    let left = Number(totalPaise);
    for (const payment of demo.payments ?? []) {
      const amountPaise = payment.share ? Math.round(Number(totalPaise) * payment.share) : left;
      left -= amountPaise;
      const at = new Date(now - payment.daysAgo * DAY);
      await storePayment(db, order.id, { amountPaise, method: payment.method, reference: payment.reference, paidOn: day(at.getTime()) }, ids.staff, manualPayments, at);
    }
    if (demo.cancelledDaysAgo !== undefined) await cancelOrderIn(db, order.id, false, new Date(now - demo.cancelledDaysAgo * DAY));
    if (demo.refundedDaysAgo !== undefined) await refundOrderIn(db, order.id, new Date(now - demo.refundedDaysAgo * DAY));
  }
}
