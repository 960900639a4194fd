/**
 * Candidate reports (DESIGN.md section 6a): an attempt's scores, answers, evidence and band texts
 * (`/api/candidate-reports/:invitationId`), a reviewer's points for short-text answers, rescoring an
 * attempt or a whole assessment, and a Self Assessment user's own reports. Staff read within their
 * tenant (another client's attempt answers 404); a candidate's link token reads none of it.
 */
import { selfAssessmentTenant } from '../../../src/domain/assessment';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../../src/domain/permissions';
import { candidateReportSchema, rescoreQueuedSchema, selfReportRowSchema } from '../../../src/domain/report';
import { maxPointsFor } from '../../../src/domain/scoring';
import { acceptedAnswers, answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams } from '../../lib/crud';
import { badRequest, conflict, notFound, says } from '../../lib/errors';
import { tenantOf } from '../../lib/rest';
import type { DB } from '../../db/index';
import type { Services } from '../../services';
import { findAssessmentRow } from '../assessments/queries';
import { answersOf, attemptFacts, completedAttemptsOf, findReview, lockInvitation, partsOf, saveReview, scorableQuestions, selfReports, type AttemptFacts } from './queries';
import { buildReport, reportLanguage } from './report';
import { scoreInvitation, scoringQueueFor } from './scoring';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

/** The reports' field messages (their zod schemas); the rest are codes (src/domain/messages.ts). */
export const REPORT_MESSAGES = {
  language: FIELD_MESSAGES.languageNotValid,
  pointsNumber: FIELD_MESSAGES.pointsNumber,
  comment: FIELD_MESSAGES.commentMost2000Characters,
} as const;

const reportParams = z.object({ invitationId: z.uuid(FIELD_MESSAGES.idNotValid) });
const reviewParams = reportParams.extend({ questionId: z.uuid('The question id is not valid.') });
const reportQuery = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, REPORT_MESSAGES.language)
    .optional()
    .describe('The language of the report’s texts (a content language code such as en or hi); else the reader’s'),
});
const reviewBody = z.strictObject({
  points: z.number({ error: REPORT_MESSAGES.pointsNumber }),
  comment: z.string().trim().max(2000, REPORT_MESSAGES.comment).nullish(),
});

/** Staff who read candidates' attempts (rule B), or whoever takes self assessments (their own only). */
export const readsReports = (user: AuthUser) => can(user, 'CANDIDATES', 'view') || selfAssessmentTenant(user) !== null;

/** Who may read an attempt's report, and how: staff within their tenant, or the candidate of their own self assessment. */
export interface ReportAccess {
  facts: AttemptFacts;
  /** The candidate reading their own self assessment (no proctoring, no answer keys). */
  self: boolean;
}

/**
 * The attempt a signed-in user may read the report of; 404 for anything else (another client's,
 * someone else's self assessment, an unknown id). The PDF of a report checks the same.
 */
export async function reportAccess(db: DB, user: AuthUser, invitationId: string): Promise<ReportAccess> {
  const facts = await attemptFacts(db, invitationId);
  if (!facts) throw notFound();
  if (can(user, 'CANDIDATES', 'view')) {
    const tenant = tenantOf(user);
    if (tenant && facts.clientId !== tenant) throw notFound();
    return { facts, self: false };
  }
  // Their own self assessment, of the tenant they take self assessments in.
  const tenant = selfAssessmentTenant(user);
  const own = tenant !== null && facts.assessmentType === 'SELF' && facts.clientId === tenant.clientId && facts.candidateUserId === user.id;
  if (!own) throw notFound();
  return { facts, self: true };
}


