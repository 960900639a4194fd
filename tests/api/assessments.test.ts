/**
 * Assessments on the staff side: built from published tests, qualifying, custom and video
 * questions; languages every question has; status moves (coding needs a sandbox); frozen content
 * once attempts exist; copies; tenant isolation; custom questions kept out of the bank; Self
 * Assessments started from a USER's account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES, missingLanguageMessage } from '../../src/domain/assessment';
import { hashInvitationToken, issueInvitation, takeLink } from '../../server/lib/invitations';
import { createRunner } from '../../server/lib/runner/index';
import { listUrl, startTestServer, type TestServer } from './harness';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, USER, staffFixtures } from './staff-fixtures';

let server: TestServer;
let f: ReturnType<typeof staffFixtures>;
const content = { skill: '', aptitude: '', q: [] as string[], hindiLess: '', draft: '', qualifying: '', plain: '', coding: '', test: '', test2: '', hindiLessTest: '', codingTest: '', custom: '', globexCustom: '' };
let acmeId: string;

beforeAll(async () => {
  server = await startTestServer();
  f = staffFixtures(server);
  content.skill = await f.skill('COMPETENCY', 'Ownership');
  content.aptitude = await f.skill('APTITUDE', 'Logic');
  for (let i = 0; i < 4; i++) content.q.push(await f.question(content.skill, `Owns outcome ${i}`));
  content.hindiLess = await f.question(content.skill, 'English only', { languages: ['en'] });
  content.qualifying = await f.question(content.skill, 'Can you work in Pune', { qualifying: true });
  content.plain = content.q[3];
  content.coding = await f.question(content.aptitude, 'Reverse a string', { coding: true });
  content.test = await f.test('COMPETENCY', content.skill, 'Ownership basics', content.q.slice(0, 2), 600);
  content.test2 = await f.test('COMPETENCY', content.skill, 'Ownership more', content.q.slice(2, 4), 300);
  content.hindiLessTest = await f.test('COMPETENCY', content.skill, 'English test', [content.hindiLess], 300);
  content.codingTest = await f.test('APTITUDE', content.aptitude, 'Coding', [content.coding], 900);
  content.custom = await f.customQuestion(ACME, content.skill, 'Why Acme');
  content.globexCustom = await f.customQuestion(GLOBEX, content.skill, 'Why Globex secret');
  acmeId = (await server.demoUsers()).get(ACME)!.clientId!;
});
afterAll(() => server.close());

const db = () => server.database.db;
const video = (languages = ['en', 'hi']) => ({ prompt: languages.map((language) => ({ language, detail: `Introduce yourself (${language})` })), maxSeconds: 60, retakes: 1 });

/** An attempt that has begun, made directly in the database (the candidate's API is another module). */
async function beginAttempt(assessmentId: string, clientId: string | null, email = `c${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const candidate = await db().insertInto('candidates').values({ clientId, name: 'Begun', email, updatedAt: new Date() }).returning('id').executeTakeFirstOrThrow();
  const invitation = await issueInvitation(db(), { assessmentId, candidateId: candidate.id, clientId, entryType: 'INVITE', invitedBy: null });
  await db().updateTable('invitations').set({ status: 'IN_PROGRESS', startedAt: new Date() }).where('id', '=', invitation.id).execute();
  return invitation.id;
}

describe('building an assessment', () => {
  it('a client builds one for itself from tests, qualifying, custom and video questions; the record names everything', async () => {
    const created = await f.createAssessment(ACME, {
      description: 'For the 2026 intake',
      testIds: [content.test2, content.test],
      qualifyingQuestionIds: [content.qualifying],
      customQuestionIds: [content.custom],
      videoQuestions: [video()],
      languages: ['en', 'hi'],
      totalTimeSeconds: 1800,
    });
    expect(created).toMatchObject({
      name: 'Graduate hiring',
      description: 'For the 2026 intake',
      type: 'INVITED',
      status: 'DRAFT',
      clientId: acmeId,
      clientName: 'Acme Industries',
      testIds: [content.test2, content.test],
      qualifyingQuestionIds: [content.qualifying],
      customQuestionIds: [content.custom],
      languages: ['en', 'hi'],
      totalTimeSeconds: 1800,
      tests: [
        { id: content.test2, name: 'Ownership more', category: 'COMPETENCY', durationSeconds: 300, questionCount: 2 },
        { id: content.test, name: 'Ownership basics', category: 'COMPETENCY', durationSeconds: 600, questionCount: 2 },
      ],
      qualifyingQuestions: [{ id: content.qualifying, title: 'Can you work in Pune' }],
      customQuestions: [{ id: content.custom, title: 'Why Acme', questionType: 'SINGLE_CHOICE' }],
      publicLink: null,
      attemptCount: 0,
      locked: false,
      hasCoding: false,
      // 15 minutes of tests, 2 minutes each for the qualifying, custom and video question.
      estimatedMinutes: 21,
      invitationCounts: { PENDING: 0, IN_PROGRESS: 0, COMPLETED: 0, EXPIRED: 0, DISQUALIFIED: 0 },
      proctoring: { cameraRequired: true, microphoneRequired: true, snapshotIntervalSeconds: 60, fullScreenRequired: false, pasteAllowed: false },
    });
    expect(created.videoQuestions).toHaveLength(1);
    expect(created.videoQuestions[0]).toMatchObject({ videoType: 'INTRO', maxSeconds: 60, retakes: 1, id: expect.stringMatching(/^[A-Za-z0-9_-]{1,40}$/) });
    expect(created).not.toHaveProperty('publicSlug');
    expect(await f.ok(ACME, { method: 'GET', url: `/api/assessments/${created.id}` })).toEqual(created);
    // Editing keeps a video question's id when the wizard sends it back.
    const edited = await f.ok(ACME, { method: 'PUT', url: `/api/assessments/${created.id}`, payload: f.assessmentBody({ testIds: [content.test], videoQuestions: created.videoQuestions, languages: ['en'] }) });
    expect(edited.videoQuestions[0].id).toBe(created.videoQuestions[0].id);
    expect(edited.testIds).toEqual([content.test]);
    expect(edited.qualifyingQuestionIds).toEqual([]);
  });

  it('a public-link assessment gets a link of at least 128 random bits; the provider’s are the library’s', async () => {
    const a = await f.createAssessment(ADMIN, { type: 'PUBLIC_LINK', testIds: [content.test] });
    expect(a.clientId).toBeNull();
    const slug = (a.publicLink as string).match(/\/take\/public\/([A-Za-z0-9_-]+)$/)?.[1];
    expect(slug && slug.length).toBeGreaterThanOrEqual(22);
    expect(a.publicLink.startsWith('http')).toBe(true);
    const b = await f.createAssessment(ADMIN, { type: 'PUBLIC_LINK', testIds: [content.test] });
    expect(b.publicLink).not.toBe(a.publicLink);
  });

  it('refuses what an assessment may not hold, each on its field with a sentence', async () => {
    const refused = async (extra: object, email = ACME) => {
      const res = await f.as(email, { method: 'POST', url: '/api/assessments', payload: f.assessmentBody(extra as never) });
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    expect((await refused({ testIds: [] })).errors.testIds).toBe('Add at least one test, custom question or video question');
    expect((await refused({ testIds: ['00000000-0000-4000-8000-000000000000'] })).errors.testIds).toBe('A test of the assessment does not exist.');
    expect((await refused({ testIds: [content.test], qualifyingQuestionIds: [content.plain] })).errors.qualifyingQuestionIds).toBe(
      'Only published qualifying questions can be asked before an assessment.',
    );
    // Another client's custom question, and a bank question, are not this client's custom questions.
    expect((await refused({ testIds: [content.test], customQuestionIds: [content.globexCustom] })).errors.customQuestionIds).toBe('A custom question of the assessment does not exist.');
    expect((await refused({ testIds: [content.test], customQuestionIds: [content.plain] })).errors.customQuestionIds).toBe('A custom question of the assessment does not exist.');
    expect((await refused({ testIds: [content.test], languages: ['fr'] })).errors.languages).toBe('Offer only languages from the Languages list.');
    expect((await refused({ testIds: [content.test], totalTimeSeconds: 20 })).errors.totalTimeSeconds).toBe('Total time goes from 30 to 3600 seconds');
    expect((await refused({ testIds: [content.test], videoQuestions: [{ ...video(), id: 'same' }, { ...video(), id: 'same' }] })).errors.videoQuestions).toBe(
      'A video question appears twice in the assessment.',
    );

    // Languages: the message names the question that lacks one, the video prompt too.
    const hindi = await refused({ testIds: [content.test, content.hindiLessTest], languages: ['en', 'hi'] });
    expect(hindi.errors.languages).toBe('Language hi cannot be offered: “English only” has no text in it.');
    expect(hindi.msg).toBe(hindi.errors.languages);
    expect(hindi.errorCodes.languages).toEqual({ code: 'languageMissing', params: { language: 'hi', titles: '“English only”', smart_count: 1 } });
    const prompt = await refused({ testIds: [content.test], videoQuestions: [video(['en'])], languages: ['en', 'hi'] });
    expect(prompt.errorCodes.languages).toEqual(missingLanguageMessage({ language: 'hi', questionTitles: ['Introduce yourself (en)'] }));

    // Only published questions: a test whose question went back to draft no longer goes in.
    await db().updateTable('questions').set({ status: 'DRAFTED' }).where('id', '=', content.q[2]).execute();
    try {
      expect((await refused({ testIds: [content.test2] })).errors.testIds).toBe(ASSESSMENT_MESSAGES.onlyPublished);
      const qualifyingDraft = await refused({ testIds: [content.test], qualifyingQuestionIds: [content.q[2]] });
      expect(qualifyingDraft.errors.qualifyingQuestionIds).toBe('Only published qualifying questions can be asked before an assessment.');
    } finally {
      await db().updateTable('questions').set({ status: 'PUBLISHED' }).where('id', '=', content.q[2]).execute();
    }
  });

  it('says which languages the content allows and, for the others, which questions lack them', async () => {
    const check = (email: string, body: object) => f.ok(email, { method: 'POST', url: '/api/assessments/check-languages', payload: body });
    expect(await check(ACME, { testIds: [content.test] })).toEqual({ available: ['en', 'hi'], missing: [{ language: 'bn', questionTitles: ['Owns outcome 0', 'Owns outcome 1'] }] });
    const mixed = await check(ACME, { testIds: [content.test, content.hindiLessTest], customQuestionIds: [content.custom], videoQuestions: [video(['en', 'bn'])] });
    expect(mixed.available).toEqual(['en']);
    expect(mixed.missing).toEqual([
      { language: 'hi', questionTitles: ['English only', 'Introduce yourself (en)'] },
      { language: 'bn', questionTitles: ['Owns outcome 0', 'Owns outcome 1', 'English only', 'Why Acme'] },
    ]);
    // Another client's custom question is not named to Acme.
    const probe = await check(ACME, { customQuestionIds: [content.globexCustom] });
    expect(JSON.stringify(probe)).not.toContain('Globex');
    expect(probe.available).toEqual(['en', 'hi', 'bn']);
    // Someone who cannot build assessments may not ask.
    expect((await f.as('author@skillgauge.demo', { method: 'POST', url: '/api/assessments/check-languages', payload: { testIds: [content.test] } })).statusCode).toBe(403);
  });
});

describe('what an assessment may hold, as builders see it', () => {
  it('a client lists the test library (tests of published questions only, with the languages every question has) and the bank’s qualifying questions, without answer keys', async () => {
    const tests = (await f.ok(ACME, { method: 'GET', url: listUrl('/api/library-tests', { filter: { q: 'ownership' }, range: [0, 99] }) })) as { id: string }[];
    expect(tests.find((t) => t.id === content.test)).toMatchObject({ name: 'Ownership basics', category: 'COMPETENCY', primarySkillLabel: 'Ownership', durationSeconds: 600, questionCount: 2, languages: ['en', 'hi'] });
    const english = await f.ok(ACME, { method: 'GET', url: listUrl('/api/library-tests', { filter: { id: [content.hindiLessTest] } }) });
    expect(english).toEqual([expect.objectContaining({ name: 'English test', languages: ['en'] })]);
    await db().updateTable('questions').set({ status: 'DRAFTED' }).where('id', '=', content.q[2]).execute();
    try {
      expect(await f.ok(ACME, { method: 'GET', url: listUrl('/api/library-tests', { filter: { id: [content.test2] } }) })).toEqual([]);
    } finally {
      await db().updateTable('questions').set({ status: 'PUBLISHED' }).where('id', '=', content.q[2]).execute();
    }

    const qualifying = (await f.ok(ACME, { method: 'GET', url: listUrl('/api/qualifying-questions', { range: [0, 99] }) })) as { id: string }[];
    const ids = qualifying.map((q) => q.id);
    expect(ids).toContain(content.qualifying);
    expect(ids).not.toContain(content.plain);
    expect(ids).not.toContain(content.custom);
    expect(qualifying.find((q) => q.id === content.qualifying)).toEqual({
      id: content.qualifying,
      title: 'Can you work in Pune',
      questionType: 'SINGLE_CHOICE',
      languages: ['en', 'hi'],
      detail: '<p>Can you work in Pune (en)?</p>',
      answers: [
        { index: 0, text: 'Yes en', disqualifies: false },
        { index: 1, text: 'No en', disqualifies: true },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await f.as('author@skillgauge.demo', { method: 'GET', url: '/api/library-tests' })).statusCode).toBe(403);
    expect((await f.as('author@skillgauge.demo', { method: 'GET', url: '/api/qualifying-questions' })).statusCode).toBe(403);
  });
});

describe('status, lock and copy', () => {
  it('moves draft → active → closed → active → draft, and never closes a draft', async () => {
    const a = await f.createAssessment(ACME, { testIds: [content.test] });
    expect((await f.setStatus(ACME, a.id, 'CLOSED')).json().msg).toBe('A draft cannot be closed: activate it first, or delete it.');
    for (const status of ['ACTIVE', 'CLOSED', 'ACTIVE', 'DRAFT']) {
      const res = await f.setStatus(ACME, a.id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    expect((await f.setStatus(ACME, a.id, 'OPEN')).statusCode).toBe(400);
  });

  it('an assessment with coding questions goes live only on a server that can run code safely', async () => {
    const a = await f.createAssessment(ADMIN, { testIds: [content.codingTest] });
    expect(a.hasCoding).toBe(true);
    const services = server.app.services;
    const real = services.runner;
    try {
      services.runner = createRunner({}, { local: { bwrap: null } });
      const refused = await f.setStatus(ADMIN, a.id, 'ACTIVE');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(ASSESSMENT_MESSAGES.codingNeedsSandbox);
      expect((await f.ok(ADMIN, { method: 'GET', url: `/api/assessments/${a.id}` })).status).toBe('DRAFT');
      // Without coding the same server activates.
      const plain = await f.createAssessment(ADMIN, { testIds: [content.test] });
      expect((await f.setStatus(ADMIN, plain.id, 'ACTIVE')).statusCode).toBe(200);
      services.runner = { ...real, isolation: async () => ({ backend: 'local', sandbox: 'bubblewrap', ready: true }) } as typeof real;
      expect((await f.setStatus(ADMIN, a.id, 'ACTIVE')).statusCode).toBe(200);
    } finally {
      services.runner = real;
    }
  });

  it('once attempts exist the content is frozen (name, validity and proctoring still change), it stays out of draft, and a copy is a new draft', async () => {
    const a = await f.createAssessment(ACME, { type: 'INVITED', testIds: [content.test], videoQuestions: [video()], languages: ['en', 'hi'] });
    expect((await f.setStatus(ACME, a.id, 'ACTIVE')).statusCode).toBe(200);
    await beginAttempt(a.id, acmeId);
    const locked = await f.ok(ACME, { method: 'GET', url: `/api/assessments/${a.id}` });
    expect(locked).toMatchObject({ attemptCount: 1, locked: true, invitationCounts: { IN_PROGRESS: 1 } });

    const put = (extra: object) => f.as(ACME, { method: 'PUT', url: `/api/assessments/${a.id}`, payload: f.assessmentBody({ testIds: [content.test], videoQuestions: [video()], languages: ['hi', 'en'], ...extra }) });
    for (const change of [{ testIds: [content.test, content.test2] }, { languages: ['en'] }, { totalTimeSeconds: 600 }, { videoQuestions: [] }, { customQuestionIds: [content.custom] }]) {
      const res = await put(change);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().msg).toBe(ASSESSMENT_MESSAGES.locked);
    }
    const renamed = await put({ name: 'Graduate hiring 2026', description: 'New words', validUntil: '2030-01-01T00:00:00Z', proctoring: { cameraRequired: false, microphoneRequired: true, snapshotIntervalSeconds: null, fullScreenRequired: true, pasteAllowed: true } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Graduate hiring 2026', description: 'New words', proctoring: { cameraRequired: false, fullScreenRequired: true } });
    // The video question keeps the id its answers refer to, though the wizard sent none.
    expect(renamed.json().data.videoQuestions[0].id).toBe(a.videoQuestions[0].id);

    expect((await f.setStatus(ACME, a.id, 'DRAFT')).json().msg).toBe('This assessment already has attempts, so it cannot go back to draft.');
    expect((await f.setStatus(ACME, a.id, 'CLOSED')).statusCode).toBe(200);
    expect((await f.setStatus(ACME, a.id, 'ACTIVE')).statusCode).toBe(200);
    expect((await f.as(ACME, { method: 'DELETE', url: `/api/assessments/${a.id}` })).json().msg).toBe('This assessment has invitations, so it cannot be deleted. Close it instead.');

    const copy = await f.ok(ACME, { method: 'POST', url: `/api/assessments/${a.id}/copy` });
    expect(copy).toMatchObject({
      name: 'Graduate hiring 2026 (copy)',
      status: 'DRAFT',
      copiedFrom: a.id,
      clientId: acmeId,
      testIds: [content.test],
      languages: ['en', 'hi'],
      locked: false,
      attemptCount: 0,
    });
    expect(copy.id).not.toBe(a.id);
    // The copy can change freely.
    expect((await f.as(ACME, { method: 'PUT', url: `/api/assessments/${copy.id}`, payload: f.assessmentBody({ testIds: [content.test2] }) })).statusCode).toBe(200);
  });

  it('copies a public link assessment with a link of its own, and deletes a draft without invitations', async () => {
    const a = await f.createAssessment(ADMIN, { type: 'PUBLIC_LINK', testIds: [content.test], qualifyingQuestionIds: [content.qualifying] });
    const copy = await f.ok(ADMIN, { method: 'POST', url: `/api/assessments/${a.id}/copy` });
    expect(copy.publicLink).toMatch(/\/take\/public\//);
    expect(copy.publicLink).not.toBe(a.publicLink);
    expect(copy.qualifyingQuestionIds).toEqual([content.qualifying]);
    const deleted = await f.as(ADMIN, { method: 'DELETE', url: `/api/assessments/${copy.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.id).toBe(copy.id);
    expect((await f.as(ADMIN, { method: 'GET', url: `/api/assessments/${copy.id}` })).statusCode).toBe(404);
    expect((await server.auditOf(copy.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });
});

