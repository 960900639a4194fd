/**
 * What the orders API answers (server/modules/orders), as the screens read it: the server builds
 * these (its dates already ISO strings) and declares them as its routes' answers.
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { ORDER_STATUSES, PAYMENT_METHODS } from './business';

/** A row of GET /api/orders. */
export const orderRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  assessmentId: z.string().nullable(),
  assessmentName: z.string().nullable(),
  credits: z.number(),
  unitPricePaise: z.number(),
  taxRateBp: z.number(),
  subtotalPaise: z.number(),
  taxPaise: z.number(),
  totalPaise: z.number(),
  paidPaise: z.number(),
  status: z.enum(ORDER_STATUSES),
  placedAt: z.string(),
});
export type OrderRow = z.input<typeof orderRowSchema>;

export const paymentRecordSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  amountPaise: z.number(),
  method: z.enum(PAYMENT_METHODS),
  provider: z.string(),
  reference: z.string(),
  /** 'YYYY-MM-DD' */
  paidOn: z.string(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.input<typeof paymentRecordSchema>;

/** GET /api/orders/:id */
export const orderRecordSchema = orderRowSchema.extend({
  notes: z.string().nullable(),
  placedByName: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  outstandingPaise: z.number(),
  payments: z.array(paymentRecordSchema),
  /** The licence the paid order granted. */
  licence: z.object({ id: z.string(), credits: z.number(), used: z.number(), validFrom: z.string(), validUntil: z.string(), revokedAt: z.string().nullable() }).nullable(),
});
export type OrderRecord = z.input<typeof orderRecordSchema>;

/** POST /api/orders/:id/payments: the payment (recorded now, or before with the same reference) and the order after it. */
export const recordedPaymentSchema = z.object({
  payment: paymentRecordSchema.extend({ method: z.string(), createdAt: timestamp }),
  /** The same reference was recorded before: nothing new was stored. */
  duplicate: z.boolean(),
  /** The order became paid with this payment (and granted its licence). */
  completed: z.boolean(),
  order: orderRecordSchema,
});

/** GET /api/orders/:id/invoice: the invoice page's content (and the PDF's). */
export const invoiceSchema = z.object({
  order: orderRecordSchema,
  seller: z.object({ name: z.string(), gstin: z.string().nullable(), address: z.string().nullable() }),
  buyer: z.object({
    name: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string(),
    gstin: z.string().nullable(),
  }),
  /** The date the invoice is dated: when the order was placed. */
  issuedAt: z.string(),
});
export type Invoice = z.input<typeof invoiceSchema>;

/** A row of GET /api/price-list. */
export const priceRowSchema = z.object({
  id: z.string(),
  assessmentId: z.string().nullable(),
  assessmentName: z.string().nullable(),
  clientName: z.string().nullable(),
  unitPricePaise: z.number(),
  taxRateBp: z.number(),
  updatedAt: z.string(),
});
export type PriceRow = z.input<typeof priceRowSchema>;

/** GET /api/orders/price/:assessmentId */
export const assessmentPriceSchema = z.object({ assessmentId: z.string(), assessmentName: z.string(), unitPricePaise: z.number(), taxRateBp: z.number() });
export type AssessmentPrice = z.input<typeof assessmentPriceSchema>;
