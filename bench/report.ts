/**
 * Scoring and the candidate report (issue 10), on PGlite and PostgreSQL:
 *
 * 1. **Scoring throughput**: N completed attempts, copies of one demo attempt (the support
 *    assessment's Mohammed Faiz: qualifying questions, three tests, a video, proctoring events),
 *    made in SQL row for row (parts, answers, events, reviews); each scored once by
 *    `scoreInvitation`, one after another as the server's scoring queue runs them. Attempts per
 *    second and the time per attempt. **Ceiling** (PostgreSQL): the statements scoreInvitation sent
 *    for one more copy, recorded at the driver (pg's `Client.query`), replayed for further copies
 *    (their ids substituted) straight through one pg client: the same reads and writes, without
 *    the query builder and the scoring itself.
 * 2. **The report's API** for one candidate: GET /api/candidate-reports/:id as the demo client, through
 *    the app (`inject`, no sockets), p50/p99 over BENCH_REPORT_REQUESTS (200) after a warm-up.
 * 3. **The PDF**: GET /api/candidate-reports/:id/pdf, the first render apart (Chromium launches),
 *    then BENCH_PDF_RENDERS (20) one after another; needs Chromium (CHROMIUM_PATH) and the built app
 *    (BENCH_DIST, else built into a temporary folder), skipped with the reason otherwise. On
 *    PostgreSQL only by default (the renderer does not touch the database beyond the report).
 *
 * `npm run bench:report` runs it alone (JSON on stdout, progress on stderr); `npm run bench` runs it
 * after the lists (BENCH_REPORT=0 skips it). See bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import type { DB } from '../server/db/index';
import { DEMO_PASSWORD } from '../server/seeds/seed';
import { scoreInvitation } from '../server/modules/scores/scoring';
import type { BenchDatabase } from './databases';
import { createBench, databaseChoice, forEachDatabase, machineInfo } from './harness';
import { percentile, round } from './measure';

const ROOT = resolve(import.meta.dirname, '..');
/** The demo attempt copied: completed, scored by the seed, with proctoring events. */
const TEMPLATE_EMAIL = 'mohammed.faiz@example.com';
const CLIENT_EMAIL = 'client@acme.demo';
const TAG = 'scoring-bench';
/** Tables holding an attempt's own rows, copied per attempt (the scores are not: scoring writes them). */
const ATTEMPT_TABLES = ['attempt_parts', 'answers', 'proctoring_events', 'answer_reviews'] as const;

export interface TimingFigures {
  count: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

function figures(samples: number[]): TimingFigures {
  const sorted = Float64Array.from(samples).sort();
  return {
    count: samples.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
    mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
  };
}

/** Runs `work` once per item, one after another; answers the rate and the time per item. */
async function timeEach<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<TimingFigures & { perSecond: number }> {
  const samples: number[] = [];
  const started = performance.now();
  for (const item of items) {
    const start = performance.now();
    await work(item);
    samples.push(performance.now() - start);
  }
  return { perSecond: round(items.length / ((performance.now() - started) / 1000), 1), ...figures(samples) };
}

const positive = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${raw}".`);
  return value;
};

// ---------------------------------------------------------------------------------------------
// The attempts

