/**
 * The question bank: list (filters, full-text search), create and edit (drafts too), the status
 * workflow with its history, delete, and the specification's `/api/question/...` calls.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPLEXITIES, QUESTION_TYPE_LABELS, QUESTION_TYPES, responseTypeProblem, type QuestionStatus } from '../../../src/domain/content';
import type { QuestionOrigin } from '../../../src/domain/assessment';
import { questionDraftSchema, questionSchema, restatedByProblems, restatedQuestionProblem, type QuestionInput } from '../../../src/domain/questionSchema';
import {
  mayCreateQuestions,
  mayDeleteQuestion,
  mayEditQuestion,
  mayMoveQuestion,
  mayUseQuestionForm,
  mayViewQuestions,
  mayWriteCustomQuestions,
  ownQuestionsOnly,
  TRANSITIONS,
  WORKFLOW_ACTIONS,
} from '../../../src/domain/questionWorkflow';
import { optionSchema } from '../../../src/domain/answers';
import { dataTypeOptionSchema, languageOptionSchema, questionHistorySchema, questionRecordSchema, questionRowSchema, restatableSchema } from '../../../src/domain/questionAnswers';
import { fieldErrors } from '../../../src/domain/schemas';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, forbidden, notFound, says } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { DB } from '../../db/index';
import type { Services } from '../../services';
import { languageAccess } from '../languages/routes';
import {
  activeLanguageOptions,
  addHistory,
  bankAuthors,
  changedFields,
  deleteQuestionRow,
  findPairable,
  findQuestion,
  findTestTypeKind,
  hiddenFrom,
  historyOf,
  insertQuestion,
  moveQuestion,
  restatableQuestions,
  restatedBy,
  selectBankQuestions,
  subSkillsAmong,
  toApi,
  toColumns,
  updateQuestionRow,
  usedInTests,
  type ApiQuestion,
} from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'questions',
  fields: {
    category: 'questions.category',
    questionType: 'questions.questionType',
    primarySkill: 'questions.testTypeId',
    complexity: 'questions.complexity',
    status: 'questions.status',
    authorId: 'questions.authorId',
    isQualifying: 'questions.isQualifying',
    title: 'questions.title',
    createdAt: 'questions.createdAt',
    updatedAt: 'questions.updatedAt',
  },
  sortable: ['title', 'category', 'questionType', 'complexity', 'status', 'createdAt', 'updatedAt'],
  filterable: ['category', 'questionType', 'primarySkill', 'complexity', 'status', 'authorId', 'isQualifying', 'createdAt', 'updatedAt'],
  types: { isQualifying: 'boolean', createdAt: 'date', updatedAt: 'date', primarySkill: 'uuid', authorId: 'uuid' },
  searchable: [],
  searchVector: 'questions.searchVector',
  defaultSort: ['updatedAt', 'DESC'],
};

const isUuid = (id: string) => z.uuid().safeParse(id).success;
const view = { access: (u: AuthUser) => mayViewQuestions(u) };
/** The form's option lists: custom questions use the same form. */
const formOptions = { access: (u: AuthUser) => mayUseQuestionForm(u) };
const create = { access: (u: AuthUser) => mayCreateQuestions(u) };
/** Edits, moves and deletes are decided per question, after it is read. */
const perQuestion = { access: (u: AuthUser) => mayViewQuestions(u) };

const statusBody = z.object({
  action: z.enum(WORKFLOW_ACTIONS, { error: 'The action must be submit, approve, reject or publish' }),
  reason: z.string().trim().max(2000).optional(),
});
const saveQuery = z.object({ draft: z.enum(['true', 'false']).optional() });

/** A body is validated as a draft or as a full question, with the form's messages (custom questions too). */
export function parseQuestion(body: unknown, draft: boolean): QuestionInput {
  const result = (draft ? questionDraftSchema : questionSchema).safeParse(body);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw badRequest(Object.values(errors)[0] ?? 'The question is not valid.', errors);
  }
  return result.data as QuestionInput;
}

