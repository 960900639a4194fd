/**
 * The dashboards (issue 11) at scale: 1,000 clients, 1,000,000 invitations over 12 months and
 * 10,000,000 answers, generated inside the database with generate_series, then each dashboard load
 * (the provider's: every query of GET /api/dashboard/admin and /admin/industries; a client's: every
 * query of GET /api/dashboard/client and /client/assessments) timed N times, p50/p95 per load and
 * per query, with `explain (analyze, buffers)` of the slowest query; first with the indexes of
 * migration 2026-11-27T00-00_dashboard_indexes, then without them.
 *
 * `npm run bench:dashboard` prints one JSON document. BENCH_DATABASES (default postgres; pglite
 * works at small scales), BENCH_DATABASE_URL, BENCH_DASHBOARD_SCALE (1 = the sizes above; 0.01 for
 * a quick run), BENCH_DASHBOARD_LOADS (default 20).
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type KyselyPlugin, type RootOperationNode, type QueryId } from 'kysely';
import type { DB } from '../server/db/index';
import { DASHBOARD_INDEXES, up as createDashboardIndexes } from '../server/db/migrations/2026-11-27T00-00_dashboard_indexes';
import * as q from '../server/modules/dashboards/queries';
import { monthsOf, presetRange, type DateRange } from '../src/domain/dashboards';
import type { BenchDatabase } from './databases';
import { createBench, forEachDatabase, machineInfo } from './harness';
import { round } from './measure';

const bench = createBench('dashboard');
const { run } = bench;
let log: (text: string) => void = bench.log;

const SCALE = Number(process.env.BENCH_DASHBOARD_SCALE || '1');
const LOADS = Number(process.env.BENCH_DASHBOARD_LOADS || '20');
if (!(SCALE > 0) || !(LOADS >= 1)) throw new Error('BENCH_DASHBOARD_SCALE must be above 0 and BENCH_DASHBOARD_LOADS at least 1.');
const CLIENTS = Math.max(2, Math.round(1_000 * SCALE));
const INVITATIONS = Math.max(100, Math.round(1_000_000 * SCALE));
const ANSWERS_PER_INVITATION = 10;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  log(`${label} in ${round((performance.now() - start) / 1000, 1)} s`);
  return result;
}

/** Clients, one candidate and one invitation each over the last 12 months (statuses mixed), 10 answers per invitation, skill scores for the completed. */
async function fill(db: DB) {
  const assessment = await db.selectFrom('assessments').select('id').orderBy('createdAt').executeTakeFirstOrThrow();
  const skills = await db.selectFrom('questionTypes').select('id').orderBy('label').limit(4).execute();
  await sql`insert into industries (name, updated_at) select 'Bench industry ' || g, now() from generate_series(1, 20) g`.execute(db);
  await sql`
    insert into clients (name, status, zone, industry_id, created_at, updated_at)
    select 'Bench client ' || g, case when g % 10 = 0 then 'INACTIVE' else 'ACTIVE' end,
      (array['NORTH','SOUTH','EAST','WEST','CENTRAL','NORTH_EAST'])[1 + g % 6],
      (select id from industries where name = 'Bench industry ' || (1 + g % 20)), now() - (g % 400) * interval '1 day', now()
    from generate_series(1, ${CLIENTS}) g`.execute(db);
  // A plain table, not a temporary one: the pool may run the next statement on another session.
  await sql`create table bench_clients as select id, row_number() over (order by id) as n from clients where name like 'Bench client %'`.execute(db);
  await sql`
    insert into licences (client_id, credits, used, valid_from, valid_until, created_at, updated_at)
    select id, 1000, n % 1000, now() - interval '200 days', now() + interval '165 days', now() - (n % 300) * interval '1 day', now() from bench_clients`.execute(db);
  await timed(`${INVITATIONS} candidates and invitations`, async () => {
    await sql`
      insert into candidates (id, client_id, name, email, updated_at)
      select md5('cand' || g)::uuid, c.id, 'Bench candidate ' || g, 'bench' || g || '@example.com', now()
      from generate_series(1, ${INVITATIONS}) g join bench_clients c on c.n = 1 + g % ${CLIENTS}`.execute(db);
    await sql`
      insert into invitations (id, assessment_id, candidate_id, client_id, entry_type, status, token_hash, seed, invited_at, expires_at, started_at, completed_at, updated_at)
      select md5('inv' || g)::uuid, ${assessment.id}::uuid, md5('cand' || g)::uuid, c.id, 'INVITE',
        (array['PENDING','IN_PROGRESS','COMPLETED','COMPLETED','COMPLETED','EXPIRED'])[1 + g % 6],
        md5('tok' || g), 's' || g, now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
        now() - (g % 365) * interval '1 day' + interval '14 days',
        case when g % 6 in (1, 2, 3, 4) then now() - (g % 365) * interval '1 day' end,
        case when g % 6 in (2, 3, 4) then now() - (g % 365) * interval '1 day' end, now()
      from generate_series(1, ${INVITATIONS}) g join bench_clients c on c.n = 1 + g % ${CLIENTS}`.execute(db);
  });
  await timed(`${INVITATIONS * ANSWERS_PER_INVITATION} answers`, () =>
    sql`
      insert into answers (invitation_id, question_id, part_id, answer, idempotency_key, device_id, seq, saved_at)
      select md5('inv' || g)::uuid, 'q' || k, 'p1', '{"answerIndexes":[1]}'::jsonb, md5(g || '-' || k), 'd', k, now()
      from generate_series(1, ${INVITATIONS}) g cross join generate_series(1, ${ANSWERS_PER_INVITATION}) k`.execute(db),
  );
  await timed('skill scores of completed attempts', () =>
    sql`
      insert into skill_scores (invitation_id, skill_id, percent)
      select md5('inv' || g)::uuid, s.id, (g * 7 + length(s.id::text)) % 101
      from generate_series(1, ${INVITATIONS}) g cross join unnest(${sql.val(skills.map((s) => s.id))}::uuid[]) as s(id)
      where g % 6 in (2, 3, 4)`.execute(db),
  );
  await sql`
    insert into orders (client_id, credits, unit_price_paise, tax_rate_bp, subtotal_paise, tax_paise, total_paise, status, placed_at, updated_at)
    select c.id, 100, 50000, 1800, 5000000, 900000, 5900000, (array['PENDING','PAID','PAID','CANCELLED','REFUNDED'])[1 + (c.n + k) % 5], now() - ((c.n * 7 + k * 31) % 365) * interval '1 day', now()
    from bench_clients c cross join generate_series(1, 5) k`.execute(db);
  await sql`
    insert into payments (order_id, amount_paise, method, reference, paid_on)
    select id, total_paise, 'BANK_TRANSFER', 'UTR' || id, (placed_at + interval '2 days')::date from orders where status in ('PAID', 'REFUNDED')`.execute(db);
  await timed('vacuum analyze', () => sql`vacuum analyze`.execute(db));
  await sql`drop table bench_clients`.execute(db);
  const busiest = await sql<{ clientId: string }>`select client_id from invitations where client_id is not null group by client_id order by count(*) desc limit 1`.execute(db);
  return { clientId: busiest.rows[0].clientId };
}

