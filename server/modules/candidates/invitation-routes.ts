/**
 * Invitations on the staff side (the candidates module's): the list with each attempt's stored
 * score and, within one assessment, its percentile, exported whole for a CSV; invite one or many
 * (each row in its own transaction); resend with a new link; revoke before it is opened; extend
 * the expiry; extra time.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSESSMENT_MESSAGES,
  candidateSchema,
  extendSchema,
  extraTimeBodySchema,
  INVITABLE_TYPES,
  INVITATION_MESSAGES,
  inviteSchema,
  MAX_INVITES_PER_REQUEST,
  type InviteRowResult,
} from '../../../src/domain/assessment';
import { fieldErrors } from '../../../src/domain/schemas';
import { exportRowSchema, invitationActionSchema, invitationRowSchema, inviteAnswerSchema, participantRowSchema } from '../../../src/domain/invitationAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, HttpError, notFound, refuseField, says } from '../../lib/errors';
import { candidateWithEmail, defaultExpiry, expireLapsed, findOrCreateCandidate, issueInvitation, mailInvitation, reissueToken, takeLink } from '../../lib/invitations';
import { revokeUnopened } from '../../lib/licences';
import { parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { estimatesOf, findAssessmentRow } from '../assessments/queries';
import { invitingClient } from '../clients/queries';
import { candidates, findVisibleInvitation as visibleInvitation } from './access';
import { exportParticipants, fetchParticipants, MAX_EXPORT_ROWS, participantRow, SCORE_FIELDS, SKILL_BAND_FILTER } from './comparison';
import {
  findInvitation,
  findInvitationTo,
  invitationRow,
  levelCondition,
  markInvitationMailed,
  markInvitationResent,
  onlineSince,
  setExtraTime,
  setInvitationExpiry,
  type InvitationListRow,
} from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

/** The invitations list (also read by bench/comparison-list.ts). */
export const invitationSpec: ListSpec = {
  resource: 'invitations',
  fields: {
    candidateId: 'invitations.candidateId',
    candidateName: 'candidates.name',
    candidateEmail: 'candidates.email',
    assessmentId: 'invitations.assessmentId',
    assessmentName: 'assessments.name',
    clientId: 'invitations.clientId',
    entryType: 'invitations.entryType',
    status: 'invitations.status',
    invitedAt: 'invitations.invitedAt',
    startedAt: 'invitations.startedAt',
    completedAt: 'invitations.completedAt',
    expiresAt: 'invitations.expiresAt',
    lastSeenAt: 'invitations.lastSeenAt',
    ...SCORE_FIELDS,
  },
  sortable: ['candidateName', 'candidateEmail', 'assessmentName', 'status', 'invitedAt', 'startedAt', 'completedAt', 'expiresAt', 'lastSeenAt', 'percent', 'percentile', 'integrity'],
  filterable: ['candidateId', 'assessmentId', 'clientId', 'entryType', 'status', 'invitedAt', 'startedAt', 'completedAt', 'expiresAt', 'percent', 'integrity', 'band'],
  types: {
    candidateId: 'uuid',
    assessmentId: 'uuid',
    clientId: 'uuid',
    invitedAt: 'date',
    startedAt: 'date',
    completedAt: 'date',
    expiresAt: 'date',
  },
  searchable: ['candidates.name', 'candidates.email', 'assessments.name'],
  defaultSort: ['invitedAt', 'DESC'],
  tenantColumn: 'invitations.clientId',
};

const MESSAGES = {
  notInvited: FIELD_MESSAGES.candidatesInvitedInvitedSelf,
  language: FIELD_MESSAGES.chooseAssessmentsLanguages,
  expiryPast: FIELD_MESSAGES.expiryFuture,
  over: FIELD_MESSAGES.attemptOverSoCannot,
  withdrawn: FIELD_MESSAGES.invitationWithdrawnSoCannot,
  expired: FIELD_MESSAGES.invitationExpiredExtendExpiry,
  rowFailed: FIELD_MESSAGES.candidateCouldNotInvited,
  level: FIELD_MESSAGES.levelFilterAllOnline,
  resent: FIELD_MESSAGES.newLinkSentPrevious,
  extraTime: FIELD_MESSAGES.extraTimeAppliesParts,
} as const;

const tags = ['invitations'];

/** Candidates are checked row by row (a bad row is reported, never blocks the others), so the body takes any row. */
const inviteBody = inviteSchema.extend({
  candidates: z
    .array(z.unknown(), { error: FIELD_MESSAGES.addLeastCandidate })
    .min(1, FIELD_MESSAGES.addLeastCandidate)
    .max(MAX_INVITES_PER_REQUEST, `At most ${MAX_INVITES_PER_REQUEST} candidates at once`)
    .describe('Rows of {name, email, phone}, each checked on its own'),
});

