/**
 * Orders, payments and the price list: an order's figures fixed from the price list (tax rounded
 * half up), a client orders only assessments it may use and only when they have a price, payments
 * up to what is owed, the same reference once, an order paid (twice, or by two racing payments)
 * granting one licence, cancel and refund rules, tenancy of orders and invoices, and who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, ORDER_LICENCE_DAYS, ORDER_MESSAGES } from '../../src/domain/business';
import { grantOrderLicence } from '../../server/lib/payments';
import { clientIdByName } from './business-fixtures';
import { listUrl, startTestServer, type TestServer } from './harness';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, USER } from './staff-fixtures';

let server: TestServer;
let acmeId: string;
let support: string; // Acme's own assessment
let backend: string; // Globex's own assessment
let library: string; // the provider's, given to nobody yet

const db = () => server.database.db;
const as = (email: string, options: Parameters<TestServer['asUser']>[1]) => server.asUser(email, options);
const place = (email: string, payload: object) => as(email, { method: 'POST', url: '/api/orders', payload });
const pay = (orderId: string, payload: object, email = ADMIN) =>
  as(email, { method: 'POST', url: `/api/orders/${orderId}/payments`, payload: { method: 'BANK_TRANSFER', paidOn: '2026-11-20', ...payload } });
const assessmentId = async (name: string) => (await db().selectFrom('assessments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const licencesOf = (orderId: string) => db().selectFrom('licences').selectAll().where('orderId', '=', orderId).execute();

async function setPrice(assessment: string | null, unitPricePaise: number, taxRateBp = 1800) {
  await db().deleteFrom('priceList').where((eb) => (assessment ? eb('assessmentId', '=', assessment) : eb('assessmentId', 'is', null))).execute();
  await db().insertInto('priceList').values({ assessmentId: assessment, unitPricePaise, taxRateBp }).execute();
}

/** A pending order of Acme's for its support assessment, answered as the API gives it. */
async function acmeOrder(credits = 10) {
  const res = await place(ACME, { assessmentId: support, credits });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; number: string; totalPaise: number; status: string };
}

beforeAll(async () => {
  server = await startTestServer();
  acmeId = await clientIdByName(db(), 'Acme Industries');
  support = await assessmentId('Customer Support Associate: Hiring 2026');
  backend = await assessmentId('Backend Engineer Screening');
  library = await assessmentId('Know Your Strengths');
  // Tests below set their own prices; the demo's are cleared.
  await db().deleteFrom('priceList').execute();
  await setPrice(null, 50_000);
  await setPrice(support, 45_000);
});
afterAll(() => server.close());

describe('the demo orders', () => {
  it('hold every state for both clients over four months, each paid or refunded order with its one licence', async () => {
    const rows = await db().selectFrom('orders').innerJoin('clients', 'clients.id', 'orders.clientId').select(['orders.id', 'orders.status', 'orders.placedAt', 'clients.name']).execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['PENDING', 'PAID', 'CANCELLED', 'REFUNDED']));
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(['Acme Industries', 'Globex Solutions']));
    const oldest = Math.min(...rows.map((r) => new Date(r.placedAt).getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(100 * 86_400_000);
    for (const row of rows) {
      const licences = await licencesOf(row.id);
      expect(licences, row.status).toHaveLength(row.status === 'PAID' || row.status === 'REFUNDED' ? 1 : 0);
      if (row.status === 'REFUNDED') expect(licences[0].revokedAt).not.toBeNull();
    }
  });
});

