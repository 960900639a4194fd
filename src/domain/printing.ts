/**
 * The pages the server's PDF renderer opens (a candidate's report, an order's invoice) and the
 * signals it and those pages exchange, shared by the screens and server/modules so that the
 * renderer and the pages never disagree. No React here.
 */

const enc = encodeURIComponent;

/** The report page (the specification's two routes show the same screen) and the print page Chromium renders. */
export const REPORT_PATHS = {
  report: (invitationId: string) => `/candidate-details/${enc(invitationId)}`,
  reportAlias: (invitationId: string) => `/candidate/${enc(invitationId)}/assessment`,
  /** Outside the layout and the session: it reads the report with a print ticket, never a user's token. */
  print: (invitationId: string) => `/print/candidate-report/${enc(invitationId)}`,
  printPattern: '/print/candidate-report/:id',
} as const;

export const ORDER_PATHS = {
  list: '/orders',
  show: (orderId: string) => `/orders/${enc(orderId)}`,
  place: (assessmentId: string) => `/placeOrder/${enc(assessmentId)}`,
  invoice: (orderId: string) => `/orders/${enc(orderId)}/invoice`,
  /** Outside the layout and the session: read with a print ticket by the server's PDF renderer. */
  printInvoice: (orderId: string) => `/print/invoice/${enc(orderId)}`,
  printInvoicePattern: '/print/invoice/:id',
} as const;

/** The header that carries a print ticket (never a query parameter, so it stays out of access logs). */
export const PRINT_TICKET_HEADER = 'x-print-ticket';
/** The print page puts this attribute on <body> once the report, its charts and its fonts are drawn. */
export const PRINT_READY_ATTRIBUTE = 'data-report-ready';
/** The width of an A4 page's content at 96 dpi with the print margins below (210 mm − 2 × 12 mm). */
export const PRINT_PAGE_WIDTH_PX = 703;
export const PRINT_MARGIN_MM = { top: 14, bottom: 16, side: 12 } as const;
/** The print page sets this on <body> when it cannot draw the invoice, so the renderer stops waiting. */
export const PRINT_INVOICE_ERROR_ATTRIBUTE = 'data-invoice-error';
