/**
 * Access tokens end with their session (issue 7, item 3): after sign-out, a password change,
 * deactivation, deletion, a change of job role or of the job role's permissions, an existing
 * access token answers 401 on every route within the revocation poll interval.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../server/seeds/seed';
import { DEMO_PASSWORD, listUrl, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  // A long interval: each test polls explicitly (deterministic); the last one starts its own quick server.
  server = await startTestServer({ sessionPollMs: 60_000 });
});
afterAll(() => server.close());
beforeEach(() => server.clearThrottle());

const EXPIRED = 'Your session has expired. Please sign in again.';
const ADMIN = 'admin@skillgauge.demo';
const QUESTIONS_VIEW = [{ entity: 'QUESTIONS', actions: { view: true, create: false, edit: false, delete: false } }];

let count = 0;
const uniqueEmail = (kind: string) => `${kind}${++count}@sessions.example`;

/** Signs in and answers the access token and the refresh cookie. */
async function signIn(email: string, password = DEMO_PASSWORD) {
  const res = await server.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const refresh = /sg_refresh=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
  return { token: res.json().data.token as string, refresh: refresh! };
}

/** A signed-in administrator of its own (revoking it leaves the cached demo tokens alone). */
async function freshAdmin() {
  const account = await server.addAccount({ email: uniqueEmail('admin'), role: 'ADMIN' });
  return { ...account, ...(await signIn(account.email)) };
}

