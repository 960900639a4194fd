/**
 * The databases the benchmark runs on: in-memory PGlite, and a throw-away database on a
 * PostgreSQL server. Each comes with the page query run straight through its driver.
 */
import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/index';

/**
 * The statement the server sends for GET /api/users?sort=["name","ASC"]&range=[0,24] as an
 * admin, copied from Kysely's compiled output (fetchPage in server/lib/rest.ts): the selected
 * columns, the total by a window function, and the constant conditions Kysely emits.
 */
export const PAGE_SQL =
  'select "users"."id", "users"."name", "users"."email", "users"."username", "users"."role", "users"."membership_type", ' +
  '"users"."position", "users"."designation", "users"."client_id", "users"."phone", "users"."is_verified", "users"."is_active", ' +
  '"users"."last_login_at", "users"."created_at", "users"."updated_at" ' +
  'from "users" where true order by "users"."name" asc, "users"."id" asc limit $1 offset $2';
/** The total for Content-Range, sent beside the page query (server/lib/rest.ts fetchPage). */
export const COUNT_SQL = 'select count(*) as "n" from "users" where true';
export const PAGE_PARAMS = [25, 0];

/** The app's pool size (openDatabase uses max 10), so direct concurrency matches what the app can do. */
export const APP_POOL_SIZE = 10;

export interface BenchDatabase {
  kind: DatabaseHandle['kind'];
  handle: DatabaseHandle;
  /** For buildApp's config; undefined for PGlite. */
  databaseUrl?: string;
  /** One page query through the driver, no HTTP and no query builder; resolves to the rows. */
  pageQuery: () => Promise<Record<string, unknown>[]>;
  /** Any statement through the driver, no query builder: for the other lists measured. */
  query: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  /** True when queries can run in parallel (a pool); PGlite runs one at a time. */
  parallel: boolean;
  /** Closes everything this database opened, and drops it on a server. */
  close: () => Promise<void>;
}

/** PGlite in memory, or in `dataDir` (kept on disk, as a server started on it would find it). */
export async function openPglite(dataDir: string | null = null): Promise<BenchDatabase> {
  const handle = await openDatabase({ dataDir, databaseUrl: undefined });
  // DatabaseHandle does not expose the PGlite instance. Kysely's PGlite connection is a thin
  // wrapper whose executeQuery calls pglite.query(sql, params, { rowMode: 'object' }) and skips
  // the plugins (CamelCasePlugin), so this is the driver call without the query builder.
  const executor = handle.db.getExecutor();
  const compiled = CompiledQuery.raw(PAGE_SQL, PAGE_PARAMS);
  const counting = CompiledQuery.raw(COUNT_SQL, []);
  return {
    kind: 'pglite',
    handle,
    pageQuery: async () =>
      executor.provideConnection(async (connection) => {
        await connection.executeQuery(counting);
        return (await connection.executeQuery(compiled)).rows as Record<string, unknown>[];
      }),
    query: async (text, params) => (await executor.provideConnection((connection) => connection.executeQuery(CompiledQuery.raw(text, params)))).rows as Record<string, unknown>[],
    parallel: false,
    close: () => handle.close(),
  };
}

/** postgres://user:secret@host/db → postgres://user:***@host/db, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

/**
 * pg-pool's end() (and so Kysely's destroy()) resolves before its connections have closed.
 * Dropping `with (force)` at that moment kills a closing session, whose client then emits an
 * unhandled 'error' (57P01) on its pool and crashes the process; so wait for them to leave.
 */
async function waitForSessionsToLeave(client: pg.Client, database: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A fresh `sg_bench_<random>` database on the server of `serverUrl`, or the reason it cannot
 * be had (server unreachable, no right to create databases).
 */
export async function openPostgres(serverUrl: string): Promise<BenchDatabase | { skipped: string }> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return { skipped: `cannot connect to ${redactUrl(serverUrl)}: ${message(error)}` };
  }
  const name = `sg_bench_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    return { skipped: `cannot create a database on ${redactUrl(serverUrl)}: ${message(error)}` };
  } finally {
    await admin.end();
  }

  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await waitForSessionsToLeave(client, name, 5000);
      // `with (force)` ends sessions a failed run may have left open.
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };

  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const databaseUrl = target.toString();
  // Neither connects yet (pg pools are lazy), so nothing here can fail before `close` exists.
  const handle = await openDatabase({ databaseUrl, dataDir: null });
  // Its own pool, the size of the app's, so the direct figures use as many sessions as the app.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: APP_POOL_SIZE });
  // An idle client's error (server restart, admin kill) would otherwise crash the run unexplained.
  pool.on('error', (error) => process.stderr.write(`[bench] postgres: idle connection error: ${message(error)}\n`));
  return {
    kind: 'postgres',
    handle,
    databaseUrl,
    // An unnamed statement per call (parse, bind, execute), as the app's PostgresDialect sends it.
    pageQuery: async () => {
      const [page] = await Promise.all([pool.query(PAGE_SQL, PAGE_PARAMS), pool.query(COUNT_SQL)]);
      return page.rows as Record<string, unknown>[];
    },
    query: async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[],
    parallel: true,
    close: async () => {
      try {
        await pool.end();
        await handle.close();
      } finally {
        await drop();
      }
    },
  };
}
