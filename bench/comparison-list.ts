/**
 * The comparison list (issue 10): the candidates of one assessment over 10,000 scored attempts, a
 * page of 25 sorted by score, as a hiring manager opens `/viewcandidatelist/:id`:
 * GET /api/invitations?filter={"assessmentId":…}&sort=["percent","DESC"]&range=[0,24], which joins
 * each attempt's stored score, ranks its percentile among the assessment's scored attempts (a window
 * over 10,000 rows) and carries each test's score; beside it the count. Also the same page filtered
 * to "High in <skill>" (skill_scores by its (skill_id, band) index).
 *
 * Figures, as the other benchmarks give them (bench/README.md): the endpoint over HTTP (one request
 * at a time, and autocannon at 10 connections), and the very statements it sends, compiled by Kysely
 * from the server's own query builder and run straight through the driver: the database's ceiling.
 * The endpoint's share of that ceiling is what the app itself costs.
 *
 * `npx tsx bench/comparison-list.ts` prints one JSON document (BENCH_DATABASES, BENCH_DATABASE_URL,
 * BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_RUNS as in bench/README.md).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import type { DB } from '../server/db/index';
import { DEMO_PASSWORD } from '../server/seeds/seed';
import type { AuthUser } from '../server/lib/auth';
import { parseListQuery } from '../server/lib/rest';
import { participantQueries, SKILL_BAND_FILTER } from '../server/modules/candidates/comparison';
import { invitationSpec } from '../server/modules/candidates/routes';
import { APP_POOL_SIZE, type BenchDatabase } from './databases';
import { createBench, forEachDatabase, machineInfo } from './harness';
import { baseUrl, measureHttp, signIn, type HttpFigures } from './load';
import { percentile, round, timeLoop, type RateFigures } from './measure';

export const CANDIDATES = 10_000;
/** Every tenth invitation is not completed (not started or under way): no score, sorted last. */
const UNSCORED_EVERY = 10;
const TESTS = 3;
const SKILLS = 4;
const PAGE = 25;
const CLIENT_EMAIL = 'client@acme.demo';
const TAG = 'bench-comparison';

/** A number in [0, 1) from md5 of a text: the same on every run and on both databases. */
const unit = (text: RawBuilder<unknown>) => sql`(('x' || substr(md5(${text}), 1, 8))::bit(32)::bigint / 4294967296.0)`;
/** The default rating band of a percentage expression (src/domain/content.ts ratingBand). */
const band = (percent: RawBuilder<unknown>) =>
  sql`case when ${percent} >= 80 then 'HIGH' when ${percent} >= 60 then 'MODERATE_HIGH' when ${percent} >= 40 then 'MODERATE' when ${percent} >= 20 then 'LOW_MODERATE' else 'LOW' end`;

export interface FilledAssessment {
  assessmentId: string;
  clientId: string;
  skillId: string;
  invitations: number;
  scored: number;
  testScores: number;
  skillScores: number;
}

