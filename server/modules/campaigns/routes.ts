/**
 * Campaigns (entity CAMPAIGN, rule B, tenant-scoped): a client's users see and change only their
 * client's campaigns; the provider's staff run one for a client's assessment or for a library one.
 * A campaign is created first, then its candidates are added in chunks (CSV rows and/or picked
 * candidates, each in its own transaction, reported row by row like the CSV invite). Each candidate
 * gets an invitation tied to the campaign that expires at its end; the mail goes at once when the
 * campaign is running, else the job (sending.ts) sends it when the campaign starts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSESSMENT_MESSAGES, candidateSchema, INVITATION_MESSAGES, MAX_INVITES_PER_REQUEST, type InviteRowResult } from '../../../src/domain/assessment';
import { BUSINESS_MESSAGES, CAMPAIGN_LIMITS, CAMPAIGN_STATUSES, type CampaignStatus } from '../../../src/domain/business';
import { addCandidatesAnswerSchema, CAMPAIGN_MESSAGES, campaignEditSchema, campaignInvitationRowSchema, campaignRowSchema, campaignSchema, cancelledCampaignSchema } from '../../../src/domain/campaigns';
import type { Action } from '../../../src/domain/permissions';
import { fieldErrors } from '../../../src/domain/schemas';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, HttpError, notFound, refuseField } from '../../lib/errors';
import { expireLapsed, findOrCreateCandidate, issueInvitation } from '../../lib/invitations';
import { fetchPage, parseListQuery, sendPage, tenantOf } from '../../lib/rest';
import type { Services } from '../../services';
import { findAssessmentRow } from '../assessments/queries';
import { findInvitationTo, markInvitationMailed } from '../candidates/queries';
import { invitingClient } from '../clients/queries';
import {
  campaignInvitationRow,
  campaignInvitationSpec,
  campaignSpec,
  cancelCampaign,
  findCampaign,
  findClientName,
  findTenantCandidate,
  insertCampaign,
  lockLiveCampaign,
  selectCampaignsIn,
  selectInvitationsOf,
  campaignRow,
  updateCampaign,
  type CampaignRow,
  withdrawUnopened,
} from './queries';
import { mailCampaign } from './sending';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const campaign = (action: Action) => ({ access: { entity: 'CAMPAIGN' as const, action } });
const tags = ['campaigns'];

const MESSAGES = {
  assessment: FIELD_MESSAGES.chooseYourActiveAssessments,
  rowFailed: FIELD_MESSAGES.candidateCouldNotInvited,
  status: `The status filter must be one of ${CAMPAIGN_STATUSES.join(', ')}.`,
} as const;

/** Candidates are checked row by row (a bad row is reported, never blocks the others), so the body takes any row. */
const addBody = z
  .strictObject({
    candidates: z.array(z.unknown()).max(MAX_INVITES_PER_REQUEST, `At most ${MAX_INVITES_PER_REQUEST} candidates at once`).optional().describe('Rows of {name, email, phone} (a CSV), each checked on its own'),
    candidateIds: z.array(z.uuid(FIELD_MESSAGES.idNotValid)).max(MAX_INVITES_PER_REQUEST, `At most ${MAX_INVITES_PER_REQUEST} candidates at once`).optional().describe("Existing candidates of the campaign's client"),
  })
  .refine((b) => (b.candidates?.length ?? 0) + (b.candidateIds?.length ?? 0) > 0, { message: CAMPAIGN_MESSAGES.noCandidates });

const isOver = (c: Pick<CampaignRow, 'status'>) => c.status === 'ENDED' || c.status === 'CANCELLED';

