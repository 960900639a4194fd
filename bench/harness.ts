import { cpus, loadavg } from 'node:os';
import { migrateToLatest } from '../server/db/index';
import { seedDemoData } from '../server/seeds/seed';
import { openPglite, openPostgres, redactUrl, type BenchDatabase } from './databases';
import { round } from './measure';

/** What every benchmark script shares: a progress log, undo steps run on success, failure and Ctrl-C, and seeded data. */

export function createBench(tag: string) {
  const log = (text: string) => process.stderr.write(`[${tag}] ${text}\n`);
  /** Undone in reverse order, so no server or database outlives the run. */
  const cleanups: (() => Promise<void>)[] = [];
  async function cleanUp(downTo = 0) {
    while (cleanups.length > downTo) {
      const step = cleanups.pop()!;
      await step().catch((error: unknown) => log(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
  /** Runs the script's main, cleans up whatever happens, and makes sure the process ends. */
  async function run(main: () => Promise<void>) {
    process.once('SIGINT', () => {
      log('interrupted, cleaning up');
      void cleanUp().finally(() => process.exit(130));
    });
    try {
      await main();
    } catch (error) {
      log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    } finally {
      await cleanUp();
      // Everything is closed by now; if some handle still holds the loop, say so rather than hang.
      setTimeout(() => {
        log('WARNING: the process did not exit 5 s after cleanup; forcing exit');
        process.exit(process.exitCode ?? 0);
      }, 5000).unref();
    }
  }
  return { log, cleanups, cleanUp, run };
}

/** The same seeded generator as the app's shuffles, so every run and both databases get the same data. */
export { seededRandom } from '../src/domain/random';

/** The machine a run was measured on; the load average says how quiet it was. */
export function machineInfo(loadAtStart: number) {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage1m: { atStart: loadAtStart, atEnd: round(loadavg()[0]) },
  };
}

/** The databases a benchmark script runs on: BENCH_DATABASES (pglite,postgres) and the server BENCH_DATABASE_URL names. */
export function databaseChoice() {
  return {
    kinds: (process.env.BENCH_DATABASES || 'pglite,postgres').split(',').map((k) => k.trim()),
    postgresUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  };
}

/**
 * Runs `work` on each database asked for, fresh, migrated and with the demo data, closing each after
 * its work; PostgreSQL is skipped, with the reason, where it cannot be reached.
 */
export async function forEachDatabase<T>(
  bench: Pick<ReturnType<typeof createBench>, 'log' | 'cleanups' | 'cleanUp'>,
  work: (database: BenchDatabase) => Promise<T>,
): Promise<{ results: (T & { database: string })[]; skipped: { database: string; reason: string }[] }> {
  const { log, cleanups, cleanUp } = bench;
  const { kinds, postgresUrl } = databaseChoice();
  const results: (T & { database: string })[] = [];
  const skipped: { database: string; reason: string }[] = [];
  for (const kind of kinds) {
    const mark = cleanups.length;
    let database: BenchDatabase;
    if (kind === 'pglite') database = await openPglite();
    else if (kind === 'postgres') {
      const opened = await openPostgres(postgresUrl);
      if ('skipped' in opened) {
        log(`PostgreSQL skipped: ${opened.skipped}`);
        skipped.push({ database: kind, reason: opened.skipped });
        continue;
      }
      database = opened;
      log(`postgres: using a fresh database on ${redactUrl(postgresUrl)}`);
    } else throw new Error(`BENCH_DATABASES lists an unknown kind: ${kind} (use pglite, postgres).`);
    cleanups.push(database.close);
    await migrateToLatest(database.handle.db);
    await seedDemoData(database.handle.db);
    log(`${kind}: migrated, demo data loaded`);
    results.push({ database: kind, ...(await work(database)) });
    await cleanUp(mark);
  }
  return { results, skipped };
}
