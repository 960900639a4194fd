/**
 * Item statistics of one test over 10,000 completed attempts (issue 10; goal: under 500 ms on
 * PostgreSQL): GET /api/tests/:id/statistics, which answers the test's figures and its 20
 * questions' figures from SQL aggregates over each candidate's first completed attempt.
 *
 * `fillItemStatistics` writes the attempts in the database with generate_series (seconds, not
 * minutes): 10,000 candidates with one completed, scored attempt each (20 answer scores, a test
 * score), plus a retake by every tenth candidate in a second assessment, which the statistics must
 * skip. Points follow a per-candidate ability with per-answer noise, from md5 of the row numbers, so
 * every run and both databases hold the same data.
 *
 * `npm run bench` runs it after the lists (BENCH_ITEM_STATISTICS=0 skips it); `npm run bench:stats`
 * runs it alone and prints one JSON document. See bench/README.md.
 */
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import type { DB } from '../server/db/index';
import { DEMO_PASSWORD } from '../server/seeds/seed';
import { testStatistics } from '../server/modules/statistics/queries';
import type { BenchDatabase } from './databases';
import { createBench, forEachDatabase, machineInfo } from './harness';
import { baseUrl, signIn } from './load';
import { percentile, round } from './measure';

export const ATTEMPTS = 10_000;
export const QUESTIONS_PER_TEST = 20;
/** Every tenth candidate takes the test again, later, in another assessment: not a first attempt. */
const RETAKE_EVERY = 10;
export const GOAL_MS = 500;

/** A number in [0, 1) from md5 of a text: the same on every run and on both databases. */
const unit = (text: RawBuilder<unknown>) => sql`(('x' || substr(md5(${text}), 1, 8))::bit(32)::bigint / 4294967296.0)`;
const TAG = 'bench-stats';

export interface FilledTest {
  testId: string;
  attempts: number;
  firstAttempts: number;
  answerScores: number;
}

