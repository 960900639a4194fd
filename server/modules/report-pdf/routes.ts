/**
 * The candidate report as a PDF (DESIGN.md sections 1 and 6a): `GET /api/candidate-reports/:id/pdf`
 * checks the reader exactly as the report does (server/modules/scores: staff within their tenant,
 * a USER their own self assessment; 404 otherwise), builds the report, hands the server's Chromium
 * a print ticket for it, and prints the app's own print page (`/print/candidate-report/:id`, the
 * report view with its print stylesheet). The browser never holds a user's session: it reads the
 * report through `GET /api/candidate-reports/:id/print` with the ticket. Without Chromium, or
 * without the built app to print, the PDF answers 503 and `GET /api/pdf-renderer` says so, so the
 * page offers the browser's Print instead.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../../src/domain/constants';
import { toUiLanguage } from '../../../src/domain/language';
import { PRINT_MARGIN_MM, PRINT_PAGE_WIDTH_PX, PRINT_READY_ATTRIBUTE, PRINT_TICKET_HEADER, REPORT_PATHS } from '../../../src/domain/printing';
import { candidateReportSchema, pdfRendererSchema } from '../../../src/domain/report';
import { answers, fileAnswers, ok } from '../../lib/answers';
import { currentUser } from '../../lib/auth';
import { conflict, HttpError, says, unauthorized } from '../../lib/errors';
import type { Services } from '../../services';
import { buildReport, reportLanguage } from '../scores/report';
import { readsReports, REPORT_MESSAGES, reportAccess } from '../scores/routes';
import { printingFor } from './printing';
import { PDF_MESSAGES } from './renderer';
import { PrintTickets } from './tickets';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

export const PRINT_MESSAGES = {
  ticket: FIELD_MESSAGES.printLinkNotValid,
  oneAtATime: FIELD_MESSAGES.yourPreviousPdfStill,
} as const;

/** The attribute the print page sets when it cannot draw the report (src/resources/reports/PrintReportPage.tsx). */
const PRINT_ERROR_ATTRIBUTE = 'data-report-error';

const reportParams = z.object({ invitationId: z.uuid(FIELD_MESSAGES.idNotValid) });
const pdfQuery = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, REPORT_MESSAGES.language)
    .optional()
    .describe('The language of the report (a content language code such as en or hi); else the reader’s'),
});


/** "Asha Verma - Support hiring.pdf": what a file system takes, at most 120 characters before the extension. */
export function pdfFileName(candidate: string, assessment: string): string {
  const clean = (text: string) =>
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const name = [clean(candidate), clean(assessment)].filter(Boolean).join(' - ').slice(0, 120).trim() || 'report';
  return `${name}.pdf`;
}

/** Content-Disposition with an ASCII name for old clients and the real one (RFC 6266, RFC 5987) for the rest. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const fallback = /[A-Za-z0-9]/.test(ascii.replace(/\.pdf$/, '')) ? ascii : 'report.pdf';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export default async function reportPdfRoutes(app: FastifyInstance, services: Services) {
  const { db, config, storage } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['candidate-reports'];
  const { renderer, available, ownOrigin } = printingFor(app, services);
  const tickets = new PrintTickets();
  /** Users with a PDF on its way: one each, so that nobody fills the queue everyone shares. */
  const rendering = new Set<string>();

  r.get(
    '/pdf-renderer',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Whether this server renders report PDFs: {available}. Without it the report page offers the browser’s Print.', response: answers(pdfRendererSchema) } },
    async () => ok({ available: available() }),
  );

  r.get(
    '/candidate-reports/:invitationId/pdf',
    {
      config: { access: readsReports },
      schema: {
        tags,
        summary:
          'The candidate report as an A4 PDF (application/pdf, named after the candidate), rendered by headless Chromium from the report’s print page. Same readers as the report (404 for others); 409 until the attempt is completed; 503 "PDF rendering is not configured on this server" without Chromium; 429 when the renderer is busy.',
        params: reportParams,
        querystring: pdfQuery,
        response: fileAnswers('application/pdf', 'The candidate report as an A4 PDF'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const access = await reportAccess(db, user, request.params.invitationId);
      const origin = ownOrigin();
      if (!available() || !origin) throw new HttpError(503, PDF_MESSAGES.unavailable);
      // As the report page offers it: a PDF of an attempt under way would be out of date as it is printed.
      if (access.facts.status !== 'COMPLETED') throw conflict(says('pdfNotCompleted'));
      if (rendering.has(user.id)) throw new HttpError(429, PRINT_MESSAGES.oneAtATime, undefined, { 'retry-after': '5' });
      rendering.add(user.id);
      try {
        const language = reportLanguage(request.query.language, access.facts, request.headers['accept-language']);
        const report = await buildReport({ db, storage }, access.facts, { language, self: access.self, mayReview: false });
        const ticket = tickets.issue(report.invitationId, report);
        try {
          const pdf = await renderer.render({
            url: `${origin}${REPORT_PATHS.print(report.invitationId)}#ticket=${ticket}`,
            origin,
            allowedOrigins: storage.uploadOrigin ? [storage.uploadOrigin] : [],
            // Media links are signed for the public address; the browser fetches them from here.
            rewrite: config.publicUrl !== origin ? { from: `${config.publicUrl}/`, to: `${origin}/` } : undefined,
            storage: { [STORAGE_KEYS.language]: toUiLanguage(report.reportLanguage) ?? 'en' },
            viewportWidth: PRINT_PAGE_WIDTH_PX,
            readyAttribute: PRINT_READY_ATTRIBUTE,
            errorAttribute: PRINT_ERROR_ATTRIBUTE,
            margin: { top: `${PRINT_MARGIN_MM.top}mm`, bottom: `${PRINT_MARGIN_MM.bottom}mm`, left: `${PRINT_MARGIN_MM.side}mm`, right: `${PRINT_MARGIN_MM.side}mm` },
            footer: `${report.candidate.name} · ${report.assessment.name}`,
          });
          return reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', attachment(pdfFileName(report.candidate.name, report.assessment.name)))
            .header('cache-control', 'private, no-store')
            .send(pdf);
        } finally {
          tickets.revoke(ticket);
        }
      } finally {
        rendering.delete(user.id);
      }
    },
  );

  r.get(
    '/candidate-reports/:invitationId/print',
    {
      // The ticket is the permission: only the server's own browser holds one, for one report, for a minute.
      config: { access: 'public' },
      schema: {
        tags,
        summary: `The report for the PDF renderer's print page, read with the print ticket it was given (header ${PRINT_TICKET_HEADER}); 401 without a live ticket for this report.`,
        params: reportParams,
        headers: z.object({ [PRINT_TICKET_HEADER]: z.string().max(200).optional() }),
        response: answers(candidateReportSchema),
      },
    },
    async (request, reply) => {
      const report = tickets.read(request.headers[PRINT_TICKET_HEADER] as string | undefined, request.params.invitationId);
      if (!report) throw unauthorized(PRINT_MESSAGES.ticket);
      reply.header('cache-control', 'no-store');
      return ok(report);
    },
  );
}
