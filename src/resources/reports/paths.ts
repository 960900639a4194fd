/**
 * The addresses of the candidate report and its PDF, shared by the report page and the server's PDF
 * module (server/modules/report-pdf), so the renderer and the page never disagree. No React here.
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

export const reportUrl = (invitationId: string) => `/api/candidate-reports/${enc(invitationId)}`;
/** An address with the report's language as its query (none: the server picks the reader's). */
export const withLanguage = (url: string, language: string | null | undefined) => (language ? `${url}?language=${enc(language)}` : url);
export const reportPdfUrl = (invitationId: string) => `${reportUrl(invitationId)}/pdf`;
export const reviewUrl = (invitationId: string, questionId: string) => `${reportUrl(invitationId)}/reviews/${enc(questionId)}`;
export const rescoreUrl = (invitationId: string) => `${reportUrl(invitationId)}/rescore`;
/** The report as the print page reads it, with the ticket the PDF renderer gave it. */
export const printReportUrl = (invitationId: string) => `${reportUrl(invitationId)}/print`;
/** Whether this server can render PDFs: `{ available, message }`. */
export const PDF_RENDERER_URL = '/api/pdf-renderer';

/** The header that carries a print ticket (never a query parameter, so it stays out of access logs). */
export const PRINT_TICKET_HEADER = 'x-print-ticket';
/** The print page puts this attribute on <body> once the report, its charts and its fonts are drawn. */
export const PRINT_READY_ATTRIBUTE = 'data-report-ready';
/** The width of an A4 page's content at 96 dpi with the print margins below (210 mm − 2 × 12 mm). */
export const PRINT_PAGE_WIDTH_PX = 703;
export const PRINT_MARGIN_MM = { top: 14, bottom: 16, side: 12 } as const;
