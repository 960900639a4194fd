/** What the report's calls answer beyond the report itself (src/providers/api/reports.ts). */
import type { z } from 'zod';
import type { pdfRendererSchema } from '../../domain/report';

/** What `GET /api/pdf-renderer` answers. */
export type PdfRenderer = z.input<typeof pdfRendererSchema>;

/** The server's sentence when it renders no PDF (then the page offers the browser's Print). */
export const PDF_UNAVAILABLE = 'PDF rendering is not configured on this server';
