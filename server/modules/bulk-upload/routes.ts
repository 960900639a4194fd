/**
 * Bulk upload of questions from a CSV or XLSX file:
 *   GET  /api/questions/bulk-upload/template?format=csv|xlsx   the template, with one example row
 *   POST /api/questions/bulk-upload?fileName=                  the file as the raw body; answers the report
 *   GET  /api/questions/bulk-upload/:id                        a stored report (its uploader or an admin)
 * Every row is checked by the question form's schema and the skills rules; valid rows become
 * CREATED questions of the caller, each whole or not at all; rows uploaded before are duplicates.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addProblem,
  BULK_MAX_BYTES,
  BULK_MAX_ROWS,
  columnHelp,
  importKeyMaterial,
  isBlankRow,
  keptUploadSchema,
  readHeader,
  templateColumns,
  templateExampleRow,
  uploadAnswerSchema,
  validateRow,
  XLSX_TYPE,
  type CellProblem,
  type UploadReport,
} from '../../../src/domain/bulkUpload';
import { COMPLEXITIES, MEDIA_TYPES, QUESTION_CATEGORIES, QUESTION_TYPES } from '../../../src/domain/content';
import { MESSAGES } from '../../../src/domain/questionSchema';
import { mayCreateQuestions, ownQuestionsOnly } from '../../../src/domain/questionWorkflow';
import { answers, fileAnswers, ok } from '../../lib/answers';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams } from '../../lib/crud';
import { badRequest, HttpError, notFound, says } from '../../lib/errors';
import { NUL_MESSAGE } from '../../lib/input';
import type { Services } from '../../services';
import {
  activeLanguages,
  CHUNK_SIZE,
  existingKeys,
  findReport,
  importKeyOf,
  insertChunk,
  loadSkills,
  resolveSkills,
  saveReport,
  templateExampleSkills,
  type PreparedRow,
} from './queries';
import { checkWorkbookZip, XLSX_MAX_UNPACKED_BYTES } from './zip';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

/** Browsers on Windows often label .csv files application/vnd.ms-excel; the content decides. */
const BODY_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream', XLSX_TYPE];
/** The report keeps at most this many error entries (the counts stay exact). */
const MAX_REPORTED_ERRORS = 5000;

/** A sheet as read from a file: the header and the non-blank rows, numbered as a spreadsheet shows them. */
export interface Sheet {
  header: string[];
  rows: { number: number; cells: string[] }[];
}

/** The cells a file may hold (a workbook's blank rows count as one): 10,000 questions of 200 columns. */
export const BULK_MAX_CELLS = 2_000_000;
const tooManyCells = (what: string) =>
  badRequest(
    `${what} has more than ${BULK_MAX_CELLS.toLocaleString('en')} cells; at most ${BULK_MAX_ROWS.toLocaleString('en')} questions can be uploaded at once. Split it into smaller files.`,
  );

const tooManyRows = (count: number) =>
  badRequest(`The file has ${count.toLocaleString('en')} questions; at most ${BULK_MAX_ROWS.toLocaleString('en')} can be uploaded at once. Split it into smaller files.`);

/** Keeps the first non-blank row as the header and the non-blank rows after it (at most BULK_MAX_ROWS). */
function collect(records: Iterable<{ number: number; cells: string[] }>, emptyMessage: string): Sheet {
  let header: string[] | null = null;
  const rows: Sheet['rows'] = [];
  let count = 0;
  for (const record of records) {
    if (isBlankRow(record.cells)) continue;
    if (!header) header = record.cells;
    else if (++count <= BULK_MAX_ROWS) rows.push(record);
  }
  if (!header) throw badRequest(emptyMessage);
  if (count > BULK_MAX_ROWS) throw tooManyRows(count);
  return { header, rows };
}

function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer);
  try {
    // Strips a UTF-8 byte order mark.
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw badRequest(FIELD_MESSAGES.fileNotUtf8Text);
  }
}

