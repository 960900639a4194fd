/**
 * Bulk upload of questions: the template's columns, reading a header, and turning one spreadsheet
 * row into the question form's input, validated by the ONE question schema. Pure: the server
 * uses it to import files and the browser can use it to check a file before sending it.
 *
 * Columns follow the question fields: skills by label (people know skills by name), lists
 * separated by `|`, one `detail_<code>` per language, and for answers 1..12 one
 * `answer<N>_<code>` per language plus `answer<N>_points` and `answer<N>_correct`.
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { MAX_ANSWERS } from './content';
import { MESSAGES, questionSchema, type QuestionInput } from './questionSchema';

/** At most this many data rows in one file, and this many bytes. */
export const BULK_MAX_ROWS = 10_000;
export const BULK_MAX_BYTES = 20 * 1024 * 1024;
/** The content type of an .xlsx workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Separates the items of list cells (secondary skills, tags). */
export const LIST_SEPARATOR = '|';

/** The question-level columns, in template order; every file must have all of them. */
export const BASE_COLUMNS = [
  'category',
  'questionType',
  'primarySkill',
  'secondarySkills',
  'complexity',
  'title',
  'shuffle',
  'ansTitle',
  'mediaType',
  'mediaUrl',
  'tags',
] as const;
export type BaseColumn = (typeof BASE_COLUMNS)[number];

/**
 * Answer columns may go past the 12 the template offers (the schema then says 'You can provide
 * maximum 12 answers'), up to this many, so that a 13th answer is a row error, not an unknown column.
 */
const MAX_ANSWER_SLOTS = 50;

export const detailColumn = (language: string) => `detail_${language}`;
export const answerColumn = (slot: number, suffix: string) => `answer${slot}_${suffix}`;

/** The template's header for the given language codes (the active languages, in their order). */
export function templateColumns(languages: readonly string[]): string[] {
  const columns: string[] = [...BASE_COLUMNS, ...languages.map(detailColumn)];
  for (let slot = 1; slot <= MAX_ANSWERS; slot++)
    columns.push(...languages.map((code) => answerColumn(slot, code)), answerColumn(slot, 'points'), answerColumn(slot, 'correct'));
  return columns;
}

export type HeaderResult = { ok: true; columns: (string | null)[] } | { ok: false; message: string };

const BASE_BY_LOWER = new Map<string, BaseColumn>(BASE_COLUMNS.map((c) => [c.toLowerCase(), c]));
const TEMPLATE_HINT = 'Download the template again and copy your rows into it.';

const listed = (names: string[]) => {
  const shown = names.slice(0, 10).join(', ');
  return names.length > 10 ? `${shown} and ${names.length - 10} more` : shown;
};

/**
 * The canonical column name of each header cell (null for an empty header cell, whose column is
 * ignored), or a message when a column is unknown, repeated or missing. Case and surrounding
 * spaces do not matter; answer columns may be left out (short-text questions have none).
 */
export function readHeader(cells: readonly string[], languages: readonly string[]): HeaderResult {
  const codes = new Map(languages.map((code) => [code.toLowerCase(), code]));
  const columns: (string | null)[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const cell of cells) {
    const raw = (cell ?? '').replace(/^\uFEFF/, '').trim();
    if (!raw) {
      columns.push(null);
      continue;
    }
    const name = canonicalColumn(raw.toLowerCase(), codes);
    if (!name) unknown.push(raw);
    else if (seen.has(name)) repeated.push(name);
    else seen.add(name);
    columns.push(name);
  }
  if (!seen.size && !unknown.length) return { ok: false, message: 'The file has no header row. ' + TEMPLATE_HINT };
  if (unknown.length)
    return { ok: false, message: `The file has column${unknown.length === 1 ? '' : 's'} the template does not know: ${listed(unknown)}. ${TEMPLATE_HINT}` };
  if (repeated.length) return { ok: false, message: `The column${repeated.length === 1 ? '' : 's'} ${listed(repeated)} appear${repeated.length === 1 ? 's' : ''} more than once.` };
  const missing: string[] = BASE_COLUMNS.filter((c) => !seen.has(c));
  if (!languages.some((code) => seen.has(detailColumn(code)))) missing.push(languages.map(detailColumn).join(' or '));
  if (missing.length) return { ok: false, message: `The file is missing the column${missing.length === 1 ? '' : 's'} ${listed(missing)}. ${TEMPLATE_HINT}` };
  return { ok: true, columns };
}

