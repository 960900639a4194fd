/**
 * `npm run bench:upload`: bulk upload of questions through the real app. For each database
 * (in-memory PGlite, then PostgreSQL when reachable), in a process of its own so that memory
 * figures do not carry over: a fresh database, the app listening on 127.0.0.1, and three uploads
 * as the demo admin: a CSV of N new valid questions, an XLSX of N other new ones, and the first
 * CSV again (all duplicates). Figures go to stdout as one JSON document; progress goes to
 * stderr. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { migrateToLatest, type DB } from '../server/db/index';
import { DEMO_PASSWORD, seedDemoData } from '../server/seeds/seed';
import { sheetToCsv, sheetToXlsx } from '../server/modules/bulk-upload/routes';
import { answerColumn, detailColumn, LIST_SEPARATOR, templateColumns, XLSX_TYPE } from '../src/domain/bulkUpload';
import { openPglite, openPostgres, redactUrl, type BenchDatabase } from './databases';
import { baseUrl, signIn } from './load';
import { round } from './measure';
import { createBench, machineInfo, seededRandom as random } from './harness';

const { log, cleanups, cleanUp, run } = createBench('bench:upload');

const KINDS = ['pglite', 'postgres'] as const;
type Kind = (typeof KINDS)[number];
const LANGUAGES = ['en', 'hi', 'bn'];
const ADMIN_EMAIL = 'admin@skillgauge.demo';
/** 5,000 rows should take well under this on PostgreSQL. */
const GOAL_SECONDS = 60;
const SAMPLE_MS = 10;

interface Settings {
  rows: number;
  postgresUrl: string;
  kinds: Kind[];
}

