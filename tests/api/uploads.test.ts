/**
 * Object storage: GET /api/utils/pre-signed-url, then PUT and GET /files/<key> (local backend),
 * and the S3 presigner. Runs on a Fastify instance of its own, on an in-memory database that holds
 * only the accounts below (uploads are recorded for the quotas: tests/api/storage-quota.test.ts):
 * the guard and token checks are the real ones from server/lib/auth.ts.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type Config } from '../../server/config';
import { registerGuard, TokenService, type AuthUser } from '../../server/lib/auth';
import { registerErrorHandling, registerNotFound } from '../../server/lib/errors';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/index';
import { createStorage, LocalStorage, presignS3Url, S3Storage, type Storage } from '../../server/lib/storage';
import { fileRoutes } from '../../server/modules/uploads/files';
import uploadRoutes from '../../server/modules/uploads/routes';

const MB = 1024 * 1024;
const flags = (view: boolean, create: boolean, edit: boolean) => ({ view, create, edit, delete: false });
let people = 0;
const person = (name: string, fields: Partial<AuthUser>): AuthUser => ({
  id: `00000000-0000-4000-8000-${String(++people).padStart(12, '0')}`,
  name,
  email: `${name}@example.test`,
  role: 'USER',
  membershipType: null,
  clientId: null,
  permissions: [],
  ...fields,
});
const USERS = {
  admin: person('admin', { role: 'ADMIN' }),
  author: person('author', {
    role: 'CONTRIBUTOR',
    membershipType: 'SKILLGAUGE_TEAM',
    permissions: [{ entity: 'QUESTIONS', actions: flags(true, true, false) }],
  }),
  editor: person('editor', {
    role: 'MODERATOR',
    membershipType: 'SKILLGAUGE_TEAM',
    permissions: [{ entity: 'QUESTIONS', actions: flags(true, false, true) }],
  }),
  user: person('user', { role: 'USER' }),
  client: person('client', { role: 'CLIENT', clientId: '00000000-0000-4000-8000-0000000000c1' }),
  viewer: person('viewer', {
    role: 'TEAM_MEMBER',
    membershipType: 'SKILLGAUGE_TEAM',
    permissions: [{ entity: 'QUESTIONS', actions: flags(true, false, false) }, { entity: 'CANDIDATES', actions: flags(true, true, true) }],
  }),
};

interface Instance {
  app: FastifyInstance;
  storage: Storage;
  tokens: TokenService;
  config: Config;
}

let database: DatabaseHandle;

/** The accounts above, in a database of their own. */
async function openAccounts(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: null });
  await migrateToLatest(handle.db);
  await handle.db.insertInto('clients').values({ id: USERS.client.clientId!, name: 'Client One' }).execute();
  const rows = Object.values(USERS).map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, clientId: u.clientId, isVerified: true }));
  await handle.db.insertInto('users').values(rows).execute();
  return handle;
}

/** An app shaped like buildApp's: the /api scope with the guard, and the root scope for /files. */
async function buildInstance(config: Config, storage: Storage): Promise<Instance> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, trustProxy: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const services = { config, storage, db: database.db };
  await app.register(
    async (api) => {
      registerGuard(api, tokens);
      await uploadRoutes(api, services);
    },
    { prefix: '/api' },
  );
  await app.register(async (files) => {
    registerGuard(files, tokens);
    await fileRoutes(files, services);
  });
  registerNotFound(app, false);
  await app.ready();
  return { app, storage, tokens, config };
}

let dataDir: string;
let clock = Date.UTC(2025, 2, 7, 10, 30, 0);
let local: Instance;
const bearer: Record<string, string> = {};

beforeAll(async () => {
  database = await openAccounts();
  dataDir = mkdtempSync(join(tmpdir(), 'sg-uploads-'));
  const config = testConfig({ dataDir, publicUrl: 'https://skillgauge.example' });
  local = await buildInstance(config, createStorage(config, { now: () => clock }));
  for (const [name, user] of Object.entries(USERS)) bearer[name] = await local.tokens.sign(user);
});
afterAll(async () => {
  await local?.app.close();
  await local?.storage.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const filesRoot = () => join(dataDir, 'files');
/** Every file under the data folder, relative to it. */
function tree(dir = dataDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? tree(full) : [relative(dataDir, full)];
  });
}

