/** Bulk upload of questions: template, import with per-row errors, duplicates, row atomicity, permissions. */
import { createDeflateRaw, crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateColumns, XLSX_TYPE } from '../../src/domain/bulkUpload';
import { MESSAGES } from '../../src/domain/questionSchema';
import { csvCellCount, readCsv, readXlsx, sheetToCsv, sheetToXlsx } from '../../server/modules/bulk-upload/routes';
import { centralDirectory } from '../../server/modules/bulk-upload/zip';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const LANGUAGES = ['en', 'hi', 'bn'];
const COLUMNS = templateColumns(LANGUAGES);

const as = (email: string) => (options: Parameters<TestServer['asUser']>[1]) => server.asUser(email, options);
const admin = as('admin@skillgauge.demo');
const author = as('author@skillgauge.demo');
const moderator = as('moderator@skillgauge.demo');
const plainUser = as('user@skillgauge.demo');
const client = as('client@acme.demo');

async function skill(category: string, kind: string, label: string, subs: string[] = []) {
  const res = await admin({ method: 'POST', url: '/api/skills', payload: { category, kind, label } });
  expect(res.statusCode, res.body).toBe(200);
  for (const sub of subs) await admin({ method: 'POST', url: '/api/types/questiontypes', payload: { testTypeId: res.json().data.id, label: sub } });
}

beforeAll(async () => {
  server = await startTestServer();
  await skill('COMPETENCY', 'COMPETENCY', 'Bulk teamwork', ['Listening', 'Sharing']);
  await skill('PERSONALITY', 'STRESS', 'Bulk stress');
});
afterAll(() => server.close());

/** A valid LIKERT row (English, Hindi and Bangla); `extra` overrides cells. */
const row = (title: string, extra: Record<string, string> = {}): Record<string, string> => ({
  category: 'COMPETENCY',
  questionType: 'LIKERT',
  primarySkill: 'Bulk teamwork',
  secondarySkills: 'Listening|sharing',
  complexity: 'L2',
  title,
  shuffle: 'TRUE',
  tags: 'bulk|team',
  detail_en: 'I share credit with my team.',
  detail_hi: 'मैं अपनी टीम के साथ श्रेय साझा करता हूँ।',
  detail_bn: 'আমি আমার দলের সাথে কৃতিত্ব ভাগ করি।',
  answer1_en: 'Always',
  answer1_hi: 'हमेशा',
  answer1_bn: 'সবসময়',
  answer1_points: '5',
  answer2_en: 'Never',
  answer2_hi: 'कभी नहीं',
  answer2_points: '0.5',
  ...extra,
});

const csv = (rows: Record<string, string>[], columns: string[] = COLUMNS) => sheetToCsv(columns, rows);

const upload = (caller: typeof admin, file: Buffer, type = 'text/csv', fileName = 'questions.csv') =>
  caller({ method: 'POST', url: `/api/questions/bulk-upload?fileName=${encodeURIComponent(fileName)}`, headers: { 'content-type': type }, payload: file });

async function uploaded(caller: typeof admin, file: Buffer, type?: string) {
  const res = await upload(caller, file, type);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().result).toBe(1);
  return res.json().data as { uploadId: string; totalRows: number; imported: number; duplicates: number; failed: number; errors: { row: number; column: string; message: string }[] };
}

const db = () => server.database.db;
/** Questions this file's uploads made (the demo bank has titles of its own, e.g. "Good team meetings"). */
const questionsTitled = (prefix: string) =>
  db().selectFrom('questions').selectAll().where('title', 'like', `${prefix}%`).where('importKey', 'is not', null).orderBy('title').execute();
