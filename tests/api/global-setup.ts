/**
 * Once per run of the API tests: a database migrated and loaded with the demo data, which each test
 * file's server starts from (startTestServer) instead of migrating and seeding its own, several
 * seconds each. On PGlite a dump of the data folder in a temporary file; on PostgreSQL a template
 * database that each file's database is created from.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testConfig } from '../../server/config';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { seedDemoData } from '../../server/seeds/seed';

export type SeededDatabase = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: SeededDatabase;
  }
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's own DATABASE_URL (vitest.config.ts sets one per project when both databases run), else the run's.
  const projectUrl = project.config.env?.DATABASE_URL;
  const databaseUrl = projectUrl !== undefined ? projectUrl || undefined : testConfig().databaseUrl;
  if (databaseUrl) {
    const template = `sg_seeded_${randomBytes(6).toString('hex')}`;
    await onServer(databaseUrl, `create database ${template}`);
    const target = new URL(databaseUrl);
    target.pathname = `/${template}`;
    // Closed before the files start: a database is copied only while nobody is connected to it.
    const database = await openDatabase({ databaseUrl: target.toString(), dataDir: null });
    try {
      await migrateToLatest(database.db);
      await seedDemoData(database.db);
    } finally {
      await database.close();
    }
    project.provide('seededDatabase', { kind: 'postgres', template });
    return () => onServer(databaseUrl, `drop database if exists ${template} with (force)`);
  }
  const database = await openDatabase({ databaseUrl: undefined, dataDir: null });
  const folder = await mkdtemp(join(tmpdir(), 'sg-api-tests-'));
  try {
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    const dumpFile = join(folder, 'seeded.tar');
    await writeFile(dumpFile, Buffer.from(await (await database.dump!()).arrayBuffer()));
    project.provide('seededDatabase', { kind: 'pglite', dumpFile });
  } finally {
    await database.close();
  }
  return () => rm(folder, { recursive: true, force: true });
}