type Query = { name: string; run: (db: DB) => Promise<unknown> };

function adminQueries(range: DateRange): Query[] {
  return [
    { name: 'clients', run: (db) => q.clientFigures(db, range) },
    { name: 'licences', run: (db) => q.licenceFigures(db, range) },
    { name: 'orders', run: (db) => q.orderFigures(db, range) },
    { name: 'questions', run: (db) => q.questionFigures(db) },
    { name: 'invitations', run: (db) => q.invitationCounts(db, { range }) },
    { name: 'invitationMonths', run: (db) => q.invitationMonths(db, { range }) },
    { name: 'orderMonths', run: (db) => q.orderMonths(db, range) },
    { name: 'industries', run: (db) => q.industryFigures(db, range) },
  ];
}

function clientQueries(range: DateRange, clientId: string): Query[] {
  const scope = { range, clientId };
  return [
    { name: 'assessments', run: (db) => q.clientAssessmentCounts(db, clientId) },
    { name: 'invitations', run: (db) => q.invitationCounts(db, scope) },
    { name: 'skills', run: (db) => q.skillFigures(db, scope) },
    { name: 'licences', run: (db) => q.clientLicences(db, clientId) },
    { name: 'stages', run: (db) => q.stageFigures(db, clientId) },
    { name: 'invitationMonths', run: (db) => q.invitationMonths(db, scope) },
    { name: 'perAssessment', run: (db) => q.assessmentFigures(db, scope) },
    { name: 'dropdown', run: (db) => q.assessmentOptions(db, clientId) },
  ];
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** N loads of a dashboard, its queries one after another as the route runs them. */
async function timeLoads(db: DB, queries: Query[]) {
  const perQuery = new Map(queries.map((x) => [x.name, [] as number[]]));
  const loads: number[] = [];
  for (const x of queries) await x.run(db); // warm-up
  for (let i = 0; i < LOADS; i++) {
    const start = performance.now();
    for (const x of queries) {
      const t = performance.now();
      await x.run(db);
      perQuery.get(x.name)!.push(performance.now() - t);
    }
    loads.push(performance.now() - start);
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50Ms: round(pct(sorted, 50)), p95Ms: round(pct(sorted, 95)) };
  };
  const queriesOut = Object.fromEntries([...perQuery].map(([name, v]) => [name, summary(v)]));
  const slowest = [...perQuery].sort((a, b) => summary(b[1]).p50Ms - summary(a[1]).p50Ms)[0][0];
  return { load: summary(loads), queries: queriesOut, slowest };
}