/** Writes one assessment of Acme's with its tests, skills and 10,000 invitations, 9 in 10 completed and scored. */
export async function fillComparison(db: DB, candidates = CANDIDATES): Promise<FilledAssessment> {
  const client = await db.selectFrom('clients').select('id').where('name', '=', 'Acme Industries').executeTakeFirst();
  const type = await db.selectFrom('testTypes').select('id').where('category', '=', 'COMPETENCY').orderBy('label').executeTakeFirst();
  if (!client || !type) throw new Error('No Acme client or competency test type: load the demo data first.');
  const assessment = await db
    .insertInto('assessments')
    .values({ name: `Comparison bench ${TAG}`, description: null, type: 'INVITED', status: 'ACTIVE', clientId: client.id, languages: ['en'], proctoring: '{}', videoQuestions: '[]', updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const testIds: string[] = [];
  for (let t = 0; t < TESTS; t++) {
    const test = await db
      .insertInto('tests')
      .values({ name: `Comparison bench test ${t + 1}`, category: 'COMPETENCY', testTypeId: type.id, durationSeconds: 600, drawCount: null, clientId: null, updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    testIds.push(test.id);
  }
  await db.insertInto('assessmentTests').values(testIds.map((testId, position) => ({ assessmentId: assessment.id, testId, position }))).execute();
  const skillIds: string[] = [];
  for (let s = 0; s < SKILLS; s++)
    skillIds.push((await db.insertInto('questionTypes').values({ testTypeId: type.id, label: `Comparison bench skill ${s + 1}`, updatedAt: new Date() }).returning('id').executeTakeFirstOrThrow()).id);

  await sql`
    insert into candidates (client_id, name, email, updated_at)
    select ${client.id}::uuid, 'Bench candidate ' || g, ${TAG} || '-' || g || '@example.com', now()
    from generate_series(1, ${sql.lit(candidates)}) g`.execute(db);
  const number = sql`split_part(split_part(c.email, '@', 1), '-', 3)::int`;
  await sql`
    insert into invitations (assessment_id, candidate_id, client_id, entry_type, status, token_hash, seed, invited_at, started_at, completed_at, updated_at)
    select ${assessment.id}::uuid, c.id, c.client_id, 'INVITE',
      case when ${number} % ${sql.lit(UNSCORED_EVERY)} = 0 then (case when ${number} % 20 = 0 then 'IN_PROGRESS' else 'PENDING' end) else 'COMPLETED' end,
      ${TAG} || '-' || ${number}, 'bench',
      timestamptz '2026-01-01' + make_interval(secs => ${number} * 60),
      case when ${number} % ${sql.lit(UNSCORED_EVERY)} = 0 and ${number} % 20 <> 0 then null else timestamptz '2026-01-01' + make_interval(secs => ${number} * 60 + 600) end,
      case when ${number} % ${sql.lit(UNSCORED_EVERY)} = 0 then null else timestamptz '2026-01-01' + make_interval(secs => ${number} * 60 + 2400) end,
      now()
    from candidates c
    where c.email like ${`${TAG}-%`}`.execute(db);

  // Percent to one decimal, so ties happen as they do in real scores; integrity mostly clean.
  const percent = sql`round((100 * ${unit(sql`i.token_hash`)})::numeric, 1)`;
  const integrity = sql`case when ${unit(sql`i.token_hash || 'integrity'`)} < 0.8 then 'NO_ISSUES' when ${unit(sql`i.token_hash || 'integrity'`)} < 0.95 then 'SOME_ISSUES' else 'MAJOR_ISSUES' end`;
  await sql`
    insert into attempt_scores (invitation_id, assessment_id, client_id, scoring_version, earned, max_points, percent, band, complete, integrity, detail)
    select i.id, i.assessment_id, i.client_id, 1, p.percent, 100, p.percent, ${band(sql`p.percent`)}, true, ${integrity}, '{}'::jsonb
    from invitations i cross join lateral (select ${percent} as percent) p
    where i.assessment_id = ${assessment.id}::uuid and i.status = 'COMPLETED'`.execute(db);
  const part = (id: RawBuilder<unknown>) => sql`round((100 * ${unit(sql`s.invitation_id::text || ${id}::text`)})::numeric, 1)`;
  await sql`
    insert into test_scores (invitation_id, test_id, earned, max_points, percent, band)
    select s.invitation_id, t.id, p.percent, 100, p.percent, ${band(sql`p.percent`)}
    from attempt_scores s cross join unnest(${sql.val(testIds)}::uuid[]) as t(id) cross join lateral (select ${part(sql`t.id`)} as percent) p
    where s.assessment_id = ${assessment.id}::uuid`.execute(db);
  await sql`
    insert into skill_scores (invitation_id, skill_id, percent, band, development_band)
    select s.invitation_id, k.id, p.percent, ${band(sql`p.percent`)}, null
    from attempt_scores s cross join unnest(${sql.val(skillIds)}::uuid[]) as k(id) cross join lateral (select ${part(sql`k.id`)} as percent) p
    where s.assessment_id = ${assessment.id}::uuid`.execute(db);
  for (const table of ['candidates', 'invitations', 'attempt_scores', 'test_scores', 'skill_scores']) await sql`analyze ${sql.table(table)}`.execute(db);

  const count = async (query: RawBuilder<{ n: string }>) => Number((await query.execute(db)).rows[0].n);
  return {
    assessmentId: assessment.id,
    clientId: client.id,
    skillId: skillIds[0],
    invitations: await count(sql<{ n: string }>`select count(*) as n from invitations where assessment_id = ${assessment.id}::uuid`),
    scored: await count(sql<{ n: string }>`select count(*) as n from attempt_scores where assessment_id = ${assessment.id}::uuid`),
    testScores: await count(sql<{ n: string }>`select count(*) as n from test_scores t join attempt_scores s using (invitation_id) where s.assessment_id = ${assessment.id}::uuid`),
    skillScores: await count(sql<{ n: string }>`select count(*) as n from skill_scores k join attempt_scores s using (invitation_id) where s.assessment_id = ${assessment.id}::uuid`),
  };
}

interface Case {
  name: string;
  filter: Record<string, unknown>;
}

const listPath = (filter: Record<string, unknown>) =>
  `/api/invitations?${new URLSearchParams({ sort: JSON.stringify(['percent', 'DESC']), range: JSON.stringify([0, PAGE - 1]), filter: JSON.stringify(filter) })}`;

/** The page and count statements the server sends for a case, compiled by its own query builder. */
function statements(db: DB, user: AuthUser, filter: Record<string, unknown>) {
  const list = parseListQuery({ sort: JSON.stringify(['percent', 'DESC']), range: JSON.stringify([0, PAGE - 1]), filter: JSON.stringify(filter) }, invitationSpec, ['level', SKILL_BAND_FILTER]);
  const { rows, count } = participantQueries(db, invitationSpec, list, user);
  return { page: rows(list.offset, list.limit).compile(), count: count.compile() };
}

interface Timing {
  runs: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
}

async function timeRuns(runs: number, work: () => Promise<unknown>): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  const sorted = Float64Array.from(samples).sort();
  return { runs, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) };
}

export interface CaseResult {
  case: string;
  total: number;
  /** One request (or one page + count) at a time. */
  endpoint: Timing;
  direct: Timing;
  /** Throughput: autocannon on the endpoint; the statements on the driver, APP_POOL_SIZE at a time (PGlite: one at a time). */
  endpointLoad: HttpFigures;
  directLoad: RateFigures;
  /** endpointLoad.rps ÷ directLoad.qps: the share of the database's ceiling that the endpoint serves. */
  shareOfCeiling: number;
}

export interface ComparisonListResult {
  filled: FilledAssessment;
  fillSeconds: number;
  cases: CaseResult[];
}

export async function benchComparisonList(
  database: BenchDatabase,
  options: { base: string; token: string; user: AuthUser; seconds: number; warmupSeconds: number; connections: number; runs: number; log?: (text: string) => void },
): Promise<ComparisonListResult> {
  const { kind, handle } = database;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const filled = await fillComparison(handle.db);
  const fillSeconds = round((performance.now() - started) / 1000, 1);
  log(`${kind}: ${filled.invitations} invitations, ${filled.scored} scored, ${filled.testScores} test and ${filled.skillScores} skill scores written (${fillSeconds} s)`);

  const cases: Case[] = [
    { name: 'sorted by score', filter: { assessmentId: filled.assessmentId } },
    { name: 'High in one skill, sorted by score', filter: { assessmentId: filled.assessmentId, [SKILL_BAND_FILTER]: `${filled.skillId}:HIGH` } },
  ];
  const headers = { authorization: `Bearer ${options.token}` };
  const results: CaseResult[] = [];
  for (const c of cases) {
    const url = `${options.base}${listPath(c.filter)}`;
    const check = await fetch(url, { headers });
    const body = (await check.json()) as { data?: { percent: number | null; percentile: number | null }[] };
    const total = Number(/\/(\d+)$/.exec(check.headers.get('content-range') ?? '')?.[1]);
    const rows = body.data ?? [];
    if (check.status !== 200 || rows.length !== PAGE || !(total > 0) || rows.some((r, i) => r.percent === null || r.percentile === null || (i > 0 && r.percent > rows[i - 1].percent!)))
      throw new Error(`${kind}: ${c.name}: HTTP ${check.status}, ${rows.length} rows of ${total}, not a page sorted by score with percentiles`);

    const { page, count } = statements(handle.db, options.user, c.filter);
    const direct = async () => {
      const [pageRows] = await Promise.all([database.query(page.sql, [...page.parameters]), database.query(count.sql, [...count.parameters])]);
      return pageRows;
    };
    if ((await direct()).length !== PAGE) throw new Error(`${kind}: ${c.name}: the direct statements did not answer ${PAGE} rows`);

    log(`${kind}: ${c.name} (${total} rows): ${options.runs} requests and ${options.runs} direct runs, one at a time`);
    const call = async () => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`${kind}: ${c.name}: HTTP ${res.status}`);
      await res.json();
    };
    await timeRuns(3, call);
    const endpoint = await timeRuns(options.runs, call);
    await timeRuns(3, direct);
    const directTiming = await timeRuns(options.runs, direct);

    log(`${kind}: ${c.name}: ${options.seconds} s of load at ${options.connections} connections, then the statements ${database.parallel ? APP_POOL_SIZE : 1} at a time`);
    const endpointLoad = await measureHttp(url, { seconds: options.seconds, warmupSeconds: options.warmupSeconds, connections: options.connections, headers });
    if (endpointLoad.non2xx || endpointLoad.errors) log(`${kind}: WARNING ${endpointLoad.non2xx} non-2xx answers and ${endpointLoad.errors} errors/timeouts`);
    const directLoad = await timeLoop(direct, { seconds: options.seconds, warmupSeconds: options.warmupSeconds, concurrency: database.parallel ? APP_POOL_SIZE : 1 });
    results.push({ case: c.name, total, endpoint, direct: directTiming, endpointLoad, directLoad, shareOfCeiling: round(endpointLoad.rps / directLoad.qps, 3) });
  }
  return { filled, fillSeconds, cases: results };
}

