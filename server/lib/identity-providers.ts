/**
 * Sign-in through an OpenID Connect provider (Google, LinkedIn): discovery, the code exchange and
 * the check of the ID token. openid-client does the protocol; every ID token, from a code or from
 * Google's button, is then checked here with jose against the issuer's published keys: signature,
 * issuer, audience, expiry, and the nonce where we sent one.
 *
 * Failures are sorted for the person signing in: the provider cannot be reached (503), it answered
 * something unusable (502), or the credential does not hold (401). None of them signs anyone in.
 */
import { createHmac, randomInt } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { SIGN_IN_PROVIDER_LABELS } from '../../src/domain/signIns';
import { isLoopback, type Config, type IdentityProviderConfig } from '../config';
import type { IdentityProvider } from '../db/types';
import { badRequest, HttpError, says, unauthorized } from './errors';

export const PROVIDER_LABELS = SIGN_IN_PROVIDER_LABELS;
/** Where each provider sends the browser back (frontend routes of the specification). */
export const CALLBACK_PATHS: Record<IdentityProvider, string> = { google: '/googlesignin', linkedin: '/linkedIn' };
/** Specification section 10: the OAuth state is 20 characters. */
export const STATE_LENGTH = 20;
const STATE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** How long a provider may take to answer before the sign-in is given up as unreachable. */
const PROVIDER_TIMEOUT_MS = 10_000;

export const STATE_MISMATCH = 'State does not match';

/** Who the provider says signed in. */
export interface FederatedIdentity {
  provider: IdentityProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export function newState(): string {
  return Array.from({ length: STATE_LENGTH }, () => STATE_ALPHABET[randomInt(STATE_ALPHABET.length)]).join('');
}

/** Google's ID tokens name their issuer with or without the scheme. */
function acceptedIssuers(issuer: string): string[] {
  return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
}

function unreachable(provider: IdentityProvider) {
  return new HttpError(503, says('signInUnreachable', { provider: PROVIDER_LABELS[provider] }));
}
function unusableAnswer(provider: IdentityProvider) {
  return new HttpError(502, says('signInUnusable', { provider: PROVIDER_LABELS[provider] }));
}
function notConfirmed(provider: IdentityProvider) {
  return unauthorized(says('signInNotConfirmed', { provider: PROVIDER_LABELS[provider] }));
}
export function notConfigured(provider: IdentityProvider) {
  return new HttpError(503, says('signInNotConfigured', { provider: PROVIDER_LABELS[provider] }));
}

/** The errors of fetch and of timeouts: the provider is down or out of reach. */
function isNetworkFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code, message } = e as { name?: string; code?: string; message?: string };
    if (name === 'TimeoutError' || name === 'AbortError' || code === 'ERR_JWKS_TIMEOUT') return true;
    if (e instanceof TypeError && /fetch failed/i.test(message ?? '')) return true;
    if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR_)/.test(code)) return true;
  }
  return false;
}

/** Sorts an error of the provider's side into the three answers; our own HttpErrors pass through. */
function providerFailure(provider: IdentityProvider, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isNetworkFailure(error)) return unreachable(provider);
  if (error instanceof oidc.ResponseBodyError && (error.error === 'invalid_grant' || error.error === 'invalid_request')) {
    return unauthorized(says('signInCodeUsed', { provider: PROVIDER_LABELS[provider] }));
  }
  if (error instanceof joseErrors.JOSEError) return notConfirmed(provider);
  // openid-client's checks of the token response (signature, claims, nonce, state).
  const code = (error as { code?: string }).code ?? '';
  if (/^OAUTH_(JWT_|JSON_ATTRIBUTE|KEY_SELECTION|INVALID_RESPONSE)/.test(code) && !/SERVER_METADATA/.test(code)) return notConfirmed(provider);
  return unusableAnswer(provider);
}

