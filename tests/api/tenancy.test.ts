/**
 * Tenant isolation between the demo clients Acme and Globex (DESIGN.md section 3, "Tenancy"):
 * a client's users see only their client's records; another client's record answers 404.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUrl, startTestServer, type DemoUser, type TestServer } from './harness';

let server: TestServer;
let demo: Map<string, DemoUser>;
let acme: string;
let globex: string;
beforeAll(async () => {
  server = await startTestServer();
  demo = await server.demoUsers();
  acme = demo.get('client@acme.demo')!.clientId!;
  globex = demo.get('client@globex.demo')!.clientId!;
});
afterAll(() => server.close());

const db = () => server.database.db;
const as = (email: string, options: InjectOptions) => server.asUser(email, options);
const get = (email: string, url: string) => as(email, { method: 'GET', url });
const ids = (res: { json: () => any }) => (res.json().data as { id: string }[]).map((r) => r.id).sort();
const total = (res: { headers: Record<string, unknown> }) => Number(String(res.headers['content-range']).split('/')[1]);

const idOf = async (table: 'jobRoles' | 'verticals' | 'locations', name: string) =>
  (await db().selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** Ids of rows of a table belonging to a client, or shared by all (clientId null) when asked. */
async function rowsOf(table: 'users' | 'jobRoles' | 'verticals' | 'locations', clientIds: (string | null)[]) {
  const rows = await db().selectFrom(table).select(['id', 'clientId']).execute();
  return rows
    .filter((r) => clientIds.includes(r.clientId))
    .map((r) => r.id)
    .sort();
}

describe('team members and job roles', () => {
  it.each([
    ['client@acme.demo', () => acme],
    ['viewer@globex.demo', () => globex],
  ])('%s sees only its own client’s team members', async (email, client) => {
    const res = await get(email, listUrl('/api/users', { filter: { kind: 'teamMembers' }, range: [0, 99] }));
    expect(res.statusCode).toBe(200);
    const own = await db()
      .selectFrom('users')
      .select('id')
      .where('clientId', '=', client())
      .where('role', '=', 'TEAM_MEMBER')
      .execute();
    expect(own.length).toBeGreaterThan(0);
    expect(ids(res)).toEqual(own.map((r) => r.id).sort());
    expect(total(res)).toBe(own.length);
    for (const row of res.json().data) expect(row.clientId).toBe(client());
  });

  it('a client cannot reach the other client’s users by filter, search or id list', async () => {
    const globexIds = await rowsOf('users', [globex]);
    const byClient = await get('client@acme.demo', listUrl('/api/users', { filter: { clientId: globex } }));
    expect(byClient.json().data).toEqual([]);
    expect(total(byClient)).toBe(0);
    const byQ = await get('client@acme.demo', listUrl('/api/users', { filter: { q: 'globex' } }));
    expect(byQ.json().data).toEqual([]);
    const byIds = await get('client@acme.demo', listUrl('/api/users', { filter: { id: globexIds } }));
    expect(byIds.json().data).toEqual([]);
    const search = await get('client@acme.demo', '/api/users/search?searchBy=email&value=demo');
    expect(search.statusCode).toBe(200);
    for (const row of search.json().data) expect(row.clientId).toBe(acme);
    expect(search.json().data.map((u: { email: string }) => u.email)).toContain('recruiter@acme.demo');
  });

  it('a client sees only its own job roles, in the list and in the dropdown', async () => {
    const own = await rowsOf('jobRoles', [acme]);
    expect(own.length).toBeGreaterThan(0);
    const res = await get('client@acme.demo', listUrl('/api/job-roles', { range: [0, 99] }));
    expect(ids(res)).toEqual(own);
    expect(total(res)).toBe(own.length);
    const dropdown = await get('client@acme.demo', '/api/job-roles/dropdown');
    expect(dropdown.json().data.map((o: { _id: string }) => o._id).sort()).toEqual(own);
    const filtered = await get('client@acme.demo', listUrl('/api/job-roles', { filter: { clientId: globex } }));
    expect(filtered.json().data).toEqual([]);

    const viewer = await get('viewer@globex.demo', listUrl('/api/job-roles', { range: [0, 99] }));
    expect(ids(viewer)).toEqual(await rowsOf('jobRoles', [globex]));
  });

  it('the clients dropdown offers a tenant its own client only', async () => {
    const own = await get('recruiter@acme.demo', '/api/clients/dropdown');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([{ _id: acme, label: 'Acme Industries' }]);
    const all = await get('admin@skillgauge.demo', '/api/clients/dropdown');
    // The provider sees every client: the two demo tenants and the other demo companies.
    const clients = await server.database.db.selectFrom('clients').select('id').execute();
    expect(all.json().data.map((o: { _id: string }) => o._id).sort()).toEqual(clients.map((c) => c.id).sort());
    expect(all.json().data.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining([acme, globex]));
  });

  it('the provider sees every client’s team members and roles', async () => {
    const users = await get('admin@skillgauge.demo', listUrl('/api/users', { filter: { kind: 'teamMembers' }, range: [0, 99] }));
    const clients = new Set(users.json().data.map((u: { clientId: string | null }) => u.clientId));
    expect(clients).toEqual(new Set([null, acme, globex]));
    const roles = await get('admin@skillgauge.demo', listUrl('/api/job-roles', { range: [0, 99] }));
    expect(total(roles)).toBe((await rowsOf('jobRoles', [null, acme, globex])).length);
  });
});

