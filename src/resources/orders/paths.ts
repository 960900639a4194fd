/** The orders' API addresses (their pages: ORDER_PATHS in src/domain/printing). */

const enc = encodeURIComponent;



export const orderUrl = (orderId: string) => `/api/orders/${enc(orderId)}`;
export const paymentsUrl = (orderId: string) => `${orderUrl(orderId)}/payments`;
export const cancelUrl = (orderId: string) => `${orderUrl(orderId)}/cancel`;
export const refundUrl = (orderId: string) => `${orderUrl(orderId)}/refund`;
export const invoiceUrl = (orderId: string) => `${orderUrl(orderId)}/invoice`;
export const invoicePdfUrl = (orderId: string) => `${orderUrl(orderId)}/invoice.pdf`;
export const printInvoiceUrl = (orderId: string) => `${orderUrl(orderId)}/invoice/print`;
/** The price a client pays per credit of an assessment: `{ assessmentId, assessmentName, unitPricePaise, taxRateBp }`. */
export const priceUrl = (assessmentId: string) => `/api/orders/price/${enc(assessmentId)}`;
