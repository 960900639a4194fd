/**
 * Sign-in with Google and LinkedIn against a real OpenID provider on loopback (oidc-provider):
 * good codes and tokens, wrong audience, expired, forged, replayed codes, state mismatches, how
 * accounts are linked or created, an unreachable provider, and the linked sign-ins of /profile.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProviderConfig } from '../../server/config';
import { OTHER_CLIENT, startOpenIdProvider, TEST_CLIENT, type TestOpenIdProvider } from '../support/openid-provider';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

const PUBLIC_URL = 'http://127.0.0.1:9999';
const LINKEDIN_SCOPE = 'r_emailaddress openid profile email';

let idp: TestOpenIdProvider;
let server: TestServer;

function providerConfig(issuer: string, scope = 'openid email profile'): IdentityProviderConfig {
  return { issuer, clientId: TEST_CLIENT.id, clientSecret: TEST_CLIENT.secret, scope };
}

beforeAll(async () => {
  idp = await startOpenIdProvider([`${PUBLIC_URL}/linkedIn`, `${PUBLIC_URL}/googlesignin`]);
  server = await startTestServer({
    publicUrl: PUBLIC_URL,
    identityProviders: { google: providerConfig(idp.issuer), linkedin: providerConfig(idp.issuer, LINKEDIN_SCOPE) },
  });
});

afterAll(async () => {
  await server?.close();
  await idp?.stop();
});

/** Asks for a state as the browser does; answers it with the cookie that carries it. */
async function startSignIn(provider: 'google' | 'linkedin', redirect = false, target = server) {
  const res = await target.app.inject({ method: 'POST', url: '/api/auth/oauth-state', payload: { provider, redirect } });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === `sg_oauth_state_${provider}`);
  expect(cookie?.httpOnly).toBe(true);
  const data = res.json().data as { state: string; nonce?: string; authorizationUrl?: string };
  return { ...data, cookie: { [cookie!.name]: cookie!.value } };
}

/** LinkedIn's popup: the library builds this address (with the provider's endpoint in place of linkedin.com). */
function linkedInAuthorizationUrl(state: string) {
  const url = new URL(idp.authorizationEndpoint);
  url.search = new URLSearchParams({ response_type: 'code', client_id: TEST_CLIENT.id, redirect_uri: `${PUBLIC_URL}/linkedIn`, scope: LINKEDIN_SCOPE, state }).toString();
  return url.toString();
}

async function linkedInCode(sub: string) {
  const started = await startSignIn('linkedin');
  const back = await idp.authorize(linkedInAuthorizationUrl(started.state), sub);
  expect(back.pathname).toBe('/linkedIn');
  expect(back.searchParams.get('state')).toBe(started.state);
  return { ...started, code: back.searchParams.get('code')! };
}

function exchange(path: 'signup-with-linkedin' | 'signup-with-google', payload: object, cookie: Record<string, string> = {}, target = server) {
  return target.app.inject({ method: 'POST', url: `/api/users/${path}`, payload, cookies: cookie });
}

/** Google's button: the page's state and nonce first, then an ID token carrying that nonce (or not). */
async function signInWithCredential(claims: Record<string, unknown>, options: { forged?: boolean; expiresInSeconds?: number; withNonce?: boolean } = {}, target = server) {
  const started = await startSignIn('google', false, target);
  expect(started.nonce).toBeTruthy();
  const credential = await idp.signIdToken(options.withNonce === false ? claims : { nonce: started.nonce, ...claims }, options);
  return exchange('signup-with-google', { credential, state: started.state }, started.cookie, target);
}

