/**
 * `npm run bench:take`: candidates saving answers (PUT /api/take/:token/answers), the path every
 * answer of every candidate takes. For each database (PGlite on disk, then PostgreSQL when reachable),
 * the real server runs as a child process (`server/main.ts`, so that it can be killed), and this
 * process plays the candidates over HTTP (node:http, connections kept alive):
 *
 *  1. Open loop: N candidates start within the ramp (open the link, start, start the first test),
 *     then each saves an answer every interval for the save window, as the page does. Reported: p50,
 *     p99 and max save latency, errors, then a count in the database that every acknowledged save is
 *     stored exactly once and that each question holds its newest acknowledged save. N grows (or
 *     follows BENCH_TAKE_CANDIDATES) to find the largest N with p99 under the goal and no error.
 *  2. Ceiling: C candidates saving back to back for a while, against the same save statement sent
 *     straight through the driver by C loops; the endpoint's throughput as a share of the database's.
 *  3. Kill: an open loop whose server is SIGKILLed halfway through the save window and started again;
 *     the candidates retry as the page does (same idempotency key), and afterwards every
 *     acknowledged save must be in the database.
 *
 * Figures go to stdout as one JSON document; progress goes to stderr. See bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { migrateToLatest, type DB } from '../server/db/index';
import { seedDemoData } from '../server/seeds/seed';
import { hashInvitationToken, newInvitationToken } from '../server/lib/invitations';
import { saveDecision, saveStatement, type SaveRow } from '../server/modules/take/queries';
import { openPglite, openPostgres, redactUrl, APP_POOL_SIZE, type BenchDatabase } from './databases';
import { percentile, round, timeLoop, type RateFigures } from './measure';
import { createBench, machineInfo } from './harness';

const { log, cleanups, cleanUp, run } = createBench('bench:take');

const KINDS = ['pglite', 'postgres'] as const;
type Kind = (typeof KINDS)[number];
const QUESTIONS = 20;
const ROOT = resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------------------------------------
// Settings

interface Settings {
  kinds: Kind[];
  postgresUrl: string;
  rampSeconds: number;
  saveSeconds: number;
  intervalSeconds: number;
  /** Explicit candidate counts, or null to search. */
  candidates: number[] | null;
  searchStart: number;
  searchMax: number;
  /** Halvings of the interval between the last N that met the goal and the first that did not. */
  bisections: number;
  goalP99Ms: number;
  concurrency: number;
  ceilingSeconds: number;
  warmupSeconds: number;
  killCandidates: number;
  /** Which of the three to run (BENCH_TAKE_PARTS, default all). */
  parts: { search: boolean; ceiling: boolean; kill: boolean };
}

function positive(name: string, fallback: number, integer = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) throw new Error(`${name} must be a positive ${integer ? 'whole ' : ''}number, not "${raw}".`);
  return value;
}

function partsToRun(value: string | undefined): Settings['parts'] {
  const names = (value || 'search,ceiling,kill').split(',').map((p) => p.trim());
  const unknown = names.filter((n) => !['search', 'ceiling', 'kill'].includes(n));
  if (unknown.length) throw new Error(`BENCH_TAKE_PARTS lists unknown parts: ${unknown.join(', ')} (use search, ceiling, kill).`);
  return { search: names.includes('search'), ceiling: names.includes('ceiling'), kill: names.includes('kill') };
}

