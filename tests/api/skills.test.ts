/** Competencies (test types and sub-skills, report content), languages and answer titles. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const admin = (options: Parameters<TestServer['asUser']>[1]) => server.asUser('admin@skillgauge.demo', options);

async function createTestType(body: object = {}) {
  const res = await admin({ method: 'POST', url: '/api/types/testType', payload: { category: 'COMPETENCY', kind: 'COMPETENCY', label: `Leadership ${Math.random()}`, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; _id: string; label: string };
}

describe('test types and sub-skills', () => {
  it('creates a primary skill with sub-skills and lists them nested, with dropdowns', async () => {
    const type = await createTestType({ label: 'Communication' });
    for (const label of ['Listening', 'Clarity']) {
      const res = await admin({ method: 'POST', url: '/api/types/questiontypes', payload: { testTypeId: type.id, label } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const skill = (await admin({ method: 'GET', url: `/api/skills/${type.id}` })).json().data;
    expect(skill.subSkills.map((s: { label: string }) => s.label).sort()).toEqual(['Clarity', 'Listening']);
    expect(skill.subSkills[0].thresholds).toEqual({ high: 80, moderateHigh: 60, moderate: 40, lowModerate: 20 });

    const byCategory = (await admin({ method: 'GET', url: '/api/types/testtype/dropdown/COMPETENCY' })).json().data;
    expect(byCategory).toContainEqual(expect.objectContaining({ _id: type.id, label: 'Communication' }));
    expect((await admin({ method: 'GET', url: '/api/types/testtype/dropdown/APTITUDE' })).json().data).not.toContainEqual(expect.objectContaining({ _id: type.id }));
    const subs = (await admin({ method: 'GET', url: `/api/types/questiontype/dropdown?testtype=${type.id}` })).json().data;
    expect(subs).toHaveLength(2);
    expect(subs[0]).toEqual({ _id: expect.any(String), label: expect.any(String), testTypeId: type.id });

    const list = await admin({ method: 'GET', url: '/api/skills?filter={"category":"COMPETENCY"}' });
    expect(list.headers['content-range']).toMatch(/^skills \d+-\d+\/\d+$/);
  });

  it('refuses a kind from another category and bad thresholds, with messages', async () => {
    const wrong = await admin({ method: 'POST', url: '/api/types/testType', payload: { category: 'APTITUDE', kind: 'STRESS', label: 'Odd' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.kind).toBe('This kind of test belongs to another category');
    const type = await createTestType();
    const sub = (await admin({ method: 'POST', url: '/api/types/questiontypes', payload: { testTypeId: type.id, label: 'Trust' } })).json().data;
    const bad = await admin({ method: 'PUT', url: `/api/types/questiontype/${sub.id}`, payload: { thresholds: { high: 50, moderateHigh: 60, moderate: 40, lowModerate: 20 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Thresholds must go down');
    const good = await admin({ method: 'PUT', url: `/api/types/questiontype/${sub.id}`, payload: { thresholds: { high: 90, moderateHigh: 70, moderate: 50, lowModerate: 30 } } });
    expect(good.json().data.thresholds).toEqual({ high: 90, moderateHigh: 70, moderate: 50, lowModerate: 30 });
  });

  it('names a sub-skill in other languages; an update that leaves them out keeps them', async () => {
    const type = await createTestType();
    const sub = (await admin({ method: 'POST', url: '/api/types/questiontypes', payload: { testTypeId: type.id, label: 'Trust' } })).json().data;
    const hindi = [{ language: 'hi', name: 'भरोसा', description: null }];
    expect((await admin({ method: 'PUT', url: `/api/types/questiontype/${sub.id}`, payload: { translations: hindi } })).json().data.translations).toEqual(hindi);
    expect((await admin({ method: 'PUT', url: `/api/types/questiontype/${sub.id}`, payload: { label: 'Trustworthiness' } })).json().data.translations).toEqual(hindi);
    const shown = (await admin({ method: 'GET', url: `/api/skills/${type.id}` })).json().data.subSkills.find((s: { id: string }) => s.id === sub.id);
    expect(shown).toMatchObject({ label: 'Trustworthiness', translations: hindi });
    const bad = await admin({ method: 'PUT', url: `/api/types/questiontype/${sub.id}`, payload: { translations: [{ language: 'en', name: 'Trust' }] } });
    expect([bad.statusCode, bad.json().errors['translations.0.language']]).toEqual([400, 'English is the name itself']);
  });

  it('names a primary skill in other languages, on create and on update; an update that leaves them out keeps them', async () => {
    const hindi = [{ language: 'hi', name: 'नेतृत्व', description: 'दूसरों को दिशा देना' }];
    const type = await createTestType({ translations: hindi });
    expect((await admin({ method: 'GET', url: `/api/skills/${type.id}` })).json().data.translations).toEqual(hindi);
    const renamed = [{ language: 'hi', name: 'अगुवाई', description: null }];
    expect((await admin({ method: 'PUT', url: `/api/skills/${type.id}`, payload: { translations: renamed } })).json().data.translations).toEqual(renamed);
    expect((await admin({ method: 'PUT', url: `/api/skills/${type.id}`, payload: { label: 'Leading people' } })).json().data).toMatchObject({ label: 'Leading people', translations: renamed });
    const bad = await admin({ method: 'PUT', url: `/api/skills/${type.id}`, payload: { translations: [{ language: 'hi', name: ' ' }] } });
    expect([bad.statusCode, bad.json().errors['translations.0.name']]).toEqual([400, 'Write the name in this language']);
  });

  it('deletes a sub-skill only under its own primary skill, and a primary skill with its sub-skills', async () => {
    const a = await createTestType();
    const b = await createTestType();
    const sub = (await admin({ method: 'POST', url: '/api/types/questiontypes', payload: { testTypeId: a.id, label: 'Focus' } })).json().data;
    expect((await admin({ method: 'DELETE', url: `/api/types/questiontype/${b.id}/${sub.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/api/types/questiontype/${a.id}/${sub.id}` })).statusCode).toBe(200);
    expect((await admin({ method: 'DELETE', url: `/api/types/testType/${a.id}` })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: `/api/skills/${a.id}` })).statusCode).toBe(404);
    expect((await server.auditOf(a.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('stores report content per band and language, sanitised', async () => {
    const type = await createTestType();
    const sub = (await admin({ method: 'POST', url: '/api/types/questiontypes', payload: { testTypeId: type.id, label: 'Empathy' } })).json().data;
    const languages = (await admin({ method: 'GET', url: '/api/languages' })).json().data as { id: string; code: string }[];
    const hindi = languages.find((l) => l.code === 'hi')!;
    const path = `/api/skills/${type.id}/sub-skills/${sub.id}/report-content`;
    const saved = await admin({ method: 'PUT', url: path, payload: { band: 'HIGH', languageId: hindi.id, content: '<p onclick="x()">उच्च<script>alert(1)</script></p>' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.content).toBe('<p>उच्च</p>');
    await admin({ method: 'PUT', url: path, payload: { band: 'HIGH', languageId: hindi.id, content: '<p>फिर से</p>' } });
    const read = (await admin({ method: 'GET', url: path })).json().data;
    expect(read.contents).toEqual([expect.objectContaining({ band: 'HIGH', languageId: hindi.id, content: '<p>फिर से</p>' })]);
    expect((await admin({ method: 'PUT', url: path, payload: { band: 'GREAT', languageId: hindi.id, content: 'x' } })).statusCode).toBe(400);
  });

  it('lets question authors read skills but only Competencies holders change them', async () => {
    const author = (o: Parameters<TestServer['asUser']>[1]) => server.asUser('author@skillgauge.demo', o);
    expect((await author({ method: 'GET', url: '/api/types/testtype/dropdown' })).statusCode).toBe(200);
    // USER accounts write questions of their own ('My Question'), so they read skills too.
    expect((await server.asUser('user@skillgauge.demo', { method: 'GET', url: '/api/types/testtype/dropdown/COMPETENCY' })).statusCode).toBe(200);
    expect((await server.asUser('user@skillgauge.demo', { method: 'GET', url: '/api/types/questiontype/dropdown' })).statusCode).toBe(200);
    expect((await server.asUser('user@skillgauge.demo', { method: 'DELETE', url: '/api/types/testType/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(403);
    expect((await author({ method: 'POST', url: '/api/types/testType', payload: { category: 'COMPETENCY', kind: 'COMPETENCY', label: 'Nope' } })).statusCode).toBe(403);
    expect((await server.asUser('client@acme.demo', { method: 'GET', url: '/api/skills' })).statusCode).toBe(403);
  });
});

describe('languages', () => {
  it('has English, Hindi and Bangla from the start, through both paths', async () => {
    const codes = ((await admin({ method: 'GET', url: '/api/language' })).json().data as { code: string }[]).map((l) => l.code);
    expect(codes).toEqual(expect.arrayContaining(['en', 'hi', 'bn']));
  });

  it('adds a language and edits its content record', async () => {
    const created = await admin({ method: 'POST', url: '/api/language', payload: { code: 'ta', label: 'Tamil', iconName: 'in' } });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const content = await admin({ method: 'PUT', url: `/api/language/language-content/${id}`, payload: { content: { instructions: 'வழிமுறைகள்' } } });
    expect(content.json().data.content).toEqual({ instructions: 'வழிமுறைகள்' });
    expect((await admin({ method: 'GET', url: `/api/language/language-content/${id}` })).json().data.content.instructions).toBe('வழிமுறைகள்');
    expect((await admin({ method: 'POST', url: '/api/language', payload: { code: 'ta', label: 'Again' } })).statusCode).toBe(409);
    expect((await admin({ method: 'POST', url: '/api/languages', payload: { code: 'Tamil!', label: 'x' } })).json().errors.code).toBe('Use a language code such as en, hi or pt-BR');
  });
});

describe('answer titles', () => {
  it('has the default title and accepts new ones', async () => {
    const list = (await admin({ method: 'GET', url: '/api/answer-titles' })).json().data as { label: string; isDefault: boolean }[];
    expect(list).toContainEqual(expect.objectContaining({ label: 'Choose the option that relates with you the most', isDefault: true }));
    const created = await admin({ method: 'POST', url: '/api/answer-titles', payload: { label: 'Pick the best answer' } });
    expect(created.statusCode, created.body).toBe(200);
    expect((await admin({ method: 'POST', url: '/api/answer-titles', payload: { label: '' } })).json().errors.label).toBe('Answer title is required');
  });

  it('are read by USER accounts and clients, who write questions of their own, and changed only by Questions editors', async () => {
    const user = (o: Parameters<TestServer['asUser']>[1]) => server.asUser('user@skillgauge.demo', o);
    expect((await user({ method: 'GET', url: '/api/answer-titles' })).statusCode).toBe(200);
    expect((await user({ method: 'POST', url: '/api/answer-titles', payload: { label: 'Mine' } })).statusCode).toBe(403);
    expect((await server.asUser('client@acme.demo', { method: 'GET', url: '/api/answer-titles' })).statusCode).toBe(200);
    expect((await server.asUser('viewer@globex.demo', { method: 'GET', url: '/api/answer-titles' })).statusCode).toBe(403);
  });
});
