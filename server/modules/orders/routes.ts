/**
 * Orders, payments, the price list and invoices (ARCHITECTURE.md 7c). A client's users place
 * orders for the assessments their company may use, priced from the price list, and cancel them
 * while nothing is paid; the provider's staff see every order, record payments (server/lib/payments:
 * the order is paid and grants its licence once), cancel and refund, and keep the price list. A
 * client sees only its own orders and invoices (another client's are not found). The invoice is a
 * page of the app, printed as a PDF by the report PDF's renderer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_TAX_RATE_BP,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  PAYMENT_LIMITS,
  PAYMENT_METHODS,
} from '../../../src/domain/business';
import { STORAGE_KEYS } from '../../../src/domain/constants';
import { toUiLanguage } from '../../../src/domain/language';
import { formatRupees } from '../../../src/domain/format';
import { can } from '../../../src/domain/permissions';
import { ORDER_PATHS, PRINT_INVOICE_ERROR_ATTRIBUTE } from '../../../src/domain/printing';
import { assessmentPriceSchema, invoiceSchema, orderRecordSchema, orderRowSchema, priceRowSchema, recordedPaymentSchema, type Invoice } from '../../../src/domain/orders';
import { PRINT_MARGIN_MM, PRINT_PAGE_WIDTH_PX, PRINT_READY_ATTRIBUTE, PRINT_TICKET_HEADER } from '../../../src/domain/printing';
import { answers, fileAnswers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { conflict, forbidden, HttpError, notFound, unauthorized } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import { recordPayment } from '../../lib/payments';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { attachment, PRINT_MESSAGES } from '../report-pdf/routes';
import { printingFor } from '../report-pdf/printing';
import { PDF_MESSAGES } from '../report-pdf/renderer';
import { PrintTickets } from '../report-pdf/tickets';
import {
  activeAdminEmails,
  assessmentExists,
  cancelOrderIn,
  clientMayUse,
  deletePrice,
  findBuyer,
  findClientName,
  findPrice,
  findPriceOf,
  findUserContact,
  insertOrder,
  insertPrice,
  loadPrice,
  orderRecord,
  orderRow,
  priceOf,
  priceRow,
  refundOrderIn,
  selectOrderRows,
  selectPrices,
  updatePrice,
} from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'orders',
  fields: {
    number: 'orders.number',
    clientId: 'orders.clientId',
    assessmentId: 'orders.assessmentId',
    credits: 'orders.credits',
    totalPaise: 'orders.totalPaise',
    status: 'orders.status',
    placedAt: 'orders.placedAt',
  },
  sortable: ['number', 'credits', 'totalPaise', 'status', 'placedAt'],
  filterable: ['clientId', 'assessmentId', 'status', 'placedAt'],
  types: { clientId: 'uuid', assessmentId: 'uuid', placedAt: 'date' },
  searchable: ['orders.number', 'clients.name', 'assessments.name'],
  defaultSort: ['placedAt', 'DESC'],
  tenantColumn: 'orders.clientId',
};

const priceSpec: ListSpec = {
  resource: 'priceList',
  fields: { assessmentId: 'priceList.assessmentId', unitPricePaise: 'priceList.unitPricePaise', taxRateBp: 'priceList.taxRateBp', updatedAt: 'priceList.updatedAt' },
  sortable: ['unitPricePaise', 'taxRateBp', 'updatedAt'],
  filterable: ['assessmentId'],
  types: { assessmentId: 'uuid' },
  searchable: ['assessments.name'],
  defaultSort: ['updatedAt', 'DESC'],
};

/** Provider-side staff (no client of their own) holding an ORDERS flag. */
const staff = (action: 'view' | 'edit') => (user: AuthUser) => !tenantOf(user) && can(user, 'ORDERS', action);
const viewsOrders = (user: AuthUser) => can(user, 'ORDERS', 'view');
/** Cancelling: a client's user who may place orders, or staff who may change them. */
const maySomehowCancel = (user: AuthUser) => (tenantOf(user) ? can(user, 'ORDERS', 'create') : can(user, 'ORDERS', 'edit'));

const M = ORDER_MESSAGES;
/** Paise, with the messages of the amount or the price. */
const money = (what: 'amount' | 'price') =>
  z
    .number({ error: M[`${what}Number`] })
    .int(M[`${what}Whole`])
    .min(0, what === 'amount' ? M.amountPositive : M.priceNegative)
    .max(10_000_000_000, M[`${what}TooLarge`]);

