/**
 * Jobs and hiring stages: job validation (experience range, rich text sanitized, the client's own
 * active assessment), the job filters of specification section 9, the board (add an invited
 * candidate once, invite a new one, moves recorded with who and when, a stage of another client
 * refused), the stages' rules (defaults on first use, limit, unique name, delete refused while
 * occupied, reorder), and every route's permissions and tenancy.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, DEFAULT_HIRING_STAGES, HIRING_STAGE_LIMITS } from '../../src/domain/business';
import { JOB_MESSAGES } from '../../src/domain/jobs';
import { clientIdByName, grantLicence } from './business-fixtures';
import { listUrl, startTestServer, type TestServer } from './harness';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, USER } from './staff-fixtures';
import { createAssessment, invite } from './take-fixtures';

const VIEWER = 'viewer@globex.demo';
let server: TestServer;
let acme: string;
let globex: string;
let acmeAssessment: Awaited<ReturnType<typeof createAssessment>>;
let globexAssessment: Awaited<ReturnType<typeof createAssessment>>;

const db = () => server.database.db;
const call = (email: string, options: InjectOptions) => server.asUser(email, options);
const job = (extra: object = {}) => ({
  title: 'Backend Engineer (Node.js)',
  descriptionHtml: '<p>Build our <strong>payments</strong> APIs.</p>',
  employmentType: 'FULL_TIME',
  workMode: 'HYBRID',
  notice: 'MONTH_1',
  experienceMin: 2,
  experienceMax: 5,
  openings: 2,
  assessmentId: acmeAssessment.assessmentId,
  status: 'OPEN',
  ...extra,
});
const postJob = (email: string, payload: object) => call(email, { method: 'POST', url: '/api/jobs', payload });
async function acmeJob(extra: object = {}): Promise<string> {
  const res = await postJob(ACME, job(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
const board = async (email: string, jobId: string) => call(email, { method: 'GET', url: `/api/jobs/${jobId}/board` });
const stagesOf = async (email: string, clientId?: string) =>
  (await call(email, { method: 'GET', url: `/api/candidates/hiring-stages${clientId ? `?clientId=${clientId}` : ''}` })).json().data as { id: string; name: string; position: number; candidateCount: number }[];

beforeAll(async () => {
  server = await startTestServer();
  acme = await clientIdByName(db(), 'Acme Industries');
  globex = await clientIdByName(db(), 'Globex Solutions');
  acmeAssessment = await createAssessment(db(), { clientId: acme, name: 'Acme Backend Hiring' });
  globexAssessment = await createAssessment(db(), { clientId: globex, name: 'Globex Analyst Hiring' });
  await grantLicence(db(), acme);
  await grantLicence(db(), globex);
});
afterAll(async () => server?.close());

describe('posting a job', () => {
  it('stores a client’s job with its description sanitized', async () => {
    const res = await postJob(ACME, job({ descriptionHtml: '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>' }));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ clientId: acme, title: 'Backend Engineer (Node.js)', experienceMin: 2, experienceMax: 5, candidateCount: 0, assessmentName: 'Acme Backend Hiring' });
    expect(data.descriptionHtml).toContain('Hi');
    expect(data.descriptionHtml).not.toMatch(/script|onclick|onerror/);
  });

  it('refuses a range whose most is below its least, and years outside 0 to 9', async () => {
    const below = await postJob(ACME, job({ experienceMin: 5, experienceMax: 2 }));
    expect(below.statusCode).toBe(400);
    expect(below.json().errors.experienceMax).toBe(JOB_MESSAGES.experienceRange);
    for (const experienceMin of [-1, 10, 2.5]) expect((await postJob(ACME, job({ experienceMin }))).statusCode).toBe(400);
    const open = await postJob(ACME, job({ experienceMin: 9, experienceMax: null }));
    expect(open.statusCode).toBe(200);
  });

  it('refuses unknown kinds, a missing title and too many openings with their messages', async () => {
    expect((await postJob(ACME, job({ employmentType: 'INTERN' }))).json().errors.employmentType).toBe(JOB_MESSAGES.employmentType);
    expect((await postJob(ACME, job({ workMode: 'MOON' }))).json().errors.workMode).toBe(JOB_MESSAGES.workMode);
    expect((await postJob(ACME, job({ notice: 'YEAR' }))).json().errors.notice).toBe(JOB_MESSAGES.notice);
    expect((await postJob(ACME, job({ title: '  ' }))).json().errors.title).toBe(JOB_MESSAGES.title);
    expect((await postJob(ACME, job({ openings: 0 }))).statusCode).toBe(400);
  });

  it('takes only an active invited assessment of the job’s own client', async () => {
    const other = await postJob(ACME, job({ assessmentId: globexAssessment.assessmentId }));
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe(JOB_MESSAGES.assessment);
    const draft = await createAssessment(db(), { clientId: acme, status: 'DRAFT' });
    expect((await postJob(ACME, job({ assessmentId: draft.assessmentId }))).statusCode).toBe(400);
  });

  it('provider staff name the client; a client cannot post for another', async () => {
    expect((await postJob(ADMIN, job())).json().msg).toBe(JOB_MESSAGES.client);
    const res = await postJob(ADMIN, job({ clientId: acme }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.clientId).toBe(acme);
    expect((await postJob(GLOBEX, job({ clientId: acme, assessmentId: null }))).statusCode).toBe(404);
  });

  it('edits a job, closing it with a date, and never moves it to another client', async () => {
    const id = await acmeJob();
    const closed = await call(ACME, { method: 'PUT', url: `/api/jobs/${id}`, payload: job({ status: 'CLOSED', title: 'Backend Engineer II' }) });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'CLOSED', title: 'Backend Engineer II' });
    expect(closed.json().data.closedAt).toBeTruthy();
    expect((await call(ADMIN, { method: 'PUT', url: `/api/jobs/${id}`, payload: job({ clientId: globex }) })).statusCode).toBe(400);
    expect((await call(GLOBEX, { method: 'PUT', url: `/api/jobs/${id}`, payload: job({ assessmentId: null }) })).statusCode).toBe(404);
  });
});

describe('the jobs list', () => {
  let remote: string;
  let senior: string;
  beforeAll(async () => {
    remote = await acmeJob({ title: 'Remote QA Contractor', employmentType: 'CONTRACT', workMode: 'REMOTE', notice: 'IMMEDIATE', experienceMin: 0, experienceMax: 1 });
    senior = await acmeJob({ title: 'Principal Architect', employmentType: 'FULL_TIME', workMode: 'ON_SITE', notice: 'MONTHS_2', experienceMin: 9, experienceMax: null });
  });
  const list = async (email: string, filter: Record<string, unknown>) => {
    const res = await call(email, { method: 'GET', url: listUrl('/api/jobs', { filter, range: [0, 99] }) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: string; clientId: string }[]).map((r) => r.id);
  };

  it('filters by employment type, work mode, notice, status and search', async () => {
    expect(await list(ACME, { employmentType: 'CONTRACT' })).toContain(remote);
    expect(await list(ACME, { employmentType: 'CONTRACT' })).not.toContain(senior);
    expect(await list(ACME, { workMode: 'ON_SITE' })).toEqual(expect.arrayContaining([senior]));
    expect(await list(ACME, { notice: 'IMMEDIATE' })).not.toContain(senior);
    expect(await list(ACME, { q: 'architect' })).toEqual([senior]);
    expect(await list(ACME, { status: 'CLOSED' })).not.toContain(remote);
  });

  it('filters by experience: the jobs whose range takes those years (9 is 9+)', async () => {
    const zero = await list(ACME, { experience: 0 });
    expect(zero).toContain(remote);
    expect(zero).not.toContain(senior);
    const nine = await list(ACME, { experience: 9 });
    expect(nine).toContain(senior);
    expect(nine).not.toContain(remote);
    const bad = await call(ACME, { method: 'GET', url: listUrl('/api/jobs', { filter: { experience: 12 } }) });
    expect(bad.statusCode).toBe(400);
    const badKind = await call(ACME, { method: 'GET', url: listUrl('/api/jobs', { filter: { workMode: 'MOON' } }) });
    expect(badKind.statusCode).toBe(400);
  });

  it('shows a client only its own jobs, provider staff every client’s', async () => {
    const globexJob = (await postJob(GLOBEX, job({ assessmentId: globexAssessment.assessmentId, title: 'Data Analyst' }))).json().data.id;
    expect(await list(GLOBEX, {})).toContain(globexJob);
    expect(await list(GLOBEX, {})).not.toContain(remote);
    expect(await list(ACME, {})).not.toContain(globexJob);
    const all = await list(ADMIN, {});
    expect(all).toEqual(expect.arrayContaining([globexJob, remote]));
    expect((await call(GLOBEX, { method: 'GET', url: `/api/jobs/${remote}` })).statusCode).toBe(404);
    expect((await call(GLOBEX, { method: 'DELETE', url: `/api/jobs/${remote}` })).statusCode).toBe(404);
  });
});

describe('permissions of the job routes', () => {
  it('a recruiter (CAMPAIGN view) reads jobs but cannot post, edit or delete them', async () => {
    const id = await acmeJob();
    expect((await call(ACME_RECRUITER, { method: 'GET', url: '/api/jobs' })).statusCode).toBe(200);
    expect((await call(ACME_RECRUITER, { method: 'GET', url: `/api/jobs/${id}` })).statusCode).toBe(200);
    expect((await postJob(ACME_RECRUITER, job())).statusCode).toBe(403);
    expect((await call(ACME_RECRUITER, { method: 'PUT', url: `/api/jobs/${id}`, payload: job() })).statusCode).toBe(403);
    expect((await call(ACME_RECRUITER, { method: 'DELETE', url: `/api/jobs/${id}` })).statusCode).toBe(403);
  });

  it('a viewer without CAMPAIGN and a plain user see no jobs or boards; nobody unsigned does', async () => {
    const id = await acmeJob();
    for (const email of [VIEWER, USER]) {
      expect((await call(email, { method: 'GET', url: '/api/jobs' })).statusCode).toBe(403);
      expect((await board(email, id)).statusCode).toBe(403);
    }
    expect((await server.as(undefined, { method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
  });

  it('deletes a job with its board, and audits it', async () => {
    const id = await acmeJob();
    const res = await call(ACME, { method: 'DELETE', url: `/api/jobs/${id}` });
    expect(res.statusCode).toBe(200);
    expect((await call(ACME, { method: 'GET', url: `/api/jobs/${id}` })).statusCode).toBe(404);
    expect((await server.auditOf(id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

describe('the board', () => {
  it('starts from the default stages, adds an invited candidate once, and shows the stored score', async () => {
    const id = await acmeJob();
    const invited = await invite(db(), acmeAssessment, { name: 'Kavya Iyer' });
    await db()
      .insertInto('attemptScores')
      .values({ invitationId: invited.invitationId, assessmentId: acmeAssessment.assessmentId, clientId: acme, scoringVersion: 1, earned: '8', maxPoints: '10', percent: '80', band: 'MODERATE_HIGH', complete: true, integrity: 'NO_ISSUES', detail: JSON.stringify({}) as never, scoredAt: new Date() })
      .execute();
    const pick = await call(ACME_RECRUITER, { method: 'GET', url: `/api/jobs/${id}/invitable?q=kavya` });
    expect(pick.json().data).toEqual([expect.objectContaining({ invitationId: invited.invitationId, name: 'Kavya Iyer', percent: 80 })]);

    const added = await call(ACME_RECRUITER, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: invited.invitationId } });
    expect(added.statusCode, added.body).toBe(200);
    const again = await call(ACME, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: invited.invitationId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(JOB_MESSAGES.alreadyOnJob);

    const data = (await board(ACME, id)).json().data;
    expect(data.stages.map((s: { name: string }) => s.name)).toEqual([...DEFAULT_HIRING_STAGES]);
    expect(data.cards).toEqual([expect.objectContaining({ name: 'Kavya Iyer', percent: 80, band: 'MODERATE_HIGH', stageId: data.stages[0].id })]);
    expect(data.cards[0].history).toEqual([expect.objectContaining({ fromStage: null, toStage: 'Applied', movedBy: 'Riya Recruiter' })]);
    expect((await call(ACME, { method: 'GET', url: `/api/jobs/${id}/invitable` })).json().data).toEqual([]);
  });

  it('refuses an invitation to another assessment', async () => {
    const id = await acmeJob();
    const other = await invite(db(), globexAssessment);
    const res = await call(ACME, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: other.invitationId } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(JOB_MESSAGES.notInvited);
  });

  it('invites a new candidate from the board: mailed, on the board, and once only', async () => {
    const id = await acmeJob();
    const res = await call(ACME, { method: 'POST', url: `/api/jobs/${id}/invite`, payload: { name: 'Rohan Mehta', email: 'rohan.mehta@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await server.latestMail('rohan.mehta@example.com'))?.subject).toContain('Acme Backend Hiring');
    const cards = (await board(ACME, id)).json().data.cards;
    expect(cards).toEqual([expect.objectContaining({ name: 'Rohan Mehta', invitationStatus: 'PENDING' })]);
    const again = await call(ACME, { method: 'POST', url: `/api/jobs/${id}/invite`, payload: { name: 'Rohan Mehta', email: 'rohan.mehta@example.com' } });
    expect(again.statusCode).toBe(409);
    const bad = await call(ACME, { method: 'POST', url: `/api/jobs/${id}/invite`, payload: { name: 'No Mail', email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses adding to a closed job or to a job without an assessment', async () => {
    const closed = await acmeJob({ status: 'CLOSED' });
    expect((await call(ACME, { method: 'POST', url: `/api/jobs/${closed}/invite`, payload: { name: 'Asha', email: 'asha.closed@example.com' } })).statusCode).toBe(409);
    const none = await acmeJob({ assessmentId: null });
    const res = await call(ACME, { method: 'POST', url: `/api/jobs/${none}/invite`, payload: { name: 'Asha', email: 'asha.none@example.com' } });
    expect(res.json().msg).toBe(JOB_MESSAGES.noAssessment);
  });

  it('records a move with who and when, orders a column, and refuses another client’s stage', async () => {
    const id = await acmeJob();
    const a = await invite(db(), acmeAssessment, { name: 'Neha Kapoor' });
    const b = await invite(db(), acmeAssessment, { name: 'Arjun Nair' });
    for (const inv of [a, b]) expect((await call(ACME, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: inv.invitationId } })).statusCode).toBe(200);
    const { stages, cards } = (await board(ACME, id)).json().data;
    const neha = cards.find((c: { name: string }) => c.name === 'Neha Kapoor');
    const arjun = cards.find((c: { name: string }) => c.name === 'Arjun Nair');
    const interview = stages[3];

    const before = Date.now();
    const moved = await call(ACME_RECRUITER, { method: 'POST', url: `/api/job-candidates/${neha.id}/move`, payload: { stageId: interview.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.stageId).toBe(interview.id);
    const row = await db().selectFrom('stageMoves').innerJoin('users', 'users.id', 'stageMoves.movedBy').select(['users.email', 'stageMoves.movedAt', 'stageMoves.fromStageId', 'stageMoves.toStageId']).where('jobCandidateId', '=', neha.id).where('toStageId', '=', interview.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: ACME_RECRUITER, fromStageId: stages[0].id, toStageId: interview.id });
    expect(new Date(row.movedAt).getTime()).toBeGreaterThanOrEqual(before - 5000);
    expect(moved.json().data.history[0]).toMatchObject({ fromStage: 'Applied', toStage: 'Interview', movedBy: 'Riya Recruiter' });

    // Arjun goes above Neha in Interview: a place in the column.
    await call(ACME, { method: 'POST', url: `/api/job-candidates/${arjun.id}/move`, payload: { stageId: interview.id, position: 0 } });
    const column = (await board(ACME, id)).json().data.cards.filter((c: { stageId: string }) => c.stageId === interview.id);
    expect(column.map((c: { name: string }) => c.name)).toEqual(['Arjun Nair', 'Neha Kapoor']);
    // Reordering within a stage is not a move between stages.
    const movesOfArjun = await db().selectFrom('stageMoves').select('id').where('jobCandidateId', '=', arjun.id).execute();
    await call(ACME, { method: 'POST', url: `/api/job-candidates/${arjun.id}/move`, payload: { stageId: interview.id, position: 1 } });
    expect(await db().selectFrom('stageMoves').select('id').where('jobCandidateId', '=', arjun.id).execute()).toHaveLength(movesOfArjun.length);

    const globexStage = (await stagesOf(GLOBEX))[0]!;
    const refused = await call(ACME, { method: 'POST', url: `/api/job-candidates/${neha.id}/move`, payload: { stageId: globexStage.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(JOB_MESSAGES.stageOfAnotherClient);
    // Another client cannot move Acme's card at all.
    expect((await call(GLOBEX, { method: 'POST', url: `/api/job-candidates/${neha.id}/move`, payload: { stageId: globexStage.id } })).statusCode).toBe(404);
    expect((await board(GLOBEX, id)).statusCode).toBe(404);
  });

  it('keeps the picker, adding and inviting to those who may, within their own client', async () => {
    const id = await acmeJob();
    const inv = await invite(db(), acmeAssessment);
    expect((await call(VIEWER, { method: 'GET', url: `/api/jobs/${id}/invitable` })).statusCode).toBe(403);
    expect((await call(GLOBEX, { method: 'GET', url: `/api/jobs/${id}/invitable` })).statusCode).toBe(404);
    expect((await call(GLOBEX, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: inv.invitationId } })).statusCode).toBe(404);
    expect((await call(USER, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: inv.invitationId } })).statusCode).toBe(403);
    expect((await call(VIEWER, { method: 'POST', url: `/api/jobs/${id}/invite`, payload: { name: 'Asha', email: 'asha.viewer@example.com' } })).statusCode).toBe(403);
    expect((await call(GLOBEX, { method: 'POST', url: `/api/jobs/${id}/invite`, payload: { name: 'Asha', email: 'asha.globex@example.com' } })).statusCode).toBe(404);
    expect((await call(ADMIN, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: inv.invitationId } })).statusCode).toBe(200);
    expect((await call(USER, { method: 'POST', url: '/api/candidates/hiring-stages', payload: { name: 'Nope' } })).statusCode).toBe(403);
    expect((await server.as(undefined, { method: 'GET', url: '/api/candidates/hiring-stages/dropdown' })).statusCode).toBe(401);
  });

  it('a viewer of candidates cannot add, move or remove; a client removes a card', async () => {
    const id = await acmeJob();
    const inv = await invite(db(), acmeAssessment);
    const card = (await call(ACME, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: inv.invitationId } })).json().data.id;
    const stage = (await stagesOf(ACME))[1]!;
    expect((await call(USER, { method: 'POST', url: `/api/job-candidates/${card}/move`, payload: { stageId: stage.id } })).statusCode).toBe(403);
    expect((await call(ACME_RECRUITER, { method: 'DELETE', url: `/api/job-candidates/${card}` })).statusCode).toBe(403);
    expect((await call(GLOBEX, { method: 'DELETE', url: `/api/job-candidates/${card}` })).statusCode).toBe(404);
    expect((await call(ACME, { method: 'DELETE', url: `/api/job-candidates/${card}` })).statusCode).toBe(200);
    expect((await board(ACME, id)).json().data.cards).toEqual([]);
  });
});

describe('a library assessment given to the client', () => {
  it('takes it for a job; the board offers only the client’s own invitations to it, and invites for the client', async () => {
    const library = await createAssessment(db(), { clientId: null, name: 'Library reasoning' });
    await db().insertInto('clientAssessments').values({ clientId: acme, assessmentId: library.assessmentId, settings: '{}', updatedAt: new Date() }).execute();
    // Not given to Globex: refused there.
    const refused = await postJob(GLOBEX, job({ assessmentId: library.assessmentId }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.assessmentId).toBe(JOB_MESSAGES.assessment);
    const jobId = await acmeJob({ title: 'Analyst (library reasoning)', assessmentId: library.assessmentId });

    const ours = await invite(db(), { ...library, clientId: acme }, { name: 'Kavya Menon' });
    const theirs = await invite(db(), { ...library, clientId: globex }, { name: 'Rohan Das' });
    const offered = (await call(ACME, { method: 'GET', url: `/api/jobs/${jobId}/invitable` })).json().data.map((r: { invitationId: string }) => r.invitationId);
    expect(offered).toContain(ours.invitationId);
    expect(offered).not.toContain(theirs.invitationId);
    const stranger = await call(ACME, { method: 'POST', url: `/api/jobs/${jobId}/candidates`, payload: { invitationId: theirs.invitationId } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().msg).toBe(JOB_MESSAGES.notInvited);
    expect((await call(ACME, { method: 'POST', url: `/api/jobs/${jobId}/candidates`, payload: { invitationId: ours.invitationId } })).statusCode).toBe(200);
    // The assessment's page counts the client's own invitations only; the provider sees them all.
    const page = (email: string) => call(email, { method: 'GET', url: `/api/assessments/${library.assessmentId}` });
    const acmePage = (await page(ACME)).json().data;
    expect(Object.values(acmePage.invitationCounts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(1);
    expect(Object.values((await page(ADMIN)).json().data.invitationCounts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(2);

    const res = await call(ACME, { method: 'POST', url: `/api/jobs/${jobId}/invite`, payload: { name: 'Ishaan Kapoor', email: 'ishaan.kapoor@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    const invited = await db()
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
      .select(['invitations.clientId', 'candidates.clientId as candidateClientId'])
      .where('candidates.email', '=', 'ishaan.kapoor@example.com')
      .where('invitations.assessmentId', '=', library.assessmentId)
      .executeTakeFirstOrThrow();
    expect(invited).toEqual({ clientId: acme, candidateClientId: acme });
  });
});

describe('hiring stages', () => {
  it('answers the dropdown in order, provider staff naming the client', async () => {
    const res = await call(GLOBEX, { method: 'GET', url: '/api/candidates/hiring-stages/dropdown' });
    expect(res.statusCode).toBe(200);
    // The demo gives Globex its own stages (Acme keeps the defaults).
    expect(res.json().data.map((s: { label: string }) => s.label)).toEqual(['Applied', 'Assessment', 'Technical Round', 'HR Round', 'Offer', 'Hired', 'Rejected']);
    expect(res.json().data[0]).toEqual({ _id: expect.any(String), label: 'Applied' });
    expect((await call(ADMIN, { method: 'GET', url: '/api/candidates/hiring-stages/dropdown' })).statusCode).toBe(400);
    const admin = await call(ADMIN, { method: 'GET', url: `/api/candidates/hiring-stages/dropdown?clientId=${globex}` });
    expect(admin.json().data).toEqual(res.json().data);
    // A client asking for another's stages is not answered them.
    expect((await call(GLOBEX, { method: 'GET', url: `/api/candidates/hiring-stages?clientId=${acme}` })).statusCode).toBe(404);
    expect((await call(USER, { method: 'GET', url: '/api/candidates/hiring-stages' })).statusCode).toBe(403);
    expect((await call(VIEWER, { method: 'GET', url: '/api/candidates/hiring-stages' })).statusCode).toBe(200);
  });

  it('adds, renames with unique names, and stops at the limit', async () => {
    const add = (name: string, email = GLOBEX) => call(email, { method: 'POST', url: '/api/candidates/hiring-stages', payload: { name } });
    const created = await add('Phone Screen');
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ name: 'Phone Screen', position: DEFAULT_HIRING_STAGES.length });
    const taken = await add('phone screen');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(BUSINESS_MESSAGES.stageNameTaken);
    expect((await add('   ')).json().errors.name).toBe(JOB_MESSAGES.stageName);
    expect((await add('x'.repeat(HIRING_STAGE_LIMITS.nameMax + 1))).statusCode).toBe(400);
    expect((await add('Viewer Stage', VIEWER)).statusCode).toBe(403);

    const rename = (id: string, name: string, email = GLOBEX) => call(email, { method: 'PUT', url: `/api/candidates/hiring-stages/${id}`, payload: { name } });
    const id = created.json().data.id;
    expect((await rename(id, 'Telephone Screen')).json().data.name).toBe('Telephone Screen');
    expect((await rename(id, 'Offer')).statusCode).toBe(409);
    expect((await rename(id, 'Hack', ACME)).statusCode).toBe(404);

    let count = (await stagesOf(GLOBEX)).length;
    while (count < HIRING_STAGE_LIMITS.max) expect((await add(`Round ${count++}`)).statusCode).toBe(200);
    const over = await add('One Too Many');
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toBe(JOB_MESSAGES.stageLimit);
  });

  it('refuses to delete a stage while candidates sit in it, then deletes it once empty', async () => {
    const id = await acmeJob();
    const inv = await invite(db(), acmeAssessment);
    const card = (await call(ACME, { method: 'POST', url: `/api/jobs/${id}/candidates`, payload: { invitationId: inv.invitationId } })).json().data.id;
    // A stage of its own: the demo's candidates sit in the default ones.
    const offer = (await call(ACME, { method: 'POST', url: '/api/candidates/hiring-stages', payload: { name: 'Background Check' } })).json().data as { id: string };
    const stages = await stagesOf(ACME);
    await call(ACME, { method: 'POST', url: `/api/job-candidates/${card}/move`, payload: { stageId: offer.id } });
    expect((await stagesOf(ACME)).find((s) => s.id === offer.id)!.candidateCount).toBe(1);
    const refused = await call(ACME, { method: 'DELETE', url: `/api/candidates/hiring-stages/${offer.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(BUSINESS_MESSAGES.stageInUse);
    expect((await call(GLOBEX, { method: 'DELETE', url: `/api/candidates/hiring-stages/${offer.id}` })).statusCode).toBe(404);
    expect((await call(ACME_RECRUITER, { method: 'DELETE', url: `/api/candidates/hiring-stages/${offer.id}` })).statusCode).toBe(403);

    await call(ACME, { method: 'POST', url: `/api/job-candidates/${card}/move`, payload: { stageId: stages[0]!.id } });
    expect((await call(ACME, { method: 'DELETE', url: `/api/candidates/hiring-stages/${offer.id}` })).statusCode).toBe(200);
    const after = await stagesOf(ACME);
    expect(after.map((s) => s.name)).not.toContain('Background Check');
    expect(after.map((s) => s.position)).toEqual(after.map((_, i) => i));
    // The card's history keeps its moves; the removed stage's name is gone from them.
    const history = (await board(ACME, id)).json().data.cards[0].history;
    expect(history).toHaveLength(3);
  });

  it('reorders with every stage once, and refuses anything else', async () => {
    const stages = await stagesOf(ACME);
    const reversed = [...stages].reverse().map((s) => s.id);
    const res = await call(ACME, { method: 'PUT', url: '/api/candidates/hiring-stages/reorder', payload: { ids: reversed } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((s: { id: string }) => s.id)).toEqual(reversed);
    const missing = await call(ACME, { method: 'PUT', url: '/api/candidates/hiring-stages/reorder', payload: { ids: reversed.slice(1) } });
    expect(missing.json().msg).toBe(JOB_MESSAGES.reorderSet);
    const twice = await call(ACME, { method: 'PUT', url: '/api/candidates/hiring-stages/reorder', payload: { ids: [reversed[0], ...reversed.slice(0, -1)] } });
    expect(twice.statusCode).toBe(400);
    const globexIds = (await stagesOf(GLOBEX)).map((s) => s.id);
    expect((await call(ACME, { method: 'PUT', url: '/api/candidates/hiring-stages/reorder', payload: { ids: globexIds } })).statusCode).toBe(400);
    expect((await call(ADMIN, { method: 'PUT', url: '/api/candidates/hiring-stages/reorder', payload: { ids: reversed, clientId: acme } })).statusCode).toBe(200);
  });
});
