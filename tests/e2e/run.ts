/**
 * Runs the browser tests: builds the frontend when it is missing, starts the product once on an
 * empty data folder (it migrates and loads the demo data, as a first `npm start` does), then runs
 * the test files three at a time, each starting the product on its own copy of that folder instead
 * of migrating and seeding again (16 s a file).
 *
 *   npm run test:e2e                              every file
 *   npm run test:e2e -- tests/e2e/take.test.ts    some files
 *
 * E2E_CONCURRENCY sets how many files run at once (3: a file spends most of its time waiting on the browser).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFrontend, ROOT, startProduct } from './support';

const files = process.argv.slice(2);
const testFiles = files.length
  ? files
  : readdirSync(join(ROOT, 'tests', 'e2e'))
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => join('tests', 'e2e', name));
const concurrency = process.env.E2E_CONCURRENCY ?? '3';

buildFrontend();
const seeded = mkdtempSync(join(tmpdir(), 'sg-e2e-seeded-'));
try {
  const product = await startProduct({ dataDir: seeded });
  await product.stop();
  const status = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...testFiles], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, E2E_SEEDED_DATA_DIR: seeded },
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  process.exitCode = status;
} finally {
  rmSync(seeded, { recursive: true, force: true });
}