/** The statements a query function sends, caught on their way to the database. */
async function statementsOf(db: DB, query: Query) {
  const nodes: { node: RootOperationNode; queryId: QueryId }[] = [];
  const catcher: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const caught = db.withPlugin(catcher);
  await query.run(caught);
  return nodes.map(({ node, queryId }) => caught.getExecutor().compileQuery(node, queryId));
}

/** `explain (analyze, buffers)` of the slowest query's statements: the plan's top lines and its timing. */
async function explain(database: BenchDatabase, query: Query) {
  const out: string[][] = [];
  for (const statement of await statementsOf(database.handle.db, query)) {
    const rows = await database.query(`explain (analyze, buffers) ${statement.sql}`, statement.parameters as unknown[]);
    const lines = rows.map((r) => String(Object.values(r)[0]));
    out.push([...lines.slice(0, 12), ...lines.slice(-2)]);
  }
  return out;
}

async function measure(database: BenchDatabase, range: DateRange, clientId: string) {
  const db = database.handle.db;
  const admin = adminQueries(range);
  const client = clientQueries(range, clientId);
  const adminFigures = await timeLoads(db, admin);
  const clientFigures = await timeLoads(db, client);
  return {
    admin: { ...adminFigures, explain: await explain(database, admin.find((x) => x.name === adminFigures.slowest)!) },
    client: { ...clientFigures, explain: await explain(database, client.find((x) => x.name === clientFigures.slowest)!) },
  };
}

/** One database's figures: filled, measured with the dashboard indexes, then without them (and they are put back). */
export async function benchDashboard(database: BenchDatabase, options: { log?: (text: string) => void } = {}) {
  if (options.log) log = options.log;
  const range = presetRange('LAST_12_MONTHS');
  const db = database.handle.db;
  const { clientId } = await timed(`${database.kind}: dashboard data filled (scale ${SCALE})`, () => fill(db));
  log(`${database.kind}: dashboards with their indexes`);
  const withIndexes = await measure(database, range, clientId);
  for (const name of DASHBOARD_INDEXES) await sql`drop index ${sql.id(name)}`.execute(db);
  await sql`analyze`.execute(db);
  log(`${database.kind}: dashboards without them`);
  const withoutIndexes = await measure(database, range, clientId);
  await createDashboardIndexes(db);
  return { scale: SCALE, clients: CLIENTS, invitations: INVITATIONS, answers: INVITATIONS * ANSWERS_PER_INVITATION, loads: LOADS, months: monthsOf(range).length, withIndexes, withoutIndexes };
}

async function main() {
  await run(async () => {
    const loadAtStart = round(loadavg()[0]);
    process.env.BENCH_DATABASES ||= 'postgres';
    const { results, skipped } = await forEachDatabase(bench, (database) => benchDashboard(database));
    const output = {
      benchmark: 'dashboard',
      note: 'Measured on a shared machine (other work running on the same CPUs); compare with and without indexes within one run.',
      machine: machineInfo(loadAtStart),
      results,
      skipped,
    };
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main();