function readSettings(): Settings {
  const kinds = (process.env.BENCH_DATABASES || KINDS.join(',')).split(',').map((k) => k.trim()).filter(Boolean);
  const unknown = kinds.filter((k) => !(KINDS as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`BENCH_DATABASES lists unknown kinds: ${unknown.join(', ')} (use ${KINDS.join(', ')}).`);
  const list = process.env.BENCH_TAKE_CANDIDATES;
  const candidates = list ? list.split(',').map((n) => Number(n.trim())) : null;
  if (candidates?.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`BENCH_TAKE_CANDIDATES lists whole numbers, not "${list}".`);
  return {
    kinds: kinds as Kind[],
    postgresUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    rampSeconds: positive('BENCH_TAKE_RAMP_SECONDS', 60),
    saveSeconds: positive('BENCH_TAKE_SAVE_SECONDS', 120),
    intervalSeconds: positive('BENCH_TAKE_INTERVAL_SECONDS', 5),
    candidates,
    searchStart: positive('BENCH_TAKE_START', 250, true),
    searchMax: positive('BENCH_TAKE_MAX', 8000, true),
    bisections: Number(process.env.BENCH_TAKE_BISECTIONS ?? 2),
    goalP99Ms: positive('BENCH_TAKE_GOAL_P99_MS', 50),
    concurrency: positive('BENCH_TAKE_CONCURRENCY', APP_POOL_SIZE, true),
    ceilingSeconds: positive('BENCH_SECONDS', 10),
    warmupSeconds: positive('BENCH_WARMUP_SECONDS', 2),
    killCandidates: positive('BENCH_TAKE_KILL_CANDIDATES', 200, true),
    parts: partsToRun(process.env.BENCH_TAKE_PARTS),
  };
}

// ---------------------------------------------------------------------------------------------
// Data: an active assessment of one timed test (20 likert questions, 30 minutes), and invitations

async function createAssessment(db: DB): Promise<string> {
  const type = await db.selectFrom('testTypes').select('id').where('category', '=', 'COMPETENCY').orderBy('position').executeTakeFirstOrThrow();
  const answers = JSON.stringify(['Never', 'Rarely', 'Sometimes', 'Often', 'Always'].map((text, i) => ({ langWiseAnswer: [{ language: 'en', text }], value: i + 1 })));
  const questions = await db
    .insertInto('questions')
    .values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        category: 'COMPETENCY' as const,
        questionType: 'LIKERT' as const,
        testTypeId: type.id,
        title: `I keep calm under pressure (${i + 1})`,
        details: JSON.stringify([{ language: 'en', detail: `<p>I keep calm under pressure (${i + 1}).</p>` }]),
        answers,
        status: 'PUBLISHED' as const,
      })),
    )
    .returning('id')
    .execute();
  const test = await db
    .insertInto('tests')
    .values({ name: 'Composure', category: 'COMPETENCY', testTypeId: type.id, durationSeconds: 1800, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('testQuestions').values(questions.map((q, position) => ({ testId: test.id, questionId: q.id, position }))).execute();
  const assessment = await db
    .insertInto('assessments')
    .values({
      name: 'Save benchmark',
      description: null,
      type: 'INVITED',
      status: 'ACTIVE',
      clientId: null,
      languages: ['en'],
      totalTimeSeconds: null,
      videoQuestions: '[]',
      publicSlug: null,
      authorId: null,
      copiedFrom: null,
      proctoring: JSON.stringify({ cameraRequired: false, microphoneRequired: false, snapshotIntervalSeconds: null, fullScreenRequired: false, pasteAllowed: true }),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('assessmentTests').values({ assessmentId: assessment.id, testId: test.id, position: 0 }).execute();
  return assessment.id;
}

interface Invited {
  id: string;
  token: string;
}

/** N candidates and their invitations, 1,000 rows per statement. */
async function inviteMany(db: DB, assessmentId: string, n: number, label: string): Promise<Invited[]> {
  const invited: Invited[] = [];
  for (let start = 0; start < n; start += 1000) {
    const size = Math.min(1000, n - start);
    const candidates = await db
      .insertInto('candidates')
      .values(Array.from({ length: size }, (_, i) => ({ name: `Candidate ${start + i + 1}`, email: `bench-${label}-${start + i + 1}@example.com`, updatedAt: new Date() })))
      .returning('id')
      .execute();
    const tokens = candidates.map(() => newInvitationToken());
    const rows = await db
      .insertInto('invitations')
      .values(
        candidates.map((c, i) => ({
          assessmentId,
          candidateId: c.id,
          clientId: null,
          entryType: 'INVITE' as const,
          tokenHash: tokens[i].tokenHash,
          seed: randomBytes(12).toString('base64url'),
          expiresAt: new Date(Date.now() + 86_400_000),
          updatedAt: new Date(),
        })),
      )
      .returning(['id', 'tokenHash'])
      .execute();
    const byHash = new Map(tokens.map((t) => [t.tokenHash, t.token]));
    invited.push(...rows.map((r) => ({ id: r.id, token: byHash.get(r.tokenHash)! })));
  }
  return invited;
}

// ---------------------------------------------------------------------------------------------
// The server, in a child process

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

class ServerProcess {
  private child: ChildProcess | null = null;
  readonly base: string;

  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  /** Starts `server/main.ts` (with this process's TypeScript loader) and waits for /api/health. */
  async start(): Promise<void> {
    // BENCH_TAKE_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    const profile = process.env.BENCH_TAKE_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_TAKE_PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, ...process.execArgv, join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
      const healthy = await fetch(`${this.base}/api/health`).then((r) => r.ok, () => false);
      if (healthy) return;
      await sleep(100);
    }
    throw new Error(`the server did not answer within 2 minutes: ${stderr}`);
  }

  /** Ends it gracefully (SIGTERM: the app closes) and waits for it to exit. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  /** Ends it at once, as a crash or an OOM killer would. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  private async signal(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.kill(signal);
    await exited;
    this.child = null;
  }
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

// ---------------------------------------------------------------------------------------------
// Candidates over HTTP

interface Candidate {
  invitationId: string;
  token: string;
  deviceId: string;
  seq: number;
  questions: { id: string; options: number[] }[];
}

interface Ack {
  invitationId: string;
  questionId: string;
  key: string;
  seq: number;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The candidates' connections: kept alive and reused, as a browser keeps its connection to the
 * server. node:http rather than fetch: the load generator shares the machine's two cores with the
 * server and the database, and fetch spends about half as much again per request.
 */
// Idle sockets close after 30 s, before the server's keep-alive timeout (72 s) could close one under a request.
const agent = new Agent({ keepAlive: true, timeout: 30_000 });

/** One request; resolves with the answer's data and the time from sending to the last byte. */
function send(base: string, method: string, path: string, body?: unknown): Promise<{ data: any; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolveSend, reject) => {
    const req = request(
      `${base}${path}`,
      { method, agent, headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new HttpFailure(res.statusCode ?? 0, `${method} ${path.replace(/\/take\/[^/]+/, '/take/…')} answered ${res.statusCode}: ${text.slice(0, 200)}`));
          else resolveSend({ data: (JSON.parse(text) as { data: unknown }).data, ms });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Sends until an answer comes (the page's queue: same request, backoff), when `retry`; else once. */
async function sendRetrying(retry: boolean, counters: { retries: number }, ...args: Parameters<typeof send>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(...args);
    } catch (error) {
      const transient = !(error instanceof HttpFailure) || error.status >= 500 || error.status === 429;
      if (!retry || !transient || attempt >= 200) throw error;
      counters.retries++;
      await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random() / 2));
    }
  }
}

/** Opens the link, starts the attempt and its first part, as the page does. */
async function startCandidate(base: string, invited: Invited, retry: boolean, counters: { retries: number }): Promise<Candidate> {
  await sendRetrying(retry, counters, base, 'GET', `/api/take/${invited.token}`);
  const started = (await sendRetrying(retry, counters, base, 'POST', `/api/take/${invited.token}/start`, { language: 'en' })).data;
  const part = (await sendRetrying(retry, counters, base, 'POST', `/api/take/${invited.token}/parts/${started.position.partId}/start`, {})).data;
  return {
    invitationId: invited.id,
    token: invited.token,
    deviceId: `bench-${randomBytes(6).toString('base64url')}`,
    seq: 0,
    questions: part.currentPart.questions.map((q: { id: string; options: { index: number }[] }) => ({ id: q.id, options: q.options.map((o) => o.index) })),
  };
}

/** The next save of a candidate: the next question, any option, a new key. */
function nextSave(c: Candidate) {
  c.seq++;
  const question = c.questions[c.seq % c.questions.length];
  return {
    questionId: question.id,
    idempotencyKey: randomBytes(12).toString('base64url'),
    deviceId: c.deviceId,
    seq: c.seq,
    savedAt: Date.now(),
    answer: { answerIndexes: [question.options[Math.floor(Math.random() * question.options.length)]] },
  };
}

interface OpenLoopResult {
  latencies: number[];
  /** The same, for saves sent while candidates were still starting (the ramp) and after it. */
  rampLatencies: number[];
  steadyLatencies: number[];
  acks: Ack[];
  saveErrors: number;
  startErrors: number;
  retries: number;
  firstError: string | null;
  windowSeconds: number;
}

/**
 * N candidates: each starts at its moment of the ramp, then saves every interval for the save window
 * (one save at a time, as the page's queue drains). `during` runs alongside (the kill).
 */
async function openLoop(base: string, invited: Invited[], settings: Settings, options: { retry?: boolean } = {}): Promise<OpenLoopResult> {
  const retry = options.retry ?? false;
  const result: OpenLoopResult = { latencies: [], rampLatencies: [], steadyLatencies: [], acks: [], saveErrors: 0, startErrors: 0, retries: 0, firstError: null, windowSeconds: 0 };
  const begun = performance.now();
  const perCandidate = Math.max(1, Math.floor(settings.saveSeconds / settings.intervalSeconds));
  const fail = (error: unknown) => (result.firstError ??= error instanceof Error ? error.message : String(error));
  await Promise.all(
    invited.map(async (inv, i) => {
      await sleep((i / invited.length) * settings.rampSeconds * 1000);
      let candidate: Candidate;
      try {
        candidate = await startCandidate(base, inv, retry, result);
      } catch (error) {
        result.startErrors++;
        fail(error);
        return;
      }
      const first = performance.now() + Math.random() * settings.intervalSeconds * 1000;
      for (let k = 0; k < perCandidate; k++) {
        const due = first + k * settings.intervalSeconds * 1000;
        await sleep(Math.max(0, due - performance.now()));
        const body = nextSave(candidate);
        try {
          const { data, ms } = await sendRetrying(retry, result, base, 'PUT', `/api/take/${candidate.token}/answers`, body);
          if (data.idempotencyKey !== body.idempotencyKey) throw new Error('the acknowledgement names another save');
          result.latencies.push(ms);
          (performance.now() - begun < settings.rampSeconds * 1000 ? result.rampLatencies : result.steadyLatencies).push(ms);
          result.acks.push({ invitationId: candidate.invitationId, questionId: body.questionId, key: body.idempotencyKey, seq: body.seq });
        } catch (error) {
          result.saveErrors++;
          fail(error);
        }
      }
    }),
  );
  result.windowSeconds = (performance.now() - begun) / 1000;
  return result;
}

// ---------------------------------------------------------------------------------------------
// The database's side

interface Direct {
  /** A statement through the driver (no query builder). */
  query: (text: string, params: readonly unknown[]) => Promise<Record<string, unknown>[]>;
  db: DB;
}

const direct = (database: BenchDatabase): Direct => ({ query: (text, params) => database.query(text, [...params]), db: database.handle.db });

/** Every acknowledged save stored exactly once, and each question holding its newest acknowledged save. */
async function verify(d: Direct, invitationIds: string[], acks: Ack[]) {
  const ids = JSON.stringify(invitationIds);
  const saves = await d.query('select invitation_id, idempotency_key from answer_saves where invitation_id in (select value::uuid from json_array_elements_text($1::json))', [ids]);
  const stored = new Map<string, number>();
  for (const row of saves) {
    const key = `${row.invitation_id}:${row.idempotency_key}`;
    stored.set(key, (stored.get(key) ?? 0) + 1);
  }
  const answers = await d.query('select invitation_id, question_id, seq from answers where invitation_id in (select value::uuid from json_array_elements_text($1::json))', [ids]);
  const storedSeq = new Map(answers.map((row) => [`${row.invitation_id}:${row.question_id}`, Number(row.seq)]));
  const newest = new Map<string, number>();
  for (const ack of acks) {
    const key = `${ack.invitationId}:${ack.questionId}`;
    newest.set(key, Math.max(newest.get(key) ?? 0, ack.seq));
  }
  return {
    acknowledged: acks.length,
    storedOnce: acks.filter((a) => stored.get(`${a.invitationId}:${a.key}`) === 1).length,
    missing: acks.filter((a) => !stored.has(`${a.invitationId}:${a.key}`)).length,
    duplicated: [...stored.values()].filter((n) => n > 1).length,
    /** Questions whose stored answer is older than the newest save acknowledged for them. */
    behindNewest: [...newest].filter(([key, seq]) => (storedSeq.get(key) ?? -1) < seq).length,
  };
}

function latencyFigures(samples: number[]) {
  const sorted = Float64Array.from(samples).sort();
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.length ? sorted[sorted.length - 1] : Number.NaN) };
}