const countQuestions = async () => Number((await db().selectFrom('questions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

describe('the template', () => {
  it('downloads as CSV: the columns of the question fields, an example row, Hindi intact; it uploads as it is', async () => {
    const res = await author({ method: 'GET', url: '/api/questions/bulk-upload/template?format=csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="question-bulk-upload-template.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const sheet = readCsv(res.rawPayload);
    expect(sheet.header).toEqual(COLUMNS);
    expect(sheet.rows).toHaveLength(1);
    const example = Object.fromEntries(COLUMNS.map((c, i) => [c, sheet.rows[0].cells[i]]));
    expect(example).toMatchObject({ category: 'COMPETENCY', questionType: 'LIKERT', answer1_hi: 'हमेशा', answer1_points: '5' });
    const report = await uploaded(author, res.rawPayload);
    expect(report).toMatchObject({ totalRows: 1, imported: 1, failed: 0, errors: [] });
  });

  it('downloads as XLSX, which reads back to the same header and example', async () => {
    const res = await author({ method: 'GET', url: '/api/questions/bulk-upload/template?format=xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="question-bulk-upload-template.xlsx"');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.header).toEqual(COLUMNS);
    expect(sheet.rows.map((r) => r.number)).toEqual([2]);
    expect(sheet.rows[0].cells[COLUMNS.indexOf('detail_hi')]).toBe('मैं साझा सफलताओं का श्रेय सहकर्मियों को देता हूँ।');
    expect(sheet.rows[0].cells[COLUMNS.indexOf('answer2_points')]).toBe('4');
    expect((await author({ method: 'GET', url: '/api/questions/bulk-upload/template?format=pdf' })).statusCode).toBe(400);
  });
});

describe('importing', () => {
  it('imports good CSV rows as CREATED questions of the caller, with Hindi, quotes, commas and line breaks intact, history and audit', async () => {
    const tricky = 'Good 2: "quoted", with commas';
    const file = csv([row('Good 1'), row(tricky, { detail_en: 'First line\nsecond line, with a comma' })]);
    const report = await uploaded(author, file);
    expect(report).toMatchObject({ uploadId: expect.any(String), totalRows: 2, imported: 2, duplicates: 0, failed: 0, errors: [] });

    const saved = await questionsTitled('Good ');
    expect(saved.map((q) => q.title)).toEqual(['Good 1', tricky]);
    const users = await server.demoUsers();
    const authorId = users.get('author@skillgauge.demo')!.id;
    for (const q of saved) {
      expect(q).toMatchObject({ status: 'CREATED', authorId, questionType: 'LIKERT', complexity: 'L2', shuffle: true, tags: ['bulk', 'team'] });
      expect(q.importKey).toMatch(/^[0-9a-f]{64}$/);
      expect(q.secondarySkillIds).toHaveLength(2);
    }
    const api = (await author({ method: 'GET', url: `/api/questions/${saved[0].id}` })).json().data;
    expect(api.detail.langWiseDetail).toEqual([
      { language: 'en', detail: '<p>I share credit with my team.</p>' },
      { language: 'hi', detail: '<p>मैं अपनी टीम के साथ श्रेय साझा करता हूँ।</p>' },
      { language: 'bn', detail: '<p>আমি আমার দলের সাথে কৃতিত্ব ভাগ করি।</p>' },
    ]);
    expect(api.answers[1]).toEqual({ langWiseAnswer: [{ language: 'en', text: 'Never' }, { language: 'hi', text: 'कभी नहीं' }], value: 0.5 });
    expect(api.maxPoints).toBe(5);
    expect(api.history).toEqual([expect.objectContaining({ action: 'created', toStatus: 'CREATED', reason: 'bulk upload', userName: 'Arjun Contributor' })]);
    expect((await author({ method: 'GET', url: `/api/questions/${saved[1].id}` })).json().data.detail.langWiseDetail[0].detail).toBe(
      '<p>First line<br />second line, with a comma</p>',
    );
    expect(await server.auditOf(saved[0].id)).toEqual([
      expect.objectContaining({ action: 'create', resource: 'questions', userId: authorId, after: expect.objectContaining({ title: 'Good 1', uploadId: report.uploadId }) }),
    ]);
    expect(await server.auditOf(report.uploadId)).toEqual([expect.objectContaining({ action: 'create', resource: 'bulkUploads', userId: authorId })]);
  });

  it('imports XLSX rows, and CSV with no byte order mark, semicolons and a charset in the content type', async () => {
    const xlsx = await sheetToXlsx(COLUMNS, [row('Workbook 1'), row('Workbook 2', { answer3_en: 'Sometimes', answer3_points: '2.5' })]);
    expect(await uploaded(author, xlsx, XLSX_TYPE)).toMatchObject({ totalRows: 2, imported: 2, failed: 0 });
    const fromXlsx = await questionsTitled('Workbook ');
    expect(fromXlsx.map((q) => q.answers)).toEqual([expect.any(Array), expect.arrayContaining([{ langWiseAnswer: [{ language: 'en', text: 'Sometimes' }], value: 2.5 }])]);
    expect(JSON.stringify(fromXlsx[0].details)).toContain('मैं अपनी टीम के साथ श्रेय साझा करता हूँ।');

    const semicolons = Buffer.from(
      `${COLUMNS.join(';')}\n${COLUMNS.map((c) => row('Semicolon 1')[c] ?? '').join(';')}\n`,
      'utf8',
    );
    expect(await uploaded(author, semicolons, 'text/csv; charset=utf-8')).toMatchObject({ imported: 1 });
    expect(JSON.stringify((await questionsTitled('Semicolon 1'))[0].details)).toContain('श्रेय');
    // Windows browsers call a .csv file application/vnd.ms-excel.
    expect(await uploaded(author, csv([row('Windows 1')]), 'application/vnd.ms-excel')).toMatchObject({ imported: 1 });
  });

  it('reports bad rows with their row, template column and message, and imports the rest', async () => {
    const thirteen: Record<string, string> = {};
    for (let slot = 1; slot <= 13; slot++) Object.assign(thirteen, { [`answer${slot}_en`]: `Answer ${slot}`, [`answer${slot}_points`]: '1' });
    const columns = [...COLUMNS, 'answer13_en', 'answer13_points'];
    const file = csv(
      [
        row('Mixed good 1'),
        row('', {}),
        row('Mixed bad points', { answer2_en: '', answer2_hi: '', answer2_points: '', answer3_en: 'Rarely', answer3_points: '12' }),
        row('Mixed thirteen', thirteen),
        {},
        row('Mixed unknown skill', { primarySkill: 'Juggling' }),
        row('Mixed wrong type', { category: 'PERSONALITY', primarySkill: 'Bulk stress', secondarySkills: '' }),
        row('Mixed wrong sub-skill', { secondarySkills: 'Listening|Painting' }),
        row('Mixed good 2'),
      ],
      columns,
    );
    const report = await uploaded(admin, file);
    expect(report).toMatchObject({ totalRows: 8, imported: 2, duplicates: 0, failed: 6 });
    // Header is row 1; the blank row 6 is skipped but still counted as a row of the sheet.
    expect(report.errors).toEqual([
      { row: 3, column: 'title', message: 'Title is required' },
      { row: 4, column: 'answer3_points', message: MESSAGES.points },
      { row: 5, column: 'answer13_en', message: 'You can provide maximum 12 answers' },
      { row: 7, column: 'primarySkill', message: 'The primary skill "Juggling" does not exist.' },
      { row: 8, column: 'questionType', message: 'This test type takes Rating scale questions, not Likert.' },
      { row: 9, column: 'secondarySkills', message: '"Painting" is not a secondary skill of Bulk teamwork.' },
    ]);
    expect((await questionsTitled('Mixed ')).map((q) => q.title)).toEqual(['Mixed good 1', 'Mixed good 2']);

    const stored = await admin({ method: 'GET', url: `/api/questions/bulk-upload/${report.uploadId}` });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toMatchObject({ uploadId: report.uploadId, fileName: 'questions.csv', totalRows: 8, imported: 2, failed: 6, errors: report.errors });
    const record = await db().selectFrom('bulkUploads').selectAll().where('id', '=', report.uploadId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ totalRows: 8, imported: 2, duplicates: 0, failed: 6 });
  });

  it('skips rows uploaded before (and repeated rows) as duplicates, whatever the format', async () => {
    const rows = [row('Again 1'), row('Again 2'), row('Again 3')];
    expect(await uploaded(author, csv(rows))).toMatchObject({ imported: 3, duplicates: 0 });
    const before = await countQuestions();
    const again = await uploaded(author, csv(rows));
    expect(again).toMatchObject({ totalRows: 3, imported: 0, duplicates: 3, failed: 0, errors: [], duplicateRows: [2, 3, 4] });
    // The same content in a workbook, with other spacing and case: still the same questions.
    const respaced = rows.map((r) => ({ ...r, title: ` ${r.title.replace(' ', '  ')} `, category: 'competency', secondarySkills: 'listening | Sharing' }));
    expect(await uploaded(author, await sheetToXlsx(COLUMNS, respaced), XLSX_TYPE)).toMatchObject({ imported: 0, duplicates: 3 });
    expect(await countQuestions()).toBe(before);
    // Within one file, the second copy of a row is a duplicate.
    expect(await uploaded(author, csv([row('Twice'), row('Twice')]))).toMatchObject({ imported: 1, duplicates: 1 });
  });

  it('saves each row whole or not at all: a row the database refuses leaves nothing behind', async () => {
    await sql`create or replace function bulk_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.after->>'title' = 'Explode' then raise exception 'refused for the test'; end if;
        return new;
      end $$`.execute(db());
    await sql`create trigger bulk_test_refuse before insert on audit_log for each row execute function bulk_test_refuse()`.execute(db());
    try {
      const history = async () => Number((await db().selectFrom('questionHistory').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
      const historyBefore = await history();
      const report = await uploaded(author, csv([row('Atomic 1'), row('Explode'), row('Atomic 2')]));
      expect(report).toMatchObject({ totalRows: 3, imported: 2, failed: 1 });
      expect(report.errors).toEqual([{ row: 3, column: '', message: 'This row could not be saved.' }]);
      expect(await questionsTitled('Explode')).toEqual([]);
      expect((await questionsTitled('Atomic ')).map((q) => q.title)).toEqual(['Atomic 1', 'Atomic 2']);
      expect(await history()).toBe(historyBefore + 2);
    } finally {
      await sql`drop trigger bulk_test_refuse on audit_log`.execute(db());
      await sql`drop function bulk_test_refuse()`.execute(db());
    }
    // Once the database accepts it, the row imports: nothing was left under its key.
    expect(await uploaded(author, csv([row('Explode')]))).toMatchObject({ imported: 1, duplicates: 0 });
  });
});

describe('files that cannot be imported', () => {
  const refused = async (file: Buffer, type: string, message: RegExp | string, status = 400) => {
    const res = await upload(author, file, type);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ result: 0, msg: typeof message === 'string' ? message : expect.stringMatching(message) });
  };

  it('answers 400 with a sentence for an empty file, no data rows, unknown or missing columns, too many rows, wrong encodings', async () => {
    await refused(Buffer.alloc(0), 'text/csv', 'The file is empty.');
    await refused(Buffer.from('\n\n', 'utf8'), 'text/csv', /no header row/);
    await refused(csv([]), 'text/csv', 'The file has a header row but no questions under it.');
    await refused(csv([row('x')], [...COLUMNS, 'colour']), 'text/csv', /columns? the template does not know: colour/);
    await refused(csv([row('x')], COLUMNS.filter((c) => c !== 'complexity')), 'text/csv', /missing the column complexity/);
    const many = Buffer.from(`${COLUMNS.join(',')}\n${'COMPETENCY\n'.repeat(10_001)}`, 'utf8');
    await refused(many, 'text/csv', 'The file has 10,001 questions; at most 10,000 can be uploaded at once. Split it into smaller files.');
    await refused(Buffer.from(`${COLUMNS.join(',')}\nCOMPETENCY,caf\xe9\n`, 'latin1'), 'text/csv', /not UTF-8/);
    await refused(Buffer.from(`${COLUMNS.join(',')}\n"unclosed\n`, 'utf8'), 'text/csv', /quoted cell is not closed/);
    await refused(Buffer.from('not a workbook'), XLSX_TYPE, 'The file is not an Excel workbook (.xlsx).');
    await refused(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), XLSX_TYPE, /Excel file could not be read/);
    await refused(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), 'application/vnd.ms-excel', /\.xls\) cannot be read/);
    const json = await author({ method: 'POST', url: '/api/questions/bulk-upload', payload: { rows: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toMatch(/Send the file itself/);
  });

  it('refuses more than 2,000,000 cells before parsing: a line of commas, or lines of one comma', async () => {
    const message = 'The file has more than 2,000,000 cells; at most 10,000 questions can be uploaded at once. Split it into smaller files.';
    await refused(Buffer.alloc(2_000_000, ','), 'text/csv', message);
    await refused(Buffer.from(`${COLUMNS.join(',')}\n${',\n'.repeat(1_000_000)}`), 'text/csv', message);
    // Delimiters and line breaks inside quoted cells are text; a quote inside a cell is a character.
    expect(csvCellCount('a,"b,c"\r\n"d""e,\n",f\n', ',')).toBe(5);
    expect(csvCellCount('a"b,c\rd', ',')).toBe(3);
  });

  it('answers 413 past 20 MB', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
    await refused(big, 'text/csv', 'The request body is too large.', 413);
  });
});

/** A zip entry as written: its data already compressed (method 8) or stored (0). */
interface RawEntry {
  name: string;
  method: number;
  data: Buffer;
  crc: number;
  size: number;
}

/** The entries of a zip, read through its central directory, with their data as stored. */
function zipEntries(zip: Buffer): RawEntry[] {
  return centralDirectory(zip).entries.map((e) => {
    const start = e.offset + 30 + zip.readUInt16LE(e.offset + 26) + zip.readUInt16LE(e.offset + 28);
    const data = zip.subarray(start, start + e.compressedSize);
    const plain = e.method === 8 ? inflateRawSync(data) : data;
    return { name: e.name, method: e.method, data, crc: crc32(plain), size: plain.length };
  });
}

/**
 * A zip of these entries; `declared` may lie about an entry's size, `hidden` entries get no central
 * record, `descriptors` puts crc and sizes after the data (as streaming writers such as LibreOffice do).
 */
function buildZip(entries: RawEntry[], options: { declared?: (e: RawEntry) => number; hidden?: RawEntry[]; descriptors?: boolean } = {}): Buffer {
  const flags = options.descriptors ? 0x8 : 0;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of [...entries, ...(options.hidden ?? [])]) {
    const name = Buffer.from(e.name, 'utf8');
    const size = options.declared?.(e) ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0x21, 12);
    if (!options.descriptors) {
      local.writeUInt32LE(e.crc, 14);
      local.writeUInt32LE(e.data.length, 18);
      local.writeUInt32LE(size, 22);
    }
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(options.descriptors ? 16 : 0);
    if (options.descriptors) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(e.crc, 4);
      descriptor.writeUInt32LE(e.data.length, 8);
      descriptor.writeUInt32LE(size, 12);
    }
    locals.push(local, name, e.data, descriptor);
    if (!options.hidden?.includes(e)) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(flags, 8);
      central.writeUInt16LE(e.method, 10);
      central.writeUInt16LE(0x21, 14);
      central.writeUInt32LE(e.crc, 16);
      central.writeUInt32LE(e.data.length, 20);
      central.writeUInt32LE(size, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, name);
    }
    offset += 30 + name.length + e.data.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A worksheet whose XML unpacks to `bytes` (valid XML: the padding is whitespace), deflated in 1 MB steps. */
async function hugeSheet(bytes: number): Promise<RawEntry> {
  const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
  const tail = Buffer.from('</sheetData></worksheet>');
  const chunk = Buffer.alloc(1024 * 1024, ' ');
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = crc32(head);
  deflate.write(head);
  let written = head.length + tail.length;
  while (written < bytes) {
    const part = chunk.subarray(0, Math.min(chunk.length, bytes - written));
    crc = crc32(part, crc);
    deflate.write(part);
    written += part.length;
  }
  deflate.end(tail);
  crc = crc32(tail, crc);
  await done;
  return { name: 'xl/worksheets/sheet1.xml', method: 8, data: Buffer.concat(out), crc, size: written };
}

describe('workbooks that unpack to too much', () => {
  const refusedXlsx = async (file: Buffer, status: number, message: RegExp) => {
    const res = await upload(author, file, XLSX_TYPE, 'questions.xlsx');
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ result: 0, msg: expect.stringMatching(message) });
  };
  /** 110 MB of sheet XML in about 110 KB. */
  let sheet: RawEntry;
  beforeAll(async () => {
    sheet = await hugeSheet(110 * 1024 * 1024 + 5);
  });

  it('reads workbooks rebuilt by the test zip writer, with and without data descriptors (the checks refuse bombs, not workbooks)', async () => {
    const entries = zipEntries(await sheetToXlsx(COLUMNS, [row('Rebuilt 1')]));
    expect(await uploaded(author, buildZip(entries), XLSX_TYPE)).toMatchObject({ imported: 1 });
    const described = zipEntries(await sheetToXlsx(COLUMNS, [row('Rebuilt 2')]));
    expect(await uploaded(author, buildZip(described, { descriptors: true }), XLSX_TYPE)).toMatchObject({ imported: 1 });
  });

  it('refuses a decompression bomb with 413 before exceljs reads it: a small file whose sheet unpacks past 100 MB', async () => {
    const entries = zipEntries(await sheetToXlsx(COLUMNS, [row('Bomb 1')]));
    const bomb = buildZip(entries.map((e) => (e.name === 'xl/worksheets/sheet1.xml' ? sheet : e)));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refusedXlsx(bomb, 413, /^The Excel file unpacks to 111 MB; at most 100 MB can be read\. Split it into smaller files, or upload a CSV file\.$/);
    expect(await questionsTitled('Bomb ')).toEqual([]);
  });
  it('refuses a workbook whose central directory understates what an entry unpacks to, or hides an entry from it', async () => {
    const entries = zipEntries(await sheetToXlsx(COLUMNS, [row('Liar 1')]));
    const lying = buildZip(entries.map((e) => (e.name === 'xl/worksheets/sheet1.xml' ? sheet : e)), { declared: (e) => (e === sheet ? 1000 : e.size) });
    await refusedXlsx(lying, 400, /Excel file could not be read/);
    const hidden = buildZip(entries, { hidden: [{ ...sheet, name: 'xl/worksheets/sheet2.xml' }] });
    await refusedXlsx(hidden, 400, /Excel file could not be read/);
  });

  it('stops reading at 2,000,000 cells: a cell far to the right in every row makes each row 16,384 cells long', async () => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Questions');
    ws.addRow(COLUMNS);
    for (let r = 2; r <= 130; r++) ws.getCell(`XFD${r}`).value = 'x';
    const wide = Buffer.from(await workbook.xlsx.writeBuffer());
    await refusedXlsx(wide, 400, /^The Excel file has more than 2,000,000 cells; at most 10,000 questions can be uploaded at once\. Split it into smaller files\.$/);
  });

  it('names the cell of a NUL character instead of failing the row at the database', async () => {
    const report = await uploaded(author, csv([row('Nul 1', { title: 'Nul\u0000 1' }), row('Nul 2')]));
    expect(report).toMatchObject({ imported: 1, failed: 1 });
    expect(report.errors).toEqual([{ row: 2, column: 'title', message: 'Text must not contain NUL characters.' }]);
  });
});

