/**
 * Careers pages (ARCHITECTURE 7d): a client's open jobs and each job's page as HTML (only open jobs,
 * English and Hindi, title, description, canonical, JSON-LD JobPosting, every client-written string
 * inert, 404s, caching and compression), and applying: the mailed code required and checked, the
 * applicant on the job's board in its first stage with the answers, invited at once when the job
 * has an assessment and a credit is left (else kept, marked and the client told), once per email,
 * throttled per address and per email, the résumé within the client's quota and of its declared kind.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAREERS_LIMITS, CAREERS_MESSAGES, CAREERS_MESSAGES_HI, type ScreeningQuestion } from '../../src/domain/careers';
import { JOB_MESSAGES } from '../../src/domain/jobs';
import { addJob, clientIdByName, grantLicence } from './business-fixtures';
import { startTestServer, type TestServer } from './harness';
import { ACME } from './staff-fixtures';
import { createAssessment } from './take-fixtures';

let server: TestServer;
let acme: string;
let acmeAssessment: string;
const db = () => server.database.db;
const PUBLIC_URL = 'http://careers.test';

beforeAll(async () => {
  server = await startTestServer({ publicUrl: PUBLIC_URL });
  acme = await clientIdByName(db(), 'Acme Industries');
  acmeAssessment = (await createAssessment(db(), { clientId: acme, name: 'Acme Careers Hiring', onePart: true })).assessmentId;
  await grantLicence(db(), acme);
});
afterAll(() => server?.close());
beforeEach(() => server.clearThrottle());

/** A mark without digits: a title in a mail must not read as its code. */
const letters = () => randomUUID().slice(0, 8).replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]);

const QUESTIONS: ScreeningQuestion[] = [
  { id: 'shift', kind: 'YES_NO', required: true, text: [{ language: 'en', text: 'Can you work night shifts?' }, { language: 'hi', text: 'क्या आप रात की पाली में काम कर सकते हैं?' }] },
  { id: 'tools', kind: 'SHORT_TEXT', required: true, text: [{ language: 'en', text: 'Which ticketing tools have you used?' }] },
  { id: 'notes', kind: 'SHORT_TEXT', required: false, text: [{ language: 'en', text: 'Anything else?' }] },
];