/** Comma, or the semicolon or tab that some spreadsheets' CSV exports use, judged by the header line. */
function delimiterOf(text: string): string {
  const end = text.search(/[\r\n]/);
  const line = end < 0 ? text : text.slice(0, end);
  let best = ',';
  let bestCount = line.split(',').length - 1;
  for (const candidate of [';', '\t']) {
    const count = line.split(candidate).length - 1;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/**
 * The cells of CSV text, counted before parsing: 20 MB of commas would otherwise become 20 million
 * cells in memory. Delimiters and line breaks inside a quoted cell (one that starts with a quote)
 * are text; a quote elsewhere is a character, as the parser reads it.
 */
export function csvCellCount(text: string, delimiter: string): number {
  const d = delimiter.charCodeAt(0);
  let cells = 1;
  let fieldStart = true;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 0x22) {
        if (text.charCodeAt(i + 1) === 0x22) i++;
        else quoted = false;
      }
    } else if (c === 0x22 && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else if (c === d || c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      cells++;
      fieldStart = true;
    } else fieldStart = false;
  }
  return cells;
}

export function readCsv(buffer: Buffer): Sheet {
  const text = decodeText(buffer).replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(text);
  if (csvCellCount(text, delimiter) > BULK_MAX_CELLS) throw tooManyCells('The file');
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    const reason = code === 'CSV_QUOTE_NOT_CLOSED' ? (lines ? says('csvQuoteNotClosedAt', { line: lines }) : says('csvQuoteNotClosed')) : lines ? says('csvUnreadableAt', { line: lines }) : says('csvUnreadable');
    throw badRequest(reason);
  }
  // One record per spreadsheet row, header included: record i is row i + 1.
  return collect(
    records.map((cells, index) => ({ number: index + 1, cells })),
    'The file is empty: it has no header row and no questions.',
  );
}

/** A cell's value as text, whatever Excel stored: numbers, booleans, rich text, formula results, links. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}


/**
 * The first sheet of a workbook, streamed: rows past the limit are never kept. Its zip is checked
 * first (what it unpacks to), and reading stops at the cells cap.
 */
export async function readXlsx(buffer: Buffer): Promise<Sheet> {
  const zip = await checkWorkbookZip(buffer);
  if (!zip.ok && zip.reason === 'too large')
    throw new HttpError(
      413,
      says('excelTooLarge', { size: megabytes(zip.unpackedBytes), max: megabytes(XLSX_MAX_UNPACKED_BYTES) }),
    );
  if (!zip.ok) throw unreadableXlsx();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const records: { number: number; cells: string[] }[] = [];
  let nonBlank = 0;
  let sheets = 0;
  let cellCount = 0;
  try {
    for await (const worksheet of reader) {
      const first = sheets++ === 0;
      for await (const row of worksheet) {
        const values = row.values as (ExcelJS.CellValue | undefined)[];
        // A cell far to the right makes a long row: cells are counted up to the last one.
        cellCount += Math.max(values.length, 1);
        if (cellCount > BULK_MAX_CELLS) throw tooManyCells('The Excel file');
        if (!first) continue;
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (isBlankRow(cells)) continue;
        // Past the header and the limit, only count (the rest of the file is still read through).
        if (++nonBlank <= BULK_MAX_ROWS + 1) records.push({ number: row.number, cells });
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadableXlsx();
  }
  if (nonBlank > BULK_MAX_ROWS + 1) throw tooManyRows(nonBlank - 1);
  if (!sheets) throw badRequest(FIELD_MESSAGES.excelFileNoSheet);
  return collect(records, 'The first sheet of the workbook is empty: the header row and the questions go there.');
}

const unreadableXlsx = () => badRequest(FIELD_MESSAGES.excelFileCouldNot);
const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024)).toLocaleString('en')} MB`;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Reads the body by what it is (an XLSX is a zip), not only by what the browser called it. */
export async function readSheet(body: Buffer, contentType: string | undefined): Promise<{ sheet: Sheet; format: 'csv' | 'xlsx' }> {
  const head = body.subarray(0, 4);
  if (head.equals(ZIP_MAGIC)) return { sheet: await readXlsx(body), format: 'xlsx' };
  if (head.equals(OLE_MAGIC)) throw badRequest(FIELD_MESSAGES.oldExcelFilesXls);
  if (contentType?.toLowerCase().startsWith(XLSX_TYPE)) throw badRequest(FIELD_MESSAGES.fileNotExcelWorkbook);
  return { sheet: readCsv(body), format: 'csv' };
}

/** A CSV file with a UTF-8 byte order mark, so Excel shows Hindi and Bangla text correctly. */
export function sheetToCsv(columns: readonly string[], rows: readonly Record<string, string>[]): Buffer {
  return Buffer.from(stringifyCsv([[...columns], ...rows.map((row) => columns.map((c) => row[c] ?? ''))], { bom: true }), 'utf8');
}

/** An XLSX workbook: the questions sheet first (header bold and frozen), then the given extra sheets. */
export async function sheetToXlsx(
  columns: readonly string[],
  rows: readonly Record<string, string>[],
  options: { instructions?: [string, string][]; validations?: boolean } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Skillgauge';
  const sheet = workbook.addWorksheet('Questions', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: c === 'title' || c.startsWith('detail_') ? 40 : Math.max(12, c.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values: Record<string, string | number> = {};
    for (const c of columns) {
      const text = row[c] ?? '';
      values[c] = c.endsWith('_points') && text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    }
    sheet.addRow(values);
  }
  if (options.validations) {
    const lists: [string, readonly string[]][] = [
      ['category', QUESTION_CATEGORIES],
      ['questionType', QUESTION_TYPES],
      ['complexity', COMPLEXITIES],
      ['mediaType', MEDIA_TYPES],
      ['shuffle', ['TRUE', 'FALSE']],
      ...columns.filter((c) => c.endsWith('_correct')).map((c): [string, readonly string[]] => [c, ['TRUE', 'FALSE']]),
    ];
    // Worksheet.dataValidations is not in exceljs's typings; ranges keep the file small.
    const validations = (sheet as unknown as { dataValidations: { add: (range: string, rule: ExcelJS.DataValidation) => void } }).dataValidations;
    for (const [column, values] of lists) {
      const letter = sheet.getColumn(column).letter;
      validations.add(`${letter}2:${letter}${BULK_MAX_ROWS + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`"${values.join(',')}"`],
        showErrorMessage: true,
        errorTitle: column,
        error: `Choose one of: ${values.join(', ')}`,
      });
    }
  }
  if (options.instructions) {
    const help = workbook.addWorksheet('Instructions');
    help.columns = [
      { header: 'Column', key: 'column', width: 40 },
      { header: 'What to write', key: 'help', width: 110 },
    ];
    help.getRow(1).font = { bold: true };
    for (const [column, text] of options.instructions) help.addRow({ column, help: text });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const templateQuery = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'The format must be csv or xlsx.' }).default('xlsx') });
