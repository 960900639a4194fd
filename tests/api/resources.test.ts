/**
 * The resources on the simple-rest protocol (DESIGN.md section 4): list with sort, range, filter
 * and q plus Content-Range, get, create, update, delete, validation errors, and the audit log.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_NAMES, ALL_ENTITIES } from '../domain/rules';
import { listUrl, startTestServer, type ListParams, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ADMIN = 'admin@skillgauge.demo';
const MISSING_ID = '7d1f9a52-0c4e-4b8a-9d3e-5f6a7b8c9d0e';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: unknown) =>
  server.asUser(ADMIN, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const list = (path: string, params: ListParams = {}) => api('GET', listUrl(path, params));

function contentRange(header: unknown) {
  const match = /^([\w-]+) (\d+)-(\d+)\/(\d+)$/.exec(String(header));
  if (!match) throw new Error(`bad Content-Range: ${String(header)}`);
  return { resource: match[1], start: Number(match[2]), end: Number(match[3]), total: Number(match[4]) };
}

/** The failures every list route must answer with 400, whatever the resource. */
const BAD_LIST_QUERIES: [string, string][] = [
  ['an unknown sort field', 'sort=["passwordHash","ASC"]'],
  ['a bad sort order', 'sort=["id","SIDEWAYS"]'],
  ['a sort that is not JSON', 'sort=name'],
  ['a range over 100 records', 'range=[0,100]'],
  ['a reversed range', 'range=[10,2]'],
  ['a range of strings', 'range=["0","9"]'],
  ['a filter that is not JSON', 'filter={name:'],
  ['a filter that is a list', 'filter=[1,2]'],
  ['an unknown filter field', 'filter={"passwordHash":"x"}'],
  ['a non-text search', 'filter={"q":5}'],
  ['a filter on an object', 'filter={"id":{"$ne":null}}'],
  ['an id filter that is not a uuid', 'filter={"id":"42"}'],
  ['a date filter that is not a date', 'filter={"createdAt_gte":"not-a-date"}'],
];

const expectValidationError = (res: { statusCode: number; json: () => any }, fields: Record<string, string | RegExp>) => {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.result).toBe(0);
  expect(typeof body.msg).toBe('string');
  for (const [field, message] of Object.entries(fields)) {
    if (message instanceof RegExp) expect(body.errors?.[field], field).toMatch(message);
    else expect(body.errors?.[field], field).toBe(message);
  }
};

async function expectAudited(resource: string, recordId: string, action: 'create' | 'update' | 'delete') {
  const entries = await server.auditOf(recordId);
  const entry = entries.filter((e) => e.action === action).at(-1);
  expect(entry, `${action} of ${resource} ${recordId} in the audit log`).toBeDefined();
  const admin = (await server.demoUsers()).get(ADMIN)!;
  expect(entry).toMatchObject({ resource, userId: admin.id });
  if (action !== 'create') expect(entry!.before).toMatchObject({ id: recordId });
  if (action !== 'delete') expect(entry!.after).toMatchObject({ id: recordId });
  return entry!;
}

interface NamedResource {
  resource: 'categories' | 'industries' | 'verticals' | 'locations';
  create: Record<string, unknown>;
  update: Record<string, unknown>;
  invalid: [Record<string, unknown>, Record<string, string | RegExp>][];
  wrongTypes: Record<string, unknown>;
  /** A value of the seed to filter on, and a word to search for. */
  filter: Record<string, unknown>;
  search: string;
  searchColumns: string[];
}