/** An open job of a client, written straight to the database. */
async function openJob(clientId: string, extra: Partial<{ title: string; assessmentId: string | null; status: 'OPEN' | 'CLOSED'; workMode: 'ON_SITE' | 'HYBRID' | 'REMOTE'; description: string; questions: ScreeningQuestion[] }> = {}) {
  const id = await addJob(db(), clientId, { title: extra.title ?? `Support Associate ${letters()}`, status: extra.status, assessmentId: extra.assessmentId ?? null });
  await db()
    .updateTable('jobs')
    .set({
      descriptionHtml: extra.description ?? '<p>Help our customers by phone and chat.</p><ul><li>Hindi and English</li></ul>',
      workMode: extra.workMode ?? 'HYBRID',
      screeningQuestions: JSON.stringify(extra.questions ?? QUESTIONS),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

const page = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const ldJson = (body: string) => [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const metaDescription = (body: string) => body.match(/<meta name="description" content="([^"]*)">/)?.[1];

const person = (extra: object = {}) => ({ name: 'Kiran Desai', email: `kiran.${randomUUID().slice(0, 8)}@example.com`, phone: '+91 98200 12345', language: 'en', ...extra });
const api = (slug: string, jobId: string) => `/api/careers/${slug}/jobs/${jobId}`;
const askCode = (slug: string, jobId: string, body: object, remoteAddress = '10.0.0.1') => server.app.inject({ method: 'POST', url: `${api(slug, jobId)}/code`, payload: body, remoteAddress });
const sendApplication = (slug: string, jobId: string, body: object, remoteAddress = '10.0.0.1') => server.app.inject({ method: 'POST', url: `${api(slug, jobId)}/applications`, payload: body, remoteAddress });
const GOOD_ANSWERS = [
  { questionId: 'shift', answer: 'YES' },
  { questionId: 'tools', answer: 'Freshdesk, Zendesk' },
];

/** Asks for the code, reads it from the mail and applies with it; answers the last response. */
async function apply(slug: string, jobId: string, applicant: ReturnType<typeof person>, extra: object = {}) {
  const asked = await askCode(slug, jobId, applicant);
  expect(asked.statusCode, asked.body).toBe(200);
  const code = await server.latestCode(applicant.email);
  return sendApplication(slug, jobId, { ...applicant, code, answers: GOOD_ANSWERS, ...extra });
}

const cardOf = (jobId: string, email: string) =>
  db()
    .selectFrom('jobCandidates')
    .innerJoin('candidates', 'candidates.id', 'jobCandidates.candidateId')
    .selectAll('jobCandidates')
    .select(['candidates.email', 'candidates.phone', 'candidates.clientId'])
    .where('jobCandidates.jobId', '=', jobId)
    .where('candidates.email', '=', email)
    .executeTakeFirst();

describe('the careers page of a client', () => {
  it('lists only its open jobs, in English, with a title, description, canonical address and language links', async () => {
    const open = await openJob(acme, { title: 'Careers Open Role' });
    await openJob(acme, { title: 'Careers Closed Role', status: 'CLOSED' });
    await openJob(await clientIdByName(db(), 'Globex Solutions'), { title: 'Globex Only Role' });
    const res = await page('/careers/acme');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-language']).toBe('en');
    expect(res.body).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(res.body).toContain('<title>Careers at Acme Industries</title>');
    expect(metaDescription(res.body)).toMatch(/^Acme Industries is hiring: .*Careers Open Role/);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/careers/acme">`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="hi" href="${PUBLIC_URL}/careers/acme?lang=hi">`);
    expect(res.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(res.body).toContain(`href="/careers/acme/jobs/${open}"`);
    expect(res.body).toContain('Customer Support Associate (Hindi &amp; English)');
    // Experience as the app's job screens say it: the demo support job takes 0 to 2 years.
    expect(res.body).toContain('Full-time · On-site · Mumbai · up to 2 years');
    expect(res.body).not.toContain('Careers Closed Role');
    expect(res.body).not.toContain('Globex Only Role');
    expect(res.body).toContain('href="/careers/acme?lang=hi"');
  });

  it('reads in Hindi by ?lang=hi or by the browser’s languages, and links keep a chosen language', async () => {
    const hindi = await page('/careers/acme?lang=hi');
    expect(hindi.body).toContain('<html lang="hi">');
    expect(hindi.body).toContain('<title>Acme Industries में करियर</title>');
    expect(hindi.body).toContain('पूर्णकालिक · कार्यालय में · Mumbai · 2 वर्ष तक');
    expect(hindi.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/careers/acme?lang=hi">`);
    expect(hindi.body).toMatch(/href="\/careers\/acme\/jobs\/[0-9a-f-]{36}\?lang=hi"/);
    expect(hindi.headers['content-language']).toBe('hi');
    expect(hindi.headers.vary).toMatch(/Accept-Language/i);

    const browser = await page('/careers/acme', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(browser.body).toContain('<html lang="hi">');
    expect(browser.body).toMatch(/href="\/careers\/acme\/jobs\/[0-9a-f-]{36}"/);
    const french = await page('/careers/acme', { 'accept-language': 'fr-FR, hi;q=0, en;q=0.5' });
    expect(french.body).toContain('<html lang="en">');
    expect((await page('/careers/acme?lang=en', { 'accept-language': 'hi' })).body).toContain('<html lang="en">');
  });

  it('answers a 404 page for an unknown address, an inactive client, a closed job and another client’s job', async () => {
    const closed = await openJob(acme, { status: 'CLOSED' });
    const globexJob = await openJob(await clientIdByName(db(), 'Globex Solutions'));
    const inactive = (await db().insertInto('clients').values({ name: 'Dormant Traders', status: 'INACTIVE', updatedAt: new Date() }).returning('slug').executeTakeFirstOrThrow()).slug;
    for (const url of ['/careers/nobody-here', '/careers/NOT_A_SLUG', `/careers/${inactive}`, `/careers/acme/jobs/${closed}`, `/careers/acme/jobs/${globexJob}`, '/careers/acme/jobs/not-a-uuid', `/careers/acme/jobs/${randomUUID()}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).toContain('Page not found');
    }
    expect((await page('/careers/nobody-here?lang=hi')).body).toContain('पेज नहीं मिला');
  });

  it('is compressed for a browser that accepts it, and its script is a file of this origin kept for a year', async () => {
    const compressed = await page('/careers/acme', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    const jobId = await openJob(acme);
    const res = await page(`/careers/acme/jobs/${jobId}`);
    const src = res.body.match(/<script src="(\/careers\/apply\.[0-9a-f]{12}\.js)" defer><\/script>/)?.[1];
    expect(src).toBeDefined();
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await page(src!);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toContain("document.getElementById('apply-form')");
  });
});

describe('a job’s page', () => {
  it('shows the fields the job form holds and its screening questions, with a JobPosting in JSON-LD', async () => {
    const jobId = await openJob(acme, { title: 'Careers Support Lead' });
    const logo = await db().insertInto('storedFiles').values({ objectKey: `uploads/2026/11/${Date.now()}-logo.png`, userId: null, clientId: acme, contentType: 'image/png', storedBytes: 100, storedAt: new Date() }).returning(['id', 'objectKey']).executeTakeFirstOrThrow();
    await db().updateTable('clients').set({ logoFileId: logo.id }).where('id', '=', acme).execute();
    // Posted at 01:30 in India, the evening before in UTC: the page and its JobPosting say the Indian day.
    await db().updateTable('jobs').set({ experienceMin: 2, experienceMax: 5, openings: 3, notice: 'DAYS_15', postedAt: new Date('2026-11-27T20:00:00Z') }).where('id', '=', jobId).execute();
    const res = await page(`/careers/acme/jobs/${jobId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Careers Support Lead · Acme Industries</title>');
    expect(metaDescription(res.body)).toBe('Acme Industries · Full-time · Hybrid · 2–5 years. Help our customers by phone and chat. Hindi and English.');
    for (const text of ['Full-time', 'Hybrid', '2–5 years', '15 days', '28 Nov 2026', 'Can you work night shifts?', 'Which ticketing tools have you used?', 'Email me a code', '<p>Help our customers by phone and chat.</p>'])
      expect(res.body, text).toContain(text);
    const [posting] = ldJson(res.body);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Careers Support Lead',
      description: '<p>Help our customers by phone and chat.</p><ul><li>Hindi and English</li></ul>',
      employmentType: 'FULL_TIME',
      directApply: true,
      totalJobOpenings: 3,
      hiringOrganization: { '@type': 'Organization', name: 'Acme Industries' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'India' } },
      url: `${PUBLIC_URL}/careers/acme/jobs/${jobId}`,
      experienceRequirements: { monthsOfExperience: 24 },
    });
    expect(posting.datePosted).toBe('2026-11-28');
    expect(posting.jobLocationType).toBeUndefined();
    // The logo by an absolute address; the page shows it from this server.
    expect(posting.hiringOrganization.logo).toBe(`${PUBLIC_URL}/files/${logo.objectKey}`);
    expect(res.body).toContain(`<img src="/files/${logo.objectKey}" alt="">`);
  });

  it('says a remote job is remote (TELECOMMUTE, the country applicants may be in), and reads in Hindi', async () => {
    const jobId = await openJob(acme, { title: 'Careers Remote Analyst', workMode: 'REMOTE' });
    const res = await page(`/careers/acme/jobs/${jobId}?lang=hi`);
    expect(res.body).toContain('<html lang="hi">');
    expect(res.body).toContain('क्या आप रात की पाली में काम कर सकते हैं?');
    // A question without Hindi words is asked in English.
    expect(res.body).toContain('Which ticketing tools have you used?');
    expect(res.body).toContain('मुझे कोड मेल करें');
    expect(res.body).toContain('रिमोट');
    const [posting] = ldJson(res.body);
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    expect(posting.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'India' });
    // The page's script reads the API's sentences in the page's language.
    const words = JSON.parse(res.body.match(/<script type="application\/json" id="careers-words">([\s\S]*?)<\/script>/)![1]!);
    expect(words.messages[CAREERS_MESSAGES.codeWrong]).toBe(CAREERS_MESSAGES_HI.codeWrong);
  });

  it('keeps every client-written string inert: a <script> in a title or a name is text, and JSON-LD cannot be broken out of', async () => {
    const evil = '</script><script>alert("title")</script><!-- <b onmouseover=x>';
    const client = (await db()
      .insertInto('clients')
      .values({ name: 'Evil <img src=x onerror=alert(1)> & Co "quoted"', slug: 'evil-co', website: 'https://evil.example/"><script>alert(2)</script>', updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
    const jobId = await openJob(client, {
      title: evil,
      description: '<p onclick="steal()">Hi<script>alert(3)</script></p><img src=x onerror=alert(4)>',
      questions: [{ id: 'q1', kind: 'YES_NO', required: true, text: [{ language: 'en', text: '<script>alert(5)</script>?' }] }],
    });
    for (const url of ['/careers/evil-co', `/careers/evil-co/jobs/${jobId}`]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/<script>alert/);
      expect(res.body).not.toMatch(/<img src=x/);
      expect(res.body).not.toContain('onclick');
      expect(res.body).not.toContain('onerror=alert(4)');
      expect(res.body).toContain('Evil &lt;img src=x onerror=alert(1)&gt; &amp; Co &quot;quoted&quot;');
      // Only the page's own script elements: JSON-LD, the words, the apply script.
      const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.every((tag) => /^<script (type="application\/(ld\+)?json"( id="careers-words")?|src="\/careers\/apply\.[0-9a-f]{12}\.js" defer)>$/.test(tag)), scripts.join(' ')).toBe(true);
    }
    const res = await page(`/careers/evil-co/jobs/${jobId}`);
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    const [posting] = ldJson(res.body);
    expect(posting.title).toBe(evil);
    expect(posting.hiringOrganization.name).toBe('Evil <img src=x onerror=alert(1)> & Co "quoted"');
    expect(posting.description).not.toContain('<script');
    const block = res.body.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!;
    expect(block).not.toMatch(/<\/script|<!--|</i);
  });
});

describe('applying', () => {
  it('needs the mailed code, and refuses a wrong one without making anything', async () => {
    const jobId = await openJob(acme, { assessmentId: acmeAssessment });
    const applicant = person();
    const noCode = await sendApplication('acme', jobId, { ...applicant, answers: GOOD_ANSWERS });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors.code).toBe(CAREERS_MESSAGES.code);
    const neverAsked = await sendApplication('acme', jobId, { ...applicant, code: '123456', answers: GOOD_ANSWERS });
    expect(neverAsked.statusCode).toBe(400);
    expect(neverAsked.json()).toMatchObject({ result: 0, msg: CAREERS_MESSAGES.codeExpired, errors: { code: CAREERS_MESSAGES.codeExpired } });

    const asked = await askCode('acme', jobId, applicant);
    expect(asked.json()).toEqual({ result: 1, data: { message: CAREERS_MESSAGES.codeSent } });
    const mail = await server.latestMail(applicant.email);
    expect(mail?.subject).toMatch(/^Your code: \d{6}$/);
    expect(mail?.textBody).toContain('Acme Industries');
    const code = await server.latestCode(applicant.email);
    const wrong = await sendApplication('acme', jobId, { ...applicant, code: code === '000000' ? '111111' : '000000', answers: GOOD_ANSWERS });
    expect(wrong.json()).toMatchObject({ msg: CAREERS_MESSAGES.codeWrong });
    // A code for another job is not this job's.
    const other = await openJob(acme);
    expect((await sendApplication('acme', other, { ...applicant, code, answers: GOOD_ANSWERS })).json().msg).toBe(CAREERS_MESSAGES.codeExpired);
    expect(await cardOf(jobId, applicant.email)).toBeUndefined();
    expect(await db().selectFrom('candidates').select('id').where('email', '=', applicant.email).executeTakeFirst()).toBeUndefined();
  });

  it('checks the answers against the job’s questions before the code is spent', async () => {
    const jobId = await openJob(acme);
    const applicant = person();
    await askCode('acme', jobId, applicant);
    const code = await server.latestCode(applicant.email);
    const missing = await sendApplication('acme', jobId, { ...applicant, code, answers: [{ questionId: 'tools', answer: 'Zendesk' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ 'answers.shift': CAREERS_MESSAGES.answerYesNo });
    const maybe = await sendApplication('acme', jobId, { ...applicant, code, answers: [{ questionId: 'shift', answer: 'MAYBE' }, { questionId: 'tools', answer: 'x' }] });
    expect(maybe.json().errors['answers.shift']).toBe(CAREERS_MESSAGES.answerYesNo);
    const unknown = await sendApplication('acme', jobId, { ...applicant, code, answers: [...GOOD_ANSWERS, { questionId: 'ghost', answer: 'x' }] });
    expect(unknown.json().errors.answers).toBe(CAREERS_MESSAGES.answerUnknown);
    const long = await sendApplication('acme', jobId, { ...applicant, code, answers: [GOOD_ANSWERS[0], { questionId: 'tools', answer: 'x'.repeat(CAREERS_LIMITS.shortAnswerMax + 1) }] });
    expect(long.statusCode).toBe(400);
    expect((await sendApplication('acme', jobId, { ...applicant, code, answers: GOOD_ANSWERS })).statusCode).toBe(200);
  });

  it('puts the applicant on the board’s first stage, invites to the job’s assessment and mails it in the page’s language, spending a credit', async () => {
    const jobId = await openJob(acme, { assessmentId: acmeAssessment });
    const applicant = person({ language: 'hi', name: 'Kiran Desai' });
    const usedBefore = await creditsUsed(acme);
    const res = await apply('acme', jobId, applicant, { answers: [...GOOD_ANSWERS, { questionId: 'notes', answer: '  ' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 1, data: { message: CAREERS_MESSAGES.applied, assessmentMailed: true, resumeUpload: null } });
    expect(await creditsUsed(acme)).toBe(usedBefore + 1);

    const card = (await cardOf(jobId, applicant.email))!;
    expect(card).toMatchObject({ source: 'CAREERS', clientId: acme, phone: '+91 98200 12345', applicationLanguage: 'hi', invitationNote: null, resumeFileId: null, addedBy: null });
    expect(card.screeningAnswers).toEqual([
      { questionId: 'shift', kind: 'YES_NO', text: QUESTIONS[0]!.text, answer: 'YES' },
      { questionId: 'tools', kind: 'SHORT_TEXT', text: QUESTIONS[1]!.text, answer: 'Freshdesk, Zendesk' },
    ]);
    const stages = await server.asUser(ACME, { method: 'GET', url: `/api/jobs/${jobId}/board` });
    const board = stages.json().data;
    expect(card.stageId).toBe(board.stages[0].id);
    const shown = board.cards.find((c: { id: string }) => c.id === card.id);
    expect(shown).toMatchObject({ source: 'CAREERS', invitationNote: null, resumeUrl: null, invitationStatus: 'PENDING' });
    expect(shown.history).toEqual([expect.objectContaining({ fromStage: null, toStage: board.stages[0].name, movedBy: null })]);

    const invitation = await db().selectFrom('invitations').select(['id', 'assessmentId', 'licenceId', 'language', 'mailedAt']).where('id', '=', card.invitationId!).executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ assessmentId: acmeAssessment, language: 'hi' });
    expect(invitation.licenceId).not.toBeNull();
    expect(invitation.mailedAt).not.toBeNull();
    const mail = await server.latestMail(applicant.email);
    expect(mail?.subject).toBe('आपका आकलन: Acme Careers Hiring');
    expect(mail?.textBody).toContain(`${PUBLIC_URL}/take/`);
  });

  it('answers 409 with a sentence when the same email applies to the same job again', async () => {
    const jobId = await openJob(acme, { assessmentId: acmeAssessment });
    const applicant = person();
    expect((await apply('acme', jobId, applicant)).statusCode).toBe(200);
    const again = await apply('acme', jobId, applicant);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ result: 0, msg: CAREERS_MESSAGES.alreadyApplied });
    // Another job of the same client takes the same person (the same candidate).
    const other = await openJob(acme);
    expect((await apply('acme', other, applicant)).statusCode).toBe(200);
    expect((await db().selectFrom('candidates').select('id').where('email', '=', applicant.email).execute()).length).toBe(1);
  });

  it('keeps an application without an invitation when the client has no credit, marks it and tells the client once a day', async () => {
    const nimbus = (await db().insertInto('clients').values({ name: 'Nimbus Logistics', updatedAt: new Date() }).returning(['id', 'slug']).executeTakeFirstOrThrow());
    expect(nimbus.slug).toBe('nimbus-logistics');
    const owner = await server.addAccount({ email: `owner.${randomUUID().slice(0, 6)}@nimbus.test`, role: 'CLIENT', clientId: nimbus.id, name: 'Nisha Owner' });
    const assessment = (await createAssessment(db(), { clientId: nimbus.id, name: 'Nimbus Drivers', onePart: true })).assessmentId;
    const jobId = await openJob(nimbus.id, { assessmentId: assessment, title: 'Delivery Partner' });
    const first = person();
    const res = await apply('nimbus-logistics', jobId, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ message: CAREERS_MESSAGES.applied, assessmentMailed: false, resumeUpload: null });
    expect(await cardOf(jobId, first.email)).toMatchObject({ invitationId: null, invitationNote: 'NO_CREDITS', source: 'CAREERS' });
    expect((await server.latestMail(first.email))?.subject).toMatch(/^Your code/);
    const notice = await server.latestMail(owner.email);
    expect(notice?.subject).toBe('No credits left: an applicant for “Delivery Partner” was not invited');
    expect(notice?.textBody).toContain(`${PUBLIC_URL}/job-candidate/${jobId}`);

    expect((await apply('nimbus-logistics', jobId, person())).statusCode).toBe(200);
    const notices = await db().selectFrom('outbox').select('id').where('toAddress', '=', owner.email).execute();
    expect(notices).toHaveLength(1);
    const board = (await server.asUser(owner.email, { method: 'GET', url: `/api/jobs/${jobId}/board` })).json().data;
    expect(board.cards.map((c: { invitationNote: string }) => c.invitationNote)).toEqual(['NO_CREDITS', 'NO_CREDITS']);

    // Once credits are there, the client invites the applicant from the card: mailed, the mark gone.
    const card = (await cardOf(jobId, first.email))!;
    const invite = () => server.asUser(owner.email, { method: 'POST', url: `/api/job-candidates/${card.id}/invite` });
    const still = await invite();
    expect(still.statusCode).toBe(409);
    expect(still.json().msg).toBe('No assessment credits left: place an order or ask for a licence.');
    await grantLicence(db(), nimbus.id, { credits: 1 });
    const invited = await invite();
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().data).toMatchObject({ id: card.id, invitationNote: null, invitationStatus: 'PENDING' });
    expect((await server.latestMail(first.email))?.subject).toBe('Your assessment: Nimbus Drivers');
    expect((await invite()).json().msg).toBe(JOB_MESSAGES.hasInvitation);
  });

  it('refuses a job that closed (410) and an address that leads nowhere (404)', async () => {
    const jobId = await openJob(acme, { status: 'CLOSED' });
    const closed = await askCode('acme', jobId, person());
    expect(closed.statusCode).toBe(410);
    expect(closed.json().msg).toBe(CAREERS_MESSAGES.jobNotOpen);
    expect((await askCode('nobody-here', randomUUID(), person())).json()).toMatchObject({ result: 0, msg: CAREERS_MESSAGES.notFound });
    expect((await askCode('acme', 'nope', person())).statusCode).toBe(404);
  });
});

async function creditsUsed(clientId: string) {
  const rows = await db().selectFrom('licences').select('used').where('clientId', '=', clientId).execute();
  return rows.reduce((sum, r) => sum + r.used, 0);
}

describe('throttling', () => {
  it('mails at most 5 codes an hour to one email, whichever job asks', async () => {
    const [one, two] = [await openJob(acme), await openJob(acme)];
    const applicant = person();
    for (let i = 0; i < 5; i++) expect((await askCode('acme', i % 2 ? one : two, applicant, `10.1.0.${i}`)).statusCode).toBe(200);
    const sixth = await askCode('acme', one, applicant, '10.1.0.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect(sixth.headers['retry-after']).toBeDefined();
  });

  it('bounds codes asked and applications sent from one address', async () => {
    const jobId = await openJob(acme);
    for (let i = 0; i < 60; i++) expect((await askCode('acme', jobId, person(), '10.2.0.1')).statusCode).toBe(200);
    expect((await askCode('acme', jobId, person(), '10.2.0.1')).statusCode).toBe(429);
    expect((await askCode('acme', jobId, person(), '10.2.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 60; i++) expect((await sendApplication('acme', jobId, { ...person(), code: '000000', answers: GOOD_ANSWERS }, '10.3.0.1')).statusCode).toBe(400);
    expect((await sendApplication('acme', jobId, { ...person(), code: '000000', answers: GOOD_ANSWERS }, '10.3.0.1')).statusCode).toBe(429);
  });
});

describe('the résumé', () => {
  const pdf = (bytes: number) => {
    const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n');
    return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0x20)]);
  };
  const put = (ticket: { url: string; headers: Record<string, string> }, body: Buffer) => server.app.inject({ method: 'PUT', url: ticket.url, headers: ticket.headers, payload: body });

  it('goes up by the application’s ticket, counts against the client, and the board links to it', async () => {
    const jobId = await openJob(acme);
    const applicant = person();
    const file = pdf(2048);
    const res = await apply('acme', jobId, applicant, { resume: { contentType: 'application/pdf', size: file.length } });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().data.resumeUpload;
    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' }, maxBytes: file.length });
    expect(ticket.url).toMatch(/^\/files\/uploads\/.+resume\.pdf\?/);
    const card = (await cardOf(jobId, applicant.email))!;
    // Not shown until it has arrived.
    const before = (await server.asUser(ACME, { method: 'GET', url: `/api/jobs/${jobId}/board` })).json().data.cards.find((c: { id: string }) => c.id === card.id);
    expect(before.resumeUrl).toBeNull();
    expect((await put(ticket, file)).statusCode).toBe(200);
    const stored = await db().selectFrom('storedFiles').select(['clientId', 'userId', 'storedBytes']).where('id', '=', card.resumeFileId!).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ clientId: acme, userId: null });
    expect(Number(stored.storedBytes)).toBe(file.length);
    const after = (await server.asUser(ACME, { method: 'GET', url: `/api/jobs/${jobId}/board` })).json().data.cards.find((c: { id: string }) => c.id === card.id);
    expect(after.resumeUrl).toMatch(/^\/files\/uploads\/.+resume\.pdf$/);
    const read = await page(after.resumeUrl);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-disposition']).toMatch(/^attachment/);
    expect(read.headers['content-type']).toBe('application/pdf');
  });

  it('must be what it declared: a page that is not a PDF is refused (415) and nothing kept; a larger file is refused (413)', async () => {
    const jobId = await openJob(acme);
    const fake = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(600, ' '));
    const res = await apply('acme', jobId, person(), { resume: { contentType: 'application/pdf', size: fake.length } });
    const ticket = res.json().data.resumeUpload;
    expect((await put(ticket, fake)).statusCode).toBe(415);
    expect((await put(ticket, pdf(fake.length + 10))).statusCode).toBe(413);
    const ok = await put(ticket, pdf(fake.length));
    expect(ok.statusCode).toBe(200);
  });

  it('is a PDF, DOC or DOCX of at most 5 MB, and is refused politely when the client’s storage is full (the code unspent)', async () => {
    const jobId = await openJob(acme);
    const applicant = person();
    await askCode('acme', jobId, applicant);
    const code = await server.latestCode(applicant.email);
    const body = (resume: object) => ({ ...applicant, code, answers: GOOD_ANSWERS, resume });
    const html = await sendApplication('acme', jobId, body({ contentType: 'text/html', size: 100 }));
    expect(html.statusCode).toBe(400);
    expect(html.json().errors['resume.contentType']).toBe(CAREERS_MESSAGES.resumeType);
    const big = await sendApplication('acme', jobId, body({ contentType: 'application/pdf', size: CAREERS_LIMITS.resumeMaxBytes + 1 }));
    expect(big.json().errors['resume.size']).toBe(CAREERS_MESSAGES.resumeTooLarge);

    const filler = await db().insertInto('storedFiles').values({ objectKey: `uploads/filler-${randomUUID()}`, userId: null, clientId: acme, contentType: 'video/mp4', storedBytes: 10 * 1024 ** 4, storedAt: new Date() }).returning('id').executeTakeFirstOrThrow();
    const full = await sendApplication('acme', jobId, body({ contentType: 'application/msword', size: 1000 }));
    expect(full.statusCode).toBe(413);
    expect(full.json()).toMatchObject({ msg: CAREERS_MESSAGES.resumeNoRoom, errors: { resume: CAREERS_MESSAGES.resumeNoRoom } });
    await db().deleteFrom('storedFiles').where('id', '=', filler.id).execute();
    const docx = await sendApplication('acme', jobId, body({ contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 1000 }));
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.json().data.resumeUpload.url).toMatch(/resume\.docx\?/);
  });
});

