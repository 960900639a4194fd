/**
 * `npm run bench`: throughput of the users list against a bare Fastify route, on PGlite and on
 * PostgreSQL, plus the same page query straight through the driver, then the question bank and
 * the item statistics of one test (bench/item-statistics.ts). Figures go to stdout as one JSON
 * document; progress goes to stderr. See bench/README.md.
 */
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { migrateToLatest } from '../server/db/index';
import { DEMO_PASSWORD, seedDemoData } from '../server/seeds/seed';
import { openPglite, openPostgres, redactUrl, APP_POOL_SIZE, type BenchDatabase } from './databases';
import { baseUrl, measureHttp, signIn, startBareServer, USERS_LIST_PATH, verifyUsersList, type HttpFigures } from './load';
import { round, timeLoop, type RateFigures } from './measure';
import { fillUsers } from './users';
import { fillQuestions, QUESTIONS, questionsListPath, questionsPageSql } from './questions';
import { createBench, machineInfo } from './harness';
import { benchReport, type ReportBenchResult } from './report';
import { benchDashboard } from './dashboard';
import { benchItemStatistics, GOAL_MS as ITEM_STATISTICS_GOAL_MS, type ItemStatisticsResult } from './item-statistics';

const { log, cleanups, cleanUp, run } = createBench('bench');

const USERS = 10_000;
const ADMIN_EMAIL = 'admin@skillgauge.demo';
/** The list endpoint should keep at least this share of the bare route's throughput on PostgreSQL. */
const GOAL_RATIO = 0.5;
const KINDS = ['pglite', 'postgres'] as const;
type Kind = (typeof KINDS)[number];

interface Settings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  postgresUrl: string;
  kinds: Kind[];
}

function positiveNumber(name: string, fallback: number, integer = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    throw new Error(`${name} must be a positive ${integer ? 'whole ' : ''}number, not "${raw}".`);
  return value;
}

function readSettings(): Settings {
  const kinds = (process.env.BENCH_DATABASES || KINDS.join(','))
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = kinds.filter((k) => !(KINDS as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`BENCH_DATABASES lists unknown kinds: ${unknown.join(', ')} (use ${KINDS.join(', ')}).`);
  return {
    seconds: positiveNumber('BENCH_SECONDS', 10),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 2),
    connections: positiveNumber('BENCH_CONNECTIONS', 10, true),
    postgresUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    kinds: kinds as Kind[],
  };
}

interface KindResult {
  database: Kind;
  users: number;
  bareRoute: HttpFigures;
  usersList: HttpFigures;
  /** The same list asked for as a browser asks (Accept-Encoding: br, gzip): compressed by the server. */
  usersListCompressed: HttpFigures;
  /** Bytes of one page of the list, plain and as sent compressed. */
  usersListBytes: { plain: number; compressed: number; encoding: string | null };
  /** The throughput compression costs: 1 - compressed/plain requests per second (goal: under 0.10). */
  compressionCost: number;
  /** Sequential: one query at a time. */
  directQuery: RateFigures;
  /** APP_POOL_SIZE queries in flight on a pg pool; null on PGlite, which runs one at a time. */
  directQueryConcurrent: RateFigures | null;
  ratioListToBare: number;
  /** The question bank: one test type, published, searched, newest first, over QUESTIONS rows; null when skipped. */
  questions: null | {
    count: number;
    list: HttpFigures;
    directQuery: RateFigures;
    directQueryConcurrent: RateFigures | null;
    matching: number;
    ratioListToBare: number;
  };
  /** Scoring throughput, the report's API and its PDF (bench/report.ts); null when skipped (BENCH_REPORT=0). */
  report: ReportBenchResult | null;
  /** GET /api/tests/:id/statistics over 10,000 completed attempts; null when skipped (BENCH_ITEM_STATISTICS=0). */
  itemStatistics: ItemStatisticsResult | null;
  /** The dashboards over 1,000,000 invitations (bench/dashboard.ts); null on PGlite or when skipped (BENCH_DASHBOARD=0). */
  dashboard: Awaited<ReturnType<typeof benchDashboard>> | null;
}



