/** Questions as the API shows them (the form's field names), their history, and derived fields. */
import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { QuestionOrigin } from '../../../src/domain/assessment';
import { CORRECTNESS_TYPES, type QuestionStatus, type QuestionType } from '../../../src/domain/content';
import type { questionRowSchema } from '../../../src/domain/questionAnswers';
import type { QuestionInput } from '../../../src/domain/questionSchema';
import { ownQuestionsOnly } from '../../../src/domain/questionWorkflow';
import type { DB } from '../../db/index';
import type { QuestionHistoryTable, QuestionsTable } from '../../db/types';
import type { AuthUser } from '../../lib/auth';
import { containsPattern, prefixQuery, tenantOf } from '../../lib/rest';
import { plainText, sanitizeRichText } from '../../lib/sanitize';

export const QUESTION_COLUMNS = [
  'questions.id',
  'questions.category',
  'questions.questionType',
  'questions.testTypeId as primarySkill',
  'questions.secondarySkillIds as secondarySkills',
  'questions.complexity',
  'questions.title',
  'questions.details',
  'questions.answers',
  'questions.answerTitle as ansTitle',
  'questions.mediaType',
  'questions.mediaUrl',
  'questions.shuffle',
  'questions.isConsistencyQuestion',
  'questions.consistencyOf',
  'questions.isQualifying',
  'questions.tags',
  'questions.coding',
  'questions.maxPoints',
  'questions.status',
  'questions.rejectionReason',
  'questions.authorId',
  'questions.createdAt',
  'questions.updatedAt',
  'questions.publishedAt',
] as const;

/** The list and detail selection, with the author's name, the primary skill's label and the restated question's title. */
export const selectQuestions = (db: DB) =>
  db
    .selectFrom('questions')
    .leftJoin('users as author', 'author.id', 'questions.authorId')
    .leftJoin('testTypes', 'testTypes.id', 'questions.testTypeId')
    .leftJoin('questions as restated', 'restated.id', 'questions.consistencyOf')
    .select([...QUESTION_COLUMNS, 'author.name as authorName', 'testTypes.label as primarySkillLabel', 'restated.title as consistencyOfTitle']);

type QuestionRowAnswer = z.output<typeof questionRowSchema>;

export type QuestionRow = Awaited<ReturnType<ReturnType<typeof selectQuestions>['executeTakeFirstOrThrow']>>;

/** The stored row in the form's shape: details under detail.langWiseDetail, points as numbers. */
export function toApi<Row extends QuestionRow>(row: Row) {
  const { details, maxPoints, answers, coding, ...rest } = row;
  // The JSON columns as they are stored (questionAnswers.ts declares their shapes).
  return {
    ...rest,
    answers: answers as QuestionRowAnswer['answers'],
    coding: coding as QuestionRowAnswer['coding'],
    detail: { langWiseDetail: details as QuestionRowAnswer['detail']['langWiseDetail'] },
    maxPoints: maxPoints == null ? null : Number(maxPoints),
  };
}

/** One question; with `origin`, only a question of that origin (the bank's routes never see clients' custom questions). */
/**
 * Whether a question does not exist for this person: another client's custom question, or another
 * author's bank question for accounts that see only their own. Every route answers such a question
 * 404, as if it did not exist.
 */
export function hiddenFrom(user: AuthUser, question: { origin: QuestionOrigin; authorId: string | null; clientId: string | null }): boolean {
  const tenant = tenantOf(user);
  if (question.origin === 'CUSTOM') return !!tenant && question.clientId !== tenant;
  return ownQuestionsOnly(user) && question.authorId !== user.id;
}

export async function findQuestion(db: DB, id: string, origin?: QuestionOrigin) {
  let query = selectQuestions(db).where('questions.id', '=', id);
  if (origin) query = query.where('questions.origin', '=', origin);
  const row = await query.executeTakeFirst();
  return row && toApi(row);
}

export type ApiQuestion = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

type AnyAnswer = { langWiseAnswer?: { text?: string }[]; value?: number | null; isCorrect?: boolean };

/** The most a candidate can score on a question: a short-text question's is the author's (1 when none is given). */
export function maxPointsOf(type: QuestionType, answers: AnyAnswer[], coding: { testCases?: { points?: number }[] } | null | undefined, maxPoints?: number | null): number | null {
  if (type === 'SHORT_TEXT') return maxPoints ?? 1;
  if (type === 'CODING') return coding?.testCases?.reduce((sum, t) => sum + (t.points ?? 1), 0) ?? null;
  if (CORRECTNESS_TYPES.includes(type)) return answers.some((a) => a.isCorrect) ? 1 : null;
  const values = answers.map((a) => a.value).filter((v): v is number => typeof v === 'number');
  return values.length ? Math.max(...values) : null;
}

