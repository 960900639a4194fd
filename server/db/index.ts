/** The Kysely instance: embedded PGlite by default, a PostgreSQL server with DATABASE_URL. */
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import { migrations } from './migrations/index';
import type { Database } from './types';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: the whole database as a dump, which `openDatabase(…, { snapshot })` starts from. */
  dump?: () => Promise<Blob>;
}

/** `snapshot`: an in-memory PGlite starts from this dump of a data folder (`dumpDataDir`) instead of an empty database. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, { snapshot }: { snapshot?: Blob } = {}): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection that drops (server restart, admin kill) must not crash the process.
    pool.on('error', (error) => console.error('PostgreSQL connection error:', error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  if (config.dataDir) {
    dataDir = resolve(config.dataDir, 'pglite');
    // Private to the server's user, also when it already existed: code runs on this machine as other users.
    mkdirSync(resolve(config.dataDir), { recursive: true, mode: 0o700 });
    chmodSync(resolve(config.dataDir), 0o700);
    keepPrivate(dataDir);
  }
  const pglite = await PGlite.create(dataDir ? { dataDir } : snapshot ? { loadDataDir: snapshot } : undefined);
  if (dataDir) keepPrivate(dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
  return {
    db,
    kind: 'pglite',
    dump: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (dataDir) keepPrivate(dataDir);
    },
  };
}

/**
 * PGlite chmods the files it creates to 666 itself (the umask cannot stop an explicit chmod): they are
 * made 600 (folders 700) when the database opens and closes; in between the data folder's 700 keeps them out of reach.
 */
function keepPrivate(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (statSync(path).mode & 0o077) chmodSync(path, entry.isDirectory() ? 0o700 : 0o600);
    if (entry.isDirectory()) keepPrivate(path);
  }
  if (statSync(dir).mode & 0o077) chmodSync(dir, 0o700);
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
