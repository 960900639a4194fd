/**
 * Storage quotas: each account and each client keeps at most its quota of uploaded bytes, counted
 * from what the signed PUT actually stored; past it, signing and uploading answer 413. Administrators
 * read usage at GET /api/storage-usage; others only their own at /api/storage-usage/me.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let acmeId: string;
const QUOTA = { userBytes: 1000, clientBytes: 1500 };
const ACME_A = 'quota-a@acme.test';
const ACME_B = 'quota-b@acme.test';

beforeAll(async () => {
  server = await startTestServer({ storageQuota: QUOTA });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  acmeId = (await server.demoUsers()).get('client@acme.demo')!.clientId!;
  // Two accounts of one client that may upload (today only USER accounts and question writers get upload links).
  await server.addAccount({ email: ACME_A, clientId: acmeId });
  await server.addAccount({ email: ACME_B, clientId: acmeId });
});

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function sign(email: string, size?: number, contentType = 'image/png') {
  const query = new URLSearchParams({ key: 'photo.png', contentType, ...(size === undefined ? {} : { size: String(size) }) });
  return server.asUser(email, { method: 'GET', url: `/api/utils/pre-signed-url?${query}` });
}

const put = (url: string, body: Buffer) =>
  server.app.inject({ method: 'PUT', url: pathOf(url), payload: body, headers: { 'content-type': 'image/png' } });

/** A PUT with a chunked body (no Content-Length) to the listening server. */
async function putChunked(url: string, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  const address = server.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: address.port, method: 'PUT', path: pathOf(url), headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** Signs (declaring `declared` bytes, or nothing) and uploads `bytes` bytes; answers the PUT. */
async function upload(email: string, bytes: number, declared?: number) {
  const signed = await sign(email, declared);
  expect(signed.statusCode, signed.body).toBe(200);
  const { preSignedUrl, objectUrl } = signed.json().data as { preSignedUrl: string; objectUrl: string };
  return { res: await put(preSignedUrl, Buffer.alloc(bytes, 7)), objectUrl };
}

const myUsage = async (email: string) => (await server.asUser(email, { method: 'GET', url: '/api/storage-usage/me' })).json().data;

describe('storage quotas', () => {
  it('lets an account store up to its quota, counting the bytes stored, not the size asked for', async () => {
    const first = await upload('user@skillgauge.demo', 300, 900);
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(await myUsage('user@skillgauge.demo')).toEqual({ user: { bytes: 300, quotaBytes: 1000 }, client: null });
    // Exactly up to the quota is fine.
    const second = await upload('user@skillgauge.demo', 700);
    expect(second.res.statusCode, second.res.body).toBe(200);
    expect((await myUsage('user@skillgauge.demo')).user.bytes).toBe(1000);
    const read = await server.app.inject({ method: 'GET', url: pathOf(second.objectUrl) });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a new upload link with 413 when the declared size would pass the quota, or nothing fits', async () => {
    expect((await upload('user@skillgauge.demo', 600)).res.statusCode).toBe(200);
    const over = await sign('user@skillgauge.demo', 401);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      result: 0,
      msg: 'This upload would go over your storage quota: 0.6 KB of 1 KB used. Ask an administrator for more space.',
    });
    expect((await sign('user@skillgauge.demo', 400)).statusCode).toBe(200);
    expect((await upload('user@skillgauge.demo', 400)).res.statusCode).toBe(200);
    // Full: even a link without a declared size is refused.
    expect((await sign('user@skillgauge.demo')).statusCode).toBe(413);
    // A declared size past the type's limit is refused too.
    const huge = await server.asUser('author@skillgauge.demo', { method: 'GET', url: `/api/utils/pre-signed-url?key=a.png&contentType=image/png&size=${11 * 1024 * 1024}` });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe('The file is too large: at most 10 MB for this type.');
  });

  it('refuses the upload itself with 413 when the real bytes would pass the quota, and keeps nothing', async () => {
    expect((await upload('user@skillgauge.demo', 600)).res.statusCode).toBe(200);
    // Declared small (or not at all) when signing; the bytes that arrive are what counts.
    const lying = await upload('user@skillgauge.demo', 500, 100);
    expect(lying.res.statusCode).toBe(413);
    expect(lying.res.json().msg).toBe('This upload would go over your storage quota: 0.6 KB of 1 KB used. Ask an administrator for more space.');
    expect((await server.app.inject({ method: 'GET', url: pathOf(lying.objectUrl) })).statusCode).toBe(404);
    // Without a Content-Length (chunked, over real HTTP), the bytes are counted as they arrive.
    const signed = (await sign('user@skillgauge.demo')).json().data;
    const streamed = await putChunked(signed.preSignedUrl, Array.from({ length: 6 }, (_, i) => Buffer.alloc(100, i)));
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).msg).toMatch(/^This upload would go over your storage quota/);
    expect((await server.app.inject({ method: 'GET', url: pathOf(signed.objectUrl) })).statusCode).toBe(404);
    expect((await myUsage('user@skillgauge.demo')).user.bytes).toBe(600);
  });

  it("shares a client's quota between all its users", async () => {
    expect((await upload(ACME_A, 900)).res.statusCode).toBe(200);
    // B is well within its own quota, but the client has 600 bytes left.
    const signOver = await sign(ACME_B, 700);
    expect(signOver.statusCode).toBe(413);
    expect(signOver.json().msg).toBe("This upload would go over your organisation's storage quota: 0.9 KB of 1.5 KB used. Ask an administrator for more space.");
    const putOver = await upload(ACME_B, 700);
    expect(putOver.res.statusCode).toBe(413);
    expect(putOver.res.json().msg).toMatch(/^This upload would go over your organisation's storage quota/);
    expect((await upload(ACME_B, 600)).res.statusCode).toBe(200);
    expect(await myUsage(ACME_B)).toEqual({ user: { bytes: 600, quotaBytes: 1000 }, client: { bytes: 1500, quotaBytes: 1500 } });
    // Another client's accounts are not affected.
    expect((await upload('user@skillgauge.demo', 800)).res.statusCode).toBe(200);
  });

  it('shows administrators the usage of every account and client', async () => {
    await upload(ACME_A, 500);
    await upload(ACME_B, 250);
    await upload('user@skillgauge.demo', 100);
    const res = await server.asUser('admin@skillgauge.demo', { method: 'GET', url: '/api/storage-usage' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.quotas).toEqual(QUOTA);
    expect(data.users.map((u: { email: string; bytes: number; files: number }) => [u.email, u.bytes, u.files])).toEqual([
      [ACME_A, 500, 1],
      [ACME_B, 250, 1],
      ['user@skillgauge.demo', 100, 1],
    ]);
    expect(data.users[0]).toMatchObject({ clientId: acmeId, clientName: 'Acme Industries' });
    expect(data.clients).toEqual([{ id: acmeId, name: 'Acme Industries', bytes: 750, files: 2 }]);
  });

  it("does not let anyone else read other accounts' usage", async () => {
    await upload(ACME_A, 500);
    for (const email of ['user@skillgauge.demo', 'author@skillgauge.demo', 'client@acme.demo', ACME_B]) {
      const res = await server.asUser(email, { method: 'GET', url: '/api/storage-usage' });
      expect(res.statusCode, email).toBe(403);
      expect(JSON.stringify(res.json())).not.toContain(ACME_A);
    }
    // Their own usage only (B's client total includes A's bytes, not A's account).
    expect(await myUsage(ACME_B)).toEqual({ user: { bytes: 0, quotaBytes: 1000 }, client: { bytes: 500, quotaBytes: 1500 } });
    expect((await server.app.inject({ method: 'GET', url: '/api/storage-usage' })).statusCode).toBe(401);
  });
});
