/**
 * Access tokens and the guard that runs before every route. A route states who may call it in
 * `config.access`; a route that states nothing is refused (fail closed).
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { MembershipType, Role } from '../../src/domain/constants';
import { can, canAccessResource, type Action, type Entity, type EntityPermission } from '../../src/domain/permissions';
import { forbidden, HttpError, unauthorized } from './errors';
import type { SessionRevocations } from './sessions';
import { FIELD_MESSAGES } from '../../src/domain/fieldMessages';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  membershipType: MembershipType | null;
  clientId: string | null;
  permissions: EntityPermission[];
  /** The session version the access token was signed with (see lib/sessions.ts); 0 before any revocation. */
  sessionVersion?: number;
}

export type Access =
  | 'public'
  | 'signedIn'
  | { entity: Entity; action: Action }
  | { resource: string; action: Action }
  | ((user: AuthUser, request: FastifyRequest) => boolean);

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** The claims carried by an access token: enough to decide access without a database read. */
interface Claims {
  sub: string;
  name: string;
  email: string;
  role: Role;
  mt: MembershipType | null;
  cid: string | null;
  /** entity → 4-letter flag string "vced" with '-' for a missing action. */
  perms: Record<string, string>;
  /** Session version: the token is refused once its user's sessions were revoked past it. */
  sv?: number;
}

const FLAG_LETTERS: [Action, string][] = [
  ['view', 'v'],
  ['create', 'c'],
  ['edit', 'e'],
  ['delete', 'd'],
];

export class TokenService {
  /** Imported once: jose would otherwise import raw key bytes again on every verification. */
  private readonly key: KeyObject;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async sign(user: AuthUser): Promise<string> {
    const perms: Record<string, string> = {};
    for (const p of user.permissions) {
      const letters = FLAG_LETTERS.map(([a, l]) => (p.actions[a] ? l : '-')).join('');
      if (letters !== '----') perms[p.entity] = letters;
    }
    const claims: Omit<Claims, 'sub'> = {
      name: user.name,
      email: user.email,
      role: user.role,
      mt: user.membershipType,
      cid: user.clientId,
      perms,
      sv: user.sessionVersion ?? 0,
    };
    return new SignJWT(claims as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<AuthUser | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const c = payload as unknown as Claims;
      return {
        id: c.sub,
        name: c.name,
        email: c.email,
        role: c.role,
        membershipType: c.mt,
        clientId: c.cid,
        permissions: Object.entries(c.perms ?? {}).map(([entity, letters]) => ({
          entity: entity as Entity,
          actions: Object.fromEntries(FLAG_LETTERS.map(([a, l]) => [a, letters.includes(l)])) as EntityPermission['actions'],
        })),
        sessionVersion: c.sv ?? 0,
      };
    } catch {
      return undefined;
    }
  }
}

function allowed(access: Access, user: AuthUser, request: FastifyRequest): boolean {
  if (access === 'signedIn') return true;
  if (typeof access === 'function') return access(user, request);
  if (access === 'public') return true;
  if ('entity' in access) return can(user, access.entity, access.action);
  return canAccessResource(user, access.resource, access.action);
}

/**
 * Reads the bearer token when present; refuses the route unless its access rule admits the caller.
 * Runs first (onRequest), so a caller without access learns nothing from input validation.
 * buildApp always passes `sessions`; without it (a bare test app) only expiry ends a token.
 */
export function registerGuard(app: FastifyInstance, tokens: TokenService, sessions?: Pick<SessionRevocations, 'isRevoked'>) {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'public') return;
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const user = await tokens.verify(header.slice(7).trim());
      // Ended by sign-out, a password or permission change, deactivation or deletion: checked in memory.
      request.user = user && !sessions?.isRevoked(user.id, user.sessionVersion ?? 0) ? user : undefined;
    }
    if (!request.routeOptions.url) return; // not-found handler
    if (!access) throw new HttpError(403, FIELD_MESSAGES.routeNoAccessRule);
    if (!request.user) throw unauthorized(header ? FIELD_MESSAGES.yourSessionExpiredPlease : FIELD_MESSAGES.pleaseSign);
    if (!allowed(access, request.user, request)) throw forbidden();
  });
}

/** The signed-in user of a route whose access rule requires one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
