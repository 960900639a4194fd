/** Sign-in, one-time codes, tokens, sign-up and password flows (spec sections 7 and 8, DESIGN.md section 4). */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTION_NAMES, ALL_ENTITIES, expectedCan } from '../domain/rules';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// Every injected request comes from one address; earlier tests' failures must not lock later ones out.
beforeEach(() => server.clearThrottle());

const PENDING = 'pending@skillgauge.demo';
const ADMIN = 'admin@skillgauge.demo';
const USER = 'user@skillgauge.demo';

const post = (url: string, payload: unknown, token?: string) => server.as(token, { method: 'POST', url, payload: payload as object });
const login = (email: string, password = DEMO_PASSWORD) => post('/api/users/login', { email, password });
const me = (token: string | undefined) => server.as(token, { method: 'GET', url: '/api/users/me' });
const refresh = (refreshToken: string) =>
  server.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: 'skillgauge-web',
      redirect_uri: 'http://localhost:5173/',
      refresh_token: refreshToken,
    }).toString(),
  });

/** The refresh token an answer set in its httpOnly cookie. */
const refreshCookie = (res: { headers: Record<string, unknown> }) => {
  const token = /sg_refresh=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
  if (!token) throw new Error('no refresh cookie set');
  return token;
};

/** Signs in and answers both tokens (the refresh token from its cookie: never in the body). */
async function session(email: string, password = DEMO_PASSWORD) {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.token as string, refreshToken: refreshCookie(res) };
}

/** The stored one-time code row of an account (newest first). */
const codeRows = async (email: string) =>
  server.database.db
    .selectFrom('oneTimeTokens')
    .innerJoin('users', 'users.id', 'oneTimeTokens.userId')
    .select(['oneTimeTokens.id', 'oneTimeTokens.attempts', 'oneTimeTokens.expiresAt', 'oneTimeTokens.createdAt', 'oneTimeTokens.consumedAt'])
    .where('users.email', '=', email)
    .where('oneTimeTokens.purpose', '=', 'verify')
    .orderBy('oneTimeTokens.createdAt', 'desc')
    .execute();

let accounts = 0;
/** A new account of its own for a test that changes it (cheaper than reset()). */
const freshAccount = (fields: { isVerified?: boolean } = {}) =>
  server.addAccount({ email: `account${++accounts}@test.example`, name: `Account ${accounts}`, ...fields });

const wrongCode = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
const verify = (email: string, otp: string) => post('/api/users/verify-otp', { email, otp });
const requestCode = async (email: string) => {
  const res = await post('/api/users/generate-otp', { email });
  expect(res.statusCode, res.body).toBe(200);
  return server.latestCode(email);
};

describe('POST /api/users/login', () => {
  it('signs a verified account in with an access token, and the refresh token only in an httpOnly cookie', async () => {
    const res = await login('Admin@SkillGauge.demo');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(1);
    expect(body.data).toMatchObject({ isVerified: true, email: ADMIN });
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Page scripts read the body: the refresh token stays out of it.
    expect(body.data).not.toHaveProperty('refreshToken');
    expect(res.body).not.toContain(refreshCookie(res));
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/sg_refresh=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect((await me(body.data.token)).json().data.email).toBe(ADMIN);
  });

  it.each([
    ['a wrong password', ADMIN, 'Wrong@1234'],
    ['an unknown account', 'nobody@skillgauge.demo', DEMO_PASSWORD],
  ])('refuses %s with 401 and the same message', async (_label, email, password) => {
    const res = await login(email, password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: 0, msg: 'Invalid username or password' });
    expect(res.json().data).toBeUndefined();
  });

  it('asks an unverified account for its code instead of answering a token', async () => {
    const res = await login(PENDING);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isVerified: false, token: null, email: PENDING });
    expect(res.json().data.refreshToken).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a deactivated account with 403, and stops its refresh tokens', async () => {
    const { email, id } = await freshAccount();
    const { refreshToken } = await session(email);
    await server.database.db.updateTable('users').set({ isActive: false }).where('id', '=', id).execute();
    const res = await login(email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ result: 0, msg: expect.stringMatching(/disabled/) });
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('names the missing fields', async () => {
    const res = await post('/api/users/login', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, errors: { email: 'Email or username is required', password: 'Password is required' } });
  });
});