describe('personal data', () => {
  const pdfFile = () => Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(400, 0x20)]);
  async function applied() {
    const jobId = await openJob(acme);
    const applicant = person();
    const file = pdfFile();
    const res = await apply('acme', jobId, applicant, { resume: { contentType: 'application/pdf', size: file.length } });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().data.resumeUpload;
    expect((await server.app.inject({ method: 'PUT', url: ticket.url, headers: ticket.headers, payload: file })).statusCode).toBe(200);
    const card = (await cardOf(jobId, applicant.email))!;
    const key = (await db().selectFrom('storedFiles').select('objectKey').where('id', '=', card.resumeFileId!).executeTakeFirstOrThrow()).objectKey;
    expect((await page(`/files/${key}`)).statusCode).toBe(200);
    return { jobId, card, key };
  }
  const gone = async (card: { id: string; resumeFileId: string | null }, key: string) => {
    expect(await db().selectFrom('jobCandidates').select('id').where('id', '=', card.id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('storedFiles').select('id').where('id', '=', card.resumeFileId!).executeTakeFirst()).toBeUndefined();
    expect((await page(`/files/${key}`)).statusCode).toBe(404);
  };

  it('erases the answers and the résumé with the candidate', async () => {
    const { card, key } = await applied();
    const res = await server.asUser(ACME, { method: 'DELETE', url: `/api/candidates/${card.candidateId}` });
    expect(res.statusCode, res.body).toBe(200);
    await gone(card, key);
  });

  it('erases them when the applicant is taken off the job, or the job is deleted', async () => {
    const taken = await applied();
    expect((await server.asUser(ACME, { method: 'DELETE', url: `/api/job-candidates/${taken.card.id}` })).statusCode).toBe(200);
    await gone(taken.card, taken.key);
    const deleted = await applied();
    expect((await server.asUser(ACME, { method: 'DELETE', url: `/api/jobs/${deleted.jobId}` })).statusCode).toBe(200);
    await gone(deleted.card, deleted.key);
  });
});

