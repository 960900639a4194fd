/**
 * Sign-in with Google and LinkedIn (OpenID Connect), and the linked sign-ins of one's own account.
 *
 * The browser first asks for a state (POST /auth/oauth-state): 20 characters, kept in an httpOnly
 * cookie of this browser, one per provider. What a provider returns is accepted only with that same
 * state, once: a code is exchanged with it, and the ID token of Google's button must carry the
 * nonce derived from it. So a code or a token captured elsewhere (or replayed) signs no one in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idAnswerSchema } from '../../../src/domain/answers';
import { passwordSchema } from '../../../src/domain/schemas';
import { LINKED_SIGN_IN_MESSAGES } from '../../../src/domain/signIns';
import { federatedSessionSchema, oauthStateSchema, passwordSetSchema, signInProvidersSchema, signInsSchema } from '../../../src/domain/userAnswers';
import { answers, answersSaying, ok, okSaying } from '../../lib/answers';
import type { IdentityProvider } from '../../db/types';
import { recordAudit } from '../../lib/audit';
import { currentUser } from '../../lib/auth';
import { hashPassword } from '../../lib/crypto';
import { badRequest, notFound } from '../../lib/errors';
import { checkState, newState, notConfigured, STATE_LENGTH, STATE_MISMATCH, type FederatedIdentity } from '../../lib/identity-providers';
import { ADDRESS_POLICY, OAUTH_STATE_POLICY } from '../../lib/throttle';
import type { Services } from '../../services';
import { findUserEmail, recordLogin } from '../auth/queries';
import { startSessionFor } from '../auth/routes';
import * as q from './queries';

/** One cookie per provider: the sign-in page fetches both states before either button is pressed. */
const stateCookie = (provider: IdentityProvider) => `sg_oauth_state_${provider}`;
const STATE_TTL_SECONDS = 10 * 60;

const providerSchema = z.enum(['google', 'linkedin'], { error: 'The provider must be google or linkedin.' });
const codeSchema = z.string({ error: 'The authorization code is missing.' }).min(1, 'The authorization code is missing.').max(2048, 'The authorization code is too long.');
const stateSchema = z.string({ error: 'The state is missing.' }).length(STATE_LENGTH, STATE_MISMATCH);
const codeBody = z.object({ code: codeSchema, state: stateSchema, iss: z.string().max(500).optional() });
const googleBody = z.union([
  z.object({ credential: z.string().min(20, 'The Google credential is missing.').max(8192, 'The Google credential is too long.'), state: stateSchema }),
  codeBody,
]);

