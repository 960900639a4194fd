/**
 * Inviting many candidates at once, apart from the screen: reading a CSV of candidates (columns
 * name, email, phone), checking each row with the shared `candidateSchema`, sending them in
 * chunks, and putting the server's per-row answers back together into one report. Pure.
 */
import { candidateSchema, INVITATION_MESSAGES, type CandidateInput, type InviteRowResult } from '../../domain/assessment';
import { parseCsv } from '../shared/csv';

/** Rows per request: small enough for a progress bar that moves, well under the server's 500. */
export const INVITE_CHUNK = 50;
export const CSV_COLUMNS = ['name', 'email', 'phone'] as const;
export const REQUIRED_COLUMNS = ['name', 'email'] as const;

/** The template's rows: the header and one example. */
export const TEMPLATE_ROWS = [[...CSV_COLUMNS], ['Asha Rao', 'asha.rao@example.com', '+91 98765 43210']];

/** A row of the file that could not be used, with the spreadsheet's row number (the header is row 1). */
export interface RejectedRow {
  line: number;
  name: string;
  email: string;
  message: string;
}

export interface ParsedCandidates {
  candidates: CandidateInput[];
  rejected: RejectedRow[];
  /** Required columns the header lacks; nothing is read then. */
  missingColumns: string[];
}

/** The candidates of a CSV file: its header names the columns (any order and case); each row is checked. */
export function candidatesFromCsv(text: string): ParsedCandidates {
  const [header = [], ...rows] = parseCsv(text);
  const columns = header.map((h) => h.trim().toLowerCase());
  const missingColumns = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missingColumns.length) return { candidates: [], rejected: [], missingColumns };
  // A quote before = + - @ is how our own files (csvCell) keep spreadsheets from reading a formula: not part of the value.
  const cell = (row: string[], column: string) => (row[columns.indexOf(column)]?.trim() ?? '').replace(/^'(?=[=+\-@])/, '');
  const candidates: CandidateInput[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const raw = { name: cell(row, 'name'), email: cell(row, 'email'), phone: columns.includes('phone') ? cell(row, 'phone') : '' };
    const checked = checkCandidate(raw);
    if (!('candidate' in checked)) rejected.push({ line: index + 2, name: raw.name, email: raw.email, message: checked.message });
    // A repeated email is its own bad row, never merged into the first.
    else if (seen.has(checked.candidate.email)) rejected.push({ line: index + 2, name: raw.name, email: raw.email, message: INVITATION_MESSAGES.repeated });
    else {
      seen.add(checked.candidate.email);
      candidates.push(checked.candidate);
    }
  });
  return { candidates, rejected, missingColumns: [] };
}

/** One candidate checked with the shared schema: the clean candidate, or the first message. */
export function checkCandidate(raw: { name: string; email: string; phone?: string | null }): { candidate: CandidateInput } | { message: string; field: string } {
  const result = candidateSchema.safeParse({ name: raw.name, email: raw.email, phone: raw.phone || null });
  if (result.success) return { candidate: result.data };
  const issue = result.error.issues[0];
  return { message: issue.message, field: String(issue.path[0] ?? '') };
}

/** Items in groups of `size`, in order. */
export function chunked<T>(items: readonly T[], size = INVITE_CHUNK): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** A report row: the server's answer for one candidate, numbered across the whole list. */
export interface ReportRow extends InviteRowResult {
  name: string;
}

/**
 * A chunk's answer as rows of the whole list: the server numbers the rows of each request from 1;
 * `offset` is how many candidates earlier chunks held.
 */
export function chunkReport(chunk: readonly CandidateInput[], offset: number, rows: readonly InviteRowResult[]): ReportRow[] {
  return rows.map((r) => ({ ...r, row: offset + r.row, name: chunk[r.row - 1]?.name ?? '' }));
}

/** The rows a refused request (and every chunk after it) leaves uninvited, with the reason. */
export function failedRows(candidates: readonly CandidateInput[], offset: number, message: string): ReportRow[] {
  return candidates.map((c, i) => ({ row: offset + i + 1, name: c.name, email: c.email, outcome: 'FAILED', message }));
}

export function reportCounts(rows: readonly ReportRow[]) {
  return {
    invited: rows.filter((r) => r.outcome === 'INVITED').length,
    duplicates: rows.filter((r) => r.outcome === 'DUPLICATE').length,
    failed: rows.filter((r) => r.outcome === 'FAILED').length,
  };
}