describe('bad input', () => {
  it('answers every malformed body with a 4xx and a sentence, never a 500', async () => {
    const jobId = await openJob(acme);
    const bodies: unknown[] = [null, [], 'x', 42, {}, { name: 'a\u0000b', email: 'x@example.com', phone: '9820012345' }, { ...person(), language: 'fr' }, { ...person(), phone: 'call me' }, { ...person(), email: 'no' }, { ...person(), extra: 1 }, { ...person(), name: 'x'.repeat(200_000) }];
    const applications: unknown[] = [
      ...bodies,
      { ...person(), code: '12345' },
      { ...person(), code: '123456', answers: 'x' },
      { ...person(), code: '123456', answers: [{ questionId: 'shift' }] },
      { ...person(), code: '123456', answers: Array(6).fill({ questionId: 'shift', answer: 'YES' }) },
      { ...person(), code: '123456', answers: [{ questionId: { a: 1 }, answer: 'YES' }] },
      { ...person(), code: '123456', resume: { contentType: 'application/pdf', size: -1 } },
      { ...person(), code: '123456', resume: { contentType: 'application/pdf', size: 1e308 } },
      { ...person(), code: '123456', resume: 'x' },
    ];
    const check = async (options: InjectOptions) => {
      const res = await server.app.inject(options);
      expect(res.statusCode, `${options.url} ${JSON.stringify(options.payload).slice(0, 200)} → ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ result: 0, msg: expect.any(String) });
    };
    for (const payload of bodies) await check({ method: 'POST', url: `${api('acme', jobId)}/code`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
    for (const payload of applications) await check({ method: 'POST', url: `${api('acme', jobId)}/applications`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
    for (const url of ['/api/careers/%00/jobs/x/code', `/api/careers/acme/jobs/${'x'.repeat(300)}/code`, '/api/careers/acme/jobs/%E0%A4%A/code'])
      expect((await server.app.inject({ method: 'POST', url, payload: person() })).statusCode, url).toBeLessThan(500);
    const pages = ['/careers/%00', `/careers/${'a'.repeat(300)}`, '/careers/acme/jobs/%E0%A4%A', '/careers/acme?lang=%00', '/careers/acme?lang=x&lang=y'];
    for (const url of pages) expect((await page(url)).statusCode, url).toBeLessThan(500);
  });
});

describe('the careers address', () => {
  it('is changed by the client at /details and by staff, checked and kept unique; the page moves with it', async () => {
    const details = (payload: object) => server.asUser(ACME, { method: 'PUT', url: '/api/clients/details', payload });
    expect((await server.asUser(ACME, { method: 'GET', url: '/api/clients/details' })).json().data).toMatchObject({ slug: 'acme', editable: expect.arrayContaining(['slug']) });
    const bad = await details({ slug: '-Acme Jobs!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.slug).toBe(CAREERS_MESSAGES.slug);
    const taken = await details({ slug: 'globex' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ msg: CAREERS_MESSAGES.slugTaken, errors: { slug: CAREERS_MESSAGES.slugTaken } });
    const moved = await details({ slug: '  Acme-Careers ' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.slug).toBe('acme-careers');
    expect((await page('/careers/acme-careers')).statusCode).toBe(200);
    expect((await page('/careers/acme')).statusCode).toBe(404);
    // Provider staff change it on the client's form; an empty field leaves it as it is.
    const staff = await server.asUser('admin@skillgauge.demo', { method: 'PUT', url: `/api/clients/${acme}`, payload: { slug: 'acme' } });
    expect(staff.json().data.slug).toBe('acme');
    expect((await server.asUser('admin@skillgauge.demo', { method: 'PUT', url: `/api/clients/${acme}`, payload: { slug: '' } })).json().data.slug).toBe('acme');
    // A new client gets one from its name, numbered past the ones taken.
    const created = await server.asUser('admin@skillgauge.demo', { method: 'POST', url: '/api/clients', payload: { name: 'Acme' } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.slug).toBe('acme-2');
  });
});