/** Skills must exist, sub-skills belong to the primary skill, and the type suit the test type (custom questions too). */
export async function checkSkills(db: DB, input: QuestionInput) {
  // Ids that are not UUIDs name nothing (and would be a database error).
  if (!input.secondarySkills.every(isUuid))
    throw badRequest(FIELD_MESSAGES.secondarySkillDoesNot, { secondarySkills: FIELD_MESSAGES.secondarySkillDoesNot });
  if (!input.primarySkill) return;
  if (!isUuid(input.primarySkill)) throw badRequest(FIELD_MESSAGES.primarySkillDoesNot, { primarySkill: FIELD_MESSAGES.primarySkillDoesNot });
  const testType = await findTestTypeKind(db, input.primarySkill);
  if (!testType) throw badRequest(FIELD_MESSAGES.primarySkillDoesNot, { primarySkill: FIELD_MESSAGES.primarySkillDoesNot });
  if (testType.category !== input.category)
    throw badRequest(FIELD_MESSAGES.primarySkillBelongsAnother, { primarySkill: FIELD_MESSAGES.primarySkillBelongsAnother });
  const typeProblem = responseTypeProblem(testType.kind, input.questionType);
  if (typeProblem) throw badRequest(typeProblem, { questionType: typeProblem });
  if (input.secondarySkills.length) {
    const found = await subSkillsAmong(db, testType.id, input.secondarySkills);
    if (found.length !== new Set(input.secondarySkills).size)
      throw badRequest(FIELD_MESSAGES.secondarySkillDoesNot, { secondarySkills: FIELD_MESSAGES.secondarySkillDoesNot });
  }
}

/** The question being saved, as the pair rules see it: its id (none when new), origin and owner, and who saves it. */
export interface PairContext {
  id?: string;
  origin: QuestionOrigin;
  clientId: string | null;
  user: AuthUser;
}

/**
 * The consistency pair of a question being saved (bank and custom questions): the question it
 * restates must exist for the person saving, be another question of the same origin, client and
 * test type, and be no consistency or qualifying question itself; a question that others restate
 * keeps their test type and stays an original. Each refusal is a 400 naming its field.
 */
export async function checkConsistency(db: DB, input: QuestionInput, self: PairContext) {
  const testTypeId = input.primarySkill || null;
  if (input.isConsistencyQuestion && input.consistencyOf) {
    const found = isUuid(input.consistencyOf) ? await findPairable(db, input.consistencyOf) : undefined;
    // What the person saving may not see does not exist for them (another client's, or not their own for USER accounts).
    const hidden = !found || hiddenFrom(self.user, found);
    const problem = restatedQuestionProblem({ id: self.id, origin: self.origin, clientId: self.clientId, testTypeId }, hidden ? undefined : found);
    if (problem) throw badRequest(problem, { consistencyOf: problem });
  }
  if (self.id) {
    const problems = restatedByProblems({ testTypeId, isConsistencyQuestion: input.isConsistencyQuestion, isQualifying: input.isQualifying }, await restatedBy(db, self.id));
    const first = Object.values(problems)[0];
    if (first) throw badRequest(first, problems);
  }
}

const restatableQuery = z.object({
  primarySkill: z.uuid({ error: FIELD_MESSAGES.primarySkillSkillId }),
  q: z.string().max(200).optional(),
  /** The question being edited, which cannot restate itself. */
  exclude: z.uuid({ error: FIELD_MESSAGES.questionLeaveOutQuestion }).optional(),
  origin: z.enum(['BANK', 'CUSTOM'], { error: FIELD_MESSAGES.originBankCustom }).default('BANK'),
  /** Provider staff writing a custom question for a client (none: the library's). */
  clientId: z.uuid({ error: FIELD_MESSAGES.clientClientId }).optional(),
});
const RESTATABLE_LIMIT = 20;

