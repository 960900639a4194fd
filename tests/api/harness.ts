/**
 * The server for API tests: built by buildApp() on a fresh database per test file (in-memory
 * PGlite, or a new database on the PostgreSQL server of DATABASE_URL), with the demo data loaded:
 * a copy of the database global-setup.ts prepared once for the whole run.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../server/seeds/seed';
import type { NewUser } from '../../server/db/types';
import { grantsOf, type Membership, type RoleName, type RulePrincipal } from '../domain/rules';

export { DEMO_PASSWORD };

/** A demo account as the permission rules see it, with its ids in this database. */
export interface DemoUser extends RulePrincipal {
  id: string;
  email: string;
  clientId: string | null;
  position: string | null;
}

/** A list request in the simple-rest protocol. */
export interface ListParams {
  sort?: [string, 'ASC' | 'DESC'];
  range?: [number, number];
  filter?: Record<string, unknown>;
}

export function listUrl(path: string, params: ListParams = {}): string {
  const search = new URLSearchParams();
  if (params.sort) search.set('sort', JSON.stringify(params.sort));
  if (params.range) search.set('range', JSON.stringify(params.range));
  if (params.filter) search.set('filter', JSON.stringify(params.filter));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The demo accounts that can sign in (pending@ is not verified). */
export const VERIFIED_DEMO_EMAILS = DEMO_ACCOUNTS.filter((a) => a.verified !== false).map((a) => a.email);

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Signs a demo (or any verified) account in and answers its access token. */
  login: (email: string, password?: string) => Promise<string>;
  /** app.inject with a bearer token. */
  as: (token: string | undefined, options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Empties every table and loads the demo data again (cached tokens are dropped: ids change). */
  reset: () => Promise<void>;
  /** The access token of an account, signing in once per account until the next reset(). */
  token: (email: string) => Promise<string>;
  /** as(), with the cached token of an account. */
  asUser: (email: string, options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** The newest mail to an address in the outbox, if any. */
  latestMail: (to: string) => Promise<{ id: string; subject: string; textBody: string } | undefined>;
  /** The 6-digit code of the newest mail to an address (throws when there is none). */
  latestCode: (to: string) => Promise<string>;
  /** The demo accounts with their role, membership, job-role flags and ids, read from the database. */
  demoUsers: () => Promise<Map<string, DemoUser>>;
  /** The audit entries of one record. */
  auditOf: (recordId: string) => Promise<{ action: string; resource: string; userId: string | null; before: unknown; after: unknown }[]>;
  /** Forgets failed attempts, as if the throttle's window had passed. */
  clearThrottle: () => Promise<void>;
  /**
   * Adds an account straight to the database, with the demo password (its hash is reused, so no
   * hashing time is spent). Verified and a plain USER unless told otherwise.
   */
  addAccount: (fields: Partial<NewUser> & { email: string }) => Promise<{ id: string; email: string }>;
  close: () => Promise<void>;
}

const TABLES = ['bulkUploads', 'testQuestions', 'tests', 'questionHistory', 'questions', 'reportContents', 'questionTypes', 'testTypes', 'auditLog', 'outbox', 'throttle', 'refreshTokens', 'oneTimeTokens', 'locations', 'verticals', 'industries', 'categories', 'users', 'jobRoles', 'clients'];

/** A PostgreSQL database of its own for this test file (a copy of `template`), dropped at the end. */
async function createPostgresDatabase(url: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sg_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
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

/** This file's database, copied from the one global-setup.ts migrated and loaded with the demo data. */
async function openSeededDatabase(config: Config): Promise<{ database: DatabaseHandle; config: Config; drop?: () => Promise<void> }> {
  const seeded = inject('seededDatabase');
  if (seeded.kind === 'postgres') {
    if (!config.databaseUrl) throw new Error('The API tests were set up for PostgreSQL: DATABASE_URL is needed.');
    const created = await createPostgresDatabase(config.databaseUrl, seeded.template);
    const own = { ...config, databaseUrl: created.url };
    return { database: await openDatabase(own), config: own, drop: created.drop };
  }
  if (config.databaseUrl) throw new Error('The API tests were set up for PGlite: run them without DATABASE_URL, or set it for the whole run.');
  return { database: await openDatabase(config, { snapshot: new Blob([await readFile(seeded.dumpFile)]) }), config };
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const { database, config, drop: dropDatabase } = await openSeededDatabase(testConfig(overrides));
  const app = await buildApp(config, { database });
  await app.ready();

  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    const body = res.json();
    if (res.statusCode !== 200 || !body.data?.token) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return body.data.token as string;
  };

  const db = database.db;
  const tokens = new Map<string, Promise<string>>();
  const token = (email: string) => {
    let cached = tokens.get(email);
    if (!cached) {
      cached = login(email);
      cached.catch(() => tokens.delete(email));
      tokens.set(email, cached);
    }
    return cached;
  };
  const as: TestServer['as'] = (bearer, options) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } });

  const latestMail = (to: string) =>
    db
      .selectFrom('outbox')
      .select(['id', 'subject', 'textBody'])
      .where('toAddress', '=', to)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();

  return {
    app,
    database,
    login,
    as,
    token,
    asUser: async (email, options) => {
      const res = await as(await token(email), options);
      if (res.statusCode !== 401) return res;
      // The account's sessions were ended (a sign-out or password change in the test): sign in again, as the browser would.
      tokens.delete(email);
      return as(await token(email), options);
    },
    latestMail,
    latestCode: async (to) => {
      const mail = await latestMail(to);
      const code = mail?.textBody.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    demoUsers: async () => {
      const rows = await db
        .selectFrom('users')
        .leftJoin('jobRoles', 'jobRoles.id', 'users.position')
        .select(['users.id', 'users.email', 'users.role', 'users.membershipType', 'users.clientId', 'users.position', 'jobRoles.permissions'])
        .where('users.email', 'in', DEMO_ACCOUNTS.map((a) => a.email))
        .execute();
      return new Map(
        rows.map((row) => [
          row.email,
          {
            id: row.id,
            email: row.email,
            role: row.role as RoleName,
            membershipType: (row.membershipType ?? null) as Membership,
            clientId: row.clientId,
            position: row.position,
            grants: grantsOf(row.permissions),
          },
        ]),
      );
    },
    auditOf: (recordId) =>
      db
        .selectFrom('auditLog')
        .select(['action', 'resource', 'userId', 'before', 'after'])
        .where('recordId', '=', recordId)
        .orderBy('id')
        .execute(),
    clearThrottle: async () => {
      await db.deleteFrom('throttle').execute();
    },
    addAccount: async (fields) => {
      const demo = await db.selectFrom('users').select('passwordHash').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirstOrThrow();
      return db
        .insertInto('users')
        .values({ name: 'Test Account', role: 'USER', passwordHash: demo.passwordHash, isVerified: true, ...fields })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow();
    },
    reset: async () => {
      await sql`truncate ${sql.join(TABLES.map((t) => sql.table(t)))} cascade`.execute(database.db);
      tokens.clear();
      await seedDemoData(database.db);
    },
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
