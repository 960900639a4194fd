/** Question reports: candidates' responses per question, counted and averaged in the database. */
import { sql } from 'kysely';
import type { QuestionReport } from '../../../src/domain/questionReports';
import type { DB } from '../../db/index';
import type { AuthUser } from '../../lib/auth';
import { listConditions, type ListQuery, type ListSpec } from '../../lib/rest';
import { inLanguage } from '../../../src/domain/language';

export const spec: ListSpec = {
  resource: 'questions',
  fields: {
    title: 'questions.title',
    category: 'questions.category',
    primarySkill: 'questions.testTypeId',
    questionType: 'questions.questionType',
    timesAnswered: 'stats.timesAnswered',
    averagePoints: 'stats.averagePoints',
  },
  sortable: ['timesAnswered', 'averagePoints', 'title'],
  filterable: ['category', 'primarySkill', 'questionType'],
  searchable: ['questions.title'],
  defaultSort: ['timesAnswered', 'DESC'],
};

type StoredAnswer = { langWiseAnswer?: { language?: string; text?: string }[] };

const englishText = (answer: StoredAnswer) => inLanguage(answer.langWiseAnswer, 'en')?.text ?? '';

/** Questions that have responses, with their counts: the list's page and its total. */
export async function reportPage(db: DB, list: ListQuery, user: AuthUser, ownOnly: boolean): Promise<{ rows: QuestionReport[]; total: number }> {
  const stats = db
    .selectFrom('questionResponses')
    .select(['questionId', sql<string>`count(*)`.as('timesAnswered'), sql<string | null>`avg(points)`.as('averagePoints')])
    .groupBy('questionId')
    .as('stats');
  let query = db
    .selectFrom('questions')
    .innerJoin(stats, 'stats.questionId', 'questions.id')
    .leftJoin('testTypes', 'testTypes.id', 'questions.testTypeId')
    .select([
      'questions.id',
      'questions.title',
      'questions.questionType',
      'questions.answers',
      'questions.maxPoints',
      'testTypes.label as primarySkillLabel',
      'stats.timesAnswered',
      'stats.averagePoints',
    ]);
  if (ownOnly) query = query.where('questions.authorId', '=', user.id);
  const filtered = query.where((eb) => eb.and(listConditions(eb, spec, list, user)));
  const [column, direction] = list.sort;
  const [rows, counted] = await Promise.all([
    filtered
      // Questions answered without points (average null) go last whichever way the list is sorted.
      .orderBy(sql.ref(column), (ob) => (direction === 'ASC' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('questions.title', 'asc')
      .orderBy('questions.id', 'asc')
      .offset(list.offset)
      .limit(list.limit)
      .execute(),
    filtered.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
  ]);

  const shares = await answerCounts(db, rows.map((r) => r.id));
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((row) => {
      const timesAnswered = Number(row.timesAnswered);
      const counts = shares.get(row.id) ?? new Map<number, number>();
      const answers = (row.answers ?? []) as StoredAnswer[];
      return {
        id: row.id,
        title: row.title,
        primarySkillLabel: row.primarySkillLabel,
        questionType: row.questionType,
        maxPoints: row.maxPoints == null ? null : Number(row.maxPoints),
        timesAnswered,
        averagePoints: row.averagePoints == null ? null : Number(row.averagePoints),
        // The question's current answers; a response naming an answer removed since is not shown.
        answerShares: answers.map((answer, index) => {
          const count = counts.get(index) ?? 0;
          return { index, text: englishText(answer), count, share: timesAnswered ? count / timesAnswered : 0 };
        }),
      };
    }),
  };
}

/**
 * How many responses chose each answer, per question. A sorting question's response lists every
 * answer, so there the answer ranked first counts; a response counts once per answer.
 */
async function answerCounts(db: DB, questionIds: string[]): Promise<Map<string, Map<number, number>>> {
  const result = new Map<string, Map<number, number>>();
  if (!questionIds.length) return result;
  const { rows } = await sql<{ questionId: string; idx: number; n: string }>`
    select r.question_id, x.idx, count(distinct r.id) as n
    from question_responses r
    join questions q on q.id = r.question_id
    cross join lateral unnest(case when q.question_type = 'SORTING_ORDER' then r.answer_indexes[1:1] else r.answer_indexes end) as x(idx)
    where r.question_id = any(${sql.val(questionIds)}::uuid[])
    group by r.question_id, x.idx`.execute(db);
  for (const row of rows) {
    const counts = result.get(row.questionId) ?? new Map<number, number>();
    counts.set(Number(row.idx), Number(row.n));
    result.set(row.questionId, counts);
  }
  return result;
}
