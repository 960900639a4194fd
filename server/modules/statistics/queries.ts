/**
 * Item and test statistics (src/domain/itemStatistics.ts) as SQL aggregates over the stored scores,
 * so that no answer travels to Node or to a page: the database answers sums, variances and
 * covariances per question and per test, and the domain's `…FromMoments` finish them.
 *
 * A candidate counts once per test: their first completed attempt that holds a score for that test
 * (test_scores, written by scoring), by `completed_at`.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  COUNTED_STATUSES,
  type ItemMoments,
  HISTOGRAM_BINS,
  histogramFromCounts,
  itemFiguresFromMoments,
  readAlpha,
  testFiguresFromMoments,
  type ItemStatistics,
  type TestStatistics,
} from '../../../src/domain/itemStatistics';
import type { DB } from '../../db/index';

const uuids = (ids: readonly string[]) => sql`${sql.val(ids)}::uuid[]`;
const counted = sql.join(COUNTED_STATUSES.map((s) => sql.lit(s)));

/**
 * Each candidate's first completed, scored attempt at each test (all tests, or these), with its
 * points: a test score whose candidate has no earlier completed one for that test. Written as an
 * anti-join rather than DISTINCT ON, so that the planner keeps the columns' statistics and hashes
 * these 10,000 rows rather than the 200,000 answers joined to them.
 */
export function firstAttempts(testIds?: readonly string[]): RawBuilder<unknown> {
  const completed = (alias: string) => sql`${sql.ref(`${alias}.status`)} = 'COMPLETED' and ${sql.ref(`${alias}.completed_at`)} is not null`;
  return sql`
    select ts.test_id, ts.invitation_id, ts.percent, ts.earned
    from test_scores ts
    join invitations i on i.id = ts.invitation_id
    where ${completed('i')}
      ${testIds ? sql`and ts.test_id = any(${uuids(testIds)})` : sql``}
      and not exists (
        select 1 from test_scores earlier_score
        join invitations earlier on earlier.id = earlier_score.invitation_id
        where earlier_score.test_id = ts.test_id and earlier.candidate_id = i.candidate_id and ${completed('earlier')}
          and (earlier.completed_at, earlier.id) < (i.completed_at, i.id)
      )`;
}

interface ItemMomentsRow extends Omit<ItemMoments, 'sampleSize'> {
  testId: string;
  questionId: string;
  sampleSize: string | number;
}

/**
 * Per test and question, the moments the figures are made of: each counted question's points in
 * those attempts against the rest of the test (the test's points as scoring stored them, minus the
 * question's). The answers are first counted by (points, rest), a few hundred distinct pairs per
 * question because points come in steps, and every sum is taken in exact numeric arithmetic over
 * those counts: one pass over the answers, and a variance of exactly 0 stays 0. The largest
 * covariance pairs both lists sorted: Σ x₍ₖ₎ r₍ₖ₎ is summed over the overlaps of the rank ranges
 * of each value of x and of r.
 */
async function itemMoments(db: DB, testIds: readonly string[], questionIds?: readonly string[]): Promise<(ItemMoments & { testId: string; questionId: string })[]> {
  if (questionIds?.length === 0) return [];
  // One statement per test: joined on the invitation alone, the planner sees how many answers come
  // and aggregates them by hashing (with the test in the join too, it expected 0.5 % of them and sorted them all).
  return (await Promise.all(testIds.map((testId) => testItemMoments(db, testId, questionIds)))).flat();
}

