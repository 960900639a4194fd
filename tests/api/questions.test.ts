/** The question bank: validation, skills rules, status workflow and history, search and filters, ownership. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUrl, startTestServer, type TestServer } from './harness';

let server: TestServer;
let competency: { id: string; subSkills: { id: string }[] };
let aptitude: { id: string };
let otherSub: string;

const as = (email: string) => (options: Parameters<TestServer['asUser']>[1]) => server.asUser(email, options);
const admin = as('admin@skillgauge.demo');
const author = as('author@skillgauge.demo');
const moderator = as('moderator@skillgauge.demo');
const plainUser = as('user@skillgauge.demo');
const client = as('client@acme.demo');

async function skill(category: string, kind: string, label: string, subs: string[] = []) {
  const type = (await admin({ method: 'POST', url: '/api/skills', payload: { category, kind, label } })).json().data;
  for (const sub of subs) await admin({ method: 'POST', url: '/api/types/questiontypes', payload: { testTypeId: type.id, label: sub } });
  return (await admin({ method: 'GET', url: `/api/skills/${type.id}` })).json().data;
}

beforeAll(async () => {
  server = await startTestServer();
  competency = await skill('COMPETENCY', 'COMPETENCY', 'Team play', ['Collaboration', 'Conflict']);
  aptitude = await skill('APTITUDE', 'APTITUDE', 'Numerical');
  otherSub = (await skill('COMPETENCY', 'COMPETENCY', 'Integrity', ['Honesty'])).subSkills[0].id;
});
afterAll(() => server.close());

const likert = (extra: object = {}) => ({
  category: 'COMPETENCY',
  questionType: 'LIKERT',
  title: 'Sharing credit',
  detail: {
    langWiseDetail: [
      { language: 'en', detail: '<p>I share credit with my team<script>alert(1)</script></p>' },
      { language: 'hi', detail: '<p>मैं अपनी टीम के साथ श्रेय साझा करता हूँ</p>' },
    ],
  },
  primarySkill: competency.id,
  secondarySkills: [competency.subSkills[0].id],
  complexity: 'L2',
  answers: [
    { langWiseAnswer: [{ language: 'en', text: 'Always' }, { language: 'hi', text: 'हमेशा' }], value: 5 },
    { langWiseAnswer: [{ language: 'en', text: 'Never' }], value: 0.5 },
  ],
  ...extra,
});

async function create(asUser = author, body: object = likert(), draft = false) {
  const res = await asUser({ method: 'POST', url: `/api/questions${draft ? '?draft=true' : ''}`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const move = (asUser: typeof admin, id: string, action: string, reason?: string) =>
  asUser({ method: 'POST', url: `/api/questions/${id}/status`, payload: { action, ...(reason ? { reason } : {}) } });

describe('creating questions', () => {
  it('submits a complete question: sanitised, with derived points, defaults and history', async () => {
    const q = await create();
    expect(q.status).toBe('CREATED');
    expect(q.detail.langWiseDetail[0].detail).toBe('<p>I share credit with my team</p>');
    expect(q.maxPoints).toBe(5);
    expect(q.shuffle).toBe(true);
    expect(q.ansTitle).toBe('Choose the option that relates with you the most');
    expect(q.authorName).toBe('Arjun Contributor');
    const full = (await author({ method: 'GET', url: `/api/questions/${q.id}` })).json().data;
    expect(full.history).toEqual([expect.objectContaining({ action: 'created', toStatus: 'CREATED', userName: 'Arjun Contributor' })]);
  });

  it('answers the form messages of the specification', async () => {
    const res = await author({ method: 'POST', url: '/api/questions', payload: { category: 'COMPETENCY', answers: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ title: 'Title is required', primarySkill: 'Primary skill is required', complexity: 'Complexity is required' });
    const thirteen = Array.from({ length: 13 }, (_, i) => ({ langWiseAnswer: [{ language: 'en', text: `A${i}` }], value: 1 }));
    expect((await author({ method: 'POST', url: '/api/questions', payload: likert({ answers: thirteen }) })).json().errors.answers).toBe('You can provide maximum 12 answers');
  });

  it('keeps a draft with only a category and a title', async () => {
    const draft = await create(author, { category: 'APTITUDE', title: 'Unfinished' }, true);
    expect(draft.status).toBe('DRAFTED');
    expect((await move(author, draft.id, 'submit')).statusCode).toBe(400);
  });

  it('allows only the response types of the test type, and sub-skills of the primary skill', async () => {
    const wrongType = await author({ method: 'POST', url: '/api/questions', payload: likert({ questionType: 'SORTING_ORDER' }) });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.questionType).toBe('This test type takes Likert, Multiple choice, Rating scale, Single choice or Short text questions, not Sorting order.');
    const wrongSub = await author({ method: 'POST', url: '/api/questions', payload: likert({ secondarySkills: [otherSub] }) });
    expect(wrongSub.json().errors.secondarySkills).toBe('A secondary skill does not belong to the primary skill.');
    const wrongCategory = await author({ method: 'POST', url: '/api/questions', payload: likert({ primarySkill: aptitude.id }) });
    expect(wrongCategory.json().errors.primarySkill).toBe('The primary skill belongs to another category.');
  });

  it('answers skill ids that are not UUIDs with the skill messages, drafts too', async () => {
    for (const [body, draft, field, message] of [
      [likert({ primarySkill: 'Team play' }), false, 'primarySkill', 'The primary skill does not exist.'],
      [likert({ secondarySkills: ['Collaboration'] }), false, 'secondarySkills', 'A secondary skill does not belong to the primary skill.'],
      [{ category: 'COMPETENCY', title: 'Draft', primarySkill: 'x' }, true, 'primarySkill', 'The primary skill does not exist.'],
      [{ category: 'COMPETENCY', title: 'Draft', secondarySkills: ['x'] }, true, 'secondarySkills', 'A secondary skill does not belong to the primary skill.'],
    ] as const) {
      const res = await author({ method: 'POST', url: `/api/questions${draft ? '?draft=true' : ''}`, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ msg: message, errors: { [field]: message } });
    }
    const filter = await author({ method: 'GET', url: listUrl('/api/questions', { filter: { primarySkill: 'Team play' } }) });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().msg).toBe('The filter "primarySkill" must be an id (a UUID).');
  });

  it('saves coding questions with their test cases', async () => {
    const coding = await create(admin, {
      category: 'APTITUDE',
      questionType: 'CODING',
      title: 'Sum two numbers',
      detail: { langWiseDetail: [{ language: 'en', detail: '<p>Read two numbers, print their sum.</p>' }] },
      primarySkill: aptitude.id,
      complexity: 'L1',
      coding: { languages: [63, 70], starterCode: { 63: '// your code' }, testCases: [{ input: '1 2', expectedOutput: '3', points: 2 }, { input: '5 5', expectedOutput: '10', hidden: true }] },
    });
    expect(coding.maxPoints).toBe(3);
    expect(coding.coding.testCases[1].hidden).toBe(true);
  });

  it('keeps the specification’s save and draft calls', async () => {
    const saved = (await author({ method: 'POST', url: '/api/question/save', payload: likert({ title: 'Saved through the spec call' }) })).json().data;
    expect(saved.status).toBe('CREATED');
    const drafted = (await author({ method: 'POST', url: '/api/question/draft', payload: { id: saved.id, ...likert({ title: 'Back to draft' }) } })).json().data;
    expect(drafted).toMatchObject({ id: saved.id, status: 'DRAFTED', title: 'Back to draft' });
    const types = (await author({ method: 'GET', url: '/api/question/datatypes' })).json().data;
    expect(types).toHaveLength(9);
    expect(types[0]).toEqual({ _id: 'MULTIPLE_CHOICE', label: 'Multiple choice', id: 1 });
    expect((await author({ method: 'GET', url: '/api/question/complexities' })).json().data).toEqual(
      ['L1', 'L2', 'L3', 'L4', 'L5'].map((level) => ({ _id: level, label: level })),
    );
    expect((await author({ method: 'GET', url: '/api/question/language' })).json().data.map((l: { _id: string }) => l._id)).toEqual(expect.arrayContaining(['en', 'hi', 'bn']));
  });
});

describe('status workflow', () => {
  it('author submits, moderator approves, admin publishes; each move is in the history', async () => {
    const q = await create(author, likert(), true);
    expect((await move(author, q.id, 'submit')).json().data.status).toBe('CREATED');
    expect((await move(author, q.id, 'approve')).statusCode).toBe(403);
    expect((await move(moderator, q.id, 'approve')).json().data.status).toBe('APPROVED');
    expect((await move(moderator, q.id, 'publish')).statusCode).toBe(403);
    expect((await move(admin, q.id, 'publish')).json().data).toMatchObject({ status: 'PUBLISHED', publishedAt: expect.any(String) });
    expect((await move(admin, q.id, 'approve')).statusCode).toBe(409);
    const history = (await admin({ method: 'GET', url: `/api/questions/${q.id}/history` })).json().data;
    expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['DRAFTED', 'CREATED', 'APPROVED', 'PUBLISHED']);
    // Published questions are changed only by an administrator.
    expect((await author({ method: 'PUT', url: `/api/questions/${q.id}`, payload: likert() })).statusCode).toBe(403);
    expect((await author({ method: 'DELETE', url: `/api/questions/${q.id}` })).statusCode).toBe(403);
  });

  it('rejects with a reason; the author edits and submits again', async () => {
    const q = await create();
    expect((await move(moderator, q.id, 'reject')).json().errors.reason).toBe('Give a reason for rejecting the question.');
    const rejected = (await move(moderator, q.id, 'reject', 'The answers overlap')).json().data;
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectionReason: 'The answers overlap' });
    const edited = (await author({ method: 'PUT', url: `/api/questions/${q.id}`, payload: likert({ title: 'Sharing credit, clearer' }) })).json().data;
    expect(edited).toMatchObject({ status: 'CREATED', rejectionReason: null, title: 'Sharing credit, clearer' });
    const history = (await author({ method: 'GET', url: `/api/questions/${q.id}/history` })).json().data;
    expect(history.at(-2)).toMatchObject({ action: 'status', toStatus: 'REJECTED', reason: 'The answers overlap' });
    expect(history.at(-1)).toMatchObject({ action: 'updated', fromStatus: 'REJECTED', toStatus: 'CREATED', changes: { fields: expect.arrayContaining(['title']) } });
  });
});

describe('listing', () => {
  it('filters by status, skills, language and searches the text, Hindi included', async () => {
    const marker = `zebra${Date.now()}`;
    const q = await create(author, likert({ title: `Unique ${marker} question` }));
    const find = async (filter: object) =>
      ((await admin({ method: 'GET', url: listUrl('/api/questions', { filter: { q: marker, ...filter } }) })).json().data as { id: string }[]).map((x) => x.id);
    expect(await find({})).toEqual([q.id]);
    expect(await find({ status: 'CREATED', primarySkill: competency.id })).toEqual([q.id]);
    expect(await find({ status: 'PUBLISHED' })).toEqual([]);
    expect(await find({ secondarySkill: competency.subSkills[0].id })).toEqual([q.id]);
    expect(await find({ secondarySkill: competency.subSkills[1].id })).toEqual([]);
    expect(await find({ language: 'hi' })).toEqual([q.id]);
    expect(await find({ language: 'bn' })).toEqual([]);
    const hindi = await admin({ method: 'GET', url: listUrl('/api/questions', { filter: { q: 'श्रेय' } }) });
    expect((hindi.json().data as { id: string }[]).map((x) => x.id)).toContain(q.id);
    const prefix = await admin({ method: 'GET', url: listUrl('/api/questions', { filter: { q: marker.slice(0, 8) } }) });
    expect((prefix.json().data as { id: string }[]).map((x) => x.id)).toContain(q.id);
    const page = await admin({ method: 'GET', url: listUrl('/api/questions', { sort: ['updatedAt', 'DESC'], range: [0, 1] }) });
    expect(page.headers['content-range']).toMatch(/^questions 0-1\/\d+$/);
    expect((await admin({ method: 'GET', url: listUrl('/api/questions', { filter: { language: "hi'; drop" } }) })).statusCode).toBe(400);
  });

  it('lists the authors of questions for the author filter, and filters by author', async () => {
    const q = await create(author, likert({ title: 'By the author' }));
    const authors = (await admin({ method: 'GET', url: '/api/questions/authors' })).json().data as { _id: string; label: string }[];
    expect(authors.map((a) => a._id)).toContain(q.authorId);
    expect(authors.every((a) => typeof a.label === 'string' && a.label.length > 0)).toBe(true);
    const mine = (await admin({ method: 'GET', url: listUrl('/api/questions', { filter: { authorId: q.authorId }, range: [0, 99] }) })).json().data as { authorId: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => x.authorId === q.authorId)).toBe(true);
    await create(plainUser, { category: 'COMPETENCY', title: 'Mine only' }, true);
    const forUser = (await plainUser({ method: 'GET', url: '/api/questions/authors' })).json().data as { _id: string }[];
    expect(forUser).toHaveLength(1);
    expect((await client({ method: 'GET', url: '/api/questions/authors' })).statusCode).toBe(403);
  });

  it("a USER account keeps 'My Question': only its own", async () => {
    const mine = await create(plainUser, { category: 'COMPETENCY', title: 'My own idea' }, true);
    const others = await create();
    const list = (await plainUser({ method: 'GET', url: '/api/questions?range=[0,99]' })).json().data as { id: string; authorId: string }[];
    expect(list.map((x) => x.id)).toContain(mine.id);
    expect(list.every((x) => x.authorId === mine.authorId)).toBe(true);
    expect((await plainUser({ method: 'GET', url: `/api/questions/${others.id}` })).statusCode).toBe(404);
    expect((await plainUser({ method: 'DELETE', url: `/api/questions/${mine.id}` })).statusCode).toBe(200);
  });

  it('refuses the bank to those without question rights', async () => {
    expect((await server.asUser('client@acme.demo', { method: 'GET', url: '/api/questions' })).statusCode).toBe(403);
    expect((await server.asUser('sales@skillgauge.demo', { method: 'POST', url: '/api/questions', payload: likert() })).statusCode).toBe(403);
  });
});

describe('question media', () => {
  it('uploads an image through a signed URL and keeps its address on the question', async () => {
    const signed = await author({ method: 'GET', url: '/api/utils/pre-signed-url?key=chart.png&contentType=image/png' });
    expect(signed.statusCode, signed.body).toBe(200);
    const { preSignedUrl, objectUrl, key } = signed.json().data;
    expect(key).toMatch(/^uploads\/\d{4}\/\d{2}\/\d{13}-[0-9a-f]{16}-chart\.png$/);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const put = await server.app.inject({ method: 'PUT', url: new URL(preSignedUrl).pathname + new URL(preSignedUrl).search, headers: { 'content-type': 'image/png' }, payload: png });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const q = await create(author, likert({ mediaType: 'IMAGE', mediaUrl: objectUrl }));
    expect(q.mediaUrl).toBe(objectUrl);
    const got = await server.app.inject({ method: 'GET', url: new URL(objectUrl).pathname });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
  });
});

describe('consistency pairs', () => {
  const globex = as('client@globex.demo');
  const ME = {
    missing: 'The question it restates does not exist.',
    itself: 'A question cannot restate itself.',
    testType: 'The question it restates must be of the same primary skill.',
    chained: 'The question it restates is itself a consistency question: choose the question that one restates.',
    qualifying: 'The question it restates is a qualifying question, which is not scored.',
    onlyConsistency: 'Only a consistency question names a question it restates.',
    bankOnly: "A bank question can only restate another question of the bank, not a client's own question.",
    customOnly: "A client's own question can only restate another question of the same client.",
  };
  const restating = (of: string | null, extra: object = {}) => likert({ title: 'Taking credit', isConsistencyQuestion: true, consistencyOf: of, ...extra });
  /** A refused save: 400 with the sentence as msg and on the field. */
  async function refused(res: Awaited<ReturnType<typeof admin>>, field: string, message: string) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ result: 0, msg: message, errors: { [field]: message } });
  }
  const get = async (id: string) => (await admin({ method: 'GET', url: `/api/questions/${id}` })).json().data;

  it('a consistency question names the question it restates; both pages show the pair', async () => {
    const original = await create(admin, likert({ title: 'Sharing credit, the original' }));
    const pair = await create(admin, restating(original.id));
    expect(pair).toMatchObject({ isConsistencyQuestion: true, consistencyOf: original.id, consistencyOfTitle: 'Sharing credit, the original' });
    expect((await get(original.id)).restatedBy).toEqual([{ id: pair.id, title: 'Taking credit', status: 'CREATED' }]);
    const listed = (await admin({ method: 'GET', url: listUrl('/api/questions', { filter: { id: [pair.id] } }) })).json().data;
    expect(listed[0]).toMatchObject({ consistencyOf: original.id, consistencyOfTitle: 'Sharing credit, the original' });
    // A consistency question without its pair yet is kept (not compared until one is named); unticking drops the pair.
    expect((await create(admin, restating(null), true)).consistencyOf).toBeNull();
    const unpaired = await admin({ method: 'PUT', url: `/api/questions/${pair.id}`, payload: likert({ title: 'Taking credit', isConsistencyQuestion: false }) });
    expect(unpaired.json().data).toMatchObject({ isConsistencyQuestion: false, consistencyOf: null, consistencyOfTitle: null });
    expect((await get(original.id)).restatedBy).toEqual([]);
  });

  it('refuses a restated question that does not exist, is itself, of another test type, a consistency or a qualifying question', async () => {
    const original = await create(admin, likert({ title: 'The original' }));
    const pair = await create(admin, restating(original.id));
    await refused(await admin({ method: 'POST', url: '/api/questions', payload: restating('00000000-0000-4000-8000-000000000000') }), 'consistencyOf', ME.missing);
    await refused(await admin({ method: 'POST', url: '/api/questions?draft=true', payload: restating('not-an-id') }), 'consistencyOf', ME.missing);
    await refused(await admin({ method: 'PUT', url: `/api/questions/${pair.id}`, payload: restating(pair.id) }), 'consistencyOf', ME.itself);
    const elsewhere = await skill('COMPETENCY', 'COMPETENCY', 'Ownership', ['Accountability']);
    const otherType = await create(admin, likert({ primarySkill: elsewhere.id, secondarySkills: [] }));
    await refused(await admin({ method: 'POST', url: '/api/questions', payload: restating(otherType.id) }), 'consistencyOf', ME.testType);
    await refused(await admin({ method: 'POST', url: '/api/questions', payload: restating(pair.id) }), 'consistencyOf', ME.chained);
    const qualifying = await create(admin, likert({ title: 'A gate', isQualifying: true }));
    await refused(await admin({ method: 'POST', url: '/api/questions', payload: restating(qualifying.id) }), 'consistencyOf', ME.qualifying);
    await refused(await admin({ method: 'POST', url: '/api/questions', payload: likert({ consistencyOf: original.id }) }), 'consistencyOf', ME.onlyConsistency);
    await refused(
      await admin({ method: 'POST', url: '/api/questions', payload: { ...restating(null), category: 'APTITUDE', primarySkill: aptitude.id, questionType: 'CORRECT_INCORRECT', answers: [{ langWiseAnswer: [{ language: 'en', text: '25%' }], isCorrect: true }] } }),
      'isConsistencyQuestion',
      'Aptitude questions have right answers, so they cannot be consistency questions.',
    );
    // A USER account pairs only its own questions: another's does not exist for it.
    await refused(await plainUser({ method: 'POST', url: '/api/questions?draft=true', payload: restating(original.id) }), 'consistencyOf', ME.missing);
  });

  it('a restated question keeps the test type of those that restate it and stays an original', async () => {
    const original = await create(admin, likert({ title: 'Kept original' }));
    await create(admin, restating(original.id));
    const elsewhere = await skill('COMPETENCY', 'COMPETENCY', 'Drive');
    const moved = await admin({ method: 'PUT', url: `/api/questions/${original.id}`, payload: likert({ title: 'Kept original', primarySkill: elsewhere.id, secondarySkills: [] }) });
    await refused(moved, 'primarySkill', 'Consistency questions restate this question, so its primary skill cannot change. Unlink them first.');
    const another = await create(admin, likert({ title: 'Another original' }));
    await refused(
      await admin({ method: 'PUT', url: `/api/questions/${original.id}`, payload: restating(another.id, { title: 'Kept original' }) }),
      'isConsistencyQuestion',
      'Consistency questions restate this question, so it cannot be a consistency question itself.',
    );
    await refused(
      await admin({ method: 'PUT', url: `/api/questions/${original.id}`, payload: likert({ title: 'Kept original', isQualifying: true }) }),
      'isQualifying',
      'Consistency questions restate this question, so it cannot be a qualifying question.',
    );
    // Other edits of the original go through.
    expect((await admin({ method: 'PUT', url: `/api/questions/${original.id}`, payload: likert({ title: 'Kept original, reworded' }) })).statusCode).toBe(200);
  });

  it("bank and clients' questions do not pair across; a client's pair stays within the client", async () => {
    const bankQuestion = await create(admin, likert({ title: 'Bank original' }));
    const customOk = (res: Awaited<ReturnType<typeof admin>>) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const acmeOriginal = customOk(await client({ method: 'POST', url: '/api/custom-questions', payload: likert({ title: 'Acme original' }) }));
    const acmePair = customOk(await client({ method: 'POST', url: '/api/custom-questions', payload: restating(acmeOriginal.id) }));
    expect(acmePair).toMatchObject({ consistencyOf: acmeOriginal.id, consistencyOfTitle: 'Acme original' });
    await refused(await client({ method: 'POST', url: '/api/custom-questions', payload: restating(bankQuestion.id) }), 'consistencyOf', ME.customOnly);
    await refused(await admin({ method: 'POST', url: '/api/questions', payload: restating(acmeOriginal.id) }), 'consistencyOf', ME.bankOnly);
    // Another client's question does not exist for Globex; provider staff writing for Globex are told whose it is.
    await refused(await globex({ method: 'POST', url: '/api/custom-questions', payload: restating(acmeOriginal.id) }), 'consistencyOf', ME.missing);
    const globexId = (await server.demoUsers()).get('client@globex.demo')!.clientId!;
    await refused(await admin({ method: 'POST', url: '/api/custom-questions', payload: { ...restating(acmeOriginal.id), clientId: globexId } }), 'consistencyOf', ME.customOnly);
    // The custom question's edit keeps the rules: it cannot restate itself.
    await refused(await client({ method: 'PUT', url: `/api/custom-questions/${acmePair.id}`, payload: restating(acmePair.id) }), 'consistencyOf', ME.itself);
  });

  it('deleting the restated question leaves the consistency question unpaired, and its history says why', async () => {
    const original = await create(admin, likert({ title: 'Soon deleted' }));
    const pair = await create(admin, restating(original.id));
    expect((await admin({ method: 'DELETE', url: `/api/questions/${original.id}` })).statusCode).toBe(200);
    const after = await get(pair.id);
    expect(after).toMatchObject({ isConsistencyQuestion: true, consistencyOf: null, consistencyOfTitle: null });
    expect(after.history.at(-1)).toMatchObject({ action: 'updated', userName: 'Asha Admin', changes: { fields: ['consistencyOf'], restatedDeleted: 'Soon deleted' } });
  });

  it('the picker lists what may be restated: same test type, not itself, no consistency or qualifying question, searched', async () => {
    const marker = `pick${Date.now()}`;
    const original = await create(admin, likert({ title: `${marker} original` }));
    const pair = await create(admin, restating(original.id, { title: `${marker} restated` }));
    await create(admin, likert({ title: `${marker} gate`, isQualifying: true }));
    const other = await create(admin, likert({ title: `${marker} second` }));
    const pick = async (asUser: typeof admin, params: Record<string, string>) => {
      const res = await asUser({ method: 'GET', url: `/api/questions/restatable?${new URLSearchParams({ primarySkill: competency.id, ...params })}` });
      return { status: res.statusCode, labels: res.statusCode === 200 ? (res.json().data as { label: string }[]).map((o) => o.label) : res.json().msg };
    };
    expect(await pick(admin, { q: marker })).toEqual({ status: 200, labels: [`${marker} original`, `${marker} second`] });
    expect(await pick(admin, { q: marker, exclude: other.id })).toEqual({ status: 200, labels: [`${marker} original`] });
    expect(await pick(admin, { q: `${marker} seco` })).toEqual({ status: 200, labels: [`${marker} second`] });
    const first = (await admin({ method: 'GET', url: `/api/questions/restatable?primarySkill=${competency.id}&q=${marker}` })).json().data[0];
    expect(first).toEqual({ _id: original.id, label: `${marker} original`, questionType: 'LIKERT', status: 'CREATED' });
    expect((await pick(admin, { q: marker, primarySkill: aptitude.id })).labels).toEqual([]);
    expect(pair.id).toBeTruthy();
    // A USER account's own questions only; a client's own custom questions only, and never the bank.
    expect((await pick(plainUser, { q: marker })).labels).toEqual([]);
    expect((await pick(client, { q: marker })).status).toBe(403);
    await client({ method: 'POST', url: '/api/custom-questions', payload: likert({ title: `${marker} acme` }) });
    expect(await pick(client, { q: marker, origin: 'CUSTOM' })).toEqual({ status: 200, labels: [`${marker} acme`] });
    expect(await pick(globex, { q: marker, origin: 'CUSTOM' })).toEqual({ status: 200, labels: [] });
    expect((await pick(admin, { primarySkill: 'Team play' })).status).toBe(400);
  });
});