const orderBody = z.strictObject({
  assessmentId: z.uuid(M.chooseAssessment),
  credits: z.number({ error: M.creditsNumber }).int(M.creditsWhole).min(ORDER_LIMITS.minCredits, M.creditsMin).max(ORDER_LIMITS.maxCredits, M.creditsMax),
  notes: z.string().trim().max(PAYMENT_LIMITS.notesMax, M.notesMax).optional(),
});

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const paymentBody = z.strictObject({
  amountPaise: money('amount').min(1, M.amountPositive),
  method: z.enum(PAYMENT_METHODS, { error: M.method }),
  reference: z.string().trim().min(1, M.referenceRequired).max(PAYMENT_LIMITS.referenceMax, M.referenceMax),
  paidOn: z
    .string()
    .regex(DAY_PATTERN, M.paidOnFormat)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), M.paidOnReal)
    .refine((d) => Date.parse(`${d}T00:00:00Z`) <= Date.now() + 86_400_000, M.paidOnFuture)
    .refine((d) => d >= '2000-01-01', M.paidOnPast),
});

const priceBody = z.strictObject({
  assessmentId: z.uuid(M.chooseAssessment).nullable(),
  unitPricePaise: money('price'),
  taxRateBp: z.number({ error: M.taxNumber }).int(M.taxWhole).min(0, M.taxNegative).max(10_000, M.taxMax).default(DEFAULT_TAX_RATE_BP),
});
const priceUpdate = priceBody.omit({ assessmentId: true });

const assessmentParams = z.object({ assessmentId: z.uuid(FIELD_MESSAGES.idNotValid) });

