/** The candidate report's API addresses (its pages: REPORT_PATHS in src/domain/printing). */

const enc = encodeURIComponent;


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

