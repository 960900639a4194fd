/**
 * Bulk upload, database side: skills resolved once per file, duplicates found by import key one
 * query per chunk, and valid rows inserted in chunks (question, history and audit rows, one
 * multi-row statement each) inside a transaction. Should a chunk fail, it is replayed row by row
 * with a savepoint per row, so each row is saved whole or not at all.
 */
import { createHash } from 'node:crypto';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { CellProblem, UploadReport } from '../../../src/domain/bulkUpload';
import { DEFAULT_LANGUAGES, DEFAULT_QUESTION_TYPE, QUESTION_CATEGORIES, QUESTION_TYPES, responseTypeProblem, type QuestionCategory, type TestTypeKind } from '../../../src/domain/content';
import type { QuestionInput } from '../../../src/domain/questionSchema';
import type { DB } from '../../db/index';
import type { AuditLogTable, Database, QuestionHistoryTable } from '../../db/types';
import { toColumns } from '../questions/queries';

/** Rows per multi-row statement: about 25 parameters a row keeps a statement well under PostgreSQL's 65,535. */
export const CHUNK_SIZE = 500;
/** The history reason of every bulk-created question. */
export const BULK_REASON = 'bulk upload';

/** The codes of the active languages, in the order the question form lists them. */
export async function activeLanguages(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('languages').select(['code', 'createdAt']).where('isActive', '=', true).execute();
  // The first languages are created together: English, Hindi, Bangla, as the form defaults them.
  const rank = (code: string) => {
    const index = DEFAULT_LANGUAGES.findIndex((l) => l.code === code);
    return index < 0 ? DEFAULT_LANGUAGES.length : index;
  };
  return rows
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || rank(a.code) - rank(b.code) || a.code.localeCompare(b.code))
    .map((r) => r.code);
}

interface PrimarySkill {
  id: string;
  label: string;
  kind: TestTypeKind;
  category: QuestionCategory;
  /** Lower-cased label → id. */
  subSkills: Map<string, string>;
}

/** Every skill of the library, by label (labels are unique per category, whatever their case). */
export interface SkillIndex {
  /** `${category}|${lower label}` → skill. */
  byCategoryLabel: Map<string, PrimarySkill>;
  /** Lower-cased label → the categories that have it, to explain a wrong category. */
  categoriesOfLabel: Map<string, QuestionCategory[]>;
}

const labelKey = (label: string) => label.trim().toLowerCase();

export async function loadSkills(db: DB): Promise<SkillIndex> {
  const [types, subs] = await Promise.all([
    db.selectFrom('testTypes').select(['id', 'label', 'kind', 'category']).execute(),
    db.selectFrom('questionTypes').select(['id', 'label', 'testTypeId']).execute(),
  ]);
  const byId = new Map<string, PrimarySkill>();
  const index: SkillIndex = { byCategoryLabel: new Map(), categoriesOfLabel: new Map() };
  for (const t of types) {
    const skill: PrimarySkill = { ...t, subSkills: new Map() };
    byId.set(t.id, skill);
    index.byCategoryLabel.set(`${t.category}|${labelKey(t.label)}`, skill);
    index.categoriesOfLabel.set(labelKey(t.label), [...(index.categoriesOfLabel.get(labelKey(t.label)) ?? []), t.category]);
  }
  for (const s of subs) byId.get(s.testTypeId)?.subSkills.set(labelKey(s.label), s.id);
  return index;
}

/**
 * The rules of the question form's skills (as the questions module checks them), on labels: the
 * primary skill exists in the row's category, the response type suits its test type, and the
 * secondary skills are its sub-skills. Answers the ids, or the problems with their columns.
 */