export default async function signInRoutes(app: FastifyInstance, services: Services) {
  const { db, config, throttle, identityProviders } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;

  r.get('/auth/providers', { config: { access: 'public' }, schema: { tags: ['auth'], response: answers(signInProvidersSchema) } }, async () => {
    const google = identityProviders.settings('google');
    const linkedin = identityProviders.settings('linkedin');
    return ok({
      google: !!google,
      googleClientId: google?.clientId ?? null,
      // The redirect variant (/googlesignin) exchanges a code, which takes the client secret.
      googleRedirect: identityProviders.canExchangeCodes('google'),
      linkedin: !!linkedin,
      linkedinClientId: linkedin?.clientId ?? null,
      linkedinScope: linkedin?.scope ?? null,
      linkedinRedirectUri: linkedin ? identityProviders.redirectUri('linkedin') : null,
    });
  });

  r.post(
    '/auth/oauth-state',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: z.object({ provider: providerSchema, redirect: z.boolean().optional() }), response: answers(oauthStateSchema) } },
    async (request, reply) => {
      const { provider, redirect } = request.body;
      if (!identityProviders.settings(provider)) throw notConfigured(provider);
      // Each state is a stored row: one address may not ask for them without end.
      const key = `oauth-state:${request.ip}`;
      await throttle.assertOpen([key]);
      await throttle.fail([[key, OAUTH_STATE_POLICY]]);
      const state = newState();
      // Built before the cookie is set: an unreachable provider leaves nothing behind.
      const authorizationUrl = redirect ? await identityProviders.authorizationUrl(provider, state) : undefined;
      await q.issueState(db, provider, state);
      reply.setCookie(stateCookie(provider), state, {
        httpOnly: true,
        // Lax: the cookie must come along when the provider sends the browser back (Google's redirect).
        sameSite: 'lax',
        path: '/api',
        secure: config.publicUrl.startsWith('https://'),
        maxAge: STATE_TTL_SECONDS,
      });
      // The nonce is no secret (it travels through the browser); it only has to match this browser's state.
      const nonce = provider === 'google' ? identityProviders.nonceFor(state) : undefined;
      return ok({ state, ...(nonce ? { nonce } : {}), ...(authorizationUrl ? { authorizationUrl } : {}) });
    },
  );

  /** Signs in the account of a checked identity; any failure counts against the caller's address. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, provider: IdentityProvider, identify: () => Promise<FederatedIdentity>) {
    if (!identityProviders.settings(provider)) throw notConfigured(provider);
    await throttle.assertOpen([addressKey(request)]);
    try {
      const identity = await identify();
      const { userId, outcome } = await q.accountForIdentity(db, identity);
      await recordLogin(db, userId);
      const session = await startSessionFor(services, reply, userId);
      const user = await findUserEmail(db, userId);
      return ok({ ...session, isVerified: true, email: user.email, outcome });
    } catch (error) {
      await throttle.fail([[addressKey(request), ADDRESS_POLICY]]);
      throw error;
    }
  }

  /**
   * What a provider returned goes with the state of this browser's cookie, once: the cookie is
   * cleared either way, and the state is spent on the server, so a copy of both is no use later.
   */
  async function consumeState(request: FastifyRequest, reply: FastifyReply, provider: IdentityProvider, state: string) {
    const kept = request.cookies[stateCookie(provider)];
    reply.clearCookie(stateCookie(provider), { path: '/api' });
    checkState(kept, state);
    if (!(await q.spendState(db, provider, state, STATE_TTL_SECONDS))) throw badRequest(STATE_MISMATCH);
  }

  r.post('/users/signup-with-google', { config: { access: 'public' }, schema: { tags: ['auth'], body: googleBody, response: answers(federatedSessionSchema) } }, async (request, reply) => {
    const body = request.body;
    return signIn(request, reply, 'google', async () => {
      await consumeState(request, reply, 'google', body.state);
      if ('credential' in body) return identityProviders.verifyIdToken('google', body.credential, identityProviders.nonceFor(body.state));
      return identityProviders.exchangeCode('google', body.code, body.state, true, body.iss);
    });
  });

  r.post('/users/signup-with-linkedin', { config: { access: 'public' }, schema: { tags: ['auth'], body: codeBody, response: answers(federatedSessionSchema) } }, async (request, reply) => {
    const { code, state, iss } = request.body;
    return signIn(request, reply, 'linkedin', async () => {
      await consumeState(request, reply, 'linkedin', state);
      return identityProviders.exchangeCode('linkedin', code, state, false, iss);
    });
  });

  r.get('/users/me/sign-ins', { config: { access: 'signedIn' }, schema: { tags: ['auth'], response: answers(signInsSchema) } }, async (request) => {
    const me = currentUser(request);
    return ok({ hasPassword: await q.hasPassword(db, me.id), identities: await q.listSignIns(db, me.id) });
  });

  r.delete(
    '/users/me/sign-ins/:id',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], params: z.object({ id: z.uuid({ error: 'Unknown sign-in.' }) }), response: answers(idAnswerSchema) } },
    async (request) => {
      const me = currentUser(request);
      const identities = await q.listSignIns(db, me.id);
      const target = identities.find((i) => i.id === request.params.id);
      if (!target) throw notFound(LINKED_SIGN_IN_MESSAGES.notLinked);
      if (identities.length === 1 && !(await q.hasPassword(db, me.id))) {
        throw badRequest(LINKED_SIGN_IN_MESSAGES.onlyWayIn);
      }
      await q.unlinkSignIn(db, target.id, me.id);
      await recordAudit(db, { userId: me.id, action: 'delete', resource: 'userIdentities', recordId: target.id, before: target });
      return ok({ id: target.id });
    },
  );

  /** An account made by a federated sign-in has no password until its user sets one here. */
  r.post(
    '/users/set-password',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], body: z.object({ newPassword: passwordSchema }), response: answersSaying(passwordSetSchema) } },
    async (request, reply) => {
      const me = currentUser(request);
      const passwordHash = await hashPassword(request.body.newPassword);
      if (!(await q.setFirstPassword(db, me.id, passwordHash))) throw badRequest(LINKED_SIGN_IN_MESSAGES.hasPassword);
      await recordAudit(db, { userId: me.id, action: 'update', resource: 'users', recordId: me.id, after: { password: 'set' } });
      // A new password ends the account's sessions (as a change does); this browser gets a fresh one.
      return okSaying({ ...(await startSessionFor(services, reply, me.id)), hasPassword: true }, LINKED_SIGN_IN_MESSAGES.passwordSet);
    },
  );
}