export class IdentityProviders {
  private readonly discovered = new Map<IdentityProvider, Promise<oidc.Configuration>>();
  private readonly keys = new Map<IdentityProvider, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly providers: Config['identityProviders'],
    private readonly publicUrl: string,
    /** Derives the nonce and PKCE verifier of a state, so that nothing has to be stored between the two calls. */
    private readonly secret: string,
  ) {}

  settings(provider: IdentityProvider): IdentityProviderConfig | undefined {
    return this.providers[provider];
  }

  redirectUri(provider: IdentityProvider): string {
    return `${this.publicUrl}${CALLBACK_PATHS[provider]}`;
  }

  /** Whether a code can be exchanged (a client secret is configured). */
  canExchangeCodes(provider: IdentityProvider): boolean {
    return !!this.providers[provider]?.clientSecret;
  }

  private required(provider: IdentityProvider): IdentityProviderConfig {
    const settings = this.providers[provider];
    if (!settings) throw notConfigured(provider);
    return settings;
  }

  /** The provider's discovery document, fetched once (again after a failure). */
  private discover(provider: IdentityProvider): Promise<oidc.Configuration> {
    const cached = this.discovered.get(provider);
    if (cached) return cached;
    const settings = this.required(provider);
    const issuer = new URL(settings.issuer);
    // Plain http only for a provider on this machine (the test suite's).
    const execute = issuer.protocol === 'http:' && isLoopback(issuer.hostname) ? [oidc.allowInsecureRequests] : [];
    const pending = oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, { execute, timeout: PROVIDER_TIMEOUT_MS / 1000 })
      .catch((error: unknown) => {
        this.discovered.delete(provider);
        throw providerFailure(provider, error);
      });
    this.discovered.set(provider, pending);
    return pending;
  }

  private async signingKeys(provider: IdentityProvider) {
    const known = this.keys.get(provider);
    if (known) return known;
    const jwksUri = (await this.discover(provider)).serverMetadata().jwks_uri;
    if (!jwksUri) throw unusableAnswer(provider);
    const keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    this.keys.set(provider, keys);
    return keys;
  }

  /** The nonce of one sign-in: Google's button puts it into its ID token, binding the token to this browser's state. */
  nonceFor(state: string): string {
    return this.derive('nonce', state);
  }

  /** A secret derived from a state: the nonce and the PKCE verifier of one sign-in. */
  private derive(purpose: 'nonce' | 'pkce', state: string): string {
    return createHmac('sha256', this.secret).update(`oidc-${purpose}:${state}`).digest('base64url');
  }

  /** Google's redirect variant: the provider's authorization address for this state, with a nonce and PKCE. */
  async authorizationUrl(provider: IdentityProvider, state: string): Promise<string> {
    const settings = this.required(provider);
    const configuration = await this.discover(provider);
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: this.redirectUri(provider),
        scope: settings.scope,
        state,
        nonce: this.derive('nonce', state),
        code_challenge: await oidc.calculatePKCECodeChallenge(this.derive('pkce', state)),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /**
   * Checks an ID token: signed by one of the issuer's published keys, issued by it, for our client,
   * not expired, and carrying the nonce of this sign-in where one was sent.
   */
  async verifyIdToken(provider: IdentityProvider, idToken: string, expectedNonce?: string): Promise<FederatedIdentity> {
    const settings = this.required(provider);
    try {
      const keys = await this.signingKeys(provider);
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: acceptedIssuers(settings.issuer),
        audience: settings.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 5,
      });
      if (expectedNonce !== undefined && payload.nonce !== expectedNonce) throw notConfirmed(provider);
      return identityOf(provider, payload);
    } catch (error) {
      throw providerFailure(provider, error);
    }
  }

  /**
   * Exchanges the code the provider returned for tokens and checks the ID token. `withPkce`: the
   * sign-in started at authorizationUrl (a nonce and PKCE were sent); LinkedIn's popup sends neither.
   * `returnedIssuer`: the `iss` of the callback's address, where the browser has it.
   */
  async exchangeCode(provider: IdentityProvider, code: string, state: string, withPkce: boolean, returnedIssuer?: string): Promise<FederatedIdentity> {
    if (!this.canExchangeCodes(provider)) throw notConfigured(provider);
    let idToken: string | undefined;
    try {
      const configuration = await this.discover(provider);
      const callback = new URL(this.redirectUri(provider));
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      // RFC 9207: a provider that names itself in the callback must have named itself. LinkedIn's
      // popup passes the code and state only; its state is bound to this provider by our cookie.
      const metadata = configuration.serverMetadata();
      if (metadata.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', returnedIssuer ?? metadata.issuer);
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        expectedState: state,
        idTokenExpected: true,
        ...(withPkce ? { pkceCodeVerifier: this.derive('pkce', state), expectedNonce: this.derive('nonce', state) } : {}),
      });
      idToken = tokens.id_token;
    } catch (error) {
      throw providerFailure(provider, error);
    }
    if (!idToken) throw unusableAnswer(provider);
    return this.verifyIdToken(provider, idToken, withPkce ? this.derive('nonce', state) : undefined);
  }
}

function identityOf(provider: IdentityProvider, claims: JWTPayload): FederatedIdentity {
  const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
  // Some providers send the flag as text.
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 200) : null;
  return { provider, subject: String(claims.sub), email, emailVerified, name };
}

/** The state a sign-in returned must be the one this browser was given (kept in its cookie). */
export function checkState(kept: string | undefined, returned: string): void {
  if (!kept || kept !== returned) throw badRequest(STATE_MISMATCH);
}
