/**
 * Assessments (DESIGN.md section 5): a client's own (tenant-scoped) and the provider's library,
 * built from published tests and qualifying, custom and video questions, offered only in languages
 * every question has. Status moves (coding goes live only with a sandbox), copies; the Self
 * Assessments a signed-in USER takes from their account are in self-assessment-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  assessmentSchema,
  assessmentStatusSchema,
  estimatedMinutes,
  missingLanguageMessage,
  missingLanguages,
  videoQuestionSchema,
  type AssessmentInput,
  type AssessmentStatus,
  type VideoQuestion,
} from '../../../src/domain/assessment';
import { assessmentRecordSchema, assessmentRowSchema, languageCheckSchema, libraryTestRowSchema, qualifyingRowSchema } from '../../../src/domain/assessmentAnswers';
import { can, type Action } from '../../../src/domain/permissions';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { randomToken } from '../../lib/crypto';
import { badRequest, conflict, notFound, refuseField } from '../../lib/errors';
import { expireLapsed, publicLink } from '../../lib/invitations';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import { grantSettings } from '../clients/queries';
import type { Services } from '../../services';
import selfAssessmentRoutes from './self-assessment-routes';
import {
  activeLanguages,
  copyAssessment,
  deleteAssessment,
  findAssessmentRow,
  hasCodingQuestion,
  hasInvitations,
  insertAssessment,
  invitationCounts,
  libraryTestRow,
  listRow,
  narrowAssessments,
  qualifyingRow,
  questionsByIds,
  questionsOfAssessment,
  questionsOfTests,
  selectAssessmentRows,
  selectLibraryTests,
  selectQualifyingQuestions,
  setAssessmentStatus,
  testsByIds,
  testsOfAssessment,
  updateAssessment,
  videoTitle,
  writeContent,
  type AssessmentRow,
  type ContentQuestion,
} from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'assessments',
  fields: {
    name: 'assessments.name',
    type: 'assessments.type',
    status: 'assessments.status',
    clientId: 'assessments.clientId',
    createdAt: 'assessments.createdAt',
    updatedAt: 'assessments.updatedAt',
  },
  sortable: ['name', 'status', 'createdAt', 'updatedAt'],
  filterable: ['type', 'status', 'clientId', 'createdAt', 'updatedAt'],
  types: { clientId: 'uuid', createdAt: 'date', updatedAt: 'date' },
  searchable: ['assessments.name', 'assessments.description'],
  defaultSort: ['updatedAt', 'DESC'],
  tenantColumn: 'assessments.clientId',
};

const libraryTestSpec: ListSpec = {
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
  filterable: ['category', 'primarySkill', 'durationSeconds', 'createdAt', 'updatedAt'],
  types: { primarySkill: 'uuid', createdAt: 'date', updatedAt: 'date' },
  searchable: ['tests.name', 'tests.description'],
  defaultSort: ['name', 'ASC'],
  // The library's tests are everyone's; a client's own (if any) only its own.
  tenantColumn: 'tests.clientId',
  tenantMode: 'ownOrGlobal',
};

const qualifyingSpec: ListSpec = {
  resource: 'questions',
  fields: { title: 'questions.title', questionType: 'questions.questionType', createdAt: 'questions.createdAt', updatedAt: 'questions.updatedAt' },
  sortable: ['title', 'createdAt', 'updatedAt'],
  filterable: ['questionType', 'createdAt', 'updatedAt'],
  types: { createdAt: 'date', updatedAt: 'date' },
  searchable: [],
  searchVector: 'questions.searchVector',
  defaultSort: ['title', 'ASC'],
};

const assessment = (action: Action) => ({ access: { entity: 'ASSESSMENT' as const, action } });

/** What the wizard asks about before it offers languages: the content, without the rest of the assessment. */
const contentSchema = z.strictObject({
  testIds: z.array(z.uuid()).max(ASSESSMENT_LIMITS.maxTests, `At most ${ASSESSMENT_LIMITS.maxTests} tests`).default([]),
  qualifyingQuestionIds: z.array(z.uuid()).max(ASSESSMENT_LIMITS.maxQualifying, `At most ${ASSESSMENT_LIMITS.maxQualifying} qualifying questions`).default([]),
  customQuestionIds: z.array(z.uuid()).max(ASSESSMENT_LIMITS.maxCustom, `At most ${ASSESSMENT_LIMITS.maxCustom} custom questions`).default([]),
  videoQuestions: z.array(videoQuestionSchema).max(ASSESSMENT_LIMITS.maxVideo, `At most ${ASSESSMENT_LIMITS.maxVideo} video questions`).default([]),
});
type Content = Pick<AssessmentInput, 'testIds' | 'qualifyingQuestionIds' | 'customQuestionIds'> & { videoQuestions: Pick<VideoQuestion, 'prompt'>[] };

