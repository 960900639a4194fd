/** Questions as the API shows them (the form's field names), their history, and derived fields. */
import { sql } from 'kysely';
import type { QuestionOrigin } from '../../../src/domain/assessment';
import { CORRECTNESS_TYPES, type QuestionType } from '../../../src/domain/content';
import type { QuestionInput } from '../../../src/domain/questionSchema';
import { ownQuestionsOnly } from '../../../src/domain/questionWorkflow';
import type { DB } from '../../db/index';
import type { AuthUser } from '../../lib/auth';
import { tenantOf } from '../../lib/rest';
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

export type QuestionRow = Awaited<ReturnType<ReturnType<typeof selectQuestions>['executeTakeFirstOrThrow']>>;

/** The stored row in the form's shape: details under detail.langWiseDetail, points as numbers. */
export function toApi<Row extends QuestionRow>(row: Row) {
  const { details, maxPoints, ...rest } = row;
  return { ...rest, detail: { langWiseDetail: details }, maxPoints: maxPoints == null ? null : Number(maxPoints) };
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
      'questionHistory.id',
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