function canonicalColumn(lower: string, codes: Map<string, string>): string | null {
  const base = BASE_BY_LOWER.get(lower);
  if (base) return base;
  const detail = /^detail_(.+)$/.exec(lower);
  if (detail) {
    const code = codes.get(detail[1]);
    return code ? detailColumn(code) : null;
  }
  const answer = /^answer(\d{1,3})_(.+)$/.exec(lower);
  if (answer) {
    const slot = Number(answer[1]);
    if (slot < 1 || slot > MAX_ANSWER_SLOTS || String(slot) !== answer[1]) return null;
    if (answer[2] === 'points' || answer[2] === 'correct') return answerColumn(slot, answer[2]);
    const code = codes.get(answer[2]);
    return code ? answerColumn(slot, code) : null;
  }
  return null;
}

/** One problem with a row: the column as the template names it ('' for the row as a whole). */
export interface CellProblem {
  column: string;
  message: string;
}

/** Where each entry of the mapped input came from, to name the column of an error. */
export interface RowSources {
  languages: readonly string[];
  /** The language of each detail.langWiseDetail entry. */
  details: string[];
  /** The answer slot (N of answer<N>_...) and the languages of each answers entry. */
  answers: { slot: number; languages: string[] }[];
}

/** A row keyed by canonical column name (see readHeader); absent and empty cells are the same. */
export type SheetRow = Readonly<Record<string, string | undefined>>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;