export function resolveSkills(
  input: { category?: unknown; questionType?: unknown; primarySkill?: unknown; secondarySkills?: unknown },
  index: SkillIndex,
): { primarySkill: string; secondarySkills: string[] } | { problems: CellProblem[] } {
  const problems: CellProblem[] = [];
  // Without a valid category or a primary skill the schema has already said what is wrong.
  const category = QUESTION_CATEGORIES.find((c) => c === input.category);
  if (typeof input.primarySkill !== 'string' || !input.primarySkill.trim() || !category) return { problems };
  const label = input.primarySkill.trim();
  const skill = index.byCategoryLabel.get(`${category}|${labelKey(label)}`);
  if (!skill) {
    const elsewhere = index.categoriesOfLabel.get(labelKey(label));
    const message = elsewhere?.length
      ? `The primary skill "${label}" belongs to another category (${elsewhere.join(', ')}).`
      : `The primary skill "${label}" does not exist.`;
    return { problems: [{ column: 'primarySkill', message }] };
  }
  const questionType = input.questionType ?? DEFAULT_QUESTION_TYPE;
  const knownType = QUESTION_TYPES.find((t) => t === questionType);
  const typeProblem = knownType && responseTypeProblem(skill.kind, knownType);
  if (typeProblem) problems.push({ column: 'questionType', message: typeProblem });
  const secondarySkills: string[] = [];
  for (const sub of Array.isArray(input.secondarySkills) ? (input.secondarySkills as unknown[]) : []) {
    const id = typeof sub === 'string' ? skill.subSkills.get(labelKey(sub)) : undefined;
    if (!id) {
      problems.push({ column: 'secondarySkills', message: `"${String(sub)}" is not a secondary skill of ${skill.label}.` });
      break;
    }
    if (!secondarySkills.includes(id)) secondarySkills.push(id);
  }
  return problems.length ? { problems } : { primarySkill: skill.id, secondarySkills };
}

/** SHA-256 (hex) of a row's normalised content; see importKeyMaterial in src/domain/bulkUpload.ts. */
export const importKeyOf = (material: string) => createHash('sha256').update(material, 'utf8').digest('hex');

/** A valid row, ready to insert. */
export interface PreparedRow {
  /** The row number as a spreadsheet shows it. */
  row: number;
  importKey: string;
  /** The question with skill ids. */
  question: QuestionInput;
}

export interface ChunkResult {
  imported: { row: number; id: string }[];
  duplicates: number[];
  failed: { row: number; message: string }[];
}

/** The import keys of a chunk that the bank already holds: one query. */
export async function existingKeys(db: DB, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.selectFrom('questions').select('importKey').where('importKey', 'in', keys).execute();
  return new Set(rows.map((r) => r.importKey!));
}

/**
 * Inserts a chunk of rows (already checked against existing keys): all in one transaction with
 * multi-row statements; should that fail, row by row, a savepoint each, so a bad row is reported
 * and the others are kept. A key taken meanwhile (a concurrent upload) makes its row a duplicate.
 */
export async function insertChunk(db: DB, rows: PreparedRow[], context: { userId: string; uploadId: string }): Promise<ChunkResult> {
  if (!rows.length) return { imported: [], duplicates: [], failed: [] };
  try {
    return await db.transaction().execute((trx) => insertRows(trx, rows, context));
  } catch (error) {
    if (!isRowError(error)) throw error;
  }
  return db.transaction().execute(async (trx) => {
    const result: ChunkResult = { imported: [], duplicates: [], failed: [] };
    for (const row of rows) {
      await sql`savepoint bulk_row`.execute(trx);
      try {
        const one = await insertRows(trx, [row], context);
        await sql`release savepoint bulk_row`.execute(trx);
        result.imported.push(...one.imported);
        result.duplicates.push(...one.duplicates);
      } catch (error) {
        if (!isRowError(error)) throw error;
        await sql`rollback to savepoint bulk_row`.execute(trx);
        result.failed.push({ row: row.row, message: rowErrorMessage(error) });
      }
    }
    return result;
  });
}