/** Columns written from a (draft or full) question input: rich text cleaned, search text derived. */
export function toColumns(input: Partial<QuestionInput> & { title: string; category: QuestionInput['category'] }) {
  const questionType = input.questionType ?? 'MULTIPLE_CHOICE';
  // Reviewer guidance (plain text) is a short-text question's only; an empty one is not kept.
  const details = (input.detail?.langWiseDetail ?? []).map((d) => ({
    language: d.language,
    detail: sanitizeRichText(d.detail ?? ''),
    ...(questionType === 'SHORT_TEXT' && d.guidance ? { guidance: d.guidance } : {}),
  }));
  const answers = (input.answers ?? []) as AnyAnswer[];
  const searchText = [
    input.title,
    ...details.map((d) => plainText(d.detail)),
    ...answers.flatMap((a) => (a.langWiseAnswer ?? []).map((t) => t.text ?? '')),
    ...(input.tags ?? []),
  ]
    .join(' ')
    .slice(0, 20_000);
  return {
    category: input.category,
    questionType,
    testTypeId: input.primarySkill || null,
    secondarySkillIds: input.secondarySkills ?? [],
    complexity: input.complexity ?? null,
    title: input.title,
    details: JSON.stringify(details),
    answers: JSON.stringify(answers),
    answerTitle: input.ansTitle ?? null,
    mediaType: input.mediaType ?? 'TEXT',
    mediaUrl: input.mediaUrl ?? null,
    shuffle: input.shuffle ?? true,
    isConsistencyQuestion: input.isConsistencyQuestion ?? false,
    // The schema allows a pair only on a consistency question; the server checks the pair itself (checkConsistency).
    consistencyOf: input.isConsistencyQuestion ? (input.consistencyOf ?? null) : null,
    isQualifying: input.isQualifying ?? false,
    tags: input.tags ?? [],
    coding: input.coding ? JSON.stringify(input.coding) : null,
    maxPoints: maxPointsOf(questionType, answers, input.coding, input.maxPoints),
    searchText,
  };
}

export function historyOf(db: DB, questionId: string) {
  return db
    .selectFrom('questionHistory')
    .leftJoin('users', 'users.id', 'questionHistory.userId')
    .select([
      // A bigserial: text on both drivers (pg answers text, PGlite a number).
      sql<string>`question_history.id::text`.as('id'),
      'questionHistory.action',
      'questionHistory.fromStatus',
      'questionHistory.toStatus',
      'questionHistory.reason',
      'questionHistory.changes',
      'questionHistory.at',
      'questionHistory.userId',
      'users.name as userName',
    ])
    .where('questionHistory.questionId', '=', questionId)
    .orderBy('questionHistory.at', 'asc')
    .orderBy('questionHistory.id', 'asc')
    .execute();
}

