/**
 * Candidates and invitations on the staff side (rule B, tenant-scoped), by area: the people (here),
 * their invitations (invitation-routes.ts), an assessment's candidates by their stored scores and
 * compared (comparison-routes.ts), and an attempt's progress, evidence and timeline
 * (attempt-routes.ts, `/api/test-result/:invitationId`). The scores themselves come from
 * server/modules/scores.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { candidateSchema } from '../../../src/domain/assessment';
import { candidateRecordSchema, candidateRowSchema } from '../../../src/domain/invitationAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { conflict, notFound } from '../../lib/errors';
import { candidateWithEmail, expireLapsed } from '../../lib/invitations';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { eraseResumes, resumesOf } from '../careers/queries';
import { candidates, visibleTo } from './access';
import attemptRoutes from './attempt-routes';
import comparisonRoutes from './comparison-routes';
import invitationRoutes from './invitation-routes';
import { candidateHasBegun, candidateRow, deleteCandidate, findCandidateRow, insertCandidate, invitationRow, invitationsOfCandidate, onlineSince, selectCandidates, updateCandidate } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

/** The invitations list's spec lives with its routes; bench/comparison-list.ts reads it from here. */
export { invitationSpec } from './invitation-routes';

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

const MESSAGES = {
  emailTaken: FIELD_MESSAGES.candidateEmailAlreadyExists,
  candidateBegun: FIELD_MESSAGES.candidateStartedAssessmentSo,
} as const;

export default async function candidateRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function findCandidate(id: string, user: AuthUser) {
    const row = await findCandidateRow(db, id);
    if (!row || !visibleTo(user, row.clientId)) throw notFound();
    return candidateRow(row);
  }

  /** One email per tenant: a clash is a 409 on the email field. */
  async function assertEmailFree(clientId: string | null, email: string, exceptId?: string) {
    const other = await candidateWithEmail(db, clientId, email);
    if (other && other.id !== exceptId) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
  }

  // ---------------------------------------------------------------------------------------------
  // Candidates (people)

  r.get('/candidates', { config: candidates('view'), schema: { summary: 'Candidates (simple-rest list): id, name, email, phone, clientId, clientName, invitationCount, lastInvitedAt. Filters q, clientId.', tags: ['candidates'], response: answers(z.array(candidateRowSchema)), querystring: listQuerystring } }, async (request, reply) => {
    const list = parseListQuery(request.query, candidateSpec);
    const { rows, total } = await fetchPage(selectCandidates(db), candidateSpec, list, currentUser(request));
    return sendPage(reply, 'candidates', list, rows.map(candidateRow), total);
  });

  r.get('/candidates/:id', { config: candidates('view'), schema: { summary: 'One candidate with their invitations (rows as in /api/invitations).', tags: ['candidates'], response: answers(candidateRecordSchema), params: idParams } }, async (request) => {
    const candidate = await findCandidate(request.params.id, currentUser(request));
    await expireLapsed(db);
    const invitations = await invitationsOfCandidate(db, candidate.id);
    const since = onlineSince();
    return ok({ ...candidate, invitations: invitations.map((row) => invitationRow(row, since)) });
  });

  r.post('/candidates', { config: candidates('create'), schema: { summary: "Adds a candidate to the caller's tenant (one per email: 409).", tags: ['candidates'], response: answers(candidateRowSchema), body: candidateSchema } }, async (request) => {
    const user = currentUser(request);
    const clientId = tenantOf(user) ?? null;
    await assertEmailFree(clientId, request.body.email);
    const id = await db.transaction().execute(async (trx) => {
      const row = await insertCandidate(trx, { clientId, name: request.body.name, email: request.body.email, phone: request.body.phone ?? null, createdBy: user.id, updatedAt: new Date() });
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'candidates', recordId: row.id, after: row });
      return row.id;
    });
    return ok(await findCandidate(id, user));
  });

  r.put('/candidates/:id', { config: candidates('edit'), schema: { summary: 'Edits a candidate (one per email within the tenant: 409).', tags: ['candidates'], response: answers(candidateRowSchema), params: idParams, body: candidateSchema } }, async (request) => {
    const user = currentUser(request);
    const before = await findCandidate(request.params.id, user);
    await assertEmailFree(before.clientId, request.body.email, before.id);
    await db.transaction().execute(async (trx) => {
      const after = await updateCandidate(trx, before.id, { name: request.body.name, email: request.body.email, phone: request.body.phone ?? null, updatedAt: new Date() });
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'candidates', recordId: before.id, before, after });
    });
    return ok(await findCandidate(before.id, user));
  });

  r.delete('/candidates/:id', { config: candidates('delete'), schema: { summary: 'Deletes a candidate whose invitations never began.', tags: ['candidates'], response: answers(candidateRowSchema), params: idParams } }, async (request) => {
    const user = currentUser(request);
    const before = await findCandidate(request.params.id, user);
    if (await candidateHasBegun(db, before.id)) throw conflict(MESSAGES.candidateBegun);
    const resumes = await resumesOf(db, { candidateId: before.id });
    await db.transaction().execute(async (trx) => {
      // Their invitations that were never opened go with them, and their applications (cards) to jobs.
      await deleteCandidate(trx, before.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'candidates', recordId: before.id, before });
    });
    await eraseResumes(db, services.storage, resumes);
    return ok(before);
  });

  // The other areas, in the order they were registered when they were one file.
  await invitationRoutes(app, services);
  await comparisonRoutes(app, services);
  await attemptRoutes(app, services);
}