async function testItemMoments(db: DB, testId: string, questionIds?: readonly string[]): Promise<(ItemMoments & { testId: string; questionId: string })[]> {
  const ranks = (column: 'x' | 'r') => sql`
    select test_id, question_id, ${sql.ref(column)} as value,
      sum(sum(c)) over w - sum(c) as rank_from, sum(sum(c)) over w as rank_to
    from answers
    group by test_id, question_id, ${sql.ref(column)}
    window w as (partition by test_id, question_id order by ${sql.ref(column)})`;
  // (Σxy − ΣxΣy/n) / (n − 1), as float8 for the page; null under two answers.
  const covariance = (sxy: RawBuilder<unknown>, sx: RawBuilder<unknown>, sy: RawBuilder<unknown>) =>
    sql`case when s.n > 1 then ((${sxy} - ${sx} * ${sy} / s.n) / (s.n - 1))::float8 end`;
  const query = sql<ItemMomentsRow>`
    with first_attempts as (${firstAttempts([testId])}),
    answers as (
      select a.test_id, a.question_id, a.earned as x, f.earned - a.earned as r, a.max_points as m, count(*) as c
      from first_attempts f
      join answer_scores a on a.invitation_id = f.invitation_id
      where a.test_id = ${testId}::uuid and a.status in (${counted}) and a.max_points > 0
        ${questionIds ? sql`and a.question_id = any(${uuids(questionIds)})` : sql``}
      group by a.test_id, a.question_id, a.earned, f.earned - a.earned, a.max_points
    ),
    sums as (
      select test_id, question_id, sum(c) as n, sum(c * x) as sx, sum(c * x * x) as sxx, sum(c * r) as sr, sum(c * r * r) as srr,
        sum(c * x * r) as sxr, sum(c * x / m) as sf, sum(c * (x / m) * (x / m)) as sff
      from answers
      group by test_id, question_id
    ),
    item_ranks as (${ranks('x')}),
    rest_ranks as (${ranks('r')}),
    sorted_products as (
      select x.test_id, x.question_id, sum(x.value * r.value * (least(x.rank_to, r.rank_to) - greatest(x.rank_from, r.rank_from))) as sxr
      from item_ranks x
      join rest_ranks r on r.test_id = x.test_id and r.question_id = x.question_id and r.rank_from < x.rank_to and x.rank_from < r.rank_to
      group by x.test_id, x.question_id
    )
    select s.test_id, s.question_id, s.n as sample_size, (s.sf / s.n)::float8 as mean_fraction,
      ${covariance(sql`s.sff`, sql`s.sf`, sql`s.sf`)} as variance_fraction,
      ${covariance(sql`s.sxx`, sql`s.sx`, sql`s.sx`)} as variance_item,
      ${covariance(sql`s.srr`, sql`s.sr`, sql`s.sr`)} as variance_rest,
      ${covariance(sql`s.sxr`, sql`s.sx`, sql`s.sr`)} as covariance,
      ${covariance(sql`p.sxr`, sql`s.sx`, sql`s.sr`)} as covariance_max
    from sums s
    join sorted_products p on p.test_id = s.test_id and p.question_id = s.question_id`;
  const rows = await db.transaction().execute(async (trx) => {
    // The planner cannot tell how few (points, rest) pairs there are; with the default 4 MB it
    // expects one per answer and sorts them all on disk rather than hashing them in memory.
    await sql`set local work_mem = '64MB'`.execute(trx);
    return (await query.execute(trx)).rows;
  });
  return rows.map((row) => ({ ...row, sampleSize: Number(row.sampleSize) }));
}

export type TestItemStatistics = ItemStatistics & { testId: string; questionId: string };

/** The figures alone, without the keys they were found by. */
export const withoutIds = ({ sampleSize, facility, standardDeviation, discrimination, efficiency, flags }: TestItemStatistics): ItemStatistics => ({
  sampleSize,
  facility,
  standardDeviation,
  discrimination,
  efficiency,
  flags,
});

/**
 * Per test and question: facility, SD, discrimination (correlation with the rest of the test) and
 * discriminative efficiency (the covariance over the largest it could be). `questionIds` narrows
 * which questions are reported; the rest of the test is always the whole test.
 */
