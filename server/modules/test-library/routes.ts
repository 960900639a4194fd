/**
 * The test library: tests built from published questions of one test type, with a random draw
 * to fill them and a preview as a candidate would see it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { drawSchema, testSchema } from '../../../src/domain/contentSchemas';
import { can, type Action } from '../../../src/domain/permissions';
import { optionOrder, seededShuffle } from '../../../src/domain/optionOrder';
import { drawResultSchema, testPreviewSchema, testRecordSchema, testRowSchema } from '../../../src/domain/testLibraryAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, notFound } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { bankQuestionsAmong, deleteTest, drawQuestions, findTest, findTestTypeCategory, insertTest, previewQuestions, selectTests, updateTest, writeTestQuestions } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'tests',
  fields: {
    name: 'tests.name',
    category: 'tests.category',
    primarySkill: 'tests.testTypeId',
    durationSeconds: 'tests.durationSeconds',
    createdAt: 'tests.createdAt',
    updatedAt: 'tests.updatedAt',
  },
  sortable: ['name', 'category', 'durationSeconds', 'createdAt', 'updatedAt'],
  filterable: ['name', 'category', 'primarySkill', 'durationSeconds', 'createdAt', 'updatedAt'],
  types: { createdAt: 'date', updatedAt: 'date' },
  searchable: ['tests.name', 'tests.description'],
  defaultSort: ['updatedAt', 'DESC'],
};

const tests = (action: Action) => ({ access: { entity: 'TESTS' as const, action } });

type TestInput = z.infer<typeof testSchema>;

export default async function testRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tests'];

  /** Only published questions of the test's own test type go into a test. */
  async function checkQuestions(input: TestInput) {
    const testType = await findTestTypeCategory(db, input.primarySkill);
    if (!testType) throw badRequest(FIELD_MESSAGES.primarySkillDoesNot, { primarySkill: FIELD_MESSAGES.primarySkillDoesNot });
    if (testType.category !== input.category) throw badRequest(FIELD_MESSAGES.primarySkillBelongsAnother, { primarySkill: FIELD_MESSAGES.primarySkillBelongsAnother });
    const ids = [...new Set(input.questionIds)];
    if (ids.length !== input.questionIds.length) throw badRequest(FIELD_MESSAGES.questionAppearsTwiceTest, { questionIds: FIELD_MESSAGES.questionAppearsTwiceTest });
    // Only the bank's questions go into tests (clients' custom questions are not the bank's).
    const found = await bankQuestionsAmong(db, ids);
    const problem =
      found.length !== ids.length
        ? FIELD_MESSAGES.questionTestDoesNot
        : found.some((q) => q.status !== 'PUBLISHED')
          ? FIELD_MESSAGES.onlyPublishedQuestionsGo
          : found.some((q) => q.testTypeId !== input.primarySkill)
            ? FIELD_MESSAGES.everyQuestionTestTests
            : null;
    if (problem) throw badRequest(problem, { questionIds: problem });
  }

  async function save(id: string | null, input: TestInput, user: AuthUser) {
    await checkQuestions(input);
    const columns = {
      name: input.name,
      description: input.description ?? null,
      translations: JSON.stringify(input.translations),
      category: input.category,
      testTypeId: input.primarySkill,
      durationSeconds: input.durationSeconds,
      tags: input.tags,
      shuffle: input.shuffle,
      drawCount: input.drawCount ?? null,
    };
    return db.transaction().execute(async (trx) => {
      const before = id ? await findTest(trx, id) : undefined;
      const testId = id ? await updateTest(trx, id, { ...columns, updatedAt: new Date() }) : await insertTest(trx, { ...columns, authorId: user.id });
      await writeTestQuestions(trx, testId, input.questionIds);
      const saved = (await findTest(trx, testId))!;
      await recordAudit(trx, { userId: user.id, action: id ? 'update' : 'create', resource: 'tests', recordId: testId, before, after: saved });
      return saved;
    });
  }

  r.get('/tests', { config: tests('view'), schema: { tags, querystring: listQuerystring, response: answers(z.array(testRowSchema)) } }, async (request, reply) => {
    const list = parseListQuery(request.query, spec);
    const { rows, total } = await fetchPage(selectTests(db), spec, list, request.user);
    return sendPage(reply, 'tests', list, rows.map((t) => ({ ...t, questionCount: Number(t.questionCount ?? 0) })), total);
  });

  r.get('/tests/:id', { config: tests('view'), schema: { tags, params: idParams, response: answers(testRecordSchema) } }, async (request) => {
    const test = await findTest(db, request.params.id);
    if (!test) throw notFound();
    return ok(test);
  });

  r.post('/tests', { config: tests('create'), schema: { tags, body: testSchema, response: answers(testRecordSchema) } }, async (request) => ok(await save(null, request.body, currentUser(request))));

  r.put('/tests/:id', { config: tests('edit'), schema: { tags, params: idParams, body: testSchema, response: answers(testRecordSchema) } }, async (request) => {
    if (!(await findTest(db, request.params.id))) throw notFound();
    return ok(await save(request.params.id, request.body, currentUser(request)));
  });

  r.delete('/tests/:id', { config: tests('delete'), schema: { tags, params: idParams, response: answers(testRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    const before = await findTest(db, request.params.id);
    if (!before) throw notFound();
    await db.transaction().execute(async (trx) => {
      await deleteTest(trx, before.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'tests', recordId: before.id, before });
    });
    return ok(before);
  });

  /** N random published questions of a test type, from a filtered pool (the wizard previews them). */
  const mayBuild = { access: (u: AuthUser) => can(u, 'TESTS', 'create') || can(u, 'TESTS', 'edit') };
  r.post('/tests/draw', { config: mayBuild, schema: { tags, body: drawSchema, response: answers(drawResultSchema) } }, async (request) => {
    const { primarySkill, ...options } = request.body;
    const questions = await drawQuestions(db, { testTypeId: primarySkill, ...options });
    return ok({ questions, requested: options.count, drawn: questions.length });
  });

  /** The test as a candidate sees it: questions in their language, no points, no correct answers. */
  r.get('/tests/:id/preview', { config: tests('view'), schema: { tags, params: idParams, response: answers(testPreviewSchema) } }, async (request) => {
    const test = await findTest(db, request.params.id);
    if (!test) throw notFound();
    const rows = await previewQuestions(db, test.questionIds);
    const byId = new Map(rows.map((q) => [q.id, q]));
    const questions = test.questionIds.map((id) => {
      const q = byId.get(id)!;
      const options = (q.answers as { langWiseAnswer: { language: string; text: string }[] }[]).map((a, index) => ({ index, langWiseAnswer: a.langWiseAnswer }));
      const coding = q.coding as { languages: number[]; starterCode: Record<string, string>; testCases: { input: string; expectedOutput: string; hidden?: boolean }[] } | null;
      return {
        id: q.id,
        title: q.title,
        questionType: q.questionType,
        // The question's text only: a short-text question's reviewer guidance is not the candidate's to see.
        langWiseDetail: (q.details as { language: string; detail: string }[]).map(({ language, detail }) => ({ language, detail })),
        answerTitle: q.answerTitle,
        mediaType: q.mediaType,
        mediaUrl: q.mediaUrl,
        // Scales keep their order; choices are shuffled, the same way on every reload.
        answers: optionOrder(q, options, `${test.id}:${q.id}`),
        coding: coding && { languages: coding.languages, starterCode: coding.starterCode, examples: coding.testCases.filter((t) => !t.hidden) },
      };
    });
    return ok({ ...test, questions: test.shuffle ? seededShuffle(questions, test.id) : questions });
  });
}