describe('one-time codes', () => {
  it('POST /api/users/generate-otp mails a 6-digit code that expires in 10 minutes', async () => {
    const before = Date.now();
    const code = await requestCode(PENDING);
    const after = Date.now();
    expect(code).toMatch(/^\d{6}$/);
    const mail = await server.latestMail(PENDING);
    expect(mail?.subject).toContain(code);
    const [row] = await codeRows(PENDING);
    // Ten minutes from the request, whenever the machine got to it.
    const expires = new Date(row.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(expires).toBeLessThanOrEqual(after + 10 * 60_000);
  });

  it('answers the same for unknown and verified accounts, and mails them nothing', async () => {
    for (const email of ['nobody@skillgauge.demo', USER]) {
      const res = await post('/api/users/generate-otp', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ sent: true });
      expect(await server.latestMail(email)).toBeUndefined();
    }
  });

  it('refuses a wrong code with 400, then verifies the right one and answers a token', async () => {
    const { email } = await freshAccount({ isVerified: false });
    const code = await requestCode(email);
    const wrong = await verify(email, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ result: 0, errors: { otp: expect.any(String) } });

    const right = await verify(email, code);
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ isVerified: true, email });
    const token = right.json().data.token;
    expect((await me(token)).json().data).toMatchObject({ email, isVerified: true });

    // The code is spent, and the account now signs in directly.
    expect((await verify(email, code)).statusCode).toBe(400);
    expect((await login(email)).json().data.token).toEqual(expect.any(String));
  });

  it('validates the code format', async () => {
    const res = await verify(PENDING, '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ otp: 'Enter the 6-digit code' });
  });

  it('exhausts a code after 5 wrong attempts', async () => {
    const { email } = await freshAccount({ isVerified: false });
    const code = await requestCode(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await verify(email, wrongCode(code));
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
      if (attempt === 5) expect(res.json().msg).toBe('Too many wrong codes. Request a new code.');
    }
    expect((await codeRows(email))[0].attempts).toBe(5);
    // Even once the sign-in throttle has let go, the exhausted code stays dead.
    await server.clearThrottle();
    const late = await verify(email, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().data).toBeUndefined();
    // A new code works.
    const fresh = await requestCode(email);
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('throttles guessing: the sixth try within the window answers 429', async () => {
    const { email } = await freshAccount({ isVerified: false });
    const code = await requestCode(email);
    for (let i = 0; i < 5; i++) await verify(email, wrongCode(code));
    const res = await verify(email, code);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a code older than 10 minutes', async () => {
    const { email } = await freshAccount({ isVerified: false });
    const code = await requestCode(email);
    const [row] = await codeRows(email);
    await server.database.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/expired/);
  });

  it('a new code replaces the earlier one', async () => {
    const { email } = await freshAccount({ isVerified: false });
    const first = await requestCode(email);
    let second = await requestCode(email);
    // The two may coincide by chance (1 in a million); ask again so the check below means something.
    while (second === first) second = await requestCode(email);
    expect((await verify(email, first)).statusCode).toBe(400);
    expect((await verify(email, second)).statusCode).toBe(200);
  });
});

describe('GET /api/users/me', () => {
  it.each([ADMIN, 'content@skillgauge.demo', 'recruiter@acme.demo', 'client@globex.demo', USER])(
    'answers the profile of %s with its 19 permissions',
    async (email) => {
      const demo = (await server.demoUsers()).get(email)!;
      const res = await server.asUser(email, { method: 'GET', url: '/api/users/me' });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ id: demo.id, email, role: demo.role, membershipType: demo.membershipType, clientId: demo.clientId });
      expect(data.passwordHash).toBeUndefined();
      expect(data.permissions).toHaveLength(19);
      expect(data.permissions.map((p: { entity: string }) => p.entity).sort()).toEqual([...ALL_ENTITIES].sort());
      for (const p of data.permissions) {
        expect(Object.keys(p.actions).sort(), p.entity).toEqual([...ACTION_NAMES].sort());
        for (const action of ACTION_NAMES) expect(p.actions[action], `${p.entity} ${action}`).toBe(expectedCan(demo, p.entity, action));
      }
      expect(data.isAdmin).toBe(demo.role === 'ADMIN');
    },
  );

  it('answers 401 without a token, with a malformed one, and with one signed by another key', async () => {
    const forged = await new SignJWT({ role: 'ADMIN', perms: {} })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000001')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    for (const token of [undefined, 'garbage', forged]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ result: 0, msg: expect.any(String) });
    }
  });
});