export default async function scoreRoutes(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['candidate-reports'];
  const queue = scoringQueueFor(services, app.log);
  app.addHook('onClose', () => queue.stop());

  /** The report as this request reads it: in the language it asks for, else the attempt's, else the reader's. */
  const report = async (access: ReportAccess, user: AuthUser, request: { query: { language?: string }; headers: { 'accept-language'?: string } }) =>
    buildReport({ db, storage: services.storage }, access.facts, {
      language: reportLanguage(request.query.language, access.facts, request.headers['accept-language']),
      self: access.self,
      mayReview: !access.self && can(user, 'CANDIDATES', 'edit'),
    });

  /** The attempt's report for staff who may change candidates' records (reviews, rescoring). */
  async function editable(user: AuthUser, invitationId: string): Promise<ReportAccess> {
    const access = await reportAccess(db, user, invitationId);
    if (access.self) throw notFound();
    return access;
  }

  r.get(
    '/candidate-reports/:invitationId',
    {
      config: { access: readsReports },
      schema: {
        tags,
        summary: 'A candidate’s report (src/domain/report.ts CandidateReport): scores and bands, band texts in the language asked for, answers with points and keyed answers, coding cases, video answers, proctoring evidence, percentile.',
        params: reportParams,
        querystring: reportQuery,
        response: answers(candidateReportSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const access = await reportAccess(db, user, request.params.invitationId);
      return ok(await report(access, user, request));
    },
  );

  r.post(
    '/candidate-reports/:invitationId/rescore',
    {
      config: { access: { entity: 'CANDIDATES', action: 'edit' } },
      schema: { tags, summary: 'Scores a completed attempt again with the current questions and scoring version; answers the report.', params: reportParams, querystring: reportQuery, response: answers(candidateReportSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const access = await editable(user, request.params.invitationId);
      if (access.facts.status !== 'COMPLETED') throw conflict(says('scoreNotCompleted'));
      const scored = await scoreInvitation(db, access.facts.id, { publicUrl: config.publicUrl });
      if (scored?.mailed) services.mailer.kick();
      return ok(await report(access, user, request));
    },
  );

  r.put(
    '/candidate-reports/:invitationId/reviews/:questionId',
    {
      config: { access: { entity: 'CANDIDATES', action: 'edit' } },
      schema: {
        tags,
        summary: 'A reviewer’s points (0 to the question’s maximum) and comment for a short-text answer; the attempt is scored again and its report answered.',
        params: reviewParams,
        querystring: reportQuery,
        body: reviewBody,
        response: answers(candidateReportSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { invitationId, questionId } = request.params;
      const access = await editable(user, invitationId);
      if (access.facts.status !== 'COMPLETED') throw conflict(says('reviewNotCompleted'));
      const inAttempt = (await partsOf(db, invitationId)).some((p) => p.kind !== 'VIDEO' && p.questionIds.includes(questionId));
      const question = inAttempt ? (await scorableQuestions(db, [questionId])).get(questionId) : undefined;
      if (!question) throw notFound(says('notInAttempt'));
      if (question.questionType !== 'SHORT_TEXT') throw badRequest(says('notShortText'), { questionId: says('notShortText') });
      const answer = (await answersOf(db, invitationId)).get(questionId)?.answer;
      if (!answer || !('text' in answer) || !answer.text.trim()) throw conflict(says('notAnswered'));
      const max = maxPointsFor(question);
      const { points } = request.body;
      if (!Number.isFinite(points) || points < 0 || points > max) throw badRequest(says('pointsBetween', { max }), { points: says('pointsBetween', { max }) });
      const review = { points: Math.round(points * 100) / 100, comment: request.body.comment || null };

      await db.transaction().execute(async (trx) => {
        await lockInvitation(trx, invitationId);
        const before = await findReview(trx, invitationId, questionId);
        await saveReview(trx, { invitationId, questionId }, review, user.id);
        await recordAudit(trx, { userId: user.id, action: before ? 'update' : 'create', resource: 'answer-reviews', recordId: invitationId, before: before && { questionId, ...before }, after: { questionId, ...review } });
      });
      const scored = await scoreInvitation(db, invitationId, { publicUrl: config.publicUrl });
      if (scored?.mailed) services.mailer.kick();
      return ok(await report(access, user, request));
    },
  );

  r.post(
    '/assessments/:id/rescore',
    {
      config: { access: { entity: 'ASSESSMENT', action: 'edit' } },
      schema: { tags: ['assessments', ...tags], summary: 'Scores every completed attempt of an assessment again, in the background: 202 with {queued}.', params: idParams, response: acceptedAnswers(rescoreQueuedSchema) },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const assessment = await findAssessmentRow(db, request.params.id);
      const tenant = tenantOf(user);
      if (!assessment || (tenant && assessment.clientId !== tenant)) throw notFound();
      const ids = await completedAttemptsOf(db, assessment.id);
      for (const id of ids) queue.enqueue(id);
      await recordAudit(db, { userId: user.id, action: 'update', resource: 'assessments', recordId: assessment.id, after: { rescored: ids.length } });
      return reply.code(202).send(ok({ queued: ids.length }));
    },
  );

  r.get(
    '/my-reports',
    {
      config: { access: (user: AuthUser) => user.role === 'USER' },
      schema: { tags, summary: "A Self Assessment user's own attempts: [{invitationId, assessmentId, assessmentName, status, startedAt, completedAt, percent, band, complete, scoredAt}]; each report at /api/candidate-reports/:invitationId.", response: answers(z.array(selfReportRowSchema)) },
    },
    async (request) => {
      const rows = await selfReports(db, currentUser(request).id);
      return ok(rows.map((row) => ({ ...row, percent: row.percent === null ? null : Number(row.percent), complete: row.complete ?? null })));
    },
  );
}
