/**
 * Jobs and hiring stages (ARCHITECTURE 7c). Jobs are the CAMPAIGN entity's; a job's candidates,
 * their moves and the stages are the CANDIDATES entity's. A client's users see and change only
 * their client's jobs, stages and cards; provider staff name the client. The specification's
 * `/api/candidates/hiring-stages` calls live in this module (stage-routes.ts) so that the
 * candidates module stays as it is.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { candidateSchema, ASSESSMENT_MESSAGES } from '../../../src/domain/assessment';
import { EMPLOYMENT_TYPES, EXPERIENCE_YEARS, JOB_STATUSES, NOTICE_PERIODS, WORK_MODES } from '../../../src/domain/business';
import { idAnswerSchema } from '../../../src/domain/answers';
import { boardCardSchema, boardSchema, invitableSchema, JOB_MESSAGES, jobRecordSchema, jobRowSchema, jobSchema, moveSchema, type JobInput } from '../../../src/domain/jobs';
import { can, type Action, type Entity } from '../../../src/domain/permissions';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { defaultExpiry, findOrCreateCandidate, issueInvitation, mailInvitation, takeLink } from '../../lib/invitations';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Services } from '../../services';
import { estimatesOf, findAssessmentRow } from '../assessments/queries';
import { eraseResumes, resumesOf } from '../careers/queries';
import { invitingClient } from '../clients/queries';
import { findInvitationTo, markInvitationMailed } from '../candidates/queries';
import { cards, clientFor } from './access';
import {
  addCard,
  boardCards,
  deleteCard,
  deleteJob,
  findCandidateContact,
  findCard,
  findCardOfCandidate,
  findInvitationForCard,
  findJob,
  findLiveInvitationTo,
  findLocationClient,
  findStageClient,
  insertJob,
  invitableFor,
  jobRow,
  lockJob,
  moveCardToStage,
  placeInColumn,
  selectJobs,
  setCardInvitation,
  stagesOf,
  takingExperience,
  updateJob,
  type JobRecord,
} from './queries';
import stageRoutes from './stage-routes';

const spec: ListSpec = {
  resource: 'jobs',
  fields: {
    title: 'jobs.title',
    employmentType: 'jobs.employmentType',
    workMode: 'jobs.workMode',
    notice: 'jobs.notice',
    experienceMin: 'jobs.experienceMin',
    status: 'jobs.status',
    clientId: 'jobs.clientId',
    assessmentId: 'jobs.assessmentId',
    locationId: 'jobs.locationId',
    postedAt: 'jobs.postedAt',
    updatedAt: 'jobs.updatedAt',
  },
  sortable: ['title', 'employmentType', 'workMode', 'notice', 'experienceMin', 'status', 'postedAt', 'updatedAt'],
  filterable: ['employmentType', 'workMode', 'notice', 'status', 'clientId', 'assessmentId', 'locationId', 'postedAt', 'updatedAt'],
  types: { clientId: 'uuid', assessmentId: 'uuid', locationId: 'uuid', postedAt: 'date', updatedAt: 'date' },
  searchable: ['jobs.title', 'locations.name', 'assessments.name'],
  defaultSort: ['postedAt', 'DESC'],
  tenantColumn: 'jobs.clientId',
};

/** The job filter "experience": a number of years (9 is 9+) that the job's range takes. */
const EXPERIENCE_FILTER = 'experience';
const ENUM_FILTERS: Record<string, readonly string[]> = { employmentType: EMPLOYMENT_TYPES, workMode: WORK_MODES, notice: NOTICE_PERIODS, status: JOB_STATUSES };

const access = (entity: Entity, action: Action) => ({ access: { entity, action } });
const jobs = (action: Action) => access('CAMPAIGN', action);
/** A job's board shows the job (CAMPAIGN) and its candidates (CANDIDATES). */
const boardView = { access: (user: AuthUser) => can(user, 'CAMPAIGN', 'view') && can(user, 'CANDIDATES', 'view') };

const addBody = z.strictObject({ invitationId: z.uuid(JOB_MESSAGES.notInvited) });
const pickQuery = z.object({ q: z.string().max(200).optional() });
const tags = ['jobs'];