const NAMED: NamedResource[] = [
  {
    resource: 'categories',
    create: { name: 'Data Science', description: 'Statistics and machine learning' },
    update: { description: 'Statistics, machine learning and AI' },
    invalid: [
      [{ name: '' }, { name: 'Name is required' }],
      [{ name: 'x'.repeat(121) }, { name: 'Name must be at most 120 characters' }],
      [{ name: 'Ok', description: 'x'.repeat(1001) }, { description: 'Description must be at most 1000 characters' }],
    ],
    wrongTypes: { name: ['Data'], description: 7 },
    filter: { name: 'Leadership' },
    search: 'LEAD',
    searchColumns: ['name', 'description'],
  },
  {
    resource: 'industries',
    create: { name: 'Aviation' },
    update: { name: 'Aviation & Aerospace' },
    invalid: [[{}, { name: 'Name is required' }]],
    wrongTypes: { name: { en: 'Aviation' } },
    filter: { name: 'Retail' },
    search: 'bank',
    searchColumns: ['name', 'description'],
  },
  {
    resource: 'verticals',
    create: { name: 'Finance', description: 'Finance teams' },
    update: { name: 'Finance & Accounts' },
    invalid: [[{ name: '   ' }, { name: 'Name is required' }]],
    wrongTypes: { name: true },
    filter: { name: 'Sales' },
    search: 'support',
    searchColumns: ['name', 'description'],
  },
  {
    resource: 'locations',
    create: { name: 'Hyderabad office', city: 'Hyderabad', state: 'Telangana', country: 'India' },
    update: { city: 'Secunderabad' },
    invalid: [
      [{ city: 'Pune' }, { name: 'Name is required' }],
      [{ name: 'x', state: 'y'.repeat(121) }, { state: /./ }],
    ],
    wrongTypes: { name: 'Somewhere', city: 12 },
    filter: { state: 'Maharashtra' },
    search: 'beng',
    searchColumns: ['name', 'city', 'state', 'country'],
  },
];

