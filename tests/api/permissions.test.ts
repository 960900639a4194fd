/**
 * The permission matrix against every route: each demo account × each resource route × action
 * answers 2xx when the rules of ./../domain/rules.ts allow it and 403 when they deny it. Then
 * privilege escalation: nobody hands out rights they do not hold.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedCan, expectedLocations, isTenant, type ActionName, type EntityName } from '../domain/rules';
import { listUrl, startTestServer, VERIFIED_DEMO_EMAILS, type DemoUser, type TestServer } from './harness';

let server: TestServer;
let demo: Map<string, DemoUser>;
beforeAll(async () => {
  server = await startTestServer();
  demo = await server.demoUsers();
  // Sign every account in once, up front.
  await Promise.all(VERIFIED_DEMO_EMAILS.map((email) => server.token(email)));
});
afterAll(() => server.close());

const db = () => server.database.db;
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;
/** The client a caller's new records belong to: its own for a tenant, none for the provider. */
const ownClient = (caller: DemoUser) => (isTenant(caller) ? caller.clientId : null);

// ---- Records to act on, made straight in the database so each request has a fresh target ----

type UserKind = 'teamMembers' | 'authors' | 'relationshipManagers' | 'salesPersons' | 'users';
/** The screens showing users and the entity guarding each; `users` is the admin's own list. */
const KIND_ENTITY: Record<Exclude<UserKind, 'users'>, EntityName> = {
  teamMembers: 'TEAM MEMBERS',
  authors: 'AUTHORS',
  relationshipManagers: 'RELATIONSHIP MANAGERS',
  salesPersons: 'SALES PERSONS',
};

/** The fields that put a user on a screen, as a caller would send them. */
function kindFields(kind: UserKind, caller: DemoUser) {
  switch (kind) {
    case 'teamMembers':
      return isTenant(caller)
        ? { role: 'TEAM_MEMBER' as const, membershipType: 'CLIENT_SPECIFIC_ROLE' as const }
        : { role: 'TEAM_MEMBER' as const, membershipType: 'SKILLGAUGE_TEAM' as const };
    case 'authors':
      return { role: 'CONTRIBUTOR' as const, membershipType: 'SKILLGAUGE_TEAM' as const };
    case 'relationshipManagers':
      return { role: 'TEAM_MEMBER' as const, membershipType: 'SKILLGAUGE_TEAM' as const, designation: 'RELATIONSHIP_MANAGER' as const };
    case 'salesPersons':
      return { role: 'TEAM_MEMBER' as const, membershipType: 'SKILLGAUGE_TEAM' as const, designation: 'SALES_PERSON' as const };
    case 'users':
      return { role: 'USER' as const };
  }
}

async function userTarget(kind: UserKind, caller: DemoUser) {
  const name = unique(kind);
  return (await server.addAccount({ email: `${name.toLowerCase()}@target.example`, name, ...kindFields(kind, caller), clientId: ownClient(caller) })).id;
}