// ---------------------------------------------------------------------------------------------
// `npx tsx bench/comparison-list.ts`: this benchmark alone, on PGlite and on PostgreSQL

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}".`);
  return value;
}

async function main() {
  const { log, cleanups, cleanUp, run } = createBench('bench:comparison');
  await run(async () => {
    const loadAtStart = round(loadavg()[0]);
    if (loadAtStart > cpus().length / 2) log(`note: 1-minute load average is ${loadAtStart} on ${cpus().length} CPUs; figures will be noisy`);
    const settings = {
      seconds: positive('BENCH_SECONDS', 10),
      warmupSeconds: positive('BENCH_WARMUP_SECONDS', 2),
      connections: Math.round(positive('BENCH_CONNECTIONS', 10)),
      runs: Math.round(positive('BENCH_RUNS', 50)),
    };
    const { results, skipped } = await forEachDatabase({ log, cleanups, cleanUp }, async (database) => {
      const app = await buildApp(testConfig({ logLevel: 'silent', seedDemo: false, dataDir: null, databaseUrl: database.databaseUrl }), { database: database.handle });
      cleanups.push(() => app.close());
      await app.listen({ host: '127.0.0.1', port: 0 });
      const base = baseUrl(app);
      const token = await signIn(base, CLIENT_EMAIL, DEMO_PASSWORD);
      const account = await database.handle.db.selectFrom('users').select(['id', 'name', 'email', 'role', 'membershipType', 'clientId']).where('email', '=', CLIENT_EMAIL).executeTakeFirstOrThrow();
      const user: AuthUser = { ...account, permissions: [] };
      return benchComparisonList(database, { base, token, user, ...settings, log });
    });
    const report = {
      benchmark: 'skillgauge comparison list: one assessment’s candidates, a page of 25 sorted by score',
      date: new Date().toISOString(),
      machine: machineInfo(loadAtStart),
      settings: { candidates: CANDIDATES, unscoredEvery: UNSCORED_EVERY, tests: TESTS, skills: SKILLS, page: PAGE, signedInAs: CLIENT_EMAIL, directConcurrency: APP_POOL_SIZE, ...settings },
      results,
      skipped,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  });
}

// Run as a script (not when another benchmark imports it).
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main();