/** A detail cell as rich text: HTML is kept; plain text becomes paragraphs, line breaks kept. */
export function detailHtml(cell: string): string {
  if (LOOKS_LIKE_HTML.test(cell)) return cell;
  return cell
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/[&<>"]/g, (c) => ESCAPES[c]).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** 'Multiple choice', 'multiple-choice' and 'MULTIPLE_CHOICE' all name MULTIPLE_CHOICE. */
const enumCell = (value: string) => value.toUpperCase().replace(/[\s-]+/g, '_');

const TRUE_WORDS = new Set(['TRUE', 'YES', 'Y', '1']);
const FALSE_WORDS = new Set(['FALSE', 'NO', 'N', '0']);
export const BOOLEAN_MESSAGE = 'Use TRUE or FALSE';

const listCell = (value: string) =>
  value
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * One row as the question form's input (not yet validated), where each part came from, and the
 * cells that could not be read at all (a word where a number or TRUE/FALSE belongs). Skills stay
 * labels: the server resolves them. Empty answer slots are skipped, so answers[1] may be answer3.
 */
export function rowToQuestionInput(row: SheetRow, languages: readonly string[]): { input: Record<string, unknown>; sources: RowSources; problems: CellProblem[] } {
  const problems: CellProblem[] = [];
  const cell = (column: string) => row[column]?.trim() ?? '';
  const optional = (column: string) => cell(column) || undefined;
  const bool = (column: string): boolean | undefined => {
    const value = cell(column).toUpperCase();
    if (!value) return undefined;
    if (TRUE_WORDS.has(value)) return true;
    if (FALSE_WORDS.has(value)) return false;
    problems.push({ column, message: BOOLEAN_MESSAGE });
    return undefined;
  };
  const points = (column: string): number | undefined => {
    const value = cell(column).replace(/^(\d+),(\d+)$/, '$1.$2');
    if (!value) return undefined;
    const number = Number(value);
    if (Number.isFinite(number)) return number;
    problems.push({ column, message: MESSAGES.points });
    return undefined;
  };
  const enumerated = (column: string) => (cell(column) ? enumCell(cell(column)) : undefined);

  const sources: RowSources = { languages, details: [], answers: [] };
  const langWiseDetail: { language: string; detail: string }[] = [];
  for (const language of languages) {
    const text = cell(detailColumn(language));
    if (!text) continue;
    langWiseDetail.push({ language, detail: detailHtml(text) });
    sources.details.push(language);
  }

  let lastSlot = 0;
  for (const key of Object.keys(row)) {
    const slot = /^answer(\d+)_/.exec(key);
    if (slot && cell(key)) lastSlot = Math.max(lastSlot, Number(slot[1]));
  }
  const answers: Record<string, unknown>[] = [];
  for (let slot = 1; slot <= lastSlot; slot++) {
    const texts = languages.map((language) => ({ language, text: cell(answerColumn(slot, language)) })).filter((t) => t.text);
    const pointsColumn = answerColumn(slot, 'points');
    const correctColumn = answerColumn(slot, 'correct');
    if (!texts.length && !cell(pointsColumn) && !cell(correctColumn)) continue;
    const answer: Record<string, unknown> = { langWiseAnswer: texts };
    const value = points(pointsColumn);
    if (value !== undefined) answer.value = value;
    const isCorrect = bool(correctColumn);
    if (isCorrect !== undefined) answer.isCorrect = isCorrect;
    answers.push(answer);
    sources.answers.push({ slot, languages: texts.map((t) => t.language) });
  }

  const input: Record<string, unknown> = {
    category: enumerated('category'),
    questionType: enumerated('questionType'),
    primarySkill: optional('primarySkill'),
    secondarySkills: listCell(cell('secondarySkills')),
    complexity: enumerated('complexity'),
    title: optional('title'),
    shuffle: bool('shuffle'),
    ansTitle: optional('ansTitle'),
    mediaType: enumerated('mediaType'),
    mediaUrl: optional('mediaUrl'),
    tags: listCell(cell('tags')),
    detail: { langWiseDetail },
    answers,
  };
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  return { input, sources, problems };
}

/**
 * The template column of a schema error path: `answers.2.value` → `answer3_points` (when the
 * third answer slot is the third answer), `detail.langWiseDetail.1.detail` → `detail_hi`, and so on.
 */
export function columnOf(path: readonly PropertyKey[], sources: RowSources, issue: { code?: string; message?: string } = {}): string {
  const first = sources.languages[0] ?? 'en';
  const [head, index, field, subIndex] = path;
  if (head === undefined) return '';
  if (head === 'detail') return detailColumn(typeof field === 'number' ? (sources.details[field] ?? first) : (sources.details[0] ?? first));
  if (head === 'answers') {
    if (typeof index !== 'number') {
      if (issue.code === 'too_big') return answerColumn(sources.answers[MAX_ANSWERS]?.slot ?? MAX_ANSWERS + 1, first);
      const slot = sources.answers[0]?.slot ?? 1;
      return answerColumn(slot, issue.message === MESSAGES.correct ? 'correct' : first);
    }
    const source = sources.answers[index];
    const slot = source?.slot ?? index + 1;
    if (field === 'value') return answerColumn(slot, 'points');
    if (field === 'isCorrect') return answerColumn(slot, 'correct');
    const language = typeof subIndex === 'number' ? source?.languages[subIndex] : undefined;
    return answerColumn(slot, language ?? first);
  }
  if (head === 'coding') return 'questionType';
  return String(head);
}

/** Adds a problem unless its column already has one: one message per cell is enough. */
export function addProblem(problems: CellProblem[], problem: CellProblem) {
  if (!problems.some((p) => p.column === problem.column)) problems.push(problem);
}

export interface ValidatedRow {
  /** The validated input (skills still labels); absent when the row has problems. */
  question?: QuestionInput;
  /** The mapped input, valid or not (the server still checks its skills to report everything at once). */
  input: Record<string, unknown>;
  problems: CellProblem[];
}

/** Maps a row and validates it with the question schema; problems carry template column names. */
export function validateRow(row: SheetRow, languages: readonly string[]): ValidatedRow {
  const { input, sources, problems: cellProblems } = rowToQuestionInput(row, languages);
  const problems: CellProblem[] = [];
  for (const problem of cellProblems) addProblem(problems, problem);
  const result = questionSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) addProblem(problems, { column: columnOf(issue.path, sources, issue), message: issue.message });
  }
  return { question: result.success && !problems.length ? result.data : undefined, input, problems };
}

/** The report of an upload, as POST /api/questions/bulk-upload and GET .../:id answer it. */
export const uploadReportSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  totalRows: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  failed: z.number(),
  /** Each problem of each failed row, by row number as the spreadsheet shows it. */
  errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
  /** True when more errors were found than the report keeps. */
  errorsTruncated: z.boolean(),
  /** The rows skipped as duplicates. */
  duplicateRows: z.array(z.number()),
});
export type UploadReport = z.input<typeof uploadReportSchema>;

/** POST /api/questions/bulk-upload: the report, kept from when. */
export const uploadAnswerSchema = uploadReportSchema.extend({ createdAt: timestamp });
/** GET /api/questions/bulk-upload/:id: a kept report, with whose upload it was. */
export const keptUploadSchema = uploadAnswerSchema.extend({ userId: z.string().nullable() });

/** True when every cell of a row is empty (such rows are skipped, not counted). */
export const isBlankRow = (cells: readonly (string | undefined)[]) => cells.every((c) => !c || !c.trim());

