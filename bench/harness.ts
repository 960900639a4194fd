import { cpus, loadavg } from 'node:os';
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
