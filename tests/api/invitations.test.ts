/**
 * Candidates and invitations on the staff side: invite one and many (a duplicate reported, never
 * duplicated; a bad row never blocks the others), the mailed link (its token hashes to what is
 * stored, the token itself is never stored), resend, revoke, expiry, extra time, the level filter,
 * lapsed links, the attempt's progress and timeline, the people list, and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES, INVITATION_MESSAGES } from '../../src/domain/assessment';
import { expireLapsed, hashInvitationToken } from '../../server/lib/invitations';
import { listUrl, startTestServer, type TestServer } from './harness';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, staffFixtures } from './staff-fixtures';

let server: TestServer;
let f: ReturnType<typeof staffFixtures>;
let skill: string;
let test: string;
/** An active Invited assessment of Acme's, and one of the library. */
let acmeAssessment: { id: string; name: string };
let libraryAssessment: { id: string; name: string };

const db = () => server.database.db;
const invite = (email: string, payload: object) => f.as(email, { method: 'POST', url: '/api/invitations', payload });
const person = (name: string, extra: object = {}) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, ...extra });
const publicUrl = () => server.app.services.config.publicUrl;

/** The token in the newest invitation mail to an address (the only place it exists in clear). */
async function mailedToken(to: string): Promise<{ token: string; text: string; subject: string }> {
  const mail = await server.latestMail(to);
  const token = mail?.textBody.match(/\/take\/([A-Za-z0-9_-]{43})\b/)?.[1];
  if (!mail || !token) throw new Error(`no invitation mailed to ${to}`);
  return { token, text: mail.textBody, subject: mail.subject };
}

async function activeAssessment(email: string, name: string, extra: object = {}) {
  const a = await f.createAssessment(email, { name, testIds: [test], languages: ['en', 'hi'], ...extra });
  expect((await f.setStatus(email, a.id, 'ACTIVE')).statusCode).toBe(200);
  return a as { id: string; name: string };
}