export default async function questionRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['questions'];

  /** The bank's question if the caller may see it: USER accounts only their own; clients' custom questions are not the bank's. */
  async function findVisible(id: string, user: AuthUser): Promise<ApiQuestion> {
    const question = await findQuestion(db, id, 'BANK');
    if (!question || (ownQuestionsOnly(user) && question.authorId !== user.id)) throw notFound();
    return question;
  }

  r.get('/questions', { config: view, schema: { tags, querystring: listQuerystring, response: answers(z.array(questionRowSchema)) } }, async (request, reply) => {
    const user = currentUser(request);
    const list = parseListQuery(request.query, spec, ['secondarySkill', 'language']);
    const { secondarySkill, language } = list.extra as { secondarySkill?: unknown; language?: unknown };
    let secondarySkillIds: string[] | undefined;
    if (secondarySkill !== undefined) {
      const ids = z.array(z.uuid()).safeParse(Array.isArray(secondarySkill) ? secondarySkill : [secondarySkill]);
      if (!ids.success) throw badRequest(FIELD_MESSAGES.secondarySkillFilterSkill);
      secondarySkillIds = ids.data;
    }
    if (language !== undefined) {
      if (typeof language !== 'string' || !/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(language)) throw badRequest(FIELD_MESSAGES.languageFilterLanguageCode);
    }
    const query = selectBankQuestions(db, { authorId: ownQuestionsOnly(user) ? user.id : undefined, secondarySkillIds, language: language as string | undefined });
    const { rows, total } = await fetchPage(query, spec, list, user);
    return sendPage(reply, 'questions', list, rows.map(toApi), total);
  });

  r.get('/questions/:id', { config: view, schema: { tags, params: idParams, response: answers(questionRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    const question = await findVisible(request.params.id, user);
    const [history, restating] = await Promise.all([historyOf(db, question.id), restatedBy(db, question.id)]);
    // The consistency questions that restate this one (for USER accounts, their own).
    const visible = ownQuestionsOnly(user) ? restating.filter((q) => q.authorId === user.id) : restating;
    return ok({ ...question, history, restatedBy: visible.map(({ id, title, status }) => ({ id, title, status })) });
  });

  /**
   * The questions a consistency question may restate, for the form's picker: same origin (and
   * client) and test type, not itself, no consistency or qualifying question; searched by words.
   */
  r.get('/questions/restatable', { config: formOptions, schema: { tags, querystring: restatableQuery, response: answers(z.array(restatableSchema)) } }, async (request) => {
    const user = currentUser(request);
    const { primarySkill, q, exclude, origin, clientId } = request.query;
    if (origin === 'BANK' ? !mayViewQuestions(user) : !mayWriteCustomQuestions(user)) throw forbidden();
    const rows = await restatableQuestions(db, {
      origin,
      testTypeId: primarySkill,
      exclude,
      authorId: origin === 'BANK' && ownQuestionsOnly(user) ? user.id : undefined,
      // A client's users see their client's questions; provider staff the client they write for, or the library's.
      owner: origin === 'CUSTOM' ? (tenantOf(user) ?? clientId ?? null) : undefined,
      words: q?.trim(),
      limit: RESTATABLE_LIMIT,
    });
    return ok(rows.map((row) => ({ _id: row.id, label: row.title, questionType: row.questionType, status: row.status })));
  });

  r.get('/questions/:id/history', { config: view, schema: { tags, params: idParams, response: answers(z.array(questionHistorySchema)) } }, async (request) => {
    const question = await findVisible(request.params.id, currentUser(request));
    return ok(await historyOf(db, question.id));
  });

  async function createQuestion(body: unknown, draft: boolean, user: AuthUser) {
    const input = parseQuestion(body, draft);
    await checkSkills(db, input);
    await checkConsistency(db, input, { origin: 'BANK', clientId: null, user });
    const status: QuestionStatus = draft ? 'DRAFTED' : 'CREATED';
    return db.transaction().execute(async (trx) => {
      const id = await insertQuestion(trx, { ...toColumns(input), status, authorId: user.id });
      await addHistory(trx, { questionId: id, userId: user.id, action: 'created', toStatus: status });
      const saved = (await findQuestion(trx, id))!;
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'questions', recordId: id, after: saved });
      return saved;
    });
  }

  async function updateQuestion(id: string, body: unknown, draft: boolean, user: AuthUser) {
    const before = await findVisible(id, user);
    if (!mayEditQuestion(user, before))
      throw forbidden(before.status === 'APPROVED' || before.status === 'PUBLISHED' ? 'Approved and published questions are changed by an administrator.' : undefined);
    const input = parseQuestion(body, draft);
    await checkSkills(db, input);
    await checkConsistency(db, input, { id, origin: 'BANK', clientId: null, user });
    // Saving a draft keeps a draft; a full save of a rejected or drafted question submits it again.
    const status: QuestionStatus = draft ? 'DRAFTED' : before.status === 'APPROVED' || before.status === 'PUBLISHED' ? before.status : 'CREATED';
    return db.transaction().execute(async (trx) => {
      await updateQuestionRow(trx, id, { ...toColumns(input), status, rejectionReason: status === 'CREATED' ? null : before.rejectionReason, updatedAt: new Date() });
      const saved = (await findQuestion(trx, id))!;
      await addHistory(trx, {
        questionId: id,
        userId: user.id,
        action: 'updated',
        fromStatus: before.status,
        toStatus: status,
        changes: JSON.stringify({ fields: changedFields(before, saved) }),
      });
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'questions', recordId: id, before, after: saved });
      return saved;
    });
  }

  const draftFlag = (query: { draft?: string }) => query.draft === 'true';
  r.post('/questions', { config: create, schema: { tags, querystring: saveQuery, response: answers(questionRowSchema) } }, async (request) =>
    ok(await createQuestion(request.body, draftFlag(request.query), currentUser(request))),
  );
  r.put('/questions/:id', { config: perQuestion, schema: { tags, params: idParams, querystring: saveQuery, response: answers(questionRowSchema) } }, async (request) =>
    ok(await updateQuestion(request.params.id, request.body, draftFlag(request.query), currentUser(request))),
  );
  // The specification's calls: save (submit) and draft, creating or (with an id) updating.
  for (const [path, draft] of [
    ['/question/save', false],
    ['/question/draft', true],
  ] as const) {
    r.post(path, { config: create, schema: { tags, response: answers(questionRowSchema) } }, async (request) => {
      const user = currentUser(request);
      const id = (request.body as { id?: unknown } | null)?.id;
      if (id !== undefined && !z.uuid().safeParse(id).success) throw badRequest(FIELD_MESSAGES.idNotValid);
      return ok(id ? await updateQuestion(id as string, request.body, draft, user) : await createQuestion(request.body, draft, user));
    });
  }

  r.post('/questions/:id/status', { config: perQuestion, schema: { tags, params: idParams, body: statusBody, response: answers(questionRowSchema) } }, async (request) => {
    const user = currentUser(request);
    const question = await findVisible(request.params.id, user);
    const { action, reason } = request.body;
    const transition = TRANSITIONS[action];
    if (!transition.from.includes(question.status))
      throw conflict(`A ${question.status.toLowerCase()} question cannot be ${action === 'submit' ? 'submitted' : `${action}d`}.`);
    if (!mayMoveQuestion(user, question, action)) throw forbidden();
    if (action === 'reject' && (!reason || reason.length < 3))
      throw badRequest(FIELD_MESSAGES.giveReasonRejectingQuestion, { reason: FIELD_MESSAGES.giveReasonRejectingQuestion });
    if (action === 'submit' || action === 'publish') {
      // Only a complete question moves on.
      parseQuestion({ ...question, secondarySkills: question.secondarySkills, primarySkill: question.primarySkill ?? undefined }, false);
    }
    const saved = await db.transaction().execute(async (trx) => {
      const moved = await moveQuestion(trx, question.id, question.status, {
        status: transition.to,
        rejectionReason: action === 'reject' ? reason! : null,
        ...(action === 'publish' ? { publishedAt: new Date() } : {}),
        updatedAt: new Date(),
      });
      if (!moved) throw conflict(FIELD_MESSAGES.questionChangedMeanwhileReload);
      await addHistory(trx, { questionId: question.id, userId: user.id, action: 'status', fromStatus: question.status, toStatus: transition.to, reason: reason ?? null });
      const after = (await findQuestion(trx, question.id))!;
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'questions', recordId: question.id, before: { status: question.status }, after: { status: after.status, reason } });
      return after;
    });
    return ok(saved);
  });

  r.delete('/questions/:id', { config: perQuestion, schema: { tags, params: idParams, response: answers(questionRowSchema) } }, async (request) => {
    const user = currentUser(request);
    const question = await findVisible(request.params.id, user);
    if (!mayDeleteQuestion(user, question)) throw forbidden();
    const tests = await usedInTests(db, question.id);
    if (tests > 0) throw conflict(says('questionUsedInTests', { smart_count: tests }));
    await db.transaction().execute(async (trx) => {
      // Consistency questions that restated it lose their pair (the foreign key sets it to null): their history says so.
      const unpaired = await restatedBy(trx, question.id);
      await deleteQuestionRow(trx, question.id);
      if (unpaired.length)
        await addHistory(
          trx,
          unpaired.map((q) => ({
            questionId: q.id,
            userId: user.id,
            action: 'updated' as const,
            fromStatus: q.status,
            toStatus: q.status,
            changes: JSON.stringify({ fields: ['consistencyOf'], restatedDeleted: question.title }),
          })),
        );
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'questions', recordId: question.id, before: question });
    });
    return ok(question);
  });

  // Option lists of the question form.
  r.get('/question/datatypes', { config: formOptions, schema: { tags, response: answers(z.array(dataTypeOptionSchema)) } }, async () =>
    ok(QUESTION_TYPES.map((type, index) => ({ _id: type, label: QUESTION_TYPE_LABELS[type], id: index + 1 }))),
  );
  /** Who wrote questions, for the list's author filter (a USER account only ever sees itself). */
  r.get('/questions/authors', { config: view, schema: { tags, response: answers(z.array(optionSchema)) } }, async (request) => {
    const user = currentUser(request);
    const rows = await bankAuthors(db, ownQuestionsOnly(user) ? user.id : undefined);
    return ok(rows.map((u) => ({ _id: u.id, label: u.name })));
  });
  r.get('/question/complexities', { config: formOptions, schema: { tags, response: answers(z.array(optionSchema)) } }, async () => ok(COMPLEXITIES.map((level) => ({ _id: level, label: level }))));
  r.get('/question/language', { config: { access: (u: AuthUser) => languageAccess(u, 'view') || mayUseQuestionForm(u) }, schema: { tags, response: answers(z.array(languageOptionSchema)) } }, async () => {
    const rows = await activeLanguageOptions(db);
    return ok(rows.map((l) => ({ _id: l.code, label: l.label, iconName: l.iconName })));
  });
}

