/**
 * A real OpenID Connect provider on loopback (the `oidc-provider` package), standing in for Google
 * and LinkedIn in the API and browser tests. It has one test client (plus another, for tokens meant
 * for someone else), accounts the test adds, and a plain sign-in page: choose an account's email,
 * press "Continue". It signs with a key this harness holds, so a test can also mint tokens the
 * provider itself would not (expired ones) and forged ones (another key under the same key id).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

export const TEST_CLIENT = { id: 'skillgauge-test', secret: 'test-client-secret-0123456789' };
export const OTHER_CLIENT = { id: 'someone-else', secret: 'other-client-secret-0123456789' };
const KEY_ID = 'test-key-1';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  /** Adds (or replaces) an account that can sign in. */
  addAccount: (account: TestAccount) => void;
  /** Follows an authorization address as a browser would, signing in as `sub`; answers the address the provider sends back to. */
  authorize: (authorizationUrl: string, sub: string) => Promise<URL>;
  /** An ID token signed with the provider's own key (or a forged one), with any claims. */
  signIdToken: (claims: Record<string, unknown>, options?: { forged?: boolean; expiresInSeconds?: number }) => Promise<string>;
  /** The authorization endpoint, as the discovery document names it. */
  authorizationEndpoint: string;
  stop: () => Promise<void>;
}

function page(title: string, body: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto">${body}</body></html>`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider on 127.0.0.1 at a free port; `redirectUris` are the test client's callbacks. */
export async function startOpenIdProvider(redirectUris: string[]): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, TestAccount>();
  const signing = await generateKeyPair('RS256', { extractable: true });
  const forging = await generateKeyPair('RS256', { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(signing.privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };

  // Listen first: the issuer's address includes the port.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      { client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret, redirect_uris: redirectUris, token_endpoint_auth_method: 'client_secret_post' },
      { client_id: OTHER_CLIENT.id, client_secret: OTHER_CLIENT.secret, redirect_uris: redirectUris, token_endpoint_auth_method: 'client_secret_post' },
    ],
    jwks: { keys: [privateJwk] },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google and LinkedIn: the ID token carries the email and name, not only the userinfo answer.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<h1>Sign-in error</h1><pre>${escapeHtml(JSON.stringify(out))}</pre>`);
    },
  });
  const callback = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, uid: string) {
    if (request.method === 'GET') {
      const details = await provider.interactionDetails(request, response);
      const options = [...accounts.values()]
        .map((a) => `<option value="${escapeHtml(a.sub)}">${escapeHtml(a.email ?? a.sub)}</option>`)
        .join('');
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(
        page(
          'Sign in to the test provider',
          `<h1>Test provider</h1><p>Signing in to ${escapeHtml(String(details.params.client_id))}</p>
           <form method="post" action="/interaction/${escapeHtml(uid)}">
             <label>Account <select name="login">${options}</select></label>
             <button type="submit">Continue</button>
           </form>`,
        ),
      );
      return;
    }
    const form = await readForm(request);
    const details = await provider.interactionDetails(request, response);
    const accountId = form.get('login') ?? '';
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId, clientId });
    const requested = String(details.params.scope ?? 'openid').split(' ');
    grant.addOIDCScope(requested.filter((s) => ['openid', 'email', 'profile'].includes(s)).join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([^/?]+)/.exec(request.url ?? '');
    if (!match) return void callback(request, response);
    interaction(request, response, match[1]).catch((error: Error) => {
      response.statusCode = 500;
      response.end(page('Interaction error', escapeHtml(error.message)));
    });
  });

  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string };

  async function authorize(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    let res = await send(authorizationUrl);
    for (let hops = 0; hops < 10; hops++) {
      const location = res.headers.get('location');
      if (!location) throw new Error(`The provider answered ${res.status} without a redirect: ${await res.text()}`);
      const next = new URL(location, issuer);
      if (next.origin !== issuer) return next;
      res = next.pathname.startsWith('/interaction/')
        ? await send(next.toString(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ login: sub }).toString() })
        : await send(next.toString());
    }
    throw new Error('Too many redirects at the test provider');
  }

  return {
    issuer,
    authorizationEndpoint: discovery.authorization_endpoint,
    addAccount: (account) => void accounts.set(account.sub, account),
    authorize,
    signIdToken: async (claims, { forged = false, expiresInSeconds = 600 } = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud: TEST_CLIENT.id, iat: now, exp: now + expiresInSeconds, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .sign(forged ? forging.privateKey : signing.privateKey);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
