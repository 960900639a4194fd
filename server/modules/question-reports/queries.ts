/**
 * Question reports: per question, its scored answers (answer_scores) over first completed attempts,
 * counted and averaged in the database, with the item statistics of each test it was asked in.
 */
import { sql } from 'kysely';
import type { QuestionReport } from '../../../src/domain/questionReports';
import { COUNTED_STATUSES } from '../../../src/domain/itemStatistics';
import type { DB } from '../../db/index';
import type { AuthUser } from '../../lib/auth';
import { listConditions, type ListQuery, type ListSpec } from '../../lib/rest';
import { inLanguage } from '../../../src/domain/language';
import { firstAttempts, itemStatistics, withoutIds } from '../statistics/queries';

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

/**
 * Every question's answer score in the first completed attempt of each candidate: per test for the
 * questions of tests, and per question for those asked outside a test (qualifying questions);
 * only these questions' when given.
 */
function firstAnswers(questionIds?: readonly string[]) {
  const only = questionIds ? sql`and a.question_id = any(${sql.val(questionIds)}::uuid[])` : sql``;
  return sql`
    select a.invitation_id, a.question_id, a.status, a.earned, a.answer_indexes
    from (${firstAttempts()}) f
    join answer_scores a on a.invitation_id = f.invitation_id and a.test_id = f.test_id
    where true ${only}
    union all
    select * from (
      select distinct on (i.candidate_id, a.question_id) a.invitation_id, a.question_id, a.status, a.earned, a.answer_indexes
      from answer_scores a
      join invitations i on i.id = a.invitation_id
      where a.test_id is null and i.status = 'COMPLETED' and i.completed_at is not null ${only}
      order by i.candidate_id, a.question_id, i.completed_at, i.id
    ) outside_tests`;
}

const countedStatuses = sql.join(COUNTED_STATUSES.map((s) => sql.lit(s)));

/** Questions asked in a first attempt, with their counts: the list's page and its total. */
export async function reportPage(db: DB, list: ListQuery, user: AuthUser, ownOnly: boolean): Promise<{ rows: QuestionReport[]; total: number }> {
  // Answered: anything but UNANSWERED; the average is over the answers that count in a score.
  // Materialized: computed once, whatever the planner guesses about the questions joined to it.
  let query = db
    .with(
      (cte) => cte('stats').materialized(),
      // Raw SQL is not parenthesised by the builder as a query would be.
      () => sql<{ questionId: string; timesAnswered: string; averagePoints: string | null }>`(
        select question_id,
          count(*) filter (where status <> 'UNANSWERED') as times_answered,
          avg(earned) filter (where status in (${countedStatuses})) as average_points
        from (${firstAnswers()}) answers
        group by question_id
      )`,
    )
    .selectFrom('questions')
    .innerJoin('stats', 'stats.questionId', 'questions.id')
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
    ])
    // The total beside the page: the statistics are the cost, so they are aggregated once for both.
    .select(sql<string>`count(*) over ()`.as('total'));
  // The bank's questions only: clients' custom questions are theirs.
  query = query.where('questions.origin', '=', 'BANK');
  if (ownOnly) query = query.where('questions.authorId', '=', user.id);
  const filtered = query.where((eb) => eb.and(listConditions(eb, spec, list, user)));
  const [column, direction] = list.sort;
  const rows = await filtered
    // Questions answered without points (average null) go last whichever way the list is sorted.
    .orderBy(sql.ref(column), (ob) => (direction === 'ASC' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('questions.title', 'asc')
    .orderBy('questions.id', 'asc')
    .offset(list.offset)
    .limit(list.limit)
    .execute();
  // A page past the end has no row to carry the total.
  const total = rows.length
    ? Number(rows[0].total)
    : list.offset
      ? Number((await filtered.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0)
      : 0;

  const ids = rows.map((r) => r.id);
  const [shares, statistics] = await Promise.all([answerCounts(db, ids), testFigures(db, ids)]);
  return {
    total,
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
        statistics: statistics.get(row.id) ?? [],
      };
    }),
  };
}

/**
 * How many first answers chose each answer, per question. A sorting question's answer lists every
 * answer, so there the answer ranked first counts. An answer names each option at most once (the
 * candidate's page and the save refuse repeats), so rows are counted without a DISTINCT.
 */
async function answerCounts(db: DB, questionIds: string[]): Promise<Map<string, Map<number, number>>> {
  const result = new Map<string, Map<number, number>>();
  if (!questionIds.length) return result;
  const { rows } = await sql<{ questionId: string; idx: number; n: string }>`
    select r.question_id, x.idx, count(*) as n
    from (${firstAnswers(questionIds)}) r
    join questions q on q.id = r.question_id
    cross join lateral unnest(case when q.question_type = 'SORTING_ORDER' then r.answer_indexes[1:1] else r.answer_indexes end) as x(idx)
    where r.status <> 'UNANSWERED'
    group by r.question_id, x.idx`.execute(db);
  for (const row of rows) {
    const counts = result.get(row.questionId) ?? new Map<number, number>();
    counts.set(Number(row.idx), Number(row.n));
    result.set(row.questionId, counts);
  }
  return result;
}

/** Each question's item statistics in every test it was asked in, by test name. */
async function testFigures(db: DB, questionIds: string[]): Promise<Map<string, QuestionReport['statistics']>> {
  const result = new Map<string, QuestionReport['statistics']>();
  if (!questionIds.length) return result;
  const tests = await db
    .selectFrom('tests')
    .select(['tests.id', 'tests.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('answerScores')
          .select('answerScores.testId')
          .whereRef('answerScores.testId', '=', 'tests.id')
          .where('answerScores.questionId', 'in', questionIds),
      ),
    )
    .orderBy('tests.name')
    .execute();
  const names = new Map(tests.map((t) => [t.id, t.name]));
  const figures = await itemStatistics(db, [...names.keys()], questionIds);
  figures.sort((a, b) => names.get(a.testId)!.localeCompare(names.get(b.testId)!));
  for (const f of figures) {
    const list = result.get(f.questionId) ?? [];
    list.push({ testId: f.testId, testName: names.get(f.testId)!, ...withoutIds(f) });
    result.set(f.questionId, list);
  }
  return result;
}
