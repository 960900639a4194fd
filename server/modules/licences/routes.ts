/**
 * Licences (ARCHITECTURE.md section 7c): the list and a licence with the invitations that spent it,
 * the admin's assigning and revoking, and a client's balance. Provider staff read every client's
 * licences by the LICENCES permission; a client's own users read their client's (canSeeLicences),
 * never change them. Spending and refunds live in server/lib/licences.ts, on the invitation paths.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { balanceSchema, BUSINESS_MESSAGES, canSeeLicences, LICENCE_LIMITS, LICENCE_STATES, licensableSchema, licenceRecordSchema, licenceRowSchema, type LicenceState } from '../../../src/domain/business';
import type { Action } from '../../../src/domain/permissions';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, notFound } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { findClientId } from '../clients/queries';
import { clientBalance, findLicence, findLicensable, insertLicence, licensableAssessments, licenceRow, licenceUsage, revokeLicence, selectLicencesIn } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'licences',
  fields: {
    clientId: 'licences.clientId',
    clientName: 'clients.name',
    assessmentId: 'licences.assessmentId',
    credits: 'licences.credits',
    used: 'licences.used',
    validFrom: 'licences.validFrom',
    validUntil: 'licences.validUntil',
    createdAt: 'licences.createdAt',
  },
  sortable: ['clientName', 'credits', 'used', 'validFrom', 'validUntil', 'createdAt'],
  filterable: ['clientId', 'assessmentId', 'validFrom', 'validUntil', 'createdAt'],
  types: { clientId: 'uuid', assessmentId: 'uuid', validFrom: 'date', validUntil: 'date', createdAt: 'date' },
  searchable: ['clients.name', 'licences.notes'],
  defaultSort: ['validUntil', 'ASC'],
  tenantColumn: 'licences.clientId',
};

const MESSAGES = {
  state: `The state filter must be one or more of ${LICENCE_STATES.join(', ')}.`,
  dates: FIELD_MESSAGES.enterValidDate,
} as const;

const staff = (action: Action) => ({ access: { entity: 'LICENCES' as const, action } });
const readers = { access: canSeeLicences };

const dateTime = z.iso.datetime({ offset: true, error: MESSAGES.dates });
const assignSchema = z
  .strictObject({
    clientId: z.uuid(BUSINESS_MESSAGES.licenceClient),
    assessmentId: z.uuid(BUSINESS_MESSAGES.licenceAssessment).nullable().default(null).describe('Null: credits for any of the client’s assessments'),
    credits: z.number({ error: BUSINESS_MESSAGES.licenceCredits }).int(BUSINESS_MESSAGES.licenceCredits).min(LICENCE_LIMITS.minCredits, BUSINESS_MESSAGES.licenceCredits).max(LICENCE_LIMITS.maxCredits, BUSINESS_MESSAGES.licenceCredits),
    validFrom: dateTime,
    validUntil: dateTime,
    notes: z.string().trim().max(LICENCE_LIMITS.notesMax, `At most ${LICENCE_LIMITS.notesMax} characters`).nullish(),
  })
  .refine((b) => Date.parse(b.validUntil) > Date.parse(b.validFrom), { message: BUSINESS_MESSAGES.licenceDates, path: ['validUntil'] });

const clientQuery = z.object({ clientId: z.uuid(BUSINESS_MESSAGES.balanceClient).optional() });

/** The state filter: one state or a list of them. */
function parseStates(value: unknown): LicenceState[] | undefined {
  if (value === undefined) return undefined;
  const states = Array.isArray(value) ? value : [value];
  if (!states.length || !states.every((s) => (LICENCE_STATES as readonly unknown[]).includes(s))) throw badRequest(MESSAGES.state);
  return states as LicenceState[];
}