// ---------------------------------------------------------------------------------------------
// One database

interface Environment {
  kind: Kind;
  server: ServerProcess;
  /** Runs work with the database open in this process (PGlite: only while the server is stopped). */
  withDatabase: <T>(work: (d: Direct) => Promise<T>) => Promise<T>;
  assessmentId: string;
}

async function prepare(kind: Kind, settings: Settings): Promise<Environment | { skipped: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sg-bench-take-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let withDatabase: Environment['withDatabase'];
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const opened = await openPostgres(settings.postgresUrl);
    if ('skipped' in opened) return opened;
    cleanups.push(opened.close);
    log(`postgres: a fresh database on ${redactUrl(settings.postgresUrl)}`);
    databaseUrl = opened.databaseUrl;
    withDatabase = (work) => work(direct(opened));
  } else {
    // On disk: the server (another process) opens it, and it must outlive a SIGKILL.
    withDatabase = async (work) => {
      const opened = await openPglite(dataDir);
      try {
        return await work(direct(opened));
      } finally {
        await opened.close();
      }
    };
  }
  const assessmentId = await withDatabase(async ({ db }) => {
    await migrateToLatest(db);
    await seedDemoData(db);
    return createAssessment(db);
  });
  const server = new ServerProcess(
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'error',
      STATIC_DIR: '',
    },
    await freePort(),
  );
  cleanups.push(() => server.kill());
  return { kind, server, withDatabase, assessmentId };
}

