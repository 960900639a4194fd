/** Test types (primary skills) and their question types (secondary skills). */
import type { DB } from '../../db/index';

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