/** Where an assessment may go from each status; back to draft only without attempts (checked apart). */
const STATUS_MOVES: Record<AssessmentStatus, readonly AssessmentStatus[]> = { DRAFT: ['ACTIVE'], ACTIVE: ['CLOSED', 'DRAFT'], CLOSED: ['ACTIVE', 'DRAFT'] };

const MESSAGES = {
  testMissing: FIELD_MESSAGES.testAssessmentDoesNot,
  qualifying: FIELD_MESSAGES.onlyPublishedQualifyingQuestions,
  customMissing: FIELD_MESSAGES.customQuestionAssessmentDoes,
  questionTwice: FIELD_MESSAGES.questionAppearsTwiceAssessment,
  videoTwice: FIELD_MESSAGES.videoQuestionAppearsTwice,
  unknownLanguage: FIELD_MESSAGES.offerOnlyLanguagesLanguages,
  backToDraft: FIELD_MESSAGES.assessmentAlreadyAttemptsSoCannot,
  draftClosed: FIELD_MESSAGES.draftCannotClosedActivate,
  hasInvitations: FIELD_MESSAGES.assessmentInvitationsSoCannot,
  scope: FIELD_MESSAGES.scopeFilterLibraryMine,
  empty: FIELD_MESSAGES.addLeastTestCustom,
} as const;

const unique = <T>(items: readonly T[]) => [...new Set(items)];
/** A new public link's slug: 144 random bits, base64url. */
const newSlug = () => randomToken(18);
/** Ids for video questions that have none yet (answers refer to them, so kept ever after). */
const withVideoIds = (videos: AssessmentInput['videoQuestions']): VideoQuestion[] =>
  videos.map((v) => ({ id: v.id ?? randomToken(9), videoType: 'INTRO', prompt: v.prompt, maxSeconds: v.maxSeconds, retakes: v.retakes }));

/** What an assessment's attempts depend on: a change to any of it is refused once attempts exist. */
function contentKey(c: Content & { type: string; languages: readonly string[]; totalTimeSeconds?: number | null }): string {
  return JSON.stringify({
    type: c.type,
    testIds: c.testIds,
    qualifying: c.qualifyingQuestionIds,
    custom: c.customQuestionIds,
    video: (c.videoQuestions as VideoQuestion[]).map((v) => ({
      prompt: v.prompt.map((p) => ({ language: p.language, detail: p.detail })),
      maxSeconds: v.maxSeconds,
      retakes: v.retakes,
    })),
    languages: unique(c.languages).sort(),
    totalTimeSeconds: c.totalTimeSeconds ?? null,
  });
}

