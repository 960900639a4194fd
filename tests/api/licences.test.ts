/**
 * Licences and credit spending: which licence an invitation spends (the soonest to expire, one for
 * the assessment before one for any; never an expired, upcoming or revoked one), the last credit,
 * refusals that write nothing, refunds on revoking an unopened invitation (once), 20 concurrent
 * invitations for 10 credits, the public link without credits, and every route's permission and
 * tenancy cases (Globex never sees Acme's licences; clients only read).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import { MESSAGES } from '../../src/domain/messages';
import { issueInvitation } from '../../server/lib/invitations';
import { clientIdByName, grantLicence } from './business-fixtures';
import { joinPublic } from './take-fixtures';
import { listUrl, startTestServer, type TestServer } from './harness';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, USER, staffFixtures } from './staff-fixtures';

const DAY = 86_400_000;
let server: TestServer;
let f: ReturnType<typeof staffFixtures>;
let acme: string;
let globex: string;
let assessment: { id: string; name: string };
let other: { id: string; name: string };
let test: string;
let seq = 0;

const db = () => server.database.db;
const person = () => {
  seq += 1;
  return { name: `Candidate ${seq}`, email: `licence.candidate.${seq}@example.com` };
};
const invite = (assessmentId: string, people = [person()]) => f.as(ACME, { method: 'POST', url: '/api/invitations', payload: { assessmentId, candidates: people } });
/** Invites one and answers the row's outcome. */
async function inviteOne(assessmentId = assessment.id) {
  const res = await invite(assessmentId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rows[0] as { outcome: string; message?: string; invitationId?: string };
}
const used = async (id: string) => (await db().selectFrom('licences').select('used').where('id', '=', id).executeTakeFirstOrThrow()).used;
const licenceOf = async (invitationId: string) => (await db().selectFrom('invitations').select('licenceId').where('id', '=', invitationId).executeTakeFirstOrThrow()).licenceId;
const invitationCount = async () => Number((await db().selectFrom('invitations').select(sql<string>`count(*)`.as('n')).where('clientId', '=', acme).executeTakeFirstOrThrow()).n);

/** Acme starts each case with no valid licence: the seeded ones are revoked. */
async function noLicences() {
  await db().updateTable('licences').set({ revokedAt: new Date() }).where('clientId', '=', acme).where('revokedAt', 'is', null).execute();
}

async function activeAssessment(email: string, name: string, extra: object = {}) {
  const a = await f.createAssessment(email, { name, testIds: [test], languages: ['en'], ...extra });
  expect((await f.setStatus(email, a.id, 'ACTIVE')).statusCode).toBe(200);
  return a as { id: string; name: string };
}

beforeAll(async () => {
  server = await startTestServer();
  f = staffFixtures(server);
  const skill = await f.skill('COMPETENCY', 'Credit sense');
  test = await f.test('COMPETENCY', skill, 'Credit basics', [await f.question(skill, 'Spends wisely')], 600);
  acme = await clientIdByName(db(), 'Acme Industries');
  globex = await clientIdByName(db(), 'Globex Solutions');
  assessment = await activeAssessment(ACME, 'Acme credit drive');
  other = await activeAssessment(ACME, 'Acme other drive');
});
afterAll(() => server.close());

describe('spending', () => {
  beforeEach(noLicences);

  it('takes the last credit, then refuses the next invitation with nothing half-written', async () => {
    const licence = await grantLicence(db(), acme, { credits: 10 });
    for (let i = 0; i < 10; i++) expect((await inviteOne()).outcome).toBe('INVITED');
    expect(await used(licence)).toBe(10);
    const before = await invitationCount();
    const eleventh = person();
    const refused = await invite(assessment.id, [eleventh]);
    expect(refused.json().data.rows[0]).toMatchObject({ outcome: 'FAILED', message: BUSINESS_MESSAGES.noCredits });
    expect(await invitationCount()).toBe(before);
    expect(await used(licence)).toBe(10);
    expect(await db().selectFrom('candidates').select('id').where('email', '=', eleventh.email).execute()).toEqual([]);
    expect(await server.latestMail(eleventh.email)).toBeFalsy();
  });

  it('records the licence on the invitation; the provider’s own assessments spend nothing', async () => {
    const licence = await grantLicence(db(), acme, { credits: 5 });
    const row = await inviteOne();
    expect(await licenceOf(row.invitationId!)).toBe(licence);
    const library = await activeAssessment(ADMIN, 'Library credit-free');
    const res = await f.as(ADMIN, { method: 'POST', url: '/api/invitations', payload: { assessmentId: library.id, candidates: [person()] } });
    const id = res.json().data.rows[0].invitationId as string;
    expect(await licenceOf(id)).toBeNull();
    expect(await used(licence)).toBe(1);
  });

  it('never spends an expired, upcoming or revoked licence', async () => {
    const expired = await grantLicence(db(), acme, { validFrom: new Date(Date.now() - 60 * DAY), validUntil: new Date(Date.now() - DAY) });
    const upcoming = await grantLicence(db(), acme, { validFrom: new Date(Date.now() + DAY), validUntil: new Date(Date.now() + 60 * DAY) });
    const revoked = await grantLicence(db(), acme);
    await db().updateTable('licences').set({ revokedAt: new Date() }).where('id', '=', revoked).execute();
    expect(await inviteOne()).toMatchObject({ outcome: 'FAILED', message: BUSINESS_MESSAGES.noCredits });
    for (const id of [expired, upcoming, revoked]) expect(await used(id)).toBe(0);
  });

  it('spends the soonest to expire first, and one for this assessment before one for any', async () => {
    const until = new Date(Date.now() + 20 * DAY);
    const anyLater = await grantLicence(db(), acme, { validUntil: new Date(Date.now() + 90 * DAY) });
    const anySoon = await grantLicence(db(), acme, { validUntil: until, credits: 1 });
    const ownSoon = await grantLicence(db(), acme, { validUntil: until, credits: 1, assessmentId: assessment.id });
    const forOther = await grantLicence(db(), acme, { validUntil: new Date(Date.now() + 5 * DAY), assessmentId: other.id });
    expect(await licenceOf((await inviteOne()).invitationId!)).toBe(ownSoon);
    expect(await licenceOf((await inviteOne()).invitationId!)).toBe(anySoon);
    expect(await licenceOf((await inviteOne()).invitationId!)).toBe(anyLater);
    // Another assessment's licence is never spent for this one, but is for its own.
    expect(await used(forOther)).toBe(0);
    expect(await licenceOf((await inviteOne(other.id)).invitationId!)).toBe(forOther);
  });

  it('20 concurrent invitations for 10 credits: exactly 10 succeed and used is 10', async () => {
    const licence = await grantLicence(db(), acme, { credits: 10 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => invite(assessment.id)));
    const outcomes = answers.map((res) => res.json().data.rows[0]);
    expect(outcomes.filter((o) => o.outcome === 'INVITED')).toHaveLength(10);
    expect(outcomes.filter((o) => o.outcome === 'FAILED' && o.message === BUSINESS_MESSAGES.noCredits)).toHaveLength(10);
    expect(await used(licence)).toBe(10);
    expect(await db().selectFrom('invitations').select('id').where('licenceId', '=', licence).execute()).toHaveLength(10);
  });

  it('20 concurrent transactions for 10 credits across two licences: exactly 10 invitations, none overspent', async () => {
    const a = await grantLicence(db(), acme, { credits: 4, validUntil: new Date(Date.now() + 10 * DAY) });
    const b = await grantLicence(db(), acme, { credits: 6 });
    const candidates = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const p = person();
        return (await db().insertInto('candidates').values({ clientId: acme, name: p.name, email: p.email, updatedAt: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
      }),
    );
    const results = await Promise.allSettled(
      candidates.map((candidateId) => db().transaction().execute((trx) => issueInvitation(trx, { assessmentId: assessment.id, candidateId, clientId: acme, entryType: 'INVITE', invitedBy: null }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as Error).message)).toEqual(Array(10).fill(BUSINESS_MESSAGES.noCredits));
    expect([await used(a), await used(b)]).toEqual([4, 6]);
  });

  it('a public link without credits refuses politely and writes nothing', async () => {
    const walkIn = await activeAssessment(ACME, 'Acme walk-in', { type: 'PUBLIC_LINK' });
    const { publicSlug } = await db().selectFrom('assessments').select('publicSlug').where('id', '=', walkIn.id).executeTakeFirstOrThrow();
    const join = (email: string) => joinPublic(server, publicSlug!, { name: 'Walk In', email });
    const refused = await join('walk.in.1@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(MESSAGES.publicNoCredits);
    expect(await db().selectFrom('candidates').select('id').where('email', '=', 'walk.in.1@example.com').execute()).toEqual([]);
    const licence = await grantLicence(db(), acme, { credits: 1 });
    expect((await join('walk.in.2@example.com')).statusCode).toBe(200);
    expect(await used(licence)).toBe(1);
  });
});

describe('refunds', () => {
  beforeEach(noLicences);
  const revoke = (id: string) => f.as(ACME, { method: 'POST', url: `/api/invitations/${id}/revoke` });

  it('revoking an unopened invitation gives its credit back once', async () => {
    const licence = await grantLicence(db(), acme, { credits: 3 });
    const { invitationId } = await inviteOne();
    expect(await used(licence)).toBe(1);
    expect((await revoke(invitationId!)).statusCode).toBe(200);
    expect(await used(licence)).toBe(0);
    expect(await licenceOf(invitationId!)).toBeNull();
    // Twice, even at once: nothing more comes back.
    const again = await Promise.all([revoke(invitationId!), revoke(invitationId!)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await used(licence)).toBe(0);
  });

  it('an opened invitation cannot be revoked and keeps its credit spent', async () => {
    const licence = await grantLicence(db(), acme, { credits: 3 });
    const { invitationId } = await inviteOne();
    await db().updateTable('invitations').set({ openedAt: new Date() }).where('id', '=', invitationId!).execute();
    expect((await revoke(invitationId!)).statusCode).toBe(409);
    expect(await used(licence)).toBe(1);
    expect(await licenceOf(invitationId!)).toBe(licence);
  });
});

describe('routes', () => {
  let acmeLicence: string;
  let globexLicence: string;
  const future = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const assign = (email: string, payload: object) => f.as(email, { method: 'POST', url: '/api/licences', payload });
  const body = (extra: object = {}) => ({ clientId: acme, assessmentId: null, credits: 50, validFrom: future(-1), validUntil: future(30), notes: 'Quarterly plan', ...extra });

  beforeAll(async () => {
    acmeLicence = await grantLicence(db(), acme, { credits: 30 });
    globexLicence = await grantLicence(db(), globex, { credits: 30 });
  });

  it('lists every client’s licences for the admin, and only its own for a client (Globex never sees Acme’s)', async () => {
    const all = await f.as(ADMIN, { method: 'GET', url: listUrl('/api/licences', { range: [0, 99] }) });
    expect(all.statusCode).toBe(200);
    const ids = all.json().data.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([acmeLicence, globexLicence]));
    const own = await f.as(GLOBEX, { method: 'GET', url: listUrl('/api/licences', { range: [0, 99] }) });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.every((r: { clientId: string }) => r.clientId === globex)).toBe(true);
    expect(own.json().data.map((r: { id: string }) => r.id)).toContain(globexLicence);
    // Filtering by another client gives nothing more.
    const sneaky = await f.as(GLOBEX, { method: 'GET', url: listUrl('/api/licences', { filter: { clientId: acme } }) });
    expect(sneaky.json().data).toEqual([]);
    expect((await f.as(GLOBEX, { method: 'GET', url: `/api/licences/${acmeLicence}` })).statusCode).toBe(404);
    expect((await f.as(ACME, { method: 'GET', url: `/api/licences/${acmeLicence}` })).statusCode).toBe(200);
  });

  it('filters by state, and answers a state and remaining credits on each row', async () => {
    const res = await f.as(ADMIN, { method: 'GET', url: listUrl('/api/licences', { filter: { clientId: globex, state: ['VALID'] }, range: [0, 99] }) });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: string; state: string; remaining: number; credits: number; used: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.state).toBe('VALID');
      expect(row.remaining).toBe(row.credits - row.used);
    }
    const expired = await f.as(ADMIN, { method: 'GET', url: listUrl('/api/licences', { filter: { state: 'EXPIRED' }, range: [0, 99] }) });
    const expiredRows = expired.json().data as { state: string; remaining: number; lapsed: number; credits: number; used: number }[];
    expect(expiredRows.length).toBeGreaterThan(0);
    for (const row of expiredRows) {
      expect(row.state).toBe('EXPIRED');
      // What was not spent in time can never be: nothing remains, it lapsed.
      expect(row).toMatchObject({ remaining: 0, lapsed: Math.max(0, row.credits - row.used) });
    }
    expect((await f.as(ADMIN, { method: 'GET', url: listUrl('/api/licences', { filter: { state: 'LOST' } }) })).statusCode).toBe(400);
  });

  it('shows a licence with the invitations that spent it', async () => {
    await noLicences();
    const licence = await grantLicence(db(), acme, { credits: 5 });
    const { invitationId } = await inviteOne();
    const res = await f.as(ACME, { method: 'GET', url: `/api/licences/${licence}` });
    expect(res.json().data).toMatchObject({ id: licence, used: 1, remaining: 4, state: 'VALID', usageTotal: 1, usage: [{ id: invitationId, assessmentName: assessment.name }] });
  });

  it('lets only provider staff assign, validated; clients and other users are refused', async () => {
    for (const email of [ACME, ACME_RECRUITER, GLOBEX, USER]) expect((await assign(email, body())).statusCode, email).toBe(403);
    expect((await assign(ADMIN, body({ credits: 0 }))).json().errors).toEqual({ credits: BUSINESS_MESSAGES.licenceCredits });
    expect((await assign(ADMIN, body({ credits: 100_001 }))).statusCode).toBe(400);
    expect((await assign(ADMIN, body({ credits: 2.5 }))).statusCode).toBe(400);
    expect((await assign(ADMIN, body({ validUntil: future(-2) }))).json().errors).toEqual({ validUntil: BUSINESS_MESSAGES.licenceDates });
    expect((await assign(ADMIN, body({ validFrom: 'soon' }))).statusCode).toBe(400);
    expect((await assign(ADMIN, body({ clientId: '7f3c1a52-1b9e-4c7d-9a2b-3e4f5a6b7c8d' }))).json().msg).toBe(BUSINESS_MESSAGES.licenceClient);
    // Another client's assessment is not this client's to license.
    expect((await assign(ADMIN, body({ clientId: globex, assessmentId: assessment.id }))).json().errors).toEqual({ assessmentId: BUSINESS_MESSAGES.licenceAssessment });
    const created = await assign(ADMIN, body({ assessmentId: assessment.id }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ clientId: acme, assessmentId: assessment.id, assessmentName: assessment.name, credits: 50, used: 0, state: 'VALID', notes: 'Quarterly plan' });
    const choices = await f.as(ADMIN, { method: 'GET', url: `/api/licences/assessments?clientId=${acme}` });
    expect(choices.json().data.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([assessment.id, other.id]));
    expect((await f.as(ACME, { method: 'GET', url: `/api/licences/assessments?clientId=${acme}` })).statusCode).toBe(403);
  });

  it('lets only provider staff revoke: unused credits stop working; revoking twice changes nothing', async () => {
    await noLicences();
    const licence = await grantLicence(db(), acme, { credits: 5 });
    expect((await f.as(ACME, { method: 'POST', url: `/api/licences/${licence}/revoke` })).statusCode).toBe(403);
    const res = await f.as(ADMIN, { method: 'POST', url: `/api/licences/${licence}/revoke` });
    expect(res.json().data.state).toBe('REVOKED');
    const revokedAt = res.json().data.revokedAt;
    expect((await f.as(ADMIN, { method: 'POST', url: `/api/licences/${licence}/revoke` })).json().data.revokedAt).toBe(revokedAt);
    expect(await inviteOne()).toMatchObject({ outcome: 'FAILED', message: BUSINESS_MESSAGES.noCredits });
    expect((await f.as(ADMIN, { method: 'POST', url: '/api/licences/not-an-id/revoke' })).statusCode).toBe(400);
    expect((await f.as(ADMIN, { method: 'POST', url: '/api/licences/7f3c1a52-1b9e-4c7d-9a2b-3e4f5a6b7c8d/revoke' })).statusCode).toBe(404);
  });

  it('answers the balance: a client its own (low when few are left), the admin any client it names', async () => {
    await noLicences();
    await grantLicence(db(), acme, { credits: 100, used: 95 });
    await grantLicence(db(), acme, { credits: 10, assessmentId: assessment.id });
    // The demo gives Acme its own threshold; this test sets the default's.
    await db().updateTable('clients').set({ lowCreditThreshold: 10 }).where('id', '=', acme).execute();
    const own = await f.as(ACME, { method: 'GET', url: '/api/licences/balance' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ clientId: acme, credits: 110, remaining: 15, low: false });
    expect(own.json().data.byAssessment).toEqual([
      expect.objectContaining({ assessmentId: null, remaining: 5 }),
      expect.objectContaining({ assessmentId: assessment.id, assessmentName: assessment.name, remaining: 10 }),
    ]);
    await db().updateTable('clients').set({ lowCreditThreshold: 15 }).where('id', '=', acme).execute();
    expect((await f.as(ACME_RECRUITER, { method: 'GET', url: '/api/licences/balance' })).json().data.low).toBe(true);
    expect((await f.as(ADMIN, { method: 'GET', url: `/api/licences/balance?clientId=${acme}` })).json().data.remaining).toBe(15);
    expect((await f.as(ADMIN, { method: 'GET', url: '/api/licences/balance' })).statusCode).toBe(400);
    expect((await f.as(GLOBEX, { method: 'GET', url: `/api/licences/balance?clientId=${acme}` })).statusCode).toBe(404);
    expect((await f.as(USER, { method: 'GET', url: '/api/licences/balance' })).statusCode).toBe(403);
    expect((await f.as(USER, { method: 'GET', url: '/api/licences' })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/licences' })).statusCode).toBe(401);
  });
});