async function userByEmail(email: string) {
  return server.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

describe('LinkedIn: the popup returns a code, the server exchanges it', () => {
  it('creates a verified USER account without a password, signs it in and answers like the password login', async () => {
    idp.addAccount({ sub: 'li-asha', email: 'asha.verma@example.in', email_verified: true, name: 'Asha Verma' });
    const { code, state, cookie } = await linkedInCode('li-asha');
    expect(state).toMatch(/^[A-Za-z0-9]{20}$/);
    const res = await exchange('signup-with-linkedin', { code, state }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ isVerified: true, email: 'asha.verma@example.in', outcome: 'created' });
    expect(res.cookies.find((c) => c.name === 'sg_refresh')).toBeTruthy();
    const user = await userByEmail('asha.verma@example.in');
    expect(user).toMatchObject({ role: 'USER', isVerified: true, passwordHash: null, name: 'Asha Verma' });
    const me = await server.as(res.json().data.token, { method: 'GET', url: '/api/users/me' });
    expect(me.json().data).toMatchObject({ email: 'asha.verma@example.in', isUser: true });

    // The next sign-in finds the same account through the link, not the email.
    const again = await linkedInCode('li-asha');
    const second = await exchange('signup-with-linkedin', { code: again.code, state: again.state }, again.cookie);
    expect(second.json().data).toMatchObject({ outcome: 'signedIn' });
    expect(await server.database.db.selectFrom('userIdentities').select('id').where('subject', '=', 'li-asha').execute()).toHaveLength(1);
  });

  it('refuses a replayed code, even with a fresh state', async () => {
    idp.addAccount({ sub: 'li-ravi', email: 'ravi@example.in', email_verified: true, name: 'Ravi' });
    const { code, state, cookie } = await linkedInCode('li-ravi');
    expect((await exchange('signup-with-linkedin', { code, state }, cookie)).statusCode).toBe(200);
    const fresh = await startSignIn('linkedin');
    const replay = await exchange('signup-with-linkedin', { code, state: fresh.state }, fresh.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toBe('This LinkedIn sign-in has expired or was already used. Sign in again.');
    expect(replay.cookies.find((c) => c.name === 'sg_refresh')).toBeUndefined();
  });

  it('refuses a state that is not the one this browser was given, and a missing one', async () => {
    idp.addAccount({ sub: 'li-meena', email: 'meena@example.in', email_verified: true });
    const { code, cookie } = await linkedInCode('li-meena');
    const other = await startSignIn('linkedin');
    const mismatch = await exchange('signup-with-linkedin', { code, state: other.state }, cookie);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().msg).toBe('State does not match');
    const noCookie = await exchange('signup-with-linkedin', { code, state: other.state });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().msg).toBe('State does not match');
    // A Google state does not finish a LinkedIn sign-in.
    const google = await startSignIn('google');
    expect((await exchange('signup-with-linkedin', { code, state: google.state }, google.cookie)).json().msg).toBe('State does not match');
    expect(await userByEmail('meena@example.in')).toBeUndefined();
  });
});