/** Finished, disqualified, or expired after it began: nothing about the attempt changes any more (a link that lapsed unopened may be extended). */
const attemptOver = (i: Pick<InvitationListRow, 'status' | 'startedAt'>) =>
  i.status === 'COMPLETED' || i.status === 'DISQUALIFIED' || (i.status === 'EXPIRED' && !!i.startedAt);

/** Registered by the candidates module's routes. */
export default async function invitationRoutes(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const findVisibleInvitation = (id: string, user: AuthUser) => visibleInvitation(db, id, user);

  /** Specification section 9's level filter: online = taking an assessment right now (its page heard from within the window). */
  function levelOf(level: unknown, since: Date) {
    if (level !== undefined && level !== 'all' && level !== 'online' && level !== 'offline') throw badRequest(MESSAGES.level);
    return levelCondition(level === 'all' ? undefined : level, since);
  }

  const listFilters = ['level', SKILL_BAND_FILTER];

  r.get(
    '/invitations',
    {
      config: candidates('view'),
      schema: {
        summary:
          'Invitations (simple-rest list): candidate and assessment named, status, dates, revokedAt, lastSeenAt, online, extraTime, and the stored score: percent, band, integrity, complete, testScores [{testId, percent, band}], percentile (among the assessment’s scored attempts; only when the filter names one assessment, else null). Filters q, status, assessmentId, candidateId, entryType, invitedAt/completedAt ranges, level (all | online | offline), integrity, band, skillBand ("<skill id>:<band>"). Sorts include percent, percentile (one assessment) and integrity; unscored rows come last.',
        tags, response: answers(z.array(participantRowSchema)),
        querystring: listQuerystring,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, invitationSpec, listFilters);
      await expireLapsed(db);
      const since = onlineSince();
      const { rows, total } = await fetchParticipants(db, invitationSpec, list, currentUser(request), { extra: levelOf(list.extra.level, since) });
      return sendPage(reply, 'invitations', list, rows.map((row) => participantRow(row, since)), total);
    },
  );

  r.get(
    '/invitations/export',
    {
      config: candidates('view'),
      schema: {
        summary: `Every row of an invitations list (sort and filter as GET /api/invitations; no range), for a CSV made in the browser: [{id, candidateName, candidateEmail, status, revokedAt, invitedAt, startedAt, completedAt, percent, band, integrity, complete, percentile, testScores}]. At most ${MAX_EXPORT_ROWS} rows (400 beyond).`,
        tags, response: answers(z.array(exportRowSchema)),
        querystring: listQuerystring,
      },
    },
    async (request) => {
      const list = parseListQuery({ ...request.query, range: undefined }, invitationSpec, listFilters);
      await expireLapsed(db);
      const since = onlineSince();
      const rows = await exportParticipants(db, invitationSpec, list, currentUser(request), { extra: levelOf(list.extra.level, since) });
      return ok(
        rows.map((row) => {
          const r = participantRow(row, since);
          return {
            id: r.id,
            candidateName: r.candidateName,
            candidateEmail: r.candidateEmail,
            status: r.status,
            revokedAt: r.revokedAt,
            invitedAt: r.invitedAt,
            startedAt: r.startedAt,
            completedAt: r.completedAt,
            percent: r.percent,
            band: r.band,
            integrity: r.integrity,
            complete: r.complete,
            percentile: r.percentile,
            testScores: r.testScores,
          };
        }),
      );
    },
  );

  r.get('/invitations/:id', { config: candidates('view'), schema: { summary: 'One invitation (as a list row).', tags, response: answers(invitationRowSchema), params: idParams } }, async (request) => ok(invitationRow(await findVisibleInvitation(request.params.id, currentUser(request)))));

  r.post('/invitations', { config: candidates('create'), schema: { summary: 'Invites up to 500 candidates to an active Invited assessment: {rows: [{row, email, outcome INVITED | DUPLICATE | FAILED, message, invitationId}], invited, duplicates, failed}.', tags, response: answers(inviteAnswerSchema), body: inviteBody } }, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    const assessment = await findAssessmentRow(db, body.assessmentId);
    // Clients invite to their own assessments and to the library ones given to them; another's is not found.
    const inviting = assessment ? await invitingClient(db, tenantOf(user), assessment) : undefined;
    if (!assessment || !inviting) throw notFound();
    // A given library assessment's invitations and candidates are the client's (its credits pay for them).
    const { clientId: ownerId, granted } = inviting;
    if (granted?.languages && body.language && !granted.languages.includes(body.language))
      throw refuseField('language', says('grantedLanguage', { languages: granted.languages.join(', ') }));
    if (assessment.status !== 'ACTIVE') throw refuseField('assessmentId', ASSESSMENT_MESSAGES.notActive);
    if (!INVITABLE_TYPES.includes(assessment.type)) throw refuseField('assessmentId', MESSAGES.notInvited);
    const now = new Date();
    if (assessment.validUntil && assessment.validUntil < now) throw refuseField('assessmentId', ASSESSMENT_MESSAGES.outsideValidity);
    if (body.language && !assessment.languages.includes(body.language)) throw refuseField('language', MESSAGES.language);
    if (body.expiresAt && Date.parse(body.expiresAt) <= now.getTime()) throw refuseField('expiresAt', MESSAGES.expiryPast);
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : granted?.invitationDays ? new Date(now.getTime() + granted.invitationDays * 86_400_000) : defaultExpiry(now);
    const estimatedMinutes = (await estimatesOf(db, [assessment])).get(assessment.id) ?? 0;

    const rows: InviteRowResult[] = [];
    /** Emails of earlier rows: a repeat is reported on its row, never merged into the first. */
    const seen = new Set<string>();
    for (const [index, raw] of body.candidates.entries()) {
      const row = index + 1;
      const sent = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
      const email = typeof sent?.email === 'string' ? sent.email.trim().toLowerCase().slice(0, 254) : '';
      // A CSV may carry more columns than these: only the candidate's own are read.
      const parsed = sent ? candidateSchema.safeParse({ name: sent.name, email: sent.email, phone: sent.phone }) : null;
      if (!parsed?.success) {
        rows.push({ row, email, outcome: 'FAILED', message: (parsed && Object.values(fieldErrors(parsed.error))[0]) || MESSAGES.rowFailed });
        continue;
      }
      const person = parsed.data;
      if (seen.has(person.email)) {
        rows.push({ row, email: person.email, outcome: 'DUPLICATE', message: INVITATION_MESSAGES.repeated });
        continue;
      }
      seen.add(person.email);
      try {
        rows.push(
          await db.transaction().execute(async (trx): Promise<InviteRowResult> => {
            // Already invited: reported as it is, the stored person unchanged (a list's later row does not rename them).
            const known = await candidateWithEmail(trx, ownerId, person.email);
            const existing = known && (await findInvitationTo(trx, assessment.id, known.id));
            if (existing) return { row, email: person.email, outcome: 'DUPLICATE', message: INVITATION_MESSAGES.duplicate, invitationId: existing.id };
            const candidate = await findOrCreateCandidate(trx, { clientId: ownerId, name: person.name, email: person.email, phone: person.phone, createdBy: user.id });
            const { id, token } = await issueInvitation(trx, {
              assessmentId: assessment.id,
              candidateId: candidate.id,
              clientId: ownerId,
              entryType: 'INVITE',
              invitedBy: user.id,
              expiresAt,
              extraTime: body.extraTime ?? null,
              language: body.language ?? null,
            });
            await mailInvitation(trx, { to: person.email, candidateName: person.name, assessment: granted?.displayName ? { name: granted.displayName } : assessment, language: body.language ?? null, link: takeLink(config.publicUrl, token), expiresAt, estimatedMinutes });
            await markInvitationMailed(trx, id);
            await recordAudit(trx, { userId: user.id, action: 'create', resource: 'invitations', recordId: id, after: { assessmentId: assessment.id, candidateId: candidate.id, email: person.email } });
            return { row, email: person.email, outcome: 'INVITED', invitationId: id };
          }),
        );
      } catch (error) {
        // Two requests inviting the same person at once: the unique index decides, and the loser is the duplicate.
        const duplicate = (error as { code?: string }).code === '23505';
        if (!duplicate && !(error instanceof HttpError)) request.log.error({ err: error, row }, 'invitation row failed');
        rows.push(
          duplicate
            ? { row, email: person.email, outcome: 'DUPLICATE', message: INVITATION_MESSAGES.duplicate }
            : { row, email: person.email, outcome: 'FAILED', message: error instanceof HttpError ? error.message : MESSAGES.rowFailed },
        );
      }
    }
    const count = (outcome: InviteRowResult['outcome']) => rows.filter((r) => r.outcome === outcome).length;
    return ok({ rows, invited: count('INVITED'), duplicates: count('DUPLICATE'), failed: count('FAILED') });
  });

  /** A new link, mailed again; the old one stops working. */
  r.post('/invitations/:id/resend', { config: candidates('edit'), schema: { summary: 'Mails a new link; the previous link stops working.', tags, response: answers(invitationActionSchema), params: idParams } }, async (request) => {
    const user = currentUser(request);
    const invitation = await findVisibleInvitation(request.params.id, user);
    if (attemptOver(invitation)) throw conflict(MESSAGES.over);
    if (invitation.revokedAt) throw conflict(MESSAGES.withdrawn);
    if (invitation.status === 'EXPIRED') throw conflict(MESSAGES.expired);
    const assessment = (await findAssessmentRow(db, invitation.assessmentId))!;
    // A link to an assessment that is not taking candidates would only disappoint (one under way may still finish).
    if (invitation.status === 'PENDING' && assessment.status !== 'ACTIVE') throw conflict(ASSESSMENT_MESSAGES.notActive);
    const estimatedMinutes = (await estimatesOf(db, [assessment])).get(assessment.id) ?? 0;
    await db.transaction().execute(async (trx) => {
      const token = await reissueToken(trx, invitation.id);
      await mailInvitation(trx, {
        to: invitation.candidateEmail,
        candidateName: invitation.candidateName,
        assessment,
        language: invitation.language,
        link: takeLink(config.publicUrl, token),
        expiresAt: invitation.expiresAt,
        estimatedMinutes,
      });
      await markInvitationResent(trx, invitation.id);
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'invitations', recordId: invitation.id, after: { resent: true } });
    });
    return ok({ ...invitationRow((await findInvitation(db, invitation.id))!), message: MESSAGES.resent });
  });

  /** Withdraws a link that was never opened (the status stays PENDING; lists show it revoked). */
  r.post('/invitations/:id/revoke', { config: candidates('edit'), schema: { summary: 'Withdraws a link that was never opened (409 once opened).', tags, response: answers(invitationRowSchema), params: idParams } }, async (request) => {
    const user = currentUser(request);
    const invitation = await findVisibleInvitation(request.params.id, user);
    if (!invitation.revokedAt) {
      const unopened = !invitation.openedAt && !invitation.startedAt && (invitation.status === 'PENDING' || invitation.status === 'EXPIRED');
      if (!unopened) throw conflict(INVITATION_MESSAGES.alreadyStarted);
      const revoked = await db.transaction().execute(async (trx) => {
        // Only while still unopened: a candidate opening it meanwhile wins. Its credit goes back, once.
        const { revoked, refundedLicenceId } = await revokeUnopened(trx, invitation.id);
        if (revoked) await recordAudit(trx, { userId: user.id, action: 'update', resource: 'invitations', recordId: invitation.id, before: { revokedAt: null }, after: { revoked: true, refundedLicenceId } });
        return revoked;
      });
      if (!revoked) throw conflict(INVITATION_MESSAGES.alreadyStarted);
    }
    return ok(invitationRow((await findInvitation(db, invitation.id))!));
  });

  /** A later expiry; an invitation that lapsed unopened becomes PENDING again. */
  r.put('/invitations/:id/expiry', { config: candidates('edit'), schema: { summary: 'A later expiry (in the future); a lapsed, unopened invitation becomes PENDING again.', tags, response: answers(invitationRowSchema), params: idParams, body: extendSchema } }, async (request) => {
    const user = currentUser(request);
    const invitation = await findVisibleInvitation(request.params.id, user);
    const expiresAt = new Date(request.body.expiresAt);
    if (expiresAt.getTime() <= Date.now()) throw badRequest(MESSAGES.expiryPast, { expiresAt: MESSAGES.expiryPast });
    if (attemptOver(invitation)) throw conflict(MESSAGES.over);
    await db.transaction().execute(async (trx) => {
      await setInvitationExpiry(trx, invitation.id, expiresAt, invitation.status === 'EXPIRED');
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'invitations', recordId: invitation.id, before: { expiresAt: invitation.expiresAt, status: invitation.status }, after: { expiresAt } });
    });
    return ok(invitationRow((await findInvitation(db, invitation.id))!));
  });

  /** Extra time for accommodations: the parts started from now on get it (a part's deadline is written when it starts). */
  r.put('/invitations/:id/extra-time', { config: candidates('edit'), schema: { summary: 'Extra time ({percent} or {minutes}, or null) for the parts started from now on.', tags, response: answers(invitationActionSchema), params: idParams, body: extraTimeBodySchema } }, async (request) => {
    const user = currentUser(request);
    const invitation = await findVisibleInvitation(request.params.id, user);
    if (attemptOver(invitation)) throw conflict(MESSAGES.over);
    const extraTime = request.body.extraTime;
    await db.transaction().execute(async (trx) => {
      await setExtraTime(trx, invitation.id, extraTime);
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'invitations', recordId: invitation.id, before: { extraTime: invitation.extraTime }, after: { extraTime } });
    });
    return ok({ ...invitationRow((await findInvitation(db, invitation.id))!), message: MESSAGES.extraTime });
  });
}