async function jobRoleTarget(caller: DemoUser) {
  const row = await db()
    .insertInto('jobRoles')
    .values({
      name: unique('Role'),
      scope: isTenant(caller) ? 'CLIENT_SPECIFIC_ROLE' : 'SKILLGAUGE_TEAM',
      clientId: ownClient(caller),
      permissions: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type NamedTable = 'categories' | 'industries' | 'verticals' | 'locations';
async function namedTarget(table: NamedTable, caller: DemoUser) {
  const values = { name: unique(table), ...(table === 'verticals' || table === 'locations' ? { clientId: ownClient(caller) } : {}) };
  const row = await db()
    .insertInto(table)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return (row as { id: string }).id;
}

async function mailTarget() {
  const row = await db()
    .insertInto('outbox')
    .values({ toAddress: 'someone@target.example', subject: 'Hello', textBody: 'Hello' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- The routes, each with the rule that decides it ----

interface RouteCase {
  route: string;
  action: ActionName;
  allowed: (caller: DemoUser) => boolean;
  /** The request, with a fresh target where it needs one; `check` looks for side effects of a refused write. */
  request: (caller: DemoUser) => Promise<{ options: InjectOptions; unchanged?: () => Promise<void> }>;
}

const userKindAllowed = (kind: UserKind, action: ActionName) => (caller: DemoUser) =>
  caller.role === 'ADMIN' || (kind !== 'users' && expectedCan(caller, KIND_ENTITY[kind], action));

const stillExists = (table: 'users' | 'jobRoles' | NamedTable, id: string, name?: string) => async () => {
  const row = await db()
    .selectFrom(table)
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  expect(row, `${table} ${id} still there`).toBeDefined();
  if (name) expect(row!.name).toBe(name);
};
const nameOf = async (table: 'users' | 'jobRoles' | NamedTable, id: string) =>
  (await db().selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
const notCreated = (table: 'users' | 'jobRoles' | NamedTable, name: string) => async () => {
  const row = await db().selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
  expect(row, `${table} "${name}" not created`).toBeUndefined();
};

const USER_KINDS: UserKind[] = ['teamMembers', 'authors', 'relationshipManagers', 'salesPersons', 'users'];

const userCases: RouteCase[] = USER_KINDS.flatMap((kind): RouteCase[] => [
  {
    route: `GET /api/users (${kind})`,
    action: 'view',
    allowed: userKindAllowed(kind, 'view'),
    request: async () => ({ options: { method: 'GET', url: listUrl('/api/users', { filter: { kind } }) } }),
  },
  {
    route: `GET /api/users/:id (${kind})`,
    action: 'view',
    allowed: userKindAllowed(kind, 'view'),
    request: async (caller) => ({ options: { method: 'GET', url: `/api/users/${await userTarget(kind, caller)}` } }),
  },
  {
    route: `POST /api/users (${kind})`,
    action: 'create',
    allowed: userKindAllowed(kind, 'create'),
    request: async (caller) => {
      const name = unique(`New ${kind}`);
      const email = `${name.replace(/\W/g, '').toLowerCase()}@created.example`;
      return {
        options: { method: 'POST', url: '/api/users', payload: { name, email, ...kindFields(kind, caller) } },
        unchanged: notCreated('users', name),
      };
    },
  },
  {
    route: `PUT /api/users/:id (${kind})`,
    action: 'edit',
    allowed: userKindAllowed(kind, 'edit'),
    request: async (caller) => {
      const id = await userTarget(kind, caller);
      const name = await nameOf('users', id);
      return { options: { method: 'PUT', url: `/api/users/${id}`, payload: { name: `${name} renamed` } }, unchanged: stillExists('users', id, name) };
    },
  },
  {
    route: `DELETE /api/users/:id (${kind})`,
    action: 'delete',
    allowed: userKindAllowed(kind, 'delete'),
    request: async (caller) => {
      const id = await userTarget(kind, caller);
      return { options: { method: 'DELETE', url: `/api/users/${id}` }, unchanged: stillExists('users', id) };
    },
  },
]);

const anyUserScreen = (action: ActionName) => (caller: DemoUser) => USER_KINDS.some((kind) => userKindAllowed(kind, action)(caller));

const searchCase: RouteCase = {
  route: 'GET /api/users/search',
  action: 'view',
  allowed: anyUserScreen('view'),
  request: async () => ({ options: { method: 'GET', url: '/api/users/search?searchBy=name&value=a' } }),
};

const roles = (action: ActionName) => (caller: DemoUser) => expectedCan(caller, 'ROLES', action);
const jobRoleCases: RouteCase[] = [
  { route: 'GET /api/job-roles', action: 'view', allowed: roles('view'), request: async () => ({ options: { method: 'GET', url: '/api/job-roles' } }) },
  {
    route: 'GET /api/job-roles/dropdown',
    action: 'view',
    allowed: roles('view'),
    request: async () => ({ options: { method: 'GET', url: '/api/job-roles/dropdown' } }),
  },
  {
    route: 'GET /api/job-roles/:id',
    action: 'view',
    allowed: roles('view'),
    request: async (caller) => ({ options: { method: 'GET', url: `/api/job-roles/${await jobRoleTarget(caller)}` } }),
  },
  {
    route: 'POST /api/job-roles',
    action: 'create',
    allowed: roles('create'),
    request: async (caller) => {
      const name = unique('New role');
      const scope = isTenant(caller) ? 'CLIENT_SPECIFIC_ROLE' : 'SKILLGAUGE_TEAM';
      return { options: { method: 'POST', url: '/api/job-roles', payload: { name, scope, permissions: [] } }, unchanged: notCreated('jobRoles', name) };
    },
  },
  ...(['PUT', 'PATCH'] as const).map(
    (method): RouteCase => ({
      route: `${method} /api/job-roles/:id`,
      action: 'edit',
      allowed: roles('edit'),
      request: async (caller) => {
        const id = await jobRoleTarget(caller);
        const name = await nameOf('jobRoles', id);
        return { options: { method, url: `/api/job-roles/${id}`, payload: { name: `${name} renamed` } }, unchanged: stillExists('jobRoles', id, name) };
      },
    }),
  ),
  {
    route: 'DELETE /api/job-roles/:id',
    action: 'delete',
    allowed: roles('delete'),
    request: async (caller) => {
      const id = await jobRoleTarget(caller);
      return { options: { method: 'DELETE', url: `/api/job-roles/${id}` }, unchanged: stillExists('jobRoles', id) };
    },
  },
];

/** Categories, industries, verticals and locations, with the rule that guards each. */
const NAMED_RULES: [NamedTable, (caller: DemoUser, action: ActionName) => boolean][] = [
  ['categories', (caller, action) => expectedCan(caller, 'CATEGORIES', action)],
  ['industries', (caller, action) => expectedCan(caller, 'INDUSTRIES', action)],
  ['verticals', (caller, action) => expectedCan(caller, 'VERTICAL', action)],
  ['locations', (caller, action) => expectedLocations(caller, action)],
];

const namedCases: RouteCase[] = NAMED_RULES.flatMap(([table, rule]): RouteCase[] => [
  {
    route: `GET /api/${table}`,
    action: 'view',
    allowed: (c) => rule(c, 'view'),
    request: async () => ({ options: { method: 'GET', url: listUrl(`/api/${table}`, { sort: ['name', 'ASC'], range: [0, 4] }) } }),
  },
  {
    route: `GET /api/${table}/:id`,
    action: 'view',
    allowed: (c) => rule(c, 'view'),
    request: async (caller) => ({ options: { method: 'GET', url: `/api/${table}/${await namedTarget(table, caller)}` } }),
  },
  {
    route: `POST /api/${table}`,
    action: 'create',
    allowed: (c) => rule(c, 'create'),
    request: async () => {
      const name = unique(`New ${table}`);
      return { options: { method: 'POST', url: `/api/${table}`, payload: { name } }, unchanged: notCreated(table, name) };
    },
  },
  {
    route: `PUT /api/${table}/:id`,
    action: 'edit',
    allowed: (c) => rule(c, 'edit'),
    request: async (caller) => {
      const id = await namedTarget(table, caller);
      const name = await nameOf(table, id);
      return { options: { method: 'PUT', url: `/api/${table}/${id}`, payload: { name: `${name} renamed` } }, unchanged: stillExists(table, id, name) };
    },
  },
  {
    route: `DELETE /api/${table}/:id`,
    action: 'delete',
    allowed: (c) => rule(c, 'delete'),
    request: async (caller) => {
      const id = await namedTarget(table, caller);
      return { options: { method: 'DELETE', url: `/api/${table}/${id}` }, unchanged: stillExists(table, id) };
    },
  },
]);

const adminOnly = (caller: DemoUser) => caller.role === 'ADMIN';
const outboxCases: RouteCase[] = [
  { route: 'GET /api/outbox', action: 'view', allowed: adminOnly, request: async () => ({ options: { method: 'GET', url: '/api/outbox' } }) },
  {
    route: 'GET /api/outbox/:id',
    action: 'view',
    allowed: adminOnly,
    request: async () => ({ options: { method: 'GET', url: `/api/outbox/${await mailTarget()}` } }),
  },
];

/** The clients dropdown of the user and role forms: for whoever may see clients or team members, and for tenant users. */
const clientsDropdownCase: RouteCase = {
  route: 'GET /api/clients/dropdown',
  action: 'view',
  allowed: (c) => expectedCan(c, 'CLIENTS', 'view') || expectedCan(c, 'TEAM MEMBERS', 'view') || isTenant(c),
  request: async () => ({ options: { method: 'GET', url: '/api/clients/dropdown' } }),
};

const ROUTES: RouteCase[] = [...userCases, searchCase, ...jobRoleCases, ...namedCases, ...outboxCases, clientsDropdownCase];

describe.each(VERIFIED_DEMO_EMAILS)('%s', (email) => {
  it.each(ROUTES.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
    const caller = demo.get(email)!;
    const { options, unchanged } = await c.request(caller);
    const res = await server.asUser(email, options);
    if (c.allowed(caller)) {
      expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeLessThan(300);
      expect(res.json().result).toBe(1);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ result: 0, msg: expect.any(String) });
      await unchanged?.();
    }
  });
});

describe('signed out', () => {
  it.each(ROUTES.map((c) => [c.route, c] as const))('%s answers 401', async (_route, c) => {
    const { options, unchanged } = await c.request(demo.get('admin@skillgauge.demo')!);
    const res = await server.app.inject(options);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: 0, msg: 'Please sign in.' });
    await unchanged?.();
  });

  it('a token of a deleted account is refused by /api/users/me', async () => {
    const { id, email } = await server.addAccount({ email: 'short-lived@target.example' });
    const token = await server.login(email);
    await db().deleteFrom('users').where('id', '=', id).execute();
    expect((await server.as(token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
  });
});

describe('privilege escalation', () => {
  const acmeClient = () => demo.get('client@acme.demo')!;
  const globexClient = () => demo.get('client@globex.demo')!;
  const jobRoleId = async (name: string) => (await db().selectFrom('jobRoles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it.each(['ADMIN', 'CLIENT', 'MODERATOR', 'USER'])('a client cannot create a %s user', async (role) => {
    const email = `escalate-${role.toLowerCase()}@acme.demo`;
    const res = await server.asUser('client@acme.demo', {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Sneaky', email, role, membershipType: 'CLIENT_SPECIFIC_ROLE' },
    });
    expect(res.statusCode).toBe(403);
    expect(await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('a client cannot make one of its team members an admin, nor move it to another client', async () => {
    const recruiter = demo.get('recruiter@acme.demo')!;
    const promote = await server.asUser('client@acme.demo', { method: 'PUT', url: `/api/users/${recruiter.id}`, payload: { role: 'ADMIN' } });
    expect(promote.statusCode).toBe(403);
    const provider = await server.asUser('client@acme.demo', {
      method: 'PUT',
      url: `/api/users/${recruiter.id}`,
      payload: { membershipType: 'SKILLGAUGE_TEAM' },
    });
    expect(provider.statusCode).toBe(400);
    const moved = await server.asUser('client@acme.demo', { method: 'PUT', url: `/api/users/${recruiter.id}`, payload: { clientId: globexClient().clientId } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.clientId).toBe(acmeClient().clientId);
    const row = await db().selectFrom('users').select(['role', 'membershipType', 'clientId']).where('id', '=', recruiter.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', clientId: acmeClient().clientId });
  });

  it('a client creates team members of its own client only', async () => {
    const res = await server.asUser('client@acme.demo', {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Acme Hire', email: 'hire@acme.demo', role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', clientId: globexClient().clientId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ clientId: acmeClient().clientId, isVerified: false });
    const provider = await server.asUser('client@acme.demo', {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Acme Staff', email: 'staff@acme.demo', role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM' },
    });
    expect(provider.statusCode).toBe(400);
    expect(provider.json().errors).toEqual({ membershipType: expect.any(String) });
  });

  it('a client cannot create a role granting what a client does not hold, nor a provider role', async () => {
    for (const payload of [
      { name: 'Acme Question Writer', scope: 'CLIENT_SPECIFIC_ROLE', permissions: [{ entity: 'QUESTIONS', actions: { view: true } }] },
      { name: 'Acme Licence Clerk', scope: 'CLIENT_SPECIFIC_ROLE', permissions: [{ entity: 'LICENCES', actions: { view: true, create: true } }] },
      { name: 'Acme Provider Staff', scope: 'SKILLGAUGE_TEAM', permissions: [] },
      { name: 'Acme Global Staff', scope: 'GLOBAL_ROLE', permissions: [] },
    ]) {
      const res = await server.asUser('client@acme.demo', { method: 'POST', url: '/api/job-roles', payload });
      expect(res.statusCode, payload.name).toBe(400);
      expect(res.json().result).toBe(0);
      await notCreated('jobRoles', payload.name)();
    }
    const fine = await server.asUser('client@acme.demo', {
      method: 'POST',
      url: '/api/job-roles',
      payload: { name: 'Acme Coordinator', scope: 'CLIENT_SPECIFIC_ROLE', permissions: [{ entity: 'CAMPAIGN', actions: { view: true, create: true } }] },
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.clientId).toBe(acmeClient().clientId);
  });

  describe('a provider team member managing roles and team members', () => {
    const email = 'role.manager@skillgauge.demo';
    let ownRole: string;

    beforeAll(async () => {
      const row = await db()
        .insertInto('jobRoles')
        .values({
          name: 'Role Manager',
          scope: 'SKILLGAUGE_TEAM',
          clientId: null,
          permissions: JSON.stringify([
            { entity: 'ROLES', actions: { view: true, create: true, edit: true, delete: true } },
            { entity: 'TEAM MEMBERS', actions: { view: true, create: true, edit: true, delete: false } },
            { entity: 'QUESTIONS', actions: { view: true, create: false, edit: false, delete: false } },
          ]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ownRole = row.id;
      await server.addAccount({ email, name: 'Rohan Roles', role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', position: ownRole });
    });

    const asManager = (options: InjectOptions) => server.asUser(email, options);
    const createRole = (name: string, permissions: unknown[]) =>
      asManager({ method: 'POST', url: '/api/job-roles', payload: { name, scope: 'SKILLGAUGE_TEAM', permissions } });

    it('grants what it holds', async () => {
      const res = await createRole('Question Reader', [{ entity: 'QUESTIONS', actions: { view: true } }]);
      expect(res.statusCode, res.body).toBe(200);
    });

    it.each([
      ['an action it lacks', [{ entity: 'QUESTIONS', actions: { view: true, create: true } }]],
      ['an entity it lacks', [{ entity: 'CLIENTS', actions: { view: true } }]],
      ['a delete it lacks', [{ entity: 'TEAM MEMBERS', actions: { delete: true } }]],
    ])('cannot create a role granting %s', async (label, permissions) => {
      const name = `Escalated (${label})`;
      const res = await createRole(name, permissions);
      expect(res.statusCode).toBe(403);
      await notCreated('jobRoles', name)();
    });

    it('cannot widen its own role', async () => {
      const res = await asManager({
        method: 'PUT',
        url: `/api/job-roles/${ownRole}`,
        payload: { permissions: [{ entity: 'CLIENTS', actions: { view: true, create: true, edit: true, delete: true } }] },
      });
      expect(res.statusCode).toBe(403);
      const row = await db().selectFrom('jobRoles').select('permissions').where('id', '=', ownRole).executeTakeFirstOrThrow();
      expect(JSON.stringify(row.permissions)).not.toContain('CLIENTS');
    });

    it('cannot edit a role that holds more than it does', async () => {
      const id = await jobRoleId('Content Manager');
      const res = await asManager({ method: 'PUT', url: `/api/job-roles/${id}`, payload: { name: 'Content Lead' } });
      expect(res.statusCode).toBe(403);
      expect(await nameOf('jobRoles', id)).toBe('Content Manager');
    });

    it.each(['ADMIN', 'CLIENT', 'MODERATOR', 'USER'])('cannot create a %s user', async (role) => {
      const res = await asManager({ method: 'POST', url: '/api/users', payload: { name: 'X', email: `x-${role.toLowerCase()}@skillgauge.demo`, role, membershipType: 'SKILLGAUGE_TEAM' } });
      expect(res.statusCode).toBe(403);
    });

    it('gives team members its own role, but not a role holding more than it does', async () => {
      const same = await asManager({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Peer', email: 'peer@skillgauge.demo', role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', position: ownRole },
      });
      expect(same.statusCode, same.body).toBe(200);

      const stronger = await asManager({
        method: 'POST',
        url: '/api/users',
        payload: {
          name: 'Puppet',
          email: 'puppet@skillgauge.demo',
          role: 'TEAM_MEMBER',
          membershipType: 'SKILLGAUGE_TEAM',
          position: await jobRoleId('Content Manager'),
          password: 'Puppet-Pass1',
        },
      });
      expect(stronger.statusCode, stronger.body).toBe(403);
      expect(await db().selectFrom('users').select('id').where('email', '=', 'puppet@skillgauge.demo').executeTakeFirst()).toBeUndefined();
    });

    it('cannot move itself or a peer onto a stronger role', async () => {
      const me = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const stronger = await jobRoleId('Sales Executive');
      const self = await asManager({ method: 'PUT', url: `/api/users/${me.id}`, payload: { position: stronger } });
      expect(self.statusCode).toBe(403);
      const peer = await server.addAccount({ email: 'peer2@skillgauge.demo', role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM' });
      const other = await asManager({ method: 'PUT', url: `/api/users/${peer.id}`, payload: { position: stronger } });
      expect(other.statusCode).toBe(403);
      const rows = await db().selectFrom('users').select('position').where('id', 'in', [me.id, peer.id]).execute();
      expect(rows.map((r) => r.position).sort()).toEqual([null, ownRole].sort());
    });
  });
});
