/**
 * Clients (issue 11): the resource's permission and tenancy cases, GSTIN checksum and uniqueness,
 * contacts, delete refused with orders or invitations, /details (only the client-editable fields),
 * the logo upload, the form's dropdowns, and library assessments given to a client: its users see
 * them and invite to them (the invitation is the client's) until the access is taken back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import { CLIENT_MESSAGES } from '../../src/domain/clients';
import { listUrl, startTestServer, type TestServer } from './harness';
import { clientIdByName } from './business-fixtures';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, USER } from './staff-fixtures';

const SALES = 'sales@skillgauge.demo';
const CONTENT = 'content@skillgauge.demo';
const GLOBEX_VIEWER = 'viewer@globex.demo';
const VALID_GSTIN = '29ABCDE1234F1ZW';
const OTHER_GSTIN = '07AAACG1111H1ZA';

let server: TestServer;
let acme: string;
let globex: string;
let library: string;

const as = (email: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => server.asUser(email, { method, url, payload });
const db = () => server.database.db;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

const newClient = (extra: object = {}) => ({
  name: `Test Co ${Math.random().toString(36).slice(2, 8)}`,
  legalType: 'PRIVATE_LIMITED',
  zone: 'SOUTH',
  city: 'Chennai',
  postalCode: '600001',
  contacts: [
    { name: 'Lata Iyer', email: 'lata@test.example', phone: '+91 98400 11111', designation: 'HR Head', isPrimary: true },
    { name: 'Ravi Kumar', email: 'ravi@test.example', isPrimary: false },
  ],
  ...extra,
});

async function created(email = ADMIN, extra: object = {}) {
  const res = await as(email, 'POST', '/api/clients', newClient(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string; contacts: { name: string; isPrimary: boolean }[] };
}

beforeAll(async () => {
  server = await startTestServer();
  acme = await clientIdByName(db(), 'Acme Industries');
  globex = await clientIdByName(db(), 'Globex Solutions');
  library = (await db().selectFrom('assessments').select('id').where('name', '=', 'Customer Service Aptitude (Library)').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('the clients list', () => {
  it('shows provider staff every client with names, user counts and filters', async () => {
    const res = await as(ADMIN, 'GET', listUrl('/api/clients', { range: [0, 49] }));
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: string; name: string; industryName: string | null; salesPersonName: string | null; userCount: number; status: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(14);
    const acmeRow = rows.find((r) => r.id === acme)!;
    expect(acmeRow).toMatchObject({ industryName: 'Manufacturing', zone: 'WEST', salesPersonName: 'Sunita Sales', relationshipManagerName: 'Rahul Relationship', legalType: 'PRIVATE_LIMITED' });
    expect(acmeRow.userCount).toBe(2);
    const inactive = await as(SALES, 'GET', listUrl('/api/clients', { filter: { status: 'INACTIVE' } }));
    expect(inactive.statusCode).toBe(200);
    expect((inactive.json().data as { status: string }[]).every((r) => r.status === 'INACTIVE')).toBe(true);
    expect(inactive.json().data.length).toBeGreaterThan(0);
    const south = await as(ADMIN, 'GET', listUrl('/api/clients', { filter: { zone: 'SOUTH', q: 'globex' } }));
    expect((south.json().data as { id: string }[]).map((r) => r.id)).toEqual([globex]);
  });

  it('refuses a bad filter with a 400 and users without CLIENTS view with a 403', async () => {
    expect((await as(ADMIN, 'GET', listUrl('/api/clients', { filter: { salesPersonId: 'nope' } }))).statusCode).toBe(400);
    expect((await as(ADMIN, 'GET', listUrl('/api/clients', { filter: { gstin: 'x' } }))).statusCode).toBe(400);
    expect((await as(USER, 'GET', '/api/clients')).statusCode).toBe(403);
    expect((await as(CONTENT, 'GET', '/api/clients')).statusCode).toBe(403);
  });

  it('shows a client’s users their own company only', async () => {
    const res = await as(ACME, 'GET', listUrl('/api/clients', { range: [0, 49] }));
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { id: string }[]).map((r) => r.id)).toEqual([acme]);
    const viewer = await as(GLOBEX_VIEWER, 'GET', '/api/clients');
    expect((viewer.json().data as { id: string }[]).map((r) => r.id)).toEqual([globex]);
  });
});

describe('one client', () => {
  it('answers the record with contacts, users and usage; another client’s is not found', async () => {
    const res = await as(ADMIN, 'GET', `/api/clients/${acme}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.contacts.length).toBe(3);
    expect(data.contacts.filter((c: { isPrimary: boolean }) => c.isPrimary).length).toBe(1);
    expect((data.users as { email: string }[]).map((u) => u.email).sort()).toEqual([ACME, ACME_RECRUITER]);
    expect(data.invitationCount).toBeGreaterThan(0);
    expect((await as(ACME, 'GET', `/api/clients/${acme}`)).statusCode).toBe(200);
    expect((await as(GLOBEX, 'GET', `/api/clients/${acme}`)).statusCode).toBe(404);
    expect((await as(GLOBEX_VIEWER, 'GET', `/api/clients/${acme}`)).statusCode).toBe(404);
    expect((await as(USER, 'GET', `/api/clients/${acme}`)).statusCode).toBe(403);
    expect((await as(ADMIN, 'GET', '/api/clients/not-an-id')).statusCode).toBe(400);
  });
});

describe('creating and changing clients', () => {
  it('creates a client with its contacts (admin, and a sales person holding CLIENTS create), audited', async () => {
    const client = await created(ADMIN, { gstin: VALID_GSTIN.toLowerCase(), pan: 'abcde1234f' });
    expect(client.contacts.map((c) => c.name)).toEqual(['Lata Iyer', 'Ravi Kumar']);
    const stored = await db().selectFrom('clients').select(['gstin', 'pan', 'status']).where('id', '=', client.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ gstin: VALID_GSTIN, pan: 'ABCDE1234F', status: 'ACTIVE' });
    expect((await server.auditOf(client.id))[0]).toMatchObject({ action: 'create', resource: 'clients' });
    await created(SALES);
  });

  it('refuses client users, USERs and staff without CLIENTS create', async () => {
    for (const email of [ACME, USER, CONTENT, GLOBEX_VIEWER]) expect((await as(email, 'POST', '/api/clients', newClient())).statusCode, email).toBe(403);
  });

  it('checks the GSTIN’s checksum, its uniqueness, the PAN and the PIN code', async () => {
    const bad = await as(ADMIN, 'POST', '/api/clients', newClient({ gstin: '29ABCDE1234F1ZX' }));
    expect([bad.statusCode, bad.json().errors.gstin]).toEqual([400, BUSINESS_MESSAGES.invalidGstin]);
    const taken = await as(ADMIN, 'POST', '/api/clients', newClient({ gstin: '27AABCA1234M1ZU' }));
    expect([taken.statusCode, taken.json().msg]).toEqual([409, BUSINESS_MESSAGES.gstinTaken]);
    const pan = await as(ADMIN, 'POST', '/api/clients', newClient({ pan: '1234' }));
    expect([pan.statusCode, pan.json().errors.pan]).toEqual([400, BUSINESS_MESSAGES.invalidPan]);
    const pin = await as(ADMIN, 'POST', '/api/clients', newClient({ postalCode: '01234' }));
    expect([pin.statusCode, pin.json().errors.postalCode]).toEqual([400, BUSINESS_MESSAGES.invalidPostalCode]);
    const client = await created(ADMIN, { gstin: OTHER_GSTIN });
    const clash = await as(ADMIN, 'PUT', `/api/clients/${client.id}`, { gstin: '27AABCA1234M1ZU' });
    expect([clash.statusCode, clash.json().msg]).toEqual([409, BUSINESS_MESSAGES.gstinTaken]);
    // Its own GSTIN is no clash.
    expect((await as(ADMIN, 'PUT', `/api/clients/${client.id}`, { gstin: OTHER_GSTIN, city: 'Delhi' })).statusCode).toBe(200);
  });

  it('needs exactly one primary contact, and a sales person and manager who hold those duties', async () => {
    const twoPrimaries = await as(ADMIN, 'POST', '/api/clients', newClient({ contacts: [{ name: 'A', isPrimary: true }, { name: 'B', isPrimary: true }] }));
    expect([twoPrimaries.statusCode, twoPrimaries.json().errors.contacts]).toEqual([400, CLIENT_MESSAGES.onePrimary]);
    const users = await server.demoUsers();
    const notSales = await as(ADMIN, 'POST', '/api/clients', newClient({ salesPersonId: users.get(CONTENT)!.id }));
    expect([notSales.statusCode, notSales.json().msg]).toEqual([400, CLIENT_MESSAGES.notSalesPerson]);
    const notManager = await as(ADMIN, 'POST', '/api/clients', newClient({ relationshipManagerId: users.get(SALES)!.id }));
    expect([notManager.statusCode, notManager.json().msg]).toEqual([400, CLIENT_MESSAGES.notRelationshipManager]);
    const ok = await created(ADMIN, { salesPersonId: users.get(SALES)!.id, relationshipManagerId: users.get('rm@skillgauge.demo')!.id });
    expect(ok).toMatchObject({ salesPersonName: 'Sunita Sales', relationshipManagerName: 'Rahul Relationship' });
    const unknown = await as(ADMIN, 'POST', '/api/clients', newClient({ industryId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(400);
  });

  it('lets provider staff with CLIENTS edit change a client and replace its contacts; clients use /details instead', async () => {
    const client = await created();
    const res = await as(SALES, 'PUT', `/api/clients/${client.id}`, { status: 'INACTIVE', contacts: [{ name: 'New Person', isPrimary: true }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'INACTIVE', contacts: [{ name: 'New Person', isPrimary: true }] });
    expect((await as(ACME, 'PUT', `/api/clients/${acme}`, { city: 'Nashik' })).statusCode).toBe(403);
    expect((await as(CONTENT, 'PUT', `/api/clients/${client.id}`, { city: 'Nashik' })).statusCode).toBe(403);
    expect((await as(ADMIN, 'PUT', `/api/clients/${client.id}`, { unknownField: 1 })).statusCode).toBe(400);
  });

  it('deletes a client without orders or invitations, and refuses one with them', async () => {
    const client = await created();
    expect((await as(SALES, 'DELETE', `/api/clients/${client.id}`)).statusCode).toBe(403);
    expect((await as(ADMIN, 'DELETE', `/api/clients/${client.id}`)).statusCode).toBe(200);
    expect(await db().selectFrom('clients').select('id').where('id', '=', client.id).executeTakeFirst()).toBeUndefined();
    const refused = await as(ADMIN, 'DELETE', `/api/clients/${acme}`);
    expect([refused.statusCode, refused.json().msg]).toEqual([409, BUSINESS_MESSAGES.clientHasOrders]);
    // An order alone keeps a client too.
    const withOrder = await created();
    await db()
      .insertInto('orders')
      .values({ clientId: withOrder.id, credits: 1, unitPricePaise: 100, taxRateBp: 1800, subtotalPaise: 100, taxPaise: 18, totalPaise: 118, updatedAt: new Date() })
      .execute();
    expect((await as(ADMIN, 'DELETE', `/api/clients/${withOrder.id}`)).statusCode).toBe(409);
  });
});

describe('/details: a client’s own company', () => {
  it('shows the signed-in client its company and what it may change', async () => {
    const res = await as(ACME_RECRUITER, 'GET', '/api/clients/details');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: acme, name: 'Acme Industries', mayEdit: false });
    expect((await as(GLOBEX, 'GET', '/api/clients/details')).json().data).toMatchObject({ id: globex, mayEdit: true });
    expect((await as(ADMIN, 'GET', '/api/clients/details')).statusCode).toBe(403);
    expect((await as(USER, 'GET', '/api/clients/details')).statusCode).toBe(403);
  });

  it('changes only the fields a client may change', async () => {
    const res = await as(ACME, 'PUT', '/api/clients/details', { city: 'Nashik', website: 'https://acme-industries.example', contacts: [{ name: 'Neha Kulkarni', isPrimary: true }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ city: 'Nashik', contacts: [{ name: 'Neha Kulkarni' }], name: 'Acme Industries' });
    const refused = await as(ACME, 'PUT', '/api/clients/details', { city: 'Pune', name: 'Acme Global', gstin: VALID_GSTIN });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: 'Only your relationship manager can change this: name, gstin.', code: 'notEditableByClient', params: { fields: 'name, gstin' } });
    expect((await db().selectFrom('clients').select('city').where('id', '=', acme).executeTakeFirstOrThrow()).city).toBe('Nashik');
    for (const field of ['status', 'salesPersonId', 'lowCreditThreshold', 'legalType'])
      expect((await as(ACME, 'PUT', '/api/clients/details', { [field]: null })).statusCode, field).toBe(403);
    const pin = await as(ACME, 'PUT', '/api/clients/details', { postalCode: 'abc' });
    expect([pin.statusCode, pin.json().msg]).toEqual([400, BUSINESS_MESSAGES.invalidPostalCode]);
  });

  it('refuses team members who do not manage the client’s team, and provider staff', async () => {
    expect((await as(ACME_RECRUITER, 'PUT', '/api/clients/details', { city: 'Pune' })).statusCode).toBe(403);
    expect((await as(GLOBEX_VIEWER, 'PUT', '/api/clients/details', { city: 'Pune' })).statusCode).toBe(403);
    expect((await as(ADMIN, 'PUT', '/api/clients/details', { city: 'Pune' })).statusCode).toBe(403);
    // Globex's change never touches Acme.
    expect((await as(GLOBEX, 'PUT', '/api/clients/details', { city: 'Mysuru' })).statusCode).toBe(200);
    expect((await db().selectFrom('clients').select('city').where('id', '=', acme).executeTakeFirstOrThrow()).city).toBe('Nashik');
  });
});

describe('the logo', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082', 'hex');
  async function uploadLogo(email: string) {
    const res = await as(email, 'GET', `/api/clients/logo-upload?key=logo.png&contentType=image/png&size=${png.length}`);
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json().data as { preSignedUrl: string; fileId: string; objectUrl: string };
    const put = await server.app.inject({ method: 'PUT', url: pathOf(signed.preSignedUrl), payload: png, headers: { 'content-type': 'image/png' } });
    expect(put.statusCode, put.body).toBeLessThan(300);
    return signed;
  }

  it('uploads through a signed URL and shows as the client’s logo', async () => {
    const signed = await uploadLogo(GLOBEX);
    const res = await as(GLOBEX, 'PUT', '/api/clients/details', { logoFileId: signed.fileId });
    expect(res.statusCode, res.body).toBe(200);
    // Read from this server at whatever address the page was opened at.
    expect(res.json().data.logoUrl).toBe(new URL(signed.objectUrl).pathname);
    const staffLogo = await uploadLogo(ADMIN);
    expect((await as(ADMIN, 'PUT', `/api/clients/${acme}`, { logoFileId: staffLogo.fileId })).statusCode).toBe(200);
  });

  it('takes images only, of at most 1 MB, uploaded for this client', async () => {
    const svg = await as(ACME, 'GET', '/api/clients/logo-upload?key=logo.svg&contentType=image/svg%2Bxml&size=100');
    expect([svg.statusCode, svg.json().errors.contentType]).toEqual([400, CLIENT_MESSAGES.logoNotImage]);
    expect((await as(ACME, 'GET', '/api/clients/logo-upload?key=logo.pdf&contentType=application/pdf&size=100')).statusCode).toBe(400);
    expect((await as(ACME, 'GET', `/api/clients/logo-upload?key=logo.png&contentType=image/png&size=${2 * 1024 * 1024}`)).statusCode).toBe(413);
    expect((await as(USER, 'GET', '/api/clients/logo-upload?key=logo.png&contentType=image/png&size=100')).statusCode).toBe(403);
    expect((await as(ACME_RECRUITER, 'GET', '/api/clients/logo-upload?key=logo.png&contentType=image/png&size=100')).statusCode).toBe(403);
    // Globex's upload cannot become Acme's logo; a link never used is no logo either.
    const globexLogo = await uploadLogo(GLOBEX);
    const foreign = await as(ACME, 'PUT', '/api/clients/details', { logoFileId: globexLogo.fileId });
    expect([foreign.statusCode, foreign.json().msg]).toEqual([400, CLIENT_MESSAGES.logoNotImage]);
    const unused = (await as(ACME, 'GET', '/api/clients/logo-upload?key=logo.png&contentType=image/png&size=100')).json().data.fileId;
    expect((await as(ACME, 'PUT', '/api/clients/details', { logoFileId: unused })).statusCode).toBe(400);
  });
});

describe('the form’s dropdowns', () => {
  it('answers zones, industries, sales persons, relationship managers and a client’s contacts', async () => {
    expect((await as(ACME, 'GET', '/api/clients/zones')).json().data.map((z: { _id: string }) => z._id)).toContain('NORTH_EAST');
    const sales = await as(SALES, 'GET', '/api/clients/sales-persons');
    expect(sales.json().data.map((u: { label: string }) => u.label)).toEqual(['Sunita Sales']);
    expect((await as(ADMIN, 'GET', '/api/clients/relationship-managers')).json().data.map((u: { label: string }) => u.label)).toEqual(['Rahul Relationship']);
    expect((await as(SALES, 'GET', '/api/clients/industries')).json().data.length).toBeGreaterThanOrEqual(5);
    expect((await as(ADMIN, 'GET', `/api/clients/verticals?clientId=${acme}`)).json().data.map((v: { label: string }) => v.label)).toContain('Acme Field Operations');
    expect((await as(ADMIN, 'GET', '/api/clients/verticals')).json().data.map((v: { label: string }) => v.label)).not.toContain('Acme Field Operations');
    expect((await as(ACME, 'GET', '/api/clients/industries')).statusCode).toBe(403);
    expect((await as(ACME, 'GET', `/api/clients/${acme}/contacts`)).statusCode).toBe(200);
    expect((await as(GLOBEX, 'GET', `/api/clients/${acme}/contacts`)).statusCode).toBe(404);
    expect((await as(GLOBEX, 'GET', '/api/clients/dropdown')).json().data).toEqual([{ _id: globex, label: 'Globex Solutions' }]);
  });
});

describe('library assessments given to a client', () => {
  it('lists them for staff and for the client itself, not for another client', async () => {
    const res = await as(ADMIN, 'GET', `/api/clients/${acme}/assessments`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ assessmentId: library, settings: expect.objectContaining({ displayName: 'Acme Service Desk Screening', invitationDays: 10 }) })]);
    expect((await as(ACME, 'GET', `/api/clients/${acme}/assessments`)).statusCode).toBe(200);
    expect((await as(GLOBEX, 'GET', `/api/clients/${acme}/assessments`)).statusCode).toBe(404);
    expect((await as(ADMIN, 'GET', `/api/clients/${acme}/assessments/${library}`)).json().data.name).toBe('Customer Service Aptitude (Library)');
  });

  it('shows a given library assessment among the client’s assessments, readable but not writable', async () => {
    const mine = await as(ACME_RECRUITER, 'GET', listUrl('/api/assessments', { filter: { scope: 'mine' }, range: [0, 49] }));
    expect((mine.json().data as { id: string }[]).map((a) => a.id)).toContain(library);
    const theirs = await as(GLOBEX, 'GET', listUrl('/api/assessments', { filter: { scope: 'mine' }, range: [0, 49] }));
    expect((theirs.json().data as { id: string }[]).map((a) => a.id)).not.toContain(library);
    expect((await as(ACME, 'GET', `/api/assessments/${library}`)).statusCode).toBe(200);
    expect((await as(GLOBEX, 'GET', `/api/assessments/${library}`)).statusCode).toBe(404);
    expect((await as(ACME, 'DELETE', `/api/assessments/${library}`)).statusCode).toBe(404);
    // Its candidates' score columns too.
    expect((await as(ACME_RECRUITER, 'GET', `/api/assessments/${library}/score-columns`)).statusCode).toBe(200);
    expect((await as(GLOBEX, 'GET', `/api/assessments/${library}/score-columns`)).statusCode).toBe(404);
  });

  it('gives one with its settings (staff with CLIENTS edit), once, only from the library, in languages it has', async () => {
    const choices = await as(SALES, 'GET', `/api/clients/${globex}/assessment-choices`);
    expect(choices.json().data.map((c: { _id: string }) => c._id)).toContain(library);
    expect((await as(GLOBEX, 'POST', `/api/clients/${globex}/assessments`, { assessmentId: library })).statusCode).toBe(403);
    expect((await as(CONTENT, 'POST', `/api/clients/${globex}/assessments`, { assessmentId: library })).statusCode).toBe(403);
    const wrongLanguage = await as(ADMIN, 'POST', `/api/clients/${globex}/assessments`, { assessmentId: library, settings: { languages: ['ta'] } });
    expect([wrongLanguage.statusCode, wrongLanguage.json().errors['settings.languages']]).toEqual([400, CLIENT_MESSAGES.languagesNotOffered]);
    const acmeOwn = (await db().selectFrom('assessments').select('id').where('clientId', '=', acme).executeTakeFirstOrThrow()).id;
    const notLibrary = await as(ADMIN, 'POST', `/api/clients/${globex}/assessments`, { assessmentId: acmeOwn });
    expect([notLibrary.statusCode, notLibrary.json().msg]).toEqual([400, CLIENT_MESSAGES.notLibrary]);
    const given = await as(SALES, 'POST', `/api/clients/${globex}/assessments`, { assessmentId: library, settings: { displayName: 'Globex Support Hiring', languages: ['en'], invitationDays: 5 } });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data.settings).toEqual({ displayName: 'Globex Support Hiring', languages: ['en'], invitationDays: 5 });
    const inactive = await created(ADMIN, { status: 'INACTIVE' });
    const refusedInactive = await as(ADMIN, 'POST', `/api/clients/${inactive.id}/assessments`, { assessmentId: library });
    expect([refusedInactive.statusCode, refusedInactive.json().msg]).toEqual([409, CLIENT_MESSAGES.clientInactive]);
    const again = await as(ADMIN, 'POST', `/api/clients/${globex}/assessments`, { assessmentId: library });
    expect([again.statusCode, again.json().msg]).toEqual([409, CLIENT_MESSAGES.alreadyGranted]);
    const days = await as(ADMIN, 'PUT', `/api/clients/${globex}/assessments/${library}`, { settings: { invitationDays: 0 } });
    expect(days.statusCode).toBe(400);
  });

  it('lets the client invite to it: the invitation is the client’s, with its languages and validity', async () => {
    const before = Date.now();
    const res = await as(GLOBEX, 'POST', '/api/invitations', { assessmentId: library, candidates: [{ name: 'Harish Gowda', email: 'harish.gowda@example.com' }] });
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.rows[0].invitationId as string;
    const invitation = await db().selectFrom('invitations').innerJoin('candidates', 'candidates.id', 'invitations.candidateId').select(['invitations.clientId', 'invitations.expiresAt', 'candidates.clientId as candidateClient']).where('invitations.id', '=', id).executeTakeFirstOrThrow();
    expect(invitation.clientId).toBe(globex);
    expect(invitation.candidateClient).toBe(globex);
    expect((await server.latestMail('harish.gowda@example.com'))?.textBody).toContain('Globex Support Hiring');
    // Five days (the grant's invitationDays) from the invitation, whenever the machine got to it.
    const expires = new Date(invitation.expiresAt!).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 5 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(after + 5 * 86_400_000);
    const hindi = await as(GLOBEX, 'POST', '/api/invitations', { assessmentId: library, language: 'hi', candidates: [{ name: 'Isha Paul', email: 'isha.paul@example.com' }] });
    expect(hindi.statusCode).toBe(400);
    // Acme never sees Globex's invitation, nor counts it among its own.
    expect((await as(ACME, 'GET', `/api/invitations/${id}`)).statusCode).toBe(404);
    const acmeRow = (await as(ACME, 'GET', listUrl('/api/assessments', { filter: { q: 'Customer Service Aptitude' } }))).json().data[0];
    expect([acmeRow.id, acmeRow.invitationCount]).toEqual([library, 0]);
    const globexRow = (await as(GLOBEX, 'GET', listUrl('/api/assessments', { filter: { q: 'Customer Service Aptitude' } }))).json().data[0];
    expect(globexRow.invitationCount).toBe(1);
  });

  it('changes the settings and takes the access back', async () => {
    const changed = await as(SALES, 'PUT', `/api/clients/${globex}/assessments/${library}`, { settings: { displayName: 'Support Hiring' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.settings).toEqual({ displayName: 'Support Hiring' });
    expect((await as(GLOBEX, 'DELETE', `/api/clients/${globex}/assessments/${library}`)).statusCode).toBe(403);
    expect((await as(ADMIN, 'DELETE', `/api/clients/${globex}/assessments/${library}`)).statusCode).toBe(200);
    expect((await as(ADMIN, 'DELETE', `/api/clients/${globex}/assessments/${library}`)).statusCode).toBe(404);
    const refused = await as(GLOBEX, 'POST', '/api/invitations', { assessmentId: library, candidates: [{ name: 'Late Person', email: 'late@example.com' }] });
    expect(refused.statusCode).toBe(404);
  });
});
