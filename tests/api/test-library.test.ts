/** The test library: only published questions of the test's type, draws, preview, validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let typeId: string;
let otherTypeId: string;
const published: string[] = [];
let unpublished: string;

const admin = (options: Parameters<TestServer['asUser']>[1]) => server.asUser('admin@skillgauge.demo', options);

async function question(testTypeId: string, title: string, complexity = 'L2') {
  const body = {
    category: 'COMPETENCY',
    questionType: 'SINGLE_CHOICE',
    title,
    detail: { langWiseDetail: [{ language: 'en', detail: `<p>${title}?</p>` }] },
    primarySkill: testTypeId,
    complexity,
    answers: [
      { langWiseAnswer: [{ language: 'en', text: 'Yes' }], value: 3 },
      { langWiseAnswer: [{ language: 'en', text: 'No' }], value: 1 },
    ],
  };
  return (await admin({ method: 'POST', url: '/api/questions', payload: body })).json().data.id as string;
}

async function publish(id: string) {
  for (const action of ['approve', 'publish']) expect((await admin({ method: 'POST', url: `/api/questions/${id}/status`, payload: { action } })).statusCode).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  typeId = (await admin({ method: 'POST', url: '/api/skills', payload: { category: 'COMPETENCY', kind: 'COMPETENCY', label: 'Ownership' } })).json().data.id;
  otherTypeId = (await admin({ method: 'POST', url: '/api/skills', payload: { category: 'COMPETENCY', kind: 'COMPETENCY', label: 'Drive' } })).json().data.id;
  for (let i = 0; i < 6; i++) {
    const id = await question(typeId, `Owns outcome ${i}`, i < 3 ? 'L1' : 'L3');
    await publish(id);
    published.push(id);
  }
  unpublished = await question(typeId, 'Still in review');
});
afterAll(() => server.close());

const testBody = (extra: object = {}) => ({ name: 'Ownership basics', category: 'COMPETENCY', primarySkill: typeId, durationSeconds: 600, tags: ['core'], questionIds: published.slice(0, 3), ...extra });

describe('tests', () => {
  it('builds a test from published questions, in order, and edits it', async () => {
    const created = await admin({ method: 'POST', url: '/api/tests', payload: testBody() });
    expect(created.statusCode, created.body).toBe(200);
    const test = created.json().data;
    expect(test.questionIds).toEqual(published.slice(0, 3));
    expect(test.questionCount).toBe(3);
    const reordered = (await admin({ method: 'PUT', url: `/api/tests/${test.id}`, payload: testBody({ questionIds: [published[2], published[0]] }) })).json().data;
    expect(reordered.questionIds).toEqual([published[2], published[0]]);
    const list = await admin({ method: 'GET', url: `/api/tests?filter=${encodeURIComponent(JSON.stringify({ primarySkill: typeId }))}` });
    expect(list.json().data[0]).toMatchObject({ id: test.id, questionCount: 2, primarySkillLabel: 'Ownership' });
  });

  it('keeps a test’s name in other languages, and refuses one without a name', async () => {
    const translations = [{ language: 'hi', name: 'स्वामित्व की मूल बातें', description: 'काम की ज़िम्मेदारी लेना।' }];
    const test = (await admin({ method: 'POST', url: '/api/tests', payload: testBody({ name: 'Named', translations }) })).json().data;
    expect((await admin({ method: 'GET', url: `/api/tests/${test.id}` })).json().data.translations).toEqual(translations);
    const cleared = (await admin({ method: 'PUT', url: `/api/tests/${test.id}`, payload: testBody({ name: 'Named', translations: [] }) })).json().data;
    expect(cleared.translations).toEqual([]);
    const bad = await admin({ method: 'POST', url: '/api/tests', payload: testBody({ translations: [{ language: 'hi', name: '' }] }) });
    expect([bad.statusCode, bad.json().errors['translations.0.name']]).toEqual([400, 'Write the name in this language']);
  });

  it('refuses unpublished questions, other test types, duplicates and bad durations, with messages', async () => {
    const errors = async (extra: object) => (await admin({ method: 'POST', url: '/api/tests', payload: testBody(extra) })).json().errors;
    expect((await errors({ questionIds: [unpublished] })).questionIds).toBe('Only published questions go into tests.');
    expect((await errors({ primarySkill: otherTypeId })).questionIds).toBe('Every question of a test has the test’s primary skill.');
    expect((await errors({ questionIds: [published[0], published[0]] })).questionIds).toBe('A question appears twice in the test.');
    expect((await errors({ durationSeconds: 30 })).durationSeconds).toBe('Duration goes from 1 to 30 minutes');
    expect((await errors({ durationSeconds: 1860 })).durationSeconds).toBe('Duration goes from 1 to 30 minutes');
    expect((await errors({ durationSeconds: 90 })).durationSeconds).toBe('Duration goes in whole minutes');
    expect((await errors({ tags: Array.from({ length: 13 }, (_, i) => `t${i}`) })).tags).toBe('At most 12 tags');
    expect((await errors({ drawCount: 5 })).drawCount).toBe('Draw at most as many questions as the test holds');
  });

  it('draws N random published questions from a filtered pool', async () => {
    const draw = async (body: object) => (await admin({ method: 'POST', url: '/api/tests/draw', payload: { primarySkill: typeId, ...body } })).json().data;
    const all = await draw({ count: 50 });
    expect(all.drawn).toBe(6);
    expect(all.questions.map((q: { id: string }) => q.id).sort()).toEqual([...published].sort());
    const easy = await draw({ count: 2, complexity: ['L1'] });
    expect(easy.drawn).toBe(2);
    expect(easy.questions.every((q: { complexity: string }) => q.complexity === 'L1')).toBe(true);
    const rest = await draw({ count: 10, exclude: published.slice(0, 4) });
    expect(rest.questions.map((q: { id: string }) => q.id).sort()).toEqual(published.slice(4).sort());
  });

  it('draws from what a search finds, as the list searches', async () => {
    const draw = async (body: object) => admin({ method: 'POST', url: '/api/tests/draw', payload: { primarySkill: typeId, count: 10, ...body } });
    const found = (await draw({ q: 'outcome 4' })).json().data;
    expect(found.questions.map((q: { id: string }) => q.id)).toEqual([published[4]]);
    expect((await draw({ q: 'nothing-like-this' })).json().data.drawn).toBe(0);
    expect((await draw({ q: '!!!' })).json().data.drawn).toBe(0);
    expect((await draw({ q: 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('previews a test as a candidate sees it: no points, no correct answers', async () => {
    const test = (await admin({ method: 'POST', url: '/api/tests', payload: testBody({ name: 'Preview me' }) })).json().data;
    const preview = (await admin({ method: 'GET', url: `/api/tests/${test.id}/preview` })).json().data;
    expect(preview.questions).toHaveLength(3);
    expect(JSON.stringify(preview.questions)).not.toMatch(/"value"|isCorrect|expectedOutput/);
    expect(preview.questions[0].answers[0].langWiseAnswer[0].text).toMatch(/Yes|No/);
  });

  it('keeps a scale in its order in the preview, and shows the same order on every reload', async () => {
    const create = async (questionType: string, texts: string[]) => {
      const answers = texts.map((text, i) => ({ langWiseAnswer: [{ language: 'en', text }], value: i + 1, isCorrect: i === 0 }));
      const body = { category: 'COMPETENCY', questionType, title: `${questionType} order`, detail: { langWiseDetail: [{ language: 'en', detail: '<p>How often?</p>' }] }, primarySkill: typeId, complexity: 'L2', answers, shuffle: true };
      const created = await admin({ method: 'POST', url: '/api/questions', payload: body });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as string;
      await publish(id);
      return id;
    };
    const scale = ['Always', 'Often', 'Sometimes', 'Rarely', 'Never'];
    const likert = await create('LIKERT', scale);
    const choice = await create('MULTIPLE_CHOICE', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    const test = (await admin({ method: 'POST', url: '/api/tests', payload: testBody({ name: 'Order', questionIds: [likert, choice, ...published.slice(0, 4)], shuffle: true }) })).json().data;
    type Shown = { id: string; answers: { langWiseAnswer: { text: string }[] }[] };
    const previews: Shown[][] = [];
    for (let i = 0; i < 4; i++) previews.push((await admin({ method: 'GET', url: `/api/tests/${test.id}/preview` })).json().data.questions);
    const texts = (questions: Shown[], id: string) => questions.find((q) => q.id === id)!.answers.map((a) => a.langWiseAnswer[0].text);
    for (const questions of previews) {
      expect(texts(questions, likert)).toEqual(scale);
      expect(questions.map((q) => q.id)).toEqual(previews[0].map((q) => q.id));
      expect(texts(questions, choice)).toEqual(texts(previews[0], choice));
    }
    expect([...texts(previews[0], choice)].sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  });

  it('keeps questions that tests use from being deleted', async () => {
    await admin({ method: 'POST', url: '/api/tests', payload: testBody({ name: 'Holds questions', questionIds: [published[5]] }) });
    const res = await admin({ method: 'DELETE', url: `/api/questions/${published[5]}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/used in \d+ tests?/);
  });

  it('is for Tests holders only', async () => {
    expect((await server.asUser('client@acme.demo', { method: 'GET', url: '/api/tests' })).statusCode).toBe(403);
    expect((await server.asUser('author@skillgauge.demo', { method: 'GET', url: '/api/tests' })).statusCode).toBe(200);
    expect((await server.asUser('author@skillgauge.demo', { method: 'POST', url: '/api/tests', payload: testBody() })).statusCode).toBe(403);
  });
});
