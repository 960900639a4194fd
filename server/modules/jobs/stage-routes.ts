/**
 * A client's hiring stages (the jobs module's; the specification's /api/candidates/hiring-stages
 * calls): created from the defaults on first use, added, reordered, renamed and removed.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_MESSAGES, HIRING_STAGE_LIMITS } from '../../../src/domain/business';
import { idAnswerSchema } from '../../../src/domain/answers';
import { JOB_MESSAGES, stageNameSchema, stageOptionSchema, stageRowSchema } from '../../../src/domain/jobs';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams } from '../../lib/crud';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/rest';
import type { Services } from '../../services';
import { cards, clientFor } from './access';
import { deleteStage, findCardInStage, findStage, findStageNamed, insertStage, renameStage, reorderStages, stagesOf, stagesWithCounts } from './queries';

const clientQuery = z.object({ clientId: z.uuid(JOB_MESSAGES.client).optional() });
const stageBody = z.strictObject({ name: stageNameSchema, clientId: z.uuid(JOB_MESSAGES.client).optional() });
const renameBody = z.strictObject({ name: stageNameSchema });
const reorderBody = z.strictObject({ clientId: z.uuid(JOB_MESSAGES.client).optional(), ids: z.array(z.uuid(JOB_MESSAGES.reorderSet)).min(1, JOB_MESSAGES.reorderSet).max(HIRING_STAGE_LIMITS.max, JOB_MESSAGES.reorderSet) });
const stageTags = ['hiring-stages'];

/** Postgres' unique violation: two saves of one name at once, the index decides. */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Registered by the jobs module's routes. */
export default async function stageRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clientOf = (user: AuthUser, requested: string | null | undefined) => clientFor(db, user, requested);

  /** A stage the caller may manage. */
  async function visibleStage(id: string, user: AuthUser) {
    const stage = await findStage(db, id);
    const tenant = tenantOf(user);
    if (!stage || !stage.clientId || (tenant && stage.clientId !== tenant)) throw notFound();
    return stage as typeof stage & { clientId: string };
  }

  r.get('/candidates/hiring-stages/dropdown', { config: cards('view'), schema: { summary: "A client's hiring stages in order as [{_id, label}] (provider staff send clientId).", response: answers(z.array(stageOptionSchema)), tags: stageTags, querystring: clientQuery } }, async (request) => {
    const clientId = await clientOf(currentUser(request), request.query.clientId);
    return ok((await stagesOf(db, clientId)).map((s) => ({ _id: s.id, label: s.name })));
  });

  r.get('/candidates/hiring-stages', { config: cards('view'), schema: { summary: "A client's hiring stages in order, each with candidateCount (provider staff send clientId); created from the defaults on first use.", response: answers(z.array(stageRowSchema)), tags: stageTags, querystring: clientQuery } }, async (request) => {
    const clientId = await clientOf(currentUser(request), request.query.clientId);
    return ok(await stagesWithCounts(db, clientId));
  });

  const nameTaken = () => conflict(BUSINESS_MESSAGES.stageNameTaken, { name: BUSINESS_MESSAGES.stageNameTaken });
  const sameName = (clientId: string, name: string, except?: string) => findStageNamed(db, clientId, name, except);

  r.post('/candidates/hiring-stages', { config: cards('create'), schema: { summary: `Adds a stage at the end (at most ${HIRING_STAGE_LIMITS.max}; names unique per client).`, response: answers(stageRowSchema), tags: stageTags, body: stageBody } }, async (request) => {
    const user = currentUser(request);
    const clientId = await clientOf(user, request.body.clientId);
    const name = request.body.name;
    const stages = await stagesOf(db, clientId);
    if (stages.length >= HIRING_STAGE_LIMITS.max) throw conflict(JOB_MESSAGES.stageLimit);
    if (await sameName(clientId, name)) throw nameTaken();
    try {
      const row = await db.transaction().execute(async (trx) => {
        const position = Math.max(-1, ...stages.map((s) => s.position)) + 1;
        const inserted = await insertStage(trx, clientId, name, position);
        await recordAudit(trx, { userId: user.id, action: 'create', resource: 'hiring-stages', recordId: inserted.id, after: { clientId, name } });
        return inserted;
      });
      return ok({ ...row, clientId, candidateCount: 0 });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  });

  r.put('/candidates/hiring-stages/reorder', { config: cards('edit'), schema: { summary: "Puts a client's stages in the order given (every stage once).", response: answers(z.array(stageRowSchema)), tags: stageTags, body: reorderBody } }, async (request) => {
    const user = currentUser(request);
    const clientId = await clientOf(user, request.body.clientId);
    const ids = request.body.ids;
    const stages = await stagesOf(db, clientId);
    const known = new Set(stages.map((s) => s.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw badRequest(JOB_MESSAGES.reorderSet);
    await db.transaction().execute(async (trx) => {
      await reorderStages(trx, ids);
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'hiring-stages', recordId: clientId, before: stages.map((s) => s.id), after: ids });
    });
    return ok(await stagesWithCounts(db, clientId));
  });

  r.put('/candidates/hiring-stages/:id', { config: cards('edit'), schema: { summary: 'Renames a stage.', response: answers(stageRowSchema), tags: stageTags, params: idParams, body: renameBody } }, async (request) => {
    const user = currentUser(request);
    const stage = await visibleStage(request.params.id, user);
    const name = request.body.name;
    if (await sameName(stage.clientId, name, stage.id)) throw nameTaken();
    try {
      await db.transaction().execute(async (trx) => {
        await renameStage(trx, stage.id, name);
        await recordAudit(trx, { userId: user.id, action: 'update', resource: 'hiring-stages', recordId: stage.id, before: { name: stage.name }, after: { name } });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    return ok((await stagesWithCounts(db, stage.clientId)).find((s) => s.id === stage.id)!);
  });

  r.delete('/candidates/hiring-stages/:id', { config: cards('delete'), schema: { summary: 'Removes a stage no candidate sits in (409 otherwise), keeping at least one.', response: answers(idAnswerSchema), tags: stageTags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const stage = await visibleStage(request.params.id, user);
    const occupied = await findCardInStage(db, stage.id);
    if (occupied) throw conflict(BUSINESS_MESSAGES.stageInUse);
    const stages = await stagesOf(db, stage.clientId);
    if (stages.length <= 1) throw conflict(JOB_MESSAGES.stageLast);
    try {
      await db.transaction().execute(async (trx) => {
        await deleteStage(trx, stage.id, stages.filter((s) => s.id !== stage.id).map((s) => s.id));
        await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'hiring-stages', recordId: stage.id, before: stage });
      });
    } catch (error) {
      // A card moved in between the check and the delete: the foreign key refuses, and so do we.
      if ((error as { code?: string }).code === '23503') throw conflict(BUSINESS_MESSAGES.stageInUse);
      throw error;
    }
    return ok({ id: stage.id });
  });
}