/** One page of a list as sent plain and as sent to a browser that accepts brotli or gzip (raw bytes on the wire). */
async function pageBytes(url: string, token: string): Promise<{ plain: number; compressed: number; encoding: string | null }> {
  const get = (headers: Record<string, string>) =>
    new Promise<{ bytes: number; encoding: string | null }>((done, fail) => {
      request(url, { headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => done({ bytes, encoding: (res.headers['content-encoding'] as string | undefined) ?? null }));
      })
        .on('error', fail)
        .end();
    });
  const plain = await get({});
  const compressed = await get({ 'accept-encoding': 'br, gzip' });
  return { plain: plain.bytes, compressed: compressed.bytes, encoding: compressed.encoding };
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

async function benchDatabase(database: BenchDatabase, bare: FastifyInstance, settings: Settings): Promise<KindResult> {
  const { kind, handle } = database;
  const { seconds, warmupSeconds, connections } = settings;

  await timed(`${kind}: migrated`, () => migrateToLatest(handle.db));
  await timed(`${kind}: demo data loaded`, () => seedDemoData(handle.db));
  const users = await timed(`${kind}: users filled to ${USERS}`, () => fillUsers(handle.db, USERS));

  const config = testConfig({ logLevel: 'silent', seedDemo: false, dataDir: null, databaseUrl: database.databaseUrl });
  const app = await buildApp(config, { database: handle });
  cleanups.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = baseUrl(app);

  const token = await signIn(base, ADMIN_EMAIL, DEMO_PASSWORD);
  const total = await verifyUsersList(base, token, USERS);
  log(`${kind}: list verified (25 records of ${total})`);

  const load = { seconds, warmupSeconds, connections };
  log(`${kind}: bare route, ${warmupSeconds} s warm-up + ${seconds} s at ${connections} connections`);
  const bareRoute = await measureHttp(`${baseUrl(bare)}/bare`, load);
  log(`${kind}: users list, same load`);
  const usersList = await measureHttp(`${base}${USERS_LIST_PATH}`, { ...load, headers: { authorization: `Bearer ${token}` } });
  const browserHeaders = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  const usersListBytes = await pageBytes(`${base}${USERS_LIST_PATH}`, token);
  log(`${kind}: users list, compressed as a browser asks (${usersListBytes.plain} bytes plain, ${usersListBytes.compressed} as ${usersListBytes.encoding})`);
  const usersListCompressed = await measureHttp(`${base}${USERS_LIST_PATH}`, { ...load, headers: browserHeaders });
  for (const [name, figures] of [['bare route', bareRoute], ['users list', usersList], ['users list, compressed', usersListCompressed]] as const)
    if (figures.non2xx || figures.errors) log(`${kind}: WARNING ${name} had ${figures.non2xx} non-2xx answers and ${figures.errors} errors/timeouts`);

  // The direct figures must describe the same page, or they compare nothing.
  const rows = await database.pageQuery();
  if (rows.length !== 25) throw new Error(`${kind}: the direct page query answered ${rows.length} rows instead of 25.`);
  log(`${kind}: direct page query, sequential`);
  const directQuery = await timeLoop(database.pageQuery, { seconds, warmupSeconds, concurrency: 1 });
  let directQueryConcurrent: RateFigures | null = null;
  if (database.parallel) {
    log(`${kind}: direct page query, ${APP_POOL_SIZE} at a time`);
    directQueryConcurrent = await timeLoop(database.pageQuery, { seconds, warmupSeconds, concurrency: APP_POOL_SIZE });
  }

  // BENCH_QUESTIONS=0 measures the users list alone (the question bank takes most of a run).
  const questions = process.env.BENCH_QUESTIONS === '0' ? null : await benchQuestions(database, base, token, bareRoute, settings);
  const itemStatistics = process.env.BENCH_ITEM_STATISTICS === '0' ? null : await benchItemStatistics(database, { base, token, log });
  const report = process.env.BENCH_REPORT === '0' ? null : await benchReport(database, { log });
  // The dashboards at 1,000,000 invitations (BENCH_DASHBOARD_SCALE); PostgreSQL only, BENCH_DASHBOARD=0 skips.
  const dashboard = process.env.BENCH_DASHBOARD === '0' || kind !== 'postgres' ? null : await benchDashboard(database, { log });

  return {
    database: kind,
    users,
    questions,
    report,
    dashboard,
    itemStatistics,
    bareRoute,
    usersList,
    usersListCompressed,
    usersListBytes,
    compressionCost: round(1 - usersListCompressed.rps / usersList.rps, 4),
    directQuery,
    directQueryConcurrent,
    ratioListToBare: round(usersList.rps / bareRoute.rps, 4),
  };
}