/**
 * The canonical text that identifies a question's content for duplicate detection: keys sorted,
 * strings in Unicode NFC with whitespace collapsed, empty values dropped. `scope` separates banks
 * (a USER account's own questions from the shared bank). The server hashes it (SHA-256).
 */
export function importKeyMaterial(question: unknown, scope: string): string {
  return JSON.stringify([scope, normalise(question)]);
}

function normalise(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, normalise(v)]);
    return Object.fromEntries(entries);
  }
  return value;
}

const EXAMPLE_ANSWERS: Record<string, string>[] = [
  { en: 'Always', hi: 'हमेशा', bn: 'সবসময়' },
  { en: 'Often', hi: 'अक्सर', bn: 'প্রায়ই' },
  { en: 'Sometimes', hi: 'कभी-कभी', bn: 'মাঝে মাঝে' },
  { en: 'Rarely', hi: 'शायद ही कभी', bn: 'কদাচিৎ' },
  { en: 'Never', hi: 'कभी नहीं', bn: 'কখনও না' },
];

/** The template's example: a LIKERT competency question, in every language the example knows. */
export function templateExampleRow(languages: readonly string[], skills: { primarySkill: string; secondarySkills: string[] }): Record<string, string> {
  const detail: Record<string, string> = {
    en: 'I give credit to colleagues for shared successes.',
    hi: 'मैं साझा सफलताओं का श्रेय सहकर्मियों को देता हूँ।',
    bn: 'আমি যৌথ সাফল্যের কৃতিত্ব সহকর্মীদের দিই।',
  };
  const row: Record<string, string> = {
    category: 'COMPETENCY',
    questionType: 'LIKERT',
    primarySkill: skills.primarySkill,
    secondarySkills: skills.secondarySkills.join(LIST_SEPARATOR),
    complexity: 'L2',
    title: 'Example: shares credit',
    shuffle: 'FALSE',
    ansTitle: 'Choose the option that relates with you the most',
    mediaType: 'TEXT',
    mediaUrl: '',
    tags: ['teamwork', 'example'].join(LIST_SEPARATOR),
  };
  for (const code of languages) row[detailColumn(code)] = detail[code] ?? '';
  EXAMPLE_ANSWERS.forEach((texts, index) => {
    const slot = index + 1;
    for (const code of languages) row[answerColumn(slot, code)] = texts[code] ?? '';
    row[answerColumn(slot, 'points')] = String(EXAMPLE_ANSWERS.length - index);
  });
  return row;
}

/** What goes in each column, for the template's instructions (and the upload page). */
export function columnHelp(languages: readonly string[]): [column: string, help: string][] {
  const codes = languages.join(', ');
  return [
    ['category', 'Required. COMPETENCY, PERSONALITY or APTITUDE.'],
    [
      'questionType',
      'The response type, e.g. LIKERT, SINGLE_CHOICE, MULTIPLE_CHOICE, RATING_SCALE, SHORT_TEXT; empty means MULTIPLE_CHOICE. It must suit the primary skill. SHORT_TEXT (competency and aptitude) has no answers: a reviewer gives up to 1 point; set other points and the reviewer guidance on the question form.',
    ],
    ['primarySkill', 'Required. The name of the primary skill, as the Competencies page shows it, of the same category.'],
    ['secondarySkills', `Names of secondary skills of the primary skill, separated by ${LIST_SEPARATOR}.`],
    ['complexity', 'Required. L1 to L5.'],
    ['title', 'Required. At most 300 characters.'],
    ['shuffle', 'TRUE or FALSE: shuffle the answers. Empty means TRUE.'],
    ['ansTitle', 'The line above the answers. Empty means "Choose the option that relates with you the most".'],
    ['mediaType', 'TEXT, VIDEO or IMAGE. Empty means TEXT.'],
    ['mediaUrl', 'The address (https://...) of the image or video.'],
    ['tags', `At most 12, separated by ${LIST_SEPARATOR}.`],
    [`detail_<language> (${codes})`, 'The question in that language: plain text or HTML. At least one is required.'],
    [`answer<N>_<language> (N = 1 to ${MAX_ANSWERS})`, `The text of answer N in that language. At most ${MAX_ANSWERS} answers; leave unused answers empty.`],
    ['answer<N>_points', 'The points of answer N: 0.1 to 10 in steps of 0.1 (likert, rating scale, single choice and the like).'],
    ['answer<N>_correct', 'TRUE for a right answer (MULTIPLE_CHOICE, CORRECT_INCORRECT): at least one.'],
    ['', 'Questions go on the first sheet, one per row, under the header row. Rows uploaded before are skipped as duplicates.'],
  ];
}