function readSettings(): Settings {
  const raw = process.env.BENCH_UPLOAD_ROWS;
  const rows = raw ? Number(raw) : 5000;
  if (!Number.isInteger(rows) || rows < 1 || rows > 10_000) throw new Error(`BENCH_UPLOAD_ROWS must be a whole number from 1 to 10000, not "${raw}".`);
  const kinds = (process.env.BENCH_DATABASES || KINDS.join(','))
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = kinds.filter((k) => !(KINDS as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`BENCH_DATABASES lists unknown kinds: ${unknown.join(', ')} (use ${KINDS.join(', ')}).`);
  return {
    rows,
    postgresUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    kinds: kinds as Kind[],
  };
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);


const SKILLS = Array.from({ length: 4 }, (_, i) => ({ label: `Bench competency ${i + 1}`, subSkills: ['Listening', 'Sharing', 'Follow-through'].map((s) => `${s} ${i + 1}`) }));
const SITUATIONS = [
  { en: 'When a colleague is stuck, I offer help before being asked.', hi: 'जब कोई सहकर्मी अटका हो, तो मैं पूछे जाने से पहले मदद करता हूँ।', bn: 'সহকর্মী আটকে গেলে আমি জিজ্ঞাসার আগেই সাহায্য করি।' },
  { en: 'I keep my team informed about changes, even small ones.', hi: 'मैं अपनी टीम को छोटे बदलावों की भी जानकारी देता हूँ।', bn: 'ছোট পরিবর্তন হলেও আমি দলকে জানাই।' },
  { en: 'I listen to the whole argument before I answer.', hi: 'जवाब देने से पहले मैं पूरी बात सुनता हूँ।', bn: 'উত্তর দেওয়ার আগে আমি পুরো যুক্তি শুনি।' },
  { en: 'I finish what I promised, on time.', hi: 'मैं जो वादा करता हूँ, समय पर पूरा करता हूँ।', bn: 'আমি যা কথা দিই, সময়মতো শেষ করি।' },
];
const ANSWERS = [
  { en: 'Always', hi: 'हमेशा', bn: 'সবসময়' },
  { en: 'Often', hi: 'अक्सर', bn: 'প্রায়ই' },
  { en: 'Sometimes', hi: 'कभी-कभी', bn: 'মাঝে মাঝে' },
  { en: 'Rarely', hi: 'शायद ही कभी', bn: 'কদাচিৎ' },
  { en: 'Never', hi: 'कभी नहीं', bn: 'কখনও না' },
];
const TYPES = ['LIKERT', 'RATING_SCALE', 'SINGLE_CHOICE'];

/** `count` distinct valid questions (the seed and the running number make every title unique). */
function makeRows(count: number, seed: number): Record<string, string>[] {
  const rand = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
  return Array.from({ length: count }, (_, i) => {
    const skill = pick(SKILLS);
    const situation = pick(SITUATIONS);
    const row: Record<string, string> = {
      category: 'COMPETENCY',
      questionType: pick(TYPES),
      primarySkill: skill.label,
      secondarySkills: skill.subSkills.filter(() => rand() < 0.5).join(LIST_SEPARATOR),
      complexity: `L${1 + Math.floor(rand() * 5)}`,
      title: `Bench ${seed}-${i + 1}: ${situation.en.slice(0, 40)}`,
      shuffle: rand() < 0.5 ? 'TRUE' : 'FALSE',
      ansTitle: '',
      mediaType: 'TEXT',
      mediaUrl: '',
      tags: ['bench', `batch-${seed}`, pick(['team', 'people', 'delivery'])].join(LIST_SEPARATOR),
    };
    for (const code of LANGUAGES) row[detailColumn(code)] = `${situation[code as 'en']} (#${i + 1})`;
    ANSWERS.forEach((answer, index) => {
      for (const code of LANGUAGES) row[answerColumn(index + 1, code)] = answer[code as 'en'];
      row[answerColumn(index + 1, 'points')] = String(ANSWERS.length - index);
    });
    return row;
  });
}

async function createSkills(db: DB) {
  for (const [position, skill] of SKILLS.entries()) {
    const type = await db
      .insertInto('testTypes')
      .values({ category: 'COMPETENCY', kind: 'COMPETENCY', label: skill.label, description: null, position: 100 + position })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('questionTypes')
      .values(skill.subSkills.map((label, index) => ({ testTypeId: type.id, label, position: index })))
      .execute();
  }
}

interface MemoryPeak {
  rssMb: number;
  heapUsedMb: number;
}

/** Samples RSS and heap every SAMPLE_MS until stopped; answers the peaks. */
function sampleMemory(): () => MemoryPeak {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return () => {
    clearInterval(timer);
    sample();
    return { rssMb: mb(rss), heapUsedMb: mb(heap) };
  };
}

interface UploadFigures {
  run: string;
  format: 'csv' | 'xlsx';
  rows: number;
  fileMb: number;
  seconds: number;
  rowsPerSecond: number;
  imported: number;
  duplicates: number;
  failed: number;
  memoryBefore: MemoryPeak;
  memoryPeak: MemoryPeak;
}

async function timedUpload(
  base: string,
  token: string,
  run: string,
  format: 'csv' | 'xlsx',
  file: Buffer,
  rows: number,
  expect: { imported: number; duplicates: number },
): Promise<UploadFigures> {
  (globalThis as { gc?: () => void }).gc?.();
  const body = new Uint8Array(file);
  const before = process.memoryUsage();
  const stop = sampleMemory();
  const started = performance.now();
  const res = await fetch(`${base}/api/questions/bulk-upload?fileName=bench.${format}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': format === 'csv' ? 'text/csv' : XLSX_TYPE },
    body,
  });
  const answer = (await res.json()) as { data?: { imported: number; duplicates: number; failed: number; totalRows: number; errors: unknown[] }; msg?: string };
  const seconds = (performance.now() - started) / 1000;
  const memoryPeak = stop();
  const data = answer.data;
  if (res.status !== 200 || !data) throw new Error(`${run}: HTTP ${res.status} ${answer.msg ?? ''}`);
  if (data.totalRows !== rows || data.imported !== expect.imported || data.duplicates !== expect.duplicates || data.failed !== 0)
    throw new Error(`${run}: expected ${JSON.stringify(expect)} of ${rows}, got ${JSON.stringify({ ...data, errors: data.errors.slice(0, 3) })}`);
  log(`${run}: ${rows} rows in ${seconds.toFixed(2)} s (${Math.round(rows / seconds)} rows/s), peak RSS ${memoryPeak.rssMb} MB`);
  return {
    run,
    format,
    rows,
    fileMb: mb(file.length),
    seconds: round(seconds, 3),
    rowsPerSecond: round(rows / seconds, 1),
    imported: data.imported,
    duplicates: data.duplicates,
    failed: data.failed,
    memoryBefore: { rssMb: mb(before.rss), heapUsedMb: mb(before.heapUsed) },
    memoryPeak,
  };
}


async function benchDatabase(database: BenchDatabase, files: { csv: Buffer; xlsx: Buffer }, rows: number) {
  const { kind, handle } = database;
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db);
  await createSkills(handle.db);
  const app = await buildApp(testConfig({ logLevel: 'silent', seedDemo: false, dataDir: null, databaseUrl: database.databaseUrl }), { database: handle });
  cleanups.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = baseUrl(app);
  const token = await signIn(base, ADMIN_EMAIL, DEMO_PASSWORD);

  const uploads = [
    await timedUpload(base, token, `${kind}: CSV, new questions`, 'csv', files.csv, rows, { imported: rows, duplicates: 0 }),
    await timedUpload(base, token, `${kind}: XLSX, new questions`, 'xlsx', files.xlsx, rows, { imported: rows, duplicates: 0 }),
    await timedUpload(base, token, `${kind}: CSV again, all duplicates`, 'csv', files.csv, rows, { imported: 0, duplicates: rows }),
  ];
  const stored = await sql<{ n: string }>`select count(*) as n from questions where import_key is not null`.execute(handle.db);
  if (Number(stored.rows[0].n) !== 2 * rows) throw new Error(`${kind}: ${stored.rows[0].n} imported questions in the database, expected ${2 * rows}.`);
  return { database: kind, uploads };
}

/** Child process: one database kind, the files made by the parent; prints its result (or why it was skipped) as JSON. */
async function runKind(kind: Kind, settings: Settings, folder: string) {
  const files = { csv: await readFile(join(folder, 'questions.csv')), xlsx: await readFile(join(folder, 'questions.xlsx')) };
  let database: BenchDatabase;
  if (kind === 'pglite') database = await openPglite();
  else {
    const opened = await openPostgres(settings.postgresUrl);
    if ('skipped' in opened) {
      process.stdout.write(JSON.stringify({ database: kind, skipped: opened.skipped }));
      return;
    }
    database = opened;
    log(`postgres: using a fresh database on ${redactUrl(settings.postgresUrl)}`);
  }
  cleanups.push(database.close);
  const result = await benchDatabase(database, files, settings.rows);
  await cleanUp();
  process.stdout.write(JSON.stringify({ ...result, processMaxRssMb: mb(process.resourceUsage().maxRSS * 1024), gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function' }));
}

type KindOutcome = (Awaited<ReturnType<typeof benchDatabase>> & { processMaxRssMb: number; gcExposed: boolean }) | { database: Kind; skipped: string };

/** Runs this script again for one kind, with --expose-gc, and reads its JSON. */
function runChild(kind: Kind, folder: string): Promise<KindOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_UPLOAD_CHILD: kind, BENCH_UPLOAD_FOLDER: folder },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the ${kind} run failed (exit code ${code})`));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as KindOutcome);
      } catch {
        reject(new Error(`the ${kind} run printed no result`));
      }
    });
  });
}

