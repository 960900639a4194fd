/** What the orders API answers (server/modules/orders), as the screens read it. Types only: the server builds them. */
import type { OrderStatus, PaymentMethod } from './business';

/** A row of GET /api/orders. */
export interface OrderRow {
  id: string;
  number: string;
  clientId: string;
  clientName: string;
  assessmentId: string | null;
  assessmentName: string | null;
  credits: number;
  unitPricePaise: number;
  taxRateBp: number;
  subtotalPaise: number;
  taxPaise: number;
  totalPaise: number;
  paidPaise: number;
  status: OrderStatus;
  placedAt: string;
}

export interface PaymentRecord {
  id: string;
  amountPaise: number;
  method: PaymentMethod;
  provider: string;
  reference: string;
  /** 'YYYY-MM-DD' */
  paidOn: string;
  createdAt: string;
}

/** GET /api/orders/:id */
export interface OrderRecord extends OrderRow {
  notes: string | null;
  placedByName: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
  refundedAt: string | null;
  outstandingPaise: number;
  payments: PaymentRecord[];
  /** The licence the paid order granted. */
  licence: { id: string; credits: number; used: number; validFrom: string; validUntil: string; revokedAt: string | null } | null;
}

/** GET /api/orders/:id/invoice: the invoice page's content (and the PDF's). */
export interface Invoice {
  order: OrderRecord;
  seller: { name: string; gstin: string | null; address: string | null };
  buyer: { name: string; address: string | null; city: string | null; state: string | null; postalCode: string | null; country: string; gstin: string | null };
  /** The date the invoice is dated: when the order was placed. */
  issuedAt: string;
}

/** A row of GET /api/price-list. */
export interface PriceRow {
  id: string;
  assessmentId: string | null;
  assessmentName: string | null;
  clientName: string | null;
  unitPricePaise: number;
  taxRateBp: number;
  updatedAt: string;
}

/** GET /api/orders/price/:assessmentId */
export interface AssessmentPrice {
  assessmentId: string;
  assessmentName: string;
  unitPricePaise: number;
  taxRateBp: number;
}
