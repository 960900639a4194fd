/**
 * Careers pages (ARCHITECTURE 7d). For readers, HTML written by this server (page.ts): a client's
 * open jobs at `/careers/<slug>` and each job at `/careers/<slug>/jobs/<id>`, in English or Hindi.
 * For applicants, two calls under /api, as a public link's: the code step mails a one-time code to
 * the email (nothing is made yet), the application step proves it and puts the applicant on the
 * job's board, in its first stage, with the answers and a résumé ticket, inviting to the job's
 * assessment at once when a credit is left. Throttled per address and per email.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_MESSAGES } from '../../../src/domain/business';
import {
  applyAnswerSchema,
  CAREERS_LANGUAGES,
  CAREERS_MESSAGES,
  careersApplySchema,
  careersCodeSchema,
  checkAnswers,
  codeAnswerSchema,
  isClientSlug,
  RESUME_TYPES,
  type CareersLanguage,
  type InvitationNote,
  type ResumeUpload,
} from '../../../src/domain/careers';
import { failureSchema } from '../../../src/domain/allMessages';
import { JOB_MESSAGES } from '../../../src/domain/jobs';
import { checkEmailCode, deleteStaleEmailCodes, issueEmailCode } from '../../lib/email-codes';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { defaultExpiry, findOrCreateCandidate, issueInvitation, mailInvitation, takeLink } from '../../lib/invitations';
import { CAREERS_APPLY_ADDRESS_POLICY, CAREERS_CODE_ADDRESS_POLICY, PUBLIC_CODE_EMAIL_POLICY } from '../../lib/throttle';
import type { Services } from '../../services';
import { estimatesOf, findAssessmentRow } from '../assessments/queries';
import { markInvitationMailed } from '../candidates/queries';
import { addCard, findCardOfCandidate, findLiveInvitationTo } from '../jobs/queries';
import { recordSignedUpload, roomFor, storedFileId } from '../uploads/queries';
import { mailApplicationCode, mailNoCreditsNotice } from './mails';
import { jobPage, listPage, notFoundPage, type PageContext } from './page';
import { clientBySlug, findClientJob, jobManagers, openJob, openJobs, toldOfNoCreditsLately, type CareersClient, type CareersJob } from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tags = ['careers'];
const access = { access: 'public' as const };

const jobParams = z.object({ slug: z.string().max(200), jobId: z.string().max(200) });
const slugParams = z.object({ slug: z.string().max(200) });
const pageQuery = z.object({ lang: z.string().max(20).optional() });

/** The apply form's script, named by its content so that it may be kept for a year. */
const APPLY_SCRIPT = readFileSync(new URL('./apply.js', import.meta.url), 'utf8');
const APPLY_SCRIPT_PATH = `/careers/apply.${createHash('sha256').update(APPLY_SCRIPT).digest('hex').slice(0, 12)}.js`;

/** Pages change when a job does: a reader or a crawler sees a change within five minutes. */
const PAGE_CACHE = 'public, max-age=300';

/**
 * The page's language: `?lang=` when it names one, else the first of the browser's languages that
 * the pages are written in (Accept-Language, by its weights), else English.
 */
export function pageLanguage(lang: string | undefined, acceptLanguage: string | undefined): { language: CareersLanguage; chosen: boolean } {
  const known = (tag: string) => (CAREERS_LANGUAGES as readonly string[]).find((l) => l === tag.trim().toLowerCase().split(/[-_]/)[0]) as CareersLanguage | undefined;
  const asked = lang ? known(lang) : undefined;
  if (asked) return { language: asked, chosen: true };
  const preferences = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((p) => p.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const preference of preferences) {
    const language = known(preference.tag);
    if (language) return { language, chosen: false };
  }
  return { language: 'en', chosen: false };
}