async function main() {
  const settings = readSettings();
  const childKind = process.env.BENCH_UPLOAD_CHILD as Kind | undefined;
  if (childKind) return runKind(childKind, settings, process.env.BENCH_UPLOAD_FOLDER!);

  const loadAtStart = round(loadavg()[0]);
  if (loadAtStart > cpus().length / 2) log(`note: 1-minute load average is ${loadAtStart} on ${cpus().length} CPUs; figures will be noisy`);
  // Made here, so that building them does not count in the memory of the processes that upload them.
  const columns = templateColumns(LANGUAGES);
  const csv = sheetToCsv(columns, makeRows(settings.rows, 1));
  const xlsx = await sheetToXlsx(columns, makeRows(settings.rows, 2));
  const folder = await mkdtemp(join(tmpdir(), 'sg-bench-upload-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await writeFile(join(folder, 'questions.csv'), csv);
  await writeFile(join(folder, 'questions.xlsx'), xlsx);
  const sizes = { csv: mb(csv.length), xlsx: mb(xlsx.length) };
  log(`files: CSV ${sizes.csv} MB, XLSX ${sizes.xlsx} MB, ${settings.rows} rows each, ${columns.length} columns`);

  const results: Exclude<KindOutcome, { skipped: string }>[] = [];
  const skipped: { database: Kind; reason: string }[] = [];
  for (const kind of settings.kinds) {
    const outcome = await runChild(kind, folder);
    if ('skipped' in outcome) {
      log(`PostgreSQL skipped: ${outcome.skipped}`);
      skipped.push({ database: kind, reason: outcome.skipped });
    } else results.push(outcome);
  }

  const postgres = results.find((r) => r.database === 'postgres');
  const report = {
    benchmark: 'skillgauge bulk upload of questions',
    date: new Date().toISOString(),
    machine: machineInfo(loadAtStart),
    settings: { rows: settings.rows, columns: columns.length, languages: LANGUAGES, memorySampleMs: SAMPLE_MS, fileMb: sizes },
    results,
    skipped,
    goal: {
      description: `${settings.rows} rows in under ${GOAL_SECONDS} s on PostgreSQL (each format)`,
      met: postgres ? postgres.uploads.every((u) => u.seconds < GOAL_SECONDS) : null,
    },
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await run(main);