export default async function assessmentRoutes(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assessments'];

  /** The assessment if the caller's tenant may see it; another client's is not found. */
  async function findVisible(id: string, user: AuthUser): Promise<AssessmentRow> {
    const row = await findAssessmentRow(db, id);
    const tenant = tenantOf(user);
    if (!row || (tenant && row.clientId !== tenant)) throw notFound();
    return row;
  }

  /** The stored content in the wizard's shape. */
  async function storedContent(row: AssessmentRow) {
    const [tests, questions] = [await testsOfAssessment(db, row.id), await questionsOfAssessment(db, row.id)];
    return {
      tests,
      questions,
      content: {
        type: row.type,
        testIds: tests.map((t) => t.id),
        qualifyingQuestionIds: questions.filter((q) => q.kind === 'QUALIFYING').map((q) => q.id),
        customQuestionIds: questions.filter((q) => q.kind === 'CUSTOM').map((q) => q.id),
        videoQuestions: row.videoQuestions as VideoQuestion[],
        languages: row.languages,
        totalTimeSeconds: row.totalTimeSeconds,
      },
    };
  }

  /**
   * The full record: columns, content with names, public link, counts, lock, estimate. A client
   * reading a library assessment it was given (`grantee`) sees its own invitations counted only.
   */
  async function record(row: AssessmentRow, grantee?: string) {
    const { tests, questions, content } = await storedContent(row);
    // Lapsed links count as expired, as the invitations list shows them.
    await expireLapsed(db);
    const { counts, attempts } = await invitationCounts(db, row.id, grantee);
    const hasCoding = await hasCodingQuestion(db, row.id);
    const videoQuestions = content.videoQuestions;
    const { publicSlug: slug, authorId: _author, ...columns } = row;
    return {
      ...columns,
      ...content,
      tests: tests.map((t) => ({ id: t.id, name: t.name, category: t.category, durationSeconds: t.durationSeconds, questionCount: t.drawCount ?? Number(t.poolSize ?? 0) })),
      qualifyingQuestions: questions.filter((q) => q.kind === 'QUALIFYING').map((q) => ({ id: q.id, title: q.title })),
      customQuestions: questions.filter((q) => q.kind === 'CUSTOM').map((q) => ({ id: q.id, title: q.title, questionType: q.questionType })),
      publicLink: row.type === 'PUBLIC_LINK' && slug ? publicLink(config.publicUrl, slug) : null,
      attemptCount: attempts,
      // Content frozen: attempts were made against it (name, description, validity and proctoring still change).
      locked: grantee ? (await invitationCounts(db, row.id)).attempts > 0 : attempts > 0,
      hasCoding,
      estimatedMinutes: estimatedMinutes(
        tests.map((t) => t.durationSeconds),
        questions.length + videoQuestions.length,
      ),
      invitationCounts: counts,
    };
  }

  /** The questions some content names, as the caller may see them (another tenant's custom questions are left out). */
  async function contentQuestions(content: Content, visible: { tenant: string | undefined }) {
    const tests = (await testsByIds(db, unique(content.testIds))).filter((t) => !t.clientId || !visible.tenant || t.clientId === visible.tenant);
    const testQuestions = await questionsOfTests(db, tests.map((t) => t.id));
    const qualifying = await questionsByIds(db, unique(content.qualifyingQuestionIds));
    const custom = await questionsByIds(db, unique(content.customQuestionIds));
    return { tests, testQuestions, qualifying, custom };
  }

  /** Every question and video prompt with the languages its text is in, each once, for the language checks. */
  function languageItems(questions: ContentQuestion[], videos: Content['videoQuestions']) {
    const seen = new Set<string>();
    const items: { title: string; languages: string[] }[] = [];
    for (const q of questions) {
      if (seen.has(q.id)) continue;
      seen.add(q.id);
      items.push({ title: q.title, languages: q.languages });
    }
    for (const v of videos) items.push({ title: videoTitle(v), languages: v.prompt.map((p) => p.language) });
    return items;
  }

  /**
   * The content an assessment of `clientId` may hold: existing tests of published questions,
   * published qualifying questions of the bank, the client's own custom questions, and languages
   * every one of them has. Throws a 400 on the field at fault; answers whether it holds coding.
   */
  async function checkContent(content: Content, clientId: string | null, languages: readonly string[]): Promise<{ hasCoding: boolean }> {
    if (unique(content.qualifyingQuestionIds).length !== content.qualifyingQuestionIds.length || unique(content.customQuestionIds).length !== content.customQuestionIds.length)
      throw refuseField(unique(content.qualifyingQuestionIds).length !== content.qualifyingQuestionIds.length ? 'qualifyingQuestionIds' : 'customQuestionIds', MESSAGES.questionTwice);
    const ids = (content.videoQuestions as { id?: string }[]).map((v) => v.id).filter(Boolean);
    if (unique(ids).length !== ids.length) throw refuseField('videoQuestions', MESSAGES.videoTwice);

    const { tests, testQuestions, qualifying, custom } = await contentQuestions(content, { tenant: clientId ?? undefined });
    // A client's test is its own; the library's are everyone's.
    if (tests.filter((t) => !t.clientId || t.clientId === clientId).length !== unique(content.testIds).length) throw refuseField('testIds', MESSAGES.testMissing);
    if (testQuestions.some((q) => q.status !== 'PUBLISHED')) throw refuseField('testIds', ASSESSMENT_MESSAGES.onlyPublished);
    if (qualifying.length !== content.qualifyingQuestionIds.length || qualifying.some((q) => q.origin !== 'BANK' || q.status !== 'PUBLISHED' || !q.isQualifying))
      throw refuseField('qualifyingQuestionIds', MESSAGES.qualifying);
    if (custom.length !== content.customQuestionIds.length || custom.some((q) => q.origin !== 'CUSTOM' || q.clientId !== clientId))
      throw refuseField('customQuestionIds', MESSAGES.customMissing);

    const offered = await activeLanguages(db);
    if (languages.some((l) => !offered.includes(l))) throw refuseField('languages', MESSAGES.unknownLanguage);
    const questions = [...qualifying, ...testQuestions, ...custom];
    const [missing] = missingLanguages(unique(languages), languageItems(questions, content.videoQuestions));
    if (missing) throw refuseField('languages', missingLanguageMessage(missing));
    return { hasCoding: questions.some((q) => q.questionType === 'CODING') };
  }

  /** Going live: coding questions need a sandbox on this server. */
  async function assertCanRun(hasCoding: boolean) {
    if (hasCoding && !(await services.runner.isolation()).ready) throw conflict(ASSESSMENT_MESSAGES.codingNeedsSandbox);
  }

  async function save(existing: AssessmentRow | null, input: AssessmentInput, user: AuthUser) {
    const clientId = existing ? existing.clientId : (tenantOf(user) ?? null);
    let languages = unique(input.languages);
    let videoQuestions = withVideoIds(input.videoQuestions);
    let locked = false;
    if (existing) {
      const { attempts } = await invitationCounts(db, existing.id);
      if (attempts > 0) {
        const { content } = await storedContent(existing);
        if (contentKey(content) !== contentKey({ ...input, languages })) throw conflict(ASSESSMENT_MESSAGES.locked);
        // Unchanged: the stored video questions keep the ids their answers refer to.
        videoQuestions = content.videoQuestions;
        languages = content.languages;
        locked = true;
      }
    }
    if (!locked) {
      const { hasCoding } = await checkContent({ ...input, videoQuestions }, clientId, languages);
      if (existing?.status === 'ACTIVE') await assertCanRun(hasCoding);
    }
    const columns = {
      name: input.name,
      description: input.description ?? null,
      translations: JSON.stringify(input.translations),
      type: input.type,
      languages,
      totalTimeSeconds: input.totalTimeSeconds ?? null,
      validFrom: input.validFrom ?? null,
      validUntil: input.validUntil ?? null,
      proctoring: JSON.stringify(input.proctoring),
      videoQuestions: JSON.stringify(videoQuestions),
      publicSlug: input.type === 'PUBLIC_LINK' ? (existing?.publicSlug ?? newSlug()) : (existing?.publicSlug ?? null),
    };
    const id = await db.transaction().execute(async (trx) => {
      const saved = existing ? await updateAssessment(trx, existing.id, { ...columns, updatedAt: new Date() }) : await insertAssessment(trx, { ...columns, clientId, authorId: user.id, updatedAt: new Date() });
      if (!locked) await writeContent(trx, saved.id, input);
      await recordAudit(trx, { userId: user.id, action: existing ? 'update' : 'create', resource: 'assessments', recordId: saved.id, before: existing, after: { ...saved, ...input } });
      return saved.id;
    });
    return record((await findAssessmentRow(db, id))!);
  }

  r.get('/assessments', { config: assessment('view'), schema: { summary: 'Assessments (simple-rest list): id, name, type, status, clientId, clientName, languages, testCount, invitationCount, completedCount, createdAt, updatedAt. Filters q, type, status, clientId, scope (library | mine).', response: answers(z.array(assessmentRowSchema)), tags, querystring: listQuerystring } }, async (request, reply) => {
    const user = currentUser(request);
    const list = parseListQuery(request.query, spec, ['scope']);
    const tenant = tenantOf(user);
    const scope = list.extra.scope;
    if (scope !== undefined && scope !== 'library' && scope !== 'mine') throw badRequest(MESSAGES.scope);
    // A client's own are already all it sees; for the provider, "mine" means its clients' assessments.
    // A client sees its own and the library assessments the provider gave it (client_assessments).
    const query = narrowAssessments(db, selectAssessmentRows(db, tenant), { library: scope === 'library', ofClients: scope === 'mine' && !tenant, tenant });
    const { rows, total } = await fetchPage(query, tenant ? { ...spec, tenantColumn: undefined } : spec, list, user);
    return sendPage(reply, 'assessments', list, rows.map(listRow), total);
  });

  r.get('/assessments/:id', { config: assessment('view'), schema: { summary: 'One assessment: its fields, tests, qualifying and custom questions by name, publicLink, attemptCount, locked, hasCoding, estimatedMinutes, invitationCounts.', response: answers(assessmentRecordSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const row = await findAssessmentRow(db, request.params.id);
    const tenant = tenantOf(user);
    // A library assessment given to the caller's client is readable (not writable) by its users.
    const granted = row && tenant && row.clientId === null ? await grantSettings(db, tenant, row.id) : undefined;
    // Under the name the client gave it, as its lists say.
    if (row && granted) return ok(await record({ ...row, name: granted.displayName || row.name }, tenant));
    return ok(await record(await findVisible(request.params.id, user)));
  });

  r.post('/assessments', { config: assessment('create'), schema: { summary: "Creates a draft assessment (a client's own, or the provider's library).", response: answers(assessmentRecordSchema), tags, body: assessmentSchema } }, async (request) =>
    ok(await save(null, request.body, currentUser(request))),
  );

  r.put('/assessments/:id', { config: assessment('edit'), schema: { summary: 'Saves an assessment; its content is frozen once attempts exist (409).', response: answers(assessmentRecordSchema), tags, params: idParams, body: assessmentSchema } }, async (request) => {
    const user = currentUser(request);
    return ok(await save(await findVisible(request.params.id, user), request.body, user));
  });

  r.delete('/assessments/:id', { config: assessment('delete'), schema: { summary: 'Deletes an assessment without invitations (answers it as it was).', response: answers(assessmentRecordSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const row = await findVisible(request.params.id, user);
    if (await hasInvitations(db, row.id)) throw conflict(MESSAGES.hasInvitations);
    const before = await record(row);
    await db.transaction().execute(async (trx) => {
      await deleteAssessment(trx, row.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'assessments', recordId: row.id, before });
    });
    return ok(before);
  });

  /** Which languages the content allows: those every question (and video prompt) has, and for the others what lacks them. */
  const builds = { access: (u: AuthUser) => can(u, 'ASSESSMENT', 'create') || can(u, 'ASSESSMENT', 'edit') };
  r.post('/assessments/check-languages', { config: builds, schema: { summary: 'The languages some content allows ({available}) and, for the others, the questions that lack them ({missing: [{language, questionTitles}]}).', response: answers(languageCheckSchema), tags, body: contentSchema } }, async (request) => {
    const user = currentUser(request);
    const tenant = tenantOf(user);
    const { testQuestions, qualifying, custom } = await contentQuestions(request.body, { tenant });
    // Only what the caller could put into an assessment is named: the bank's qualifying questions, its own custom ones.
    const questions = [
      ...qualifying.filter((q) => q.origin === 'BANK'),
      ...testQuestions,
      ...custom.filter((q) => q.origin === 'CUSTOM' && (!tenant || q.clientId === tenant)),
    ];
    const items = languageItems(questions, request.body.videoQuestions);
    const offered = await activeLanguages(db);
    const available = offered.filter((language) => items.every((item) => item.languages.includes(language)));
    const missing = missingLanguages(
      offered.filter((l) => !available.includes(l)),
      items,
    );
    return ok({ available, missing });
  });

  r.put('/assessments/:id/status', { config: assessment('edit'), schema: { summary: 'Moves an assessment: DRAFT → ACTIVE (content, languages and, for coding, a sandbox checked), ACTIVE ↔ CLOSED, back to DRAFT without attempts.', response: answers(assessmentRecordSchema), tags, params: idParams, body: assessmentStatusSchema } }, async (request) => {
    const user = currentUser(request);
    const row = await findVisible(request.params.id, user);
    const to = request.body.status;
    if (to !== row.status) {
      if (!STATUS_MOVES[row.status].includes(to)) throw conflict(MESSAGES.draftClosed);
      const { attempts } = await invitationCounts(db, row.id);
      if (to === 'DRAFT' && attempts > 0) throw conflict(MESSAGES.backToDraft);
      if (to === 'ACTIVE') {
        const { content } = await storedContent(row);
        if (!content.testIds.length && !content.customQuestionIds.length && !content.videoQuestions.length) throw badRequest(MESSAGES.empty, { testIds: MESSAGES.empty });
        // The stored content must still be what an assessment may hold (a question may have changed since it was saved).
        const { hasCoding } = attempts > 0 ? { hasCoding: await hasCodingQuestion(db, row.id) } : await checkContent(content, row.clientId, row.languages);
        await assertCanRun(hasCoding);
      }
      await db.transaction().execute(async (trx) => {
        await setAssessmentStatus(trx, row.id, to, to === 'ACTIVE' && row.type === 'PUBLIC_LINK' && !row.publicSlug ? newSlug() : undefined);
        await recordAudit(trx, { userId: user.id, action: 'update', resource: 'assessments', recordId: row.id, before: { status: row.status }, after: { status: to } });
      });
    }
    return ok(await record((await findAssessmentRow(db, row.id))!));
  });

  r.post('/assessments/:id/copy', { config: assessment('create'), schema: { summary: 'A new draft with the same content, named "<name> (copy)".', response: answers(assessmentRecordSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const source = await findVisible(request.params.id, user);
    const suffix = ' (copy)';
    const name = `${source.name.slice(0, ASSESSMENT_LIMITS.nameMax - suffix.length)}${suffix}`;
    const id = await db.transaction().execute(async (trx) => {
      const copy = await copyAssessment(trx, source, { name, publicSlug: source.type === 'PUBLIC_LINK' ? newSlug() : null, authorId: user.id });
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'assessments', recordId: copy.id, after: { ...copy, copiedFrom: source.id } });
      return copy.id;
    });
    return ok(await record((await findAssessmentRow(db, id))!));
  });

  // What an assessment may hold, for everyone who builds them (clients too: the test library and
  // the bank are otherwise the provider's). Summaries only: no question content, no answer keys.
  r.get('/library-tests', { config: assessment('view'), schema: { summary: 'The test library for assessment builders: tests of published questions, with questionCount and the languages every question has.', response: answers(z.array(libraryTestRowSchema)), tags, querystring: listQuerystring } }, async (request, reply) => {
    const list = parseListQuery(request.query, libraryTestSpec);
    const { rows, total } = await fetchPage(selectLibraryTests(db), libraryTestSpec, list, currentUser(request));
    return sendPage(reply, 'library-tests', list, rows.map(libraryTestRow), total);
  });

  r.get('/qualifying-questions', { config: assessment('view'), schema: { summary: "The bank's published qualifying questions for assessment builders: text, languages, and which answers disqualify (no points).", response: answers(z.array(qualifyingRowSchema)), tags, querystring: listQuerystring } }, async (request, reply) => {
    const list = parseListQuery(request.query, qualifyingSpec);
    const { rows, total } = await fetchPage(selectQualifyingQuestions(db), qualifyingSpec, list, currentUser(request));
    return sendPage(reply, 'qualifying-questions', list, rows.map(qualifyingRow), total);
  });

  await selfAssessmentRoutes(app, services);
}
