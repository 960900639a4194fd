/**
 * The addresses of orders, the price list and the invoice, shared by the screens and the server's
 * invoice PDF (server/modules/orders), so the renderer and the page never disagree. No React here.
 */

const enc = encodeURIComponent;

export const ORDER_PATHS = {
  list: '/orders',
  show: (orderId: string) => `/orders/${enc(orderId)}`,
  place: (assessmentId: string) => `/placeOrder/${enc(assessmentId)}`,
  invoice: (orderId: string) => `/orders/${enc(orderId)}/invoice`,
  /** Outside the layout and the session: read with a print ticket by the server's PDF renderer. */
  printInvoice: (orderId: string) => `/print/invoice/${enc(orderId)}`,
  printInvoicePattern: '/print/invoice/:id',
} as const;

/** The print page sets this on <body> when it cannot draw the invoice, so the renderer stops waiting. */
export const PRINT_INVOICE_ERROR_ATTRIBUTE = 'data-invoice-error';

export const orderUrl = (orderId: string) => `/api/orders/${enc(orderId)}`;
export const paymentsUrl = (orderId: string) => `${orderUrl(orderId)}/payments`;
export const cancelUrl = (orderId: string) => `${orderUrl(orderId)}/cancel`;
export const refundUrl = (orderId: string) => `${orderUrl(orderId)}/refund`;
export const invoiceUrl = (orderId: string) => `${orderUrl(orderId)}/invoice`;
export const invoicePdfUrl = (orderId: string) => `${orderUrl(orderId)}/invoice.pdf`;
export const printInvoiceUrl = (orderId: string) => `${orderUrl(orderId)}/invoice/print`;
/** The price a client pays per credit of an assessment: `{ assessmentId, assessmentName, unitPricePaise, taxRateBp }`. */
export const priceUrl = (assessmentId: string) => `/api/orders/price/${enc(assessmentId)}`;
