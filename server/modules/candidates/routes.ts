/**
 * Candidates and invitations on the staff side (rule B, tenant-scoped): the people, their
 * invitations (invite one or many, each row in its own transaction; resend with a new link;
 * revoke before it is opened; extend the expiry; extra time), and an attempt's progress, evidence
 * and timeline (`/api/test-result/:invitationId`); the list with each attempt's stored score and,
 * within one assessment, its percentile, exported whole for a CSV, and 2 to 4 candidates of an
 * assessment compared (comparison.ts). The scores themselves come from server/modules/scores.
 */
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
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
  type VideoQuestion,
} from '../../../src/domain/assessment';
import { fieldErrors } from '../../../src/domain/schemas';
import type { Action } from '../../../src/domain/permissions';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, HttpError, notFound, refuseField, says } from '../../lib/errors';
import { candidateWithEmail, defaultExpiry, expireLapsed, findOrCreateCandidate, issueInvitation, mailInvitation, reissueToken, takeLink } from '../../lib/invitations';
import { revokeUnopened } from '../../lib/licences';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import {
  assessmentSkills,
  assessmentTests,
  compareCandidates,
  COMPARE_MAX,
  COMPARE_MIN,
  COMPARISON_MESSAGES,
  exportParticipants,
  fetchParticipants,
  MAX_EXPORT_ROWS,
  parseCompareIds,
  participantRow,
  SCORE_FIELDS,
  SKILL_BAND_FILTER,
} from './comparison';
import type { Services } from '../../services';
import { estimatesOf, findAssessmentRow, videoTitle } from '../assessments/queries';
import { eraseResumes, resumesOf } from '../careers/queries';
import { grantSettings, invitingClient } from '../clients/queries';
import {
  answersOf,
  assessmentOf,
  candidateHasBegun,
  candidateRow,
  eventsOf,
  findInvitation,
  invitationRow,
  mediaOf,
  onlineSince,
  partsOf,
  questionTitles,
  selectCandidates,
  selectInvitations,
  type InvitationListRow,
} from './queries';

const candidateSpec: ListSpec = {
  resource: 'candidates',
  fields: {
    name: 'candidates.name',
    email: 'candidates.email',
    clientId: 'candidates.clientId',
    createdAt: 'candidates.createdAt',
    updatedAt: 'candidates.updatedAt',
  },
  sortable: ['name', 'email', 'createdAt', 'updatedAt'],
  filterable: ['clientId', 'createdAt', 'updatedAt'],
  types: { clientId: 'uuid', createdAt: 'date', updatedAt: 'date' },
  searchable: ['candidates.name', 'candidates.email', 'candidates.phone'],
  defaultSort: ['createdAt', 'DESC'],
  tenantColumn: 'candidates.clientId',
};

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
  emailTaken: 'A candidate with this email already exists.',
  candidateBegun: 'This candidate has started an assessment, so they cannot be deleted.',
  notInvited: 'Candidates are invited to Invited and Self assessments; share a Public Link assessment’s link instead.',
  language: 'Choose one of the assessment’s languages.',
  expiryPast: 'The expiry must be in the future.',
  over: 'This attempt is over, so it cannot change.',
  withdrawn: 'This invitation was withdrawn, so it cannot be sent again.',
  expired: 'This invitation has expired. Extend its expiry first, then send it again.',
  rowFailed: 'This candidate could not be invited.',
  level: 'The level filter must be all, online or offline.',
  resent: 'A new link was sent. The previous link no longer works.',
  extraTime: 'Extra time applies to the parts the candidate starts from now on.',
} as const;

const candidates = (action: Action) => ({ access: { entity: 'CANDIDATES' as const, action } });

/** Candidates are checked row by row (a bad row is reported, never blocks the others), so the body takes any row. */
const inviteBody = inviteSchema.extend({
  candidates: z
    .array(z.unknown(), { error: 'Add at least one candidate' })
    .min(1, 'Add at least one candidate')
    .max(MAX_INVITES_PER_REQUEST, `At most ${MAX_INVITES_PER_REQUEST} candidates at once`)
    .describe('Rows of {name, email, phone}, each checked on its own'),
});

/** Finished, disqualified, or expired after it began: nothing about the attempt changes any more (a link that lapsed unopened may be extended). */
const attemptOver = (i: Pick<InvitationListRow, 'status' | 'startedAt'>) =>
  i.status === 'COMPLETED' || i.status === 'DISQUALIFIED' || (i.status === 'EXPIRED' && !!i.startedAt);

