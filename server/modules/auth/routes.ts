/**
 * Sign-in and accounts: login with one-time code verification, token refresh with rotation,
 * the profile, sign-up, password reset and change, logout.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OTP_TTL_MINUTES } from '../../../src/domain/constants';
import { permissionsOf } from '../../../src/domain/permissions';
import {
  changeCredentialsSchema,
  changePasswordSchema,
  emailSchema,
  genericSignupSchema,
  loginSchema,
  otpSchema,
  resetPasswordSchema,
  signupSchema,
} from '../../../src/domain/schemas';
import { credentialsAnswerSchema, profileSchema, sessionAnswerSchema, sessionSchema, signupAnswerSchema } from '../../../src/domain/userAnswers';
import { answers, answersSaying, ok, okSaying } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser } from '../../lib/auth';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/crypto';
import { badRequest, forbidden, HttpError, unauthorized } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import { ADDRESS_POLICY, LOGIN_POLICY, type ThrottlePolicy } from '../../lib/throttle';
import type { Services } from '../../services';
import * as q from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

export const REFRESH_COOKIE = 'sg_refresh';
/** The refresh token rides in an httpOnly cookie, out of reach of page scripts. */
function setRefreshCookie(reply: FastifyReply, config: Services['config'], token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: config.refreshTokenTtlDays * 86_400,
  });
}

/** Mints an access token and a refresh token; the refresh token goes only into its httpOnly cookie. */
export async function startSessionFor({ db, tokens, config }: Services, reply: FastifyReply, userId: string) {
  const user = await q.loadAuthUser(db, userId);
  if (!user || !user.isActive) throw unauthorized(FIELD_MESSAGES.accountDisabled);
  const token = await tokens.sign(user);
  const refresh = await q.issueRefreshToken(db, userId, null, config.refreshTokenTtlDays);
  setRefreshCookie(reply, config, refresh.token);
  return { token, expiresIn: config.accessTokenTtlSeconds };
}

/** What mailing a code or a link answers, whether or not the account exists. */
const sentSchema = z.object({ sent: z.boolean() });

const INVALID_LOGIN = 'Invalid username or password';
const BAD_CODE = 'The code is wrong or has expired. Request a new code.';

