/**
 * Interview scorecards (ARCHITECTURE 4b): one per job and stage with 1 to 12 competencies named
 * once; an interviewer's sheet is a draft until submitted, complete when submitted, and fixed
 * after; the other interviewers' sheets and the means stay hidden until one's own is submitted;
 * a rated scorecard keeps its competencies; tenancy and permissions on every route.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { clientIdByName, grantLicence } from './business-fixtures';
import { listUrl, startTestServer, type TestServer } from './harness';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX } from './staff-fixtures';
import { createAssessment, invite } from './take-fixtures';

let server: TestServer;
let acme: string;
let jobId: string;
let interviewStage: string;
let cardId: string;

const db = () => server.database.db;
const call = (email: string, options: InjectOptions) => server.asUser(email, options);
const data = async (email: string, options: InjectOptions) => {
  const res = await call(email, options);
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const create = (email: string, payload: object) => call(email, { method: 'POST', url: '/api/scorecards', payload });
const sheet = (email: string, scorecardId: string, payload?: object) =>
  call(email, payload ? { method: 'PUT', url: `/api/scorecards/${scorecardId}/candidates/${cardId}`, payload } : { method: 'GET', url: `/api/scorecards/${scorecardId}/candidates/${cardId}` });

beforeAll(async () => {
  server = await startTestServer();
  acme = await clientIdByName(db(), 'Acme Industries');
  const assessment = await createAssessment(db(), { clientId: acme, name: 'Acme Support Hiring' });
  await grantLicence(db(), acme);
  const job = await data(ACME, {
    method: 'POST',
    url: '/api/jobs',
    payload: { title: 'Support Lead', descriptionHtml: '<p>Lead our desk.</p>', employmentType: 'FULL_TIME', workMode: 'ON_SITE', notice: 'MONTH_1', experienceMin: 2, experienceMax: 6, openings: 1, assessmentId: assessment.assessmentId, status: 'OPEN' },
  });
  jobId = job.id;
  const stages = (await data(ACME, { method: 'GET', url: '/api/candidates/hiring-stages' })) as { id: string; name: string }[];
  interviewStage = stages.find((s) => /interview/i.test(s.name))?.id ?? stages[1].id;
  const invited = await invite(db(), assessment, { name: 'Meera Pillai' });
  await db()
    .insertInto('attemptScores')
    .values({ invitationId: invited.invitationId, assessmentId: assessment.assessmentId, clientId: acme, scoringVersion: 1, earned: '7', maxPoints: '10', percent: '70', band: 'MODERATE_HIGH', complete: true, integrity: 'NO_ISSUES', detail: JSON.stringify({}) as never, scoredAt: new Date() })
    .execute();
  cardId = (await data(ACME, { method: 'POST', url: `/api/jobs/${jobId}/candidates`, payload: { invitationId: invited.invitationId } })).id;
});
afterAll(async () => server?.close());

describe('a scorecard', () => {
  it('names its competencies once each, 1 to 12, and one scorecard per job and stage', async () => {
    for (const competencies of [[], Array.from({ length: 13 }, (_, n) => `Skill ${n}`), ['Empathy', 'empathy'], ['x'.repeat(81)]]) {
      const res = await create(ACME, { jobId, stageId: interviewStage, competencies });
      expect(res.statusCode, JSON.stringify(competencies)).toBe(400);
    }
    const refused = await create(ACME, { jobId, stageId: interviewStage, competencies: [] });
    expect(refused.json().errorCodes.competencies.code).toBe('scorecardCompetencies');
    const made = await data(ACME, { method: 'POST', url: '/api/scorecards', payload: { jobId, stageId: interviewStage, competencies: ['Empathy', 'Problem solving'] } });
    expect(made).toMatchObject({ jobId, stageId: interviewStage, jobTitle: 'Support Lead', clientId: acme, submittedCount: 0, competencies: [{ id: 'empathy', name: 'Empathy' }, { id: 'problem-solving', name: 'Problem solving' }] });
    const again = await create(ACME, { jobId, stageId: interviewStage, competencies: ['Empathy'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('scorecardStageTaken');
    await data(ACME, { method: 'DELETE', url: `/api/scorecards/${made.id}` });
  });

  it('belongs to its client: another client neither lists, reads, rates nor makes one on the job', async () => {
    const made = await data(ACME, { method: 'POST', url: '/api/scorecards', payload: { jobId, stageId: interviewStage, competencies: ['Ownership'] } });
    expect((await data(GLOBEX, { method: 'GET', url: listUrl('/api/scorecards') })).map((s: { id: string }) => s.id)).not.toContain(made.id);
    expect((await data(ACME, { method: 'GET', url: listUrl('/api/scorecards', { filter: { jobId } }) })).map((s: { id: string }) => s.id)).toEqual([made.id]);
    expect((await call(GLOBEX, { method: 'GET', url: `/api/scorecards/${made.id}` })).statusCode).toBe(404);
    expect((await sheet(GLOBEX, made.id)).statusCode).toBe(404);
    expect((await create(GLOBEX, { jobId, stageId: interviewStage, competencies: ['x'] })).statusCode).toBe(400);
    // The provider's staff see it.
    expect((await call(ADMIN, { method: 'GET', url: `/api/scorecards/${made.id}` })).statusCode).toBe(200);
    // A recruiter (CAMPAIGN view) reads it but may not change it.
    expect((await call(ACME_RECRUITER, { method: 'PUT', url: `/api/scorecards/${made.id}`, payload: { competencies: ['Grit'] } })).statusCode).toBe(403);
    await data(ACME, { method: 'DELETE', url: `/api/scorecards/${made.id}` });
  });
});

describe('rating a candidate', () => {
  it('is blind until submitted, complete when submitted, fixed after; the means come with the others', async () => {
    const card = await data(ACME, { method: 'POST', url: '/api/scorecards', payload: { jobId, stageId: interviewStage, competencies: ['Empathy', 'Clarity'] } });
    const empty = await data(ACME, { method: 'GET', url: `/api/scorecards/${card.id}/candidates/${cardId}` });
    expect(empty).toMatchObject({ mine: null, others: null, othersSubmitted: 0, averages: null, candidate: { cardId, name: 'Meera Pillai', percent: 70, band: 'MODERATE_HIGH' } });

    // The recruiter rates and submits.
    const incomplete = await sheet(ACME_RECRUITER, card.id, { ratings: [{ competencyId: 'empathy', rating: 4, note: '' }], note: '', submit: true });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().code).toBe('scorecardIncomplete');
    for (const bad of [6, 0, 2.5]) expect((await sheet(ACME_RECRUITER, card.id, { ratings: [{ competencyId: 'empathy', rating: bad, note: '' }], note: '', submit: false })).statusCode).toBe(400);
    expect((await sheet(ACME_RECRUITER, card.id, { ratings: [{ competencyId: 'kindness', rating: 3, note: '' }], note: '', submit: false })).statusCode).toBe(400);
    const recruiter = await sheet(ACME_RECRUITER, card.id, { ratings: [{ competencyId: 'empathy', rating: 4, note: 'Listened well' }, { competencyId: 'clarity', rating: 2, note: '' }], note: 'Good on the phone', submit: true });
    expect(recruiter.statusCode, recruiter.body).toBe(200);
    // Submitted, the recruiter sees nobody else yet, and the means of their own sheet.
    expect(recruiter.json().data).toMatchObject({ others: [], averages: [{ competencyId: 'empathy', mean: 4, count: 1 }, { competencyId: 'clarity', mean: 2, count: 1 }] });
    expect((await sheet(ACME_RECRUITER, card.id, { ratings: [], note: 'changed my mind', submit: false })).json().code).toBe('scorecardSubmitted');

    // The client's admin saves a draft: still blind, told only that one other has submitted.
    const draft = await data(ACME, { method: 'PUT', url: `/api/scorecards/${card.id}/candidates/${cardId}`, payload: { ratings: [{ competencyId: 'empathy', rating: 5, note: '' }], note: '', submit: false } });
    expect(draft).toMatchObject({ others: null, averages: null, othersSubmitted: 1, mine: { submittedAt: null, ratings: [{ competencyId: 'empathy', rating: 5 }, { competencyId: 'clarity', rating: null }] } });
    expect(JSON.stringify(draft)).not.toContain('Listened well');
    // Submitted: the recruiter's sheet and the means over both.
    const open = await data(ACME, { method: 'PUT', url: `/api/scorecards/${card.id}/candidates/${cardId}`, payload: { ratings: [{ competencyId: 'empathy', rating: 5, note: '' }, { competencyId: 'clarity', rating: 3, note: '' }], note: '', submit: true } });
    expect(open.others).toEqual([expect.objectContaining({ interviewerName: 'Riya Recruiter', note: 'Good on the phone' })]);
    expect(open.averages).toEqual([
      { competencyId: 'empathy', mean: 4.5, count: 2 },
      { competencyId: 'clarity', mean: 2.5, count: 2 },
    ]);

    // Rated: its competencies stay, and it cannot be deleted.
    const edit = await call(ACME, { method: 'PUT', url: `/api/scorecards/${card.id}`, payload: { competencies: ['Empathy'] } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('scorecardRated');
    expect((await call(ACME, { method: 'DELETE', url: `/api/scorecards/${card.id}` })).statusCode).toBe(409);
    expect((await data(ACME, { method: 'GET', url: `/api/scorecards/${card.id}` })).submittedCount).toBe(2);
    expect(MESSAGES.scorecardRated).toContain('can no longer change');
  });
});