export default async function licenceRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['licences'];

  /** A licence the user may see; another client's is not found. */
  async function visibleLicence(id: string, user: ReturnType<typeof currentUser>) {
    const row = await findLicence(db, id);
    const tenant = tenantOf(user);
    if (!row || (tenant && row.clientId !== tenant)) throw notFound();
    return row;
  }

  /** The client whose balance or assessments are asked for: a tenant's own, else the one named (required). */
  function clientOf(user: ReturnType<typeof currentUser>, asked: string | undefined): string {
    const tenant = tenantOf(user);
    if (tenant) {
      if (asked && asked !== tenant) throw notFound();
      return tenant;
    }
    if (!asked) throw badRequest(BUSINESS_MESSAGES.balanceClient, { clientId: BUSINESS_MESSAGES.balanceClient });
    return asked;
  }

  r.get(
    '/licences',
    {
      config: readers,
      schema: {
        summary: 'Licences (react-admin list): {id, clientId, clientName, assessmentId (null: any), assessmentName, credits, used, remaining (still to spend; 0 once expired or revoked), lapsed (unspent when it expired or was revoked), validFrom, validUntil, revokedAt, state, notes, orderId, grantedByName, createdAt}. Filters: clientId, assessmentId (null for "any"), state (one or a list of UPCOMING, VALID, EXHAUSTED, EXPIRED, REVOKED), q. A client sees its own.',
        response: answers(z.array(licenceRowSchema)), tags,
        querystring: listQuerystring,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, spec, ['state']);
      const states = parseStates(list.extra.state);
      const query = selectLicencesIn(db, states);
      const { rows, total } = await fetchPage(query, spec, list, currentUser(request));
      const now = Date.now();
      return sendPage(reply, 'licences', list, rows.map((row) => licenceRow(row, now)), total);
    },
  );

  r.get(
    '/licences/balance',
    {
      config: readers,
      schema: {
        summary: "A client's credits now, from its licences valid today: {clientId, clientName, credits, remaining, threshold, low, byAssessment [{assessmentId (null: any), assessmentName, credits, remaining, soonestExpiry}]}. A client's users get their own; provider staff name the client (clientId).",
        response: answers(balanceSchema), tags,
        querystring: clientQuery,
      },
    },
    async (request) => {
      const balance = await clientBalance(db, clientOf(currentUser(request), request.query.clientId));
      if (!balance) throw notFound();
      return ok(balance);
    },
  );

  r.get(
    '/licences/assessments',
    { config: staff('create'), schema: { summary: "The assessments a licence for this client may name: the client's own and the library assessments it was given: [{id, name, library}].", response: answers(z.array(licensableSchema)), tags, querystring: clientQuery } },
    async (request) => {
      const clientId = clientOf(currentUser(request), request.query.clientId);
      const rows = await licensableAssessments(db, clientId).execute();
      return ok(rows.map((row) => ({ id: row.id, name: row.name, library: row.clientId === null })));
    },
  );

  r.get('/licences/:id', { config: readers, schema: { summary: 'One licence (as a list row) with its usage: the invitations that spent its credits, newest first (at most 200), and usageTotal.', response: answers(licenceRecordSchema), tags, params: idParams } }, async (request) => {
    const row = await visibleLicence(request.params.id, currentUser(request));
    return ok({ ...licenceRow(row), ...(await licenceUsage(db, row.id)) });
  });

  r.post('/licences', { config: staff('create'), schema: { summary: 'Gives a client a licence: credits (1 to 100,000) for one of its assessments (its own, or a library one it was given) or for any (assessmentId null), valid from a date until a later one.', response: answers(licenceRowSchema), tags, body: assignSchema } }, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    const client = await findClientId(db, body.clientId);
    if (!client) throw badRequest(BUSINESS_MESSAGES.licenceClient, { clientId: BUSINESS_MESSAGES.licenceClient });
    if (body.assessmentId) {
      const allowed = await findLicensable(db, client.id, body.assessmentId);
      if (!allowed) throw badRequest(BUSINESS_MESSAGES.licenceAssessment, { assessmentId: BUSINESS_MESSAGES.licenceAssessment });
    }
    const id = await db.transaction().execute(async (trx) => {
      const licenceId = await insertLicence(trx, {
        clientId: client.id,
        assessmentId: body.assessmentId,
        credits: body.credits,
        validFrom: new Date(body.validFrom),
        validUntil: new Date(body.validUntil),
        notes: body.notes || null,
        grantedBy: user.id,
        updatedAt: new Date(),
      });
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'licences', recordId: licenceId, after: { ...body } });
      return licenceId;
    });
    return ok(licenceRow((await findLicence(db, id))!));
  });

  r.post('/licences/:id/revoke', { config: staff('edit'), schema: { summary: 'Revokes a licence: its unused credits stop working (the invitations it paid for stay). Revoking twice changes nothing.', response: answers(licenceRowSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const licence = await visibleLicence(request.params.id, user);
    if (!licence.revokedAt)
      await db.transaction().execute(async (trx) => {
        const row = await revokeLicence(trx, licence.id);
        if (row) await recordAudit(trx, { userId: user.id, action: 'update', resource: 'licences', recordId: licence.id, before: { revokedAt: null }, after: { revoked: true, unusedCredits: licence.credits - licence.used } });
      });
    return ok(licenceRow((await findLicence(db, licence.id))!));
  });
}
