/**
 * The question-bank list at scale: 100,000 synthetic questions, and the page the bank opens with
 * when filtered (one test type, published, searched for a word, newest first).
 */
import { sql } from 'kysely';
import type { DB } from '../server/db/index';

export const QUESTIONS = 100_000;
export const SEARCH_WORD = 'conflict';

const SUBJECTS = ['conflict', 'deadline', 'customer', 'budget', 'feedback', 'priority', 'meeting', 'mistake', 'colleague', 'change', 'risk', 'goal'];
const VERBS = ['handles', 'reports', 'plans', 'explains', 'escalates', 'resolves', 'shares', 'reviews'];

/** Fills the questions table with generated rows, in the database, so the fill takes seconds. */
export async function fillQuestions(db: DB, count: number): Promise<{ total: number; testTypeId: string }> {
  const types = await db.selectFrom('testTypes').select(['id', 'category']).where('category', '=', 'COMPETENCY').orderBy('label').execute();
  if (!types.length) throw new Error('No competency test types: load the demo data first.');
  const existing = Number((await sql<{ n: string }>`select count(*) as n from questions`.execute(db)).rows[0].n);
  const missing = Math.max(0, count - existing);
  const author = await db.selectFrom('users').select('id').where('email', '=', 'author@skillgauge.demo').executeTakeFirstOrThrow();
  for (let start = 0; start < missing; start += 20_000) {
    const n = Math.min(20_000, missing - start);
    await sql`
      insert into questions (category, question_type, test_type_id, complexity, title, details, answers, status, author_id, search_text, updated_at, created_at)
      select
        'COMPETENCY', 'LIKERT',
        (${sql.val(types.map((t) => t.id))}::uuid[])[1 + (g % ${sql.lit(types.length)})],
        'L' || (1 + g % 5),
        initcap((${sql.val(VERBS)}::text[])[1 + g % ${sql.lit(VERBS.length)}]) || ' the ' || (${sql.val(SUBJECTS)}::text[])[1 + (g / 7) % ${sql.lit(SUBJECTS.length)}] || ' #' || g,
        '[]'::jsonb, '[]'::jsonb,
        (array['PUBLISHED','PUBLISHED','CREATED','APPROVED','DRAFTED'])[1 + g % 5],
        ${author.id}::uuid,
        (${sql.val(VERBS)}::text[])[1 + g % ${sql.lit(VERBS.length)}] || ' the ' || (${sql.val(SUBJECTS)}::text[])[1 + (g / 7) % ${sql.lit(SUBJECTS.length)}] || ' with the team, number ' || g,
        now() - (g || ' seconds')::interval,
        now() - (g || ' seconds')::interval
      from generate_series(${sql.lit(start + existing + 1)}::int, ${sql.lit(start + existing + n)}::int) as g
    `.execute(db);
  }
  await sql`analyze questions`.execute(db);
  const total = Number((await sql<{ n: string }>`select count(*) as n from questions`.execute(db)).rows[0].n);
  return { total, testTypeId: types[0].id };
}

export function questionsListPath(testTypeId: string): string {
  const filter = JSON.stringify({ primarySkill: testTypeId, status: 'PUBLISHED', q: SEARCH_WORD });
  return `/api/questions?filter=${encodeURIComponent(filter)}&sort=${encodeURIComponent('["updatedAt","DESC"]')}&range=${encodeURIComponent('[0,24]')}`;
}

/** The statements the server sends for that page: the page (with its joins) and the count. */
export function questionsPageSql(testTypeId: string): { page: [string, unknown[]]; count: [string, unknown[]] } {
  const where = `questions.test_type_id = $1 and questions.status = $2 and questions.search_vector @@ to_tsquery('simple', $3)`;
  const params = [testTypeId, 'PUBLISHED', `${SEARCH_WORD}:*`];
  return {
    page: [
      `select questions.id, questions.category, questions.question_type, questions.test_type_id, questions.secondary_skill_ids, questions.complexity,
              questions.title, questions.details, questions.answers, questions.answer_title, questions.media_type, questions.media_url, questions.shuffle,
              questions.is_consistency_question, questions.is_qualifying, questions.tags, questions.coding, questions.max_points, questions.status,
              questions.rejection_reason, questions.author_id, questions.created_at, questions.updated_at, questions.published_at,
              author.name as author_name, test_types.label as primary_skill_label
         from questions left join users as author on author.id = questions.author_id left join test_types on test_types.id = questions.test_type_id
        where ${where} order by questions.updated_at desc, questions.id asc limit 25 offset 0`,
      params,
    ],
    count: [`select count(*) as n from questions where ${where}`, params],
  };
}