export default async function jobRoutes(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** A card as the board reads it: an application's résumé as a link to read it by. */
  const cardsOf = async (jobId: string) => (await boardCards(db, jobId)).map(({ resumeKey, ...card }) => ({ ...card, resumeUrl: resumeKey ? services.storage.readUrl(resumeKey) : null }));

  const clientOf = (user: AuthUser, requested: string | null | undefined) => clientFor(db, user, requested);

  /** The job if the caller's tenant may see it; another client's is not found. */
  async function visibleJob(id: string, user: AuthUser): Promise<JobRecord> {
    const job = await findJob(db, id);
    const tenant = tenantOf(user);
    if (!job || (tenant && job.clientId !== tenant)) throw notFound();
    return job;
  }

  /** A card (a candidate on a job) whose job the caller may see. */
  async function visibleCard(id: string, user: AuthUser) {
    const card = await findCard(db, id);
    if (!card) throw notFound();
    return { card, job: await visibleJob(card.jobId, user) };
  }

  /** The job's assessment must be the client's own, invited and active (when it is newly chosen). */
  async function checkAssessment(assessmentId: string | null, clientId: string, previous: string | null) {
    if (!assessmentId || assessmentId === previous) return;
    const refuse = () => badRequest(JOB_MESSAGES.assessment, { assessmentId: JOB_MESSAGES.assessment });
    const assessment = await findAssessmentRow(db, assessmentId);
    // The client's own, or a library assessment given to it.
    const inviting = assessment ? await invitingClient(db, clientId, assessment) : undefined;
    if (!assessment || inviting?.clientId !== clientId || assessment.type !== 'INVITED' || assessment.status !== 'ACTIVE') throw refuse();
  }

  async function checkLocation(locationId: string | null, clientId: string) {
    if (!locationId) return;
    const location = await findLocationClient(db, locationId);
    if (!location || (location.clientId && location.clientId !== clientId)) throw badRequest(JOB_MESSAGES.location, { locationId: JOB_MESSAGES.location });
  }

  /** The columns a saved job stores: the description sanitized, the closing date kept with the status. */
  function jobValues(input: JobInput, previous?: JobRecord) {
    const now = new Date();
    const closedAt = input.status === 'CLOSED' ? (previous?.status === 'CLOSED' ? previous.closedAt : now) : null;
    return {
      title: input.title,
      descriptionHtml: sanitizeRichText(input.descriptionHtml),
      employmentType: input.employmentType,
      workMode: input.workMode,
      notice: input.notice,
      experienceMin: input.experienceMin,
      experienceMax: input.experienceMax,
      locationId: input.locationId,
      openings: input.openings,
      assessmentId: input.assessmentId,
      status: input.status,
      screeningQuestions: JSON.stringify(input.screeningQuestions),
      closedAt,
      updatedAt: now,
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Jobs

  r.get(
    '/jobs',
    {
      config: jobs('view'),
      schema: {
        summary: 'Jobs (simple-rest list): title, employmentType, workMode, notice, experienceMin/Max, location, openings, assessment, candidateCount, status, client. Filters q, employmentType, workMode, notice, status, experience (years 0-9: jobs whose range takes them), clientId, assessmentId, locationId.',
        tags,
        querystring: listQuerystring,
        response: answers(z.array(jobRowSchema)),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const list = parseListQuery(request.query, spec, [EXPERIENCE_FILTER]);
      for (const f of list.filters) {
        const field = Object.entries(spec.fields).find(([, column]) => column === f.column)?.[0];
        const allowed = field ? ENUM_FILTERS[field] : undefined;
        const values = Array.isArray(f.value) ? f.value : [f.value];
        if (allowed && !values.every((v) => allowed.includes(String(v)))) throw badRequest(`The filter "${field}" must be one of ${allowed.join(', ')}.`);
      }
      let query = selectJobs(db);
      const experience = list.extra[EXPERIENCE_FILTER];
      if (experience !== undefined) {
        const years = Number(experience);
        if (!EXPERIENCE_YEARS.includes(years as (typeof EXPERIENCE_YEARS)[number])) throw badRequest(JOB_MESSAGES.experience);
        query = takingExperience(query, years);
      }
      const { rows, total } = await fetchPage(query, spec, list, user);
      return sendPage(reply, 'jobs', list, rows.map(jobRow), total);
    },
  );

  r.get('/jobs/:id', { config: jobs('view'), schema: { summary: 'One job with its sanitized description.', response: answers(jobRecordSchema), tags, params: idParams } }, async (request) => ok(await visibleJob(request.params.id, currentUser(request))));

  r.post('/jobs', { config: jobs('create'), schema: { summary: "Posts a job for the caller's client (provider staff send clientId).", response: answers(jobRecordSchema), tags, body: jobSchema } }, async (request) => {
    const user = currentUser(request);
    const input = request.body;
    const clientId = await clientOf(user, input.clientId);
    await checkAssessment(input.assessmentId, clientId, null);
    await checkLocation(input.locationId, clientId);
    const id = await db.transaction().execute(async (trx) => {
      const jobId = await insertJob(trx, { ...jobValues(input), clientId, postedBy: user.id });
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'jobs', recordId: jobId, after: { ...input, clientId } });
      return jobId;
    });
    return ok((await findJob(db, id))!);
  });

  r.put('/jobs/:id', { config: jobs('edit'), schema: { summary: 'Saves a job (its client stays).', response: answers(jobRecordSchema), tags, params: idParams, body: jobSchema } }, async (request) => {
    const user = currentUser(request);
    const before = await visibleJob(request.params.id, user);
    const input = request.body;
    // A job stays with its client: its candidates and stages are that client's.
    if (input.clientId && input.clientId !== before.clientId) throw badRequest(JOB_MESSAGES.client, { clientId: JOB_MESSAGES.client });
    const clientId = before.clientId!;
    await checkAssessment(input.assessmentId, clientId, before.assessmentId);
    await checkLocation(input.locationId, clientId);
    await db.transaction().execute(async (trx) => {
      await updateJob(trx, before.id, jobValues(input, before));
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'jobs', recordId: before.id, before, after: input });
    });
    return ok((await findJob(db, before.id))!);
  });

  r.delete('/jobs/:id', { config: jobs('delete'), schema: { summary: 'Deletes a job and its board (the candidates and their attempts stay).', response: answers(jobRecordSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const before = await visibleJob(request.params.id, user);
    // Applicants' résumés were for this job: they go with its board.
    const resumes = await resumesOf(db, { jobId: before.id });
    await db.transaction().execute(async (trx) => {
      await deleteJob(trx, before.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'jobs', recordId: before.id, before });
    });
    await eraseResumes(db, services.storage, resumes);
    return ok(before);
  });

  // ---------------------------------------------------------------------------------------------
  // A job's candidates on the board

  r.get('/jobs/:id/board', { config: boardView, schema: { summary: "A job's board: {job, stages [{id, name, position}], cards [{id, candidateId, name, email, invitationId, invitationStatus, percent, band, stageId, position, addedAt, movedAt, source (BOARD or CAREERS), screeningAnswers, resumeUrl, invitationNote (NO_CREDITS), history [{fromStage, toStage, movedBy, movedAt}]}]}.", response: answers(boardSchema), tags, params: idParams } }, async (request) => {
    const job = await visibleJob(request.params.id, currentUser(request));
    const stages = await stagesOf(db, job.clientId!);
    return ok({ job, stages, cards: await cardsOf(job.id) });
  });

  r.get('/jobs/:id/invitable', { config: boardView, schema: { summary: "Candidates invited to the job's assessment and not on the job yet (up to 50, best scores first): [{invitationId, candidateId, name, email, status, percent, band}].", response: answers(z.array(invitableSchema)), tags, params: idParams, querystring: pickQuery } }, async (request) => {
    const job = await visibleJob(request.params.id, currentUser(request));
    if (!job.assessmentId) return ok([]);
    const rows = await invitableFor(db, { id: job.id, clientId: job.clientId!, assessmentId: job.assessmentId }, request.query.q?.trim() || undefined);
    return ok(rows.map((row) => ({ ...row, percent: row.percent === null ? null : Number(row.percent) })));
  });

  r.post('/jobs/:id/candidates', { config: cards('create'), schema: { summary: "Adds a candidate invited to the job's assessment to the board's first stage (409 when already on the job).", response: answers(idAnswerSchema), tags, params: idParams, body: addBody } }, async (request) => {
    const user = currentUser(request);
    const job = await visibleJob(request.params.id, user);
    if (job.status === 'CLOSED') throw conflict(JOB_MESSAGES.jobClosed);
    const invitation = await findInvitationForCard(db, request.body.invitationId);
    // Another client's invitation to a shared library assessment is not this job's to add.
    if (!invitation || !job.assessmentId || invitation.assessmentId !== job.assessmentId || invitation.clientId !== job.clientId || invitation.revokedAt) throw badRequest(JOB_MESSAGES.notInvited);
    const id = await db.transaction().execute((trx) => addCard(trx, { id: job.id, clientId: job.clientId! }, { candidateId: invitation.candidateId, invitationId: invitation.id, addedBy: user.id }));
    return ok({ id });
  });

  r.post('/jobs/:id/invite', { config: cards('create'), schema: { summary: "Invites a new candidate to the job's assessment (mailed, as the invitations list does) and adds them to the board's first stage.", response: answers(idAnswerSchema), tags, params: idParams, body: candidateSchema } }, async (request) => {
    const user = currentUser(request);
    const job = await visibleJob(request.params.id, user);
    if (job.status === 'CLOSED') throw conflict(JOB_MESSAGES.jobClosed);
    if (!job.assessmentId) throw conflict(JOB_MESSAGES.noAssessment);
    const assessment = await findAssessmentRow(db, job.assessmentId);
    if (!assessment || assessment.status !== 'ACTIVE') throw conflict(ASSESSMENT_MESSAGES.notActive);
    if (assessment.type !== 'INVITED') throw conflict(JOB_MESSAGES.noAssessment);
    const person = request.body;
    const expiresAt = defaultExpiry();
    const estimatedMinutes = (await estimatesOf(db, [assessment])).get(assessment.id) ?? 0;
    const id = await db.transaction().execute(async (trx) => {
      // The job's client: a library assessment's candidates and credits are the client's too.
      const candidate = await findOrCreateCandidate(trx, { clientId: job.clientId, name: person.name, email: person.email, phone: person.phone, createdBy: user.id });
      const onJob = await findCardOfCandidate(trx, job.id, candidate.id);
      if (onJob) throw conflict(JOB_MESSAGES.alreadyOnJob);
      // Already invited to this assessment: that attempt is the one the job reads.
      const existing = await findInvitationTo(trx, assessment.id, candidate.id);
      let invitationId = existing?.id;
      if (!invitationId) {
        const issued = await issueInvitation(trx, { assessmentId: assessment.id, candidateId: candidate.id, clientId: job.clientId, entryType: 'INVITE', invitedBy: user.id, expiresAt });
        await mailInvitation(trx, { to: person.email, candidateName: person.name, assessment, language: null, link: takeLink(config.publicUrl, issued.token), expiresAt, estimatedMinutes });
        await markInvitationMailed(trx, issued.id);
        await recordAudit(trx, { userId: user.id, action: 'create', resource: 'invitations', recordId: issued.id, after: { assessmentId: assessment.id, candidateId: candidate.id, jobId: job.id } });
        invitationId = issued.id;
      }
      return addCard(trx, { id: job.id, clientId: job.clientId! }, { candidateId: candidate.id, invitationId, addedBy: user.id });
    });
    return ok({ id });
  });

  r.post(
    '/job-candidates/:id/invite',
    {
      config: cards('create'),
      schema: {
        summary: "Invites a card's candidate who has no invitation (an applicant kept when no credit was left) to the job's assessment: mailed in the application's language, one credit spent (409 when none is left). Answers the card as the board reads it.",
        tags,
        params: idParams,
        response: answers(boardCardSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { card, job } = await visibleCard(request.params.id, user);
      if (card.invitationId) throw conflict(JOB_MESSAGES.hasInvitation);
      if (job.status === 'CLOSED') throw conflict(JOB_MESSAGES.jobClosed);
      const assessment = job.assessmentId ? await findAssessmentRow(db, job.assessmentId) : undefined;
      if (!assessment || assessment.type !== 'INVITED') throw conflict(JOB_MESSAGES.noAssessment);
      if (assessment.status !== 'ACTIVE') throw conflict(ASSESSMENT_MESSAGES.notActive);
      const candidate = await findCandidateContact(db, card.candidateId);
      const language = card.applicationLanguage;
      const expiresAt = defaultExpiry();
      const estimatedMinutes = (await estimatesOf(db, [assessment])).get(assessment.id) ?? 0;
      await db.transaction().execute(async (trx) => {
        // Invited to it meanwhile (elsewhere): that attempt is the one the job reads.
        const existing = await findLiveInvitationTo(trx, assessment.id, candidate.id);
        let invitationId = existing?.id;
        if (!invitationId) {
          const issued = await issueInvitation(trx, { assessmentId: assessment.id, candidateId: candidate.id, clientId: job.clientId, entryType: 'INVITE', invitedBy: user.id, expiresAt, language: language && assessment.languages.includes(language) ? language : null });
          await mailInvitation(trx, { to: candidate.email, candidateName: candidate.name, assessment, language, link: takeLink(config.publicUrl, issued.token), expiresAt, estimatedMinutes });
          await markInvitationMailed(trx, issued.id);
          await recordAudit(trx, { userId: user.id, action: 'create', resource: 'invitations', recordId: issued.id, after: { assessmentId: assessment.id, candidateId: candidate.id, jobId: job.id } });
          invitationId = issued.id;
        }
        await setCardInvitation(trx, card.id, invitationId);
        await recordAudit(trx, { userId: user.id, action: 'update', resource: 'job-candidates', recordId: card.id, before: { invitationId: null, invitationNote: card.invitationNote }, after: { invitationId } });
      });
      services.mailer.kick();
      return ok((await cardsOf(job.id)).find((c) => c.id === card.id)!);
    },
  );

  r.post('/job-candidates/:id/move', { config: cards('edit'), schema: { summary: "Moves a card to a stage of its job's client, at a place in the column (last when none); a change of stage is recorded (who, when, from, to).", response: answers(boardCardSchema), tags, params: idParams, body: moveSchema } }, async (request) => {
    const user = currentUser(request);
    const { card, job } = await visibleCard(request.params.id, user);
    const { stageId, position } = request.body;
    const stage = await findStageClient(db, stageId);
    if (!stage || stage.clientId !== job.clientId) throw badRequest(JOB_MESSAGES.stageOfAnotherClient, { stageId: JOB_MESSAGES.stageOfAnotherClient });
    await db.transaction().execute(async (trx) => {
      // One move of a job's board at a time, so that two people dragging never interleave the numbering.
      await lockJob(trx, job.id);
      if (stage.id !== card.stageId) {
        await moveCardToStage(trx, card, stage.id, user.id);
        await recordAudit(trx, { userId: user.id, action: 'update', resource: 'job-candidates', recordId: card.id, before: { stageId: card.stageId }, after: { stageId: stage.id } });
      }
      await placeInColumn(trx, job.id, stage.id, card.id, position);
    });
    const cardsNow = await cardsOf(job.id);
    return ok(cardsNow.find((c) => c.id === card.id)!);
  });

  r.delete('/job-candidates/:id', { config: cards('delete'), schema: { summary: 'Takes a candidate off a job (the candidate and their attempt stay; an application’s answers and résumé go).', response: answers(idAnswerSchema), tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    const { card } = await visibleCard(request.params.id, user);
    const resumes = await resumesOf(db, { cardId: card.id });
    await db.transaction().execute(async (trx) => {
      await deleteCard(trx, card.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'job-candidates', recordId: card.id, before: card });
    });
    // An application's answers went with the card; its résumé goes too.
    await eraseResumes(db, services.storage, resumes);
    return ok({ id: card.id });
  });

  await stageRoutes(app, services);
}
