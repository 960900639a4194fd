/** Test types (primary skills) and their question types (secondary skills). */
import type { Insertable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { RatingBand } from '../../../src/domain/content';
import type { questionTypeSchema } from '../../../src/domain/contentSchemas';
import type { DB } from '../../db/index';
import type { TestTypesTable } from '../../db/types';

export const TEST_TYPE_COLUMNS = ['testTypes.id', 'testTypes.category', 'testTypes.kind', 'testTypes.label', 'testTypes.description', 'testTypes.translations', 'testTypes.position', 'testTypes.createdAt', 'testTypes.updatedAt'] as const;

export function findTestType(db: DB, id: string) {
  return db.selectFrom('testTypes').select(TEST_TYPE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findQuestionType(db: DB, id: string) {
  return db.selectFrom('questionTypes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Each test type with its sub-skills nested, as the skills screens and dropdowns show them. */
export async function withSubSkills<T extends { id: string }>(db: DB, testTypes: T[]) {
  if (!testTypes.length) return [];
  const subSkills = await db
    .selectFrom('questionTypes')
    .select(['id', 'testTypeId', 'label', 'translations', 'thresholds', 'position'])
    .where(
      'testTypeId',
      'in',
      testTypes.map((t) => t.id),
    )
    .orderBy('position')
    .orderBy('label')
    .execute();
  return testTypes.map((t) => ({
    ...t,
    _id: t.id,
    subSkills: subSkills.filter((s) => s.testTypeId === t.id).map((s) => ({ _id: s.id, id: s.id, label: s.label, translations: s.translations, thresholds: s.thresholds, position: s.position })),
  }));
}

/** Test types for a dropdown, in their order (one category's with `category`). */
export function testTypeOptions(db: DB, category?: string) {
  let query = db.selectFrom('testTypes').select(['id', 'label', 'category', 'kind']).orderBy('position').orderBy('label');
  if (category) query = query.where('category', '=', category as never);
  return query.execute();
}

/** Question types for a dropdown, in their order (one test type's with `testTypeId`). */
export function questionTypeOptions(db: DB, testTypeId?: string) {
  let query = db.selectFrom('questionTypes').select(['id', 'label', 'testTypeId']).orderBy('position').orderBy('label');
  if (testTypeId) query = query.where('testTypeId', '=', testTypeId);
  return query.execute();
}

/** The skills list's selection. */
export const selectTestTypes = (db: DB) => db.selectFrom('testTypes').select(TEST_TYPE_COLUMNS);

export const insertTestType = async (trx: DB, values: Insertable<TestTypesTable>): Promise<string> =>
  (await trx.insertInto('testTypes').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const updateTestTypeRow = (trx: DB, id: string, values: Updateable<TestTypesTable>) => trx.updateTable('testTypes').set(values).where('id', '=', id).execute();

export const deleteTestTypeRow = (trx: DB, id: string) => trx.deleteFrom('testTypes').where('id', '=', id).execute();

type QuestionTypeInput = z.infer<typeof questionTypeSchema>;

/** A new secondary skill; thresholds and translations left out take the column's defaults. */
export const insertQuestionType = (trx: DB, input: Pick<QuestionTypeInput, 'testTypeId' | 'label' | 'position' | 'thresholds' | 'translations'>) =>
  trx
    .insertInto('questionTypes')
    .values({
      testTypeId: input.testTypeId,
      label: input.label,
      position: input.position,
      ...(input.thresholds ? { thresholds: JSON.stringify(input.thresholds) } : {}),
      ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Changes the fields sent (an empty label, like one left out, stays as it was). */
export const updateQuestionType = (trx: DB, id: string, { label, position, thresholds, translations }: Partial<Omit<QuestionTypeInput, 'testTypeId'>>) =>
  trx
    .updateTable('questionTypes')
    .set({
      ...(label ? { label } : {}),
      ...(position !== undefined ? { position } : {}),
      ...(thresholds ? { thresholds: JSON.stringify(thresholds) } : {}),
      ...(translations ? { translations: JSON.stringify(translations) } : {}),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteQuestionType = (trx: DB, id: string) => trx.deleteFrom('questionTypes').where('id', '=', id).execute();

/** A secondary skill's report content, per band and language. */
export const reportContentsOf = (db: DB, questionTypeId: string) =>
  db.selectFrom('reportContents').select(['band', 'languageId', 'content', 'updatedAt']).where('questionTypeId', '=', questionTypeId).execute();

export const findLanguageId = (db: DB, id: string) => db.selectFrom('languages').select('id').where('id', '=', id).executeTakeFirst();

/** Writes the content of one band and language (replacing what was there). */
export const saveReportContent = (trx: DB, values: { questionTypeId: string; band: RatingBand; languageId: string; content: string; updatedBy: string }) =>
  trx
    .insertInto('reportContents')
    .values(values)
    .onConflict((oc) => oc.constraint('report_contents_key').doUpdateSet({ content: values.content, updatedBy: values.updatedBy, updatedAt: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