/** The fields whose values differ, for the history: names only, to keep it readable. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => key !== 'updatedAt' && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

export const usedInTests = async (db: DB, questionId: string) =>
  Number((await db.selectFrom('testQuestions').select(sql<string>`count(*)`.as('n')).where('questionId', '=', questionId).executeTakeFirstOrThrow()).n);

/** The question a consistency question names, with what the pair rules read (null when there is none with that id). */
export function findPairable(db: DB, id: string) {
  return db
    .selectFrom('questions')
    .select(['id', 'origin', 'clientId', 'testTypeId', 'isConsistencyQuestion', 'isQualifying', 'authorId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The consistency questions that restate a question. */
export function restatedBy(db: DB, questionId: string) {
  return db
    .selectFrom('questions')
    .select(['id', 'title', 'testTypeId', 'status', 'authorId'])
    .where('consistencyOf', '=', questionId)
    .where('isConsistencyQuestion', '=', true)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// What a saved question is checked against

/** The test type's kind and category, which the question's type and category must suit. */
export const findTestTypeKind = (db: DB, id: string) => db.selectFrom('testTypes').select(['id', 'kind', 'category']).where('id', '=', id).executeTakeFirst();

/** Which of `ids` are sub-skills of the test type. */
export const subSkillsAmong = (db: DB, testTypeId: string, ids: readonly string[]) => db.selectFrom('questionTypes').select('id').where('testTypeId', '=', testTypeId).where('id', 'in', ids).execute();

// ---------------------------------------------------------------------------------------------
// Lists

/** The bank's questions for the list: one author's only with `authorId`, with any of the sub-skills, with text in the language. */
export function selectBankQuestions(db: DB, narrow: { authorId?: string; secondarySkillIds?: string[]; language?: string }) {
  let query = selectQuestions(db).where('questions.origin', '=', 'BANK');
  if (narrow.authorId) query = query.where('questions.authorId', '=', narrow.authorId);
  if (narrow.secondarySkillIds) query = query.where(sql<SqlBool>`questions.secondary_skill_ids && ${sql.val(narrow.secondarySkillIds)}::uuid[]`);
  if (narrow.language) query = query.where(sql<SqlBool>`questions.details @> ${JSON.stringify([{ language: narrow.language }])}::jsonb`);
  return query;
}

/**
 * The questions a consistency question may restate: same origin and test type, no consistency or
 * qualifying question, not `exclude`; one author's with `authorId`; for custom questions, the
 * client's (`owner`) or the library's (null); searched by the title or its words.
 */
export function restatableQuestions(
  db: DB,
  pick: { origin: QuestionOrigin; testTypeId: string; exclude?: string; authorId?: string; owner?: string | null; words?: string; limit: number },
) {
  let query = db
    .selectFrom('questions')
    .select(['questions.id', 'questions.title', 'questions.questionType', 'questions.status'])
    .where('questions.origin', '=', pick.origin)
    .where('questions.testTypeId', '=', pick.testTypeId)
    .where('questions.isConsistencyQuestion', '=', false)
    .where('questions.isQualifying', '=', false);
  if (pick.exclude) query = query.where('questions.id', '!=', pick.exclude);
  if (pick.authorId) query = query.where('questions.authorId', '=', pick.authorId);
  if (pick.owner !== undefined) {
    const owner = pick.owner;
    query = owner ? query.where('questions.clientId', '=', owner) : query.where('questions.clientId', 'is', null);
  }
  const words = pick.words;
  if (words) {
    const prefix = prefixQuery(words);
    query = query.where((eb) =>
      eb.or([eb('questions.title', 'ilike', containsPattern(words)), ...(prefix ? [sql<SqlBool>`questions.search_vector @@ to_tsquery('simple', ${prefix})`] : [])]),
    );
  }
  return query.orderBy('questions.title').orderBy('questions.id').limit(pick.limit).execute();
}

/** Users who wrote bank questions, by name (only `onlyId` when given). */
export function bankAuthors(db: DB, onlyId?: string) {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.name'])
    .where((eb) => eb.exists(eb.selectFrom('questions').select('questions.id').whereRef('questions.authorId', '=', 'users.id').where('questions.origin', '=', 'BANK')))
    .orderBy('users.name');
  if (onlyId) query = query.where('users.id', '=', onlyId);
  return query.execute();
}

/** The active languages in the order they were added. */
export const activeLanguageOptions = (db: DB) => db.selectFrom('languages').select(['code', 'label', 'iconName']).where('isActive', '=', true).orderBy('createdAt').execute();

// ---------------------------------------------------------------------------------------------
// Writing a question

export const insertQuestion = async (trx: DB, values: Insertable<QuestionsTable>): Promise<string> =>
  (await trx.insertInto('questions').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const updateQuestionRow = (trx: DB, id: string, values: Updateable<QuestionsTable>) => trx.updateTable('questions').set(values).where('id', '=', id).execute();

/** Moves a question on only while it is still in `fromStatus`; answers undefined when it changed meanwhile. */
export const moveQuestion = (trx: DB, id: string, fromStatus: QuestionStatus, values: Updateable<QuestionsTable>) =>
  trx.updateTable('questions').set(values).where('id', '=', id).where('status', '=', fromStatus).returning('id').executeTakeFirst();

export const deleteQuestionRow = (trx: DB, id: string) => trx.deleteFrom('questions').where('id', '=', id).execute();

/** Lines of questions' histories. */
export const addHistory = (trx: DB, entries: Insertable<QuestionHistoryTable> | Insertable<QuestionHistoryTable>[]) => trx.insertInto('questionHistory').values(entries).execute();

/** What running code against a question needs: who may see it, its type and its coding settings. */
export const findRunnableQuestion = (db: DB, id: string) => db.selectFrom('questions').select(['origin', 'authorId', 'clientId', 'questionType', 'coding']).where('id', '=', id).executeTakeFirst();