describe('placing an order', () => {
  it('fixes the figures from the assessment’s own price, with GST, and mails the provider and the client', async () => {
    const res = await place(ACME, { assessmentId: support, credits: 3, notes: 'For the Pune centre' });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({ status: 'PENDING', credits: 3, unitPricePaise: 45_000, taxRateBp: 1800, subtotalPaise: 135_000, taxPaise: 24_300, totalPaise: 159_300, paidPaise: 0, outstandingPaise: 159_300, clientName: 'Acme Industries', notes: 'For the Pune centre' });
    expect(order.number).toMatch(/^SG-\d+$/);
    expect((await server.latestMail(ADMIN))?.subject).toBe(`New order ${order.number} from Acme Industries`);
    expect((await server.latestMail(ACME))?.textBody).toContain('₹1,593.00');
    // A later change of price leaves the placed order as it was.
    await setPrice(support, 60_000);
    expect((await as(ACME, { method: 'GET', url: `/api/orders/${order.id}` })).json().data.totalPaise).toBe(159_300);
    await setPrice(support, 45_000);
  });

  it('rounds the tax half up to the paisa, and falls back on the price for any assessment', async () => {
    await setPrice(support, 25); // 25 paise × 18 % = 4.5 paise → 5
    expect((await place(ACME, { assessmentId: support, credits: 1 })).json().data).toMatchObject({ taxPaise: 5, totalPaise: 30 });
    await setPrice(support, 333); // 7 × 333 = 2331; 18 % = 419.58 → 420
    expect((await place(ACME, { assessmentId: support, credits: 7 })).json().data).toMatchObject({ subtotalPaise: 2331, taxPaise: 420, totalPaise: 2751 });
    await db().deleteFrom('priceList').where('assessmentId', '=', support).execute();
    expect((await place(ACME, { assessmentId: support, credits: 2 })).json().data).toMatchObject({ unitPricePaise: 50_000, totalPaise: 118_000 });
    await setPrice(support, 45_000);
  });

  it('answers the price the page shows before the order', async () => {
    const res = await as(ACME, { method: 'GET', url: `/api/orders/price/${support}` });
    expect(res.json().data).toEqual({ assessmentId: support, assessmentName: 'Customer Support Associate: Hiring 2026', unitPricePaise: 45_000, taxRateBp: 1800 });
  });

  it('refuses an assessment with no price and no price for any with a clear 409', async () => {
    await db().deleteFrom('priceList').where('assessmentId', 'is', null).execute();
    const res = await place(GLOBEX, { assessmentId: backend, credits: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(ORDER_MESSAGES.noPrice);
    expect((await as(GLOBEX, { method: 'GET', url: `/api/orders/price/${backend}` })).statusCode).toBe(409);
    await setPrice(null, 50_000);
  });

  it('lets a client order only assessments it may use: its own, or library ones it was given', async () => {
    const other = await place(ACME, { assessmentId: backend, credits: 1 });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(ORDER_MESSAGES.notYours);
    expect((await place(ACME, { assessmentId: library, credits: 1 })).statusCode).toBe(404);
    await db().insertInto('clientAssessments').values({ clientId: acmeId, assessmentId: library, settings: JSON.stringify({}) }).execute();
    expect((await place(ACME, { assessmentId: library, credits: 1 })).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 and a sentence', async () => {
    for (const payload of [{ assessmentId: support, credits: 0 }, { assessmentId: support, credits: 2.5 }, { assessmentId: support, credits: 100_001 }, { assessmentId: 'x', credits: 1 }, { assessmentId: support, credits: '3' }, { assessmentId: support, credits: 1, extra: 1 }]) {
      const res = await place(ACME, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toBeTruthy();
    }
  });

  it('is for a client’s users with ORDERS create: not the provider’s staff, not a recruiter without it, not a candidate', async () => {
    const staff = await place(ADMIN, { assessmentId: support, credits: 1 });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().msg).toBe(ORDER_MESSAGES.clientsOnly);
    expect((await place(ACME_RECRUITER, { assessmentId: support, credits: 1 })).statusCode).toBe(403);
    expect((await place(USER, { assessmentId: support, credits: 1 })).statusCode).toBe(403);
    expect((await server.as(undefined, { method: 'POST', url: '/api/orders', payload: { assessmentId: support, credits: 1 } })).statusCode).toBe(401);
  });
});

describe('payments', () => {
  it('part payments leave it pending; the one that covers the total pays it and grants its licence', async () => {
    const order = await acmeOrder(10); // 10 × 450 + 18 % = ₹5,310.00
    expect(order.totalPaise).toBe(531_000);
    const first = await pay(order.id, { amountPaise: 200_000, reference: 'UTR-001', method: 'UPI' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ duplicate: false, completed: false, order: { status: 'PENDING', paidPaise: 200_000, outstandingPaise: 331_000 } });
    expect(await licencesOf(order.id)).toHaveLength(0);

    const over = await pay(order.id, { amountPaise: 331_001, reference: 'UTR-002' });
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toBe(BUSINESS_MESSAGES.overpaid);

    const rest = await pay(order.id, { amountPaise: 331_000, reference: 'UTR-002' });
    expect(rest.json().data).toMatchObject({ completed: true, order: { status: 'PAID', paidPaise: 531_000, outstandingPaise: 0 } });
    const [licence] = await licencesOf(order.id);
    expect(licence).toMatchObject({ clientId: acmeId, assessmentId: support, credits: 10, used: 0, revokedAt: null });
    const days = (new Date(licence.validUntil).getTime() - new Date(licence.validFrom).getTime()) / 86_400_000;
    expect(days).toBe(ORDER_LICENCE_DAYS);
    expect(rest.json().data.order.licence.id).toBe(licence.id);
  });

  it('the same reference twice is one payment (200 with the first); another amount under it is a 409', async () => {
    const order = await acmeOrder(2);
    const first = (await pay(order.id, { amountPaise: 1000, reference: 'CHQ 4411' })).json().data;
    const again = await pay(order.id, { amountPaise: 1000, reference: 'CHQ 4411' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ duplicate: true, payment: { id: first.payment.id } });
    const differs = await pay(order.id, { amountPaise: 2000, reference: 'CHQ 4411' });
    expect(differs.statusCode).toBe(409);
    expect(differs.json().msg).toBe(ORDER_MESSAGES.referenceDiffers);
    expect((await as(ADMIN, { method: 'GET', url: `/api/orders/${order.id}` })).json().data.payments).toHaveLength(1);
  });

  it('an order paid twice grants one licence, and a paid order takes no more payments', async () => {
    const order = await acmeOrder(1);
    expect((await pay(order.id, { amountPaise: order.totalPaise, reference: 'A1' })).json().data.completed).toBe(true);
    const second = await pay(order.id, { amountPaise: 1, reference: 'A2' });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(BUSINESS_MESSAGES.orderNotPending);
    // The same payment sent again (a retried request) answers the first, and grants nothing more.
    expect((await pay(order.id, { amountPaise: order.totalPaise, reference: 'A1' })).json().data.duplicate).toBe(true);
    // Granting again, by code, inserts nothing: order_id is unique.
    const full = await db().selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    await grantOrderLicence(db(), full, null, new Date());
    expect(await licencesOf(order.id)).toHaveLength(1);
  });

  it('two payments racing to pay the whole order: one is taken, one licence', async () => {
    const order = await acmeOrder(4);
    const results = await Promise.all([pay(order.id, { amountPaise: order.totalPaise, reference: 'RACE-1' }), pay(order.id, { amountPaise: order.totalPaise, reference: 'RACE-2' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await licencesOf(order.id)).toHaveLength(1);
    expect((await as(ADMIN, { method: 'GET', url: `/api/orders/${order.id}` })).json().data).toMatchObject({ status: 'PAID', paidPaise: order.totalPaise });
  });

  it('ten part payments racing for the last rupees never pay more than the total', async () => {
    const order = await acmeOrder(1); // ₹531.00
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => pay(order.id, { amountPaise: 10_000, reference: `P-${i}` })));
    const taken = results.filter((r) => r.statusCode === 200).length;
    expect(taken).toBe(5);
    const record = (await as(ADMIN, { method: 'GET', url: `/api/orders/${order.id}` })).json().data;
    expect(record.paidPaise).toBe(50_000);
    expect(record.status).toBe('PENDING');
  });

  it('is recorded by provider staff only, with valid input', async () => {
    const order = await acmeOrder(1);
    expect((await pay(order.id, { amountPaise: 100, reference: 'X' }, ACME)).statusCode).toBe(403);
    expect((await pay(order.id, { amountPaise: 100, reference: 'X' }, GLOBEX)).statusCode).toBe(403);
    for (const payload of [{ amountPaise: 0, reference: 'X' }, { amountPaise: -5, reference: 'X' }, { amountPaise: 1.5, reference: 'X' }, { amountPaise: 100, reference: '' }, { amountPaise: 100, reference: 'X', method: 'BITCOIN' }, { amountPaise: 100, reference: 'X', paidOn: '2026-02-30' }, { amountPaise: 100, reference: 'X', paidOn: '2999-01-01' }, { amountPaise: 100, reference: 'X', paidOn: 'yesterday' }]) {
      const res = await pay(order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toBeTruthy();
    }
    expect((await pay('00000000-0000-4000-8000-000000000000', { amountPaise: 100, reference: 'X' })).statusCode).toBe(404);
  });
});

describe('cancel and refund', () => {
  it('a client cancels its own pending order once; another client cannot see it', async () => {
    const order = await acmeOrder(1);
    expect((await as(GLOBEX, { method: 'POST', url: `/api/orders/${order.id}/cancel` })).statusCode).toBe(404);
    const res = await as(ACME, { method: 'POST', url: `/api/orders/${order.id}/cancel` });
    expect(res.json().data).toMatchObject({ status: 'CANCELLED' });
    expect(res.json().data.cancelledAt).toBeTruthy();
    const again = await as(ACME, { method: 'POST', url: `/api/orders/${order.id}/cancel` });
    expect(again.statusCode).toBe(409);
    expect((await pay(order.id, { amountPaise: 100, reference: 'late' })).statusCode).toBe(409);
  });

  it('a part-paid order is cancelled by staff, not by the client', async () => {
    const order = await acmeOrder(1);
    await pay(order.id, { amountPaise: 100, reference: 'part' });
    const client = await as(ACME, { method: 'POST', url: `/api/orders/${order.id}/cancel` });
    expect(client.statusCode).toBe(409);
    expect(client.json().msg).toBe(ORDER_MESSAGES.hasPayments);
    expect((await as(ADMIN, { method: 'POST', url: `/api/orders/${order.id}/cancel` })).json().data.status).toBe('CANCELLED');
  });

  it('staff refund a paid order: its licence is revoked; a pending order cannot be refunded; clients cannot refund', async () => {
    const order = await acmeOrder(2);
    const pending = await as(ADMIN, { method: 'POST', url: `/api/orders/${order.id}/refund` });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().msg).toBe(ORDER_MESSAGES.notPaid);
    await pay(order.id, { amountPaise: order.totalPaise, reference: 'R1' });
    await db().updateTable('licences').set({ used: 1 }).where('orderId', '=', order.id).execute();
    expect((await as(ACME, { method: 'POST', url: `/api/orders/${order.id}/refund` })).statusCode).toBe(403);
    const res = await as(ADMIN, { method: 'POST', url: `/api/orders/${order.id}/refund` });
    expect(res.json().data).toMatchObject({ status: 'REFUNDED', licence: { used: 1, credits: 2 } });
    expect(res.json().data.licence.revokedAt).toBeTruthy();
    expect((await as(ADMIN, { method: 'POST', url: `/api/orders/${order.id}/refund` })).statusCode).toBe(409);
    expect((await as(ADMIN, { method: 'POST', url: `/api/orders/${order.id}/cancel` })).statusCode).toBe(409);
  });
});

describe('lists, records and invoices', () => {
  it('a client lists its own orders; staff list all, filtered by status, client and dates', async () => {
    const globexId = await clientIdByName(db(), 'Globex Solutions');
    await place(GLOBEX, { assessmentId: backend, credits: 5 });
    const acme = await as(ACME, { method: 'GET', url: listUrl('/api/orders', { range: [0, 99] }) });
    expect(acme.statusCode).toBe(200);
    expect(acme.json().data.length).toBeGreaterThan(3);
    expect(acme.json().data.every((o: { clientId: string }) => o.clientId === acmeId)).toBe(true);
    // A client's filter for another client is still its own scope: nothing.
    expect((await as(ACME, { method: 'GET', url: listUrl('/api/orders', { filter: { clientId: globexId } }) })).json().data).toEqual([]);
    const all = (await as(ADMIN, { method: 'GET', url: listUrl('/api/orders', { range: [0, 99] }) })).json().data as { clientId: string }[];
    expect(new Set(all.map((o) => o.clientId))).toEqual(new Set([acmeId, globexId]));
    const paid = (await as(ADMIN, { method: 'GET', url: listUrl('/api/orders', { filter: { status: 'PAID', clientId: acmeId } }) })).json().data as { status: string; paidPaise: number; totalPaise: number }[];
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((o) => o.status === 'PAID' && o.paidPaise === o.totalPaise)).toBe(true);
    expect((await as(ADMIN, { method: 'GET', url: listUrl('/api/orders', { filter: { placedAt_gte: '2099-01-01T00:00:00Z' } }) })).json().data).toEqual([]);
    expect((await as(ADMIN, { method: 'GET', url: listUrl('/api/orders', { filter: { placedAt_gte: 'soon' } }) })).statusCode).toBe(400);
    expect((await as(ADMIN, { method: 'GET', url: listUrl('/api/orders', { sort: ['secret', 'ASC'] }) })).statusCode).toBe(400);
    // Provider staff with ORDERS view (the Global Coordinator's role) read all; a recruiter without it nothing.
    expect((await as(ACME_RECRUITER, { method: 'GET', url: '/api/orders' })).statusCode).toBe(403);
    expect((await as(USER, { method: 'GET', url: '/api/orders' })).statusCode).toBe(403);
  });

  it('an order and its invoice are its client’s and the staff’s only', async () => {
    const order = await acmeOrder(3);
    await pay(order.id, { amountPaise: 10_000, reference: 'INV-1' });
    expect((await as(GLOBEX, { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(404);
    expect((await as(GLOBEX, { method: 'GET', url: `/api/orders/${order.id}/invoice` })).statusCode).toBe(404);
    expect((await as(GLOBEX, { method: 'GET', url: `/api/orders/${order.id}/invoice.pdf` })).statusCode).toBe(404);
    await db().updateTable('clients').set({ address: '14 MG Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001', gstin: '27AAPFU0939F1ZV' }).where('id', '=', acmeId).execute();
    const invoice = (await as(ACME, { method: 'GET', url: `/api/orders/${order.id}/invoice` })).json().data;
    expect(invoice).toMatchObject({
      seller: { name: 'Skillgauge', gstin: null },
      buyer: { name: 'Acme Industries', city: 'Pune', gstin: '27AAPFU0939F1ZV', postalCode: '411001' },
      order: { id: order.id, number: order.number, totalPaise: order.totalPaise, paidPaise: 10_000 },
    });
    expect(invoice.order.payments).toHaveLength(1);
    expect((await as(ADMIN, { method: 'GET', url: `/api/orders/${order.id}/invoice` })).statusCode).toBe(200);
  });

  it('the invoice PDF answers 503 with the sentence where PDFs cannot be printed, and its print data only with a ticket', async () => {
    const order = await acmeOrder(1);
    const res = await as(ACME, { method: 'GET', url: `/api/orders/${order.id}/invoice.pdf` });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('PDF rendering is not configured on this server');
    expect((await server.as(undefined, { method: 'GET', url: `/api/orders/${order.id}/invoice/print`, headers: { 'x-print-ticket': 'guess' } })).statusCode).toBe(401);
  });

  it('a missing or malformed id is a 404 or 400, never a 500', async () => {
    expect((await as(ADMIN, { method: 'GET', url: '/api/orders/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await as(ADMIN, { method: 'GET', url: '/api/orders/nope' })).statusCode).toBe(400);
    expect((await as(ACME, { method: 'GET', url: '/api/orders/price/nope' })).statusCode).toBe(400);
  });
});

describe('the price list', () => {
  it('is kept by provider staff: one price per assessment and one for any', async () => {
    const list = await as(ADMIN, { method: 'GET', url: listUrl('/api/price-list', { range: [0, 49] }) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { assessmentName: string | null }) => p.assessmentName)).toEqual(expect.arrayContaining([null, 'Customer Support Associate: Hiring 2026']));
    const twice = await as(ADMIN, { method: 'POST', url: '/api/price-list', payload: { assessmentId: null, unitPricePaise: 1 } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(ORDER_MESSAGES.priceExists);
    const created = await as(ADMIN, { method: 'POST', url: '/api/price-list', payload: { assessmentId: backend, unitPricePaise: 75_000 } });
    expect(created.json().data).toMatchObject({ assessmentName: 'Backend Engineer Screening', clientName: 'Globex Solutions', unitPricePaise: 75_000, taxRateBp: 1800 });
    const id = created.json().data.id;
    expect((await as(ADMIN, { method: 'PUT', url: `/api/price-list/${id}`, payload: { unitPricePaise: 80_000, taxRateBp: 1200 } })).json().data).toMatchObject({ unitPricePaise: 80_000, taxRateBp: 1200 });
    expect((await as(GLOBEX, { method: 'GET', url: `/api/orders/price/${backend}` })).json().data).toMatchObject({ unitPricePaise: 80_000, taxRateBp: 1200 });
    for (const payload of [{ unitPricePaise: -1, taxRateBp: 1800 }, { unitPricePaise: 10, taxRateBp: 10_001 }, { unitPricePaise: 1.5, taxRateBp: 1800 }])
      expect((await as(ADMIN, { method: 'PUT', url: `/api/price-list/${id}`, payload })).statusCode).toBe(400);
    expect((await as(ADMIN, { method: 'DELETE', url: `/api/price-list/${id}` })).statusCode).toBe(200);
    expect((await as(ADMIN, { method: 'DELETE', url: `/api/price-list/${id}` })).statusCode).toBe(404);
    expect((await as(ADMIN, { method: 'POST', url: '/api/price-list', payload: { assessmentId: '00000000-0000-4000-8000-000000000000', unitPricePaise: 1 } })).statusCode).toBe(404);
  });

  it('is not for clients or their users', async () => {
    for (const email of [ACME, GLOBEX, ACME_RECRUITER, USER]) {
      expect((await as(email, { method: 'GET', url: '/api/price-list' })).statusCode, email).toBe(403);
      expect((await as(email, { method: 'POST', url: '/api/price-list', payload: { assessmentId: null, unitPricePaise: 1 } })).statusCode, email).toBe(403);
    }
  });
});