async function insertRows(trx: Transaction<Database>, rows: PreparedRow[], { userId, uploadId }: { userId: string; uploadId: string }): Promise<ChunkResult> {
  const columns = rows.map((r) => toColumns(r.question));
  const inserted = await trx
    .insertInto('questions')
    .values(columns.map((c, i) => ({ ...c, status: 'CREATED' as const, authorId: userId, importKey: rows[i].importKey })))
    .onConflict((oc) => oc.column('importKey').doNothing())
    .returning(['id', 'importKey', 'createdAt', 'updatedAt'])
    .execute();
  const byKey = new Map(inserted.map((r) => [r.importKey!, r]));
  const imported: { row: number; id: string }[] = [];
  const duplicates: number[] = [];
  const history: Insertable<QuestionHistoryTable>[] = [];
  const audit: Insertable<AuditLogTable>[] = [];
  rows.forEach((r, i) => {
    const saved = byKey.get(r.importKey);
    if (!saved) {
      duplicates.push(r.row);
      return;
    }
    imported.push({ row: r.row, id: saved.id });
    history.push({
      questionId: saved.id,
      userId,
      action: 'created',
      toStatus: 'CREATED',
      reason: BULK_REASON,
      changes: JSON.stringify({ uploadId, row: r.row }),
    });
    const c = columns[i];
    // The question as the API shows it (questions/queries.ts toApi), as the questions module audits a create.
    const after = {
      id: saved.id,
      category: c.category,
      questionType: c.questionType,
      primarySkill: c.testTypeId,
      secondarySkills: c.secondarySkillIds,
      complexity: c.complexity,
      title: c.title,
      detail: { langWiseDetail: JSON.parse(c.details) as unknown },
      answers: JSON.parse(c.answers) as unknown,
      ansTitle: c.answerTitle,
      mediaType: c.mediaType,
      mediaUrl: c.mediaUrl,
      shuffle: c.shuffle,
      isConsistencyQuestion: c.isConsistencyQuestion,
      isQualifying: c.isQualifying,
      tags: c.tags,
      coding: c.coding === null ? null : (JSON.parse(c.coding) as unknown),
      maxPoints: c.maxPoints,
      status: 'CREATED',
      authorId: userId,
      importKey: r.importKey,
      uploadId,
      createdAt: saved.createdAt,
      updatedAt: saved.updatedAt,
    };
    audit.push({ userId, action: 'create', resource: 'questions', recordId: saved.id, before: null, after: JSON.stringify(after) });
  });
  if (history.length) {
    await trx.insertInto('questionHistory').values(history).execute();
    await trx.insertInto('auditLog').values(audit).execute();
  }
  return { imported, duplicates, failed: [] };
}

/**
 * Errors that a row's content causes (a value PostgreSQL refuses, a constraint, a trigger's
 * refusal): the row fails, the upload goes on. Anything else (connection lost, a bug) is thrown.
 */
function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|P0)/.test(code);
}

function rowErrorMessage(error: unknown): string {
  const code = String((error as { code?: unknown }).code);
  if (code.startsWith('22')) return 'This row could not be saved: a value has a character or format the database does not accept.';
  if (code === '23503') return 'This row could not be saved: a skill it refers to was deleted meanwhile.';
  return 'This row could not be saved.';
}

export async function saveReport(db: DB, userId: string, report: UploadReport): Promise<Date> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('bulkUploads')
      .values({
        id: report.uploadId,
        userId,
        fileName: report.fileName,
        totalRows: report.totalRows,
        imported: report.imported,
        duplicates: report.duplicates,
        failed: report.failed,
        report: JSON.stringify(report),
      })
      .returning('createdAt')
      .executeTakeFirstOrThrow();
    const { errors: _errors, duplicateRows: _duplicateRows, ...summary } = report;
    await trx
      .insertInto('auditLog')
      .values({ userId, action: 'create', resource: 'bulkUploads', recordId: report.uploadId, before: null, after: JSON.stringify(summary) })
      .execute();
    return row.createdAt;
  });
}

export function findReport(db: DB, id: string) {
  return db.selectFrom('bulkUploads').select(['id', 'userId', 'fileName', 'report', 'createdAt']).where('id', '=', id).executeTakeFirst();
}

/** The template's example skills: the first competency test type and its first sub-skill, when there are any. */
export async function templateExampleSkills(db: DB) {
  const example = await db
    .selectFrom('testTypes')
    .select(['id', 'label'])
    .where('category', '=', 'COMPETENCY')
    .where('kind', '=', 'COMPETENCY')
    .orderBy('position')
    .orderBy('label')
    .limit(1)
    .executeTakeFirst();
  const sub = example
    ? await db.selectFrom('questionTypes').select('label').where('testTypeId', '=', example.id).orderBy('position').orderBy('label').limit(1).executeTakeFirst()
    : undefined;
  return { example, sub };
}