describe('another client’s record answers 404', () => {
  const foreignRecords: [string, () => Promise<string>][] = [
    ['/api/users', async () => demo.get('viewer@globex.demo')!.id],
    ['/api/users', async () => demo.get('client@globex.demo')!.id],
    ['/api/users', async () => demo.get('content@skillgauge.demo')!.id],
    ['/api/job-roles', () => idOf('jobRoles', 'Hiring Viewer')],
    ['/api/job-roles', () => idOf('jobRoles', 'Content Manager')],
    ['/api/verticals', () => idOf('verticals', 'Globex Research')],
  ];
  const methods: [string, unknown][] = [
    ['GET', undefined],
    ['PUT', { name: 'Taken over' }],
    ['DELETE', undefined],
  ];
  const table = (path: string) => (path === '/api/users' ? 'users' : path === '/api/job-roles' ? 'jobRoles' : 'verticals');

  it.each(foreignRecords.flatMap(([path, id]) => methods.map(([method, payload]) => [method, path, id, payload] as const)))(
    'client@acme.demo: %s %s/:id',
    async (method, path, id, payload) => {
      const recordId = await id();
      const before = await db()
        .selectFrom(table(path))
        .select(['id', 'name'])
        .where('id', '=', recordId)
        .executeTakeFirstOrThrow();
      const res = await as('client@acme.demo', {
        method: method as InjectOptions['method'],
        url: `${path}/${recordId}`,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().result).toBe(0);
      expect(res.json().data).toBeUndefined();
      expect(res.body).not.toContain(before.name);
      const after = await db().selectFrom(table(path)).select(['id', 'name']).where('id', '=', recordId).executeTakeFirst();
      expect(after).toEqual(before);
    },
  );

  it('PATCH of another client’s job role answers 404 too, and so do the acts of its staff', async () => {
    const role = await idOf('jobRoles', 'Recruiter');
    expect((await as('client@globex.demo', { method: 'PATCH', url: `/api/job-roles/${role}`, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await get('viewer@globex.demo', `/api/job-roles/${role}`)).statusCode).toBe(404);
    expect((await get('viewer@globex.demo', `/api/users/${demo.get('recruiter@acme.demo')!.id}`)).statusCode).toBe(404);
  });

  it('a client cannot give its team members another client’s job role', async () => {
    const res = await as('client@acme.demo', {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Borrowed Role',
        email: 'borrowed@acme.demo',
        role: 'TEAM_MEMBER',
        membershipType: 'CLIENT_SPECIFIC_ROLE',
        position: await idOf('jobRoles', 'Hiring Viewer'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ position: 'The job role does not exist.' });
  });
});

describe('verticals and locations: shared ones plus the client’s own', () => {
  it.each([
    ['verticals', 'client@acme.demo', () => acme],
    ['verticals', 'client@globex.demo', () => globex],
    ['verticals', 'viewer@globex.demo', () => globex],
    ['locations', 'client@acme.demo', () => acme],
    ['locations', 'client@globex.demo', () => globex],
    ['locations', 'recruiter@acme.demo', () => acme],
  ] as const)('%s as %s', async (table, email, client) => {
    const res = await get(email, listUrl(`/api/${table}`, { range: [0, 99] }));
    expect(res.statusCode).toBe(200);
    const want = await rowsOf(table, [null, client()]);
    expect(ids(res)).toEqual(want);
    expect(total(res)).toBe(want.length);
  });

  it('the provider sees them all', async () => {
    const res = await get('admin@skillgauge.demo', listUrl('/api/verticals', { range: [0, 99] }));
    expect(ids(res)).toEqual(await rowsOf('verticals', [null, acme, globex]));
  });

  it('a shared record can be read but not changed by a client (403)', async () => {
    for (const [table, name] of [
      ['verticals', 'Engineering'],
      ['locations', 'Mumbai'],
    ] as const) {
      const id = await idOf(table, name);
      expect((await get('client@acme.demo', `/api/${table}/${id}`)).statusCode).toBe(200);
      const put = await as('client@acme.demo', { method: 'PUT', url: `/api/${table}/${id}`, payload: { name: 'Acme-only now' } });
      expect(put.statusCode).toBe(403);
      expect(put.json().result).toBe(0);
      const del = await as('client@acme.demo', { method: 'DELETE', url: `/api/${table}/${id}` });
      expect(del.statusCode).toBe(403);
      expect((await db().selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe(name);
    }
  });

  it('a client’s new record is its own: visible to it, not to the other client, changeable by it', async () => {
    for (const table of ['verticals', 'locations'] as const) {
      const created = await as('client@acme.demo', { method: 'POST', url: `/api/${table}`, payload: { name: `Acme ${table}`, clientId: globex } });
      expect(created.statusCode, created.body).toBe(200);
      const record = created.json().data;
      expect(record.clientId).toBe(acme);
      expect((await get('client@globex.demo', `/api/${table}/${record.id}`)).statusCode).toBe(404);
      expect(ids(await get('client@globex.demo', listUrl(`/api/${table}`, { range: [0, 99] })))).not.toContain(record.id);
      const put = await as('client@acme.demo', { method: 'PUT', url: `/api/${table}/${record.id}`, payload: { name: `Acme ${table} renamed`, clientId: null } });
      expect(put.statusCode).toBe(200);
      expect(put.json().data).toMatchObject({ name: `Acme ${table} renamed`, clientId: acme });
      expect((await as('client@globex.demo', { method: 'DELETE', url: `/api/${table}/${record.id}` })).statusCode).toBe(404);
      expect((await as('client@acme.demo', { method: 'DELETE', url: `/api/${table}/${record.id}` })).statusCode).toBe(200);
    }
  });

  it('the provider’s new records are shared by every client', async () => {
    const created = await as('admin@skillgauge.demo', { method: 'POST', url: '/api/locations', payload: { name: 'Chennai', city: 'Chennai' } });
    expect(created.json().data.clientId).toBeNull();
    for (const email of ['client@acme.demo', 'client@globex.demo']) {
      expect((await get(email, `/api/locations/${created.json().data.id}`)).statusCode).toBe(200);
    }
  });
});