export default async function campaignRoutes(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Another tenant's campaign is not found. */
  async function visibleCampaign(id: string, user: AuthUser): Promise<CampaignRow> {
    const row = await findCampaign(db, id);
    const tenant = tenantOf(user);
    if (!row || (tenant && row.clientId !== tenant)) throw notFound();
    return row;
  }

  r.get(
    '/campaigns',
    {
      config: campaign('view'),
      schema: {
        summary: `Campaigns (simple-rest list): id, name, clientId, clientName, assessmentId, assessmentName, startsAt, endsAt, status (${CAMPAIGN_STATUSES.join(' | ')}), invitedCount, mailedCount, startedCount, completedCount, averageScore, reminderCount. Filters q, status (one or a list), clientId, assessmentId, startsAt/endsAt ranges.`,
        tags, response: answers(z.array(campaignRowSchema)),
        querystring: listQuerystring,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, campaignSpec, ['status']);
      const wanted = list.extra.status === undefined ? [] : Array.isArray(list.extra.status) ? list.extra.status : [list.extra.status];
      if (!wanted.every((s) => CAMPAIGN_STATUSES.includes(s as CampaignStatus))) throw badRequest(MESSAGES.status);
      const now = new Date();
      const query = selectCampaignsIn(db, wanted as CampaignStatus[], now);
      const { rows, total } = await fetchPage(query, campaignSpec, list, currentUser(request));
      return sendPage(reply, 'campaigns', list, rows.map((row) => campaignRow(row, now.getTime())), total);
    },
  );

  r.get('/campaigns/:id', { config: campaign('view'), schema: { summary: 'One campaign with its template, reminder settings and live figures (as a list row).', tags, response: answers(campaignRowSchema), params: idParams } }, async (request) => {
    await expireLapsed(db);
    return ok(await visibleCampaign(request.params.id, currentUser(request)));
  });

  r.post(
    '/campaigns',
    {
      config: campaign('create'),
      schema: {
        summary:
          "Creates a campaign for an active Invited assessment (a client's own; the provider's staff also the library's), between two dates (the end after the start, not in the past), with its mail ({{link}} required) and reminders. Its candidates are added next (POST /api/campaigns/:id/candidates).",
        tags, response: answers(campaignRowSchema),
        body: campaignSchema,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const assessment = await findAssessmentRow(db, body.assessmentId);
      // Another client's assessment reads the same as one that does not exist; a library one given to the client is its own campaign's.
      const inviting = assessment ? await invitingClient(db, tenantOf(user), assessment) : undefined;
      if (!assessment || !inviting) throw refuseField('assessmentId', MESSAGES.assessment);
      if (assessment.status !== 'ACTIVE') throw refuseField('assessmentId', ASSESSMENT_MESSAGES.notActive);
      if (assessment.type !== 'INVITED') throw refuseField('assessmentId', CAMPAIGN_MESSAGES.notInvited);
      const now = Date.now();
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(body.endsAt);
      if (endsAt.getTime() <= now) throw refuseField('endsAt', CAMPAIGN_MESSAGES.endPast);
      if (assessment.validUntil && assessment.validUntil < endsAt) throw refuseField('endsAt', CAMPAIGN_MESSAGES.assessmentClosesFirst);
      const id = await db.transaction().execute(async (trx) => {
        const row = await insertCampaign(trx, {
          clientId: inviting.clientId,
          assessmentId: assessment.id,
          name: body.name,
          description: body.description || null,
          startsAt,
          endsAt,
          mailSubject: body.mailSubject,
          mailBody: body.mailBody,
          reminderEveryDays: body.reminderEveryDays,
          maxReminders: body.maxReminders,
          createdBy: user.id,
          updatedAt: new Date(),
        });
        await recordAudit(trx, { userId: user.id, action: 'create', resource: 'campaigns', recordId: row.id, after: row });
        return row.id;
      });
      return ok((await findCampaign(db, id))!);
    },
  );

  r.put(
    '/campaigns/:id',
    { config: campaign('edit'), schema: { summary: 'Changes the name, description, mail and reminders of a campaign that has not ended (409 once ended or cancelled).', tags, response: answers(campaignRowSchema), params: idParams, body: campaignEditSchema } },
    async (request) => {
      const user = currentUser(request);
      const before = await visibleCampaign(request.params.id, user);
      if (isOver(before)) throw conflict(BUSINESS_MESSAGES.campaignEnded);
      const body = request.body;
      await db.transaction().execute(async (trx) => {
        const after = await updateCampaign(trx, before.id, {
          name: body.name,
          description: body.description || null,
          mailSubject: body.mailSubject,
          mailBody: body.mailBody,
          reminderEveryDays: body.reminderEveryDays,
          maxReminders: body.maxReminders,
          updatedAt: new Date(),
        });
        await recordAudit(trx, { userId: user.id, action: 'update', resource: 'campaigns', recordId: before.id, before, after });
      });
      return ok((await findCampaign(db, before.id))!);
    },
  );

  r.post(
    '/campaigns/:id/candidates',
    {
      config: campaign('create'),
      schema: {
        summary: `Adds up to ${MAX_INVITES_PER_REQUEST} CSV rows and ${MAX_INVITES_PER_REQUEST} picked candidates to a campaign that has not ended, each in its own transaction: an invitation that expires at the campaign's end, mailed at once while the campaign runs (else when it starts). Answers {rows: [{row, email, outcome INVITED | DUPLICATE | FAILED, message, invitationId}], invited, duplicates, failed}; CSV rows first, then the picked ones. No credit left is that row's failure.`,
        tags, response: answers(addCandidatesAnswerSchema),
        params: idParams,
        body: addBody,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const target = await visibleCampaign(request.params.id, user);
      if (isOver(target)) throw conflict(BUSINESS_MESSAGES.campaignEnded);
      const assessment = (await findAssessmentRow(db, target.assessmentId))!;
      if (assessment.status !== 'ACTIVE') throw conflict(ASSESSMENT_MESSAGES.notActive);
      const body = request.body;
      const asked = (body.candidates?.length ?? 0) + (body.candidateIds?.length ?? 0);
      if (target.invitedCount + asked > CAMPAIGN_LIMITS.candidatesMax) throw badRequest(CAMPAIGN_MESSAGES.tooManyCandidates);
      const running = target.status === 'RUNNING';
      const client = target.clientId ? await findClientName(db, target.clientId) : undefined;

      /** One candidate: invited (and mailed while running) in its own transaction. */
      async function inviteOne(row: number, email: string, candidate: (trx: typeof db) => Promise<{ id: string; name: string; email: string }>): Promise<InviteRowResult> {
        try {
          return await db.transaction().execute(async (trx): Promise<InviteRowResult> => {
            // Held until this row commits: a cancel waits for it, and a row after a cancel is refused.
            const live = await lockLiveCampaign(trx, target.id);
            if (!live) throw conflict(BUSINESS_MESSAGES.campaignEnded);
            const person = await candidate(trx);
            const existing = await findInvitationTo(trx, target.assessmentId, person.id);
            if (existing) return { row, email: person.email, outcome: 'DUPLICATE', message: INVITATION_MESSAGES.duplicate, invitationId: existing.id };
            const { id, token } = await issueInvitation(trx, {
              assessmentId: target.assessmentId,
              candidateId: person.id,
              clientId: target.clientId,
              entryType: 'INVITE',
              invitedBy: user.id,
              expiresAt: target.endsAt,
              campaignId: target.id,
            });
            if (running) {
              await mailCampaign(trx, config.publicUrl, { to: person.email, candidateName: person.name, assessment, company: client?.name ?? null, endsAt: target.endsAt, mailSubject: target.mailSubject, mailBody: target.mailBody }, token);
              await markInvitationMailed(trx, id);
            }
            await recordAudit(trx, { userId: user.id, action: 'create', resource: 'invitations', recordId: id, after: { campaignId: target.id, candidateId: person.id, email: person.email } });
            return { row, email: person.email, outcome: 'INVITED', invitationId: id, ...(running ? {} : { message: CAMPAIGN_MESSAGES.queued }) };
          });
        } catch (error) {
          // Two requests adding the same person at once: the unique index decides, and the loser is the duplicate.
          const duplicate = (error as { code?: string }).code === '23505';
          if (!duplicate && !(error instanceof HttpError)) request.log.error({ err: error, row }, 'campaign row failed');
          return duplicate
            ? { row, email, outcome: 'DUPLICATE', message: INVITATION_MESSAGES.duplicate }
            : { row, email, outcome: 'FAILED', message: error instanceof HttpError ? error.message : MESSAGES.rowFailed };
        }
      }

      const rows: InviteRowResult[] = [];
      for (const [index, raw] of (body.candidates ?? []).entries()) {
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
        rows.push(
          await inviteOne(row, person.email, async (trx) => {
            const found = await findOrCreateCandidate(trx, { clientId: target.clientId, name: person.name, email: person.email, phone: person.phone, createdBy: user.id });
            return { id: found.id, name: person.name, email: person.email };
          }),
        );
      }
      const offset = body.candidates?.length ?? 0;
      for (const [index, candidateId] of (body.candidateIds ?? []).entries()) {
        const row = offset + index + 1;
        // Only the campaign's own tenant's candidates: anyone else's is not found.
        const person = await findTenantCandidate(db, candidateId, target.clientId);
        if (!person) {
          rows.push({ row, email: '', outcome: 'FAILED', message: CAMPAIGN_MESSAGES.candidateNotFound });
          continue;
        }
        rows.push(await inviteOne(row, person.email, async () => person));
      }
      const count = (outcome: InviteRowResult['outcome']) => rows.filter((x) => x.outcome === outcome).length;
      return ok({ rows, invited: count('INVITED'), duplicates: count('DUPLICATE'), failed: count('FAILED') });
    },
  );

  r.post(
    '/campaigns/:id/cancel',
    {
      config: campaign('edit'),
      schema: {
        summary: 'Cancels a campaign that has not ended: its links not yet opened are withdrawn (their credits go back), no more mail or reminders go; attempts under way may finish. 409 when it has ended or was cancelled.',
        tags, response: answers(cancelledCampaignSchema),
        params: idParams,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const before = await visibleCampaign(request.params.id, user);
      if (isOver(before)) throw conflict(BUSINESS_MESSAGES.campaignEnded);
      const withdrawn = await db.transaction().execute(async (trx) => {
        const now = new Date();
        // Only while still running: a second cancel that raced this one finds it cancelled.
        const cancelled = await cancelCampaign(trx, before.id, now);
        if (!cancelled) throw conflict(BUSINESS_MESSAGES.campaignEnded);
        const withdrawn = await withdrawUnopened(trx, before.id, now);
        await recordAudit(trx, { userId: user.id, action: 'update', resource: 'campaigns', recordId: before.id, before: { cancelledAt: null }, after: { cancelledAt: now, withdrawn } });
        return withdrawn;
      });
      return ok({ ...(await findCampaign(db, before.id))!, withdrawn, message: CAMPAIGN_MESSAGES.cancelled });
    },
  );

  r.get(
    '/campaigns/:id/invitations',
    {
      config: campaign('view'),
      schema: {
        summary: "A campaign's invitations (simple-rest list): candidateName, candidateEmail, status, revokedAt, invitedAt, mailedAt, openedAt, startedAt, completedAt, expiresAt, percent, band, reminderCount, lastReminderAt. Filters q, status.",
        tags, response: answers(z.array(campaignInvitationRowSchema)),
        params: idParams,
        querystring: listQuerystring,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const target = await visibleCampaign(request.params.id, user);
      const list = parseListQuery(request.query, campaignInvitationSpec);
      await expireLapsed(db);
      const { rows, total } = await fetchPage(selectInvitationsOf(db, target.id), campaignInvitationSpec, list, user);
      return sendPage(reply, 'invitations', list, rows.map(campaignInvitationRow), total);
    },
  );
}
