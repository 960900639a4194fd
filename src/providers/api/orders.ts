/** The orders' calls beyond their list (server/modules/orders), and the invoice's PDF. */
import type { PaymentMethod } from '../../domain/business';
import type { z } from 'zod';
import type { AssessmentPrice, Invoice, OrderRecord, recordedPaymentSchema } from '../../domain/orders';
import { PRINT_TICKET_HEADER } from '../../domain/printing';
import { downloadPdf } from './files';
import { enc, get, post } from './calls';

const order = (orderId: string) => `/api/orders/${enc(orderId)}`;

export interface NewOrder {
  assessmentId: string;
  credits: number;
  notes?: string;
}

export interface NewPayment {
  amountPaise: number;
  method: PaymentMethod;
  reference: string;
  paidOn: string;
}

export const ordersApi = {
  getOrder: (orderId: string) => get<OrderRecord>(order(orderId)),
  placeOrder: (input: NewOrder) => post<OrderRecord>('/api/orders', input),
  cancelOrder: (orderId: string) => post<OrderRecord>(`${order(orderId)}/cancel`),
  refundOrder: (orderId: string) => post<OrderRecord>(`${order(orderId)}/refund`),
  /** Records a payment; the same reference twice is answered `duplicate`, not counted twice. */
  recordPayment: (orderId: string, payment: NewPayment) => post<z.input<typeof recordedPaymentSchema>>(`${order(orderId)}/payments`, payment),
  getInvoice: (orderId: string) => get<Invoice>(`${order(orderId)}/invoice`),
  /** The invoice as the print page reads it, with the ticket the PDF renderer gave it. */
  getInvoiceToPrint: (orderId: string, ticket: string) => get<Invoice>(`${order(orderId)}/invoice/print`, undefined, { headers: { [PRINT_TICKET_HEADER]: ticket } }),
  downloadInvoicePdf: (orderId: string, language: 'en' | 'hi', fallbackName: string) => downloadPdf(`${order(orderId)}/invoice.pdf?language=${language}`, fallbackName),
  /** The price a client pays per credit of an assessment. */
  getPrice: (assessmentId: string) => get<AssessmentPrice>(`/api/orders/price/${enc(assessmentId)}`),
};
