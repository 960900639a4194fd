/**
 * The server's files are private to its user: started as users start it (server/main.ts), on a data
 * folder that already exists with mode 755, it tightens the folder to 700 and every file PGlite
 * writes is 600 (the umask), so a program running as another user can neither read nor rewrite them.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Every path under `dir` whose mode gives anything to group or others. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (statSync(path).mode & 0o077) found.push(`${path} ${(statSync(path).mode & 0o777).toString(8)}`);
    if (entry.isDirectory()) found.push(...openToOthers(path));
  }
  return found;
}

// Each test creates PGlite databases on disk (an initdb each): slow on a loaded two-CPU machine.
describe('data folder', { timeout: 120_000 }, () => {
  it('is created 0700 by openDatabase, and an existing one is tightened', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sg-datadir-'));
    roots.push(root);
    const fresh = join(root, 'fresh');
    const existing = join(root, 'existing');
    for (const dataDir of [fresh, existing]) {
      if (dataDir === existing) {
        const { mkdirSync } = await import('node:fs');
        mkdirSync(existing, { mode: 0o755 });
        chmodSync(existing, 0o755);
      }
      const database = await openDatabase({ dataDir });
      await database.close();
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    }
  });

  it('holds only files private to the server once the server has started', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sg-datadir-server-'));
    roots.push(dataDir);
    chmodSync(dataDir, 0o755);
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      STATIC_DIR: '',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'data-dir-test-secret-data-dir-test-secret',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          output += c.toString();
          if (output.includes('Skillgauge is running')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
      });
      // While it runs, the folder keeps everything inside out of other users' reach.
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // Stopped: PGlite's files are 600, its folders 700.
    expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    const files = readdirSync(join(dataDir, 'pglite'), { recursive: true });
    expect(files.length).toBeGreaterThan(10);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);
});