/** A team member holding a job role of its own that lets it read the question bank. */
async function freshQuestionReader() {
  const jobRole = await server.database.db
    .insertInto('jobRoles')
    .values({ name: `Reader ${++count}`, scope: 'SKILLGAUGE_TEAM', permissions: JSON.stringify(QUESTIONS_VIEW) as never })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await server.addAccount({ email: uniqueEmail('reader'), role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', position: jobRole.id });
  return { ...account, jobRoleId: jobRole.id, ...(await signIn(account.email)) };
}

const usersList = (token: string) => server.as(token, { method: 'GET', url: listUrl('/api/users', { range: [0, 0] }) });
const questionsList = (token: string) => server.as(token, { method: 'GET', url: listUrl('/api/questions', { range: [0, 0] }) });
const adminPut = async (url: string, payload: object) => {
  const res = await server.asUser(ADMIN, { method: 'PUT', url, payload });
  expect(res.statusCode, res.body).toBe(200);
};

/** What every instance does every few seconds; called here so the test need not wait. */
const poll = async () => server.app.services.sessions?.poll();

async function expectEnded(call: () => Promise<{ statusCode: number; json: () => { msg?: string } }>) {
  await poll();
  const res = await call();
  expect(res.statusCode).toBe(401);
  expect(res.json().msg).toBe(EXPIRED);
}

describe('an access token ends with its session', () => {
  it('after sign-out: on every route, not only /api/users/me', async () => {
    const admin = await freshAdmin();
    expect((await usersList(admin.token)).statusCode).toBe(200);
    const out = await server.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: `sg_refresh=${admin.refresh}` } });
    expect(out.statusCode).toBe(200);
    await expectEnded(() => usersList(admin.token));
    // Signing in again works at once.
    expect((await usersList((await signIn(admin.email)).token)).statusCode).toBe(200);
  });

  it('after sign-out by an API client that sends only its access token', async () => {
    const admin = await freshAdmin();
    const out = await server.as(admin.token, { method: 'POST', url: '/api/users/logout' });
    expect(out.statusCode).toBe(200);
    await expectEnded(() => usersList(admin.token));
  });

  it('after a password change: the other sessions end, the new token works', async () => {
    const admin = await freshAdmin();
    const other = await signIn(admin.email);
    const res = await server.as(admin.token, { method: 'POST', url: '/api/users/change-password', payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Newer-Pass1' } });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(() => usersList(other.token));
    await expectEnded(() => usersList(admin.token));
    expect((await usersList(res.json().data.token)).statusCode).toBe(200);
  });

  it('after an administrator deactivates the user', async () => {
    const admin = await freshAdmin();
    await adminPut(`/api/users/${admin.id}`, { isActive: false });
    await expectEnded(() => usersList(admin.token));
  });

  it('after the user is deleted', async () => {
    const admin = await freshAdmin();
    expect((await server.asUser(ADMIN, { method: 'DELETE', url: `/api/users/${admin.id}` })).statusCode).toBe(200);
    await expectEnded(() => usersList(admin.token));
  });

  it("after the user's job role changes, and the next token carries the new rights", async () => {
    const reader = await freshQuestionReader();
    expect((await questionsList(reader.token)).statusCode).toBe(200);
    const other = await server.database.db
      .insertInto('jobRoles')
      .values({ name: `Nothing ${++count}`, scope: 'SKILLGAUGE_TEAM', permissions: '[]' as never })
      .returning('id')
      .executeTakeFirstOrThrow();
    await adminPut(`/api/users/${reader.id}`, { position: other.id });
    await expectEnded(() => questionsList(reader.token));
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sg_refresh=${reader.refresh}` },
      payload: 'grant_type=refresh_token',
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await questionsList(refreshed.json().id_token)).statusCode).toBe(403);
  });

  it("after the permissions of the user's job role are edited: every holder's sessions end, others' stay", async () => {
    const first = await freshQuestionReader();
    const second = await server.addAccount({ email: uniqueEmail('reader'), role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', position: first.jobRoleId });
    const secondToken = (await signIn(second.email)).token;
    const bystander = await freshQuestionReader();
    await adminPut(`/api/job-roles/${first.jobRoleId}`, { permissions: [] });
    await expectEnded(() => questionsList(first.token));
    await expectEnded(() => questionsList(secondToken));
    expect((await questionsList(bystander.token)).statusCode).toBe(200);
  });

  it('leaves the sessions of the ADMIN_EMAIL account alone when a restart ensures it again', async () => {
    const admin = await freshAdmin();
    await ensureAdmin(server.database.db, { email: admin.email, password: DEMO_PASSWORD });
    await poll();
    expect((await usersList(admin.token)).statusCode).toBe(200);
    // A changed ADMIN_PASSWORD does end them.
    await ensureAdmin(server.database.db, { email: admin.email, password: 'Changed-Pass1' });
    await expectEnded(() => usersList(admin.token));
  });

  it("leaves the sessions alone when a user's name changes", async () => {
    const admin = await freshAdmin();
    await adminPut(`/api/users/${admin.id}`, { name: 'Renamed Admin' });
    await poll();
    expect((await usersList(admin.token)).statusCode).toBe(200);
  });
});

/**
 * Resolves once the instance's own timer has run a poll that began after this call (a poll asked for
 * earlier may still be reading, and its rows predate the call); fails saying so after a generous wait.
 */
function nextOwnPoll(app: { services: { sessions?: { poll: () => Promise<void> } } }, name: string): Promise<void> {
  const sessions = app.services.sessions!;
  const own = sessions.poll.bind(sessions);
  return new Promise<void>((resolve, reject) => {
    const ceiling = setTimeout(() => reject(new Error(`${name} ran no poll of its own in 20 s`)), 20_000);
    let oneEnded = false;
    sessions.poll = () => {
      // Asked after a poll asked after this call ended: its read began after this call too.
      const fresh = oneEnded;
      const polling = own();
      void polling.then(() => {
        oneEnded = true;
        if (!fresh) return;
        clearTimeout(ceiling);
        sessions.poll = own;
        resolve();
      });
      return polling;
    };
  });
}

describe('every instance learns of a revocation by itself', () => {
  it('within the poll interval, and a second instance on the same database too', async () => {
    const { buildApp } = await import('../../server/app');
    const { testConfig } = await import('../../server/config');
    // Two more instances on the same database, polling every 50 ms.
    const config = testConfig({ sessionPollMs: 50 });
    const instances = [await buildApp(config, { database: server.database }), await buildApp(config, { database: server.database })];
    try {
      const admin = await freshAdmin();
      const users = (app: (typeof instances)[number]) => app.inject({ method: 'GET', url: '/api/users?range=[0,0]', headers: { authorization: `Bearer ${admin.token}` } });
      for (const app of instances) expect((await users(app)).statusCode).toBe(200);
      await server.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: `sg_refresh=${admin.refresh}` } });
      // One poll interval, counted in polls rather than milliseconds: after each instance's next poll of
      // its own (the test polls neither), the token is refused there.
      await Promise.all(instances.map((app, i) => nextOwnPoll(app, `instance ${i + 1}`)));
      for (const app of instances) {
        const res = await users(app);
        expect(res.statusCode).toBe(401);
        expect(res.json().msg).toBe(EXPIRED);
      }
    } finally {
      for (const app of instances) await app.close();
    }
  });
});
