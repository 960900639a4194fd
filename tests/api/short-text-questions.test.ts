/**
 * Short-text questions (an extension of the specification's response types, like coding): written
 * for competency and aptitude test types with their points and guidance for reviewers, refused with
 * a sentence elsewhere, put in a test, taken (the candidate never receives the guidance), waiting
 * for review once scored, and graded on the report, where the reviewer reads the guidance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateReport, ReportQuestion } from '../../src/domain/report';
import { MESSAGES } from '../../src/domain/questionSchema';
import { takeContextFor } from '../../server/modules/take/lifecycle';
import { startTestServer, type TestServer } from './harness';
import { takeAttempt } from './score-fixtures';
import { createAssessment, invite } from './take-fixtures';

let server: TestServer;
let competency: string;
let aptitude: string;
let stress: string;
let multiCompetency: string;

const as = (email: string) => (options: Parameters<TestServer['asUser']>[1]) => server.asUser(email, options);
const admin = as('admin@skillgauge.demo');
const author = as('author@skillgauge.demo');
const client = as('client@acme.demo');

const GUIDANCE_EN = 'A real example with the candidate’s own part and a result: 4 points. An example without a result: 2.';
const GUIDANCE_HI = 'अपनी भूमिका और परिणाम के साथ एक सच्चा उदाहरण: 4 अंक। परिणाम के बिना उदाहरण: 2।';

async function skill(category: string, kind: string, label: string): Promise<string> {
  const res = await admin({ method: 'POST', url: '/api/skills', payload: { category, kind, label } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const shortText = (primarySkill: string, extra: object = {}) => ({
  category: 'COMPETENCY',
  questionType: 'SHORT_TEXT',
  title: 'A deadline you rescued',
  detail: {
    langWiseDetail: [
      { language: 'en', detail: '<p>Tell us about a deadline you rescued.</p>', guidance: `  ${GUIDANCE_EN}  ` },
      { language: 'hi', detail: '<p>किसी ऐसी समय-सीमा के बारे में बताइए जिसे आपने बचाया।</p>', guidance: GUIDANCE_HI },
    ],
  },
  primarySkill,
  complexity: 'L2',
  maxPoints: 4,
  answers: [],
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  competency = await skill('COMPETENCY', 'COMPETENCY', 'Written ownership');
  aptitude = await skill('APTITUDE', 'APTITUDE', 'Written reasoning');
  stress = await skill('PERSONALITY', 'STRESS', 'Written stress');
  multiCompetency = await skill('COMPETENCY', 'MULTI_COMPETENCY', 'Written ranking');
});
afterAll(() => server.close());

describe('writing a short-text question', () => {
  it('a competency test type takes one: no answers, the author’s points and guidance for reviewers per language', async () => {
    const res = await author({ method: 'POST', url: '/api/questions', payload: shortText(competency) });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ status: 'CREATED', questionType: 'SHORT_TEXT', maxPoints: 4, answers: [] });
    expect(saved.detail.langWiseDetail).toEqual([
      { language: 'en', detail: '<p>Tell us about a deadline you rescued.</p>', guidance: GUIDANCE_EN },
      { language: 'hi', detail: '<p>किसी ऐसी समय-सीमा के बारे में बताइए जिसे आपने बचाया।</p>', guidance: GUIDANCE_HI },
    ]);
    // Edited: other points, no guidance in Hindi any more.
    const body = shortText(competency, { maxPoints: 2.5 });
    body.detail.langWiseDetail[1].guidance = ' ';
    const edited = await author({ method: 'PUT', url: `/api/questions/${saved.id}`, payload: body });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.maxPoints).toBe(2.5);
    expect(edited.json().data.detail.langWiseDetail[1]).toEqual({ language: 'hi', detail: '<p>किसी ऐसी समय-सीमा के बारे में बताइए जिसे आपने बचाया।</p>' });
  });

  it('an aptitude test type takes one too, worth 1 point when the author gives none; drafts and a client’s own questions as well', async () => {
    const apt = await author({ method: 'POST', url: '/api/questions', payload: shortText(aptitude, { category: 'APTITUDE', maxPoints: undefined }) });
    expect(apt.statusCode, apt.body).toBe(200);
    expect(apt.json().data.maxPoints).toBe(1);
    const draft = await author({ method: 'POST', url: '/api/questions?draft=true', payload: { category: 'COMPETENCY', questionType: 'SHORT_TEXT', title: 'Half written', primarySkill: competency } });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ status: 'DRAFTED', questionType: 'SHORT_TEXT' });
    const custom = await client({ method: 'POST', url: '/api/custom-questions', payload: shortText(competency, { title: 'Why us, in your words' }) });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(custom.json().data).toMatchObject({ questionType: 'SHORT_TEXT', maxPoints: 4, status: 'PUBLISHED' });
  });

  it('other test types refuse it with a sentence that names what they take, custom questions too', async () => {
    for (const [primarySkill, category, message] of [
      [stress, 'PERSONALITY', 'This test type takes Rating scale questions, not Short text.'],
      [multiCompetency, 'COMPETENCY', 'This test type takes Sorting order questions, not Short text.'],
    ] as const) {
      for (const url of ['/api/questions', '/api/custom-questions']) {
        const res = await (url === '/api/questions' ? author : client)({ method: 'POST', url, payload: shortText(primarySkill, { category }) });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ result: 0, msg: message, errors: { questionType: message } });
      }
    }
  });

  it('refuses answers to choose from, and points outside 0.1 to 10', async () => {
    const withAnswers = await author({ method: 'POST', url: '/api/questions', payload: shortText(competency, { answers: [{ langWiseAnswer: [{ language: 'en', text: 'Yes' }], value: 1 }] }) });
    expect([withAnswers.statusCode, withAnswers.json().errors]).toEqual([400, { answers: MESSAGES.shortTextAnswers }]);
    for (const maxPoints of [0, 12, 1.25]) {
      const res = await author({ method: 'POST', url: '/api/questions', payload: shortText(competency, { maxPoints }) });
      expect([res.statusCode, res.json().errors]).toEqual([400, { maxPoints: MESSAGES.points }]);
    }
  });
});

describe('from the bank to a graded answer', () => {
  it('goes into a test, is taken without the guidance, waits for review, and is graded beside the guidance', { timeout: 120_000 }, async () => {
    const created = await author({ method: 'POST', url: '/api/questions', payload: shortText(competency, { title: 'Rescued deadline, end to end' }) });
    expect(created.statusCode, created.body).toBe(200);
    const questionId: string = created.json().data.id;
    for (const action of ['approve', 'publish']) expect((await admin({ method: 'POST', url: `/api/questions/${questionId}/status`, payload: { action } })).statusCode).toBe(200);

    const test = await admin({ method: 'POST', url: '/api/tests', payload: { name: 'Written ownership', category: 'COMPETENCY', primarySkill: competency, durationSeconds: 600, tags: [], questionIds: [questionId] } });
    expect(test.statusCode, test.body).toBe(200);
    const testId: string = test.json().data.id;
    // The preview is the test as a candidate sees it: the question, not its guidance.
    const preview = await admin({ method: 'GET', url: `/api/tests/${testId}/preview` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.questions[0].langWiseDetail[0]).toEqual({ language: 'en', detail: '<p>Tell us about a deadline you rescued.</p>' });
    expect(preview.body).not.toContain('guidance');

    // An assessment of that one test, taken through the candidate's API.
    const db = server.database.db;
    const fixture = await createAssessment(db, { onePart: true, qualifying: false });
    await db.updateTable('assessmentTests').set({ testId }).where('assessmentId', '=', fixture.assessmentId).execute();
    const candidate = await invite(db, fixture, { name: 'Meera Iyer' });
    const seen: string[] = [];
    await takeAttempt(server, candidate.token, { [questionId]: { text: 'I split the release and shipped the core on time.' } }, {
      beforeFinish: async (state) => {
        seen.push(JSON.stringify(state));
      },
    });
    expect(seen.join('')).toContain('Tell us about a deadline you rescued.');
    expect(seen.join('')).not.toContain('A real example');
    expect(seen.join('')).not.toContain('guidance');
    await takeContextFor(server.app.services).scoring.idle();

    const reportUrl = (query = '') => `/api/candidate-reports/${candidate.invitationId}${query}`;
    const answerIn = (report: CandidateReport): ReportQuestion => report.questions.find((q) => q.questionId === questionId)!;
    const english = await admin({ method: 'GET', url: reportUrl('?language=en') });
    expect(english.statusCode, english.body).toBe(200);
    expect(answerIn(english.json().data)).toMatchObject({
      questionType: 'SHORT_TEXT',
      textAnswer: 'I split the release and shipped the core on time.',
      guidance: GUIDANCE_EN,
      score: { status: 'AWAITING_REVIEW', earned: 0, max: 4 },
      review: null,
    });
    expect(answerIn((await admin({ method: 'GET', url: reportUrl('?language=hi') })).json().data).guidance).toBe(GUIDANCE_HI);

    const graded = await admin({ method: 'PUT', url: reportUrl(`/reviews/${questionId}?language=en`), payload: { points: 3, comment: 'A result, but whose part?' } });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(answerIn(graded.json().data)).toMatchObject({ score: { status: 'SCORED', earned: 3, max: 4 }, review: { points: 3, comment: 'A result, but whose part?' } });
  });
});
