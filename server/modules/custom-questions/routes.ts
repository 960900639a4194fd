/**
 * Custom questions: a client's own questions for its assessments (origin CUSTOM), never in the
 * provider's bank and never moderated (the client owns them, so they are published when saved).
 * The question form's schema and checks are the bank's (server/modules/questions). Provider staff
 * write them for a client (`clientId` in the body) or for the library (no client).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action } from '../../../src/domain/permissions';
import { customQuestionSchema } from '../../../src/domain/questionAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { addHistory, changedFields, deleteQuestionRow, insertQuestion, toApi, toColumns, updateQuestionRow } from '../questions/queries';
import { checkConsistency, checkSkills, parseQuestion } from '../questions/routes';
import { findClientId } from '../clients/queries';
import { answeredInAssessment, findCustomQuestion, loadCustomQuestion, selectCustom, usedInAssessment } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'questions',
  fields: {
    title: 'questions.title',
    category: 'questions.category',
    questionType: 'questions.questionType',
    clientId: 'questions.clientId',
    createdAt: 'questions.createdAt',
    updatedAt: 'questions.updatedAt',
  },
  sortable: ['title', 'category', 'questionType', 'createdAt', 'updatedAt'],
  filterable: ['category', 'questionType', 'clientId', 'createdAt', 'updatedAt'],
  types: { clientId: 'uuid', createdAt: 'date', updatedAt: 'date' },
  searchable: [],
  searchVector: 'questions.searchVector',
  defaultSort: ['updatedAt', 'DESC'],
  tenantColumn: 'questions.clientId',
};

const MESSAGES = {
  noClient: FIELD_MESSAGES.clientDoesNotExist,
  inUse: FIELD_MESSAGES.questionUsedAssessmentRemove,
  frozen: FIELD_MESSAGES.questionUsedAssessmentAlready,
} as const;

const assessment = (action: Action) => ({ access: { entity: 'ASSESSMENT' as const, action } });

export default async function customQuestionRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['custom-questions'];

  async function findVisible(id: string, user: AuthUser) {
    const row = await findCustomQuestion(db, id);
    const tenant = tenantOf(user);
    if (!row || (tenant && row.clientId !== tenant)) throw notFound();
    return toApi(row);
  }

  /** Whose question it is: a client user's own client; for provider staff the body's clientId (none: the library's). */
  async function ownerOf(user: AuthUser, body: unknown): Promise<string | null> {
    const tenant = tenantOf(user);
    if (tenant) return tenant;
    const clientId = (body as { clientId?: unknown } | null)?.clientId;
    if (clientId === undefined || clientId === null) return null;
    if (!z.uuid().safeParse(clientId).success) throw badRequest(MESSAGES.noClient, { clientId: MESSAGES.noClient });
    const client = await findClientId(db, clientId as string);
    if (!client) throw badRequest(MESSAGES.noClient, { clientId: MESSAGES.noClient });
    return client.id;
  }

  r.get('/custom-questions', { config: assessment('view'), schema: { summary: "A client's own questions for its assessments (the question form's shape, with clientId and clientName).", response: answers(z.array(customQuestionSchema)), tags, querystring: listQuerystring } }, async (request, reply) => {
    const list = parseListQuery(request.query, spec);
    const { rows, total } = await fetchPage(selectCustom(db), spec, list, currentUser(request));
    return sendPage(reply, 'custom-questions', list, rows.map(toApi), total);
  });

  r.get('/custom-questions/:id', { config: assessment('view'), schema: { summary: 'One custom question.', response: answers(customQuestionSchema), tags, params: idParams } }, async (request) =>
    ok(await findVisible(request.params.id, currentUser(request))),
  );

  r.post('/custom-questions', { config: assessment('create'), schema: { summary: "Adds a custom question (the question form's body; provider staff may give clientId), published at once.", response: answers(customQuestionSchema), tags } }, async (request) => {
    const user = currentUser(request);
    const input = parseQuestion(request.body, false);
    await checkSkills(db, input);
    const clientId = await ownerOf(user, request.body);
    await checkConsistency(db, input, { origin: 'CUSTOM', clientId, user });
    const id = await db.transaction().execute(async (trx) => {
      const questionId = await insertQuestion(trx, { ...toColumns(input), status: 'PUBLISHED', publishedAt: new Date(), origin: 'CUSTOM', clientId, authorId: user.id });
      await addHistory(trx, { questionId, userId: user.id, action: 'created', toStatus: 'PUBLISHED' });
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'custom-questions', recordId: questionId, after: { ...input, clientId } });
      return questionId;
    });
    return ok(await findVisible(id, user));
  });

  r.put('/custom-questions/:id', { config: assessment('edit'), schema: { summary: 'Edits a custom question (not once answered in an assessment: 409).', response: answers(customQuestionSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const before = await findVisible(request.params.id, user);
    const input = parseQuestion(request.body, false);
    await checkSkills(db, input);
    await checkConsistency(db, input, { id: before.id, origin: 'CUSTOM', clientId: before.clientId, user });
    // Candidates answered the question as it was: it stays so while an assessment with attempts holds it.
    if (await answeredInAssessment(db, before.id)) throw conflict(MESSAGES.frozen);
    await db.transaction().execute(async (trx) => {
      await updateQuestionRow(trx, before.id, { ...toColumns(input), updatedAt: new Date() });
      const after = toApi(await loadCustomQuestion(trx, before.id));
      await addHistory(trx, { questionId: before.id, userId: user.id, action: 'updated', fromStatus: 'PUBLISHED', toStatus: 'PUBLISHED', changes: JSON.stringify({ fields: changedFields(before, after) }) });
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'custom-questions', recordId: before.id, before, after });
    });
    return ok(await findVisible(before.id, user));
  });

  r.delete('/custom-questions/:id', { config: assessment('delete'), schema: { summary: 'Deletes a custom question no assessment holds.', response: answers(customQuestionSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const before = await findVisible(request.params.id, user);
    if (await usedInAssessment(db, before.id)) throw conflict(MESSAGES.inUse);
    await db.transaction().execute(async (trx) => {
      await deleteQuestionRow(trx, before.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'custom-questions', recordId: before.id, before });
    });
    return ok(before);
  });
}