/** Invites one person to Acme's assessment and answers the invitation id. */
async function invited(name: string, extra: object = {}) {
  const res = await invite(ACME, { assessmentId: acmeAssessment.id, candidates: [person(name)], ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rows[0].invitationId as string;
}

beforeAll(async () => {
  server = await startTestServer();
  f = staffFixtures(server);
  skill = await f.skill('COMPETENCY', 'Ownership');
  const questions = [await f.question(skill, 'Owns outcome 1'), await f.question(skill, 'Owns outcome 2')];
  test = await f.test('COMPETENCY', skill, 'Ownership basics', questions, 600);
  acmeAssessment = await activeAssessment(ACME, 'Acme graduate hiring');
  libraryAssessment = await activeAssessment(ADMIN, 'Library hiring');
});
afterAll(() => server.close());

describe('inviting', () => {
  it('invites one: the mail carries the assessment, validity, instructions and a link whose token hashes to what is stored', async () => {
    const res = await invite(ACME, { assessmentId: acmeAssessment.id, candidates: [person('Asha Rao', { phone: '+91 98765 43210' })] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ invited: 1, duplicates: 0, failed: 0, rows: [{ row: 1, email: 'asha.rao@example.com', outcome: 'INVITED' }] });
    const id = data.rows[0].invitationId;

    const { token, text, subject } = await mailedToken('asha.rao@example.com');
    expect(subject).toBe('Your assessment: Acme graduate hiring');
    expect(text).toContain('Dear Asha Rao');
    expect(text).toContain(`${publicUrl()}/take/${token}`);
    expect(text).toContain('This link is valid until');
    expect(text).toContain('reopen the same link');
    const stored = await db().selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(hashInvitationToken(token));
    expect(stored).toMatchObject({ status: 'PENDING', entryType: 'INVITE', clientId: (await server.demoUsers()).get(ACME)!.clientId });
    expect(stored.mailedAt).toBeInstanceOf(Date);
    // The link stays valid for 14 days unless told otherwise.
    expect(Math.round((stored.expiresAt!.getTime() - Date.now()) / 86_400_000)).toBe(14);
    // The token itself is nowhere: not in the row, not in the audit log.
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(await server.auditOf(id))).not.toContain(token);

    const row = await f.ok(ACME, { method: 'GET', url: `/api/invitations/${id}` });
    expect(row).toMatchObject({ id, candidateName: 'Asha Rao', candidateEmail: 'asha.rao@example.com', assessmentId: acmeAssessment.id, assessmentName: 'Acme graduate hiring', status: 'PENDING', online: false, extraTime: null });
    expect(row).not.toHaveProperty('tokenHash');
    expect(row).not.toHaveProperty('seed');
    const candidate = await f.ok(ACME, { method: 'GET', url: `/api/candidates/${row.candidateId}` });
    expect(candidate).toMatchObject({ name: 'Asha Rao', phone: '+91 98765 43210', invitationCount: 1, clientName: 'Acme Industries' });
    expect(candidate.invitations.map((i: { id: string }) => i.id)).toEqual([id]);
  });

  it('writes the mail in the invitation’s language, with the assessment’s name in it, and the link opens named in it', async () => {
    const translations = [{ language: 'hi', name: 'एक्मे स्नातक भर्ती', description: 'नए स्नातकों के लिए।' }];
    const named = await activeAssessment(ACME, 'Acme graduates in Hindi', { translations });
    expect((await f.ok(ACME, { method: 'GET', url: `/api/assessments/${named.id}` })).translations).toEqual(translations);
    const res = await invite(ACME, { assessmentId: named.id, candidates: [person('Kavya Menon')], language: 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    const { token, text, subject } = await mailedToken('kavya.menon@example.com');
    expect(subject).toBe('आपका आकलन: एक्मे स्नातक भर्ती');
    expect(text).toContain('प्रिय Kavya Menon');
    expect(text).toContain('यह लिंक');
    expect(text).not.toContain('Dear');
    // Its time on the 24-hour clock, as every Hindi time: no Latin am/pm.
    expect(text).toMatch(/ \d{2}:\d{2} बजे UTC तक/);
    expect(text).not.toMatch(/\b(am|pm)\b/i);
    const page = await server.app.inject({ method: 'GET', url: `/api/take/${token}` });
    expect(page.json().data.assessment.names).toEqual([{ language: 'en', name: 'Acme graduates in Hindi', description: null }, translations[0]]);
    expect(page.json().data.invitation.language).toBe('hi');

    // Without a Hindi name the Hindi mail names it in English; without a language the mail is English.
    await invite(ACME, { assessmentId: acmeAssessment.id, candidates: [person('Rohan Das')], language: 'hi' });
    expect((await mailedToken('rohan.das@example.com')).subject).toBe('आपका आकलन: Acme graduate hiring');
    await invite(ACME, { assessmentId: named.id, candidates: [person('Ira Sen')] });
    expect((await mailedToken('ira.sen@example.com')).subject).toBe('Your assessment: Acme graduates in Hindi');
  });

  it('refuses names in English, twice in one language, or without a name', async () => {
    const bad = async (translations: object[]) => {
      const res = await f.as(ACME, { method: 'POST', url: '/api/assessments', payload: { name: 'Named twice', type: 'INVITED', testIds: [test], translations } });
      return [res.statusCode, Object.values(res.json().errors ?? {})[0]];
    };
    expect(await bad([{ language: 'en', name: 'Again' }])).toEqual([400, 'English is the name itself']);
    expect(await bad([{ language: 'hi', name: 'एक' }, { language: 'hi', name: 'दो' }])).toEqual([400, 'A language is named twice']);
    expect(await bad([{ language: 'hi', name: ' ' }])).toEqual([400, 'Write the name in this language']);
  });

  it('invites many: an email twice is reported on its row, never merged; a bad row is reported and the others go on', async () => {
    await invited('Before Hand');
    const rows = [person('Ravi Kumar'), person('Before Hand', { name: 'Before Hand Renamed' }), person('Meena Iyer', { notes: 'a CSV column of its own' }), { name: 'No Email', email: 'not-an-email' }, { name: 'Ravi K. (again)', email: 'Ravi.Kumar@example.com' }, null];
    const res = await invite(ACME, { assessmentId: acmeAssessment.id, candidates: rows, extraTime: { percent: 25 }, language: 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome])).toEqual([
      [1, 'INVITED'],
      [2, 'DUPLICATE'],
      [3, 'INVITED'],
      [4, 'FAILED'],
      [5, 'DUPLICATE'],
      [6, 'FAILED'],
    ]);
    expect(data.rows[1].message).toBe(INVITATION_MESSAGES.duplicate);
    expect(data.rows[4]).toMatchObject({ email: 'ravi.kumar@example.com', message: INVITATION_MESSAGES.repeated });
    expect(data.rows[3]).toMatchObject({ email: 'not-an-email', message: 'Enter a valid email' });
    expect(data.rows[5]).toMatchObject({ email: '', message: 'This candidate could not be invited.' });
    expect(data).toMatchObject({ invited: 2, duplicates: 2, failed: 2 });
    const ravi = await db()
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
      .select(['invitations.id', 'invitations.extraTime', 'invitations.language'])
      .where('candidates.email', '=', 'ravi.kumar@example.com')
      .execute();
    expect(ravi).toEqual([{ id: data.rows[0].invitationId, extraTime: { percent: 25 }, language: 'hi' }]);
    // Same email, same person, one candidate: a later row renames no one.
    const before = await db().selectFrom('candidates').select(['name']).where('email', '=', 'before.hand@example.com').execute();
    expect(before).toEqual([{ name: 'Before Hand' }]);
    expect(await db().selectFrom('candidates').select(['name']).where('email', '=', 'ravi.kumar@example.com').execute()).toEqual([{ name: 'Ravi Kumar' }]);
    expect((await db().selectFrom('outbox').select('id').where('toAddress', '=', 'ravi.kumar@example.com').execute()).length).toBe(1);
  });

  it('refuses an assessment that is not active, not Invited, another client’s, or a bad expiry or language', async () => {
    const draft = await f.createAssessment(ACME, { name: 'Draft one', testIds: [test] });
    const expectRefused = async (email: string, payload: object, status: number, msg: string) => {
      const res = await invite(email, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toBe(msg);
    };
    const rows = [person('Nobody Yet')];
    await expectRefused(ACME, { assessmentId: draft.id, candidates: rows }, 400, ASSESSMENT_MESSAGES.notActive);
    const publicOne = await activeAssessment(ACME, 'Walk-in', { type: 'PUBLIC_LINK' });
    await expectRefused(ACME, { assessmentId: publicOne.id, candidates: rows }, 400, 'Candidates are invited to Invited and Self assessments; share a Public Link assessment’s link instead.');
    await expectRefused(GLOBEX, { assessmentId: acmeAssessment.id, candidates: rows }, 404, 'Not found.');
    await expectRefused(ACME, { assessmentId: libraryAssessment.id, candidates: rows }, 404, 'Not found.');
    await expectRefused(ACME, { assessmentId: acmeAssessment.id, candidates: rows, expiresAt: '2020-01-01T00:00:00Z' }, 400, 'The expiry must be in the future.');
    await expectRefused(ACME, { assessmentId: acmeAssessment.id, candidates: rows, language: 'bn' }, 400, 'Choose one of the assessment’s languages.');
    const tooMany = await invite(ACME, { assessmentId: acmeAssessment.id, candidates: Array.from({ length: 501 }, (_, i) => person(`Many ${i}`)) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toContain('At most 500 candidates at once');
    expect(await db().selectFrom('candidates').select('id').where('email', '=', 'nobody.yet@example.com').execute()).toEqual([]);
    // Closed assessments take no more invitations either.
    const closed = await activeAssessment(ACME, 'Closing soon');
    expect((await f.setStatus(ACME, closed.id, 'CLOSED')).statusCode).toBe(200);
    await expectRefused(ACME, { assessmentId: closed.id, candidates: rows }, 400, ASSESSMENT_MESSAGES.notActive);
  });

  it('lets the provider invite to the library, and a client’s recruiter to the client’s; a viewer may not invite', async () => {
    const lib = await invite(ADMIN, { assessmentId: libraryAssessment.id, candidates: [person('Library Person')] });
    expect(lib.json().data.invited).toBe(1);
    const candidate = await db().selectFrom('candidates').select('clientId').where('email', '=', 'library.person@example.com').executeTakeFirstOrThrow();
    expect(candidate.clientId).toBeNull();
    expect((await invite(ACME_RECRUITER, { assessmentId: acmeAssessment.id, candidates: [person('Recruited One')] })).json().data.invited).toBe(1);
    expect((await invite('viewer@globex.demo', { assessmentId: acmeAssessment.id, candidates: [person('Viewed')] })).statusCode).toBe(403);
    expect((await invite('author@skillgauge.demo', { assessmentId: acmeAssessment.id, candidates: [person('Authored')] })).statusCode).toBe(403);
  });
});

describe('an invitation’s life', () => {
  const post = (url: string) => f.as(ACME, { method: 'POST', url });
  const put = (url: string, payload: object) => f.as(ACME, { method: 'PUT', url, payload });

  it('resend gives a new link and says the old one stops working', async () => {
    const id = await invited('Resend Me');
    const first = await mailedToken('resend.me@example.com');
    const res = await post(`/api/invitations/${id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toBe('A new link was sent. The previous link no longer works.');
    const second = await mailedToken('resend.me@example.com');
    expect(second.token).not.toBe(first.token);
    const stored = (await db().selectFrom('invitations').select('tokenHash').where('id', '=', id).executeTakeFirstOrThrow()).tokenHash;
    expect(stored).toBe(hashInvitationToken(second.token));
    expect(stored).not.toBe(hashInvitationToken(first.token));

    await db().updateTable('invitations').set({ status: 'COMPLETED', startedAt: new Date(), completedAt: new Date() }).where('id', '=', id).execute();
    const done = await post(`/api/invitations/${id}/resend`);
    expect(done.statusCode).toBe(409);
    expect(done.json().msg).toBe('This attempt is over, so it cannot change.');
  });

  it('revoke withdraws a link never opened (it stays PENDING, shown revoked), never an opened one', async () => {
    const id = await invited('Revoke Me');
    const res = await post(`/api/invitations/${id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'PENDING', revokedAt: expect.any(String) });
    expect((await post(`/api/invitations/${id}/revoke`)).statusCode).toBe(200);
    expect((await post(`/api/invitations/${id}/resend`)).json().msg).toBe('This invitation was withdrawn, so it cannot be sent again.');

    const opened = await invited('Opened Already');
    await db().updateTable('invitations').set({ openedAt: new Date() }).where('id', '=', opened).execute();
    const refused = await post(`/api/invitations/${opened}/revoke`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(INVITATION_MESSAGES.alreadyStarted);
    const started = await invited('Started Already');
    await db().updateTable('invitations').set({ status: 'IN_PROGRESS', startedAt: new Date() }).where('id', '=', started).execute();
    expect((await post(`/api/invitations/${started}/revoke`)).json().msg).toBe(INVITATION_MESSAGES.alreadyStarted);
  });

  it('a lapsed link expires when invitations are read; a later expiry brings it back; a finished one stays', async () => {
    const id = await invited('Lapsed Link');
    await db().updateTable('invitations').set({ expiresAt: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
    const list = await f.ok(ACME, { method: 'GET', url: listUrl('/api/invitations', { filter: { id: [id] } }) });
    expect(list[0].status).toBe('EXPIRED');
    expect((await post(`/api/invitations/${id}/resend`)).json().msg).toBe('This invitation has expired. Extend its expiry first, then send it again.');

    const past = await put(`/api/invitations/${id}/expiry`, { expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.expiresAt).toBe('The expiry must be in the future.');
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const extended = await put(`/api/invitations/${id}/expiry`, { expiresAt: later });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data).toMatchObject({ status: 'PENDING', expiresAt: later });
    expect((await post(`/api/invitations/${id}/resend`)).statusCode).toBe(200);

    await db().updateTable('invitations').set({ status: 'COMPLETED', startedAt: new Date(), completedAt: new Date() }).where('id', '=', id).execute();
    expect((await put(`/api/invitations/${id}/expiry`, { expiresAt: later })).statusCode).toBe(409);
  });

  it('expireLapsed turns only lapsed PENDING invitations to EXPIRED, in one statement', async () => {
    const lapsed = await invited('Lapsed Two');
    const fresh = await invited('Fresh One');
    const running = await invited('Running One');
    const past = new Date(Date.now() - 1000);
    await db().updateTable('invitations').set({ expiresAt: past }).where('id', 'in', [lapsed, running]).execute();
    await db().updateTable('invitations').set({ status: 'IN_PROGRESS', startedAt: new Date() }).where('id', '=', running).execute();
    expect(await expireLapsed(db())).toBeGreaterThanOrEqual(1);
    const statuses = await db().selectFrom('invitations').select(['id', 'status']).where('id', 'in', [lapsed, fresh, running]).execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [lapsed]: 'EXPIRED', [fresh]: 'PENDING', [running]: 'IN_PROGRESS' });
    expect(await expireLapsed(db())).toBe(0);
  });

  it('the assessment’s counts show a lapsed link as expired', async () => {
    const count = async () => (await f.ok(ACME, { method: 'GET', url: `/api/assessments/${acmeAssessment.id}` })).invitationCounts as Record<string, number>;
    const before = await count();
    const id = await invited('Lapsed Three');
    expect((await count()).PENDING).toBe(before.PENDING + 1);
    await db().updateTable('invitations').set({ expiresAt: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    const after = await count();
    expect(after.EXPIRED).toBe(before.EXPIRED + 1);
    expect(after.PENDING).toBe(before.PENDING);
  });

  it('extra time is set or cleared, and the answer says it applies to parts started from now on', async () => {
    const id = await invited('Extra Time');
    const set = await put(`/api/invitations/${id}/extra-time`, { extraTime: { minutes: 15 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ extraTime: { minutes: 15 }, message: 'Extra time applies to the parts the candidate starts from now on.' });
    expect((await put(`/api/invitations/${id}/extra-time`, { extraTime: { percent: 500 } })).statusCode).toBe(400);
    expect((await put(`/api/invitations/${id}/extra-time`, { extraTime: null })).json().data.extraTime).toBeNull();
    await db().updateTable('invitations').set({ status: 'DISQUALIFIED', startedAt: new Date(), disqualifiedAt: new Date() }).where('id', '=', id).execute();
    expect((await put(`/api/invitations/${id}/extra-time`, { extraTime: { percent: 10 } })).statusCode).toBe(409);
  });
});

describe('the invitations list', () => {
  it('filters by level (online: under way and heard from within the last minute), status, assessment, search and dates', async () => {
    const live = await invited('Live Now');
    const quiet = await invited('Quiet Long');
    const waiting = await invited('Not Started');
    await db().updateTable('invitations').set({ status: 'IN_PROGRESS', startedAt: new Date(), lastSeenAt: new Date() }).where('id', '=', live).execute();
    await db().updateTable('invitations').set({ status: 'IN_PROGRESS', startedAt: new Date(), lastSeenAt: new Date(Date.now() - 5 * 60_000) }).where('id', '=', quiet).execute();
    const ids = async (filter: Record<string, unknown>) =>
      ((await f.ok(ACME, { method: 'GET', url: listUrl('/api/invitations', { filter: { assessmentId: acmeAssessment.id, ...filter }, range: [0, 99] }) })) as { id: string; online: boolean }[]);
    const online = await ids({ level: 'online' });
    expect(online.map((r) => r.id)).toEqual([live]);
    expect(online[0].online).toBe(true);
    const offline = (await ids({ level: 'offline' })).map((r) => r.id);
    expect(offline).toEqual(expect.arrayContaining([quiet, waiting]));
    expect(offline).not.toContain(live);
    expect((await ids({ level: 'all' })).map((r) => r.id)).toEqual(expect.arrayContaining([live, quiet, waiting]));
    const bad = await f.as(ACME, { method: 'GET', url: listUrl('/api/invitations', { filter: { level: 'everyone' } }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The level filter must be all, online or offline.');

    const mine = [live, quiet, waiting];
    expect((await ids({ id: mine, status: ['IN_PROGRESS', 'COMPLETED'] })).map((r) => r.id).sort()).toEqual([live, quiet].sort());
    expect((await ids({ q: 'quiet long' })).map((r) => r.id)).toEqual([quiet]);
    expect((await ids({ id: mine, q: 'acme graduate', status: 'PENDING' })).map((r) => r.id)).toEqual([waiting]);
    expect(await ids({ invitedAt_gte: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    const sorted = await f.ok(ACME, { method: 'GET', url: listUrl('/api/invitations', { filter: { id: [live, quiet, waiting] }, sort: ['candidateName', 'ASC'] }) });
    expect(sorted.map((r: { candidateName: string }) => r.candidateName)).toEqual(['Live Now', 'Not Started', 'Quiet Long']);
  });
});

describe('an attempt’s progress and timeline', () => {
  it('shows parts with answered counts, the answers as stored, media with a read URL once uploaded, events, and a sorted timeline, and no secrets', async () => {
    const id = await invited('Taking Now');
    const [q1, q2] = (await db().selectFrom('testQuestions').select('questionId').where('testId', '=', test).orderBy('position').execute()).map((r) => r.questionId);
    const t0 = Date.now() - 10 * 60_000;
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    await db().updateTable('invitations').set({ status: 'IN_PROGRESS', openedAt: at(1), startedAt: at(2), language: 'en', lastSeenAt: new Date() }).where('id', '=', id).execute();
    await db()
      .insertInto('attemptParts')
      .values([
        { invitationId: id, partId: 'qualifying', position: 0, kind: 'QUALIFYING', questionIds: [] },
        { invitationId: id, partId: `test:${test}`, position: 1, kind: 'TEST', testId: test, questionIds: [q2, q1], durationSeconds: 600, startedAt: at(3), deadline: at(13) },
        { invitationId: id, partId: 'video', position: 2, kind: 'VIDEO', questionIds: ['vq1'] },
      ])
      .execute();
    await db()
      .insertInto('answers')
      .values({ invitationId: id, questionId: q2, partId: `test:${test}`, answer: JSON.stringify({ choices: [1] }), idempotencyKey: 'k1', deviceId: 'd1', seq: 1, savedAt: at(4) })
      .execute();
    await db()
      .insertInto('attemptMedia')
      .values([
        { invitationId: id, kind: 'SNAPSHOT', objectKey: 'uploads/2026/11/snap.jpg', contentType: 'image/jpeg', takenAt: at(5), uploadedAt: at(5) },
        { invitationId: id, kind: 'VIDEO_ANSWER', questionId: 'vq1', objectKey: 'uploads/2026/11/video.webm', contentType: 'video/webm', takenAt: at(6) },
      ])
      .execute();
    await db().insertInto('proctoringEvents').values({ invitationId: id, type: 'TAB_HIDDEN', partId: `test:${test}`, occurredAt: at(7), detail: JSON.stringify({ seconds: 4 }), eventKey: 'e1' }).execute();

    const res = await f.as(ACME, { method: 'GET', url: `/api/test-result/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.invitation).toMatchObject({ id, status: 'IN_PROGRESS', language: 'en', online: true });
    expect(data.candidate).toEqual({ id: data.invitation.candidateId, name: 'Taking Now', email: 'taking.now@example.com', phone: null });
    expect(data.assessment).toEqual({ id: acmeAssessment.id, name: 'Acme graduate hiring', type: 'INVITED' });
    expect(data.parts).toEqual([
      { partId: 'qualifying', kind: 'QUALIFYING', title: null, questionCount: 0, answeredCount: 0, durationSeconds: null, startedAt: null, deadline: null, finishedAt: null },
      { partId: `test:${test}`, kind: 'TEST', title: 'Ownership basics', questionCount: 2, answeredCount: 1, durationSeconds: 600, startedAt: at(3).toISOString(), deadline: at(13).toISOString(), finishedAt: null },
      { partId: 'video', kind: 'VIDEO', title: null, questionCount: 1, answeredCount: 0, durationSeconds: null, startedAt: null, deadline: null, finishedAt: null },
    ]);
    expect(data.answers).toEqual([{ questionId: q2, partId: `test:${test}`, title: 'Owns outcome 2', questionType: 'SINGLE_CHOICE', answer: { choices: [1] }, savedAt: at(4).toISOString() }]);
    expect(data.media).toHaveLength(2);
    expect(data.media[0]).toMatchObject({ kind: 'SNAPSHOT', contentType: 'image/jpeg', url: '/files/uploads/2026/11/snap.jpg' });
    expect(data.media[1]).toMatchObject({ kind: 'VIDEO_ANSWER', questionId: 'vq1', url: null });
    expect(data.events).toEqual([{ type: 'TAB_HIDDEN', occurredAt: at(7).toISOString(), partId: `test:${test}`, questionId: null, detail: { seconds: 4 } }]);
    const whats = data.timeline.map((e: { what: string }) => e.what);
    expect([...whats].sort()).toEqual(['INVITED', 'MAILED', 'OPENED', 'PART_STARTED', 'STARTED']);
    expect(data.timeline.find((e: { what: string }) => e.what === 'PART_STARTED')).toEqual({ at: at(3).toISOString(), what: 'PART_STARTED', partId: `test:${test}` });
    const times = data.timeline.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Nothing that would let someone take the attempt over, or see its shuffles.
    const seed = (await db().selectFrom('invitations').select(['seed', 'tokenHash']).where('id', '=', id).executeTakeFirstOrThrow());
    expect(res.body).not.toContain(seed.seed);
    expect(res.body).not.toContain(seed.tokenHash);
    expect(res.body).not.toContain('objectKey');
  });
});

describe('candidates (people)', () => {
  it('are created, edited and deleted in the tenant; one email per tenant; a candidate who began stays', async () => {
    const created = await f.ok(ACME, { method: 'POST', url: '/api/candidates', payload: { name: 'Kiran Das', email: 'Kiran.Das@Example.com', phone: '' } });
    expect(created).toMatchObject({ name: 'Kiran Das', email: 'kiran.das@example.com', phone: null, invitationCount: 0, lastInvitedAt: null });
    const clash = await f.as(ACME, { method: 'POST', url: '/api/candidates', payload: { name: 'Another Kiran', email: 'kiran.das@example.com' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ msg: 'A candidate with this email already exists.', errors: { email: 'A candidate with this email already exists.' } });
    // Another client may have its own Kiran.
    expect((await f.as(GLOBEX, { method: 'POST', url: '/api/candidates', payload: { name: 'Kiran Das', email: 'kiran.das@example.com' } })).statusCode).toBe(200);
    const other = await f.ok(ACME, { method: 'POST', url: '/api/candidates', payload: { name: 'Lata Sen', email: 'lata.sen@example.com' } });
    expect((await f.as(ACME, { method: 'PUT', url: `/api/candidates/${other.id}`, payload: { name: 'Lata Sen', email: 'kiran.das@example.com' } })).statusCode).toBe(409);
    const edited = await f.ok(ACME, { method: 'PUT', url: `/api/candidates/${other.id}`, payload: { name: 'Lata Sen-Gupta', email: 'lata.sen@example.com', phone: '+91 11 2345 6789' } });
    expect(edited).toMatchObject({ name: 'Lata Sen-Gupta', phone: '+91 11 2345 6789' });
    expect((await f.as(ACME, { method: 'POST', url: '/api/candidates', payload: { name: '', email: 'x@example.com' } })).json().errors.name).toBe('Name is required');

    // Invited (not opened): may go, with the invitation; begun: stays.
    const invitation = (await invite(ACME, { assessmentId: acmeAssessment.id, candidates: [{ name: 'Kiran Das', email: 'kiran.das@example.com' }] })).json().data.rows[0].invitationId;
    const people = await f.ok(ACME, { method: 'GET', url: listUrl('/api/candidates', { filter: { q: 'kiran' } }) });
    expect(people).toEqual([expect.objectContaining({ id: created.id, invitationCount: 1, lastInvitedAt: expect.any(String) })]);
    await db().updateTable('invitations').set({ status: 'IN_PROGRESS', startedAt: new Date() }).where('id', '=', invitation).execute();
    const kept = await f.as(ACME, { method: 'DELETE', url: `/api/candidates/${created.id}` });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().msg).toBe('This candidate has started an assessment, so they cannot be deleted.');
    const pendingOnly = await invited('Goes Away');
    const goesAway = (await db().selectFrom('invitations').select('candidateId').where('id', '=', pendingOnly).executeTakeFirstOrThrow()).candidateId;
    expect((await f.as(ACME, { method: 'DELETE', url: `/api/candidates/${goesAway}` })).statusCode).toBe(200);
    expect(await db().selectFrom('invitations').select('id').where('id', '=', pendingOnly).execute()).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('another client reads, changes and lists none of Acme’s candidates, invitations or attempts: 404', async () => {
    const id = await invited('Acme Private');
    const candidateId = (await f.ok(ACME, { method: 'GET', url: `/api/invitations/${id}` })).candidateId;
    for (const [method, url, payload] of [
      ['GET', `/api/invitations/${id}`],
      ['GET', `/api/test-result/${id}`],
      ['POST', `/api/invitations/${id}/resend`],
      ['POST', `/api/invitations/${id}/revoke`],
      ['PUT', `/api/invitations/${id}/expiry`, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() }],
      ['PUT', `/api/invitations/${id}/extra-time`, { extraTime: { minutes: 5 } }],
      ['GET', `/api/candidates/${candidateId}`],
      ['PUT', `/api/candidates/${candidateId}`, { name: 'Taken', email: 'taken@example.com' }],
      ['DELETE', `/api/candidates/${candidateId}`],
    ] as const) {
      const res = await f.as(GLOBEX, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirInvitations = await f.ok(GLOBEX, { method: 'GET', url: listUrl('/api/invitations', { filter: { assessmentId: acmeAssessment.id } }) });
    expect(theirInvitations).toEqual([]);
    const theirPeople = await f.ok(GLOBEX, { method: 'GET', url: listUrl('/api/candidates', { filter: { q: 'acme private' } }) });
    expect(theirPeople).toEqual([]);
    // Acme's own team member sees it; the provider sees it with the rest.
    expect((await f.as(ACME_RECRUITER, { method: 'GET', url: `/api/invitations/${id}` })).statusCode).toBe(200);
    expect((await f.as(ADMIN, { method: 'GET', url: `/api/test-result/${id}` })).statusCode).toBe(200);
    expect((await f.ok(ADMIN, { method: 'GET', url: listUrl('/api/invitations', { filter: { q: 'acme private' } }) })).map((r: { id: string }) => r.id)).toEqual([id]);
  });
});
