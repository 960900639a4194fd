/**
 * Self Assessments (the assessments module's): a signed-in USER takes the library's self
 * assessments from their account, and a client's own people take their client's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSESSMENT_MESSAGES, selfAssessmentTenant } from '../../../src/domain/assessment';
import { selfAssessmentSchema, selfAssessmentStartSchema } from '../../../src/domain/assessmentAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams } from '../../lib/crud';
import { conflict, notFound, says } from '../../lib/errors';
import { findOrCreateCandidate, issueInvitation, reissueToken, takeLink } from '../../lib/invitations';
import type { Services } from '../../services';
import { estimatesOf, findAccount, findCandidateOfUser, findInvitationOf, findSelfAssessment, selfAssessments } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const SELF_MESSAGES = {
  done: FIELD_MESSAGES.youAlreadyCompletedAssessment,
  expired: FIELD_MESSAGES.yourAttemptAssessmentExpired,
} as const;

/** Registered by the assessments module's routes, under its tags. */
export default async function selfAssessmentRoutes(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assessments'];

  // Self Assessment: a signed-in USER takes the library's self assessments from their account, and a
  // client's own people (its account, its team members) take their client's.
  const selfUser = { access: (u: AuthUser) => selfAssessmentTenant(u) !== null };
  const tenantOfSelf = (user: AuthUser) => selfAssessmentTenant(user)!;

  r.get('/self-assessments', { config: selfUser, schema: { summary: "Active Self Assessments of the library for a signed-in USER, each with the user's own invitation ({id, status, startedAt, completedAt}) or null.", response: answers(z.array(selfAssessmentSchema)), tags } }, async (request) => {
    const user = currentUser(request);
    const rows = await selfAssessments(db, user.id, tenantOfSelf(user), new Date());
    const estimates = await estimatesOf(db, rows);
    return ok(
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        translations: row.translations,
        languages: row.languages,
        estimatedMinutes: estimates.get(row.id) ?? 0,
        invitation: row.invitationId ? { id: row.invitationId, status: row.invitationStatus!, startedAt: row.startedAt, completedAt: row.completedAt } : null,
      })),
    );
  });

  r.post('/self-assessments/:id/start', { config: selfUser, schema: { summary: 'Starts or resumes a Self Assessment: answers {invitationId, token, link} (a fresh link each time).', response: answers(selfAssessmentStartSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const now = new Date();
    const { clientId } = tenantOfSelf(user);
    const target = await findSelfAssessment(db, request.params.id, clientId);
    if (!target) throw notFound();
    if ((target.validFrom && target.validFrom > now) || (target.validUntil && target.validUntil < now)) throw conflict(ASSESSMENT_MESSAGES.outsideValidity);
    const account = await findAccount(db, user.id);
    const started = await db.transaction().execute(async (trx) => {
      // The person as a candidate of the assessment's tenant (a client's own people are its candidates too).
      const own = await findCandidateOfUser(trx, user.id, clientId);
      const candidateId = own?.id ?? (await findOrCreateCandidate(trx, { clientId, name: account.name, email: account.email, userId: user.id, createdBy: user.id })).id;
      const existing = await findInvitationOf(trx, target.id, candidateId);
      if (!existing) {
        // A client's: one of its credits, as every invitation to its assessments.
        const issued = await issueInvitation(trx, { assessmentId: target.id, candidateId, clientId, entryType: 'TEST', invitedBy: user.id, expiresAt: null });
        await recordAudit(trx, { userId: user.id, action: 'create', resource: 'invitations', recordId: issued.id, after: { assessmentId: target.id, candidateId, entryType: 'TEST' } });
        return issued;
      }
      if (existing.status === 'COMPLETED' || existing.status === 'DISQUALIFIED') throw conflict(SELF_MESSAGES.done);
      if (existing.status === 'EXPIRED') throw conflict(SELF_MESSAGES.expired);
      if (existing.revokedAt) throw conflict(says('linkRevoked'));
      // The user is signed in, so handing out a fresh link (the old one stops working) is safe.
      return { id: existing.id, token: await reissueToken(trx, existing.id) };
    });
    return ok({ invitationId: started.id, token: started.token, link: takeLink(config.publicUrl, started.token) });
  });
}
