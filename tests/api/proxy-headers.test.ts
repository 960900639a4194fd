/**
 * Headers any client can send (issue 7, item 2): mailed and signed links come from PUBLIC_URL (or
 * this loopback server), never from Host or X-Forwarded-Host; the address throttle keys on the
 * socket's address unless the request came through a proxy named in TRUST_PROXY.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const extra: FastifyInstance[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await server.close();
});
beforeEach(() => server.clearThrottle());

const ADMIN = 'admin@skillgauge.demo';
const FORGED = { host: 'forged.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.99' };

/** Another instance on the same database with other settings. */
async function instance(overrides: Partial<Config>) {
  const app = await buildApp(testConfig(overrides), { database: server.database });
  extra.push(app);
  return app;
}

const mailedLink = async (to: string) => {
  const mail = await server.latestMail(to);
  const link = mail?.textBody.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link mailed to ${to}`);
  return link;
};

describe('mailed and signed links', () => {
  it('a reset link ignores a forged Host and X-Forwarded-Host: this loopback server without PUBLIC_URL', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'user@skillgauge.demo' }, headers: FORGED });
    expect(res.statusCode).toBe(200);
    expect(await mailedLink('user@skillgauge.demo')).toMatch(/^http:\/\/localhost:8080\/resetPassword\?token=[\w-]+$/);
  });

  it('a reset link, an invitation and an upload URL use PUBLIC_URL whatever the headers say', async () => {
    const app = await instance({ publicUrl: 'https://skillgauge.example/app' });
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: ADMIN, password: 'Demo@1234' } });
    const token = login.json().data.token as string;
    const headers = { ...FORGED, authorization: `Bearer ${token}` };

    await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'author@skillgauge.demo' }, headers: FORGED });
    expect(await mailedLink('author@skillgauge.demo')).toMatch(/^https:\/\/skillgauge\.example\/app\/resetPassword\?token=/);

    const invited = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { name: 'Invited Person', email: 'invited@headers.example', role: 'USER' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await mailedLink('invited@headers.example')).toMatch(/^https:\/\/skillgauge\.example\/app\/resetPassword\?token=/);

    const upload = await app.inject({ method: 'GET', url: '/api/utils/pre-signed-url?key=photo.png&contentType=image/png', headers });
    expect(upload.statusCode, upload.body).toBe(200);
    const { preSignedUrl, objectUrl } = upload.json().data;
    expect(preSignedUrl).toMatch(/^https:\/\/skillgauge\.example\/app\/files\//);
    expect(objectUrl).toMatch(/^https:\/\/skillgauge\.example\/app\/files\//);
    expect(upload.body).not.toMatch(/attacker|forged/);
  });
});

describe('the address throttle', () => {
  const failFrom = (app: FastifyInstance, forwardedFor: string, remoteAddress = '192.0.2.10') =>
    app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: `nobody.${forwardedFor}@headers.example`, password: 'Wrong@1234' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });
  const throttleKeys = async () => (await server.database.db.selectFrom('throttle').select('key').where('key', 'like', 'ip:%').execute()).map((r) => r.key).sort();

  it('keys on the socket address: a made-up X-Forwarded-For gets no fresh budget', async () => {
    await server.database.db.insertInto('throttle').values({ key: 'ip:192.0.2.10', failures: 29, windowStartedAt: new Date(), lockedUntil: null }).execute();
    expect((await failFrom(server.app, '198.51.100.1')).statusCode).toBe(401);
    // The 30th failure locked the address: another made-up address does not help.
    expect((await failFrom(server.app, '198.51.100.2')).statusCode).toBe(429);
    expect(await throttleKeys()).toEqual(['ip:192.0.2.10']);
  });

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    const app = await instance({ trustProxy: ['192.0.2.0/24'] });
    expect((await failFrom(app, '198.51.100.3')).statusCode).toBe(401);
    // Sent straight by a client that is not a named proxy: its own address counts.
    expect((await failFrom(app, '198.51.100.4', '203.0.113.50')).statusCode).toBe(401);
    expect(await throttleKeys()).toEqual(['ip:198.51.100.3', 'ip:203.0.113.50']);
  });
});