describe('POST /oauth/token', () => {
  it('answers a new id_token for a form-encoded refresh token, and rotates the refresh token', async () => {
    const first = await session(ADMIN);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(body.id_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.refresh_token).not.toBe(first.refreshToken);
    expect((await me(body.id_token)).json().data.email).toBe(ADMIN);
    // The rotated token works in turn.
    expect((await refresh(body.refresh_token)).statusCode).toBe(200);
  });

  it('treats a replayed refresh token as theft: 401, and the whole family is revoked', async () => {
    const first = await session(ADMIN);
    const second = (await refresh(first.refreshToken)).json().refresh_token;
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().result).toBe(0);
    // The newest token of the family stops working too.
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same account alone on a replay', async () => {
    const victim = await session(ADMIN);
    const other = await session(ADMIN);
    await refresh(victim.refreshToken);
    await refresh(victim.refreshToken);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an unknown, an expired or a missing refresh token, and another grant type', async () => {
    expect((await refresh('no-such-token')).statusCode).toBe(401);

    const account = await freshAccount();
    const expired = await session(account.email);
    await server.database.db.updateTable('refreshTokens').set({ expiresAt: new Date(Date.now() - 1000) }).where('userId', '=', account.id).execute();
    expect((await refresh(expired.refreshToken)).statusCode).toBe(401);

    const form = (fields: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    expect((await form({ grant_type: 'refresh_token' })).statusCode).toBe(400);
    const password = await form({ grant_type: 'password', refresh_token: 'x' });
    expect(password.statusCode).toBe(400);
    expect(password.json().result).toBe(0);
  });

  it('also reads the refresh token from its cookie, and then answers the next one only in the cookie', async () => {
    const { refreshToken } = await session(ADMIN);
    const res = await server.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sg_refresh=${refreshToken}` },
      payload: 'grant_type=refresh_token',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('refresh_token');
    const next = refreshCookie(res);
    expect(next).not.toBe(refreshToken);
    expect(res.body).not.toContain(next);
    expect((await refresh(next)).statusCode).toBe(200);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the refresh token given in the body', async () => {
    const { refreshToken } = await session(ADMIN);
    const res = await post('/api/users/logout', { refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ signedOut: true });
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('revokes the refresh token of the cookie, and the rotated ones of its family', async () => {
    const { refreshToken } = await session(ADMIN);
    const rotated = (await refresh(refreshToken)).json().refresh_token;
    const res = await server.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: `sg_refresh=${rotated}` } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/sg_refresh=;/);
    expect((await refresh(rotated)).statusCode).toBe(401);
  });
});

describe('throttling of failed sign-ins', () => {
  /** Records earlier failures straight in the throttle table, so the limit is reached without a hash per try. */
  const priorFailures = (key: string, failures: number) =>
    server.database.db.insertInto('throttle').values({ key, failures, windowStartedAt: new Date(), lockedUntil: null }).execute();

  it('locks an account after 5 failures: 429 with Retry-After and a message, even with the right password', async () => {
    const { email } = await freshAccount();
    for (let i = 1; i <= 5; i++) expect((await login(email, `Wrong@${i}`)).statusCode, `failure ${i}`).toBe(401);
    const locked = await login(email);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.json()).toMatchObject({ result: 0, msg: 'Too many attempts. Try again in 15 minutes.' });
    // Other accounts still sign in from the same address.
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it('forgets the failures of an account after a successful sign-in', async () => {
    const { email } = await freshAccount();
    await priorFailures(`login:${email}`, 4);
    expect((await login(email)).statusCode).toBe(200);
    // Had the 4 failures been kept, this one would lock the account and the next sign-in would answer 429.
    expect((await login(email, 'Wrong@1234')).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('locks an address after 30 failures, whatever the accounts', async () => {
    const address = '203.0.113.7';
    const from = (email: string, password: string) =>
      server.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: address });
    await priorFailures(`ip:${address}`, 28);
    expect((await from('guess1@test.example', 'Wrong@1234')).statusCode).toBe(401);
    expect((await from('guess2@test.example', 'Wrong@1234')).statusCode).toBe(401);
    const locked = await from(ADMIN, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(ADMIN)).statusCode).toBe(200);
  });
});

describe('sign-up', () => {
  it('POST /api/users/signup creates a client company with an unverified CLIENT user and mails a code', async () => {
    const email = 'founder@initech.example';
    const res = await post('/api/users/signup', {
      companyName: 'Initech',
      legalType: 'private limited company',
      name: 'Bill Lumbergh',
      email: 'Founder@Initech.example',
      password: 'Tps-Report1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ isVerified: false, email });

    const user = await server.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'CLIENT', isVerified: false, name: 'Bill Lumbergh' });
    const client = await server.database.db.selectFrom('clients').selectAll().where('id', '=', user.clientId!).executeTakeFirstOrThrow();
    expect(client).toMatchObject({ name: 'Initech', legalType: 'private limited company' });
    expect((await server.auditOf(client.id)).map((a) => a.action)).toEqual(['create']);
    expect((await server.auditOf(user.id)).map((a) => a.action)).toEqual(['create']);

    // Signing in asks for the code; the code signs in as the client.
    expect((await login(email, 'Tps-Report1')).json().data).toMatchObject({ isVerified: false, token: null });
    const verified = await verify(email, await server.latestCode(email));
    expect(verified.statusCode).toBe(200);
    const profile = (await me(verified.json().data.token)).json().data;
    expect(profile).toMatchObject({ role: 'CLIENT', clientId: client.id, clientName: 'Initech' });
  });

  it('POST /api/users/register creates an unverified USER and mails a code', async () => {
    const email = 'candidate@example.org';
    const res = await post('/api/users/register', { name: 'Kavya Candidate', email, password: 'Learn2Code' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ isVerified: false, email });
    const user = await server.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'USER', isVerified: false, clientId: null, membershipType: null });
    const verified = await verify(email, await server.latestCode(email));
    expect(verified.statusCode).toBe(200);
    expect((await me(verified.json().data.token)).json().data).toMatchObject({ role: 'USER', isUser: true });
  });

  it.each([
    ['/api/users/signup', 'client@acme.demo', (email: string) => ({ companyName: 'Dup', name: 'Dup', email, password: 'Secret123' })],
    ['/api/users/register', 'user@skillgauge.demo', (email: string) => ({ name: 'Dup', email, password: 'Secret123' })],
  ])('%s answers the same for an email in use, and mails its account a note instead of a code', async (url, existing, payload) => {
    const fresh = `new.${url.split('/').at(-1)}@test.example`;
    const created = await post(url, payload(fresh));
    const taken = await post(url, payload(existing.toUpperCase()));
    expect(created.statusCode, created.body).toBe(200);
    expect(taken.statusCode, taken.body).toBe(200);
    const shape = (res: typeof taken) => ({ ...res.json(), data: { ...res.json().data, email: '…' } });
    expect(shape(taken)).toEqual(shape(created));
    expect(taken.json().msg).toMatch(/already has an account gets a note/);

    const note = await server.latestMail(existing);
    expect(note?.subject).toBe('Someone tried to sign up to Skillgauge with your email');
    expect(note?.textBody).toContain('http://localhost:8080/forgotpassword');
    expect(note?.textBody).not.toMatch(/\b\d{6}\b/);
    // Nothing changed: the account still signs in with its own password, and no second one exists.
    expect((await login(existing)).statusCode).toBe(200);
    const accounts = await server.database.db.selectFrom('users').select('id').where('email', '=', existing).execute();
    expect(accounts).toHaveLength(1);
  });

  it('throttles sign-up per email (5) and per address (30), whether or not the email has an account', async () => {
    const register = (email: string, remoteAddress = '198.51.100.20') =>
      server.app.inject({ method: 'POST', url: '/api/users/register', payload: { name: 'Spam', email, password: 'Secret123' }, remoteAddress });
    for (let i = 1; i <= 5; i++) expect((await register(USER)).statusCode, `attempt ${i}`).toBe(200);
    const locked = await register(USER);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/Too many attempts/);
    // Per address: earlier attempts are recorded straight in the table to spare 30 password hashes.
    await server.database.db.insertInto('throttle').values({ key: 'signup-ip:198.51.100.21', failures: 29, windowStartedAt: new Date(), lockedUntil: null }).execute();
    expect((await register('one@test.example', '198.51.100.21')).statusCode).toBe(200);
    expect((await register('two@test.example', '198.51.100.21')).statusCode).toBe(429);
    expect((await register('two@test.example', '198.51.100.22')).statusCode).toBe(200);
  });

  it.each([
    ['/api/users/signup', { name: '', email: 'x', password: 'short' }, ['companyName', 'name', 'email', 'password']],
    ['/api/users/register', { email: 'x@y.io', password: 'abcdefgh' }, ['name', 'password']],
  ])('%s names each invalid field', async (url, payload, fields) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
  });
});

describe('forgot and reset password', () => {
  const mailedResetToken = async (email: string) => {
    const mail = await server.latestMail(email);
    const token = mail?.textBody.match(/\/resetPassword\?token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no reset link mailed to ${email}`);
    return token;
  };

  it('mails a link whose token sets a new password once, and signs the old sessions out', async () => {
    const { email } = await freshAccount();
    const old = await session(email);
    const asked = await post('/api/users/forgot-password', { email });
    expect(asked.statusCode).toBe(200);
    const token = await mailedResetToken(email);

    const check = await post('/api/users/reset-password/check', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toEqual({ valid: true, email: email });

    const weak = await post('/api/users/reset-password', { token, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe('Password must be at least 8 characters');

    const reset = await post('/api/users/reset-password', { token, password: 'Fresh-Start9' });
    expect(reset.statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'Fresh-Start9')).statusCode).toBe(200);
    expect((await refresh(old.refreshToken)).statusCode).toBe(401);
    // The link is spent.
    expect((await post('/api/users/reset-password', { token, password: 'Again-Start9' })).statusCode).toBe(400);
    expect((await post('/api/users/reset-password/check', { token })).statusCode).toBe(400);
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const res = await post('/api/users/forgot-password', { email: 'ghost@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sent: true });
    expect(await server.latestMail('ghost@example.org')).toBeUndefined();
  });

  it('refuses an unknown or expired link', async () => {
    expect((await post('/api/users/reset-password', { token: 'x'.repeat(43), password: 'Fresh-Start9' })).statusCode).toBe(400);
    const { email, id } = await freshAccount();
    await post('/api/users/forgot-password', { email });
    const token = await mailedResetToken(email);
    await server.database.db.updateTable('oneTimeTokens').set({ expiresAt: new Date(Date.now() - 1000) }).where('userId', '=', id).execute();
    expect((await post('/api/users/reset-password', { token, password: 'Fresh-Start9' })).statusCode).toBe(400);
  });
});

describe('POST /api/users/change-password', () => {
  it('requires a signed-in user and the current password', async () => {
    const { email } = await freshAccount();
    expect((await post('/api/users/change-password', { currentPassword: DEMO_PASSWORD, newPassword: 'Newer-Pass1' })).statusCode).toBe(401);
    const { token } = await session(email);
    const res = await post('/api/users/change-password', { currentPassword: 'Wrong@1234', newPassword: 'Newer-Pass1' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ currentPassword: 'The current password is wrong.' });
    expect((await login(email)).statusCode).toBe(200);
  });

  it('changes the password and signs the other sessions out', async () => {
    const { email, id } = await freshAccount();
    const mine = await session(email);
    const other = await session(email);
    const res = await post('/api/users/change-password', { currentPassword: DEMO_PASSWORD, newPassword: 'Newer-Pass1' }, mine.token);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data;
    expect(fresh.token).toEqual(expect.any(String));
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(mine.refreshToken)).statusCode).toBe(401);
    expect(fresh).not.toHaveProperty('refreshToken');
    expect((await refresh(refreshCookie(res))).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'Newer-Pass1')).statusCode).toBe(200);
    const audit = await server.auditOf(id);
    expect(audit.map((a) => a.action)).toContain('update');
    expect(JSON.stringify(audit)).not.toContain('Newer-Pass1');
  });
});

