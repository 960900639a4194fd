/**
 * The local runner's sandbox (bubblewrap): what a submitted program can no longer reach. Each test is
 * written so that it fails against a runner that only fences resources (no namespaces, no read-only view).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpError } from '../../server/lib/errors';
import { createRunner, MAX_PROCESSES, SANDBOX_MISSING, type LanguageId } from '../../server/lib/runner';
import { findBubblewrap } from '../../server/lib/runner/sandbox';
import { defaultSandboxUser } from '../../server/lib/runner';
import { until } from '../support/until';

const bwrap = await findBubblewrap(defaultSandboxUser());
if (!bwrap) console.info('sandbox test: bubblewrap is not usable here (install it: apt-get install bubblewrap); its tests are skipped');
const runner = createRunner({});

/** The longest time limit there is: a program meant to end by itself is never cut short by a busy machine. */
async function output(languageId: LanguageId, source: string, timeLimitMs = 10_000) {
  const [result] = (await runner.run({ languageId, source, testCases: [{ input: '', expectedOutput: '' }], timeLimitMs })).results;
  return result;
}

/** Processes whose command line contains `text`, seen from the test (outside any sandbox). */
function processesMatching(text: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', text], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe.runIf(bwrap)('local runner sandbox (bubblewrap)', () => {
  let listener: Server;
  let port: number;
  let dataDir: string;
  let umask: number;
  beforeAll(async () => {
    // As server/main.ts runs: files the server writes are private to it, yet the program must read its source.
    umask = process.umask(0o077);
    // Stands for the API's own port on loopback.
    listener = createServer((socket) => socket.end('hello from the server\n'));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    dataDir = mkdtempSync(join(tmpdir(), 'sg-sandbox-data-'));
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
    process.env.SG_SANDBOX_TEST_SECRET = 'server-side-value';
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
    delete process.env.SG_SANDBOX_TEST_SECRET;
    process.umask(umask);
  });

  it('runs every language under the server umask (077)', async () => {
    const sources: [LanguageId, string][] = [
      [63, `console.log('ok')`],
      [74, `const ok: string = 'ok'; console.log(ok);`],
      [70, `print('ok')`],
      [62, `public class Main { public static void main(String[] a) { System.out.println("ok"); } }`],
      [68, `<?php echo "ok\n";`],
    ];
    const available = new Map((await runner.availableLanguages()).map((l) => [l.id, l.available]));
    for (const [id, source] of sources) {
      if (!available.get(id)) continue;
      const r = await output(id, source);
      expect(r.stdout, `${id}: ${r.stderr}`).toBe('ok\n');
    }
  });

  it('refuses every TCP connection to 127.0.0.1 (a listener of the server, PostgreSQL)', async () => {
    const source = [
      `const net = require('net');`,
      `const tryPort = (p) => new Promise((done) => {`,
      `  const s = net.connect({ host: '127.0.0.1', port: p, timeout: 1000 });`,
      `  s.on('connect', () => { s.destroy(); done(p + ' connected'); });`,
      `  s.on('timeout', () => { s.destroy(); done(p + ' timeout'); });`,
      `  s.on('error', (e) => done(p + ' ' + e.code));`,
      `});`,
      `Promise.all([${'${PORT}'}, 5432].map(tryPort)).then((r) => console.log(r.join('\\n')));`,
    ]
      .join('\n')
      .replace('${PORT}', String(port));
    const r = await output(63, source);
    expect(r.status, r.stderr).toBe('failed');
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toMatch(/connected/);
    // A new network namespace has only a loopback that is down: nothing answers.
    expect(lines[0]).toMatch(new RegExp(`^${port} (ECONNREFUSED|ENETUNREACH|EHOSTUNREACH|timeout)$`));
  });

  it('shows only its own processes and none of the server, project or data files', async () => {
    const source = [
      `import os`,
      `pids = sorted(int(p) for p in os.listdir('/proc') if p.isdigit())`,
      `print('pids', len(pids), max(pids))`,
      `for path in [${JSON.stringify(process.cwd())}, ${JSON.stringify(dataDir)}, '/work', '/root', '/home', '/var/lib/postgresql', '/etc/passwd', '/proc/${process.pid}']:`,
      `    print(path, os.path.exists(path))`,
    ].join('\n');
    const r = await output(70, source);
    expect(r.status, r.stderr).toBe('failed');
    const [pids, ...paths] = r.stdout.trim().split('\n');
    // bwrap's init, the program (and at most a helper): a new PID namespace.
    const [, count, highest] = pids.split(' ').map(Number);
    expect(count).toBeLessThanOrEqual(3);
    expect(highest).toBeLessThan(10);
    for (const line of paths) expect(line, line).toMatch(/ False$/);
  });

  it('writes nowhere but its own temporary directory', async () => {
    const source = [
      `import os`,
      `for path in ['/tmp/sg-escape', '/var/tmp/sg-escape', '/dev/shm/sg-escape', '/usr/sg-escape', '/sg-escape', os.getcwd() + '/mine']:`,
      `    try:`,
      `        open(path, 'w').write('x')`,
      `        print(path, 'written')`,
      `    except OSError as e:`,
      `        print(path, 'refused')`,
    ].join('\n');
    const r = await output(70, source);
    const lines = r.stdout.trim().split('\n');
    expect(lines.slice(0, -1).every((l) => l.endsWith(' refused')), r.stdout).toBe(true);
    expect(lines.at(-1)).toMatch(/\/mine written$/);
  });

  it('runs with an empty environment bar PATH, HOME, TMPDIR, LANG and PWD', async () => {
    const r = await output(63, `console.log(JSON.stringify(process.env)); console.log(process.cwd());`);
    const [json, cwd] = r.stdout.trim().split('\n');
    expect(JSON.parse(json)).toEqual({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: cwd, TMPDIR: cwd, LANG: 'C.UTF-8', PWD: cwd });
  });

  it('stops a fork bomb at the process limit and says so', async () => {
    const r = await output(70, `import os\nprint(os.getcwd(), flush=True)\nwhile True:\n    os.fork()`);
    // Its processes crash on the refused forks (or, on a busy machine, the time limit ends them first).
    expect(['error', 'timeout']).toContain(r.status);
    expect(r.stderr).toContain('The program started too many processes or threads; the sandbox stopped it.');
    expect(MAX_PROCESSES).toBeLessThanOrEqual(64);
    // Nothing of it is left, and the runner still works.
    const dir = r.stdout.trim().split('\n')[0];
    expect(dir).toMatch(/skillgauge-run-/);
    await until(`the fork bomb's processes in ${dir} to end`, () => processesMatching(dir).length === 0);
    expect((await output(63, `console.log('still here')`)).stdout).toBe('still here\n');
  });

  it('leaves nothing running after the run, not even a new session (setsid)', async () => {
    const marker = '301.25';
    const r = await output(63, `require('child_process').spawn('setsid', ['sleep', '${marker}'], { detached: true, stdio: 'ignore' }).unref();\nconsole.log('started');`);
    // The kernel ends the PID namespace's processes as its first one exits; give it the time it takes.
    try {
      await until(`the sandbox's "sleep ${marker}" to end`, () => processesMatching(`sleep ${marker}`).length === 0);
    } finally {
      for (const pid of processesMatching(`sleep ${marker}`)) process.kill(pid, 'SIGKILL'); // ours: clean up before failing
    }
    expect(r.stdout).toBe('started\n');
  });
});

describe('local runner without a sandbox', () => {
  it('refuses to run code, and says why in its languages and isolation', async () => {
    const bare = createRunner({}, { local: { bwrap: null } });
    let error: HttpError | undefined;
    try {
      await bare.run({ languageId: 63, source: 'console.log(1)', testCases: [{ input: '', expectedOutput: '1' }] });
    } catch (e) {
      error = e as HttpError;
    }
    expect(error).toMatchObject({ statusCode: 503, message: 'Running code needs a sandbox: install bubblewrap or set JUDGE0_URL' });
    expect(SANDBOX_MISSING).toBe('Running code needs a sandbox: install bubblewrap or set JUDGE0_URL');
    const languages = await bare.availableLanguages();
    expect(languages.every((l) => !l.available && l.reason === SANDBOX_MISSING)).toBe(true);
    expect(await bare.isolation()).toEqual({ backend: 'local', sandbox: 'none', ready: false, message: SANDBOX_MISSING });
  });

  it.runIf(bwrap)('reports bubblewrap when it is there', async () => {
    expect(await runner.isolation()).toEqual({ backend: 'local', sandbox: 'bubblewrap', ready: true });
  });
});