describe('who may upload', () => {
  it('refuses clients; USER accounts upload questions of their own', async () => {
    expect((await client({ method: 'GET', url: '/api/questions/bulk-upload/template?format=csv' })).statusCode).toBe(403);
    expect((await upload(client, csv([row('Client row')]))).statusCode).toBe(403);
    expect((await server.as(undefined, { method: 'POST', url: '/api/questions/bulk-upload', headers: { 'content-type': 'text/csv' }, payload: csv([row('x')]) })).statusCode).toBe(401);
    expect(await questionsTitled('Client row')).toEqual([]);

    // Same content as a bank question, but a USER's questions are a bank of their own.
    const report = await uploaded(plainUser, csv([row('Good 1')]));
    expect(report).toMatchObject({ imported: 1, duplicates: 0 });
    const users = await server.demoUsers();
    const mine = (await questionsTitled('Good 1')).filter((q) => q.authorId === users.get('user@skillgauge.demo')!.id);
    expect(mine).toHaveLength(1);
    const list = (await plainUser({ method: 'GET', url: '/api/questions?range=[0,99]' })).json().data as { id: string }[];
    expect(list.map((q) => q.id)).toContain(mine[0].id);
  });

  it('shows a report to its uploader and admins only', async () => {
    const report = await uploaded(author, csv([row('Report 1')]));
    const url = `/api/questions/bulk-upload/${report.uploadId}`;
    expect((await author({ method: 'GET', url })).json().data).toMatchObject({ uploadId: report.uploadId, imported: 1 });
    expect((await admin({ method: 'GET', url })).statusCode).toBe(200);
    expect((await moderator({ method: 'GET', url })).statusCode).toBe(404);
    expect((await plainUser({ method: 'GET', url })).statusCode).toBe(404);
    expect((await author({ method: 'GET', url: '/api/questions/bulk-upload/6f1c2b1e-8a53-4c1e-9d55-0a2b3c4d5e6f' })).statusCode).toBe(404);
  });
});