/** The question-bank list over 100,000 questions: HTTP and the same statements through the driver. */
async function benchQuestions(database: BenchDatabase, base: string, token: string, bareRoute: HttpFigures, settings: Settings) {
  const { kind } = database;
  const { seconds, warmupSeconds, connections } = settings;
  const { total, testTypeId } = await timed(`${kind}: questions filled to ${QUESTIONS}`, () => fillQuestions(database.handle.db, QUESTIONS));
  const path = questionsListPath(testTypeId);
  const check = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await check.json()) as { data?: unknown[] };
  const range = /\/(\d+)$/.exec(check.headers.get('content-range') ?? '');
  if (check.status !== 200 || body.data?.length !== 25 || !range) throw new Error(`${kind}: questions list answered HTTP ${check.status}, ${body.data?.length} records`);
  const matching = Number(range[1]);
  log(`${kind}: questions list verified (25 of ${matching} matching, ${total} questions)`);
  const list = await measureHttp(`${base}${path}`, { seconds, warmupSeconds, connections, headers: { authorization: `Bearer ${token}` } });
  const statements = questionsPageSql(testTypeId);
  const direct = async () => {
    const [page] = await Promise.all([database.query(...statements.page), database.query(...statements.count)]);
    return page;
  };
  if ((await direct()).length !== 25) throw new Error(`${kind}: the direct questions query did not answer 25 rows`);
  log(`${kind}: direct questions query`);
  const directQuery = await timeLoop(direct, { seconds, warmupSeconds, concurrency: 1 });
  const directQueryConcurrent = database.parallel ? await timeLoop(direct, { seconds, warmupSeconds, concurrency: APP_POOL_SIZE }) : null;
  return { count: total, list, directQuery, directQueryConcurrent, matching, ratioListToBare: round(list.rps / bareRoute.rps, 4) };
}

async function main() {
  const settings = readSettings();
  // Other work on the machine skews every figure; recorded so a reader can judge a run.
  const loadAtStart = round(loadavg()[0]);
  if (loadAtStart > cpus().length / 2) log(`note: 1-minute load average is ${loadAtStart} on ${cpus().length} CPUs; figures will be noisy`);
  const results: KindResult[] = [];
  const skipped: { database: Kind; reason: string }[] = [];

  const bare = await startBareServer();
  cleanups.push(() => bare.close());

  for (const kind of settings.kinds) {
    const mark = cleanups.length;
    let database: BenchDatabase;
    if (kind === 'pglite') {
      database = await openPglite();
    } else {
      const opened = await openPostgres(settings.postgresUrl);
      if ('skipped' in opened) {
        log(`PostgreSQL skipped: ${opened.skipped}`);
        skipped.push({ database: kind, reason: opened.skipped });
        continue;
      }
      database = opened;
      log(`postgres: using a fresh database on ${redactUrl(settings.postgresUrl)}`);
    }
    // Registered before the app's close, so it runs after it (the app must stop using the database first).
    cleanups.push(database.close);
    results.push(await benchDatabase(database, bare, settings));
    // This kind's app and database go before the next kind starts; the bare server stays.
    await cleanUp(mark);
  }

  const postgres = results.find((r) => r.database === 'postgres');
  const report = {
    benchmark: 'skillgauge users list vs bare Fastify route',
    date: new Date().toISOString(),
    machine: machineInfo(loadAtStart),
    settings: {
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      connections: settings.connections,
      directConcurrency: APP_POOL_SIZE,
      listPath: decodeURIComponent(USERS_LIST_PATH),
      loadGenerator: 'autocannon 9, one worker thread',
    },
    results,
    skipped,
    goal: {
      description: `users list at ≥ ${GOAL_RATIO} × the bare route's requests/s on PostgreSQL`,
      met: postgres ? postgres.ratioListToBare >= GOAL_RATIO : null,
    },
    itemStatisticsGoal: {
      description: `item statistics of one test over 10,000 completed attempts (GET /api/tests/:id/statistics) under ${ITEM_STATISTICS_GOAL_MS} ms at p50 on PostgreSQL`,
      met: postgres?.itemStatistics ? postgres.itemStatistics.goalMet : null,
    },
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await run(main);
