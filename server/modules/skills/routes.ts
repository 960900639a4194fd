/**
 * Competencies: test types (primary skills, per category) with nested question types (secondary
 * skills), band thresholds and report content per band and language. The specification's
 * `/api/types/...` calls and the `skills` resource are the same handlers.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUESTION_CATEGORIES } from '../../../src/domain/content';
import { questionTypeSchema, reportContentSchema, testTypeSchema } from '../../../src/domain/contentSchemas';
import { can, type Action } from '../../../src/domain/permissions';
import { mayUseQuestionForm, mayViewQuestions } from '../../../src/domain/questionWorkflow';
import { updateSchema } from '../../../src/domain/schemas';
import { questionTypeOptionSchema, reportContentRecordSchema, reportContentsSchema, skillRowSchema, subSkillRecordSchema, testTypeOptionSchema, testTypeRecordSchema } from '../../../src/domain/skillAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, notFound } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, type ListSpec } from '../../lib/rest';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Services } from '../../services';
import {
  deleteQuestionType,
  deleteTestTypeRow,
  findLanguageId,
  findQuestionType,
  findTestType,
  insertQuestionType,
  insertTestType,
  questionTypeOptions,
  reportContentsOf,
  saveReportContent,
  selectTestTypes,
  testTypeOptions,
  updateQuestionType,
  updateTestTypeRow,
  withSubSkills,
} from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'testTypes',
  fields: { category: 'testTypes.category', kind: 'testTypes.kind', label: 'testTypes.label', position: 'testTypes.position', updatedAt: 'testTypes.updatedAt' },
  sortable: ['category', 'label', 'position', 'updatedAt'],
  filterable: ['category', 'kind', 'label'],
  searchable: ['testTypes.label', 'testTypes.description'],
  defaultSort: ['label', 'ASC'],
};

/** Skills are read by everyone who works on questions or tests; changed by Competencies holders. */
/** Skills are read by those who keep them and by everyone who writes questions or tests (USER accounts included). */
const readSkills = { access: (u: AuthUser) => can(u, 'COMPETENCIES', 'view') || mayViewQuestions(u) || can(u, 'TESTS', 'view') };
/** The dropdowns of the question form, which clients use for their custom questions too. */
const skillDropdowns = { access: (u: AuthUser) => can(u, 'COMPETENCIES', 'view') || mayUseQuestionForm(u) || can(u, 'TESTS', 'view') };
const competencies = (action: Action) => ({ access: { entity: 'COMPETENCIES' as const, action } });

const categoryParams = z.object({ category: z.enum(QUESTION_CATEGORIES, { error: 'Unknown category' }) });
const subSkillParams = z.object({ testTypeId: z.uuid(FIELD_MESSAGES.idNotValid), questionTypeId: z.uuid(FIELD_MESSAGES.idNotValid) });

/** A primary skill as its row stores it: no description is null, the other languages' names are JSON. */
const testTypeRow = ({ translations, ...body }: z.infer<typeof testTypeSchema>) => ({
  ...body,
  description: body.description ?? null,
  translations: JSON.stringify(translations ?? []),
});

