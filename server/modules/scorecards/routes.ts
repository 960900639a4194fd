/**
 * Interview scorecards (ARCHITECTURE 4b): a job's stage names the competencies its interviewers
 * rate. Scorecards are the CAMPAIGN entity's, as jobs are; rating a candidate is moving them along
 * the board's work, the CANDIDATES entity's edit. A client's users see only their client's; an
 * interviewer sees the others' sheets only once their own is submitted.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idAnswerSchema } from '../../../src/domain/answers';
import { can, type Action } from '../../../src/domain/permissions';
import { averagesOf, competencyId, interviewSchema, ratingInputSchema, scorecardEditSchema, scorecardRowSchema, scorecardSchema } from '../../../src/domain/scorecards';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, notFound, refuseField, says } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import {
  deleteScorecard,
  findCardOnJob,
  findScorecard,
  hasSheets,
  insertScorecard,
  jobAndStage,
  lockSheet,
  saveSheet,
  selectScorecards,
  setCompetencies,
  sheetsFor,
  stageTaken,
  type ScorecardRecord,
} from './queries';

const spec: ListSpec = {
  resource: 'scorecards',
  fields: { jobId: 'scorecards.jobId', stageId: 'scorecards.stageId', clientId: 'scorecards.clientId', jobTitle: 'jobs.title', stageName: 'hiringStages.name', createdAt: 'scorecards.createdAt' },
  sortable: ['jobTitle', 'stageName', 'createdAt'],
  filterable: ['jobId', 'stageId', 'clientId'],
  types: { jobId: 'uuid', stageId: 'uuid', clientId: 'uuid' },
  searchable: ['jobs.title', 'hiringStages.name'],
  defaultSort: ['createdAt', 'DESC'],
  tenantColumn: 'scorecards.clientId',
};

const scorecards = (action: Action) => ({ access: { entity: 'CAMPAIGN' as const, action } });
/** An interviewer reads the scorecard and rates the job's candidates. */
const rating = { access: (user: AuthUser) => can(user, 'CAMPAIGN', 'view') && can(user, 'CANDIDATES', 'edit') };
const sheetParams = z.object({ id: z.uuid(), cardId: z.uuid() });
const tags = ['scorecards'];

/** Names → competencies with ids; an edit keeps the id of a name it keeps. */
function withIds(names: string[], previous: { id: string; name: string }[] = []) {
  const taken = new Set<string>();
  return names.map((name) => {
    const kept = previous.find((c) => c.name.toLowerCase() === name.toLowerCase());
    const id = kept && !taken.has(kept.id) ? kept.id : competencyId(name, taken);
    taken.add(id);
    return { id, name };
  });
}

