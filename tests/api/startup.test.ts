/**
 * Starting it (issue 7 items 2, 6c, 7 and issue 8): the start-up checks of loadConfig, the JWT
 * secret kept in DATA_DIR, CORS limited to the Vite dev server, and `npm serve`'s own output
 * (no request logs by default, the banner last, sign-ins surviving a restart).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, keptJwtSecret, loadConfig, testConfig } from '../../server/config';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env });
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`started with ${JSON.stringify(env)}`);
};

describe('listen address, demo accounts and PUBLIC_URL', () => {
  it('listens on loopback by default with demo data, and links point at localhost', () => {
    const config = load({});
    expect(config).toMatchObject({ host: '127.0.0.1', seedDemo: true, publicUrl: 'http://localhost:8080', trustProxy: false, logLevel: 'warn' });
    expect(load({ HOST: '127.0.0.1', PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(load({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
  });

  it('refuses to serve the demo accounts to the network unless SEED_DEMO=1 was set on purpose', () => {
    expect(refusal({ HOST: '0.0.0.0', PUBLIC_URL: 'https://sg.example' })).toMatch(/HOST=0\.0\.0\.0 would let anyone on the network sign in with the demo accounts.*SEED_DEMO=1/);
    expect(load({ HOST: '0.0.0.0', PUBLIC_URL: 'https://sg.example', SEED_DEMO: '1' }).host).toBe('0.0.0.0');
    expect(load({ HOST: '0.0.0.0', PUBLIC_URL: 'https://sg.example', SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('requires PUBLIC_URL off loopback, and says why', () => {
    expect(refusal({ SEED_DEMO: '0' })).toMatch(/PUBLIC_URL is required when HOST=0\.0\.0\.0 \(not loopback\): mailed links and upload URLs are built from it, never from request headers/);
    expect(refusal({ HOST: '10.1.2.3', SEED_DEMO: '0' })).toMatch(/PUBLIC_URL is required/);
    expect(load({ SEED_DEMO: '0', PUBLIC_URL: 'https://sg.example/' })).toMatchObject({ host: '0.0.0.0', publicUrl: 'https://sg.example' });
    expect(refusal({ SEED_DEMO: '0', PUBLIC_URL: 'sg.example' })).toMatch(/PUBLIC_URL must be an http:\/\/ or https:\/\/ address/);
  });

  it('takes TRUST_PROXY as addresses, ranges or names, never "everyone"', () => {
    expect(load({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,::1' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', '::1']);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    for (const value of ['true', '1', '*', '10.0.0.0/99', 'proxy.example'])
      expect(refusal({ TRUST_PROXY: value }), value).toMatch(/TRUST_PROXY lists the addresses of your proxies/);
  });
});

describe('the JWT secret kept in DATA_DIR', () => {
  it('is generated once, readable by its owner only, and read back at the next start', () => {
    const parent = mkdtempSync(join(tmpdir(), 'sg-secret-'));
    try {
      const dataDir = join(parent, 'data');
      const first = keptJwtSecret(dataDir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(keptJwtSecret(dataDir)).toBe(first);
      expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('CORS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const preflight = (origin: string) =>
    server.app.inject({ method: 'OPTIONS', url: '/api/users/me', headers: { origin, 'access-control-request-method': 'GET' } });

  it('allows only the Vite dev server outside production, and no other origin', async () => {
    expect(testConfig().corsOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173']) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    }
    for (const origin of ['https://evil.example', 'http://localhost:5174', 'null'])
      expect((await preflight(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
  });

  it('allows no other origin in production unless CORS_ORIGINS lists it', () => {
    expect(load({}).corsOrigins).toEqual([]);
    expect(load({ CORS_ORIGINS: 'https://admin.example/, https://b.example' }).corsOrigins).toEqual(['https://admin.example', 'https://b.example']);
  });
});

describe('npm run serve', () => {
  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });

  // The defaults are what this test is about: none of the settings it checks comes from outside.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'HOST', 'SEED_DEMO', 'PUBLIC_URL', 'TRUST_PROXY'].includes(key)),
  );

  /** Starts server/main.ts as `npm run serve` does, on an empty data folder; answers its output so far. */
  async function start(dataDir: string, port: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...inherited, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    // Ended and its output read to the end (its pipes closed): nothing it printed is still on the way.
    const closed = new Promise((r) => child.once('close', r));
    const deadline = Date.now() + 120_000;
    while (!output.includes('Demo sign-ins')) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return {
      output: () => output,
      stop: async () => {
        child.kill('SIGTERM');
        await closed;
      },
    };
  }

  it('logs no request by default, prints the banner last, and keeps sign-ins across a restart', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sg-serve-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    try {
      const first = await start(dataDir, port);
      let token: string;
      try {
        const login = await fetch(`${base}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@skillgauge.demo', password: DEMO_PASSWORD }),
        });
        expect(login.status).toBe(200);
        token = ((await login.json()) as { data: { token: string } }).data.token;
        for (let i = 0; i < 5; i++) expect((await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      } finally {
        await first.stop();
      }
      // Read once the server has ended: whatever it would have logged of those requests is in.
      const output = first.output();
      expect(output).not.toMatch(/"msg":"(incoming request|request completed)"/);
      // Nothing after the banner: its last lines are the demo sign-ins, then a candidate's link to take at once.
      const lines = output.trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(new RegExp(`^ +http://localhost:${port}/take/[A-Za-z0-9_-]{43}$`));
      expect(lines.at(-2)).toContain('Take an assessment as a candidate');
      expect(lines.at(-4)).toMatch(/pending@skillgauge\.demo/);
      expect(output).toContain(`Skillgauge is running at http://localhost:${port}`);
      expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);

      const second = await start(dataDir, port);
      try {
        expect((await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