export default async function authRoutes(app: FastifyInstance, services: Services) {
  const { db, config, tokens, throttle, mailer } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // request.ip is the socket's address unless a proxy named in TRUST_PROXY forwarded the request.
  const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;

  const startSession = (reply: FastifyReply, userId: string) => startSessionFor(services, reply, userId);

  async function sendVerificationCode(userId: string, email: string) {
    const code = await q.issueOneTimeCode(db, userId);
    await enqueueMail(db, {
      to: email,
      subject: `Your Skillgauge code: ${code}`,
      text: `Your verification code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.`,
    });
    mailer.kick();
  }

  /** Mailed links come from PUBLIC_URL (or this loopback server), never from a request's headers. */
  const link = (path: string) => `${config.publicUrl}${path}`;

  r.post('/users/login', { config: { access: 'public' }, schema: { tags: ['auth'], body: loginSchema, response: answers(sessionAnswerSchema) } }, async (request, reply) => {
    const { email: login, password } = request.body;
    const accountKey = `login:${login.trim().toLowerCase()}`;
    await throttle.assertOpen([accountKey, addressKey(request)]);
    const user = await q.findUserByLogin(db, login);
    const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
    if (!user || !valid) {
      await throttle.fail([
        [accountKey, LOGIN_POLICY],
        [addressKey(request), ADDRESS_POLICY],
      ]);
      throw new HttpError(401, INVALID_LOGIN);
    }
    if (!user.isActive) throw forbidden(FIELD_MESSAGES.accountDisabledContactYour);
    await throttle.clear([accountKey]);
    if (!user.isVerified) return ok({ token: null, isVerified: false, email: user.email });
    await q.recordLogin(db, user.id);
    const session = await startSession(reply, user.id);
    return ok({ ...session, isVerified: true, email: user.email });
  });

  r.post(
    '/users/generate-otp',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: z.object({ email: emailSchema }), response: answersSaying(sentSchema) } },
    async (request) => {
      const key = `otp-send:${request.body.email}`;
      await throttle.assertOpen([key, addressKey(request)]);
      // Sending counts against the same limits, so codes cannot be mailed in bulk.
      await throttle.fail([
        [key, LOGIN_POLICY],
        [addressKey(request), ADDRESS_POLICY],
      ]);
      const user = await q.findUserByEmail(db, request.body.email);
      if (user && !user.isVerified && user.isActive) {
        await sendVerificationCode(user.id, user.email);
        // A new code gets its own attempts (sending itself is limited above).
        await throttle.clear([`otp:${request.body.email}`]);
      }
      // Same answer whether or not the account exists.
      return okSaying({ sent: true }, 'If the account needs verification, a code is on its way.');
    },
  );

  r.post(
    '/users/verify-otp',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: z.object({ email: emailSchema, otp: otpSchema }), response: answers(sessionAnswerSchema) } },
    async (request, reply) => {
      const accountKey = `otp:${request.body.email}`;
      await throttle.assertOpen([accountKey, addressKey(request)]);
      const user = await q.findUserByEmail(db, request.body.email);
      const check = user ? await q.checkOneTimeCode(db, user.id, request.body.otp) : 'none';
      if (!user || check !== 'ok') {
        await throttle.fail([
          [accountKey, LOGIN_POLICY],
          [addressKey(request), ADDRESS_POLICY],
        ]);
        throw badRequest(check === 'exhausted' ? 'Too many wrong codes. Request a new code.' : BAD_CODE, { otp: BAD_CODE });
      }
      await throttle.clear([accountKey, `otp-send:${request.body.email}`]);
      await q.markVerified(db, user.id);
      const session = await startSession(reply, user.id);
      return ok({ ...session, isVerified: true, email: user.email });
    },
  );

  app.post('/users/logout', { config: { access: 'public' }, schema: { tags: ['auth'], response: answers(z.object({ signedOut: z.boolean() })) } }, async (request, reply) => {
    const token = (request.body as { refreshToken?: unknown } | undefined)?.refreshToken ?? request.cookies[REFRESH_COOKIE];
    if (typeof token !== 'string' && token != null) throw badRequest(FIELD_MESSAGES.refreshTokenText);
    // Whose sessions end: the refresh token's owner, and the bearer's (an API client may send only that).
    const signingOut = new Set<string>();
    if (token) {
      const family = await q.findRefreshFamily(db, token);
      if (family) {
        await q.revokeFamily(db, family.familyId);
        signingOut.add(family.userId);
      }
    }
    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    const bearerUser = bearer ? await tokens.verify(bearer.trim()) : undefined;
    if (bearerUser) signingOut.add(bearerUser.id);
    // The access tokens end too; other devices get a new one through their own refresh token.
    for (const userId of signingOut) await q.revokeSessions(db, userId);
    reply.clearCookie(REFRESH_COOKIE, { path: '/' });
    return ok({ signedOut: true });
  });

  r.get('/users/me', { config: { access: 'signedIn' }, schema: { tags: ['auth'], response: answers(profileSchema) } }, async (request) => {
    const me = currentUser(request);
    const user = await q.findProfile(db, me.id);
    if (!user || !user.isActive) throw unauthorized(FIELD_MESSAGES.yourAccountNoLonger);
    const { rolePermissions, ...profile } = user;
    const principal = { ...profile, permissions: (rolePermissions as never) ?? [] };
    return ok({
      ...profile,
      permissions: permissionsOf(principal),
      isAdmin: user.role === 'ADMIN',
      isContributor: user.role === 'CONTRIBUTOR',
      isUser: user.role === 'USER',
    });
  });

  /**
   * Sign-up answers the same whether or not the email has an account, so it cannot be used to
   * find out who has one: an existing account is mailed a note instead of a code. Every attempt
   * counts against the address and the email, like failed sign-ins.
   */
  async function signupAttempt(request: FastifyRequest, email: string, password: string) {
    const keys: [string, ThrottlePolicy][] = [
      [`signup:${email.toLowerCase()}`, LOGIN_POLICY],
      [`signup-ip:${request.ip}`, ADDRESS_POLICY],
    ];
    await throttle.assertOpen(keys.map(([key]) => key));
    await throttle.fail(keys);
    // Hashed in both cases, so the answer takes as long for an existing account as for a new one.
    const passwordHash = await hashPassword(password);
    const existing = await q.findUserByEmail(db, email);
    if (existing) {
      await enqueueMail(db, {
        to: existing.email,
        subject: 'Someone tried to sign up to Skillgauge with your email',
        text: [
          'Someone, perhaps you, tried to create a Skillgauge account with this email address. It already has an account, so nothing was created.',
          `To sign in: ${link('/')}`,
          `Forgot your password? Choose a new one: ${link('/forgotpassword')}`,
          'If it was not you, you can ignore this message.',
        ].join('\n'),
      });
      mailer.kick();
    }
    return { passwordHash, existing };
  }

  const SIGNUP_ANSWER = 'Check your email: a new account gets a verification code; an email that already has an account gets a note on how to sign in.';

  /** Sign-up of a client company with its first CLIENT user (/signup). */
  r.post('/users/signup', { config: { access: 'public' }, schema: { tags: ['auth'], body: signupSchema, response: answersSaying(signupAnswerSchema) } }, async (request) => {
    const body = request.body;
    const { passwordHash, existing } = await signupAttempt(request, body.email, body.password);
    if (existing) return okSaying({ isVerified: false, email: body.email }, SIGNUP_ANSWER);
    const user = await db.transaction().execute(async (trx) => {
      const client = await q.insertSignupClient(trx, { name: body.companyName, legalType: body.legalType ?? null, email: body.email });
      const created = await q.insertClientAccount(trx, { name: body.name, email: body.email, passwordHash, role: 'CLIENT', clientId: client.id, isVerified: false });
      await recordAudit(trx, { userId: created.id, action: 'create', resource: 'clients', recordId: client.id, after: client });
      await recordAudit(trx, { userId: created.id, action: 'create', resource: 'users', recordId: created.id, after: created });
      return created;
    });
    await sendVerificationCode(user.id, user.email);
    return okSaying({ isVerified: false, email: user.email }, SIGNUP_ANSWER);
  });

  /** Sign-up of a plain USER account (/generic-signup). */
  r.post('/users/register', { config: { access: 'public' }, schema: { tags: ['auth'], body: genericSignupSchema, response: answersSaying(signupAnswerSchema) } }, async (request) => {
    const body = request.body;
    const { passwordHash, existing } = await signupAttempt(request, body.email, body.password);
    if (existing) return okSaying({ isVerified: false, email: body.email }, SIGNUP_ANSWER);
    const user = await q.insertUserAccount(db, { name: body.name, email: body.email, passwordHash, role: 'USER', isVerified: false });
    await recordAudit(db, { userId: user.id, action: 'create', resource: 'users', recordId: user.id, after: user });
    await sendVerificationCode(user.id, user.email);
    return okSaying({ isVerified: false, email: user.email }, SIGNUP_ANSWER);
  });

  r.post(
    '/users/forgot-password',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: z.object({ email: emailSchema }), response: answersSaying(sentSchema) } },
    async (request) => {
      const key = `reset:${request.body.email}`;
      await throttle.assertOpen([key, addressKey(request)]);
      await throttle.fail([
        [key, LOGIN_POLICY],
        [addressKey(request), ADDRESS_POLICY],
      ]);
      const user = await q.findUserByEmail(db, request.body.email);
      if (user?.isActive) {
        const token = await q.issueResetToken(db, user.id);
        await enqueueMail(db, {
          to: user.email,
          subject: 'Reset your Skillgauge password',
          text: `Open this link to choose a new password (valid ${q.RESET_TTL_MINUTES} minutes):\n${link(`/resetPassword?token=${token}`)}\nIf you did not ask for it, ignore this message.`,
        });
        mailer.kick();
      }
      return okSaying({ sent: true }, 'If an account uses this email, a reset link is on its way.');
    },
  );

  r.post(
    '/users/reset-password/check',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: z.object({ token: z.string().min(1).max(200) }), response: answers(z.object({ valid: z.boolean(), email: z.string() })) } },
    async (request) => {
      const token = await q.findResetToken(db, request.body.token);
      if (!token) throw badRequest('This reset link is invalid or has expired.');
      const user = await q.findUserEmail(db, token.userId);
      return ok({ valid: true, email: user.email });
    },
  );

  r.post('/users/reset-password', { config: { access: 'public' }, schema: { tags: ['auth'], body: resetPasswordSchema, response: answersSaying(z.object({ reset: z.boolean() })) } }, async (request) => {
    const token = await q.findResetToken(db, request.body.token);
    if (!token) throw badRequest('This reset link is invalid or has expired.');
    const passwordHash = await hashPassword(request.body.password);
    await db.transaction().execute(async (trx) => {
      await q.consumeToken(trx, token.id);
      // Following a mailed link proves the address, so the account counts as verified.
      await q.setPasswordFromReset(trx, token.userId, passwordHash);
      await q.revokeAllForUser(trx, token.userId);
      await recordAudit(trx, { userId: token.userId, action: 'update', resource: 'users', recordId: token.userId, after: { password: 'reset' } });
    });
    return okSaying({ reset: true }, 'Your password has been changed. Sign in with the new one.');
  });

  async function checkCurrentPassword(userId: string, password: string) {
    const key = `password:${userId}`;
    await throttle.assertOpen([key]);
    const user = await q.findPasswordHash(db, userId);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await throttle.fail([[key, LOGIN_POLICY]]);
      throw badRequest(FIELD_MESSAGES.currentPasswordWrong, { currentPassword: FIELD_MESSAGES.currentPasswordWrong });
    }
    await throttle.clear([key]);
  }

  r.post(
    '/users/change-password',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], body: changePasswordSchema, response: answersSaying(sessionSchema) } },
    async (request, reply) => {
      const me = currentUser(request);
      await checkCurrentPassword(me.id, request.body.currentPassword);
      const passwordHash = await hashPassword(request.body.newPassword);
      await q.setPassword(db, me.id, passwordHash);
      await q.revokeAllForUser(db, me.id);
      await recordAudit(db, { userId: me.id, action: 'update', resource: 'users', recordId: me.id, after: { password: 'changed' } });
      return okSaying(await startSession(reply, me.id), 'Password changed. Other sessions are signed out.');
    },
  );

  r.post(
    '/users/change-credentials',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], body: changeCredentialsSchema, response: answers(credentialsAnswerSchema) } },
    async (request, reply) => {
      const me = currentUser(request);
      const body = request.body;
      if (!body.email && !body.username && !body.newPassword) throw badRequest(FIELD_MESSAGES.changeLeastEmailUsername);
      await checkCurrentPassword(me.id, body.currentPassword);
      const before = await q.findCredentials(db, me.id);
      const changes = {
        ...(body.email ? { email: body.email } : {}),
        ...(body.username ? { username: body.username } : {}),
        ...(body.newPassword ? { passwordHash: await hashPassword(body.newPassword) } : {}),
        updatedAt: new Date(),
      };
      await q.updateCredentials(db, me.id, changes);
      await q.revokeAllForUser(db, me.id);
      await recordAudit(db, {
        userId: me.id,
        action: 'update',
        resource: 'users',
        recordId: me.id,
        before,
        after: { email: body.email ?? before.email, username: body.username ?? before.username },
      });
      return ok({ ...(await startSession(reply, me.id)), email: body.email ?? me.email });
    },
  );

}

