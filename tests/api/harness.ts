/**
 * The server for API tests: built by buildApp() on a fresh database per test file (in-memory
 * PGlite, or a new database on the PostgreSQL server of DATABASE_URL), with the demo data loaded.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/index';
import { DEMO_PASSWORD, seedDemoData } from '../../server/db/seed';

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Signs a demo (or any verified) account in and answers its access token. */
  login: (email: string, password?: string) => Promise<string>;
  /** app.inject with a bearer token. */
  as: (token: string | undefined, options: InjectOptions) => ReturnType<FastifyInstance['inject']>;
  /** Empties every table and loads the demo data again. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
}

const TABLES = ['auditLog', 'outbox', 'throttle', 'refreshTokens', 'oneTimeTokens', 'locations', 'verticals', 'industries', 'categories', 'users', 'jobRoles', 'clients'];

/** A PostgreSQL database of its own for this test file, dropped at the end. */
async function createPostgresDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sg_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const base = testConfig(overrides);
  let dropDatabase: (() => Promise<void>) | undefined;
  let config = base;
  if (base.databaseUrl) {
    const created = await createPostgresDatabase(base.databaseUrl);
    dropDatabase = created.drop;
    config = { ...base, databaseUrl: created.url };
  }
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  const app = await buildApp(config, { database });
  await app.ready();

  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    const body = res.json();
    if (res.statusCode !== 200 || !body.data?.token) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return body.data.token as string;
  };

  return {
    app,
    database,
    login,
    as: (token, options) =>
      app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    reset: async () => {
      await sql`truncate ${sql.join(TABLES.map((t) => sql.table(t)))} cascade`.execute(database.db);
      await seedDemoData(database.db);
    },
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