function signUrl(who: keyof typeof USERS | null, key: string, contentType: string) {
  const query = new URLSearchParams({ key, contentType });
  const options: InjectOptions = { method: 'GET', url: `/api/utils/pre-signed-url?${query}` };
  if (who) options.headers = { authorization: `Bearer ${bearer[who]}` };
  return local.app.inject(options);
}

async function sign(key: string, contentType: string) {
  const res = await signUrl('author', key, contentType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { preSignedUrl: string; objectUrl: string; key: string; expiresAt: string; maxBytes: number };
}

/** The path and query of an absolute URL, as inject takes them. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const put = (url: string, body: Buffer | Readable, contentType: string | undefined, headers: Record<string, string> = {}) =>
  local.app.inject({
    method: 'PUT',
    url: pathOf(url),
    payload: body,
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
  });

const png = (size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]);

describe('GET /api/utils/pre-signed-url', () => {
  it('answers a signed URL and the object URL, with a timestamped key', async () => {
    const res = await signUrl('author', 'Question 1_photo.png'.replace(/ /g, '-'), 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.result).toBe(1);
    const { preSignedUrl, objectUrl, key, expiresAt, maxBytes } = body.data;
    expect(key).toMatch(new RegExp(`^uploads/2025/03/${clock}-[0-9a-f]{16}-Question-1_photo\\.png$`));
    expect(objectUrl).toBe(`https://skillgauge.example/files/${key}`);
    const signed = new URL(preSignedUrl);
    expect(`${signed.origin}${signed.pathname}`).toBe(objectUrl);
    expect(signed.searchParams.get('contentType')).toBe('image/png');
    expect(Number(signed.searchParams.get('expires'))).toBe(clock / 1000 + 15 * 60);
    expect(signed.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(new Date(clock + 15 * 60 * 1000).toISOString());
    expect(maxBytes).toBe(10 * MB);
  });

  it('gives two uploads of the same name different keys', async () => {
    const a = await sign('same.png', 'image/png');
    const b = await sign('same.png', 'image/png');
    expect(a.key).not.toBe(b.key);
  });

  it("uses PUBLIC_URL's default (this server), never the request's Host or X-Forwarded-Host", async () => {
    const config = testConfig({ dataDir: null });
    const instance = await buildInstance(config, createStorage(config));
    try {
      const token = await instance.tokens.sign(USERS.admin);
      const res = await instance.app.inject({
        method: 'GET',
        url: '/api/utils/pre-signed-url?key=a.csv&contentType=text/csv',
        headers: { authorization: `Bearer ${token}`, host: 'assess.example:8443', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.objectUrl.startsWith(`${config.publicUrl}/files/uploads/`)).toBe(true);
      expect(res.json().data.objectUrl).toMatch(/\/files\/uploads\/\d{4}\/\d{2}\/\d{13}-[0-9a-f]{16}-a\.csv$/);
      expect(res.json().data.objectUrl).not.toContain('assess.example');
      expect(res.json().data.maxBytes).toBe(20 * MB);
    } finally {
      await instance.app.close();
      await instance.storage.close();
    }
  });

  it('refuses signed-out callers with 401', async () => {
    const res = await signUrl(null, 'a.png', 'image/png');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: 0, msg: 'Please sign in.' });
    const expired = await local.app.inject({
      method: 'GET',
      url: '/api/utils/pre-signed-url?key=a.png&contentType=image/png',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(expired.statusCode).toBe(401);
  });

  it('lets question writers (custom questions too: clients), admins and USER accounts upload; refuses everyone else with 403', async () => {
    for (const who of ['admin', 'author', 'editor', 'user', 'client'] as const) {
      expect((await signUrl(who, 'a.png', 'image/png')).statusCode, who).toBe(200);
    }
    for (const who of ['viewer'] as const) {
      const res = await signUrl(who, 'a.png', 'image/png');
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toMatchObject({ result: 0, msg: 'You do not have permission to do this.' });
    }
  });

  it('refuses bad file names with 400 and a message', async () => {
    const cases: [string, RegExp][] = [
      ['../etc/passwd', /may not contain|only contain/],
      ['a/b.png', /only contain letters, digits, dots, dashes and underscores/],
      ['a..png', /may not contain "\.\."/],
      ['my photo.png', /only contain letters/],
      ['photo%2F.png', /only contain letters/],
      ['x'.repeat(121) + '.png', /at most 120 characters/],
      ['', /required/],
    ];
    for (const [key, message] of cases) {
      const res = await signUrl('author', key, 'image/png');
      expect(res.statusCode, key).toBe(400);
      const body = res.json();
      expect(body.result).toBe(0);
      expect(body.msg, key).toMatch(message);
      expect(body.errors.key, key).toMatch(message);
    }
    const missing = await local.app.inject({
      method: 'GET',
      url: '/api/utils/pre-signed-url?contentType=image/png',
      headers: { authorization: `Bearer ${bearer.author}` },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/key/);
    expect((await signUrl('author', 'x'.repeat(120), 'image/png')).statusCode).toBe(200);
  });

  it('refuses content types outside the allow-list with 400 and a message', async () => {
    for (const contentType of ['image/svg+xml', 'text/html', 'application/javascript', 'application/octet-stream', 'image/png; charset=utf-8', '']) {
      const res = await signUrl('author', 'a.png', contentType);
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json().msg, contentType).toMatch(/contentType|file type/);
      expect(res.json().errors.contentType, contentType).toMatch(/image\/png, image\/jpeg/);
    }
    const accepted = ['image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'audio/webm', 'audio/mpeg', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'IMAGE/PNG'];
    for (const contentType of accepted) expect((await signUrl('author', 'f', contentType)).statusCode, contentType).toBe(200);
    expect((await sign('v.mp4', 'video/mp4')).maxBytes).toBe(200 * MB);
  });
});

describe('PUT and GET /files/<key> (local storage)', () => {
  it('stores the bytes and serves them back with their content type', async () => {
    const signed = await sign('diagram.png', 'image/png');
    const bytes = png(2 * MB); // larger than the app's 1 MB JSON body limit: the body is streamed
    const res = await put(signed.preSignedUrl, bytes, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: 1, data: { key: signed.key, contentType: 'image/png', size: bytes.length } });
    expect(statSync(join(filesRoot(), signed.key)).size).toBe(bytes.length);

    const got = await local.app.inject({ method: 'GET', url: pathOf(signed.objectUrl) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(bytes.length));
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe('inline');
    // No temporary files are left behind; metadata sits beside the file under a dot name.
    const names = tree().filter((f) => f.includes('diagram'));
    expect(names.sort()).toEqual([join('files', signed.key), join('files', signed.key.replace(/[^/]+$/, (n) => `.${n}.meta.json`))].sort());
  });

  it('serves spreadsheets as attachments', async () => {
    const signed = await sign('candidates.csv', 'text/csv');
    const csv = Buffer.from('name,email\nAsha,asha@example.test\n');
    expect((await put(signed.preSignedUrl, csv, 'text/csv; charset=utf-8')).statusCode).toBe(200);
    const got = await local.app.inject({ method: 'GET', url: pathOf(signed.objectUrl) });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe(csv.toString());
    expect(got.headers['content-type']).toBe('text/csv');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${signed.key.split('/').pop()}"`);
  });

  it('answers byte ranges (video seeking)', async () => {
    const signed = await sign('intro.webm', 'video/webm');
    const bytes = randomBytes(1000);
    expect((await put(signed.preSignedUrl, bytes, 'video/webm')).statusCode).toBe(200);
    const url = pathOf(signed.objectUrl);
    const part = await local.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await local.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(bytes.subarray(990))).toBe(true);
    const beyond = await local.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
  });

  it('refuses an expired link with 403', async () => {
    const signed = await sign('late.png', 'image/png');
    const started = clock;
    clock += 15 * 60 * 1000 + 1000;
    try {
      const res = await put(signed.preSignedUrl, png(), 'image/png');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ result: 0, msg: expect.stringMatching(/expired/) });
    } finally {
      clock = started;
    }
    expect(existsSync(join(filesRoot(), signed.key))).toBe(false);
  });

  it('accepts a link until it expires', async () => {
    const signed = await sign('onTime.png', 'image/png');
    const started = clock;
    clock += 15 * 60 * 1000 - 1000;
    try {
      expect((await put(signed.preSignedUrl, png(), 'image/png')).statusCode).toBe(200);
    } finally {
      clock = started;
    }
  });

  it('refuses tampered signatures, keys, expiries and content types with 403', async () => {
    const signed = await sign('target.png', 'image/png');
    const url = new URL(signed.preSignedUrl);
    const sig = url.searchParams.get('sig')!;
    const variants: [string, string, string][] = [];
    const withParam = (name: string, value: string | null) => {
      const u = new URL(url);
      if (value === null) u.searchParams.delete(name);
      else u.searchParams.set(name, value);
      return u.toString();
    };
    variants.push(['signature', withParam('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)), 'image/png']);
    variants.push(['short signature', withParam('sig', sig.slice(0, 20)), 'image/png']);
    variants.push(['no signature', withParam('sig', null), 'image/png']);
    variants.push(['expiry', withParam('expires', String(Number(url.searchParams.get('expires')) + 3600)), 'image/png']);
    variants.push(['content type', withParam('contentType', 'video/mp4'), 'video/mp4']);
    variants.push(['content type to html', withParam('contentType', 'text/html'), 'text/html']);
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace('target.png', 'other.png');
    variants.push(['key', otherKey.toString(), 'image/png']);
    for (const [what, tampered, contentType] of variants) {
      const res = await put(tampered, png(), contentType);
      expect(res.statusCode, what).toBe(403);
      expect(res.json().result, what).toBe(0);
      expect(res.json().msg, what).toMatch(/upload link/);
    }
    const before = tree();
    expect(before.some((f) => f.includes('target.png') || f.includes('other.png'))).toBe(false);
    // The untampered link still works.
    expect((await put(signed.preSignedUrl, png(), 'image/png')).statusCode).toBe(200);
  });

  it('refuses a Content-Type other than the signed one with 400', async () => {
    const signed = await sign('typed.png', 'image/png');
    for (const contentType of ['image/jpeg', 'text/html', 'application/json', undefined]) {
      const res = await put(signed.preSignedUrl, png(), contentType);
      expect(res.statusCode, String(contentType)).toBe(400);
      expect(res.json().msg).toMatch(/Content-Type of the upload must be image\/png/);
    }
    expect(existsSync(join(filesRoot(), signed.key))).toBe(false);
  });

  it('refuses files over the size limit with 413 and leaves nothing', async () => {
    const signed = await sign('huge.png', 'image/png');
    const before = tree();
    const declared = await put(signed.preSignedUrl, Buffer.alloc(10 * MB + 1), 'image/png');
    expect(declared.statusCode).toBe(413);
    expect(declared.json().msg).toMatch(/too large: at most 10 MB/);
    // Without a Content-Length (chunked), the limit is counted while streaming.
    const chunks = function* () {
      for (let i = 0; i < 11; i++) yield Buffer.alloc(MB, i);
    };
    const streamed = await put(signed.preSignedUrl, Readable.from(chunks()), 'image/png');
    expect(streamed.statusCode).toBe(413);
    expect(tree()).toEqual(before);
    // A file of exactly the limit is fine.
    expect((await put(signed.preSignedUrl, Buffer.alloc(10 * MB, 1), 'image/png')).statusCode).toBe(200);
  });

  it('refuses an empty file with 400', async () => {
    const signed = await sign('empty.png', 'image/png');
    const res = await put(signed.preSignedUrl, Buffer.alloc(0), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The file is empty.');
    expect(existsSync(join(filesRoot(), signed.key))).toBe(false);
  });

  it('never overwrites an uploaded file (409)', async () => {
    const signed = await sign('once.png', 'image/png');
    const first = png();
    expect((await put(signed.preSignedUrl, first, 'image/png')).statusCode).toBe(200);
    const again = await put(signed.preSignedUrl, png(), 'image/png');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ result: 0, msg: expect.stringMatching(/already uploaded/) });
    const got = await local.app.inject({ method: 'GET', url: pathOf(signed.objectUrl) });
    expect(got.rawPayload.equals(first)).toBe(true);
  });

  it('keeps one file when the same link is used twice at once', async () => {
    const signed = await sign('race.png', 'image/png');
    const results = await Promise.all([put(signed.preSignedUrl, png(), 'image/png'), put(signed.preSignedUrl, png(), 'image/png')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(tree().filter((f) => f.includes('race.png'))).toHaveLength(2); // the file and its metadata
  });

  it('makes path traversal impossible', async () => {
    const victim = join(dataDir, 'evil.png');
    const signed = await sign('legit.png', 'image/png');
    const query = new URL(signed.preSignedUrl).search;
    const before = tree();
    const attempts = [
      '/files/..%2F..%2Fevil.png',
      '/files/..%2fevil.png',
      '/files/%2e%2e/%2e%2e/evil.png',
      '/files/uploads%2F2025%2F03%2Fevil.png',
      '/files/uploads/..%5C..%5Cevil.png',
      '/files/.hidden.png',
      '/files//evil.png',
      '/files/uploads/../../evil.png',
    ];
    for (const path of attempts) {
      const res = await local.app.inject({ method: 'PUT', url: `${path}${query}`, payload: png(), headers: { 'content-type': 'image/png' } });
      expect([400, 403, 404], path).toContain(res.statusCode);
      expect(res.json().result, path).toBe(0);
    }
    expect(existsSync(victim)).toBe(false);
    expect(tree()).toEqual(before);

    for (const path of [...attempts, '/files/..%2Fpglite', '/files/%2e%2e%2fetc%2fpasswd', '/files/', '/files/uploads']) {
      const res = await local.app.inject({ method: 'GET', url: path });
      expect([400, 404], path).toContain(res.statusCode);
    }
  });

  it('does not serve metadata, temporary files or files without metadata', async () => {
    const signed = await sign('private.png', 'image/png');
    expect((await put(signed.preSignedUrl, png(), 'image/png')).statusCode).toBe(200);
    const name = signed.key.split('/').pop()!;
    const meta = signed.objectUrl.replace(name, `.${name}.meta.json`);
    expect((await local.app.inject({ method: 'GET', url: pathOf(meta) })).statusCode).toBe(404);
    expect((await local.app.inject({ method: 'GET', url: pathOf(signed.objectUrl) + 'x' })).statusCode).toBe(404);
    rmSync(join(filesRoot(), signed.key.replace(name, `.${name}.meta.json`)));
    expect((await local.app.inject({ method: 'GET', url: pathOf(signed.objectUrl) })).statusCode).toBe(404);
  });

  it('answers 404 for a missing file', async () => {
    const res = await local.app.inject({ method: 'GET', url: '/files/uploads/2025/03/1741343400000-deadbeef-missing.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 0, msg: 'No such file.' });
  });
});

describe('over real HTTP', () => {
  let origin: string;
  beforeAll(async () => {
    await local.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(local.app.server.address() as AddressInfo).port}`;
  });

  /** A request whose path is sent exactly as written (fetch and inject normalise dot segments). */
  const raw = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${origin}/`, { method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('uploads with fetch and reads the file back', async () => {
    const signed = await sign('real.webp', 'image/webp');
    const bytes = randomBytes(300_000);
    const res = await fetch(`${origin}${pathOf(signed.preSignedUrl)}`, { method: 'PUT', body: bytes, headers: { 'content-type': 'image/webp' } });
    expect(res.status).toBe(200);
    const got = await fetch(`${origin}${pathOf(signed.objectUrl)}`);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses dot segments sent as they are', async () => {
    const signed = await sign('dots.png', 'image/png');
    const query = new URL(signed.preSignedUrl).search;
    const before = tree();
    for (const path of ['/files/uploads/../../evil.png', '/files/../evil.png', '/files/uploads/./x.png', '/files/uploads\\..\\..\\evil.png']) {
      const put = await raw('PUT', `${path}${query}`, png(), { 'content-type': 'image/png' });
      expect([400, 404], path).toContain(put.status);
      const get = await raw('GET', path);
      expect([400, 404], path).toContain(get.status);
    }
    expect(tree()).toEqual(before);
    expect(existsSync(join(dataDir, 'evil.png'))).toBe(false);
  });

  it('never reads a file outside the files folder, even one with metadata', async () => {
    writeFileSync(join(dataDir, 'secret.png'), 'secret');
    writeFileSync(join(dataDir, '.secret.png.meta.json'), JSON.stringify({ contentType: 'image/png' }));
    try {
      for (const path of ['/files/../secret.png', '/files/uploads/../../secret.png', '/files/..%2Fsecret.png', '/files/%2e%2e/secret.png']) {
        const res = await raw('GET', path);
        expect([400, 404], path).toContain(res.status);
        expect(res.body, path).not.toContain('secret');
      }
    } finally {
      rmSync(join(dataDir, 'secret.png'));
      rmSync(join(dataDir, '.secret.png.meta.json'));
    }
  });
});

describe('S3 storage', () => {
  it('matches the AWS Signature V4 presigned GET example of the AWS documentation', () => {
    // "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)", example values.
    const url = presignS3Url({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      expiresIn: 86400,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  const s3Config = (s3: Partial<NonNullable<Config['s3']>> = {}) =>
    testConfig({ s3: { bucket: 'sg-media', region: 'ap-south-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret/EXAMPLE', ...s3 } });

  it('signs a PUT to the bucket with the content type as a signed header', () => {
    const now = Date.UTC(2025, 0, 31, 23, 59, 59, 500);
    const storage = createStorage(s3Config(), { now: () => now });
    expect(storage).toBeInstanceOf(S3Storage);
    const signed = storage.signUpload({ name: 'clip.mp4', contentType: 'video/mp4', baseUrl: 'https://ignored.example' });
    expect(signed.key).toMatch(new RegExp(`^uploads/2025/01/${now}-[0-9a-f]{16}-clip\\.mp4$`));
    expect(signed.objectUrl).toBe(`https://sg-media.s3.ap-south-1.amazonaws.com/${signed.key}`);
    const url = new URL(signed.preSignedUrl);
    expect(`${url.origin}${url.pathname}`).toBe(signed.objectUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIDEXAMPLE/20250131/ap-south-1/s3/aws4_request',
      'X-Amz-Date': '20250131T235959Z',
      'X-Amz-Expires': '900',
      'X-Amz-SignedHeaders': 'content-type;host',
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(signed.expiresAt).toBe('2025-02-01T00:14:59.000Z');
    expect(signed.maxBytes).toBe(200 * MB);
    // The same request signed for another content type gives another signature.
    const again = presignS3Url({
      method: 'PUT',
      url: new URL(signed.objectUrl),
      region: 'ap-south-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret/EXAMPLE',
      expiresIn: 900,
      now: new Date(now),
      headers: { 'Content-Type': 'video/mp4' },
    });
    expect(again).toBe(signed.preSignedUrl);
    const other = presignS3Url({
      method: 'PUT',
      url: new URL(signed.objectUrl),
      region: 'ap-south-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret/EXAMPLE',
      expiresIn: 900,
      now: new Date(now),
      headers: { 'Content-Type': 'text/html' },
    });
    expect(new URL(other).searchParams.get('X-Amz-Signature')).not.toBe(url.searchParams.get('X-Amz-Signature'));
  });

  it('uses path-style URLs on an S3-compatible endpoint', () => {
    const storage = createStorage(s3Config({ endpoint: 'http://localhost:9000/', region: undefined }));
    const signed = storage.signUpload({ name: 'a.png', contentType: 'image/png', baseUrl: '' });
    expect(signed.objectUrl).toBe(`http://localhost:9000/sg-media/${signed.key}`);
    const url = new URL(signed.preSignedUrl);
    expect(url.host).toBe('localhost:9000');
    expect(url.pathname).toBe(`/sg-media/${signed.key}`);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/\/us-east-1\/s3\/aws4_request$/);
  });

  it('refuses to start without credentials', () => {
    expect(() => createStorage(s3Config({ secretAccessKey: undefined }))).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('answers S3 URLs from the API and leaves /files to the bucket', async () => {
    const config = s3Config();
    const instance = await buildInstance(config, createStorage(config));
    try {
      const token = await instance.tokens.sign(USERS.user);
      const signUrl = (query: string) =>
        instance.app.inject({ method: 'GET', url: `/api/utils/pre-signed-url?${query}`, headers: { authorization: `Bearer ${token}` } });
      // The bucket cannot count bytes for the quota: the size is declared and signed, so S3 takes exactly that many.
      const unsized = await signUrl('key=a.png&contentType=image/png');
      expect(unsized.statusCode).toBe(400);
      expect(unsized.json().msg).toBe("Send the file's size in bytes (size) with the request.");
      const res = await signUrl('key=a.png&contentType=image/png&size=72');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.preSignedUrl).toMatch(/^https:\/\/sg-media\.s3\.ap-south-1\.amazonaws\.com\/uploads\/.*X-Amz-Signature=[0-9a-f]{64}$/);
      expect(new URL(res.json().data.preSignedUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
      const put = await instance.app.inject({ method: 'PUT', url: `/files/${res.json().data.key}`, payload: png(), headers: { 'content-type': 'image/png' } });
      expect(put.statusCode).toBe(404);
    } finally {
      await instance.app.close();
    }
  });
});

describe('storage without a data folder', () => {
  it('keeps files in a temporary folder that close() removes', async () => {
    const storage = createStorage(testConfig({ dataDir: null }));
    expect(storage).toBeInstanceOf(LocalStorage);
    const root = (storage as LocalStorage).root;
    expect(existsSync(root)).toBe(true);
    await storage.close();
    expect(existsSync(root)).toBe(false);
  });
});