describe('Google: the ID token of the button, and the redirect variant', () => {
  it('signs in through the redirect variant (code, PKCE and nonce) and links an existing account by its verified email', async () => {
    idp.addAccount({ sub: 'g-client', email: 'client@acme.demo', email_verified: true, name: 'Acme HR' });
    const started = await startSignIn('google', true);
    const url = new URL(started.authorizationUrl!);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/googlesignin`);
    const back = await idp.authorize(started.authorizationUrl!, 'g-client');
    const res = await exchange('signup-with-google', Object.fromEntries(back.searchParams), started.cookie);
    expect(back.searchParams.get('iss')).toBe(idp.issuer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ outcome: 'linked', email: 'client@acme.demo' });
    const me = await server.as(res.json().data.token, { method: 'GET', url: '/api/users/me' });
    expect(me.json().data.role).toBe('CLIENT');
    // The account keeps its password.
    expect((await server.login('client@acme.demo', DEMO_PASSWORD)).length).toBeGreaterThan(20);
  });

  it('accepts a good ID token from the button and creates the account', async () => {
    const res = await signInWithCredential({ sub: 'g-neha', email: 'neha@example.in', email_verified: true, name: 'Neha Rao' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ isVerified: true, outcome: 'created' });
  });

  it.each([
    ['for another client (wrong audience)', { aud: OTHER_CLIENT.id }, {}],
    ['expired', {}, { expiresInSeconds: -120 }],
    ['signed with another key (forged)', {}, { forged: true }],
    ['from another issuer', { iss: 'https://attacker.example' }, {}],
    ['without this browser’s nonce', {}, { withNonce: false }],
    ['with another sign-in’s nonce', { nonce: 'a-nonce-issued-to-someone-else' }, {}],
  ])('refuses an ID token %s, and signs no one in', async (_label, claims, options) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.in`;
    const res = await signInWithCredential({ sub: `g-${email}`, email, email_verified: true, ...claims }, options);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Google could not confirm who you are. Sign in again.');
    expect(res.cookies.find((c) => c.name === 'sg_refresh')).toBeUndefined();
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses text that is not a token', async () => {
    const started = await startSignIn('google');
    const res = await exchange('signup-with-google', { credential: 'not-a-jwt-at-all-but-long-enough', state: started.state }, started.cookie);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a good token replayed without the state of the browser it was issued to, or twice', async () => {
    const started = await startSignIn('google');
    const credential = await idp.signIdToken({ sub: 'g-replay', email: 'replay@example.in', email_verified: true, nonce: started.nonce });
    const elsewhere = await exchange('signup-with-google', { credential, state: started.state });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().msg).toBe('State does not match');
    expect((await exchange('signup-with-google', { credential, state: started.state }, started.cookie)).statusCode).toBe(200);
    // The state is spent: the same token, state and cookie again are refused.
    const again = await exchange('signup-with-google', { credential, state: started.state }, started.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('State does not match');
    const fresh = await startSignIn('google');
    const otherNonce = await exchange('signup-with-google', { credential, state: fresh.state }, fresh.cookie);
    expect(otherNonce.statusCode).toBe(401);
  });

  it('links only through a verified email: an unverified one creates nothing and links nothing', async () => {
    const res = await signInWithCredential({ sub: 'g-unverified', email: 'client@acme.demo', email_verified: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toContain('no verified email');
    expect(await server.database.db.selectFrom('userIdentities').select('id').where('subject', '=', 'g-unverified').execute()).toEqual([]);
  });

  it('takes the password away from an account whose email was never verified, when the owner of the email links it', async () => {
    const planted = await server.addAccount({ email: 'planted@example.in', isVerified: false });
    const res = await signInWithCredential({ sub: 'g-planted', email: 'planted@example.in', email_verified: true });
    expect(res.json().data).toMatchObject({ outcome: 'linked' });
    const user = await userByEmail('planted@example.in');
    expect(user).toMatchObject({ id: planted.id, isVerified: true, passwordHash: null });
  });

  it('refuses a disabled account', async () => {
    await server.addAccount({ email: 'disabled@example.in', isActive: false });
    const res = await signInWithCredential({ sub: 'g-disabled', email: 'disabled@example.in', email_verified: true });
    expect(res.statusCode).toBe(403);
  });
});

describe('configuration and an unreachable provider', () => {
  it('says a provider is not configured, and answers its calls with 503', async () => {
    const bare = await startTestServer();
    try {
      const providers = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json().data).toMatchObject({ google: false, linkedin: false, googleClientId: null });
      const res = await bare.app.inject({ method: 'POST', url: '/api/users/signup-with-google', payload: { credential: 'x'.repeat(40), state: 'x'.repeat(20) } });
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toBe('Google sign-in is not configured on this server.');
      const state = await bare.app.inject({ method: 'POST', url: '/api/auth/oauth-state', payload: { provider: 'linkedin' } });
      expect(state.json().msg).toBe('LinkedIn sign-in is not configured on this server.');
    } finally {
      await bare.close();
    }
  });

  it('tells the browser what it needs for each provider', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json().data).toEqual({
      google: true,
      googleClientId: TEST_CLIENT.id,
      googleRedirect: true,
      linkedin: true,
      linkedinClientId: TEST_CLIENT.id,
      linkedinScope: LINKEDIN_SCOPE,
      linkedinRedirectUri: `${PUBLIC_URL}/linkedIn`,
    });
  });

  it('answers 503 when the provider cannot be reached and 502 when it answers nonsense, never 500', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nonsense: Server = createServer((_req, res) => {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html');
      res.end('<html>maintenance</html>');
    });
    await new Promise<void>((resolve) => nonsense.listen(0, '127.0.0.1', resolve));
    const nonsenseIssuer = `http://127.0.0.1:${(nonsense.address() as AddressInfo).port}`;
    const broken = await startTestServer({
      publicUrl: PUBLIC_URL,
      identityProviders: { google: providerConfig(`http://127.0.0.1:${closedPort}`), linkedin: providerConfig(nonsenseIssuer, LINKEDIN_SCOPE) },
    });
    try {
      const down = await signInWithCredential({ sub: 'g-x', email: 'x@example.in', email_verified: true }, {}, broken);
      expect(down.statusCode).toBe(503);
      expect(down.json().msg).toBe('Google sign-in is unavailable right now: its server could not be reached. Try again in a few minutes.');
      const redirect = await broken.app.inject({ method: 'POST', url: '/api/auth/oauth-state', payload: { provider: 'google', redirect: true } });
      expect(redirect.statusCode).toBe(503);
      expect(redirect.cookies.find((c) => c.name === 'sg_oauth_state_google')).toBeUndefined();

      const started = await startSignIn('linkedin', false, broken);
      const garbage = await exchange('signup-with-linkedin', { code: 'some-code', state: started.state }, started.cookie, broken);
      expect(garbage.statusCode).toBe(502);
      expect(garbage.json().msg).toBe('LinkedIn answered in a way this server cannot use. Try again in a few minutes.');
    } finally {
      await broken.close();
      await new Promise<void>((resolve) => nonsense.close(() => resolve()));
    }
  });

  it('lets Google’s button load, and our sign-in popups keep their opener', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://accounts.google.com/gsi/client;");
    expect(policy).toContain('frame-src https://accounts.google.com/gsi/;');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const landing = await server.app.inject({ method: 'GET', url: '/linkedIn?code=x&state=y' });
    expect(landing.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const bare = await startTestServer();
    try {
      const plain = await bare.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(plain.headers['content-security-policy'])).not.toContain('google');
      expect(plain.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      await bare.close();
    }
  });

  it('issues states to one address only so often', async () => {
    await server.clearThrottle();
    let res;
    let issued = 0;
    for (;;) {
      res = await server.app.inject({ method: 'POST', url: '/api/auth/oauth-state', payload: { provider: 'linkedin' } });
      if (res.statusCode !== 200 || issued > 300) break;
      issued++;
    }
    expect(issued).toBe(200);
    expect(res.statusCode).toBe(429);
    await server.clearThrottle();
  });

  it('checks its input', async () => {
    expect((await exchange('signup-with-linkedin', { code: '', state: 'x'.repeat(20) })).json().msg).toBe('code: The authorization code is missing.');
    expect((await exchange('signup-with-linkedin', { code: 'abc', state: 'short' })).json().msg).toBe('state: State does not match');
    const bad = await server.app.inject({ method: 'POST', url: '/api/auth/oauth-state', payload: { provider: 'facebook' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('provider: The provider must be google or linkedin.');
  });
});

describe('linked sign-ins on the profile', () => {
  it('lists them, keeps the only way in until a password is set, then removes one', async () => {
    idp.addAccount({ sub: 'li-kiran', email: 'kiran@example.in', email_verified: true, name: 'Kiran' });
    const { code, state, cookie } = await linkedInCode('li-kiran');
    const token = (await exchange('signup-with-linkedin', { code, state }, cookie)).json().data.token as string;
    const list = await server.as(token, { method: 'GET', url: '/api/users/me/sign-ins' });
    expect(list.json().data).toMatchObject({ hasPassword: false, identities: [{ provider: 'linkedin', email: 'kiran@example.in' }] });
    const id = list.json().data.identities[0].id as string;

    const refused = await server.as(token, { method: 'DELETE', url: `/api/users/me/sign-ins/${id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('Set a password before you remove your only way to sign in.');

    const weak = await server.as(token, { method: 'POST', url: '/api/users/set-password', payload: { newPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    const set = await server.as(token, { method: 'POST', url: '/api/users/set-password', payload: { newPassword: 'Kiran@2026x' } });
    expect(set.statusCode, set.body).toBe(200);
    // Like a password change, it ends the account's other sessions and answers a fresh one.
    const fresh = set.json().data.token as string;
    expect(fresh).not.toBe(token);
    const twice = await server.as(fresh, { method: 'POST', url: '/api/users/set-password', payload: { newPassword: 'Other@2026x' } });
    expect(twice.statusCode).toBe(400);

    const removed = await server.as(fresh, { method: 'DELETE', url: `/api/users/me/sign-ins/${id}` });
    expect(removed.statusCode).toBe(200);
    expect((await server.as(fresh, { method: 'GET', url: '/api/users/me/sign-ins' })).json().data).toMatchObject({ hasPassword: true, identities: [] });
    expect((await server.login('kiran@example.in', 'Kiran@2026x')).length).toBeGreaterThan(20);

    // Another user's link is not found for me.
    const other = await server.token('admin@skillgauge.demo');
    expect((await server.as(other, { method: 'DELETE', url: `/api/users/me/sign-ins/${id}` })).statusCode).toBe(404);
  });
});
