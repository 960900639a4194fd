/**
 * Campaigns: creating one (its checks), adding candidates (CSV rows and picked ones, reported row
 * by row), sending at the start, reminders only to those who have not started (once per number, at
 * most M, none after the end or a cancel, none twice when the job runs twice at once), cancelling
 * (unopened links withdrawn, credits back), editing, the list's figures and filters, and every
 * route's permissions and tenancy.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import { CAMPAIGN_MESSAGES, DEFAULT_MAIL } from '../../src/domain/campaigns';
import { hashInvitationToken } from '../../server/lib/invitations';
import { runCampaignJob } from '../../server/modules/campaigns/sending';
import { clientIdByName, grantLicence } from './business-fixtures';
import { listUrl, startTestServer, type TestServer } from './harness';
import { ACME, ACME_RECRUITER, ADMIN, GLOBEX, staffFixtures, USER } from './staff-fixtures';

const DAY = 86_400_000;
const MINUTE = 60_000;
const GLOBEX_VIEWER = 'viewer@globex.demo';

let server: TestServer;
let f: ReturnType<typeof staffFixtures>;
let test: string;
let acmeAssessment: { id: string; name: string };
let globexAssessment: { id: string; name: string };
let libraryAssessment: { id: string; name: string };
let acmeId: string;

const db = () => server.database.db;
const publicUrl = () => server.app.services.config.publicUrl;
const iso = (ms: number) => new Date(ms).toISOString();
const person = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` });

const campaignBody = (assessmentId: string, extra: object = {}) => ({
  name: 'Campus hiring 2026',
  description: 'Final-year students of the partner colleges',
  assessmentId,
  startsAt: iso(Date.now() - MINUTE),
  endsAt: iso(Date.now() + 10 * DAY),
  mailSubject: DEFAULT_MAIL.en.subject,
  mailBody: DEFAULT_MAIL.en.body,
  reminderEveryDays: 2,
  maxReminders: 2,
  ...extra,
});

async function createCampaign(email: string, assessmentId: string, extra: object = {}) {
  const res = await f.as(email, { method: 'POST', url: '/api/campaigns', payload: campaignBody(assessmentId, extra) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string; clientId: string | null };
}

const addCandidates = (email: string, id: string, payload: object) => f.as(email, { method: 'POST', url: `/api/campaigns/${id}/candidates`, payload });

async function added(id: string, names: string[]) {
  const res = await addCandidates(ACME, id, { candidates: names.map(person) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.rows as { invitationId: string }[]).map((r) => r.invitationId);
}

const mailsTo = (to: string) => db().selectFrom('outbox').select(['subject', 'textBody']).where('toAddress', '=', to).orderBy('createdAt').execute();
const remindersOf = (invitationId: string) => db().selectFrom('campaignReminders').select('number').where('invitationId', '=', invitationId).orderBy('number').execute();

async function activeAssessment(email: string, name: string) {
  const a = await f.createAssessment(email, { name, testIds: [test], languages: ['en'] });
  expect((await f.setStatus(email, a.id, 'ACTIVE')).statusCode).toBe(200);
  return a as { id: string; name: string };
}

beforeAll(async () => {
  server = await startTestServer();
  f = staffFixtures(server);
  const skill = await f.skill('COMPETENCY', 'Ownership');
  test = await f.test('COMPETENCY', skill, 'Ownership basics', [await f.question(skill, 'Owns outcome 1'), await f.question(skill, 'Owns outcome 2')], 600);
  acmeAssessment = await activeAssessment(ACME, 'Acme campus hiring');
  globexAssessment = await activeAssessment(GLOBEX, 'Globex engineers');
  libraryAssessment = await activeAssessment(ADMIN, 'Library aptitude');
  acmeId = await clientIdByName(db(), 'Acme Industries');
  // Invitations of a client's assessment spend its credits.
  await grantLicence(db(), acmeId, { credits: 500 });
  await grantLicence(db(), await clientIdByName(db(), 'Globex Solutions'), { credits: 500 });
});
afterAll(() => server.close());

describe('creating', () => {
  it('refuses a mail without {{link}}, an unknown placeholder, an end before the start or in the past, with the field named', async () => {
    const post = (extra: object) => f.as(ACME, { method: 'POST', url: '/api/campaigns', payload: campaignBody(acmeAssessment.id, extra) });
    let res = await post({ mailBody: 'Dear {{name}}, please take {{assessment}}.' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.mailBody).toBe(BUSINESS_MESSAGES.campaignLinkMissing);
    res = await post({ mailBody: 'Dear {{nmae}}, {{link}}' });
    expect(res.json().errors.mailBody).toBe(CAMPAIGN_MESSAGES.unknownPlaceholder);
    res = await post({ startsAt: iso(Date.now() + 5 * DAY), endsAt: iso(Date.now() + 4 * DAY) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.endsAt).toBe(BUSINESS_MESSAGES.campaignDates);
    res = await post({ startsAt: iso(Date.now() - 5 * DAY), endsAt: iso(Date.now() - DAY) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.endsAt).toBe(CAMPAIGN_MESSAGES.endPast);
    res = await post({ reminderEveryDays: 31 });
    expect(res.statusCode).toBe(400);
    res = await post({ maxReminders: 11 });
    expect(res.statusCode).toBe(400);
  });

  it("refuses another client's assessment, a library one for a client, a draft, and a public-link one", async () => {
    for (const id of [globexAssessment.id, libraryAssessment.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await f.as(ACME, { method: 'POST', url: '/api/campaigns', payload: campaignBody(id) });
      expect(res.statusCode, id).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['assessmentId']);
    }
    const draft = await f.createAssessment(ACME, { name: 'Acme draft', testIds: [test], languages: ['en'] });
    expect((await f.as(ACME, { method: 'POST', url: '/api/campaigns', payload: campaignBody(draft.id) })).statusCode).toBe(400);
    const open = await f.createAssessment(ACME, { name: 'Acme open link', type: 'PUBLIC_LINK', testIds: [test], languages: ['en'] });
    await f.setStatus(ACME, open.id, 'ACTIVE');
    const res = await f.as(ACME, { method: 'POST', url: '/api/campaigns', payload: campaignBody(open.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.assessmentId).toBe(CAMPAIGN_MESSAGES.notInvited);
  });

  it('a client runs one with a library assessment given to it: the campaign, its candidates and their credits are the client’s', async () => {
    const given = await activeAssessment(ADMIN, 'Library numeracy');
    await db().insertInto('clientAssessments').values({ clientId: acmeId, assessmentId: given.id, settings: '{}', updatedAt: new Date() }).execute();
    const c = await createCampaign(ACME, given.id, { name: 'Acme numeracy drive' });
    expect(c.clientId).toBe(acmeId);
    const spentBefore = await db().selectFrom('licences').select((eb) => eb.fn.sum<string>('used').as('used')).where('clientId', '=', acmeId).executeTakeFirstOrThrow();
    const [invitationId] = await added(c.id, ['Meera Iyer']);
    const invitation = await db().selectFrom('invitations').innerJoin('candidates', 'candidates.id', 'invitations.candidateId').select(['invitations.clientId', 'candidates.clientId as candidateClientId']).where('invitations.id', '=', invitationId).executeTakeFirstOrThrow();
    expect(invitation).toEqual({ clientId: acmeId, candidateClientId: acmeId });
    const spentAfter = await db().selectFrom('licences').select((eb) => eb.fn.sum<string>('used').as('used')).where('clientId', '=', acmeId).executeTakeFirstOrThrow();
    expect(Number(spentAfter.used)).toBe(Number(spentBefore.used) + 1);
    // Given to Acme only: Globex's users cannot use it.
    const res = await f.as(GLOBEX, { method: 'POST', url: '/api/campaigns', payload: campaignBody(given.id) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['assessmentId']);
  });

  it("lets the provider's staff run one for a client (the client sees it) or for the library (the client does not)", async () => {
    const forAcme = await createCampaign(ADMIN, acmeAssessment.id, { name: 'Run by the provider for Acme' });
    expect(forAcme.clientId).toBe(acmeId);
    const library = await createCampaign(ADMIN, libraryAssessment.id, { name: 'Library drive' });
    expect(library.clientId).toBeNull();
    const seen = (await f.as(ACME, { method: 'GET', url: listUrl('/api/campaigns', { range: [0, 99] }) })).json().data.map((c: { id: string }) => c.id);
    expect(seen).toContain(forAcme.id);
    expect(seen).not.toContain(library.id);
    expect((await f.as(ACME, { method: 'GET', url: `/api/campaigns/${library.id}` })).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it('a running campaign invites and mails each candidate at once with its template; bad rows, duplicates and strangers are reported', async () => {
    const c = await createCampaign(ACME, acmeAssessment.id, { mailSubject: '{{company}}: {{assessment}}', mailBody: 'Hi {{name}}, open {{link}} before {{validUntil}}.' });
    const known = (await f.as(ACME, { method: 'POST', url: '/api/candidates', payload: { name: 'Picked Person', email: 'picked.person@example.com' } })).json().data.id;
    const stranger = (await f.as(GLOBEX, { method: 'POST', url: '/api/candidates', payload: { name: 'Globex Person', email: 'globex.person@example.com' } })).json().data.id;
    const res = await addCandidates(ACME, c.id, { candidates: [person('Asha Iyer'), { name: 'No Mail', email: 'not-an-email' }, person('Asha Iyer')], candidateIds: [known, stranger] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.rows.map((r: { outcome: string }) => r.outcome)).toEqual(['INVITED', 'FAILED', 'DUPLICATE', 'INVITED', 'FAILED']);
    expect(data.rows[4].message).toBe(CAMPAIGN_MESSAGES.candidateNotFound);
    expect(data).toMatchObject({ invited: 2, duplicates: 1, failed: 2 });

    const stored = await db().selectFrom('invitations').selectAll().where('id', '=', data.rows[0].invitationId).executeTakeFirstOrThrow();
    const campaign = await db().selectFrom('campaigns').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ campaignId: c.id, clientId: acmeId, status: 'PENDING' });
    expect(stored.expiresAt).toEqual(campaign.endsAt);
    expect(stored.mailedAt).toBeInstanceOf(Date);
    const [mail] = await mailsTo('asha.iyer@example.com');
    expect(mail.subject).toBe('Acme Industries: Acme campus hiring');
    const token = mail.textBody.match(/\/take\/([A-Za-z0-9_-]{43})\b/)![1];
    expect(mail.textBody).toContain(`Hi Asha Iyer, open ${publicUrl()}/take/${token} before `);
    expect(mail.textBody).toContain('IST.');
    expect(hashInvitationToken(token)).toBe(stored.tokenHash);
    expect(await mailsTo('picked.person@example.com')).toHaveLength(1);
  });

  it('a candidate whose invitation fails is reported on its row; the others are invited', async () => {
    const c = await createCampaign(ACME, acmeAssessment.id);
    // The database refuses one candidate's invitation (as the licence check refuses one with no credit left).
    await sql`create function campaign_test_refuse() returns trigger language plpgsql as $$ begin if exists (select 1 from candidates where id = new.candidate_id and email = 'refused.one@example.com') then raise exception 'refused'; end if; return new; end $$`.execute(db());
    await sql`create trigger campaign_test_refuse before insert on invitations for each row execute function campaign_test_refuse()`.execute(db());
    try {
      const res = await addCandidates(ACME, c.id, { candidates: [person('Before One'), person('Refused One'), person('After One')] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.rows.map((r: { outcome: string }) => r.outcome)).toEqual(['INVITED', 'FAILED', 'INVITED']);
      expect(res.json().data.rows[1].message).toBe('This candidate could not be invited.');
      expect(await mailsTo('refused.one@example.com')).toHaveLength(0);
      expect(await mailsTo('after.one@example.com')).toHaveLength(1);
    } finally {
      await sql`drop trigger campaign_test_refuse on invitations`.execute(db());
      await sql`drop function campaign_test_refuse()`.execute(db());
    }
  });

  it('a scheduled campaign sends when it starts, once, however often and however many at once the job runs', async () => {
    const start = Date.now() + 2 * DAY;
    const c = await createCampaign(ACME, acmeAssessment.id, { startsAt: iso(start), endsAt: iso(start + 7 * DAY) });
    expect(c.status).toBe('SCHEDULED');
    const res = await addCandidates(ACME, c.id, { candidates: [person('Later One'), person('Later Two')] });
    expect(res.json().data.rows[0]).toMatchObject({ outcome: 'INVITED', message: CAMPAIGN_MESSAGES.queued });
    expect(await mailsTo('later.one@example.com')).toHaveLength(0);

    expect(await runCampaignJob(db(), publicUrl(), new Date(start - MINUTE))).toMatchObject({ invited: 0 });
    expect(await mailsTo('later.one@example.com')).toHaveLength(0);
    const at = new Date(start + MINUTE);
    const rounds = await Promise.all([runCampaignJob(db(), publicUrl(), at), runCampaignJob(db(), publicUrl(), at)]);
    expect(rounds[0].invited + rounds[1].invited).toBe(2);
    expect(await runCampaignJob(db(), publicUrl(), at)).toMatchObject({ invited: 0 });
    for (const to of ['later.one@example.com', 'later.two@example.com']) expect(await mailsTo(to)).toHaveLength(1);
    const invitation = await db().selectFrom('invitations').select(['tokenHash', 'mailedAt']).where('id', '=', res.json().data.rows[0].invitationId).executeTakeFirstOrThrow();
    const token = (await mailsTo('later.one@example.com'))[0].textBody.match(/\/take\/([A-Za-z0-9_-]{43})\b/)![1];
    expect(hashInvitationToken(token)).toBe(invitation.tokenHash);
  });
});

describe('reminders', () => {
  it('go only to those who have not started, once per number, at most M, never twice when the job runs twice at once', async () => {
    const c = await createCampaign(ACME, acmeAssessment.id, { reminderEveryDays: 2, maxReminders: 2 });
    const [waiting, opened, started, completed, withdrawn] = await added(c.id, ['Rem Waiting', 'Rem Opened', 'Rem Started', 'Rem Completed', 'Rem Withdrawn']);
    const now = Date.now();
    await db().updateTable('invitations').set({ openedAt: new Date() }).where('id', '=', opened).execute();
    await db().updateTable('invitations').set({ openedAt: new Date(), startedAt: new Date(), status: 'IN_PROGRESS' }).where('id', '=', started).execute();
    await db().updateTable('invitations').set({ openedAt: new Date(), startedAt: new Date(), completedAt: new Date(), status: 'COMPLETED' }).where('id', '=', completed).execute();
    expect((await f.as(ACME, { method: 'POST', url: `/api/invitations/${withdrawn}/revoke` })).statusCode).toBe(200);

    const run = (at: number) => runCampaignJob(db(), publicUrl(), new Date(at));
    await run(now + DAY);
    expect(await remindersOf(waiting)).toEqual([]);
    const first = await Promise.all([run(now + 2 * DAY + MINUTE), run(now + 2 * DAY + MINUTE)]);
    expect(first[0].reminded + first[1].reminded).toBe(2);
    await run(now + 2 * DAY + 2 * MINUTE);
    expect(await remindersOf(waiting)).toEqual([{ number: 1 }]);
    expect(await remindersOf(opened)).toEqual([{ number: 1 }]);
    for (const id of [started, completed, withdrawn]) expect(await remindersOf(id)).toEqual([]);
    // The next comes every N days after the last one.
    await run(now + 3 * DAY);
    expect(await remindersOf(waiting)).toHaveLength(1);
    await run(now + 4 * DAY + 2 * MINUTE);
    expect(await remindersOf(waiting)).toEqual([{ number: 1 }, { number: 2 }]);
    // At most M.
    await run(now + 8 * DAY);
    expect(await remindersOf(waiting)).toHaveLength(2);

    const mails = await mailsTo('rem.waiting@example.com');
    expect(mails.map((m) => m.subject.startsWith('Reminder: '))).toEqual([false, true, true]);
    // Each reminder carries the link that works now.
    const token = mails[2].textBody.match(/\/take\/([A-Za-z0-9_-]{43})\b/)![1];
    const stored = await db().selectFrom('invitations').select('tokenHash').where('id', '=', waiting).executeTakeFirstOrThrow();
    expect(hashInvitationToken(token)).toBe(stored.tokenHash);
    expect(await mailsTo('rem.started@example.com')).toHaveLength(1);

    const listed = (await f.as(ACME, { method: 'GET', url: listUrl(`/api/campaigns/${c.id}/invitations`, { range: [0, 9] }) })).json().data;
    expect(listed.find((r: { id: string }) => r.id === waiting).reminderCount).toBe(2);
  });

  it('are written in the mail’s own language: a Hindi mail gets a Hindi date, reminder words and assessment name', async () => {
    await db().updateTable('assessments').set({ translations: JSON.stringify([{ language: 'hi', name: 'एक्मे कैंपस भर्ती', description: null }]) }).where('id', '=', acmeAssessment.id).execute();
    try {
      const c = await createCampaign(ACME, acmeAssessment.id, { mailSubject: DEFAULT_MAIL.hi.subject, mailBody: DEFAULT_MAIL.hi.body, reminderEveryDays: 1, maxReminders: 1 });
      await added(c.id, ['Hindi Mail']);
      await runCampaignJob(db(), publicUrl(), new Date(Date.now() + DAY + MINUTE));
      const [invitation, reminder] = await mailsTo('hindi.mail@example.com');
      expect(invitation.subject).toBe('Acme Industries की ओर से आमंत्रण: एक्मे कैंपस भर्ती');
      // The end date in Hindi (its month named in Devanagari), not "… November 2026".
      const until = invitation.textBody.match(/यह (.+) तक खुला है/)![1];
      expect(until).toMatch(/[\u0900-\u097F]/);
      expect(until).not.toMatch(/[A-Za-z]{3,}(?<!IST)/);
      expect(reminder.subject).toBe(`याद दिलाना: ${invitation.subject}`);
      expect(reminder.textBody).toContain('(इस याद दिलाने वाले मेल में नया लिंक है; पहले के लिंक अब काम नहीं करते।)');
      expect(reminder.textBody).not.toMatch(/Reminder|earlier links/);
    } finally {
      await db().updateTable('assessments').set({ translations: '[]' }).where('id', '=', acmeAssessment.id).execute();
    }
  });

  it('none after the campaign ends, none once it is cancelled, none without reminder settings', async () => {
    const created = Date.now();
    const ending = await createCampaign(ACME, acmeAssessment.id, { endsAt: iso(created + 3 * DAY), reminderEveryDays: 2, maxReminders: 5 });
    const [late] = await added(ending.id, ['After End']);
    const cancelled = await createCampaign(ACME, acmeAssessment.id, { reminderEveryDays: 1, maxReminders: 5 });
    const [dropped] = await added(cancelled.id, ['After Cancel']);
    const quiet = await createCampaign(ACME, acmeAssessment.id, { reminderEveryDays: null, maxReminders: 0 });
    const [silent] = await added(quiet.id, ['No Reminders']);
    expect((await f.as(ACME, { method: 'POST', url: `/api/campaigns/${cancelled.id}/cancel` })).statusCode).toBe(200);

    // The job's times count from now, once every invitation is mailed, however long that took.
    const now = Date.now();
    await runCampaignJob(db(), publicUrl(), new Date(now + 2 * DAY + MINUTE));
    expect(await remindersOf(late)).toEqual([{ number: 1 }]);
    await runCampaignJob(db(), publicUrl(), new Date(now + 5 * DAY));
    expect(await remindersOf(late)).toEqual([{ number: 1 }]);
    expect(await remindersOf(dropped)).toEqual([]);
    expect(await remindersOf(silent)).toEqual([]);
  });
});

describe('cancelling and editing', () => {
  it('cancel withdraws unopened links (credits back, once), keeps attempts under way, and then nothing changes', async () => {
    const c = await createCampaign(ACME, acmeAssessment.id);
    const [unopened, begun] = await added(c.id, ['Cancel Unopened', 'Cancel Begun']);
    await db().updateTable('invitations').set({ openedAt: new Date(), startedAt: new Date(), status: 'IN_PROGRESS' }).where('id', '=', begun).execute();
    // The credit it spent (the licence slice writes licence_id in issueInvitation): it goes back on cancel.
    const licence = await grantLicence(db(), acmeId, { credits: 5, used: 1 });
    await db().updateTable('invitations').set({ licenceId: licence }).where('id', '=', unopened).execute();

    expect((await f.as(ACME_RECRUITER, { method: 'POST', url: `/api/campaigns/${c.id}/cancel` })).statusCode).toBe(403);
    const res = await f.as(ACME, { method: 'POST', url: `/api/campaigns/${c.id}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', withdrawn: 1 });
    const rows = await db().selectFrom('invitations').select(['id', 'revokedAt', 'licenceId']).where('campaignId', '=', c.id).execute();
    expect(rows.find((r) => r.id === unopened)).toMatchObject({ licenceId: null });
    expect(rows.find((r) => r.id === unopened)!.revokedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === begun)!.revokedAt).toBeNull();
    expect((await db().selectFrom('licences').select('used').where('id', '=', licence).executeTakeFirstOrThrow()).used).toBe(0);

    const again = await f.as(ACME, { method: 'POST', url: `/api/campaigns/${c.id}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(BUSINESS_MESSAGES.campaignEnded);
    expect((await db().selectFrom('licences').select('used').where('id', '=', licence).executeTakeFirstOrThrow()).used).toBe(0);
    expect((await addCandidates(ACME, c.id, { candidates: [person('Too Late')] })).statusCode).toBe(409);
    const edit = await f.as(ACME, { method: 'PUT', url: `/api/campaigns/${c.id}`, payload: { name: 'x', mailSubject: 's', mailBody: '{{link}}', reminderEveryDays: null, maxReminders: 0 } });
    expect(edit.statusCode).toBe(409);
  });

  it('edits the mail and reminders while running; the template is checked again', async () => {
    const c = await createCampaign(ACME, acmeAssessment.id);
    const payload = { name: 'Campus hiring 2026 (round 2)', description: null, mailSubject: 'Round 2: {{assessment}}', mailBody: 'Dear {{name}}, {{link}}', reminderEveryDays: 3, maxReminders: 1 };
    const res = await f.as(ACME, { method: 'PUT', url: `/api/campaigns/${c.id}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: payload.name, mailSubject: payload.mailSubject, reminderEveryDays: 3, maxReminders: 1 });
    const bad = await f.as(ACME, { method: 'PUT', url: `/api/campaigns/${c.id}`, payload: { ...payload, mailBody: 'no link' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.mailBody).toBe(BUSINESS_MESSAGES.campaignLinkMissing);
    // The dates are not the editor's to change.
    expect((await f.as(ACME, { method: 'PUT', url: `/api/campaigns/${c.id}`, payload: { ...payload, endsAt: iso(Date.now() + DAY) } })).statusCode).toBe(400);
  });
});

describe('figures and the list', () => {
  it('counts invited, started, completed and averages the stored scores; filters by status', async () => {
    const c = await createCampaign(ACME, acmeAssessment.id, { name: 'Figures drive' });
    const [a, b, d] = await added(c.id, ['Fig One', 'Fig Two', 'Fig Three']);
    await db().updateTable('invitations').set({ startedAt: new Date(), status: 'IN_PROGRESS' }).where('id', '=', a).execute();
    for (const [id, percent] of [[b, 80], [d, 60]] as const) {
      await db().updateTable('invitations').set({ startedAt: new Date(), completedAt: new Date(), status: 'COMPLETED' }).where('id', '=', id).execute();
      await db()
        .insertInto('attemptScores')
        .values({ invitationId: id, assessmentId: acmeAssessment.id, clientId: acmeId, scoringVersion: 1, earned: percent, maxPoints: 100, percent, band: 'HIGH', complete: true, integrity: 'NO_ISSUES', detail: JSON.stringify({}), scoredAt: new Date() })
        .execute();
    }
    const one = (await f.as(ACME, { method: 'GET', url: `/api/campaigns/${c.id}` })).json().data;
    expect(one).toMatchObject({ status: 'RUNNING', invitedCount: 3, mailedCount: 3, startedCount: 3, completedCount: 2, averageScore: 70 });

    const running = await f.as(ACME, { method: 'GET', url: listUrl('/api/campaigns', { filter: { status: 'RUNNING', q: 'Figures' } }) });
    expect(running.statusCode).toBe(200);
    expect(running.json().data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(running.headers['content-range']).toBe('campaigns 0-0/1');
    const none = await f.as(ACME, { method: 'GET', url: listUrl('/api/campaigns', { filter: { status: ['ENDED', 'SCHEDULED'], q: 'Figures' } }) });
    expect(none.json().data).toEqual([]);
    expect((await f.as(ACME, { method: 'GET', url: listUrl('/api/campaigns', { filter: { status: 'LATE' } }) })).statusCode).toBe(400);
    expect((await f.as(ACME, { method: 'GET', url: listUrl('/api/campaigns', { sort: ['secret', 'ASC'] }) })).statusCode).toBe(400);
    const invitations = await f.as(ACME, { method: 'GET', url: listUrl(`/api/campaigns/${c.id}/invitations`, { filter: { status: 'COMPLETED' }, sort: ['percent', 'DESC'] }) });
    expect(invitations.json().data.map((r: { percent: number }) => r.percent)).toEqual([80, 60]);
  });
});

describe('permissions and tenancy', () => {
  let acmeCampaign: string;
  beforeAll(async () => {
    acmeCampaign = (await createCampaign(ACME, acmeAssessment.id, { name: 'Tenancy drive' })).id;
  });

  it('only CAMPAIGN holders see the list; a client sees its own, the provider all', async () => {
    for (const email of [GLOBEX_VIEWER, USER]) expect((await f.as(email, { method: 'GET', url: '/api/campaigns' })).statusCode, email).toBe(403);
    expect((await server.as(undefined, { method: 'GET', url: '/api/campaigns' })).statusCode).toBe(401);
    const ids = async (email: string) => (await f.as(email, { method: 'GET', url: listUrl('/api/campaigns', { range: [0, 99] }) })).json().data.map((c: { id: string }) => c.id);
    expect(await ids(ACME_RECRUITER)).toContain(acmeCampaign);
    expect(await ids(ADMIN)).toContain(acmeCampaign);
    expect(await ids(GLOBEX)).not.toContain(acmeCampaign);
  });

  it("another client's campaign is not found on every route", async () => {
    const calls = [
      { method: 'GET', url: `/api/campaigns/${acmeCampaign}` },
      { method: 'GET', url: `/api/campaigns/${acmeCampaign}/invitations` },
      { method: 'PUT', url: `/api/campaigns/${acmeCampaign}`, payload: { name: 'x', mailSubject: 's', mailBody: '{{link}}', reminderEveryDays: null, maxReminders: 0 } },
      { method: 'POST', url: `/api/campaigns/${acmeCampaign}/candidates`, payload: { candidates: [person('Sneaky')] } },
      { method: 'POST', url: `/api/campaigns/${acmeCampaign}/cancel` },
    ] as const;
    for (const call of calls) expect((await f.as(GLOBEX, call)).statusCode, `${call.method} ${call.url}`).toBe(404);
    expect((await f.as(GLOBEX, { method: 'GET', url: '/api/campaigns/not-a-uuid' })).statusCode).toBe(400);
  });

  it('a viewer of campaigns may not create, add, edit or cancel', async () => {
    const calls = [
      { method: 'POST', url: '/api/campaigns', payload: campaignBody(acmeAssessment.id) },
      { method: 'PUT', url: `/api/campaigns/${acmeCampaign}`, payload: { name: 'x', mailSubject: 's', mailBody: '{{link}}', reminderEveryDays: null, maxReminders: 0 } },
      { method: 'POST', url: `/api/campaigns/${acmeCampaign}/candidates`, payload: { candidates: [person('Viewer Pick')] } },
      { method: 'POST', url: `/api/campaigns/${acmeCampaign}/cancel` },
    ] as const;
    for (const call of calls) expect((await f.as(ACME_RECRUITER, call)).statusCode, `${call.method} ${call.url}`).toBe(403);
    expect((await f.as(ACME_RECRUITER, { method: 'GET', url: `/api/campaigns/${acmeCampaign}` })).statusCode).toBe(200);
  });

  it('the provider may add to and cancel a client’s campaign', async () => {
    const res = await addCandidates(ADMIN, acmeCampaign, { candidates: [person('Added By Provider')] });
    expect(res.json().data.invited).toBe(1);
    const row = await db().selectFrom('candidates').select('clientId').where('email', '=', 'added.by.provider@example.com').executeTakeFirstOrThrow();
    expect(row.clientId).toBe(acmeId);
    expect((await f.as(ADMIN, { method: 'POST', url: `/api/campaigns/${acmeCampaign}/cancel` })).statusCode).toBe(200);
  });

  it('an empty add is a 400 with a message', async () => {
    const c = await createCampaign(ACME, acmeAssessment.id);
    const res = await addCandidates(ACME, c.id, { candidates: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(CAMPAIGN_MESSAGES.noCandidates);
  });
});

describe('the demo campaigns', () => {
  it('a running Acme drive with reminders sent, an ended Globex intake with scores, a scheduled round and a cancelled walk-in', async () => {
    const list = (await f.as(ADMIN, { method: 'GET', url: listUrl('/api/campaigns', { range: [0, 99], filter: { q: 'hiring drive 2026' } }) })).json().data;
    const drive = list.find((c: { name: string }) => c.name.startsWith('Support hiring drive 2026'));
    expect(drive).toMatchObject({ status: 'RUNNING', clientName: 'Acme Industries' });
    expect(drive.invitedCount).toBeGreaterThanOrEqual(12);
    expect(drive.completedCount).toBeGreaterThan(0);
    expect(drive.reminderCount).toBeGreaterThan(0);
    expect(await mailsTo('gayatri.deshmukh@example.com')).toHaveLength(3);

    const globex = (await f.as(GLOBEX, { method: 'GET', url: listUrl('/api/campaigns', { range: [0, 99] }) })).json().data;
    const intake = globex.find((c: { name: string }) => c.name === 'Graduate Trainee intake 2025');
    expect(intake).toMatchObject({ status: 'ENDED' });
    expect(intake.averageScore).toBeGreaterThan(0);
    expect(globex.find((c: { name: string }) => c.name === 'Backend walk-in, Hyderabad')).toMatchObject({ status: 'CANCELLED', invitedCount: 0 });
    const acme = (await f.as(ACME, { method: 'GET', url: listUrl('/api/campaigns', { range: [0, 99], filter: { status: 'SCHEDULED' } }) })).json().data;
    expect(acme.map((c: { name: string }) => c.name)).toContain('Campus hiring 2026: round 2');
  });
});

describe('an assessment that stops taking candidates', () => {
  it('takes no more candidates, and the job mails and reminds none of its campaigns', async () => {
    const assessment = await activeAssessment(ACME, 'Acme closing soon');
    const start = Date.now() + DAY;
    const scheduled = await createCampaign(ACME, assessment.id, { startsAt: iso(start), endsAt: iso(start + 5 * DAY) });
    const running = await createCampaign(ACME, assessment.id, { reminderEveryDays: 1, maxReminders: 3 });
    expect((await addCandidates(ACME, scheduled.id, { candidates: [person('Closing Later')] })).statusCode).toBe(200);
    const [mailed] = await added(running.id, ['Closing Now']);
    expect((await f.setStatus(ACME, assessment.id, 'CLOSED')).statusCode).toBe(200);

    const res = await addCandidates(ACME, running.id, { candidates: [person('Too Closed')] });
    expect(res.statusCode).toBe(409);
    expect(await runCampaignJob(db(), publicUrl(), new Date(start + 2 * DAY))).toEqual({ invited: 0, reminded: 0 });
    expect(await mailsTo('closing.later@example.com')).toHaveLength(0);
    expect(await remindersOf(mailed)).toEqual([]);
  });
});