export default async function orderRoutes(app: FastifyInstance, services: Services) {
  const { db, config, mailer } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const { renderer, available, ownOrigin } = printingFor(app, services);
  const tickets = new PrintTickets<Invoice>();
  const rendering = new Set<string>();

  /** The order if the caller may see it; another client's is not found. */
  async function visibleOrder(user: AuthUser, id: string) {
    const order = await orderRecord(db, id);
    const tenant = tenantOf(user);
    if (!order || (tenant && order.clientId !== tenant)) throw notFound(FIELD_MESSAGES.orderDoesNotExist);
    return order;
  }

  async function invoiceOf(user: AuthUser, id: string): Promise<Invoice> {
    const order = await visibleOrder(user, id);
    const client = await findBuyer(db, order.clientId);
    return {
      order,
      seller: { name: 'Skillgauge', gstin: config.seller.gstin ?? null, address: config.seller.address ?? null },
      buyer: client,
      issuedAt: order.placedAt,
    };
  }

  /** The assessment's price for a client's user, refused when the client may not use it or there is no price. */
  async function priceFor(user: AuthUser, assessmentId: string) {
    const tenant = tenantOf(user);
    if (!tenant) throw forbidden(ORDER_MESSAGES.clientsOnly);
    const assessment = await clientMayUse(db, tenant, assessmentId);
    if (!assessment) throw notFound(ORDER_MESSAGES.notYours);
    const price = await priceOf(db, assessmentId);
    if (!price) throw conflict(ORDER_MESSAGES.noPrice);
    return { tenant, assessmentId, assessmentName: assessment.name, ...price };
  }

  r.get(
    '/orders',
    { config: { access: viewsOrders }, schema: { tags, response: answers(z.array(orderRowSchema)), summary: 'Orders (simple-rest list): a client its own, provider staff all. Filters: status, clientId, assessmentId, placedAt_gte/_lte, q.', querystring: listQuerystring } },
    async (request, reply) => {
      const user = currentUser(request);
      const list = parseListQuery(request.query, spec);
      const { rows, total } = await fetchPage(selectOrderRows(db), spec, list, user);
      return sendPage(reply, 'orders', list, rows.map(orderRow), total);
    },
  );

  r.get(
    '/orders/price/:assessmentId',
    {
      config: { access: { entity: 'ORDERS', action: 'create' } },
      schema: { tags, response: answers(assessmentPriceSchema), summary: 'The price per credit and tax rate a client pays for one of its assessments; 409 when it has no price yet.', params: assessmentParams },
    },
    async (request) => ok(await priceFor(currentUser(request), request.params.assessmentId).then(({ tenant: _t, ...price }) => price)),
  );

  r.post(
    '/orders',
    {
      config: { access: { entity: 'ORDERS', action: 'create' } },
      schema: { tags, response: answers(orderRecordSchema), summary: 'Places a pending order (a client’s users): figures fixed from the price list now; mails the provider and the client.', body: orderBody },
    },
    async (request) => {
      const user = currentUser(request);
      const { assessmentId, credits, notes } = request.body;
      const price = await priceFor(user, assessmentId);
      const id = await db.transaction().execute(async (trx) => {
        const order = await insertOrder(trx, { clientId: price.tenant, assessmentId, credits, unitPricePaise: price.unitPricePaise, taxRateBp: price.taxRateBp, notes: notes || null, placedBy: user.id });
        const stored = (await orderRecord(trx, order.id))!;
        const client = await findClientName(trx, price.tenant);
        const placer = await findUserContact(trx, user.id);
        const admins = await activeAdminEmails(trx);
        const summary = `${credits} credits of ${price.assessmentName}: ${formatRupees(stored.subtotalPaise)} + GST ${formatRupees(stored.taxPaise)} = ${formatRupees(stored.totalPaise)}`;
        const link = `${config.publicUrl}${ORDER_PATHS.show(order.id)}`;
        for (const admin of admins)
          await enqueueMail(trx, { to: admin.email, subject: `New order ${order.number} from ${client.name}`, text: `${placer.name} of ${client.name} placed order ${order.number}.\n\n${summary}\n\nRecord its payment when it arrives: ${link}` });
        await enqueueMail(trx, {
          to: placer.email,
          subject: `Your order ${order.number} is placed`,
          text: `Thank you for your order ${order.number}.\n\n${summary}\n\nPay by bank transfer or UPI quoting ${order.number}; the credits are added as soon as the payment is recorded. Your order and its invoice: ${link}`,
        });
        await recordAudit(trx, { userId: user.id, action: 'create', resource: 'orders', recordId: order.id, after: stored });
        return order.id;
      });
      mailer.kick();
      return ok((await orderRecord(db, id))!);
    },
  );

  r.get('/orders/:id', { config: { access: viewsOrders }, schema: { tags, response: answers(orderRecordSchema), summary: 'One order with its payments and the licence it granted.', params: idParams } }, async (request) => ok(await visibleOrder(currentUser(request), request.params.id)));

  r.post(
    '/orders/:id/payments',
    {
      config: { access: staff('edit') },
      schema: {
        tags, response: answers(recordedPaymentSchema),
        summary:
          'Records a payment (provider staff; manual recording). At most what is owed (409 otherwise). The same reference again with the same amount answers the payment already recorded (duplicate: true), with another amount 409. The payment that covers the total makes the order paid and grants its licence, once.',
        params: idParams,
        body: paymentBody,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await visibleOrder(user, request.params.id);
      const result = await recordPayment(db, request.params.id, request.body, user.id);
      if (!result.duplicate) await recordAudit(db, { userId: user.id, action: 'create', resource: 'payments', recordId: result.payment.id, after: result.payment });
      return ok({ ...result, order: (await orderRecord(db, request.params.id))! });
    },
  );

  r.post(
    '/orders/:id/cancel',
    { config: { access: maySomehowCancel }, schema: { tags, response: answers(orderRecordSchema), summary: 'Cancels a pending order: its client while nothing is paid, provider staff at any time before it is paid.', params: idParams } },
    async (request) => {
      const user = currentUser(request);
      const before = await visibleOrder(user, request.params.id);
      await db.transaction().execute((trx) => cancelOrderIn(trx, before.id, !!tenantOf(user)));
      const after = await orderRecord(db, before.id);
      await recordAudit(db, { userId: user.id, action: 'update', resource: 'orders', recordId: before.id, before, after });
      return ok(after!);
    },
  );

  r.post(
    '/orders/:id/refund',
    {
      config: { access: staff('edit') },
      schema: {
        tags, response: answers(orderRecordSchema),
        summary: 'Refunds a paid order (provider staff): the order is refunded and its licence revoked, so its unused credits can no longer be spent; credits already spent stay spent. The money goes back outside the app.',
        params: idParams,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const before = await visibleOrder(user, request.params.id);
      await db.transaction().execute((trx) => refundOrderIn(trx, before.id));
      const after = await orderRecord(db, before.id);
      await recordAudit(db, { userId: user.id, action: 'update', resource: 'orders', recordId: before.id, before, after });
      return ok(after!);
    },
  );

  r.get('/orders/:id/invoice', { config: { access: viewsOrders }, schema: { tags, response: answers(invoiceSchema), summary: 'The order’s invoice: seller, buyer, lines, tax, payments.', params: idParams } }, async (request) => ok(await invoiceOf(currentUser(request), request.params.id)));

  r.get(
    '/orders/:id/invoice.pdf',
    {
      config: { access: viewsOrders },
      schema: {
        tags, response: fileAnswers('application/pdf', 'The invoice as an A4 PDF'),
        summary: 'The invoice as an A4 PDF, printed by headless Chromium from the invoice’s print page. A client only its own (404 otherwise); 503 "PDF rendering is not configured on this server" without Chromium.',
        params: idParams,
        querystring: z.object({ language: z.enum(['en', 'hi'], { error: FIELD_MESSAGES.languageEnHi }).optional() }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const invoice = await invoiceOf(user, request.params.id);
      const origin = ownOrigin();
      if (!available() || !origin) throw new HttpError(503, PDF_MESSAGES.unavailable);
      if (rendering.has(user.id)) throw new HttpError(429, PRINT_MESSAGES.oneAtATime, undefined, { 'retry-after': '5' });
      rendering.add(user.id);
      const ticket = tickets.issue(invoice.order.id, invoice);
      try {
        const language = request.query.language ?? toUiLanguage(request.headers['accept-language']?.split(',')[0]) ?? 'en';
        const pdf = await renderer.render({
          url: `${origin}${ORDER_PATHS.printInvoice(invoice.order.id)}#ticket=${ticket}`,
          origin,
          allowedOrigins: [],
          storage: { [STORAGE_KEYS.language]: language },
          viewportWidth: PRINT_PAGE_WIDTH_PX,
          readyAttribute: PRINT_READY_ATTRIBUTE,
          errorAttribute: PRINT_INVOICE_ERROR_ATTRIBUTE,
          margin: { top: `${PRINT_MARGIN_MM.top}mm`, bottom: `${PRINT_MARGIN_MM.bottom}mm`, left: `${PRINT_MARGIN_MM.side}mm`, right: `${PRINT_MARGIN_MM.side}mm` },
          footer: `Skillgauge · ${invoice.order.number}`,
        });
        return reply.header('content-type', 'application/pdf').header('content-disposition', attachment(`Invoice ${invoice.order.number}.pdf`)).header('cache-control', 'private, no-store').send(pdf);
      } finally {
        tickets.revoke(ticket);
        rendering.delete(user.id);
      }
    },
  );

  r.get(
    '/orders/:id/invoice/print',
    {
      // The ticket is the permission: only the server's own browser holds one, for one invoice, for a minute.
      config: { access: 'public' },
      schema: { tags, response: answers(invoiceSchema), summary: `The invoice for the PDF renderer's print page, read with its print ticket (header ${PRINT_TICKET_HEADER}); 401 without one.`, params: idParams, headers: z.object({ [PRINT_TICKET_HEADER]: z.string().max(200).optional() }) },
    },
    async (request, reply) => {
      const invoice = tickets.read(request.headers[PRINT_TICKET_HEADER] as string | undefined, request.params.id);
      if (!invoice) throw unauthorized(PRINT_MESSAGES.ticket);
      reply.header('cache-control', 'no-store');
      return ok(invoice);
    },
  );

  // The price list (provider staff).

  r.get(
    '/price-list',
    { config: { access: staff('view') }, schema: { tags, response: answers(z.array(priceRowSchema)), summary: 'The price list (provider staff): the price per credit of each assessment, and of any (assessmentId null).', querystring: listQuerystring } },
    async (request, reply) => {
      const list = parseListQuery(request.query, priceSpec);
      const { rows, total } = await fetchPage(selectPrices(db), priceSpec, list, currentUser(request));
      return sendPage(reply, 'price-list', list, rows.map(priceRow), total);
    },
  );

  r.post(
    '/price-list',
    { config: { access: staff('edit') }, schema: { tags, response: answers(priceRowSchema), summary: 'Adds a price: for an assessment, or for any (assessmentId null); one each (409).', body: priceBody } },
    async (request) => {
      const user = currentUser(request);
      const { assessmentId, unitPricePaise, taxRateBp } = request.body;
      if (assessmentId && !(await assessmentExists(db, assessmentId))) throw notFound(FIELD_MESSAGES.assessmentDoesNotExist);
      const existing = await findPriceOf(db, assessmentId);
      if (existing) throw conflict(ORDER_MESSAGES.priceExists);
      const id = await insertPrice(db, { assessmentId, unitPricePaise, taxRateBp, updatedBy: user.id });
      const row = priceRow(await loadPrice(db, id));
      await recordAudit(db, { userId: user.id, action: 'create', resource: 'price-list', recordId: id, after: row });
      return ok(row);
    },
  );

  r.put(
    '/price-list/:id',
    { config: { access: staff('edit') }, schema: { tags, response: answers(priceRowSchema), summary: 'Changes a price (orders already placed keep theirs).', params: idParams, body: priceUpdate } },
    async (request) => {
      const user = currentUser(request);
      const before = await findPrice(db, request.params.id);
      if (!before) throw notFound();
      await updatePrice(db, request.params.id, { ...request.body, updatedBy: user.id, updatedAt: new Date() });
      const row = priceRow(await loadPrice(db, request.params.id));
      await recordAudit(db, { userId: user.id, action: 'update', resource: 'price-list', recordId: row.id, before: priceRow(before), after: row });
      return ok(row);
    },
  );

  r.delete('/price-list/:id', { config: { access: staff('edit') }, schema: { tags, response: answers(priceRowSchema), summary: 'Removes a price.', params: idParams } }, async (request) => {
    const user = currentUser(request);
    const before = await findPrice(db, request.params.id);
    if (!before) throw notFound();
    await deletePrice(db, request.params.id);
    await recordAudit(db, { userId: user.id, action: 'delete', resource: 'price-list', recordId: before.id, before: priceRow(before) });
    return ok(priceRow(before));
  });
}