describe.each(NAMED)('/api/$resource', (def) => {
  const path = `/api/${def.resource}`;
  const table = def.resource;
  const dbRows = () =>
    server.database.db
      .selectFrom(table)
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .execute() as Promise<(Record<string, unknown> & { id: string; name: string })[]>;

  it('lists a sorted page with the Content-Range header', async () => {
    const all = await dbRows();
    expect(all.length).toBeGreaterThan(2);
    const res = await list(path, { sort: ['name', 'ASC'], range: [0, 1] });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(1);
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual(all.slice(0, 2).map((r) => r.id));
    expect(contentRange(res.headers['content-range'])).toEqual({ resource: def.resource, start: 0, end: 1, total: all.length });

    const desc = await list(path, { sort: ['name', 'DESC'], range: [1, 2] });
    expect(desc.json().data.map((r: { id: string }) => r.id)).toEqual(
      [...all]
        .reverse()
        .slice(1, 3)
        .map((r) => r.id),
    );
    expect(contentRange(desc.headers['content-range'])).toMatchObject({ start: 1, end: 2, total: all.length });
  });

  it('answers an empty page past the end, still with the total', async () => {
    const total = (await dbRows()).length;
    const res = await list(path, { range: [90, 99] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(contentRange(res.headers['content-range']).total).toBe(total);
  });

  it('filters by equality, by a list of ids and by q', async () => {
    const all = await dbRows();
    const [field, value] = Object.entries(def.filter)[0];
    const byField = await list(path, { filter: def.filter, range: [0, 99] });
    expect(byField.statusCode).toBe(200);
    const want = all.filter((r) => r[field] === value).map((r) => r.id);
    expect(want.length).toBeGreaterThan(0);
    expect(byField.json().data.map((r: { id: string }) => r.id).sort()).toEqual(want.sort());

    const ids = all.slice(0, 2).map((r) => r.id);
    const many = await list(path, { filter: { id: ids } });
    expect(many.json().data.map((r: { id: string }) => r.id).sort()).toEqual([...ids].sort());
    expect((await list(path, { filter: { id: [] } })).json().data).toEqual([]);

    const found = await list(path, { filter: { q: def.search }, range: [0, 99] });
    const matches = all.filter((r) => def.searchColumns.some((c) => String(r[c] ?? '').toLowerCase().includes(def.search.toLowerCase())));
    expect(matches.length).toBeGreaterThan(0);
    expect(found.json().data.map((r: { id: string }) => r.id).sort()).toEqual(matches.map((r) => r.id).sort());
    expect(contentRange(found.headers['content-range']).total).toBe(matches.length);

    // Search wildcards are literal text.
    expect((await list(path, { filter: { q: '%' } })).json().data).toEqual([]);
  });

  it('filters by date ranges', async () => {
    const total = (await dbRows()).length;
    const past = await list(path, { filter: { createdAt_gte: '2000-01-01T00:00:00Z' }, range: [0, 99] });
    expect(past.json().data).toHaveLength(total);
    const future = await list(path, { filter: { createdAt_gt: '2999-01-01T00:00:00Z' } });
    expect(future.json().data).toEqual([]);
  });

  it.each(BAD_LIST_QUERIES)('answers 400 to a list with %s', async (_label, query) => {
    const res = await api('GET', `${path}?${encodeURI(query)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, msg: expect.any(String) });
  });

  it('gets one record, 404 for a missing one and 400 for an id that is not a uuid', async () => {
    const [first] = await dbRows();
    const res = await api('GET', `${path}/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: first.id, name: first.name });
    const missing = await api('GET', `${path}/${MISSING_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ result: 0, msg: expect.any(String) });
    const bad = await api('GET', `${path}/42`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ result: 0, errors: { id: 'The id is not valid.' } });
  });

  it('creates, updates and deletes a record, each write in the audit log', async () => {
    const created = await api('POST', path, def.create);
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json().data;
    expect(record).toMatchObject(def.create);
    expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(record.createdAt).toISOString()).toBe(record.createdAt);
    await expectAudited(def.resource, record.id, 'create');
    expect((await api('GET', `${path}/${record.id}`)).json().data).toMatchObject(def.create);

    const updated = await api('PUT', `${path}/${record.id}`, def.update);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ ...def.create, ...def.update, id: record.id });
    const audit = await expectAudited(def.resource, record.id, 'update');
    expect(audit.before).toMatchObject(def.create);
    expect(audit.after).toMatchObject(def.update);

    const deleted = await api('DELETE', `${path}/${record.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ id: record.id, ...def.update });
    await expectAudited(def.resource, record.id, 'delete');
    expect((await api('GET', `${path}/${record.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `${path}/${record.id}`)).statusCode).toBe(404);
    expect((await api('PUT', `${path}/${record.id}`, def.update)).statusCode).toBe(404);
  });

  it.each(def.invalid)('refuses %j with per-field messages', async (body, errors) => {
    expectValidationError(await api('POST', path, body), errors);
  });

  it('refuses wrong types, a malformed JSON body and invalid updates', async () => {
    const wrong = await api('POST', path, def.wrongTypes);
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors).length).toBeGreaterThan(0);

    const malformed = await server.asUser(ADMIN, {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Half',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ result: 0, msg: 'The request body is not valid JSON.' });

    const tooLarge = await api('POST', path, { ...def.create, description: 'x'.repeat(1024 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().result).toBe(0);
    const xml = await server.asUser(ADMIN, { method: 'POST', url: path, headers: { 'content-type': 'application/xml' }, payload: '<name>x</name>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().result).toBe(0);

    const [first] = await dbRows();
    expectValidationError(await api('PUT', `${path}/${first.id}`, { name: '' }), { name: 'Name is required' });
    expect((await api('PUT', `${path}/nope`, def.update)).statusCode).toBe(400);
    expect((await api('PUT', `${path}/${MISSING_ID}`, def.update)).statusCode).toBe(404);
    expect((await api('DELETE', `${path}/nope`)).statusCode).toBe(400);
  });
});

describe('/api/users', () => {
  type Kind = 'teamMembers' | 'authors' | 'relationshipManagers' | 'salesPersons' | 'users';
  /** Which screen a user record belongs to (DESIGN.md: Team Members, Authors, Relationship Manager, Sales Person, Users). */
  const kindOf = (u: { role: string; designation: string | null }): Kind =>
    u.designation === 'RELATIONSHIP_MANAGER'
      ? 'relationshipManagers'
      : u.designation === 'SALES_PERSON'
        ? 'salesPersons'
        : u.role === 'CONTRIBUTOR'
          ? 'authors'
          : u.role === 'TEAM_MEMBER'
            ? 'teamMembers'
            : 'users';
  const allUsers = () => server.database.db.selectFrom('users').select(['id', 'name', 'email', 'role', 'designation', 'clientId']).execute();
  const jobRoleId = async (name: string) =>
    (await server.database.db.selectFrom('jobRoles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it.each(['teamMembers', 'authors', 'relationshipManagers', 'salesPersons'] as const)(
    'lists the %s screen: only its records, with Content-Range',
    async (kind) => {
      const want = (await allUsers()).filter((u) => kindOf(u) === kind);
      expect(want.length).toBeGreaterThan(0);
      const res = await list('/api/users', { filter: { kind }, sort: ['email', 'ASC'], range: [0, 99] });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as { id: string; email: string; passwordHash?: string }[];
      // The database's own collation decides the order.
      const ordered = await server.database.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', want.map((u) => u.id))
        .orderBy('email')
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.id)).toEqual(ordered.map((r) => r.id));
      expect(contentRange(res.headers['content-range'])).toEqual({ resource: 'users', start: 0, end: want.length - 1, total: want.length });
      for (const row of rows) expect(row).not.toHaveProperty('passwordHash');
    },
  );

  it('lists every user on the users screen, by page', async () => {
    const total = (await allUsers()).length;
    const res = await list('/api/users', { filter: { kind: 'users' }, range: [0, 4] });
    expect(res.json().data).toHaveLength(5);
    expect(contentRange(res.headers['content-range'])).toEqual({ resource: 'users', start: 0, end: 4, total });
  });

  it('filters by role, membership, client and q', async () => {
    const contributors = await list('/api/users', { filter: { role: 'CONTRIBUTOR' }, range: [0, 99] });
    const want = (await allUsers()).filter((u) => u.role === 'CONTRIBUTOR');
    expect(contributors.json().data.map((u: { id: string }) => u.id).sort()).toEqual(want.map((u) => u.id).sort());

    const acme = (await server.demoUsers()).get('client@acme.demo')!.clientId!;
    const members = await list('/api/users', { filter: { clientId: acme }, range: [0, 99] });
    expect(members.json().data.map((u: { email: string }) => u.email).sort()).toEqual(['client@acme.demo', 'recruiter@acme.demo']);

    const q = await list('/api/users', { filter: { q: 'globex' }, range: [0, 99] });
    expect(q.json().data.map((u: { email: string }) => u.email).sort()).toEqual(['client@globex.demo', 'viewer@globex.demo']);

    const unverified = await list('/api/users', { filter: { isVerified: false, role: 'USER' }, range: [0, 99] });
    const wantUnverified = await server.database.db.selectFrom('users').select('id').where('isVerified', '=', false).where('role', '=', 'USER').execute();
    expect(unverified.json().data.map((u: { id: string }) => u.id).sort()).toEqual(wantUnverified.map((u) => u.id).sort());
    expect(unverified.json().data.map((u: { email: string }) => u.email)).toContain('pending@skillgauge.demo');

    const many = await list('/api/users', { filter: { membershipType: ['GLOBAL_ROLE', 'CLIENT_SPECIFIC_ROLE'] }, range: [0, 99] });
    expect(many.json().data.map((u: { email: string }) => u.email).sort()).toEqual([
      'global@skillgauge.demo',
      'recruiter@acme.demo',
      'viewer@globex.demo',
    ]);
  });

  it('searches by email for a dropdown', async () => {
    const res = await api('GET', '/api/users/search?searchBy=email&value=acme');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { email: string }) => u.email).sort()).toEqual(['client@acme.demo', 'recruiter@acme.demo']);
    expect((await api('GET', '/api/users/search?searchBy=password&value=x')).statusCode).toBe(400);
  });

  it.each([...BAD_LIST_QUERIES, ['an unknown screen', 'filter={"kind":"aliens"}'] as [string, string], ['a boolean filter that is not a boolean', 'filter={"isVerified":"maybe"}'] as [string, string]])(
    'answers 400 to a list with %s',
    async (_label, query) => {
      const res = await api('GET', `/api/users?${encodeURI(query)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ result: 0, msg: expect.any(String) });
    },
  );

  it('creates a team member with a job role, updates and deletes it, each write audited', async () => {
    const position = await jobRoleId('Content Manager');
    const created = await api('POST', '/api/users', {
      name: 'Nisha Newhire',
      email: 'Nisha@Skillgauge.demo',
      role: 'TEAM_MEMBER',
      membershipType: 'SKILLGAUGE_TEAM',
      position,
      phone: '+91 98765 43210',
      password: 'Welcome-123',
      isVerified: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json().data;
    expect(user).toMatchObject({ email: 'nisha@skillgauge.demo', role: 'TEAM_MEMBER', position, isActive: true });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('password');
    const createdAudit = await expectAudited('users', user.id, 'create');
    expect(JSON.stringify(createdAudit)).not.toContain('Welcome-123');
    expect((await server.login('nisha@skillgauge.demo', 'Welcome-123')).length).toBeGreaterThan(0);

    const updated = await api('PUT', `/api/users/${user.id}`, { name: 'Nisha Senior', isActive: false });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Nisha Senior', isActive: false, position });
    await expectAudited('users', user.id, 'update');

    // A partial update changes only what it names: the account stays inactive.
    const renamed = await api('PUT', `/api/users/${user.id}`, { name: 'Nisha S.' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Nisha S.', isActive: false, position });

    const deleted = await api('DELETE', `/api/users/${user.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.id).toBe(user.id);
    await expectAudited('users', user.id, 'delete');
    expect((await api('GET', `/api/users/${user.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['authors', { role: 'CONTRIBUTOR', membershipType: 'SKILLGAUGE_TEAM' }],
    ['relationshipManagers', { role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', designation: 'RELATIONSHIP_MANAGER' }],
    ['salesPersons', { role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', designation: 'SALES_PERSON' }],
    ['users', { role: 'USER' }],
  ] as const)('creates a record of the %s screen and mails an invitation when no password is given', async (kind, fields) => {
    const email = `new.${kind.toLowerCase()}@skillgauge.demo`;
    const res = await api('POST', '/api/users', { name: `New ${kind}`, email, ...fields });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const listed = await list('/api/users', { filter: { kind, id: [id] } });
    expect(listed.json().data.map((u: { id: string }) => u.id)).toEqual([id]);
    const mail = await server.latestMail(email);
    expect(mail?.textBody).toMatch(/\/resetPassword\?token=[\w-]{20,}/);
    await expectAudited('users', id, 'create');
  });

  it('refuses invalid users with per-field messages', async () => {
    const empty = await api('POST', '/api/users', {});
    expectValidationError(empty, {
      name: 'Name is required',
      email: 'Email is required',
      role: 'Choose a role',
    });
    // Each field's message travels by its code too, so the browser words it in the reader's language.
    expect(empty.json()).toMatchObject({ code: 'nameRequired', errorCodes: { name: { code: 'nameRequired' }, email: { code: 'emailRequired' }, role: { code: 'chooseRole' } } });
    expectValidationError(await api('POST', '/api/users', { name: 'X', email: 'x@skillgauge.demo', role: 'TEAM_MEMBER' }), {
      membershipType: 'Choose a membership type',
    });
    expectValidationError(
      await api('POST', '/api/users', { name: 'X', email: 'x@skillgauge.demo', role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE' }),
      { clientId: 'Choose a client' },
    );
    expectValidationError(
      await api('POST', '/api/users', {
        name: 'X',
        email: 'x@skillgauge.demo',
        role: 'TEAM_MEMBER',
        membershipType: 'GLOBAL_ROLE',
        position: await jobRoleId('Content Manager'),
      }),
      { position: 'The job role is meant for another membership type.' },
    );
    expectValidationError(await api('POST', '/api/users', { name: 'X', email: 'x@skillgauge.demo', role: 'USER', password: 'short' }), {
      password: 'Password must be at least 8 characters',
    });
    expectValidationError(await api('POST', '/api/users', { name: 42, email: ['x'], role: 'USER', isActive: 'yes' }), {
      name: 'Name is required',
      email: 'Email is required',
      isActive: /./,
    });
    const [someone] = await allUsers();
    expectValidationError(await api('PUT', `/api/users/${someone.id}`, { email: 'not-an-email' }), { email: 'Enter a valid email address' });
  });

  it('refuses an email already in use with 409, and unknown or malformed ids', async () => {
    const dup = await api('POST', '/api/users', { name: 'Dup', email: 'CLIENT@acme.demo', role: 'USER' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ result: 0, errors: { email: expect.any(String) } });
    const other = (await server.demoUsers()).get('user@skillgauge.demo')!;
    const taken = await api('PUT', `/api/users/${other.id}`, { email: 'client@acme.demo' });
    expect(taken.statusCode).toBe(409);
    expect((await api('GET', `/api/users/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await api('PUT', `/api/users/${MISSING_ID}`, { name: 'x' })).statusCode).toBe(404);
    expect((await api('DELETE', `/api/users/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await api('GET', '/api/users/12')).statusCode).toBe(400);
    const malformed = await server.asUser(ADMIN, { method: 'POST', url: '/api/users', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(malformed.statusCode).toBe(400);
  });

  it('an admin cannot delete or demote itself', async () => {
    const admin = (await server.demoUsers()).get(ADMIN)!;
    expect((await api('DELETE', `/api/users/${admin.id}`)).statusCode).toBe(403);
    expect((await api('PUT', `/api/users/${admin.id}`, { role: 'USER' })).statusCode).toBe(403);
    expect((await api('PUT', `/api/users/${admin.id}`, { isActive: false })).statusCode).toBe(403);
  });
});

describe('/api/job-roles', () => {
  const roles = () => server.database.db.selectFrom('jobRoles').select(['id', 'name', 'scope', 'permissions']).orderBy('name').orderBy('id').execute();

  it('lists with sort, range, filter and Content-Range', async () => {
    const all = await roles();
    const res = await list('/api/job-roles', { sort: ['name', 'ASC'], range: [0, 2] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual(all.slice(0, 3).map((r) => r.id));
    expect(contentRange(res.headers['content-range'])).toEqual({ resource: 'job-roles', start: 0, end: 2, total: all.length });

    const team = await list('/api/job-roles', { filter: { scope: 'SKILLGAUGE_TEAM' }, range: [0, 99] });
    expect(team.json().data.map((r: { id: string }) => r.id).sort()).toEqual(
      all
        .filter((r) => r.scope === 'SKILLGAUGE_TEAM')
        .map((r) => r.id)
        .sort(),
    );
    const q = await list('/api/job-roles', { filter: { q: 'recruit' } });
    expect(q.json().data.map((r: { name: string }) => r.name)).toEqual(['Recruiter']);
  });

  it.each(BAD_LIST_QUERIES)('answers 400 to a list with %s', async (_label, query) => {
    const res = await api('GET', `/api/job-roles?${encodeURI(query)}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers the dropdown as {_id, label}, optionally by scope', async () => {
    const all = await roles();
    const res = await api('GET', '/api/job-roles/dropdown');
    expect(res.statusCode).toBe(200);
    const options = res.json().data as { _id: string; label: string }[];
    expect(options.map((o) => o._id).sort()).toEqual(all.map((r) => r.id).sort());
    for (const option of options) expect(option.label).toBe(all.find((r) => r.id === option._id)!.name);
    const global = await api('GET', '/api/job-roles/dropdown?scope=GLOBAL_ROLE');
    expect(global.json().data.map((o: { label: string }) => o.label)).toEqual(all.filter((r) => r.scope === 'GLOBAL_ROLE').map((r) => r.name));
    expect((await api('GET', '/api/job-roles/dropdown?scope=EVERYONE')).statusCode).toBe(400);
  });

  it('answers one role with data.permissions as a list of {entity, actions}', async () => {
    const [first] = await roles();
    const res = await api('GET', `/api/job-roles/${first.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: first.id, name: first.name, scope: first.scope });
    expect(Array.isArray(data.permissions)).toBe(true);
    expect(data.permissions.length).toBeGreaterThan(0);
    for (const p of data.permissions) {
      expect(ALL_ENTITIES).toContain(p.entity);
      expect(Object.keys(p.actions).sort()).toEqual([...ACTION_NAMES].sort());
      for (const a of ACTION_NAMES) expect(typeof p.actions[a]).toBe('boolean');
    }
    expect(data.permissions).toEqual(first.permissions);
    expect((await api('GET', `/api/job-roles/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await api('GET', '/api/job-roles/abc')).statusCode).toBe(400);
  });

  it('creates, updates (PUT and PATCH) and deletes a role, each write audited', async () => {
    const permissions = [
      { entity: 'QUESTIONS', actions: { view: true, create: true, edit: false, delete: false } },
      { entity: 'TESTS', actions: { view: true } },
    ];
    const created = await api('POST', '/api/job-roles', { name: 'Reviewer', description: 'Reads content', scope: 'SKILLGAUGE_TEAM', permissions });
    expect(created.statusCode, created.body).toBe(200);
    const role = created.json().data;
    expect(role).toMatchObject({ name: 'Reviewer', scope: 'SKILLGAUGE_TEAM', clientId: null });
    expect(role.permissions).toEqual([
      { entity: 'QUESTIONS', actions: { view: true, create: true, edit: false, delete: false } },
      { entity: 'TESTS', actions: { view: true, create: false, edit: false, delete: false } },
    ]);
    await expectAudited('job-roles', role.id, 'create');

    // A partial update keeps what it does not name.
    const renamed = await api('PUT', `/api/job-roles/${role.id}`, { name: 'Content Reviewer' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Content Reviewer', description: 'Reads content', permissions: role.permissions });
    await expectAudited('job-roles', role.id, 'update');

    const patched = await api('PATCH', `/api/job-roles/${role.id}`, {
      permissions: [{ entity: 'TESTS', actions: { view: true, edit: true } }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      name: 'Content Reviewer',
      permissions: [{ entity: 'TESTS', actions: { view: true, create: false, edit: true, delete: false } }],
    });
    expect((await server.auditOf(role.id)).filter((e) => e.action === 'update')).toHaveLength(2);

    const deleted = await api('DELETE', `/api/job-roles/${role.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.id).toBe(role.id);
    await expectAudited('job-roles', role.id, 'delete');
    expect((await api('GET', `/api/job-roles/${role.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a role held by team members, or to change its scope', async () => {
    const held = (await roles()).find((r) => r.name === 'Sales Executive')!;
    const res = await api('DELETE', `/api/job-roles/${held.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/held by 2 team members/);
    const scope = await api('PUT', `/api/job-roles/${held.id}`, { scope: 'GLOBAL_ROLE' });
    expect(scope.statusCode).toBe(409);
    expect(scope.json().errors).toEqual({ scope: expect.any(String) });
  });

  it('refuses invalid roles with per-field messages', async () => {
    expectValidationError(await api('POST', '/api/job-roles', { name: '', scope: 'EVERYONE' }), { name: 'Name is required', scope: 'Choose a scope' });
    expectValidationError(
      await api('POST', '/api/job-roles', { name: 'R', scope: 'GLOBAL_ROLE', permissions: [{ entity: 'SPACESHIPS', actions: { view: true } }] }),
      { 'permissions.0.entity': 'Unknown permission entity' },
    );
    expectValidationError(
      await api('POST', '/api/job-roles', {
        name: 'R',
        scope: 'GLOBAL_ROLE',
        permissions: [
          { entity: 'ORDERS', actions: { view: true } },
          { entity: 'ORDERS', actions: { edit: true } },
        ],
      }),
      { permissions: 'Each entity may appear once' },
    );
    expectValidationError(await api('POST', '/api/job-roles', { name: 'R', scope: 'GLOBAL_ROLE', permissions: [{ entity: 'ORDERS', actions: { view: 'yes' } }] }), {
      'permissions.0.actions.view': /./,
    });
    expectValidationError(
      await api('POST', '/api/job-roles', { name: 'R', scope: 'CLIENT_SPECIFIC_ROLE', permissions: [{ entity: 'QUESTIONS', actions: { view: true } }] }),
      { permissions: 'A client role cannot grant QUESTIONS.' },
    );
    const malformed = await server.asUser(ADMIN, { method: 'POST', url: '/api/job-roles', headers: { 'content-type': 'application/json' }, payload: '[' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('/api/outbox', () => {
  it('lists the mail newest first with Content-Range, filters by address, and gets one', async () => {
    await api('POST', '/api/users', { name: 'Outbox Probe', email: 'probe@skillgauge.demo', role: 'USER' });
    const total = Number(
      (await server.database.db.selectFrom('outbox').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    );
    const res = await list('/api/outbox', { range: [0, 99] });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: string; toAddress: string; createdAt: string }[];
    expect(rows.length).toBe(Math.min(total, 100));
    expect(contentRange(res.headers['content-range'])).toMatchObject({ resource: 'outbox', start: 0, total });
    const times = rows.map((r) => new Date(r.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const mine = await list('/api/outbox', { filter: { toAddress: 'probe@skillgauge.demo' } });
    expect(mine.json().data).toHaveLength(1);
    const one = await api('GET', `/api/outbox/${mine.json().data[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ toAddress: 'probe@skillgauge.demo', subject: expect.any(String), textBody: expect.any(String) });
    expect((await api('GET', `/api/outbox/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await api('GET', '/api/outbox/xyz')).statusCode).toBe(400);
  });

  it.each(BAD_LIST_QUERIES)('answers 400 to a list with %s', async (_label, query) => {
    const res = await api('GET', `/api/outbox?${encodeURI(query)}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('offers no writes', async () => {
    expect((await api('POST', '/api/outbox', { toAddress: 'x@y.z' })).statusCode).toBe(404);
  });
});