const uploadQuery = z.object({ fileName: z.string().trim().max(255, 'The file name must be at most 255 characters.').optional() });

/** USER accounts keep questions of their own: their duplicates are judged among their own. */
const scopeOf = (user: AuthUser) => (ownQuestionsOnly(user) ? `user:${user.id}` : 'bank');
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const baseName = (name: string) => name.split(/[\\/]/).pop()!.replace(/\p{Cc}/gu, '').trim();

export default async function bulkUploadRoutes(app: FastifyInstance, { db }: Services) {
  const create = { access: (u: AuthUser) => mayCreateQuestions(u) };
  const tags = ['questions'];

  // A scope of its own: the raw-body parsers and their 20 MB limit apply to these routes only.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(BODY_TYPES, { parseAs: 'buffer', bodyLimit: BULK_MAX_BYTES }, (_request, body, done) => done(null, body));
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/questions/bulk-upload/template', { config: create, schema: { tags, querystring: templateQuery, response: fileAnswers([XLSX_TYPE, 'text/csv'], 'The template: an Excel file (format=xlsx) or a CSV (format=csv) with its header and an example row') } }, async (request, reply) => {
      const languages = await activeLanguages(db);
      const { example, sub } = await templateExampleSkills(db);
      const columns = templateColumns(languages);
      const rows = [templateExampleRow(languages, { primarySkill: example?.label ?? 'Teamwork', secondarySkills: sub ? [sub.label] : [] })];
      const { format } = request.query;
      const file = format === 'csv' ? sheetToCsv(columns, rows) : await sheetToXlsx(columns, rows, { instructions: columnHelp(languages), validations: true });
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="question-bulk-upload-template.${format}"`)
        .header('cache-control', 'no-store')
        .send(file);
    });

    r.post('/questions/bulk-upload', { config: create, schema: { tags, querystring: uploadQuery, response: answers(uploadAnswerSchema) } }, async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (!Buffer.isBuffer(body))
        throw badRequest(`Send the file itself as the request body, with Content-Type text/csv or ${XLSX_TYPE}.`);
      if (!body.length) throw badRequest(FIELD_MESSAGES.fileEmpty);
      const { sheet, format } = await readSheet(body, request.headers['content-type']);
      const fileName = baseName(request.query.fileName ?? '') || `questions.${format}`;
      const languages = await activeLanguages(db);
      const header = readHeader(sheet.header, languages);
      if (!header.ok) throw badRequest(header.message);
      if (!sheet.rows.length) throw badRequest(FIELD_MESSAGES.fileHeaderRowBut);

      const skills = await loadSkills(db);
      const scope = scopeOf(user);
      const uploadId = randomUUID();
      const errors: UploadReport['errors'] = [];
      const failedRows = new Set<number>();
      const duplicateRows: number[] = [];
      const prepared: PreparedRow[] = [];
      const seen = new Set<string>();
      const fail = (row: number, problems: CellProblem[]) => {
        failedRows.add(row);
        for (const p of problems) errors.push({ row, column: p.column, message: p.message });
      };

      for (const [index, { number, cells }] of sheet.rows.entries()) {
        // Validation is synchronous: let other requests in now and then.
        if (index % CHUNK_SIZE === CHUNK_SIZE - 1) await yieldToLoop();
        const row: Record<string, string> = {};
        let overflow = false;
        cells.forEach((cell, c) => {
          const name = header.columns[c];
          if (name) row[name] = cell;
          else if (c >= header.columns.length && cell.trim()) overflow = true;
        });
        const { question, input, problems } = validateRow(row, languages);
        if (overflow) addProblem(problems, { column: '', message: 'This row has more cells than the header has columns.' });
        // The database cannot store a NUL character: the cell is named rather than the row failing at insert.
        for (const [column, cell] of Object.entries(row)) if (cell.includes('\u0000')) addProblem(problems, { column, message: NUL_MESSAGE });
        const skillIds = resolveSkills(input, skills);
        if ('problems' in skillIds) for (const p of skillIds.problems) addProblem(problems, p);
        if (!question || problems.length || 'problems' in skillIds) {
          fail(number, problems.length ? problems : [{ column: 'primarySkill', message: MESSAGES.primarySkill }]);
          continue;
        }
        const resolved = { ...question, ...skillIds };
        const importKey = importKeyOf(importKeyMaterial(resolved, scope));
        if (seen.has(importKey)) {
          duplicateRows.push(number);
          continue;
        }
        seen.add(importKey);
        prepared.push({ row: number, importKey, question: resolved });
      }

      let imported = 0;
      for (let start = 0; start < prepared.length; start += CHUNK_SIZE) {
        const chunk = prepared.slice(start, start + CHUNK_SIZE);
        const existing = await existingKeys(db, chunk.map((r) => r.importKey));
        const fresh = chunk.filter((r) => {
          if (existing.has(r.importKey)) duplicateRows.push(r.row);
          return !existing.has(r.importKey);
        });
        const result = await insertChunk(db, fresh, { userId: user.id, uploadId });
        imported += result.imported.length;
        duplicateRows.push(...result.duplicates);
        for (const f of result.failed) fail(f.row, [{ column: '', message: f.message }]);
      }

      errors.sort((a, b) => a.row - b.row);
      duplicateRows.sort((a, b) => a - b);
      const report: UploadReport = {
        uploadId,
        fileName,
        totalRows: sheet.rows.length,
        imported,
        duplicates: duplicateRows.length,
        failed: failedRows.size,
        errors: errors.slice(0, MAX_REPORTED_ERRORS),
        errorsTruncated: errors.length > MAX_REPORTED_ERRORS,
        duplicateRows,
      };
      const createdAt = await saveReport(db, user.id, report);
      return ok({ ...report, createdAt });
    });

    r.get('/questions/bulk-upload/:id', { config: { access: 'signedIn' }, schema: { tags, params: idParams, response: answers(keptUploadSchema) } }, async (request) => {
      const user = currentUser(request);
      const stored = await findReport(db, request.params.id);
      if (!stored || (stored.userId !== user.id && user.role !== 'ADMIN')) throw notFound(FIELD_MESSAGES.noSuchUpload);
      return ok({ ...(stored.report as UploadReport), userId: stored.userId, createdAt: stored.createdAt });
    });
  });
}