let runCounter = 0;

/** A fresh server's first requests (JIT, caches, connections) are not what a running one serves: some saves first, not measured. */
async function warmUp(env: Environment, invited: Invited[], settings: Settings) {
  const counters = { retries: 0 };
  const candidates = await Promise.all(invited.map((inv) => startCandidate(env.server.base, inv, false, counters)));
  const end = performance.now() + settings.warmupSeconds * 1000;
  await Promise.all(
    candidates.map(async (candidate) => {
      while (performance.now() < end) await send(env.server.base, 'PUT', `/api/take/${candidate.token}/answers`, nextSave(candidate));
    }),
  );
}

/** Invites N (server stopped, for PGlite), starts and warms the server, runs the open loop, stops it, verifies. */
async function openLoopRun(env: Environment, n: number, settings: Settings, kill = false) {
  const label = `${env.kind}-${++runCounter}`;
  const [invited, warming] = await env.withDatabase(async ({ db }) => [await inviteMany(db, env.assessmentId, n, label), await inviteMany(db, env.assessmentId, settings.concurrency, `${label}-warm`)]);
  await env.server.start();
  await warmUp(env, warming, settings);
  log(`${env.kind}: ${n} candidates${kill ? ' (the server is killed halfway)' : ''}: ${settings.rampSeconds} s ramp, then a save every ${settings.intervalSeconds} s for ${settings.saveSeconds} s each`);
  let killed: { atSecond: number; downMs: number } | null = null;
  const killer = kill
    ? (async () => {
        const atSecond = settings.rampSeconds + settings.saveSeconds / 2;
        await sleep(atSecond * 1000);
        const down = performance.now();
        await env.server.kill();
        log(`${env.kind}: SIGKILL at ${atSecond} s; starting again`);
        await env.server.start();
        killed = { atSecond, downMs: round(performance.now() - down, 0) };
      })()
    : Promise.resolve();
  const [result] = await Promise.all([openLoop(env.server.base, invited, settings, { retry: kill }), killer]);
  await env.server.stop();
  const verified = await env.withDatabase((d) =>
    verify(
      d,
      invited.map((i) => i.id),
      result.acks,
    ),
  );
  const saveWindow = Math.max(1, result.windowSeconds - settings.rampSeconds / 2);
  const figures = {
    candidates: n,
    saves: result.latencies.length,
    savesPerSecond: round(result.latencies.length / saveWindow, 1),
    latencyMs: latencyFigures(result.latencies),
    /** While candidates were still starting, and after. */
    latencyMsDuringRamp: latencyFigures(result.rampLatencies),
    latencyMsAfterRamp: latencyFigures(result.steadyLatencies),
    errors: { saves: result.saveErrors, starts: result.startErrors, first: result.firstError },
    ...(kill ? { retries: result.retries, killed } : {}),
    verified,
  };
  const errors = result.saveErrors + result.startErrors;
  const met = !kill && errors === 0 && figures.latencyMs.p99 < settings.goalP99Ms && verified.missing === 0 && verified.behindNewest === 0;
  log(
    `${env.kind}: ${n} candidates: ${figures.saves} saves, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, ${errors} errors; ` +
      `${verified.storedOnce}/${verified.acknowledged} acknowledged saves stored once, ${verified.missing} missing${kill ? '' : met ? ' (goal met)' : ' (goal not met)'}`,
  );
  return { ...figures, met };
}