describe('POST /api/users/change-credentials', () => {
  it('changes the email and username after checking the current password', async () => {
    const { email, id: userId } = await freshAccount();
    const { token, refreshToken } = await session(email);
    const res = await post(
      '/api/users/change-credentials',
      { currentPassword: DEMO_PASSWORD, email: `New.${email.toUpperCase()}`, username: `user.${userId.slice(0, 8)}` },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: `new.${email}`, token: expect.any(String) });
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(`new.${email}`)).statusCode).toBe(200);
    expect((await login(`user.${userId.slice(0, 8)}`)).statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const audit = await server.auditOf(userId);
    expect(audit.at(-1)).toMatchObject({ action: 'update', before: { email }, after: { email: `new.${email}` } });
  });

  it('changes the password', async () => {
    const { email } = await freshAccount();
    const { token } = await session(email);
    const res = await post('/api/users/change-credentials', { currentPassword: DEMO_PASSWORD, newPassword: 'Another-Pass2' }, token);
    expect(res.statusCode).toBe(200);
    expect((await login(email, 'Another-Pass2')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, an empty change and an email in use', async () => {
    const { email } = await freshAccount();
    const { token } = await session(email);
    const wrong = await post('/api/users/change-credentials', { currentPassword: 'Wrong@1234', email: 'x@skillgauge.demo' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'The current password is wrong.' });

    const empty = await post('/api/users/change-credentials', { currentPassword: DEMO_PASSWORD }, token);
    expect(empty.statusCode).toBe(400);

    const taken = await post('/api/users/change-credentials', { currentPassword: DEMO_PASSWORD, email: ADMIN }, token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().result).toBe(0);
    expect((await login(email)).statusCode).toBe(200);
  });
});