describe('who sees what', () => {
  it('a client sees and changes only its own assessments; another client’s answer 404', async () => {
    const mine = await f.createAssessment(ACME, { name: 'Acme only', testIds: [content.test] });
    const theirs = await f.createAssessment(GLOBEX, { name: 'Globex only', testIds: [content.test] });
    const library = await f.createAssessment(ADMIN, { name: 'Library one', testIds: [content.test] });
    const names = async (email: string, filter: Record<string, unknown> = {}) =>
      ((await f.ok(email, { method: 'GET', url: listUrl('/api/assessments', { filter, range: [0, 99] }) })) as { name: string }[]).map((a) => a.name);
    const acme = await names(ACME);
    expect(acme).toContain('Acme only');
    expect(acme).not.toContain('Globex only');
    expect(acme).not.toContain('Library one');
    // Of the library, a client sees only what the provider gave it (the demo data gives Acme one).
    // The library assessment given to it, under the name Acme gave it.
    expect(await names(ACME, { scope: 'library' })).toEqual(['Acme Service Desk Screening']);
    // So do its page (and the invite page it preselects) and its price on the order form.
    const [given] = await f.ok(ACME, { method: 'GET', url: listUrl('/api/assessments', { filter: { scope: 'library' } }) });
    expect((await f.ok(ACME, { method: 'GET', url: `/api/assessments/${given.id}` })).name).toBe('Acme Service Desk Screening');
    expect((await f.ok(ADMIN, { method: 'GET', url: `/api/assessments/${given.id}` })).name).toBe('Customer Service Aptitude (Library)');
    expect((await f.ok(ACME, { method: 'GET', url: `/api/orders/price/${given.id}` })).assessmentName).toBe('Acme Service Desk Screening');
    expect(await names(ACME, { clientId: theirs.clientId })).toEqual([]);
    expect(await names(ACME, { q: 'acme' })).toEqual(['Acme only']);

    for (const [method, url, payload] of [
      ['GET', `/api/assessments/${theirs.id}`],
      ['PUT', `/api/assessments/${theirs.id}`, f.assessmentBody({ testIds: [content.test] })],
      ['PUT', `/api/assessments/${theirs.id}/status`, { status: 'ACTIVE' }],
      ['POST', `/api/assessments/${theirs.id}/copy`],
      ['DELETE', `/api/assessments/${theirs.id}`],
      ['GET', `/api/assessments/${library.id}`],
    ] as const) {
      const res = await f.as(ACME, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The client's team member with view only: sees Acme's, changes nothing.
    expect(await names(ACME_RECRUITER)).toContain('Acme only');
    expect((await f.as(ACME_RECRUITER, { method: 'POST', url: '/api/assessments', payload: f.assessmentBody({ testIds: [content.test] }) })).statusCode).toBe(403);
    expect((await f.as(ACME_RECRUITER, { method: 'GET', url: `/api/assessments/${theirs.id}` })).statusCode).toBe(404);

    // The provider sees all; scope splits the library from the clients'.
    const admin = await f.ok(ADMIN, { method: 'GET', url: listUrl('/api/assessments', { filter: { scope: 'mine' }, range: [0, 99] }) });
    expect(admin.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['Acme only', 'Globex only']));
    expect(admin.every((a: { clientId: string | null }) => a.clientId)).toBe(true);
    expect(admin.find((a: { id: string }) => a.id === mine.id)).toMatchObject({ clientName: 'Acme Industries', testCount: 1, invitationCount: 0, completedCount: 0, type: 'INVITED', status: 'DRAFT' });
    expect(await names(ADMIN, { scope: 'library' })).toContain('Library one');
    expect(await names(ADMIN, { scope: 'library' })).not.toContain('Acme only');
    expect((await f.as(ADMIN, { method: 'GET', url: listUrl('/api/assessments', { filter: { scope: 'all of them' } }) })).json().msg).toBe('The scope filter must be library or mine.');
    // Someone without the assessments area.
    expect((await f.as('author@skillgauge.demo', { method: 'GET', url: '/api/assessments' })).statusCode).toBe(403);
  });

  it('lists sort by name and status and count invitations and completions', async () => {
    const a = await f.createAssessment(ADMIN, { name: 'AAA counted', testIds: [content.test] });
    await beginAttempt(a.id, null);
    const done = await beginAttempt(a.id, null);
    await db().updateTable('invitations').set({ status: 'COMPLETED', completedAt: new Date() }).where('id', '=', done).execute();
    const rows = await f.ok(ADMIN, { method: 'GET', url: listUrl('/api/assessments', { sort: ['name', 'ASC'], range: [0, 0] }) });
    expect(rows[0]).toMatchObject({ name: 'AAA counted', invitationCount: 2, completedCount: 1 });
    expect((await f.as(ADMIN, { method: 'GET', url: listUrl('/api/assessments', { sort: ['status', 'DESC'] }) })).statusCode).toBe(200);
    expect((await f.as(ADMIN, { method: 'GET', url: listUrl('/api/assessments', { sort: ['clientName', 'DESC'] }) })).statusCode).toBe(400);
  });
});

describe('custom questions', () => {
  it('are published at once, owned by the client, and never in the bank’s lists, tests, draws or reports', async () => {
    const mine = await f.ok(ACME, { method: 'GET', url: `/api/custom-questions/${content.custom}` });
    expect(mine).toMatchObject({ title: 'Why Acme', status: 'PUBLISHED', clientId: acmeId, clientName: 'Acme Industries' });
    const acmeList = await f.ok(ACME, { method: 'GET', url: listUrl('/api/custom-questions', { range: [0, 99] }) });
    // Acme's own only (the demo data has one of its own too).
    expect(acmeList.map((q: { title: string }) => q.title)).toContain('Why Acme');
    expect(acmeList.every((q: { clientId: string }) => q.clientId === acmeId)).toBe(true);
    expect((await f.as(ACME, { method: 'GET', url: `/api/custom-questions/${content.globexCustom}` })).statusCode).toBe(404);
    expect((await f.as(ACME, { method: 'PUT', url: `/api/custom-questions/${content.globexCustom}`, payload: f.questionBody(content.skill, 'Taken') })).statusCode).toBe(404);
    expect((await f.as(ACME, { method: 'DELETE', url: `/api/custom-questions/${content.globexCustom}` })).statusCode).toBe(404);

    const bank = await f.ok(ADMIN, { method: 'GET', url: listUrl('/api/questions', { filter: { id: [content.plain, content.custom] } }) });
    const bankIds = bank.map((q: { id: string }) => q.id);
    expect(bankIds).toContain(content.plain);
    expect(bankIds).not.toContain(content.custom);
    expect((await f.as(ADMIN, { method: 'GET', url: `/api/questions/${content.custom}` })).statusCode).toBe(404);
    expect((await f.as(ADMIN, { method: 'PUT', url: `/api/questions/${content.custom}`, payload: f.questionBody(content.skill, 'Hijacked') })).statusCode).toBe(404);
    const asTest = await f.as(ADMIN, { method: 'POST', url: '/api/tests', payload: { name: 'Sneaky', category: 'COMPETENCY', primarySkill: content.skill, durationSeconds: 300, questionIds: [content.custom] } });
    expect(asTest.json().errors.questionIds).toBe('A question of the test does not exist.');
    const drawn = await f.ok(ADMIN, { method: 'POST', url: '/api/tests/draw', payload: { primarySkill: content.skill, count: 50 } });
    expect(drawn.questions.map((q: { id: string }) => q.id)).not.toContain(content.custom);
    // A scored answer to a custom question is not the bank's report.
    const holder = await f.createAssessment(ACME, { customQuestionIds: [content.custom] });
    const attempt = await beginAttempt(holder.id, acmeId);
    await db().updateTable('invitations').set({ status: 'COMPLETED', completedAt: new Date() }).where('id', '=', attempt).execute();
    const detail = JSON.stringify({ version: 1, overall: { earned: 1, max: 1, percent: 100, band: 'HIGH' } });
    await db().insertInto('attemptScores').values({ invitationId: attempt, assessmentId: holder.id, clientId: acmeId, scoringVersion: 1, earned: 1, maxPoints: 1, percent: 100, band: 'HIGH', complete: true, integrity: 'NO_ISSUES', detail }).execute();
    await db().insertInto('answerScores').values({ invitationId: attempt, questionId: content.custom, partId: 'custom', answerIndexes: [0], status: 'SCORED', earned: 1, maxPoints: 1, answeredAt: new Date() }).execute();
    const reports = await f.ok(ADMIN, { method: 'GET', url: listUrl('/api/questions/reports', { range: [0, 99] }) });
    expect(reports.map((q: { id: string }) => q.id)).not.toContain(content.custom);
  });

  it('are checked by the question form’s rules; the provider writes them for a client or the library', async () => {
    const bad = await f.as(ACME, { method: 'POST', url: '/api/custom-questions', payload: { ...f.questionBody(content.skill, 'x'), title: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.title).toBe('Title is required');
    // A client cannot place a question with another client.
    const globexId = (await server.demoUsers()).get(GLOBEX)!.clientId!;
    const placed = await f.ok(ACME, { method: 'POST', url: '/api/custom-questions', payload: { ...f.questionBody(content.skill, 'Mine anyway'), clientId: globexId } });
    expect(placed.clientId).toBe(acmeId);
    const forGlobex = await f.customQuestion(ADMIN, content.skill, 'Written for Globex', { clientId: globexId });
    expect((await f.ok(GLOBEX, { method: 'GET', url: `/api/custom-questions/${forGlobex}` })).title).toBe('Written for Globex');
    const library = await f.ok(ADMIN, { method: 'GET', url: `/api/custom-questions/${await f.customQuestion(ADMIN, content.skill, 'Library custom')}` });
    expect(library.clientId).toBeNull();
    const noClient = await f.as(ADMIN, { method: 'POST', url: '/api/custom-questions', payload: { ...f.questionBody(content.skill, 'x'), clientId: '00000000-0000-4000-8000-000000000000' } });
    expect(noClient.json().errors.clientId).toBe('The client does not exist.');
    // A library assessment takes the library's custom questions, not a client's.
    expect((await f.as(ADMIN, { method: 'POST', url: '/api/assessments', payload: f.assessmentBody({ customQuestionIds: [library.id] }) })).statusCode).toBe(200);
    expect((await f.as(ADMIN, { method: 'POST', url: '/api/assessments', payload: f.assessmentBody({ customQuestionIds: [forGlobex] }) })).statusCode).toBe(400);
  });

  it('the form that writes them works for clients: its option lists answer them, the bank itself does not', async () => {
    const formLists = ['/api/question/language', '/api/question/datatypes', '/api/question/complexities', '/api/types/testtype/dropdown/COMPETENCY', '/api/answer-titles', '/api/question/run-test/languages'];
    for (const url of formLists) expect((await f.as(ACME, { method: 'GET', url })).statusCode, url).toBe(200);
    // Whoever may only look at assessments (Acme's recruiter) writes no questions; the bank's own lists stay provider-only.
    for (const url of formLists) expect((await f.as(ACME_RECRUITER, { method: 'GET', url })).statusCode, url).toBe(403);
    expect((await f.as(ACME, { method: 'GET', url: '/api/questions' })).statusCode).toBe(403);
  });

  it('cannot change once answered in an assessment, and cannot go while an assessment holds them', async () => {
    const id = await f.customQuestion(ACME, content.skill, 'Will be frozen');
    const edited = await f.as(ACME, { method: 'PUT', url: `/api/custom-questions/${id}`, payload: f.questionBody(content.skill, 'Still free') });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Still free', status: 'PUBLISHED' });
    const a = await f.createAssessment(ACME, { customQuestionIds: [id] });
    expect((await f.as(ACME, { method: 'DELETE', url: `/api/custom-questions/${id}` })).json().msg).toBe('This question is used in an assessment. Remove it from the assessment first.');
    await beginAttempt(a.id, acmeId);
    const frozen = await f.as(ACME, { method: 'PUT', url: `/api/custom-questions/${id}`, payload: f.questionBody(content.skill, 'Too late') });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().msg).toBe('This question is used in an assessment that already has attempts, so it cannot change.');
    const loose = await f.customQuestion(ACME, content.skill, 'Loose one');
    expect((await f.as(ACME, { method: 'DELETE', url: `/api/custom-questions/${loose}` })).statusCode).toBe(200);
    expect((await f.as(ACME, { method: 'GET', url: `/api/custom-questions/${loose}` })).statusCode).toBe(404);
  });
});

describe('self assessments', () => {
  it('a signed-in user starts an active library self assessment from their account and gets a fresh link each time', async () => {
    const a = await f.createAssessment(ADMIN, { name: 'Know yourself', type: 'SELF', testIds: [content.test], videoQuestions: [video()] });
    const hidden = await f.createAssessment(ADMIN, { name: 'Still a draft', type: 'SELF', testIds: [content.test] });
    expect((await f.setStatus(ADMIN, a.id, 'ACTIVE')).statusCode).toBe(200);
    const listed = (await f.ok(USER, { method: 'GET', url: '/api/self-assessments' })) as { id: string }[];
    expect(listed.map((x) => x.id)).not.toContain(hidden.id);
    expect(listed.filter((x) => x.id === a.id)).toEqual([{ id: a.id, name: 'Know yourself', description: null, translations: [], languages: ['en'], estimatedMinutes: 12, invitation: null }]);
    expect((await f.as(USER, { method: 'POST', url: `/api/self-assessments/${hidden.id}/start` })).statusCode).toBe(404);
    expect((await f.as(ADMIN, { method: 'GET', url: '/api/self-assessments' })).statusCode).toBe(403);
    // A client's people take their client's self assessments, not the library's.
    expect(((await f.ok(ACME, { method: 'GET', url: '/api/self-assessments' })) as { id: string }[]).map((x) => x.id)).not.toContain(a.id);
    expect((await f.as(ACME, { method: 'POST', url: `/api/self-assessments/${a.id}/start` })).statusCode).toBe(404);

    const first = await f.ok(USER, { method: 'POST', url: `/api/self-assessments/${a.id}/start` });
    expect(first.link).toBe(takeLink(server.app.services.config.publicUrl, first.token));
    const stored = await db().selectFrom('invitations').innerJoin('candidates', 'candidates.id', 'invitations.candidateId').selectAll('invitations').select(['candidates.email', 'candidates.userId', 'candidates.clientId as candidateClient']).where('invitations.id', '=', first.invitationId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ entryType: 'TEST', status: 'PENDING', email: USER, candidateClient: null, tokenHash: hashInvitationToken(first.token) });
    expect(JSON.stringify(stored)).not.toContain(first.token);
    expect(await db().selectFrom('outbox').select('id').where('toAddress', '=', USER).where('subject', 'like', '%Know yourself%').execute()).toEqual([]);

    const again = await f.ok(USER, { method: 'POST', url: `/api/self-assessments/${a.id}/start` });
    expect(again.invitationId).toBe(first.invitationId);
    expect(again.token).not.toBe(first.token);
    const hash = (await db().selectFrom('invitations').select('tokenHash').where('id', '=', first.invitationId).executeTakeFirstOrThrow()).tokenHash;
    expect(hash).toBe(hashInvitationToken(again.token));
    expect((await f.ok(USER, { method: 'GET', url: '/api/self-assessments' })).find((x: { id: string }) => x.id === a.id).invitation).toMatchObject({ id: first.invitationId, status: 'PENDING' });

    await db().updateTable('invitations').set({ status: 'COMPLETED', completedAt: new Date() }).where('id', '=', first.invitationId).execute();
    const done = await f.as(USER, { method: 'POST', url: `/api/self-assessments/${a.id}/start` });
    expect(done.statusCode).toBe(409);
    expect(done.json().msg).toBe('You have already completed this assessment.');
  });

  it('a client’s self assessment is taken by its own people from their dashboard and by candidates it invites, never by others', async () => {
    const a = await f.createAssessment(ACME, { name: 'Acme team check-in', type: 'SELF', testIds: [content.test] });
    expect((await f.setStatus(ACME, a.id, 'ACTIVE')).statusCode).toBe(200);
    const listedFor = async (email: string) => ((await f.ok(email, { method: 'GET', url: '/api/self-assessments' })) as { id: string }[]).map((x) => x.id);
    // Acme's account and its recruiter see it; a USER and Globex do not, and cannot start it.
    expect(await listedFor(ACME)).toContain(a.id);
    expect(await listedFor(ACME_RECRUITER)).toContain(a.id);
    expect(await listedFor(USER)).not.toContain(a.id);
    expect(await listedFor(GLOBEX)).not.toContain(a.id);
    for (const email of [USER, GLOBEX]) expect((await f.as(email, { method: 'POST', url: `/api/self-assessments/${a.id}/start` })).statusCode).toBe(404);

    const started = await f.ok(ACME_RECRUITER, { method: 'POST', url: `/api/self-assessments/${a.id}/start` });
    const stored = await db().selectFrom('invitations').innerJoin('candidates', 'candidates.id', 'invitations.candidateId').select(['invitations.clientId', 'invitations.licenceId', 'invitations.entryType', 'candidates.email', 'candidates.clientId as candidateClient']).where('invitations.id', '=', started.invitationId).executeTakeFirstOrThrow();
    const acme = (await server.demoUsers()).get(ACME)!.clientId;
    // The recruiter is one of Acme's candidates for it, and the attempt spent one of Acme's credits.
    expect(stored).toMatchObject({ clientId: acme, candidateClient: acme, entryType: 'TEST', email: ACME_RECRUITER });
    expect(stored.licenceId).not.toBeNull();
    // Their own report is theirs to read (the client's account reads it as any report of its).
    expect((await f.as(ACME_RECRUITER, { method: 'GET', url: `/api/candidate-reports/${started.invitationId}` })).statusCode).not.toBe(404);
    expect((await f.as(GLOBEX, { method: 'GET', url: `/api/candidate-reports/${started.invitationId}` })).statusCode).toBe(404);

    // Candidates it names get a link of their own.
    const invited = await f.as(ACME, { method: 'POST', url: '/api/invitations', payload: { assessmentId: a.id, candidates: [{ name: 'Neha Kapoor', email: 'neha.kapoor@example.com' }] } });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().data.rows[0]).toMatchObject({ outcome: 'INVITED' });
  });
});
