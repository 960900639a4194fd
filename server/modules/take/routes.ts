/**
 * The candidate's API (`/api/take/...`, shapes in src/domain/take.ts): authorised by the invitation's
 * token alone, every route reads only that token's attempt. Tokens of the wrong shape are refused
 * before any query; unknown tokens and slugs count against the caller's address, and only they are
 * refused once it is locked. Saves of a known token take one statement (see queries.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCodeSchema, publicJoinSchema } from '../../../src/domain/assessment';
import { acceptsSave, isFinalStatus, stampSave, type AttemptPart } from '../../../src/domain/attempt';
import { toStoredAnswer, validateAnswer } from '../../../src/domain/attemptQuestions';
import { BUSINESS_MESSAGES } from '../../../src/domain/business';
import { englishOf } from '../../../src/domain/messages';
import {
  eventsSchema,
  MEDIA_MAX_BYTES,
  mediaRequestSchema,
  runRequestSchema,
  saveRequestSchema,
  snapshotTicketLimit,
  startSchema,
  type MediaTicket,
  type SaveAck,
} from '../../../src/domain/take';
import {
  candidateRunResultSchema,
  eventsStoredSchema,
  joinCodeSentSchema,
  joinedSchema,
  mediaTicketSchema,
  pingSchema,
  publicAssessmentSchema,
  saveAckSchema,
  takeStateSchema,
} from '../../../src/domain/takeAnswers';
import { answers, ok } from '../../lib/answers';
import { badRequest, conflict, HttpError, notFound, refuseField, says, type Said } from '../../lib/errors';
import { defaultExpiry, findOrCreateCandidate, hashInvitationToken, INVITATION_TOKEN_PATTERN, issueInvitation, mailInvitation, mailJoinCode, reissueToken, takeLink } from '../../lib/invitations';
import { RunShare } from '../../lib/runner/share';
import { ADDRESS_POLICY, PUBLIC_CODE_EMAIL_POLICY, PUBLIC_JOIN_POLICY } from '../../lib/throttle';
import { checkEmailCode, deleteStaleEmailCodes, issueEmailCode } from '../../lib/email-codes';
import type { Services } from '../../services';
import { markInvitationMailed } from '../candidates/queries';
import { recordSignedUpload, roomFor } from '../uploads/queries';
import { requestDevice } from './devices';
import {
  assertWithinValidity,
  assessmentOf,
  PRESENCE_FLUSH_MS,
  expireLapsedInvitation,
  finishPart,
  runnerCases,
  settleAttempt,
  startAttempt,
  startPart,
  sweepAttempts,
  SWEEP_INTERVAL_MS,
  takeContextFor,
} from './lifecycle';
import {
  invitationOf,
  insertEvents,
  insertMedia,
  isUploadedRecording,
  loadAssessment,
  loadAttempt,
  lockAttempt,
  markOpened,
  saveSeen,
  snapshotTickets,
  videoTakes,
  type AssessmentInfo,
  type AttemptRecord,
} from './queries';
import { candidateRun, candidateView, optionNamer, publicAssessment, takeState } from './state';

/** Public links' slugs (random, at least 128 bits); anything else is not looked up. */
const PUBLIC_SLUG = /^[A-Za-z0-9_-]{16,100}$/;

const tokenParams = z.object({ token: z.string() });
const partParams = z.object({ token: z.string(), partId: z.string() });
const slugParams = z.object({ slug: z.string() });

const gone = (said: Said) => new HttpError(410, said);
const MB = 1024 * 1024;

/** Where a question may be answered now: its part, started, not closed, within deadline and grace; else why not. */
function openPartOf(record: AttemptRecord, questionId: string, now: number): AttemptPart | HttpError {
  if (record.status === 'PENDING') return conflict(says('startFirst'));
  if (isFinalStatus(record.status)) return conflict(says('attemptFinished'));
  const holding = record.parts.filter((p) => p.startedAt !== null && p.questionIds.includes(questionId));
  const part = holding.find((p) => p.finishedAt === null) ?? holding[0];
  if (!part) return conflict(says('notInPart'));
  if (part.finishedAt !== null) return conflict(says('partClosed'));
  if (!acceptsSave(part.deadline, now)) return conflict(says('tooLate'));
  return part;
}

