/** Tests with their ordered questions. */
import type { DB } from '../../db/index';
import type { TestsTable } from '../../db/types';
import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { prefixQuery } from '../../lib/rest';

export const TEST_COLUMNS = [
  'tests.id',
  'tests.name',
  'tests.description',
  'tests.translations',
  'tests.category',
  'tests.testTypeId as primarySkill',
  'tests.durationSeconds',
  'tests.tags',
  'tests.shuffle',
  'tests.drawCount',
  'tests.authorId',
  'tests.createdAt',
  'tests.updatedAt',
] as const;

export const selectTests = (db: DB) =>
  db
    .selectFrom('tests')
    .leftJoin('testTypes', 'testTypes.id', 'tests.testTypeId')
    .select([...TEST_COLUMNS, 'testTypes.label as primarySkillLabel'])
    .select((eb) => eb.selectFrom('testQuestions').select(eb.fn.countAll<string>().as('n')).whereRef('testQuestions.testId', '=', 'tests.id').as('questionCount'));

export async function findTest(db: DB, id: string) {
  const test = await selectTests(db).where('tests.id', '=', id).executeTakeFirst();
  if (!test) return undefined;
  const questions = await db
    .selectFrom('testQuestions')
    .innerJoin('questions', 'questions.id', 'testQuestions.questionId')
    .select(['questions.id', 'questions.title', 'questions.questionType', 'questions.complexity', 'questions.status', 'testQuestions.position'])
    .where('testQuestions.testId', '=', id)
    .orderBy('testQuestions.position')
    .execute();
  return { ...test, questionCount: Number(test.questionCount ?? 0), questionIds: questions.map((q) => q.id), questions };
}

/** Random published questions of a test type, as the draw picks them. */
export function drawQuestions(
  db: DB,
  options: { testTypeId: string; count: number; complexity?: string[]; secondarySkills?: string[]; questionTypes?: string[]; exclude?: string[]; q?: string },
) {
  let query = db
    .selectFrom('questions')
    .select(['id', 'title', 'questionType', 'complexity'])
    .where('testTypeId', '=', options.testTypeId)
    .where('status', '=', 'PUBLISHED')
    .where('origin', '=', 'BANK');
  if (options.complexity?.length) query = query.where('complexity', 'in', options.complexity as never);
  if (options.questionTypes?.length) query = query.where('questionType', 'in', options.questionTypes as never);
  if (options.secondarySkills?.length) query = query.where((eb) => eb('secondarySkillIds', '&&', eb.val(options.secondarySkills!) as never));
  if (options.exclude?.length) query = query.where('id', 'not in', options.exclude);
  if (options.q) {
    // The same prefix search as the question list's `q`; nothing searchable matches nothing.
    const search = prefixQuery(options.q);
    query = query.where(search ? sql<SqlBool>`search_vector @@ to_tsquery('simple', ${search})` : sql<SqlBool>`false`);
  }
  return query.orderBy((eb) => eb.fn('random')).limit(options.count).execute();
}

/** The test type's category, which the test's must match. */
export const findTestTypeCategory = (db: DB, id: string) => db.selectFrom('testTypes').select(['id', 'category']).where('id', '=', id).executeTakeFirst();

/** The bank's questions among `ids`, with what decides whether they may go into a test. */
export const bankQuestionsAmong = (db: DB, ids: readonly string[]) => db.selectFrom('questions').select(['id', 'status', 'testTypeId']).where('id', 'in', ids).where('origin', '=', 'BANK').execute();

export const insertTest = async (trx: DB, values: Insertable<TestsTable>): Promise<string> => (await trx.insertInto('tests').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const updateTest = async (trx: DB, id: string, values: Updateable<TestsTable>): Promise<string> =>
  (await trx.updateTable('tests').set(values).where('id', '=', id).returning('id').executeTakeFirstOrThrow()).id;

/** Replaces the test's questions with `questionIds`, in that order. */
export async function writeTestQuestions(trx: DB, testId: string, questionIds: readonly string[]) {
  await trx.deleteFrom('testQuestions').where('testId', '=', testId).execute();
  await trx
    .insertInto('testQuestions')
    .values(questionIds.map((questionId, position) => ({ testId, questionId, position })))
    .execute();
}

export const deleteTest = (trx: DB, id: string) => trx.deleteFrom('tests').where('id', '=', id).execute();

/** The questions as a candidate's page would show them (the preview reads these columns only). */
export const previewQuestions = (db: DB, ids: readonly string[]) =>
  db.selectFrom('questions').select(['id', 'title', 'questionType', 'details', 'answers', 'answerTitle', 'mediaType', 'mediaUrl', 'shuffle', 'coding']).where('id', 'in', ids).execute();