/** The endpoint saving back to back from C candidates, against the same statement through the driver from C loops. */
async function ceilingRun(env: Environment, settings: Settings) {
  const c = settings.concurrency;
  const invited = await env.withDatabase(({ db }) => inviteMany(db, env.assessmentId, c, `${env.kind}-ceiling`));
  await env.server.start();
  const counters = { retries: 0 };
  const candidates = await Promise.all(invited.map((inv) => startCandidate(env.server.base, inv, false, counters)));
  let next = 0;
  log(`${env.kind}: the endpoint, ${c} candidates saving back to back (autocannon, ${c} connections), ${settings.warmupSeconds} s warm-up + ${settings.ceilingSeconds} s`);
  const cannon = await autocannon({
    url: env.server.base,
    connections: c,
    duration: settings.ceilingSeconds,
    timeout: 10,
    warmup: { connections: c, duration: settings.warmupSeconds },
    requests: [
      {
        method: 'PUT',
        // Each request a new save of the next candidate, as the page makes them.
        setupRequest: (request) => {
          const candidate = candidates[next++ % c];
          return { ...request, path: `/api/take/${candidate.token}/answers`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(nextSave(candidate)) };
        },
      },
    ],
  });
  const endpoint = {
    rps: round(cannon.requests.average, 1),
    p50: round(cannon.latency.p50),
    p99: round(cannon.latency.p99),
    requests: cannon.latency.totalCount,
    non2xx: cannon.non2xx,
    errors: cannon.errors + cannon.timeouts,
  };
  await env.server.stop();
  const partId = candidates.length ? await env.withDatabase(async (d) => (await d.query('select part_id from attempt_parts where invitation_id = $1 and started_at is not null', [candidates[0].invitationId]))[0].part_id as string) : '';
  log(`${env.kind}: the save statement through the driver, ${c} loops`);
  const statement: RateFigures = await env.withDatabase(async (d) => {
    const save = async () => {
      const candidate = candidates[next++ % c];
      const body = nextSave(candidate);
      const now = Date.now();
      const compiled = saveStatement([{
        invitationId: candidate.invitationId,
        tokenHash: hashInvitationToken(candidate.token),
        partId,
        questionId: body.questionId,
        answer: body.answer,
        stamp: { idempotencyKey: body.idempotencyKey, deviceId: body.deviceId, seq: body.seq, savedAt: now },
        receivedAt: now,
      }]).compile(d.db);
      const rows = await d.query(compiled.sql, compiled.parameters);
      if (saveDecision(rows[0] as unknown as SaveRow) === null) throw new Error('the direct save found its part closed');
    };
    return timeLoop(save, { seconds: settings.ceilingSeconds, warmupSeconds: settings.warmupSeconds, concurrency: c });
  });
  return { concurrency: c, endpoint, statement, share: round(endpoint.rps / statement.qps, 3) };
}