export default async function scorecardRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The scorecard if the caller's tenant may see it; another client's is not found. */
  async function visibleScorecard(id: string, user: AuthUser): Promise<ScorecardRecord> {
    const found = await findScorecard(db, id);
    const tenant = tenantOf(user);
    if (!found || (tenant && found.clientId !== tenant)) throw notFound();
    return found;
  }

  r.get('/scorecards', { config: scorecards('view'), schema: { summary: 'Interview scorecards (simple-rest list): the job, its stage, the competencies to rate, submittedCount. Filters q, jobId, stageId, clientId.', tags, querystring: listQuerystring, response: answers(z.array(scorecardRowSchema)) } }, async (request, reply) => {
    const user = currentUser(request);
    const list = parseListQuery(request.query, spec);
    const { rows, total } = await fetchPage(selectScorecards(db), spec, list, user);
    return sendPage(reply, 'scorecards', list, rows, total);
  });

  r.get('/scorecards/:id', { config: scorecards('view'), schema: { summary: 'One scorecard.', tags, params: idParams, response: answers(scorecardRowSchema) } }, async (request) => ok(await visibleScorecard(request.params.id, currentUser(request))));

  r.post('/scorecards', { config: scorecards('create'), schema: { summary: "Names the competencies to rate at a job's stage (one scorecard per job and stage).", tags, body: scorecardSchema, response: answers(scorecardRowSchema) } }, async (request) => {
    const user = currentUser(request);
    const { jobId, stageId, competencies } = request.body;
    const tenant = tenantOf(user);
    const { job, stage } = await jobAndStage(db, jobId, stageId);
    if (!job || (tenant && job.clientId !== tenant)) throw refuseField('jobId', says('notFound'));
    if (!stage || stage.clientId !== job.clientId) throw refuseField('stageId', says('notFound'));
    if (await stageTaken(db, jobId, stageId)) throw conflict(says('scorecardStageTaken'), { stageId: says('scorecardStageTaken') });
    const id = await db.transaction().execute(async (trx) => {
      const created = await insertScorecard(trx, { clientId: job.clientId, jobId, stageId, competencies: withIds(competencies), createdBy: user.id });
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'scorecards', recordId: created, after: request.body });
      return created;
    });
    return ok(await visibleScorecard(id, user));
  });

  r.put('/scorecards/:id', { config: scorecards('edit'), schema: { summary: 'Renames, adds or removes competencies, while nobody has rated on the scorecard.', tags, params: idParams, body: scorecardEditSchema, response: answers(scorecardRowSchema) } }, async (request) => {
    const user = currentUser(request);
    const before = await visibleScorecard(request.params.id, user);
    if (await hasSheets(db, before.id)) throw conflict(says('scorecardRated'));
    await db.transaction().execute(async (trx) => {
      await setCompetencies(trx, before.id, withIds(request.body.competencies, before.competencies));
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'scorecards', recordId: before.id, before: { competencies: before.competencies }, after: request.body });
    });
    return ok(await visibleScorecard(before.id, user));
  });

  r.delete('/scorecards/:id', { config: scorecards('delete'), schema: { summary: 'Deletes a scorecard nobody has rated on.', tags, params: idParams, response: answers(idAnswerSchema) } }, async (request) => {
    const user = currentUser(request);
    const found = await visibleScorecard(request.params.id, user);
    if (await hasSheets(db, found.id)) throw conflict(says('scorecardRated'));
    await db.transaction().execute(async (trx) => {
      await deleteScorecard(trx, found.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'scorecards', recordId: found.id, before: found });
    });
    return ok({ id: found.id });
  });

  /** What the caller may see of a candidate's interview on a scorecard. */
  async function interview(scorecard: ScorecardRecord, cardId: string, user: AuthUser) {
    const candidate = await findCardOnJob(db, cardId, scorecard.jobId);
    if (!candidate) throw notFound();
    const sheets = await sheetsFor(db, scorecard.id, cardId);
    const mine = sheets.find((s) => s.interviewerId === user.id) ?? null;
    const submitted = sheets.filter((s) => s.submittedAt);
    const others = submitted.filter((s) => s.interviewerId !== user.id);
    // Blind until submitted: another interviewer's view must not sway one's own.
    const open = !!mine?.submittedAt;
    return {
      scorecard,
      candidate,
      mine,
      others: open ? others : null,
      othersSubmitted: others.length,
      averages: open ? averagesOf(scorecard.competencies.map((c) => c.id), submitted) : null,
    };
  }

  r.get('/scorecards/:id/candidates/:cardId', { config: rating, schema: { summary: "A candidate's interview on a scorecard: the caller's sheet, and the others' (with each competency's mean) once the caller's is submitted.", tags, params: sheetParams, response: answers(interviewSchema) } }, async (request) => {
    const user = currentUser(request);
    return ok(await interview(await visibleScorecard(request.params.id, user), request.params.cardId, user));
  });

  r.put('/scorecards/:id/candidates/:cardId', { config: rating, schema: { summary: "Saves the caller's ratings of a candidate (a draft), or submits them (every competency rated; then they no longer change).", tags, params: sheetParams, body: ratingInputSchema, response: answers(interviewSchema) } }, async (request) => {
    const user = currentUser(request);
    const scorecard = await visibleScorecard(request.params.id, user);
    const { cardId } = request.params;
    if (!(await findCardOnJob(db, cardId, scorecard.jobId))) throw notFound();
    const { ratings, note, submit } = request.body;
    const ids = scorecard.competencies.map((c) => c.id);
    // One entry per competency of the scorecard, in its order; an unknown one is refused.
    if (ratings.some((r) => !ids.includes(r.competencyId)) || new Set(ratings.map((r) => r.competencyId)).size !== ratings.length) throw badRequest(says('scorecardRating'));
    const complete = ids.map((id) => ratings.find((r) => r.competencyId === id) ?? { competencyId: id, rating: null, note: '' });
    if (submit && complete.some((r) => r.rating === null)) throw badRequest(says('scorecardIncomplete'));
    await db.transaction().execute(async (trx) => {
      const existing = await lockSheet(trx, scorecard.id, cardId, user.id);
      if (existing?.submittedAt) throw conflict(says('scorecardSubmitted'));
      await saveSheet(trx, { scorecardId: scorecard.id, cardId, interviewerId: user.id }, { ratings: complete, note }, submit ? new Date() : null);
      if (submit) await recordAudit(trx, { userId: user.id, action: 'update', resource: 'scorecard-sheets', recordId: scorecard.id, after: { cardId, ratings: complete, note, submitted: true } });
    });
    return ok(await interview(scorecard, cardId, user));
  });
}