export default async function takeRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, throttle, config } = services;
  const ctx = takeContextFor(services, app.log);
  const share = new RunShare(throttle);
  const access = { access: 'public' as const };
  const tags = ['take'];

  /**
   * The attempt of a token, read afresh; from memory when `cached` (the save path only: its statement
   * checks the token and the part again in the database). 404, 410 as its state says.
   */
  async function attemptFor(request: FastifyRequest, token: string, { cached = false } = {}): Promise<AttemptRecord> {
    if (!INVITATION_TOKEN_PATTERN.test(token)) throw notFound(says('linkNotFound'));
    const tokenHash = hashInvitationToken(token);
    let record = cached ? ctx.attempts.get(tokenHash) : undefined;
    if (!record) {
      record = await loadAttempt(db, { tokenHash });
      if (!record) {
        ctx.attempts.delete(tokenHash); // a link given a new token (resend) stops working at once
        // Only an unknown token is a guess: a valid one is never refused for what its address did,
        // since a hall of candidates may share one address. request.ip is the socket's address
        // unless a proxy named in TRUST_PROXY forwarded the request.
        const addressKey = `take-link:${request.ip}`;
        await throttle.assertOpen([addressKey]);
        await throttle.fail([[addressKey, ADDRESS_POLICY]]);
        throw notFound(says('linkNotFound'));
      }
      ctx.attempts.set(tokenHash, record);
    }
    const now = Date.now();
    if (record.revokedAt !== null) throw gone(says('linkRevoked'));
    if (record.status === 'EXPIRED') throw gone(says('linkExpired'));
    if (record.status === 'PENDING') {
      if (record.expiresAt !== null && now >= record.expiresAt) await expireLapsedInvitation(ctx, record, now);
      // An attempt in progress may finish after the assessment is closed; a new one may not start.
      if (record.assessmentStatus !== 'ACTIVE') throw gone(says('assessmentNotActive'));
    }
    return record;
  }

  /** The attempt read afresh, overdue parts closed first (lazily: the sweep does the same for attempts nobody reads). */
  async function settledAttempt(request: FastifyRequest, token: string, now: number): Promise<AttemptRecord> {
    const record = await attemptFor(request, token);
    return (await settleAttempt(ctx, record, now)) ? attemptFor(request, token) : record;
  }

  /** The part a question is answered in now; a refusal from memory is decided again on fresh data (another device may have moved on). */
  async function answerablePart(request: FastifyRequest, token: string, questionId: string, now: number, { cached = false } = {}) {
    const record = await attemptFor(request, token, { cached });
    const part = openPartOf(record, questionId, now);
    if (!cached || !(part instanceof HttpError)) return { record, part };
    const fresh = await attemptFor(request, token);
    return { record: fresh, part: openPartOf(fresh, questionId, now) };
  }

  /**
   * The candidate's page was heard from: "online" in the staff's lists (written in the next batch),
   * and, once the attempt is under way, its device noted. Answers the device the request names.
   */
  async function heard(request: FastifyRequest, record: AttemptRecord, now: number): Promise<string | null> {
    ctx.presence.note(record.id, now);
    const device = requestDevice(request.headers);
    if (device && record.status === 'IN_PROGRESS') await ctx.devices.note(record.id, device, now);
    return device?.id ?? null;
  }

  const inProgress = async (request: FastifyRequest, token: string) => {
    const record = await attemptFor(request, token);
    if (record.status === 'PENDING') throw conflict(says('startFirst'));
    if (record.status !== 'IN_PROGRESS') throw conflict(says('attemptFinished'));
    return record;
  };

  const stateOf = async (request: FastifyRequest, token: string, now: number) => {
    const record = await settledAttempt(request, token, now);
    return ok(await takeState(ctx, record, now, await heard(request, record, now)));
  };

  r.get('/take/:token', { config: access, schema: { tags, summary: "The candidate's attempt: where it is, the open part's questions and answers", params: tokenParams, response: answers(takeStateSchema) } }, async (request) => {
    const now = Date.now();
    const record = await settledAttempt(request, request.params.token, now);
    if (record.openedAt === null) await markOpened(db, record.id, now);
    return ok(await takeState(ctx, record, now, await heard(request, record, now)));
  });

  r.post(
    '/take/:token/start',
    { config: access, schema: { tags, summary: 'Starts the attempt in a language (again: nothing changes)', params: tokenParams, body: startSchema, response: answers(takeStateSchema) } },
    async (request) => {
      const now = Date.now();
      const record = await attemptFor(request, request.params.token);
      if (isFinalStatus(record.status)) throw conflict(says('attemptFinished'));
      await startAttempt(ctx, record, request.body.language, now);
      return stateOf(request, request.params.token, now);
    },
  );

  r.post(
    '/take/:token/parts/:partId/start',
    { config: access, schema: { tags, summary: "Starts a part: its deadline is written (again: nothing changes)", params: partParams, response: answers(takeStateSchema) } },
    async (request) => {
      const now = Date.now();
      const record = await settledAttempt(request, request.params.token, now);
      await startPart(ctx, record, request.params.partId, now);
      return stateOf(request, request.params.token, now);
    },
  );

  r.post(
    '/take/:token/parts/:partId/finish',
    { config: access, schema: { tags, summary: 'Closes a part; the last one completes the attempt (again: nothing changes)', params: partParams, response: answers(takeStateSchema) } },
    async (request) => {
      const now = Date.now();
      const record = await settledAttempt(request, request.params.token, now);
      await finishPart(ctx, record, request.params.partId, now);
      return stateOf(request, request.params.token, now);
    },
  );

  r.put(
    '/take/:token/answers',
    { config: access, schema: { tags, summary: 'Saves an answer, once per idempotency key; the newest save of a question wins', params: tokenParams, body: saveRequestSchema, response: answers(saveAckSchema) } },
    async (request) => {
      const receivedAt = Date.now();
      const { token } = request.params;
      const { questionId, idempotencyKey, deviceId, seq } = request.body;
      const ack = (decision: SaveAck['decision']) => ok<SaveAck>({ serverNow: Date.now(), idempotencyKey, decision });
      const located = await answerablePart(request, token, questionId, receivedAt, { cached: true });
      let { record } = located;
      if (located.part instanceof HttpError) {
        // A save stored before and sent again (its answer was lost) is acknowledged whatever the part's state.
        if (await saveSeen(db, record.id, idempotencyKey)) return ack('DUPLICATE');
        throw located.part;
      }
      const part = located.part;
      const question = await candidateView(ctx, record, part, questionId);
      if (!question) throw conflict(says('notInPart'));
      const check = validateAnswer(question, request.body.answer);
      if (!check.ok) throw new HttpError(422, says(check.code, check.params));
      if ('objectKey' in check.answer && !(await isUploadedRecording(db, record.id, questionId, check.answer.objectKey))) {
        throw new HttpError(422, says('videoRequired'));
      }
      // Not before the attempt started (nor, by stampSave, after the save arrived); whole milliseconds, as stored.
      const savedAt = Math.max(Math.floor(request.body.savedAt), record.startedAt ?? 0);
      const stamp = stampSave({ idempotencyKey, deviceId, seq, savedAt }, receivedAt);
      const answer = toStoredAnswer(question, check.answer, optionNamer(record.seed));
      const decision = await ctx.saves.store({ invitationId: record.id, tokenHash: record.tokenHash, partId: part.id, questionId, answer, stamp, receivedAt });
      if (decision === null) {
        // The database saw the part closed (another device, the sweep): say why, from fresh data.
        ctx.attempts.delete(record.tokenHash);
        record = await attemptFor(request, token);
        const refusal = openPartOf(record, questionId, receivedAt);
        throw refusal instanceof HttpError ? refusal : conflict(says('partClosed'));
      }
      await heard(request, record, receivedAt);
      return ack(decision);
    },
  );

  r.post(
    '/take/:token/run',
    { config: access, schema: { tags, summary: "Runs code on a coding question's visible examples (never its hidden cases)", params: tokenParams, body: runRequestSchema, response: answers(candidateRunResultSchema) } },
    async (request) => {
      const now = Date.now();
      const { token } = request.params;
      const { questionId, languageId, source } = request.body;
      const { record, part } = await answerablePart(request, token, questionId, now);
      if (part instanceof HttpError) throw part;
      if (part.deadline !== null && now >= part.deadline) throw conflict(says('tooLate'));
      const stored = (await ctx.questions.getMany(db, [questionId])).get(questionId);
      const coding = stored?.questionType === 'CODING' ? stored.coding : null;
      if (!coding) throw badRequest(says('notCodingQuestion'));
      if (!coding.languages.includes(languageId)) throw badRequest(says('languageNotAccepted'), { languageId: says('notAcceptedByQuestion') });
      const visible = coding.testCases.filter((t) => !t.hidden);
      if (!visible.length) throw badRequest(says('noVisibleCases'));
      const result = await share.run(`invitation:${record.id}`, () =>
        services.runner.run({ languageId, source, testCases: runnerCases(visible), timeLimitMs: coding.timeLimitMs ?? undefined, memoryLimitMb: coding.memoryLimitMb ?? undefined }),
      );
      await heard(request, record, now);
      return ok(candidateRun(result));
    },
  );

  r.post(
    '/take/:token/media',
    { config: access, schema: { tags, summary: 'A signed upload for a video answer or a webcam snapshot', params: tokenParams, body: mediaRequestSchema, response: answers(mediaTicketSchema) } },
    async (request) => {
      const now = Date.now();
      const { token } = request.params;
      const { kind, contentType, size, durationMs } = request.body;
      const record = await inProgress(request, token);
      const questionId: string | null = request.body.questionId ?? null;
      let takesAllowed: number | null = null;
      let snapshotsAllowed: number | null = null;
      if (kind === 'VIDEO_ANSWER') {
        if (!contentType.startsWith('video/')) throw refuseField('contentType', says('videoType'));
        if (size > MEDIA_MAX_BYTES.VIDEO_ANSWER) throw new HttpError(413, says('videoTooLarge', { max: MEDIA_MAX_BYTES.VIDEO_ANSWER / MB }));
        if (!questionId) throw refuseField('questionId', says('videoQuestionMissing'));
        const part = openPartOf(record, questionId, now);
        if (part instanceof HttpError) throw part;
        const video = (await assessmentOf(ctx, record.assessmentId)).videoQuestions.find((v) => v.id === questionId);
        if (part.kind !== 'VIDEO' || !video) throw badRequest(says('notVideoQuestion'));
        takesAllowed = (video.retakes ?? 0) + 1;
      } else {
        if (!contentType.startsWith('image/')) throw refuseField('contentType', says('snapshotType'));
        if (size > MEDIA_MAX_BYTES.SNAPSHOT) throw new HttpError(413, says('snapshotTooLarge', { max: MEDIA_MAX_BYTES.SNAPSHOT / MB }));
        snapshotsAllowed = snapshotTicketLimit(record.parts, (await assessmentOf(ctx, record.assessmentId)).proctoring, record.extraTime);
      }
      // A candidate's recording counts against the inviting client's storage, or the provider's.
      const uploader = { id: null, clientId: record.clientId };
      await roomFor(db, config.storageQuota, uploader, size).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 413 ? new HttpError(413, says('storageFull')) : error;
      });
      const name = `${kind === 'VIDEO_ANSWER' ? 'video-answer' : 'snapshot'}.${contentType.split('/')[1]}`;
      // On local disk, a path: the page PUTs to the address it was opened at, which may not be
      // PUBLIC_URL's (another host name of this server), and a cross-origin PUT would be refused.
      const signed = services.storage.signUpload({ name, contentType, baseUrl: '', size });
      // S3 takes exactly the signed size and cannot tell when it arrives: counted, and marked uploaded, now.
      const signedIsStored = services.storage.kind === 's3';
      const mediaId = await db.transaction().execute(async (trx) => {
        // Locked, so two tickets asked for at once cannot both pass the count.
        await lockAttempt(trx, record.id);
        if (takesAllowed !== null && ((await videoTakes(trx, record.id))[questionId!] ?? 0) >= takesAllowed) throw conflict(says('noMoreTakes'));
        if (snapshotsAllowed !== null && (await snapshotTickets(trx, record.id)) >= snapshotsAllowed) throw conflict(says('noMoreSnapshots'));
        await recordSignedUpload(trx, { key: signed.key, uploader, contentType, declaredBytes: size, storedBytes: signedIsStored ? size : undefined });
        return insertMedia(trx, {
          invitationId: record.id,
          kind,
          questionId,
          objectKey: signed.key,
          contentType,
          durationMs: durationMs ?? null,
          uploadedAt: signedIsStored ? new Date(now) : null,
        });
      });
      await heard(request, record, now);
      return ok<MediaTicket>({ mediaId, objectKey: signed.key, uploadUrl: signed.preSignedUrl, method: 'PUT', headers: { 'content-type': contentType } });
    },
  );

  r.post(
    '/take/:token/events',
    { config: access, schema: { tags, summary: 'Proctoring events, stored once each by their key', params: tokenParams, body: eventsSchema, response: answers(eventsStoredSchema) } },
    async (request) => {
      const now = Date.now();
      const record = await attemptFor(request, request.params.token);
      // When it happened as the page reckoned it, never before the invitation nor after its arrival.
      const events = request.body.events.map((e) => ({ ...e, occurredAt: Math.min(Math.max(Math.floor(e.occurredAt), record.invitedAt), now) }));
      // A finished attempt's record is closed: what happened before its end and arrives late (the
      // page was offline) is kept; anything after its end is refused, as saves are.
      const endedAt = isFinalStatus(record.status) ? Math.max(record.invitedAt, ...record.parts.map((p) => p.finishedAt ?? 0)) : null;
      const during = endedAt === null ? events : events.filter((e) => e.occurredAt <= endedAt);
      const stored = await insertEvents(db, record.id, during);
      if (during.length < events.length) throw conflict(says('attemptFinished'));
      await heard(request, record, now);
      return ok({ stored, serverNow: Date.now() });
    },
  );

  r.post('/take/:token/ping', { config: access, schema: { tags, summary: "Keeps the candidate 'online' and the page's clock offset fresh", params: tokenParams, response: answers(pingSchema) } }, async (request) => {
    const now = Date.now();
    const record = await attemptFor(request, request.params.token);
    const device = await heard(request, record, now);
    const otherDevice = record.status === 'IN_PROGRESS' ? await ctx.devices.otherThan(record.id, device, now) : null;
    return ok({ serverNow: Date.now(), otherDevice });
  });

  /** An assessment's public link: unknown slugs count against the caller's address, as unknown tokens do. */
  async function publicLinkFor(request: FastifyRequest, slug: string): Promise<AssessmentInfo> {
    if (!PUBLIC_SLUG.test(slug)) throw notFound(says('linkNotFound'));
    const addressKey = `take-link:${request.ip}`;
    await throttle.assertOpen([addressKey]);
    const assessment = await loadAssessment(db, { slug });
    if (!assessment || assessment.type !== 'PUBLIC_LINK') {
      await throttle.fail([[addressKey, ADDRESS_POLICY]]);
      throw notFound(says('linkNotFound'));
    }
    return assessment;
  }

  r.get('/take/public/:slug', { config: access, schema: { tags, summary: "A public link's assessment, and whether it takes candidates now", params: slugParams, response: answers(publicAssessmentSchema) } }, async (request) =>
    ok(publicAssessment(await publicLinkFor(request, request.params.slug), Date.now())),
  );

  /** A public link that takes candidates now; 410 when closed, 409 outside its validity. */
  async function openPublicLink(request: FastifyRequest, slug: string, now: number): Promise<AssessmentInfo> {
    const assessment = await publicLinkFor(request, slug);
    if (assessment.status !== 'ACTIVE') throw gone(says('assessmentNotActive'));
    assertWithinValidity(assessment, now);
    return assessment;
  }
  /** Whose code it is: this assessment and this email. */
  const joinSubject = (assessment: AssessmentInfo, email: string) => `${assessment.id}:${email}`;
  /** The page's language when the assessment offers it: the invitation's language, so its mails and first screen use it. */
  const offeredLanguage = (assessment: AssessmentInfo, language: string | null | undefined) => (language && assessment.languages.includes(language) ? language : null);

  r.post(
    '/take/public/:slug/code',
    { config: access, schema: { tags, summary: 'A public link, first step: mails a one-time code to the email (nothing else is made yet)', params: slugParams, body: publicCodeSchema, response: answers(joinCodeSentSchema) } },
    async (request) => {
      const now = Date.now();
      const { name, email, language } = request.body;
      const joinKey = `public-join:${request.ip}`;
      const emailKey = `public-code:${email}`;
      await throttle.assertOpen([joinKey, emailKey]);
      const assessment = await openPublicLink(request, request.params.slug, now);
      await throttle.count([
        [joinKey, PUBLIC_JOIN_POLICY],
        [emailKey, PUBLIC_CODE_EMAIL_POLICY],
      ]);
      await db.transaction().execute(async (trx) => {
        await deleteStaleEmailCodes(trx, new Date(now));
        const code = await issueEmailCode(trx, 'public-join', joinSubject(assessment, email), new Date(now));
        await mailJoinCode(trx, { to: email, candidateName: name, assessment, language: offeredLanguage(assessment, language), code });
      });
      services.mailer.kick();
      const sent = says('joinCodeSent');
      return ok({ message: englishOf(sent), code: sent.code });
    },
  );

  r.post(
    '/take/public/:slug',
    {
      config: access,
      schema: { tags, summary: 'A public link, second step: with the mailed code, makes the attempt for the email (or gives back its unfinished one with a new link), mails the link and answers its token', params: slugParams, body: publicJoinSchema, response: answers(joinedSchema) },
    },
    async (request) => {
      const now = Date.now();
      const joinKey = `public-join:${request.ip}`;
      await throttle.assertOpen([joinKey]);
      const assessment = await openPublicLink(request, request.params.slug, now);
      const { name, email, phone, code } = request.body;
      const checked = await checkEmailCode(db, 'public-join', joinSubject(assessment, email), code, new Date(now));
      if (checked !== 'ok') {
        throw refuseField('code', says(checked === 'wrong' ? 'joinCodeWrong' : 'joinCodeExpired'));
      }
      const language = offeredLanguage(assessment, request.body.language);
      const expiresAt = new Date(Math.min(defaultExpiry(new Date(now)).getTime(), assessment.validUntil ?? Infinity));
      try {
        const token = await db.transaction().execute(async (trx) => {
          const candidate = await findOrCreateCandidate(trx, { clientId: assessment.clientId, name, email, phone });
          const existing = candidate.created ? undefined : await invitationOf(trx, assessment.id, candidate.id);
          let issued: { id: string; token: string };
          if (existing) {
            // The email's owner, proven by the code, gets an unfinished attempt back under a new link.
            if (existing.revokedAt || (existing.status !== 'PENDING' && existing.status !== 'IN_PROGRESS')) throw conflict(says('publicEmailUsed'));
            issued = { id: existing.id, token: await reissueToken(trx, existing.id) };
          } else {
            issued = await issueInvitation(trx, { assessmentId: assessment.id, candidateId: candidate.id, clientId: assessment.clientId, entryType: 'PUBLIC', invitedBy: null, expiresAt, language });
          }
          const link = takeLink(config.publicUrl, issued.token);
          await mailInvitation(trx, { to: email, candidateName: name, assessment, language, link, expiresAt, estimatedMinutes: assessment.estimatedMinutes });
          await markInvitationMailed(trx, issued.id, new Date(now));
          return issued.token;
        });
        services.mailer.kick();
        return ok({ token });
      } catch (error) {
        // The same email joining twice at once: the second meets the first's row.
        if ((error as { code?: string }).code === '23505') throw conflict(says('publicEmailUsed'));
        // The client's credits are its business, not the candidate's: a polite refusal.
        if (error instanceof HttpError && error.message === BUSINESS_MESSAGES.noCredits) throw conflict(says('publicNoCredits'));
        throw error;
      }
    },
  );

  const flushing = setInterval(() => void ctx.presence.flush().catch((error: unknown) => app.log.error({ err: error }, 'presence could not be written')), PRESENCE_FLUSH_MS);
  flushing.unref();
  app.addHook('onClose', async () => {
    clearInterval(flushing);
    await ctx.presence.flush();
  });
  // Time closes parts by itself even when nobody reads the attempt; tests call sweepAttempts themselves.
  if (config.env !== 'test') {
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      sweepAttempts(ctx)
        .catch((error: unknown) => app.log.error({ err: error }, 'the attempt sweep failed'))
        .finally(() => (sweeping = false));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  // Hidden cases already running finish before the database closes; those not started stay pending for the next start.
  app.addHook('onClose', () => ctx.evaluations.idle());
}