/** Candidate counts to try: the list given, else doubling from the start until the goal fails, then halving the gap. */
async function search(env: Environment, settings: Settings) {
  const runs: Awaited<ReturnType<typeof openLoopRun>>[] = [];
  if (settings.candidates) {
    for (const n of settings.candidates) runs.push(await openLoopRun(env, n, settings));
  } else {
    let pass = 0;
    let failAt = 0;
    for (let n = settings.searchStart; n <= settings.searchMax; n *= 2) {
      const r = await openLoopRun(env, n, settings);
      runs.push(r);
      if (!r.met) {
        failAt = n;
        break;
      }
      pass = n;
    }
    // Nothing met the goal: halve until something does (or the counts get too small to say much).
    while (!pass && failAt >= settings.searchStart / 4) {
      const r = await openLoopRun(env, Math.round(failAt / 2), settings);
      runs.push(r);
      if (r.met) pass = r.candidates;
      else failAt = r.candidates;
    }
    for (let i = 0; pass && failAt && i < settings.bisections && failAt - pass > settings.searchStart / 4; i++) {
      const n = Math.round((pass + failAt) / 2);
      const r = await openLoopRun(env, n, settings);
      runs.push(r);
      if (r.met) pass = n;
      else failAt = n;
    }
  }
  const met = runs.filter((r) => r.met).map((r) => r.candidates);
  return { runs, largestMeetingGoal: met.length ? Math.max(...met) : null };
}

