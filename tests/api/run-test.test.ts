/** POST /api/question/run-test through the app, on the local runner. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUrl, startTestServer, type TestServer } from './harness';
import { holdNextCall } from '../support/hold';

let server: TestServer;
let codingId: string;
let likertId: string;
const author = (options: Parameters<TestServer['asUser']>[1]) => server.asUser('author@skillgauge.demo', options);

beforeAll(async () => {
  server = await startTestServer();
  const find = async (q: string) => (await author({ method: 'GET', url: listUrl('/api/questions', { filter: { q } }) })).json().data[0].id as string;
  codingId = await find('Sum of two numbers');
  likertId = await find('Shares credit');
});
afterAll(() => server.close());

const SUM = "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);";

describe('run-test', () => {
  it("runs code against a question's visible test cases only", async () => {
    const res = await author({ method: 'POST', url: '/api/question/run-test', payload: { questionId: codingId, languageId: 63, source: SUM } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.results).toHaveLength(2);
    expect(data.results.every((r: { status: string }) => r.status === 'passed')).toBe(true);
    const wrong = (await author({ method: 'POST', url: '/api/question/run-test', payload: { questionId: codingId, languageId: 63, source: 'console.log(42)' } })).json().data;
    expect(wrong.results.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed']);
  });

  it('runs the test cases of a question being written, and a custom input', async () => {
    const cases = await author({
      method: 'POST',
      url: '/api/question/run-test',
      payload: { languageId: 74, source: 'const n: number = 6; console.log(n * 7);', testCases: [{ input: '', expectedOutput: '42' }] },
    });
    expect(cases.json().data.results[0].status).toBe('passed');
    const custom = (await author({ method: 'POST', url: '/api/question/run-test', payload: { languageId: 63, source: SUM, input: '20 22' } })).json().data;
    expect(custom.results[0]).toMatchObject({ status: 'ran', stdout: '42\n' });
  });

  it('says what is wrong with a request', async () => {
    const both = await author({ method: 'POST', url: '/api/question/run-test', payload: { languageId: 63, source: SUM, input: '1 2', questionId: codingId } });
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toContain('Send one of questionId, testCases or input');
    expect((await author({ method: 'POST', url: '/api/question/run-test', payload: { questionId: likertId, languageId: 63, source: SUM } })).json().msg).toBe('This is not a coding question.');
    expect((await author({ method: 'POST', url: '/api/question/run-test', payload: { languageId: 99, source: SUM, input: '' } })).statusCode).toBe(400);
    // Clients try the custom coding questions they write; whoever may only look at assessments runs nothing.
    expect((await server.asUser('client@acme.demo', { method: 'POST', url: '/api/question/run-test', payload: { languageId: 63, source: SUM, input: '1 2' } })).statusCode).toBe(200);
    expect((await server.asUser('viewer@globex.demo', { method: 'POST', url: '/api/question/run-test', payload: { languageId: 63, source: SUM, input: '' } })).statusCode).toBe(403);
    const languages = (await author({ method: 'GET', url: '/api/question/run-test/languages' })).json().data;
    expect(languages.map((l: { id: number }) => l.id).sort()).toEqual([62, 63, 68, 70, 74]);
  });

  it('answers another client’s custom question 404, coding or not, as its own GET does; its own client runs it', async () => {
    const db = server.database.db;
    const acme = (await server.demoUsers()).get('client@acme.demo')!.clientId!;
    const custom = (title: string, fields: object) =>
      db
        .insertInto('questions')
        .values({ title, details: JSON.stringify([{ language: 'en', detail: `<p>${title}</p>` }]), answers: JSON.stringify([]), status: 'PUBLISHED', searchText: title, category: 'APTITUDE', origin: 'CUSTOM', clientId: acme, ...fields } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const coding = await custom('Acme private sum', {
      questionType: 'CODING',
      coding: JSON.stringify({ languages: [63], starterCode: {}, testCases: [{ input: '1 2', expectedOutput: '3', points: 1, hidden: false }], timeLimitMs: 10_000, memoryLimitMb: 128 }),
      maxPoints: 1,
    });
    const likert = await custom('Acme private scale', { questionType: 'CORRECT_INCORRECT', answers: JSON.stringify([{ langWiseAnswer: [{ language: 'en', text: 'Correct' }], isCorrect: true }]) });
    const run = (email: string, questionId: string) => server.asUser(email, { method: 'POST', url: '/api/question/run-test', payload: { questionId, languageId: 63, source: SUM } });
    for (const { id } of [coding, likert]) {
      const res = await run('client@globex.demo', id);
      expect([res.statusCode, res.json().msg], id).toEqual([404, (await server.asUser('client@globex.demo', { method: 'GET', url: `/api/custom-questions/${id}` })).json().msg]);
    }
    expect((await server.asUser('client@globex.demo', { method: 'GET', url: `/api/custom-questions/${coding.id}` })).statusCode).toBe(404);
    const own = await run('client@acme.demo', coding.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.results[0].status).toBe('passed');
  });

  it("gives each account one run at a time and a rate limit: the runner is shared with candidates", async () => {
    const run = () => server.asUser('user@skillgauge.demo', { method: 'POST', url: '/api/question/run-test', payload: { languageId: 63, source: SUM, input: '1 2' } });
    // A second run while the first is held in the runner (by the test, not by a slow program) is refused.
    const hold = holdNextCall(server.app.services.runner, 'run');
    try {
      const first = run();
      await hold.entered;
      const second = await run();
      expect(second.statusCode).toBe(429);
      expect(second.json().msg).toBe('Your previous run is still going. Wait for it to finish.');
      hold.letGo();
      expect((await first).statusCode).toBe(200);
    } finally {
      hold.restore();
    }
    // Past the window's budget the account waits; other accounts do not.
    const user = await server.database.db.selectFrom('users').select('id').where('email', '=', 'user@skillgauge.demo').executeTakeFirstOrThrow();
    await server.database.db.updateTable('throttle').set({ failures: 59 }).where('key', '=', `code-run:${user.id}`).execute();
    expect((await run()).statusCode).toBe(200);
    const limited = await run();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await author({ method: 'POST', url: '/api/question/run-test', payload: { languageId: 63, source: SUM, input: '1 2' } })).statusCode).toBe(200);
  });
});