/** `/careers/...`: the pages and the apply form's script, outside /api (register at the root). */
export async function careersPageRoutes(app: FastifyInstance, { db, config, storage }: Pick<Services, 'db' | 'config' | 'storage'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pageSchema = { hide: true, response: { 200: z.string(), 404: z.string() } };

  const contextFor = (request: FastifyRequest, client: CareersClient | null): PageContext => ({
    ...pageLanguage((request.query as { lang?: string }).lang, request.headers['accept-language']),
    publicUrl: config.publicUrl,
    logoUrl: client?.logoKey ? storage.readUrl(client.logoKey) : null,
    scriptPath: APPLY_SCRIPT_PATH,
  });

  const send = (reply: FastifyReply, ctx: PageContext, page: string, status = 200) =>
    reply
      .code(status)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': status === 200 ? PAGE_CACHE : 'public, max-age=60',
        'content-language': ctx.language,
        // The language may come from Accept-Language: a shared cache keeps one copy per language asked.
        vary: 'Accept-Language',
      })
      .send(page);

  r.get(APPLY_SCRIPT_PATH, { config: access, schema: { hide: true, response: { 200: z.string() } } }, async (_request, reply) =>
    reply.headers({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' }).send(APPLY_SCRIPT),
  );

  r.get('/careers/:slug', { config: access, schema: { ...pageSchema, params: slugParams, querystring: pageQuery } }, async (request, reply) => {
    const client = isClientSlug(request.params.slug) ? await clientBySlug(db, request.params.slug) : undefined;
    if (!client) {
      const ctx = contextFor(request, null);
      return send(reply, ctx, notFoundPage(ctx, null), 404);
    }
    const ctx = contextFor(request, client);
    const jobs = await openJobs(db, client.id);
    return send(reply, ctx, listPage(ctx, client, jobs));
  });

  r.get('/careers/:slug/jobs/:jobId', { config: access, schema: { ...pageSchema, params: jobParams, querystring: pageQuery } }, async (request, reply) => {
    const { slug, jobId } = request.params;
    const client = isClientSlug(slug) ? await clientBySlug(db, slug) : undefined;
    const job = client && UUID.test(jobId) ? await openJob(db, client.id, jobId) : undefined;
    const ctx = contextFor(request, client ?? null);
    if (!client || !job) return send(reply, ctx, notFoundPage(ctx, client ?? null), 404);
    return send(reply, ctx, jobPage(ctx, client, job));
  });
}

/** `/api/careers/...`: the applicant's two calls. */
export default async function careersRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, throttle, config, storage } = services;

  /** The client and its open job named by the address; 404 when there is none, 410 when the job has closed. */
  async function openJobFor(slug: string, jobId: string): Promise<{ client: CareersClient; job: CareersJob & { clientId: string } }> {
    const client = isClientSlug(slug) ? await clientBySlug(db, slug) : undefined;
    if (!client || !UUID.test(jobId)) throw notFound(CAREERS_MESSAGES.notFound);
    const job = await openJob(db, client.id, jobId);
    if (!job) {
      const closed = await findClientJob(db, client.id, jobId);
      throw closed ? new HttpError(410, CAREERS_MESSAGES.jobNotOpen) : notFound(CAREERS_MESSAGES.notFound);
    }
    return { client, job: { ...job, clientId: client.id } };
  }

  /** Whose code it is: this job and this email. */
  const codeSubject = (jobId: string, email: string) => `${jobId}:${email}`;

  r.post(
    '/careers/:slug/jobs/:jobId/code',
    {
      config: access,
      schema: {
        tags,
        summary: 'Applying on a careers page, first step: mails a one-time code to the email, in the page’s language (nothing else is made yet)',
        params: jobParams,
        body: careersCodeSchema,
        response: { 200: codeAnswerSchema, '4xx': failureSchema },
      },
    },
    async (request) => {
      const now = new Date();
      const { name, email, language } = request.body;
      const addressKey = `careers-code:${request.ip}`;
      // One bound for every code mailed to an address, whichever page asked (public links too).
      const emailKey = `public-code:${email}`;
      await throttle.assertOpen([addressKey, emailKey]);
      const { client, job } = await openJobFor(request.params.slug, request.params.jobId);
      await throttle.count([
        [addressKey, CAREERS_CODE_ADDRESS_POLICY],
        [emailKey, PUBLIC_CODE_EMAIL_POLICY],
      ]);
      await db.transaction().execute(async (trx) => {
        await deleteStaleEmailCodes(trx, now);
        const code = await issueEmailCode(trx, 'careers-apply', codeSubject(job.id, email), now);
        await mailApplicationCode(trx, { to: email, name, company: client.name, jobTitle: job.title, language: language ?? 'en', code });
      });
      services.mailer.kick();
      return { result: 1 as const, data: { message: CAREERS_MESSAGES.codeSent } };
    },
  );

  r.post(
    '/careers/:slug/jobs/:jobId/applications',
    {
      config: access,
      schema: {
        tags,
        summary:
          "Applying on a careers page, second step: with the mailed code, puts the applicant on the job's board (first stage) with the screening answers; invites to the job's assessment when it has one and a credit is left (else the application is kept and the client told); answers a résumé upload ticket when a résumé was declared. 409 when the email applied already.",
        params: jobParams,
        body: careersApplySchema,
        response: { 200: applyAnswerSchema, '4xx': failureSchema },
      },
    },
    async (request) => {
      const now = new Date();
      const applyKey = `careers-apply:${request.ip}`;
      await throttle.assertOpen([applyKey]);
      const { client, job } = await openJobFor(request.params.slug, request.params.jobId);
      const { name, email, phone, code, resume } = request.body;
      const language = request.body.language ?? 'en';
      // The answers and the room for the résumé first: a refusal here leaves the code unspent.
      const answers = checkAnswers(job.screeningQuestions ?? [], request.body.answers);
      if (!answers.ok) throw badRequest(Object.values(answers.errors)[0]!, answers.errors);
      const uploader = { id: null, clientId: client.id };
      if (resume)
        await roomFor(db, config.storageQuota, uploader, resume.size).catch((error: unknown) => {
          throw error instanceof HttpError && error.statusCode === 413 ? new HttpError(413, CAREERS_MESSAGES.resumeNoRoom, { resume: CAREERS_MESSAGES.resumeNoRoom }) : error;
        });
      await throttle.count([[applyKey, CAREERS_APPLY_ADDRESS_POLICY]]);
      const checked = await checkEmailCode(db, 'careers-apply', codeSubject(job.id, email), code, now);
      if (checked !== 'ok') {
        const message = checked === 'wrong' ? CAREERS_MESSAGES.codeWrong : CAREERS_MESSAGES.codeExpired;
        throw badRequest(message, { code: message });
      }

      const assessment = job.assessmentId ? await findAssessmentRow(db, job.assessmentId) : undefined;
      const invitable = assessment && assessment.status === 'ACTIVE' && assessment.type === 'INVITED' ? assessment : undefined;
      const estimatedMinutes = invitable ? ((await estimatesOf(db, [invitable])).get(invitable.id) ?? 0) : 0;
      try {
        const outcome = await db.transaction().execute(async (trx) => {
          const candidate = await findOrCreateCandidate(trx, { clientId: client.id, name, email, phone });
          const onJob = await findCardOfCandidate(trx, job.id, candidate.id);
          if (onJob) throw conflict(CAREERS_MESSAGES.alreadyApplied);

          let invitationId: string | null = null;
          let invitationNote: InvitationNote | null = null;
          let assessmentMailed = false;
          if (invitable) {
            // Invited to this assessment already: that attempt is the one the job reads (as the board's invite does).
            const existing = await findLiveInvitationTo(trx, invitable.id, candidate.id);
            if (existing) invitationId = existing.id;
            else {
              const expiresAt = defaultExpiry(now);
              try {
                // The credit is spent here or not at all: spendCredit refuses before it writes anything.
                const issued = await issueInvitation(trx, {
                  assessmentId: invitable.id,
                  candidateId: candidate.id,
                  clientId: client.id,
                  entryType: 'INVITE',
                  invitedBy: null,
                  expiresAt,
                  language: invitable.languages.includes(language) ? language : null,
                });
                await mailInvitation(trx, { to: email, candidateName: name, assessment: invitable, language, link: takeLink(config.publicUrl, issued.token), expiresAt, estimatedMinutes });
                await markInvitationMailed(trx, issued.id, now);
                invitationId = issued.id;
                assessmentMailed = true;
              } catch (error) {
                if (!(error instanceof HttpError && error.message === BUSINESS_MESSAGES.noCredits)) throw error;
                invitationNote = 'NO_CREDITS';
              }
            }
          }

          let resumeFileId: string | null = null;
          let resumeUpload: ResumeUpload | null = null;
          if (resume) {
            // A path on local disk (the page PUTs to the address it was opened at); S3 signs the size, so it counts as stored now.
            const signed = storage.signUpload({ name: `resume.${RESUME_TYPES[resume.contentType]}`, contentType: resume.contentType, baseUrl: '', size: resume.size });
            await recordSignedUpload(trx, { key: signed.key, uploader, contentType: resume.contentType, declaredBytes: resume.size, storedBytes: storage.kind === 's3' ? resume.size : undefined });
            resumeFileId = await storedFileId(trx, signed.key);
            resumeUpload = { url: signed.preSignedUrl, method: 'PUT', headers: { 'content-type': resume.contentType }, maxBytes: resume.size, expiresAt: signed.expiresAt };
          }

          const cardId = await addCard(trx, job, {
            candidateId: candidate.id,
            invitationId,
            addedBy: null,
            application: { source: 'CAREERS', resumeFileId, screeningAnswers: answers.answers, language, invitationNote },
          });
          if (invitationNote && !(await toldOfNoCreditsLately(trx, job.id, cardId)))
            for (const manager of await jobManagers(trx, job))
              await mailNoCreditsNotice(trx, { to: manager.email, name: manager.name, jobTitle: job.title, applicant: name, boardUrl: `${config.publicUrl}/job-candidate/${job.id}` });
          return { assessmentMailed, resumeUpload };
        });
        services.mailer.kick();
        return { result: 1 as const, data: { message: CAREERS_MESSAGES.applied, ...outcome } };
      } catch (error) {
        // The same email applying twice at once: the second meets the first's rows.
        if ((error as { code?: string }).code === '23505' || (error instanceof HttpError && error.message === JOB_MESSAGES.alreadyOnJob)) throw conflict(CAREERS_MESSAGES.alreadyApplied);
        throw error;
      }
    },
  );
}