async function benchKind(kind: Kind, settings: Settings) {
  const env = await prepare(kind, settings);
  if ('skipped' in env) return env;
  const { runs, largestMeetingGoal } = settings.parts.search ? await search(env, settings) : { runs: [], largestMeetingGoal: null };
  const ceiling = settings.parts.ceiling ? await ceilingRun(env, settings) : null;
  if (ceiling) log(`${kind}: endpoint ${ceiling.endpoint.rps} saves/s, statement ${ceiling.statement.qps}/s: share ${ceiling.share}`);
  const kill = settings.parts.kill ? await openLoopRun(env, settings.killCandidates, settings, true) : null;
  return { database: kind, runs, largestMeetingGoal, ceiling, kill };
}

async function main() {
  cleanups.push(async () => agent.destroy());
  const settings = readSettings();
  const loadAtStart = round(loadavg()[0]);
  if (loadAtStart > cpus().length / 2) log(`note: 1-minute load average is ${loadAtStart} on ${cpus().length} CPUs; figures will be noisy`);
  const results: Exclude<Awaited<ReturnType<typeof benchKind>>, { skipped: string }>[] = [];
  const skipped: { database: Kind; reason: string }[] = [];
  for (const kind of settings.kinds) {
    const mark = cleanups.length;
    const result = await benchKind(kind, settings);
    if ('skipped' in result) {
      log(`${kind} skipped: ${result.skipped}`);
      skipped.push({ database: kind, reason: result.skipped });
    } else results.push(result);
    await cleanUp(mark);
  }
  const postgres = results.find((r) => r.database === 'postgres');
  const report = {
    benchmark: 'skillgauge candidate saves (PUT /api/take/:token/answers)',
    date: new Date().toISOString(),
    machine: machineInfo(loadAtStart),
    settings: { ...settings, postgresUrl: redactUrl(settings.postgresUrl), questionsPerCandidate: QUESTIONS, loadGenerator: 'node:http with keep-alive (ceiling: autocannon) in this process; the server in a child process' },
    results,
    skipped,
    goal: {
      description: `on PostgreSQL: the largest number of candidates with save p99 < ${settings.goalP99Ms} ms and no error; the endpoint at ≥ 0.5 of the save statement's throughput through the driver; every acknowledged save kept through a SIGKILL`,
      largestCandidates: postgres?.largestMeetingGoal ?? null,
      shareMet: postgres?.ceiling ? postgres.ceiling.share >= 0.5 : null,
      killSurvived: postgres?.kill ? postgres.kill.verified.missing === 0 && postgres.kill.verified.behindNewest === 0 : null,
    },
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await run(main);
