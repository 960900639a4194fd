/** The candidate report's calls (server/modules/scores, report-pdf). */
import type { CandidateReport, ReviewInput } from '../../domain/report';
import { PRINT_TICKET_HEADER } from '../../domain/printing';
import type { PdfRenderer } from '../../resources/reports/api';
import { downloadPdf } from './files';
import { enc, get, post, put, withQuery } from './calls';

const report = (invitationId: string) => `/api/candidate-reports/${enc(invitationId)}`;
/** The report's language as its query (none: the server picks the reader's). */
const inLanguage = (url: string, language: string | null | undefined) => withQuery(url, { language });

export const reportsApi = {
  getReport: (invitationId: string, language?: string | null) => get<CandidateReport>(inLanguage(report(invitationId), language)),
  /** Scores the attempt again (after its questions' keys changed), answering the new report. */
  rescore: (invitationId: string, language?: string | null) => post<CandidateReport>(inLanguage(`${report(invitationId)}/rescore`, language)),
  /** A reviewer's points for an answer no key can score (short text, video), answering the new report. */
  reviewAnswer: (invitationId: string, questionId: string, review: ReviewInput, language?: string | null) =>
    put<CandidateReport>(inLanguage(`${report(invitationId)}/reviews/${enc(questionId)}`, language), review),
  /** The report as the print page reads it, with the ticket the PDF renderer gave it. */
  getReportToPrint: (invitationId: string, ticket: string) => get<CandidateReport>(`${report(invitationId)}/print`, undefined, { headers: { [PRINT_TICKET_HEADER]: ticket } }),
  downloadReportPdf: (invitationId: string, language: string, fallbackName: string) => downloadPdf(inLanguage(`${report(invitationId)}/pdf`, language), fallbackName),
  /** Whether this server renders PDFs. */
  getPdfRenderer: () => get<PdfRenderer>('/api/pdf-renderer'),
};