export default async function skillRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['skills'];

  const dropdown = async (category?: string) => {
    const rows = await testTypeOptions(db, category);
    return ok(rows.map((t) => ({ _id: t.id, label: t.label, category: t.category, kind: t.kind })));
  };
  r.get('/types/testtype/dropdown', { config: skillDropdowns, schema: { tags, querystring: z.object({ category: z.enum(QUESTION_CATEGORIES).optional() }), response: answers(z.array(testTypeOptionSchema)) } }, (request) =>
    dropdown(request.query.category),
  );
  r.get('/types/testtype/dropdown/:category', { config: skillDropdowns, schema: { tags, params: categoryParams, response: answers(z.array(testTypeOptionSchema)) } }, (request) => dropdown(request.params.category));
  r.get(
    '/types/questiontype/dropdown',
    { config: skillDropdowns, schema: { tags, querystring: z.object({ testtype: z.uuid('The test type id is not valid.').optional() }), response: answers(z.array(questionTypeOptionSchema)) } },
    async (request) => {
      const rows = await questionTypeOptions(db, request.query.testtype);
      return ok(rows.map((q) => ({ _id: q.id, label: q.label, testTypeId: q.testTypeId })));
    },
  );

  // The skills resource: test types with their sub-skills.
  r.get('/skills', { config: readSkills, schema: { tags, querystring: listQuerystring, response: answers(z.array(skillRowSchema)) } }, async (request, reply) => {
    const list = parseListQuery(request.query, spec);
    const { rows, total } = await fetchPage(selectTestTypes(db), spec, list, request.user);
    return sendPage(reply, 'skills', list, await withSubSkills(db, rows), total);
  });
  r.get('/skills/:id', { config: readSkills, schema: { tags, params: idParams, response: answers(skillRowSchema) } }, async (request) => {
    const row = await findTestType(db, request.params.id);
    if (!row) throw notFound();
    return ok((await withSubSkills(db, [row]))[0]);
  });

  const createTestType = async (body: z.infer<typeof testTypeSchema>, user: AuthUser) =>
    db.transaction().execute(async (trx) => {
      const id = await insertTestType(trx, testTypeRow(body));
      const saved = (await findTestType(trx, id))!;
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'skills', recordId: saved.id, after: saved });
      return { ...saved, _id: saved.id, subSkills: [] };
    });
  const updateTestType = async (id: string, body: Partial<z.infer<typeof testTypeSchema>>, user: AuthUser) => {
    const before = await findTestType(db, id);
    if (!before) throw notFound();
    const merged = testTypeSchema.safeParse({ ...before, ...body });
    if (!merged.success) throw badRequest(merged.error.issues[0].message, { [String(merged.error.issues[0].path[0] ?? '_')]: merged.error.issues[0].message });
    return db.transaction().execute(async (trx) => {
      await updateTestTypeRow(trx, id, { ...testTypeRow(merged.data), updatedAt: new Date() });
      const saved = (await findTestType(trx, id))!;
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'skills', recordId: id, before, after: saved });
      return (await withSubSkills(trx, [saved]))[0];
    });
  };
  const deleteTestType = async (id: string, user: AuthUser) => {
    const before = await findTestType(db, id);
    if (!before) throw notFound();
    await db.transaction().execute(async (trx) => {
      await deleteTestTypeRow(trx, id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'skills', recordId: id, before });
    });
    return { ...before, _id: before.id };
  };

  for (const path of ['/skills', '/types/testType']) {
    r.post(path, { config: competencies('create'), schema: { tags, body: testTypeSchema, response: answers(skillRowSchema) } }, async (request) =>
      ok(await createTestType(request.body, currentUser(request))),
    );
    r.put(`${path}/:id`, { config: competencies('edit'), schema: { tags, params: idParams, body: updateSchema(testTypeSchema as never), response: answers(skillRowSchema) } }, async (request) =>
      ok(await updateTestType(request.params.id, request.body as never, currentUser(request))),
    );
    r.delete(`${path}/:id`, { config: competencies('delete'), schema: { tags, params: idParams, response: answers(testTypeRecordSchema) } }, async (request) =>
      ok(await deleteTestType(request.params.id, currentUser(request))),
    );
  }

  // Secondary skills.
  r.post('/types/questiontypes', { config: competencies('create'), schema: { tags, body: questionTypeSchema, response: answers(subSkillRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    if (!(await findTestType(db, request.body.testTypeId))) throw badRequest(FIELD_MESSAGES.primarySkillDoesNot, { testTypeId: FIELD_MESSAGES.primarySkillDoesNot });
    const saved = await db.transaction().execute(async (trx) => {
      const row = await insertQuestionType(trx, request.body);
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'sub-skills', recordId: row.id, after: row });
      return row;
    });
    return ok({ ...saved, _id: saved.id });
  });

  r.put(
    '/types/questiontype/:id',
    { config: competencies('edit'), schema: { tags, params: idParams, body: questionTypeSchema.omit({ testTypeId: true }).partial(), response: answers(subSkillRecordSchema) } },
    async (request) => {
      const user = currentUser(request);
      const before = await findQuestionType(db, request.params.id);
      if (!before) throw notFound();
      const saved = await db.transaction().execute(async (trx) => {
        const row = await updateQuestionType(trx, before.id, request.body);
        await recordAudit(trx, { userId: user.id, action: 'update', resource: 'sub-skills', recordId: before.id, before, after: row });
        return row;
      });
      return ok({ ...saved, _id: saved.id });
    },
  );

  r.delete(
    '/types/questiontype/:testTypeId/:questionTypeId',
    { config: competencies('delete'), schema: { tags, params: subSkillParams, response: answers(subSkillRecordSchema) } },
    async (request) => {
      const user = currentUser(request);
      const before = await findQuestionType(db, request.params.questionTypeId);
      if (!before || before.testTypeId !== request.params.testTypeId) throw notFound();
      await db.transaction().execute(async (trx) => {
        await deleteQuestionType(trx, before.id);
        await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'sub-skills', recordId: before.id, before });
      });
      return ok({ ...before, _id: before.id });
    },
  );

  // Report content per secondary skill, band and language.
  const reportPath = '/skills/:testTypeId/sub-skills/:questionTypeId/report-content';
  const findSubSkill = async (params: z.infer<typeof subSkillParams>) => {
    const subSkill = await findQuestionType(db, params.questionTypeId);
    if (!subSkill || subSkill.testTypeId !== params.testTypeId) throw notFound();
    return subSkill;
  };
  r.get(reportPath, { config: readSkills, schema: { tags, params: subSkillParams, response: answers(reportContentsSchema) } }, async (request) => {
    const subSkill = await findSubSkill(request.params);
    const rows = await reportContentsOf(db, subSkill.id);
    return ok({ subSkill: { ...subSkill, _id: subSkill.id }, contents: rows });
  });
  r.put(reportPath, { config: competencies('edit'), schema: { tags, params: subSkillParams, body: reportContentSchema, response: answers(reportContentRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    const subSkill = await findSubSkill(request.params);
    const language = await findLanguageId(db, request.body.languageId);
    if (!language) throw badRequest(FIELD_MESSAGES.languageDoesNotExist, { languageId: FIELD_MESSAGES.languageDoesNotExist });
    const content = sanitizeRichText(request.body.content);
    const saved = await db.transaction().execute(async (trx) => {
      const row = await saveReportContent(trx, { questionTypeId: subSkill.id, band: request.body.band, languageId: language.id, content, updatedBy: user.id });
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'report-contents', recordId: row.id, after: row });
      return row;
    });
    return ok(saved);
  });
}
