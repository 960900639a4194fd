/**
 * Dashboard stats (issue 11): every figure of /api/dashboard/admin, /admin/industries, /client,
 * /client/assessments and /client/assessments/dropdown against rows this file writes and counts
 * by hand, in a range of 2021 where no demo data lies (days in India: an invitation at 00:30 IST
 * on 1 April is April's even though it is still 31 March in UTC); the figures that stand as of
 * today (clients, licences remaining, questions) are compared with what they were before the rows.
 * Then the range's checks, tenancy (a client sees only its own figures) and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingBand, type BandThresholds } from '../../src/domain/content';
import { presetRange, type AdminDashboard, type AssessmentFigure, type ClientDashboard, type DropdownOption, type IndustryFigure } from '../../src/domain/dashboards';
import { startTestServer, type TestServer } from './harness';
import { addJob, addJobCandidate, addOrder, addPayment, addStages, clientIdByName, grantLicence } from './business-fixtures';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, USER } from './staff-fixtures';

let server: TestServer;
const db = () => server.database.db;

const RANGE = 'from=2021-01-01&to=2021-03-31';
const DASH_ONE = 'owner@dashone.test';
const ist = (local: string) => new Date(`${local}+05:30`);

let dashOne: string;
let dashTwo: string;
let globex: string;
let industry: string;
const assessments: Record<'a1' | 'a2' | 'a3' | 'a4' | 'g1', string> = { a1: '', a2: '', a3: '', a4: '', g1: '' };
let skills: { s1: { id: string; thresholds: BandThresholds }; s2: { id: string; thresholds: BandThresholds } };
let before: { admin: AdminDashboard };

async function get<T>(email: string | undefined, url: string): Promise<{ status: number; data: T; body: { msg?: string; errors?: Record<string, string> } }> {
  const res = email ? await server.asUser(email, { method: 'GET', url }) : await server.app.inject({ method: 'GET', url });
  const body = res.json();
  return { status: res.statusCode, data: body.data as T, body };
}

async function addAssessment(clientId: string | null, name: string, status: 'DRAFT' | 'ACTIVE' | 'CLOSED'): Promise<string> {
  return (
    await db()
      .insertInto('assessments')
      .values({ name, type: 'INVITED', status, clientId, proctoring: '{}', videoQuestions: '[]', updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

let serial = 0;
interface InvitationSpec {
  status?: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'EXPIRED';
  invitedAt: Date;
  expiresAt?: Date;
  revoked?: boolean;
  licenceId?: string;
  percent?: number;
  skills?: [string, number | null][];
}

async function addInvitation(clientId: string, assessmentId: string, spec: InvitationSpec): Promise<{ id: string; candidateId: string }> {
  serial += 1;
  const candidate = await db()
    .insertInto('candidates')
    .values({ clientId, name: `Candidate ${serial}`, email: `dash.${serial}@example.com`, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const status = spec.status ?? 'PENDING';
  const row = await db()
    .insertInto('invitations')
    .values({
      assessmentId,
      candidateId: candidate.id,
      clientId,
      entryType: 'INVITE',
      status,
      tokenHash: `dash-token-${serial}`,
      seed: `seed-${serial}`,
      invitedAt: spec.invitedAt,
      expiresAt: spec.expiresAt ?? null,
      startedAt: status === 'IN_PROGRESS' || status === 'COMPLETED' ? spec.invitedAt : null,
      completedAt: status === 'COMPLETED' ? spec.invitedAt : null,
      revokedAt: spec.revoked ? spec.invitedAt : null,
      licenceId: spec.licenceId ?? null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spec.percent !== undefined)
    await db()
      .insertInto('attemptScores')
      .values({ invitationId: row.id, assessmentId, clientId, scoringVersion: 1, earned: spec.percent, maxPoints: 100, percent: spec.percent, band: null, complete: true, integrity: 'NO_ISSUES', detail: '{}', scoredAt: new Date() })
      .execute();
  for (const [skillId, percent] of spec.skills ?? []) await db().insertInto('skillScores').values({ invitationId: row.id, skillId, percent, band: null, developmentBand: null }).execute();
  return { id: row.id, candidateId: candidate.id };
}

beforeAll(async () => {
  server = await startTestServer();
  before = { admin: (await get<AdminDashboard>(ADMIN, `/api/dashboard/admin?${RANGE}`)).data };
  globex = await clientIdByName(db(), 'Globex Solutions');
  industry = (await db().insertInto('industries').values({ name: 'Dashboard Test Industry', updatedAt: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  const client = (name: string, status: 'ACTIVE' | 'INACTIVE', createdAt: Date, lowCreditThreshold = 10) =>
    db().insertInto('clients').values({ name, status, zone: 'SOUTH', industryId: industry, createdAt, lowCreditThreshold, updatedAt: new Date() }).returning('id').executeTakeFirstOrThrow();
  dashOne = (await client('Dash One Pvt Ltd', 'ACTIVE', ist('2021-02-01T10:00:00'), 40)).id;
  dashTwo = (await client('Dash Two Ltd', 'INACTIVE', ist('2020-12-01T10:00:00'))).id;
  await server.addAccount({ email: DASH_ONE, name: 'Dinesh Dash', role: 'CLIENT', clientId: dashOne });

  assessments.a1 = await addAssessment(dashOne, 'Sales Aptitude', 'ACTIVE');
  assessments.a2 = await addAssessment(dashOne, 'Branch Manager', 'DRAFT');
  assessments.a3 = await addAssessment(null, 'Library Reasoning', 'ACTIVE');
  assessments.a4 = await addAssessment(dashTwo, 'Dash Two Screening', 'ACTIVE');
  assessments.g1 = await addAssessment(globex, 'Globex Dash Test', 'ACTIVE');
  await db().insertInto('clientAssessments').values({ clientId: dashOne, assessmentId: assessments.a3, settings: '{}', updatedAt: new Date() }).execute();

  const types = await db().selectFrom('questionTypes').select(['id', 'thresholds']).orderBy('label').limit(2).execute();
  skills = { s1: { id: types[0].id, thresholds: types[0].thresholds }, s2: { id: types[1].id, thresholds: types[1].thresholds } };

  // Licences: L1 valid (50, 12 used), L2 expired, L3 revoked (Dash One); L4 valid (Dash Two, granted before the range).
  const DAY = 86_400_000;
  const l1 = await grantLicence(db(), dashOne, { credits: 50, used: 12 });
  const l2 = await grantLicence(db(), dashOne, { credits: 10, used: 10, validFrom: ist('2021-01-06T00:00:00'), validUntil: ist('2021-06-30T00:00:00') });
  const l3 = await grantLicence(db(), dashOne, { credits: 5 });
  const l4 = await grantLicence(db(), dashTwo, { credits: 20, used: 3, validUntil: new Date(Date.now() + 60 * DAY) });
  for (const [id, createdAt] of [[l1, '2021-01-05'], [l2, '2021-01-06'], [l3, '2021-02-01'], [l4, '2020-11-01']] as const)
    await db().updateTable('licences').set({ createdAt: ist(`${createdAt}T12:00:00`) }).where('id', '=', id).execute();
  await db().updateTable('licences').set({ revokedAt: new Date() }).where('id', '=', l3).execute();

  // Dash One's invitations: 7 in the range (3 completed, 1 started, 1 not started, 2 expired), 1 withdrawn, 2 just outside.
  const { s1, s2 } = skills;
  const a = assessments;
  const jan10 = await addInvitation(dashOne, a.a1, { status: 'COMPLETED', invitedAt: ist('2021-01-10T11:00:00'), licenceId: l1, percent: 75, skills: [[s1.id, 80], [s2.id, 40]] });
  const jan20 = await addInvitation(dashOne, a.a1, { status: 'COMPLETED', invitedAt: ist('2021-01-20T11:00:00'), licenceId: l1, percent: 55, skills: [[s1.id, 60]] });
  const feb05 = await addInvitation(dashOne, a.a1, { status: 'IN_PROGRESS', invitedAt: ist('2021-02-05T11:00:00'), licenceId: l1 });
  await addInvitation(dashOne, a.a1, { invitedAt: ist('2021-02-06T11:00:00'), expiresAt: new Date('2099-01-01'), licenceId: l1 });
  await addInvitation(dashOne, a.a1, { invitedAt: ist('2021-03-01T11:00:00'), expiresAt: ist('2021-03-10T00:00:00') });
  await addInvitation(dashOne, a.a2, { status: 'EXPIRED', invitedAt: ist('2021-03-02T11:00:00') });
  await addInvitation(dashOne, a.a1, { invitedAt: ist('2021-03-03T11:00:00'), revoked: true, licenceId: l1 });
  await addInvitation(dashOne, a.a1, { status: 'COMPLETED', invitedAt: ist('2021-03-31T20:00:00'), skills: [[s2.id, null]] });
  await addInvitation(dashOne, a.a1, { status: 'COMPLETED', invitedAt: ist('2021-04-01T00:30:00'), skills: [[s1.id, 0]] });
  await addInvitation(dashOne, a.a1, { status: 'COMPLETED', invitedAt: ist('2020-12-31T23:30:00'), skills: [[s1.id, 0]] });
  // Other clients in the range: Dash Two 2 completed, Globex 1 started.
  await addInvitation(dashTwo, a.a4, { status: 'COMPLETED', invitedAt: ist('2021-02-15T11:00:00'), percent: 10, skills: [[s1.id, 10]] });
  await addInvitation(dashTwo, a.a4, { status: 'COMPLETED', invitedAt: ist('2021-02-16T11:00:00') });
  const globexInvitation = await addInvitation(globex, a.g1, { status: 'IN_PROGRESS', invitedAt: ist('2021-02-17T11:00:00') });

  // Orders placed in the range: Dash One paid, pending (part paid), cancelled; Dash Two refunded; one placed before it, paid in it.
  const o1 = await addOrder(db(), dashOne, { status: 'PAID', subtotalPaise: 100_000, placedAt: ist('2021-01-15T10:00:00') });
  await addPayment(db(), o1, 118_000, '2021-01-16');
  const o2 = await addOrder(db(), dashOne, { status: 'PENDING', subtotalPaise: 50_000, placedAt: ist('2021-02-10T10:00:00') });
  await addPayment(db(), o2, 20_000, '2021-02-11');
  await addOrder(db(), dashOne, { status: 'CANCELLED', subtotalPaise: 10_000, placedAt: ist('2021-03-05T10:00:00') });
  const o4 = await addOrder(db(), dashTwo, { status: 'REFUNDED', subtotalPaise: 20_000, placedAt: ist('2021-02-20T10:00:00') });
  await addPayment(db(), o4, 23_600, '2021-02-21');
  const o5 = await addOrder(db(), dashOne, { status: 'PAID', subtotalPaise: 5_000, placedAt: ist('2020-12-20T10:00:00') });
  await addPayment(db(), o5, 5_900, '2021-01-02');

  // Hiring: Dash One's stages; an open job (3 applied, 1 in interview) and a closed one (2 in screening).
  const stages = await addStages(db(), dashOne, ['Applied', 'Screening', 'Interview', 'Offer']);
  const open = await addJob(db(), dashOne, { assessmentId: a.a1 });
  const closed = await addJob(db(), dashOne, { status: 'CLOSED', assessmentId: a.a1 });
  for (const person of [jan10, jan20, feb05]) await addJobCandidate(db(), open, person.candidateId, stages.Applied);
  const extra = await addInvitation(dashOne, a.a1, { invitedAt: ist('2022-06-01T10:00:00') });
  await addJobCandidate(db(), open, extra.candidateId, stages.Interview);
  await addJobCandidate(db(), closed, jan10.candidateId, stages.Screening);
  await addJobCandidate(db(), closed, jan20.candidateId, stages.Screening);
  // Another client's board does not count on Dash One's.
  const globexStages = await addStages(db(), globex, ['Applied (Globex)']);
  await addJobCandidate(db(), await addJob(db(), globex), globexInvitation.candidateId, globexStages['Applied (Globex)']);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the provider dashboard', () => {
  it('counts invitations, licences, orders and months in the range, and clients and questions as they stand', async () => {
    const { status, data } = await get<AdminDashboard>(ADMIN, `/api/dashboard/admin?${RANGE}`);
    expect(status).toBe(200);
    expect(data.range).toEqual({ from: '2021-01-01', to: '2021-03-31' });
    expect(data.invitations).toEqual({ total: 10, PENDING: 1, IN_PROGRESS: 2, COMPLETED: 5, EXPIRED: 2, DISQUALIFIED: 0 });
    expect(data.clients!.total - before.admin.clients!.total).toBe(2);
    expect(data.clients!.active - before.admin.clients!.active).toBe(1);
    expect(data.clients!.newInRange).toBe(1);
    expect(data.clients!.byIndustry.find((i) => i.id === industry)).toEqual({ id: industry, name: 'Dashboard Test Industry', count: 2 });
    const south = (d: AdminDashboard) => d.clients!.byZone.find((z) => z.id === 'SOUTH')?.count ?? 0;
    expect(south(data) - south(before.admin)).toBe(2);
    expect(data.licences!.granted).toBe(60);
    expect(data.licences!.spent).toBe(4);
    expect(data.licences!.remaining - before.admin.licences!.remaining).toBe(38 + 17);
    expect(data.orders!.byState).toEqual([
      { status: 'PENDING', count: 1, totalPaise: 59_000 },
      { status: 'PAID', count: 1, totalPaise: 118_000 },
      { status: 'CANCELLED', count: 1, totalPaise: 11_800 },
      { status: 'REFUNDED', count: 1, totalPaise: 23_600 },
    ]);
    expect(data.orders!.paidPaise).toBe(118_000 + 20_000 + 5_900);
    expect(data.orders!.pendingPaise).toBe(39_000);
    expect(data.questions!.total).toBe(before.admin.questions!.total);
    expect(data.months).toEqual([
      { month: '2021-01', invited: 2, completed: 2, orders: 1, revenuePaise: 123_900 },
      { month: '2021-02', invited: 5, completed: 2, orders: 2, revenuePaise: 20_000 },
      { month: '2021-03', invited: 3, completed: 1, orders: 1, revenuePaise: 0 },
    ]);
  });

  it('counts questions of the bank by status', async () => {
    const rows = await db().selectFrom('questions').select(['status']).where('origin', '=', 'BANK').execute();
    const { data } = await get<AdminDashboard>(ADMIN, `/api/dashboard/admin?${RANGE}`);
    expect(data.questions!.total).toBe(rows.length);
    expect(data.questions!.byStatus.PUBLISHED).toBe(rows.filter((r) => r.status === 'PUBLISHED').length);
  });

  it('follows the range: one month, one day at India’s month boundary, and the last 12 months by default', async () => {
    const jan = (await get<AdminDashboard>(ADMIN, '/api/dashboard/admin?from=2021-01-01&to=2021-01-31')).data;
    expect(jan.invitations!.total).toBe(2);
    expect(jan.months).toEqual([{ month: '2021-01', invited: 2, completed: 2, orders: 1, revenuePaise: 123_900 }]);
    expect((await get<AdminDashboard>(ADMIN, '/api/dashboard/admin?from=2021-04-01&to=2021-04-01')).data.invitations!.total).toBe(1);
    expect((await get<AdminDashboard>(ADMIN, '/api/dashboard/admin?from=2020-12-31&to=2020-12-31')).data.invitations!.total).toBe(1);
    const fallback = (await get<AdminDashboard>(ADMIN, '/api/dashboard/admin')).data;
    expect(fallback.range).toEqual(presetRange('LAST_12_MONTHS'));
    expect(fallback.months).toHaveLength(12);
  });

  it('answers per industry: clients, invitations and payments in the range', async () => {
    const { status, data } = await get<IndustryFigure[]>(ADMIN, `/api/dashboard/admin/industries?${RANGE}`);
    expect(status).toBe(200);
    expect(data.find((i) => i.id === industry)).toEqual({ id: industry, name: 'Dashboard Test Industry', clients: 2, invited: 9, completed: 5, paidPaise: 143_900 });
  });

  it('shows a staff member only the sections of the lists they may view', async () => {
    const sales = (await get<AdminDashboard>('sales@skillgauge.demo', `/api/dashboard/admin?${RANGE}`)).data;
    expect(sales.clients).not.toBeNull();
    expect(sales.orders!.paidPaise).toBe(143_900);
    expect(sales.questions).toBeNull();
    expect(sales.invitations).toBeNull();
    expect(sales.months[0]).toEqual({ month: '2021-01', orders: 1, revenuePaise: 123_900 });
    const author = await get<AdminDashboard>('author@skillgauge.demo', `/api/dashboard/admin?${RANGE}`);
    expect(author.data.questions).not.toBeNull();
    expect(author.data.clients).toBeNull();
    expect(author.data.orders).toBeNull();
    expect(author.data.months[0]).toEqual({ month: '2021-01' });
    expect((await get('author@skillgauge.demo', `/api/dashboard/admin/industries?${RANGE}`)).status).toBe(403);
  });
});

describe("a client's dashboard", () => {
  it('counts its invitations, completion, skills, licences, stages and months', async () => {
    const { status, data } = await get<ClientDashboard>(DASH_ONE, `/api/dashboard/client?${RANGE}`);
    expect(status).toBe(200);
    expect(data.clientId).toBe(dashOne);
    expect(data.assessments).toEqual({ total: 3, active: 2 });
    expect(data.invitations).toEqual({ total: 7, PENDING: 1, IN_PROGRESS: 1, COMPLETED: 3, EXPIRED: 2, DISQUALIFIED: 0 });
    expect(data.completionRate).toBe(42.9);
    expect(data.skills.map(({ id, scored, averagePercent, band }) => ({ id, scored, averagePercent, band }))).toEqual(
      expect.arrayContaining([
        { id: skills.s1.id, scored: 2, averagePercent: 70, band: ratingBand(70, skills.s1.thresholds) },
        { id: skills.s2.id, scored: 1, averagePercent: 40, band: ratingBand(40, skills.s2.thresholds) },
      ]),
    );
    expect(data.skills).toHaveLength(2);
    expect(data.licences).toEqual({ credits: 50, used: 12, remaining: 38, lowThreshold: 40, low: true, validCount: 1 });
    expect(data.stages.map((s) => [s.name, s.candidates])).toEqual([
      ['Applied', 3],
      ['Screening', 0],
      ['Interview', 1],
      ['Offer', 0],
    ]);
    expect(data.openJobs).toBe(1);
    expect(data.months).toEqual([
      { month: '2021-01', invited: 2, completed: 2 },
      { month: '2021-02', invited: 2, completed: 0 },
      { month: '2021-03', invited: 3, completed: 1 },
    ]);
  });

  it('narrows to one assessment', async () => {
    const { data } = await get<ClientDashboard>(DASH_ONE, `/api/dashboard/client?${RANGE}&assessmentId=${assessments.a2}`);
    expect(data.invitations).toEqual({ total: 1, PENDING: 0, IN_PROGRESS: 0, COMPLETED: 0, EXPIRED: 1, DISQUALIFIED: 0 });
    expect(data.completionRate).toBe(0);
    expect(data.skills).toEqual([]);
    expect(data.stages.every((s) => s.candidates === 0)).toBe(true);
    expect(data.openJobs).toBe(0);
  });

  it('answers per assessment and the assessments to narrow to', async () => {
    const rows = (await get<AssessmentFigure[]>(DASH_ONE, `/api/dashboard/client/assessments?${RANGE}`)).data;
    expect(rows).toEqual([
      { id: assessments.a1, name: 'Sales Aptitude', invited: 6, started: 4, completed: 3, expired: 1, averagePercent: 65 },
      { id: assessments.a2, name: 'Branch Manager', invited: 1, started: 0, completed: 0, expired: 1, averagePercent: null },
    ]);
    const options = (await get<DropdownOption[]>(DASH_ONE, '/api/dashboard/client/assessments/dropdown')).data;
    expect(options).toEqual([
      { id: assessments.a2, name: 'Branch Manager' },
      { id: assessments.a3, name: 'Library Reasoning' },
      { id: assessments.a1, name: 'Sales Aptitude' },
    ]);
  });

  it("shows the provider's staff a named client's figures, the same as its own users see", async () => {
    const own = (await get<ClientDashboard>(DASH_ONE, `/api/dashboard/client?${RANGE}`)).data;
    const staff = await get<ClientDashboard>(ADMIN, `/api/dashboard/client?${RANGE}&clientId=${dashOne}`);
    expect(staff.status).toBe(200);
    expect(staff.data).toEqual(own);
    const missing = await get(ADMIN, `/api/dashboard/client?${RANGE}`);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Choose a client to see its dashboard.');
    expect((await get(ADMIN, '/api/dashboard/client?clientId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(ADMIN, `/api/dashboard/client/assessments/dropdown?clientId=${dashOne}`)).status).toBe(200);
  });

  it('refuses a client’s figures to staff who may not view clients (author, moderator), as the client record does', async () => {
    for (const email of ['author@skillgauge.demo', 'moderator@skillgauge.demo']) {
      expect((await get(email, `/api/clients/${dashOne}`)).status, `${email} the client`).toBe(403);
      for (const url of [`/api/dashboard/client?${RANGE}&clientId=${dashOne}`, `/api/dashboard/client/assessments?${RANGE}&clientId=${dashOne}`, `/api/dashboard/client/assessments/dropdown?clientId=${dashOne}`])
        expect((await get(email, url)).status, `${email} ${url}`).toBe(403);
    }
  });
});

describe('tenancy', () => {
  it("counts none of another client's rows", async () => {
    const acme = (await get<ClientDashboard>(ACME, `/api/dashboard/client?${RANGE}`)).data;
    expect(acme.invitations.total).toBe(0);
    expect(acme.skills).toEqual([]);
    const globexFigures = (await get<ClientDashboard>(GLOBEX, `/api/dashboard/client?${RANGE}`)).data;
    expect(globexFigures.invitations).toMatchObject({ total: 1, IN_PROGRESS: 1 });
    // Globex's own demo stages are there too; none of Dash One's cards are.
    expect(globexFigures.stages.map((s) => s.name)).toContain('Applied (Globex)');
    expect(globexFigures.stages.find((s) => s.name === 'Screening')).toBeUndefined();
    // Dash One's assessment, named on Acme's dashboard, counts nothing of Dash One's.
    const narrowed = (await get<ClientDashboard>(ACME, `/api/dashboard/client?${RANGE}&assessmentId=${assessments.a1}`)).data;
    expect(narrowed.invitations.total).toBe(0);
    expect((await get<AssessmentFigure[]>(ACME, `/api/dashboard/client/assessments?${RANGE}`)).data).toEqual([]);
    const options = (await get<DropdownOption[]>(ACME, '/api/dashboard/client/assessments/dropdown')).data;
    expect(options.map((o) => o.id)).not.toContain(assessments.a1);
  });

  it("refuses a client's user another client's dashboard as not found", async () => {
    for (const url of [`/api/dashboard/client?clientId=${dashOne}`, `/api/dashboard/client/assessments?clientId=${dashOne}`, `/api/dashboard/client/assessments/dropdown?clientId=${dashOne}`])
      expect((await get(ACME, url)).status).toBe(404);
    expect((await get<ClientDashboard>(ACME_RECRUITER, `/api/dashboard/client?${RANGE}`)).data.clientId).toBe(await clientIdByName(db(), 'Acme Industries'));
  });
});

describe('permissions and input', () => {
  const ALL = ['/api/dashboard/admin', '/api/dashboard/admin/industries', '/api/dashboard/client', '/api/dashboard/client/assessments', '/api/dashboard/client/assessments/dropdown'];

  it('refuses a USER, a team member without the dashboard, a global role, and nobody signed in', async () => {
    for (const url of ALL) {
      expect((await get(undefined, url)).status, url).toBe(401);
      for (const email of [USER, 'viewer@globex.demo', 'global@skillgauge.demo', 'content@skillgauge.demo']) expect((await get(email, url)).status, `${email} ${url}`).toBe(403);
    }
  });

  it("refuses a client's users the provider's figures", async () => {
    for (const email of [ACME, ACME_RECRUITER, DASH_ONE])
      for (const url of ALL.slice(0, 2)) expect((await get(email, url)).status, `${email} ${url}`).toBe(403);
  });

  it('answers 400 with a sentence for a bad range or id', async () => {
    const cases: [string, string][] = [
      ['/api/dashboard/admin?from=2021-01-01', 'Give both a start date and an end date, or neither.'],
      ['/api/dashboard/admin?from=2021-03-01&to=2021-02-01', 'The start date must not be after the end date.'],
      ['/api/dashboard/admin?from=2021-02-30&to=2021-03-01', 'Give dates as YYYY-MM-DD'],
      ['/api/dashboard/admin?from=yesterday&to=2021-03-01', 'Give dates as YYYY-MM-DD'],
      ['/api/dashboard/admin?from=2000-01-01&to=2099-01-01', 'A dashboard covers at most 3660 days.'],
      ['/api/dashboard/admin/industries?from=2021-03-01&to=2021-02-01', 'The start date must not be after the end date.'],
      [`/api/dashboard/client?clientId=acme`, 'Choose a client from the list'],
      [`/api/dashboard/client?clientId=${'0'.repeat(8)}-0000-4000-8000-000000000000&assessmentId=12`, 'Choose an assessment from the list'],
    ];
    for (const [url, message] of cases) {
      const res = await get(ADMIN, url);
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body), url).toContain(message);
    }
  });
});
