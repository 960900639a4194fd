/**
 * End-to-end support: the built product started as a user starts it (its own data folder and
 * port), and Debian's Chromium driven by playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'Demo@1234';
/** The built frontend the product serves; E2E_DIST lets parallel work build into folders of its own. */
export const DIST = process.env.E2E_DIST ?? join(ROOT, 'dist');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Product {
  url: string;
  stop: () => Promise<void>;
}

/** The newest change among the files the frontend is built from. */
function newestSource(): number {
  const files = ['index.html', 'take.html', 'vite.config.ts', 'package-lock.json'].map((f) => join(ROOT, f));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'public'));
  return Math.max(...files.filter((f) => existsSync(f)).map((f) => statSync(f).mtimeMs));
}

/** Builds the frontend into DIST when it is not there or older than its sources (a stale build tests old screens). */
export function buildFrontend() {
  const built = join(DIST, 'index.html');
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource()) return;
  const build = spawnSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

/**
 * A data folder that the product migrated and loaded with the demo data, made once per run by
 * run.ts; each file's product starts on a copy of it. Without it (a file run on its own with
 * `node --test`), the product starts on an empty folder and seeds it, as a first `npm start` does.
 */
const SEEDED_DATA_DIR = process.env.E2E_SEEDED_DATA_DIR;

/**
 * Builds the frontend when missing, then starts the server on the embedded database. `dataDir`:
 * a folder to keep (the caller removes it); by default a new one, removed at stop. `port` and
 * `env`: for a test whose settings name the product's own address (its sign-in providers).
 */
export async function startProduct(options: { port?: number; env?: Record<string, string>; dataDir?: string } = {}): Promise<Product> {
  buildFrontend();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sg-e2e-'));
  if (!options.dataDir && SEEDED_DATA_DIR) cpSync(SEEDED_DATA_DIR, dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: DIST, DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How long any wait, click or navigation may take before the test fails saying what it waited
 * for: a ceiling, not a speed check. CI's two cores may be shared with another busy process, and
 * the browser tests run beside the Vitest run.
 */
export const WAIT_CEILING_MS = 60_000;

/** Chromium as the tests run it; `media`: its camera and microphone are fake and allowed without asking, as the candidate's device check needs. */
export async function launchBrowser({ media = false }: { media?: boolean } = {}): Promise<Browser> {
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: media ? [...flags, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : flags });
  // Every context gets the ceiling, however a test makes it (browser.newPage makes one too).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(WAIT_CEILING_MS);
    context.setDefaultNavigationTimeout(WAIT_CEILING_MS);
    return context;
  };
  return browser;
}

/** A fresh browser context in a given UI language (stored choice, as the language menu leaves it). */
export async function newContext(browser: Browser, options: { width?: number; language?: 'en' | 'hi' } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 860 }, locale: 'en-US' });
  await context.addInitScript((language) => localStorage.setItem('language', language), options.language ?? 'en');
  return context;
}

/** Collects uncaught page errors, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export async function signIn(page: Page, url: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${url}/`);
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** An admin access token through the API, to read the outbox as the product's admin would. */
export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@skillgauge.demo', password: DEMO_PASSWORD }),
  });
  return (await res.json()).data.token;
}

/** The newest mail to an address, read from the outbox as an admin would. */
export async function latestMail(url: string, email: string): Promise<{ subject: string; textBody: string }> {
  const token = await adminToken(url);
  const filter = encodeURIComponent(JSON.stringify({ toAddress: email }));
  const res = await fetch(`${url}/api/outbox?filter=${filter}&sort=${encodeURIComponent('["createdAt","DESC"]')}&range=[0,0]`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [message] = (await res.json()).data as { subject: string; textBody: string }[];
  if (!message) throw new Error(`no mail to ${email}`);
  return message;
}

/** The newest one-time code mailed to an address. */
export async function latestCode(url: string, email: string): Promise<string> {
  const code = (await latestMail(url, email)).textBody.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/**
 * A test file's product and browser: started before its tests, stopped after them. Read
 * `running.product` and `running.browser` inside the tests.
 */
export function startForFile(options: { media?: boolean; product?: () => Promise<Product> } = {}): { product: Product; browser: Browser } {
  const running = {} as { product: Product; browser: Browser };
  before(async () => {
    running.product = await (options.product ?? startProduct)();
    running.browser = await launchBrowser(options);
  });
  after(async () => {
    await running.browser?.close();
    await running.product?.stop();
  });
  return running;
}