/** The attempt's timeline: what happened, when, in order. */
type TimelineEntry = { at: Date; what: 'INVITED' | 'MAILED' | 'OPENED' | 'STARTED' | 'PART_STARTED' | 'PART_FINISHED' | 'COMPLETED' | 'DISQUALIFIED' | 'EXPIRED' | 'REVOKED'; partId?: string };

export default async function candidateRoutes(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Another tenant's record is not found. */
  const visibleTo = (user: AuthUser, clientId: string | null) => {
    const tenant = tenantOf(user);
    return !tenant || clientId === tenant;
  };

  async function findCandidate(id: string, user: AuthUser) {
    const row = await selectCandidates(db).where('candidates.id', '=', id).executeTakeFirst();
    if (!row || !visibleTo(user, row.clientId)) throw notFound();
    return candidateRow(row);
  }

  async function findVisibleInvitation(id: string, user: AuthUser): Promise<InvitationListRow> {
    await expireLapsed(db);
    const row = await findInvitation(db, id);
    if (!row || !visibleTo(user, row.clientId)) throw notFound();
    return row;
  }

  /** One email per tenant: a clash is a 409 on the email field. */
  async function assertEmailFree(clientId: string | null, email: string, exceptId?: string) {
    const other = await candidateWithEmail(db, clientId, email);
    if (other && other.id !== exceptId) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
  }

  // ---------------------------------------------------------------------------------------------
  // Candidates (people)

  r.get('/candidates', { config: candidates('view'), schema: { summary: 'Candidates (simple-rest list): id, name, email, phone, clientId, clientName, invitationCount, lastInvitedAt. Filters q, clientId.', tags: ['candidates'], querystring: listQuerystring } }, async (request, reply) => {
    const list = parseListQuery(request.query, candidateSpec);
    const { rows, total } = await fetchPage(selectCandidates(db), candidateSpec, list, currentUser(request));
    return sendPage(reply, 'candidates', list, rows.map(candidateRow), total);
  });

  r.get('/candidates/:id', { config: candidates('view'), schema: { summary: 'One candidate with their invitations (rows as in /api/invitations).', tags: ['candidates'], params: idParams } }, async (request) => {
    const candidate = await findCandidate(request.params.id, currentUser(request));
    await expireLapsed(db);
    const invitations = await selectInvitations(db).where('invitations.candidateId', '=', candidate.id).orderBy('invitations.invitedAt', 'desc').execute();
    const since = onlineSince();
    return { result: 1, data: { ...candidate, invitations: invitations.map((row) => invitationRow(row, since)) } };
  });

  r.post('/candidates', { config: candidates('create'), schema: { summary: "Adds a candidate to the caller's tenant (one per email: 409).", tags: ['candidates'], body: candidateSchema } }, async (request) => {
    const user = currentUser(request);
    const clientId = tenantOf(user) ?? null;
    await assertEmailFree(clientId, request.body.email);
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('candidates')
        .values({ clientId, name: request.body.name, email: request.body.email, phone: request.body.phone ?? null, createdBy: user.id, updatedAt: new Date() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'candidates', recordId: row.id, after: row });
      return row.id;
    });
    return { result: 1, data: await findCandidate(id, user) };
  });

  r.put('/candidates/:id', { config: candidates('edit'), schema: { summary: 'Edits a candidate (one per email within the tenant: 409).', tags: ['candidates'], params: idParams, body: candidateSchema } }, async (request) => {
    const user = currentUser(request);
    const before = await findCandidate(request.params.id, user);
    await assertEmailFree(before.clientId, request.body.email, before.id);
    await db.transaction().execute(async (trx) => {
      const after = await trx
        .updateTable('candidates')
        .set({ name: request.body.name, email: request.body.email, phone: request.body.phone ?? null, updatedAt: new Date() })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'candidates', recordId: before.id, before, after });
    });
    return { result: 1, data: await findCandidate(before.id, user) };
  });

  r.delete('/candidates/:id', { config: candidates('delete'), schema: { summary: 'Deletes a candidate whose invitations never began.', tags: ['candidates'], params: idParams } }, async (request) => {
    const user = currentUser(request);
    const before = await findCandidate(request.params.id, user);
    if (await candidateHasBegun(db, before.id)) throw conflict(MESSAGES.candidateBegun);
    const resumes = await resumesOf(db, { candidateId: before.id });
    await db.transaction().execute(async (trx) => {
      // Their invitations that were never opened go with them, and their applications (cards) to jobs.
      await trx.deleteFrom('candidates').where('id', '=', before.id).execute();
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'candidates', recordId: before.id, before });
    });
    await eraseResumes(db, services.storage, resumes);
    return { result: 1, data: before };
  });

  // ---------------------------------------------------------------------------------------------
  // Invitations

  const tags = ['invitations'];

  /** Specification section 9's level filter: online = taking an assessment right now (its page heard from within the window). */
  function levelCondition(level: unknown, since: Date) {
    if (level !== undefined && level !== 'all' && level !== 'online' && level !== 'offline') throw badRequest(MESSAGES.level);
    return (eb: ExpressionBuilder<any, any>) =>
      level === 'online'
        ? [eb('invitations.status', '=', 'IN_PROGRESS'), eb('invitations.lastSeenAt', '>=', since)]
        : level === 'offline'
          ? [eb.or([eb('invitations.status', '<>', 'IN_PROGRESS'), eb('invitations.lastSeenAt', 'is', null), eb('invitations.lastSeenAt', '<', since)])]
          : [];
  }

  const listFilters = ['level', SKILL_BAND_FILTER];

  r.get(
    '/invitations',
    {
      config: candidates('view'),
      schema: {
        summary:
          'Invitations (simple-rest list): candidate and assessment named, status, dates, revokedAt, lastSeenAt, online, extraTime, and the stored score: percent, band, integrity, complete, testScores [{testId, percent, band}], percentile (among the assessment’s scored attempts; only when the filter names one assessment, else null). Filters q, status, assessmentId, candidateId, entryType, invitedAt/completedAt ranges, level (all | online | offline), integrity, band, skillBand ("<skill id>:<band>"). Sorts include percent, percentile (one assessment) and integrity; unscored rows come last.',
        tags,
        querystring: listQuerystring,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, invitationSpec, listFilters);
      await expireLapsed(db);
      const since = onlineSince();
      const { rows, total } = await fetchParticipants(db, invitationSpec, list, currentUser(request), { extra: levelCondition(list.extra.level, since) });
      return sendPage(reply, 'invitations', list, rows.map((row) => participantRow(row, since)), total);
    },
  );

  r.get(
    '/invitations/export',
    {
      config: candidates('view'),
      schema: {
        summary: `Every row of an invitations list (sort and filter as GET /api/invitations; no range), for a CSV made in the browser: [{id, candidateName, candidateEmail, status, revokedAt, invitedAt, startedAt, completedAt, percent, band, integrity, complete, percentile, testScores}]. At most ${MAX_EXPORT_ROWS} rows (400 beyond).`,
        tags,
        querystring: listQuerystring,
      },
    },
    async (request) => {
      const list = parseListQuery({ ...request.query, range: undefined }, invitationSpec, listFilters);
      await expireLapsed(db);
      const since = onlineSince();
      const rows = await exportParticipants(db, invitationSpec, list, currentUser(request), { extra: levelCondition(list.extra.level, since) });
      return {
        result: 1,
        data: rows.map((row) => {
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
      };
    },
  );

  r.get('/invitations/:id', { config: candidates('view'), schema: { summary: 'One invitation (as a list row).', tags, params: idParams } }, async (request) => ({
    result: 1,
    data: invitationRow(await findVisibleInvitation(request.params.id, currentUser(request))),
  }));

  r.post('/invitations', { config: candidates('create'), schema: { summary: 'Invites up to 500 candidates to an active Invited assessment: {rows: [{row, email, outcome INVITED | DUPLICATE | FAILED, message, invitationId}], invited, duplicates, failed}.', tags, body: inviteBody } }, async (request) => {
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
            const existing = known && (await trx.selectFrom('invitations').select('id').where('assessmentId', '=', assessment.id).where('candidateId', '=', known.id).executeTakeFirst());
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
            await trx.updateTable('invitations').set({ mailedAt: new Date() }).where('id', '=', id).execute();
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
    return { result: 1, data: { rows, invited: count('INVITED'), duplicates: count('DUPLICATE'), failed: count('FAILED') } };
  });

  /** A new link, mailed again; the old one stops working. */
  r.post('/invitations/:id/resend', { config: candidates('edit'), schema: { summary: 'Mails a new link; the previous link stops working.', tags, params: idParams } }, async (request) => {
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
      await trx.updateTable('invitations').set({ mailedAt: new Date(), updatedAt: new Date() }).where('id', '=', invitation.id).execute();
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'invitations', recordId: invitation.id, after: { resent: true } });
    });
    return { result: 1, data: { ...invitationRow((await findInvitation(db, invitation.id))!), message: MESSAGES.resent } };
  });

  /** Withdraws a link that was never opened (the status stays PENDING; lists show it revoked). */
  r.post('/invitations/:id/revoke', { config: candidates('edit'), schema: { summary: 'Withdraws a link that was never opened (409 once opened).', tags, params: idParams } }, async (request) => {
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
    return { result: 1, data: invitationRow((await findInvitation(db, invitation.id))!) };
  });

  /** A later expiry; an invitation that lapsed unopened becomes PENDING again. */
  r.put('/invitations/:id/expiry', { config: candidates('edit'), schema: { summary: 'A later expiry (in the future); a lapsed, unopened invitation becomes PENDING again.', tags, params: idParams, body: extendSchema } }, async (request) => {
    const user = currentUser(request);
    const invitation = await findVisibleInvitation(request.params.id, user);
    const expiresAt = new Date(request.body.expiresAt);
    if (expiresAt.getTime() <= Date.now()) throw badRequest(MESSAGES.expiryPast, { expiresAt: MESSAGES.expiryPast });
    if (attemptOver(invitation)) throw conflict(MESSAGES.over);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('invitations')
        .set({ expiresAt, ...(invitation.status === 'EXPIRED' ? { status: 'PENDING' as const } : {}), updatedAt: new Date() })
        .where('id', '=', invitation.id)
        .execute();
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'invitations', recordId: invitation.id, before: { expiresAt: invitation.expiresAt, status: invitation.status }, after: { expiresAt } });
    });
    return { result: 1, data: invitationRow((await findInvitation(db, invitation.id))!) };
  });

  /** Extra time for accommodations: the parts started from now on get it (a part's deadline is written when it starts). */
  r.put('/invitations/:id/extra-time', { config: candidates('edit'), schema: { summary: 'Extra time ({percent} or {minutes}, or null) for the parts started from now on.', tags, params: idParams, body: extraTimeBodySchema } }, async (request) => {
    const user = currentUser(request);
    const invitation = await findVisibleInvitation(request.params.id, user);
    if (attemptOver(invitation)) throw conflict(MESSAGES.over);
    const extraTime = request.body.extraTime;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('invitations')
        .set({ extraTime: extraTime ? JSON.stringify(extraTime) : null, updatedAt: new Date() })
        .where('id', '=', invitation.id)
        .execute();
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'invitations', recordId: invitation.id, before: { extraTime: invitation.extraTime }, after: { extraTime } });
    });
    return { result: 1, data: { ...invitationRow((await findInvitation(db, invitation.id))!), message: MESSAGES.extraTime } };
  });

  // ---------------------------------------------------------------------------------------------
  // An assessment's candidates by their stored scores: the list's score columns, and the comparison

  /** An assessment the user may see the candidates of; another client's is not found. */
  async function visibleAssessment(id: string, user: AuthUser) {
    const assessment = await findAssessmentRow(db, id);
    // A library assessment given to the caller's client too (its invitations are then the client's own).
    const tenant = tenantOf(user);
    const granted = assessment && tenant && assessment.clientId === null && (await grantSettings(db, tenant, assessment.id));
    if (!assessment || (!granted && !visibleTo(user, assessment.clientId))) throw notFound();
    return assessment;
  }

  r.get(
    '/assessments/:id/score-columns',
    {
      config: candidates('view'),
      schema: {
        summary: 'What the candidates list of an assessment can show and filter by: its tests in order (a band column each) and the secondary skills its questions count towards (the skill band filter): {tests [{id, name}], skills [{id, label}]}.',
        tags: ['assessments', ...tags],
        params: idParams,
      },
    },
    async (request) => {
      const assessment = await visibleAssessment(request.params.id, currentUser(request));
      return { result: 1, data: { tests: await assessmentTests(db, assessment.id), skills: await assessmentSkills(db, assessment.id) } };
    },
  );

  r.get(
    '/assessments/:id/comparison',
    {
      config: candidates('view'),
      schema: {
        summary: `${COMPARE_MIN} to ${COMPARE_MAX} candidates of an assessment side by side, from stored scores: {assessment {id, name}, tests [{id, name}], skills [{id, label}], scoredCount, candidates [list row + skillScores [{skillId, percent, band, developmentBand}]]} in the order of ids. 400 when an id is not an invitation of this assessment.`,
        tags: ['assessments', ...tags],
        params: idParams,
        querystring: z.object({ ids: z.string({ error: COMPARISON_MESSAGES.count }).max(400, COMPARISON_MESSAGES.count).describe('Invitation ids, separated by commas') }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const assessment = await visibleAssessment(request.params.id, user);
      const ids = parseCompareIds(request.query.ids);
      const compared = await compareCandidates(db, assessment.id, ids, user);
      return {
        result: 1,
        data: { assessment: { id: assessment.id, name: assessment.name }, tests: await assessmentTests(db, assessment.id), ...compared },
      };
    },
  );

  // ---------------------------------------------------------------------------------------------
  // An attempt's progress and timeline (the specification's test-result call)

  r.get('/test-result/:invitationId', { config: candidates('view'), schema: { summary: "An attempt's progress and evidence: {invitation, candidate, assessment, parts [{partId, kind, title, questionCount, answeredCount, durationSeconds, startedAt, deadline, finishedAt}], answers [{questionId, partId, title, questionType, answer, savedAt}], media [{id, kind, questionId, contentType, durationMs, takenAt, uploadedAt, url}], events [{type, occurredAt, partId, questionId, detail}], timeline [{at, what, partId?}]}.", tags, params: z.object({ invitationId: z.uuid('The id is not valid.') }) } }, async (request) => {
    const invitation = await findVisibleInvitation(request.params.invitationId, currentUser(request));
    const [candidate, assessment, parts, answers, media, events] = [
      await db.selectFrom('candidates').select(['id', 'name', 'email', 'phone']).where('id', '=', invitation.candidateId).executeTakeFirstOrThrow(),
      (await assessmentOf(db, invitation.assessmentId))!,
      await partsOf(db, invitation.id),
      await answersOf(db, invitation.id),
      await mediaOf(db, invitation.id),
      await eventsOf(db, invitation.id),
    ];
    const titles = await questionTitles(db, answers.map((a) => a.questionId));
    const videos = new Map((assessment.videoQuestions as VideoQuestion[]).map((v) => [v.id, v]));
    const language = invitation.language ?? 'en';

    const timeline: TimelineEntry[] = [];
    const at = (when: Date | null, what: TimelineEntry['what'], partId?: string) => {
      if (when) timeline.push({ at: when, what, ...(partId ? { partId } : {}) });
    };
    at(invitation.invitedAt, 'INVITED');
    at(invitation.mailedAt, 'MAILED');
    at(invitation.openedAt, 'OPENED');
    at(invitation.startedAt, 'STARTED');
    for (const part of parts) {
      at(part.startedAt, 'PART_STARTED', part.partId);
      at(part.finishedAt, 'PART_FINISHED', part.partId);
    }
    at(invitation.completedAt, 'COMPLETED');
    at(invitation.disqualifiedAt, 'DISQUALIFIED');
    at(invitation.revokedAt, 'REVOKED');
    timeline.sort((a, b) => a.at.getTime() - b.at.getTime());

    return {
      result: 1,
      data: {
        invitation: invitationRow(invitation),
        candidate,
        assessment: { id: assessment.id, name: assessment.name, type: assessment.type },
        parts: parts.map((p) => ({
          partId: p.partId,
          kind: p.kind,
          title: p.testName ?? null,
          questionCount: p.questionIds.length,
          answeredCount: Number(p.answeredCount ?? 0),
          durationSeconds: p.durationSeconds,
          startedAt: p.startedAt,
          deadline: p.deadline,
          finishedAt: p.finishedAt,
        })),
        answers: answers.map((a) => {
          const video = videos.get(a.questionId);
          const question = titles.get(a.questionId);
          return {
            questionId: a.questionId,
            partId: a.partId,
            title: question?.title ?? (video ? videoTitle(video, language) : null),
            questionType: question?.questionType ?? (video ? 'VIDEO' : null),
            answer: a.answer,
            savedAt: a.savedAt,
          };
        }),
        media: media.map((m) => ({
          id: m.id,
          kind: m.kind,
          questionId: m.questionId,
          contentType: m.contentType,
          durationMs: m.durationMs,
          takenAt: m.takenAt,
          uploadedAt: m.uploadedAt,
          url: m.uploadedAt ? services.storage.readUrl(m.objectKey) : null,
        })),
        events,
        timeline,
      },
    };
  });
}