export async function itemStatistics(db: DB, testIds: readonly string[], questionIds?: readonly string[]): Promise<TestItemStatistics[]> {
  const moments = await itemMoments(db, testIds, questionIds);
  return moments.map(({ testId, questionId, ...m }) => ({ testId, questionId, ...itemFiguresFromMoments(m) }));
}

interface TestMomentsRow {
  sampleSize: string | number;
  mean: number | null;
  median: number | null;
  power2: number | null;
  power3: number | null;
  power4: number | null;
  varianceTotal: number | null;
  /** Scores per bin of HISTOGRAM_BINS (bigint: strings from pg). */
  bins: (string | number)[];
}

/** One test's figures, its questions' figures in the test's order, and the score distribution; undefined for no such test. */
export async function testStatistics(db: DB, testId: string): Promise<TestStatistics | undefined> {
  const test = await db.selectFrom('tests').select(['id', 'name']).where('id', '=', testId).executeTakeFirst();
  if (!test) return undefined;
  const ids = [testId];
  // width_bucket puts 100 % past the last bin; it belongs in it.
  const bin = sql`least(greatest(width_bucket(s.percent, 0, 100, ${sql.lit(HISTOGRAM_BINS)}), 1), ${sql.lit(HISTOGRAM_BINS)})`;
  const binCounts = sql.join(Array.from({ length: HISTOGRAM_BINS }, (_, i) => sql`count(*) filter (where ${bin} = ${sql.lit(i + 1)})`));
  const [moments, items] = await Promise.all([
    sql<TestMomentsRow>`
      with first_attempts as (${firstAttempts(ids)}),
      scores as (select percent::float8 as percent, earned::float8 as earned from first_attempts where percent is not null),
      centre as (select avg(percent) as mean from scores)
      select count(*) as sample_size, avg(s.percent) as mean,
        percentile_cont(0.5) within group (order by s.percent) as median,
        sum(power(s.percent - c.mean, 2)) as power2,
        sum(power(s.percent - c.mean, 3)) as power3,
        sum(power(s.percent - c.mean, 4)) as power4,
        var_samp(s.earned) as variance_total,
        array[${binCounts}] as bins
      from scores s cross join centre c`.execute(db),
    itemMoments(db, ids),
  ]);

  const m = moments.rows[0];
  // Cronbach's alpha from the questions' variances (a question seen once has none: 0).
  const figures = testFiguresFromMoments({
    sampleSize: Number(m.sampleSize),
    mean: m.mean,
    median: m.median,
    power2: m.power2,
    power3: m.power3,
    power4: m.power4,
    questionCount: items.length,
    sumItemVariance: items.length ? items.reduce((sum, i) => sum + (i.varianceItem ?? 0), 0) : null,
    varianceTotal: m.varianceTotal,
  });
  const byQuestion = new Map(items.map(({ testId, questionId, ...moments }) => [questionId, { testId, questionId, ...itemFiguresFromMoments(moments) }]));

  // The questions' titles, in the test's order (a question asked once but no longer in the test goes last).
  const questions = items.length
    ? await db
        .selectFrom('questions')
        .leftJoin('testQuestions', (join) => join.onRef('testQuestions.questionId', '=', 'questions.id').on('testQuestions.testId', '=', testId))
        .select(['questions.id', 'questions.title', 'questions.questionType', 'testQuestions.position'])
        .where('questions.id', 'in', [...byQuestion.keys()])
        .orderBy(sql`${sql.ref('testQuestions.position')} asc nulls last`)
        .orderBy('questions.title')
        .execute()
    : [];
  return {
    testId: test.id,
    name: test.name,
    ...figures,
    alphaReading: readAlpha(figures.alpha),
    histogram: histogramFromCounts(new Map(m.bins.map((count, i) => [i, Number(count)]))),
    questions: questions.map((q) => ({ ...withoutIds(byQuestion.get(q.id)!), questionId: q.id, title: q.title, questionType: q.questionType })),
  };
}