/** Writes the test, its questions and the scored attempts; answers what was written. */
export async function fillItemStatistics(db: DB, attempts = ATTEMPTS): Promise<FilledTest> {
  const type = await db.selectFrom('testTypes').select('id').where('category', '=', 'COMPETENCY').orderBy('label').executeTakeFirst();
  if (!type) throw new Error('No competency test type: load the demo data first.');
  const tag = TAG;

  // 20 published questions, worth 1 or 2 points, in one test; two assessments hold it.
  const questionIds = (
    await sql<{ id: string }>`
      insert into questions (category, question_type, test_type_id, complexity, title, details, answers, status, search_text, max_points, updated_at)
      select 'COMPETENCY', 'SINGLE_CHOICE', ${type.id}::uuid, 'L' || (1 + g % 5), 'Statistics bench question ' || g,
        '[]'::jsonb, '[{"langWiseAnswer":[{"language":"en","text":"A"}]},{"langWiseAnswer":[{"language":"en","text":"B"}]}]'::jsonb,
        'PUBLISHED', ${tag}, 1 + g % 2, now()
      from generate_series(1, ${sql.lit(QUESTIONS_PER_TEST)}) g
      returning id`.execute(db)
  ).rows.map((r) => r.id);
  const test = await db
    .insertInto('tests')
    .values({ name: `Statistics bench ${tag}`, category: 'COMPETENCY', testTypeId: type.id, durationSeconds: 1200, drawCount: null, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('testQuestions').values(questionIds.map((questionId, position) => ({ testId: test.id, questionId, position }))).execute();
  const assessment = async (name: string) => {
    const row = await db
      .insertInto('assessments')
      .values({ name, description: null, type: 'INVITED', status: 'ACTIVE', clientId: null, languages: ['en'], proctoring: '{}', videoQuestions: '[]', updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('assessmentTests').values({ assessmentId: row.id, testId: test.id, position: 0 }).execute();
    return row.id;
  };
  const first = await assessment(`Statistics bench ${tag}`);
  const retake = await assessment(`Statistics bench retake ${tag}`);

  await sql`
    insert into candidates (client_id, name, email, updated_at)
    select null, 'Bench candidate ' || g, ${tag} || '-' || g || '@example.com', now()
    from generate_series(1, ${sql.lit(attempts)}) g`.execute(db);
  // The candidates' numbers, from their emails, give each attempt its completion time and its data.
  const number = sql`split_part(split_part(c.email, '@', 1), '-', 3)::int`;
  for (const [assessmentId, offset, every] of [
    [first, 0, 1],
    [retake, 86_400, RETAKE_EVERY],
  ] as const)
    await sql`
      insert into invitations (assessment_id, candidate_id, client_id, entry_type, status, token_hash, seed, started_at, completed_at, updated_at)
      select ${assessmentId}::uuid, c.id, null, 'INVITE', 'COMPLETED', ${tag} || '-' || ${sql.lit(offset)} || '-' || ${number}, 'bench',
        timestamptz '2026-01-01' + make_interval(secs => ${number} * 60 + ${sql.lit(offset)}),
        timestamptz '2026-01-01' + make_interval(secs => ${number} * 60 + ${sql.lit(offset)} + 1200),
        now()
      from candidates c
      where c.email like ${`${tag}-%`} and ${number} % ${sql.lit(every)} = 0`.execute(db);

  // Each answer: ability (per candidate) plus noise (per answer), rounded to the question's points.
  await sql`
    insert into answer_scores (invitation_id, question_id, part_id, test_id, language, answer_indexes, status, earned, max_points, answered_at)
    select i.id, q.id, 'test-1', ${test.id}::uuid, 'en', array[(p.earned = 0)::int], 'SCORED', p.earned, q.max_points, i.completed_at
    from invitations i
    join candidates c on c.id = i.candidate_id
    cross join questions q
    cross join lateral (
      select round(q.max_points * least(1, greatest(0,
        ${unit(sql`c.email`)} + (${unit(sql`c.email || q.title || extract(epoch from i.completed_at)::text`)} - 0.5) * 0.8))) as earned
    ) p
    where i.assessment_id in (${first}::uuid, ${retake}::uuid) and q.search_text = ${tag}`.execute(db);
  await sql`
    insert into test_scores (invitation_id, test_id, earned, max_points, percent)
    select invitation_id, test_id, sum(earned), sum(max_points), 100 * sum(earned) / sum(max_points)
    from answer_scores
    where test_id = ${test.id}::uuid
    group by invitation_id, test_id`.execute(db);
  for (const table of ['candidates', 'invitations', 'answer_scores', 'test_scores']) await sql`analyze ${sql.table(table)}`.execute(db);

  const count = async (query: RawBuilder<{ n: string }>) => Number((await query.execute(db)).rows[0].n);
  return {
    testId: test.id,
    attempts: await count(sql<{ n: string }>`select count(*) as n from test_scores where test_id = ${test.id}::uuid`),
    firstAttempts: attempts,
    answerScores: await count(sql<{ n: string }>`select count(*) as n from answer_scores where test_id = ${test.id}::uuid`),
  };
}

export interface TimingFigures {
  runs: number;
  /** Milliseconds of wall time. */
  p50: number;
  max: number;
  mean: number;
  /**
   * Milliseconds of this process's CPU time per run. On PGlite the database runs in this process,
   * so this is its work whatever else the machine is doing; on PostgreSQL it is only the Node side.
   */
  cpuMean: number;
}

async function timeRuns(runs: number, work: () => Promise<unknown>): Promise<TimingFigures> {
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  const sorted = Float64Array.from(samples).sort();
  return {
    runs,
    p50: round(percentile(sorted, 50)),
    max: round(sorted[sorted.length - 1]),
    mean: round(samples.reduce((a, b) => a + b, 0) / runs),
    cpuMean: round((used.user + used.system) / 1000 / runs),
  };
}

export interface ItemStatisticsResult {
  filled: FilledTest;
  fillSeconds: number;
  /** testStatistics() in this process: the endpoint's queries through Kysely, no HTTP. */
  queries: TimingFigures;
  /** GET /api/tests/:id/statistics over HTTP, signed in as the admin; null when no server was given. */
  endpoint: TimingFigures | null;
  /** GET /api/questions/reports, first page of 25 by times answered, over the same data; null when no server was given. */
  questionReports: TimingFigures | null;
  /** What the statistics said, to show the data is what it claims. */
  check: { sampleSize: number; questions: number; alpha: number | null; mean: number | null };
  goalMet: boolean;
}

/**
 * Fills and measures on one database: warm-up runs, then `runs` timed runs one after another
 * (the page asks once; nothing runs beside it).
 */
export async function benchItemStatistics(
  database: BenchDatabase,
  options: { base?: string; token?: string; runs?: number; log?: (text: string) => void } = {},
): Promise<ItemStatisticsResult> {
  const { kind, handle } = database;
  const log = options.log ?? (() => undefined);
  const runs = options.runs ?? 10;
  const started = performance.now();
  const filled = await fillItemStatistics(handle.db);
  const fillSeconds = round((performance.now() - started) / 1000, 1);
  log(`${kind}: item statistics data written (${filled.attempts} attempts, ${filled.answerScores} answer scores, ${fillSeconds} s)`);

  const statistics = await testStatistics(handle.db, filled.testId);
  if (!statistics || statistics.sampleSize !== filled.firstAttempts || statistics.questions.length !== QUESTIONS_PER_TEST)
    throw new Error(`${kind}: the statistics counted ${statistics?.sampleSize} first attempts and ${statistics?.questions.length} questions`);
  await timeRuns(2, () => testStatistics(handle.db, filled.testId));
  log(`${kind}: item statistics, ${runs} runs of the queries`);
  const queries = await timeRuns(runs, () => testStatistics(handle.db, filled.testId));

  let endpoint: TimingFigures | null = null;
  let questionReports: TimingFigures | null = null;
  if (options.base && options.token) {
    const get = (path: string) => async () => {
      const res = await fetch(`${options.base}${path}`, { headers: { authorization: `Bearer ${options.token}` } });
      if (res.status !== 200) throw new Error(`${kind}: GET ${path} answered HTTP ${res.status}`);
      await res.json();
    };
    const statisticsCall = get(`/api/tests/${filled.testId}/statistics`);
    await timeRuns(2, statisticsCall);
    log(`${kind}: item statistics, ${runs} requests`);
    endpoint = await timeRuns(runs, statisticsCall);
    // The question reports' first page (most answered first): every question's counts over first attempts, and these 20 questions' figures.
    const reportsCall = get(`/api/questions/reports?sort=${encodeURIComponent('["timesAnswered","DESC"]')}&range=${encodeURIComponent('[0,24]')}`);
    await timeRuns(2, reportsCall);
    log(`${kind}: question reports, ${runs} requests`);
    questionReports = await timeRuns(runs, reportsCall);
  }
  const measured = endpoint ?? queries;
  return {
    filled,
    fillSeconds,
    queries,
    endpoint,
    questionReports,
    check: { sampleSize: statistics.sampleSize, questions: statistics.questions.length, alpha: statistics.alpha, mean: statistics.mean },
    goalMet: measured.p50 < GOAL_MS,
  };
}

// ---------------------------------------------------------------------------------------------
// `npm run bench:stats`: this benchmark alone, on PGlite and on PostgreSQL

async function main() {
  const { log, cleanups, cleanUp, run } = createBench('bench:stats');
  await run(async () => {
    const loadAtStart = round(loadavg()[0]);
    if (loadAtStart > cpus().length / 2) log(`note: 1-minute load average is ${loadAtStart} on ${cpus().length} CPUs; figures will be noisy`);
    const runs = Number(process.env.BENCH_RUNS || 10);
    const { results, skipped } = await forEachDatabase({ log, cleanups, cleanUp }, async (database) => {
      const app = await buildApp(testConfig({ logLevel: 'silent', seedDemo: false, dataDir: null, databaseUrl: database.databaseUrl }), { database: database.handle });
      cleanups.push(() => app.close());
      await app.listen({ host: '127.0.0.1', port: 0 });
      const base = baseUrl(app);
      const token = await signIn(base, 'admin@skillgauge.demo', DEMO_PASSWORD);
      return benchItemStatistics(database, { base, token, runs, log });
    });
    const postgres = results.find((r) => r.database === 'postgres');
    const report = {
      benchmark: 'skillgauge item statistics of one test',
      date: new Date().toISOString(),
      machine: machineInfo(loadAtStart),
      settings: { attempts: ATTEMPTS, questionsPerTest: QUESTIONS_PER_TEST, retakeEvery: RETAKE_EVERY, runs },
      results,
      skipped,
      goal: { description: `GET /api/tests/:id/statistics over ${ATTEMPTS} attempts, p50 under ${GOAL_MS} ms on PostgreSQL`, met: postgres ? postgres.goalMet : null },
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  });
}

// Run as a script (not when bench/run.ts imports it).
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main();