/** POST /oauth/token: the OAuth-style refresh call (form-encoded), outside /api. */
export async function oauthRoutes(app: FastifyInstance, services: Services) {
  const { db, tokens, config } = services;
  app.post(
    '/oauth/token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: z.object({
          grant_type: z.literal('refresh_token', { error: 'grant_type must be refresh_token' }),
          client_id: z.string().max(200).optional(),
          redirect_uri: z.string().max(500).optional(),
          refresh_token: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const body = request.body as { refresh_token?: string };
      // An API client that sends the form field gets the next one in the body; the browser's stays in its cookie.
      const fromForm = !!body.refresh_token;
      const presented = body.refresh_token || request.cookies[REFRESH_COOKIE];
      if (!presented) throw new HttpError(400, FIELD_MESSAGES.refreshTokenMissing);
      const spent = await q.spendRefreshToken(db, presented);
      if (spent.status !== 'ok') {
        reply.clearCookie(REFRESH_COOKIE, { path: '/' });
        throw new HttpError(401, spent.status === 'replayed' ? FIELD_MESSAGES.sessionRevokedPleaseSign : FIELD_MESSAGES.yourSessionExpiredPlease);
      }
      const user = await q.loadAuthUser(db, spent.userId);
      if (!user?.isActive) throw new HttpError(401, FIELD_MESSAGES.accountDisabled);
      const accessToken = await tokens.sign(user);
      const refresh = await q.issueRefreshToken(db, user.id, spent.familyId, config.refreshTokenTtlDays);
      await q.markReplaced(db, spent.previousId, refresh.id);
      setRefreshCookie(reply, config, refresh.token);
      reply.header('Cache-Control', 'no-store');
      return {
        access_token: accessToken,
        id_token: accessToken,
        token_type: 'Bearer',
        expires_in: config.accessTokenTtlSeconds,
        ...(fromForm ? { refresh_token: refresh.token } : {}),
      };
    },
  );
}