/** Copies the template attempt `copies` times (candidate, invitation and its own rows); answers the copies' ids in order. */
export async function copyAttempt(db: DB, templateId: string, copies: number, tag = TAG): Promise<string[]> {
  await sql`
    insert into candidates (client_id, name, email, updated_at)
    select i.client_id, 'Scoring bench ' || g, ${tag} || '-' || g || '@example.com', now()
    from invitations i, generate_series(1, ${sql.lit(copies)}) g
    where i.id = ${templateId}::uuid`.execute(db);
  await sql`
    insert into invitations (assessment_id, candidate_id, client_id, entry_type, status, token_hash, seed, language, extra_time, expires_at,
      invited_by, invited_at, mailed_at, opened_at, started_at, deadline, completed_at, last_seen_at, updated_at)
    select t.assessment_id, c.id, t.client_id, t.entry_type, t.status, md5(c.email), t.seed, t.language, t.extra_time, t.expires_at,
      t.invited_by, t.invited_at, t.mailed_at, t.opened_at, t.started_at, t.deadline, t.completed_at, t.last_seen_at, now()
    from invitations t, candidates c
    where t.id = ${templateId}::uuid and c.email like ${`${tag}-%`}`.execute(db);
  const copiesOf = sql`(select i.id from invitations i join candidates c on c.id = i.candidate_id where c.email like ${`${tag}-%`})`;
  for (const table of ATTEMPT_TABLES) {
    // Every column as it is, but the attempt's id (and a generated id, where the table has one).
    const columns = (
      await sql<{ name: string; generated: boolean }>`
        select column_name as name, (column_name = 'id' and column_default is not null) as generated
        from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
    ).rows.filter((c) => !c.generated);
    const names = columns.map((c) => sql.ref(c.name));
    const values = columns.map((c) => (c.name === 'invitation_id' ? sql.ref('copy.id') : sql.ref(`t.${c.name}`)));
    await sql`
      insert into ${sql.table(table)} (${sql.join(names)})
      select ${sql.join(values)} from ${sql.table(table)} t cross join ${copiesOf} as copy
      where t.invitation_id = ${templateId}::uuid`.execute(db);
  }
  await sql`analyze`.execute(db);
  const rows = await sql<{ id: string }>`
    select i.id from invitations i join candidates c on c.id = i.candidate_id
    where c.email like ${`${tag}-%`} order by split_part(split_part(c.email, '@', 1), '-', 3)::int`.execute(db);
  return rows.rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The ceiling: scoreInvitation's statements at the driver, replayed

interface Statement {
  text: string;
  values: unknown[];
}

/** Every statement pg's clients send while `work` runs (Kysely's PostgreSQL dialect goes through Client.query). */
async function recordStatements(work: () => Promise<unknown>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  const original = pg.Client.prototype.query;
  const patched = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') recorded.push({ text: first, values: Array.isArray(second) ? second : [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = patched as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return recorded;
}

/** A recorded statement for another attempt: the recorded attempt's id replaced in every value. */
function substitute(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.replaceAll(from, to);
  if (Array.isArray(value)) return value.map((v) => substitute(v, from, to));
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) return JSON.parse(JSON.stringify(value).replaceAll(from, to));
  return value;
}

// ---------------------------------------------------------------------------------------------
// The benchmark on one database

export interface ReportBenchResult {
  attempts: number;
  statementsPerAttempt: number | null;
  /** scoreInvitation over fresh copies, one after another. */
  scoring: TimingFigures & { perSecond: number };
  /** The same statements through one pg client; null on PGlite (see `ceilingNote`). */
  scoringCeiling: (TimingFigures & { perSecond: number }) | null;
  ceilingNote: string | null;
  /** GET /api/candidate-reports/:id through the app (inject), as the demo client. */
  reportApi: TimingFigures;
  pdf: null | { firstRenderMs: number; renders: TimingFigures; bytes: number };
  pdfSkipped: string | null;
}

export interface ReportBenchOptions {
  log?: (text: string) => void;
  attempts?: number;
  requests?: number;
  renders?: number;
  /** The built app for the PDF's print page; null skips the PDF; undefined: BENCH_DIST if set. */
  dist?: string | null;
  /** Why the PDF is skipped, when dist is null. */
  pdfSkipped?: string;
}

export async function benchReport(database: BenchDatabase, options: ReportBenchOptions = {}): Promise<ReportBenchResult> {
  const { kind, handle } = database;
  const db = handle.db;
  const log = options.log ?? (() => undefined);
  const attempts = options.attempts ?? positive('BENCH_SCORING_ATTEMPTS', 300);
  const requests = options.requests ?? positive('BENCH_REPORT_REQUESTS', 200);
  const renders = options.renders ?? positive('BENCH_PDF_RENDERS', 20);

  const template = await db
    .selectFrom('invitations as i')
    .innerJoin('candidates as c', 'c.id', 'i.candidateId')
    .select('i.id')
    .where('c.email', '=', TEMPLATE_EMAIL)
    .where('i.status', '=', 'COMPLETED')
    .executeTakeFirst();
  if (!template) throw new Error(`${kind}: the demo data has no completed attempt of ${TEMPLATE_EMAIL}`);

  // Copies: the measured ones, one to record, and as many again for the replay.
  const started = performance.now();
  const ids = await copyAttempt(db, template.id, database.parallel ? 2 * attempts + 1 : attempts);
  log(`${kind}: ${ids.length} copies of the demo attempt written (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const measured = ids.slice(0, attempts);

  // Warm-up on the template itself (rescoring it changes nothing: same answers, same rows).
  for (let i = 0; i < 5; i++) await scoreInvitation(db, template.id);
  log(`${kind}: scoring ${attempts} attempts with scoreInvitation, one after another`);
  const scoring = await timeEach(measured, async (id) => {
    if (!(await scoreInvitation(db, id))) throw new Error(`${kind}: ${id} was not scored`);
  });
  const stored = await db.selectFrom('attemptScores').select((eb) => eb.fn.countAll<string>().as('n')).where('invitationId', 'in', measured).executeTakeFirstOrThrow();
  if (Number(stored.n) !== attempts) throw new Error(`${kind}: ${stored.n} of ${attempts} attempts have stored scores`);

  let scoringCeiling: ReportBenchResult['scoringCeiling'] = null;
  let statementsPerAttempt: number | null = null;
  let ceilingNote: string | null = null;
  if (database.parallel && database.databaseUrl) {
    const recordedId = ids[attempts];
    const statements = await recordStatements(() => scoreInvitation(db, recordedId));
    statementsPerAttempt = statements.length;
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      log(`${kind}: ceiling, the ${statements.length} recorded statements for ${attempts} attempts through one pg client`);
      scoringCeiling = await timeEach(ids.slice(attempts + 1), async (id) => {
        for (const statement of statements) await client.query(statement.text, substitute(statement.values, recordedId, id) as unknown[]);
      });
    } finally {
      await client.end();
    }
    const replayed = await db.selectFrom('attemptScores').select((eb) => eb.fn.countAll<string>().as('n')).where('invitationId', 'in', ids.slice(attempts + 1)).executeTakeFirstOrThrow();
    if (Number(replayed.n) !== attempts) throw new Error(`${kind}: the replay stored ${replayed.n} of ${attempts} attempts' scores`);
  } else {
    ceilingNote = 'PGlite: statements are recorded at pg’s Client, which PGlite does not use; its one connection runs in this thread, so the query builder and the scoring share the time with the database anyway.';
  }

  // The app, as the server runs it; listening, because the PDF's Chromium loads the print page from it.
  // Without a dist given (npm run bench), the PDF runs only when BENCH_DIST names a built app.
  const given = options.dist === undefined && process.env.BENCH_DIST ? builtApp(log) : null;
  const dist = options.dist ?? given?.dist ?? null;
  if (!dist && options.dist === undefined) options.pdfSkipped = given?.reason ?? 'BENCH_DIST is not set (npm run bench:report builds the app itself)';
  const config = testConfig({ logLevel: 'silent', seedDemo: false, dataDir: null, databaseUrl: database.databaseUrl, staticDir: dist, ...(process.env.CHROMIUM_PATH ? { chromiumPath: process.env.CHROMIUM_PATH } : {}) });
  const app = await buildApp(config, { database: handle });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: CLIENT_EMAIL, password: DEMO_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`${kind}: sign-in as ${CLIENT_EMAIL} answered ${login.statusCode}`);
    const headers = { authorization: `Bearer ${login.json().data.token as string}` };
    const reportUrl = `/api/candidate-reports/${template.id}?language=en`;
    const read = async () => {
      const res = await app.inject({ method: 'GET', url: reportUrl, headers });
      if (res.statusCode !== 200) throw new Error(`${kind}: GET ${reportUrl} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res;
    };
    const report = (await read()).json().data as { score: unknown; proctoring: { events: unknown[] } | null };
    if (!report.score || !report.proctoring?.events.length) throw new Error(`${kind}: the report has no score or no proctoring events`);
    for (let i = 0; i < 20; i++) await read();
    log(`${kind}: report API, ${requests} requests`);
    const reportApi = figures(await sampleEach(requests, read));

    let pdf: ReportBenchResult['pdf'] = null;
    let pdfSkipped: string | null = dist ? null : (options.pdfSkipped ?? 'no built app given');
    if (dist) {
      const pdfUrl = `/api/candidate-reports/${template.id}/pdf?language=en`;
      let bytes = 0;
      const render = async () => {
        const res = await app.inject({ method: 'GET', url: pdfUrl, headers });
        if (res.statusCode !== 200 || res.rawPayload.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${kind}: the PDF answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        bytes = res.rawPayload.length;
      };
      const renderer = (await app.inject({ method: 'GET', url: '/api/pdf-renderer', headers })).json().data as { available: boolean };
      if (!renderer.available) pdfSkipped = 'the server says PDF rendering is not configured (no Chromium at CHROMIUM_PATH?)';
      else {
        log(`${kind}: PDF, first render (Chromium launches), then ${renders}`);
        const first = performance.now();
        await render();
        const firstRenderMs = round(performance.now() - first);
        pdf = { firstRenderMs, renders: figures(await sampleEach(renders, render)), bytes };
      }
    }
    return { attempts, statementsPerAttempt, scoring, scoringCeiling, ceilingNote, reportApi, pdf, pdfSkipped };
  } finally {
    await app.close();
  }
}

/** The time of each of `count` calls, one after another. */
async function sampleEach(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** The built app for the PDF: BENCH_DIST, else a fresh build in a temporary folder (removed by `cleanup`). */
export function builtApp(log: (text: string) => void): { dist: string | null; reason?: string; cleanup: () => void } {
  if (process.env.BENCH_DIST) {
    if (!existsSync(join(process.env.BENCH_DIST, 'index.html'))) return { dist: null, reason: `BENCH_DIST=${process.env.BENCH_DIST} holds no index.html`, cleanup: () => undefined };
    return { dist: process.env.BENCH_DIST, cleanup: () => undefined };
  }
  const dist = mkdtempSync(join(tmpdir(), 'sg-bench-dist-'));
  log('building the app for the PDF’s print page (BENCH_DIST skips this)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, encoding: 'utf8' });
  const cleanup = () => rmSync(dist, { recursive: true, force: true });
  if (build.status !== 0) {
    cleanup();
    return { dist: null, reason: `vite build failed: ${build.stderr.slice(0, 300)}`, cleanup: () => undefined };
  }
  return { dist, cleanup };
}

// ---------------------------------------------------------------------------------------------
// `npm run bench:report`: this benchmark alone

async function main() {
  const { log, cleanups, cleanUp, run } = createBench('bench:report');
  await run(async () => {
    const loadAtStart = round(loadavg()[0]);
    if (loadAtStart > cpus().length / 2) log(`note: 1-minute load average is ${loadAtStart} on ${cpus().length} CPUs; figures will be noisy`);
    // The PDF on PostgreSQL only, unless BENCH_PDF_DATABASES says otherwise.
    const pdfKinds = (process.env.BENCH_PDF_DATABASES || 'postgres').split(',').map((k) => k.trim());
    const built = pdfKinds.some((k) => databaseChoice().kinds.includes(k)) ? builtApp(log) : { dist: null, reason: 'not asked for (BENCH_PDF_DATABASES)', cleanup: () => undefined };
    cleanups.push(async () => built.cleanup());
    const { results, skipped } = await forEachDatabase({ log, cleanups, cleanUp }, async (database) => {
      const asked = pdfKinds.includes(database.kind);
      return benchReport(database, { log, dist: asked ? built.dist : null, pdfSkipped: asked ? built.reason : 'not asked for on this database (BENCH_PDF_DATABASES)' });
    });
    const report = {
      benchmark: 'skillgauge scoring, candidate report and its PDF',
      date: new Date().toISOString(),
      machine: machineInfo(loadAtStart),
      settings: {
        attempts: positive('BENCH_SCORING_ATTEMPTS', 300),
        reportRequests: positive('BENCH_REPORT_REQUESTS', 200),
        pdfRenders: positive('BENCH_PDF_RENDERS', 20),
        template: TEMPLATE_EMAIL,
        reader: CLIENT_EMAIL,
      },
      results,
      skipped,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  });
}

// Run as a script (not when bench/run.ts imports it).
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main();
