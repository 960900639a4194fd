/**
 * The scoring job (DESIGN.md section 6a): an attempt's parts, questions, answers, evaluations,
 * reviews and events → `scoreAttempt` → the stored scores, replaced in one transaction that holds
 * the invitation's lock (so the last job to run read everything committed before it). Completing an
 * attempt, a finished evaluation, a review and a rescore queue it; the sweep picks up what a restart
 * left. The inviting user is mailed once, when the attempt is first scored with its hidden cases run.
 */
import type { FastifyBaseLogger } from 'fastify';
import { scoreAttempt, scoreAnswer, SCORING_VERSION, type AnswerInput, type AttemptInput, type AttemptScore, type ScorableQuestion } from '../../../src/domain/scoring';
import type { DB } from '../../db/index';
import { enqueueMail } from '../../lib/mail';
import type { Services } from '../../services';
import {
  answersOf,
  attemptFacts,
  claimNotification,
  codingEvaluation,
  eventsOf,
  lockInvitation,
  partsOf,
  reviewsOf,
  scorableQuestions,
  skillsOf,
  storeScores,
  testsOf,
  testTypesOf,
  unscoredAttempts,
  type AttemptFacts,
  type PartRow,
  type ReviewRow,
  type StoredAnswerRow,
} from './queries';

type Db = Parameters<typeof partsOf>[0];

/** The report page of an attempt, as the completion mail links it (the page is `/candidate-details/:id`). */
export const reportLink = (publicUrl: string, invitationId: string) => `${publicUrl.replace(/\/+$/, '')}/candidate-details/${invitationId}`;

/** Parts whose questions are scored (video answers are evidence, not points). */
const scoredParts = (parts: readonly PartRow[]) => parts.filter((p) => p.kind === 'QUALIFYING' || p.kind === 'TEST' || p.kind === 'CUSTOM');

export interface ScoringRead {
  input: AttemptInput;
  parts: PartRow[];
  questions: Map<string, ScorableQuestion>;
  answers: Map<string, StoredAnswerRow>;
  reviews: Map<string, ReviewRow>;
}

/** Everything `scoreAttempt` reads of one attempt, and its stored answers (the scores keep their chosen options and times). */
export async function scoringInput(db: Db, invitationId: string): Promise<ScoringRead> {
  const parts = await partsOf(db, invitationId);
  const scored = scoredParts(parts);
  const questions = await scorableQuestions(db, scored.flatMap((p) => p.questionIds));
  const answers = await answersOf(db, invitationId);
  const reviews = await reviewsOf(db, invitationId);
  const events = await eventsOf(db, invitationId);
  const skills = await skillsOf(db, [...questions.values()].flatMap((q) => q.secondarySkillIds));
  const tests = await testsOf(db, scored.flatMap((p) => (p.kind === 'TEST' && p.testId ? [p.testId] : [])));
  const testTypeIds = [...[...questions.values()].map((q) => q.testTypeId), ...skills.map((s) => s.testTypeId), ...tests.map((t) => t.testTypeId)];
  const testTypes = await testTypesOf(db, testTypeIds.filter((id): id is string => !!id));

  const inputs: AnswerInput[] = [];
  const seen = new Set<string>();
  for (const part of scored)
    for (const questionId of part.questionIds) {
      const question = questions.get(questionId);
      // A question deleted since the attempt, or one asked twice, is left out.
      if (!question || seen.has(questionId)) continue;
      seen.add(questionId);
      const stored = answers.get(questionId);
      inputs.push({
        question,
        partId: part.partId,
        testId: part.kind === 'TEST' ? part.testId : null,
        answer: stored?.answer ?? null,
        evaluation: question.questionType === 'CODING' ? codingEvaluation(stored?.evaluation ?? null) : null,
        reviewerPoints: reviews.get(questionId)?.points ?? null,
      });
    }
  return {
    input: { answers: inputs, skills, testTypes, tests, events: events.map((e) => ({ type: e.type, occurredAt: e.occurredAt.getTime() })) },
    parts,
    questions,
    answers,
    reviews,
  };
}

/** Previews of each answer's score, for an attempt not scored yet (the report of an attempt under way). */
export const previewAnswers = (input: AttemptInput) => input.answers.map((a) => scoreAnswer(a));

export interface ScoreOptions {
  /**
   * Where the server is reached: the inviting user is mailed a link to the report (once per
   * attempt). Without it (demo data, benchmarks) nobody is mailed, and the attempt counts as
   * notified so that a later rescoring does not announce an old completion.
   */
  publicUrl?: string;
  now?: Date;
}

export interface ScoreResult {
  score: AttemptScore;
  /** Whether this run wrote the completion mail into the outbox. */
  mailed: boolean;
}

/**
 * Scores one completed attempt and stores the result (idempotent: the same answers give the same
 * rows). Answers null for an attempt that does not exist or is not completed (nothing is written).
 */
export async function scoreInvitation(db: DB, invitationId: string, options: ScoreOptions = {}): Promise<ScoreResult | null> {
  const now = options.now ?? new Date();
  const run = async (trx: Db): Promise<ScoreResult | null> => {
    if (!(await lockInvitation(trx, invitationId))) return null;
    const facts = await attemptFacts(trx, invitationId);
    if (!facts || facts.status !== 'COMPLETED') return null;
    const { input, answers } = await scoringInput(trx, invitationId);
    const score = scoreAttempt(input);
    await storeScores(trx, facts, score, answers, now);
    let mailed = false;
    if (!options.publicUrl) await claimNotification(trx, invitationId, now);
    // Mailed once the hidden cases have had their run (a short-text answer may wait for the very reviewer being mailed).
    else if (!input.answers.some((a) => a.evaluation?.status === 'pending') && facts.invitedBy && facts.assessmentType !== 'SELF' && (await claimNotification(trx, invitationId, now)))
      mailed = await mailInviter(trx, facts, score, options.publicUrl);
    return { score, mailed };
  };
  // Inside a caller's transaction (the demo data is loaded in one), on that transaction.
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** The completion mail to the user who invited the candidate (still active), written into the outbox. */
async function mailInviter(db: Db, facts: AttemptFacts, score: AttemptScore, publicUrl: string): Promise<boolean> {
  const inviter = await db.selectFrom('users').select(['name', 'email', 'isActive']).where('id', '=', facts.invitedBy!).executeTakeFirst();
  if (!inviter?.isActive) return false;
  const overall = score.overall.percent === null ? 'Nothing scored yet.' : `Overall score: ${score.overall.percent}%${score.overall.band ? ` (${BAND_WORDS[score.overall.band]})` : ''}.`;
  const waiting = score.awaiting.review ? `${score.awaiting.review} short-text answer${score.awaiting.review === 1 ? ' waits' : 's wait'} for your points in the report.` : null;
  const text = [
    `Dear ${inviter.name},`,
    '',
    `${facts.candidateName} (${facts.candidateEmail}) has completed the assessment “${facts.assessmentName}”.`,
    overall,
    ...(waiting ? [waiting] : []),
    '',
    `Read the report: ${reportLink(publicUrl, facts.id)}`,
    '',
    'The report shows the proctoring evidence as it was recorded; nothing was decided automatically.',
  ].join('\n');
  await enqueueMail(db, { to: inviter.email, subject: `${facts.candidateName} completed ${facts.assessmentName}`, text });
  return true;
}

const BAND_WORDS = { HIGH: 'High', MODERATE_HIGH: 'Moderate-High', MODERATE: 'Moderate', LOW_MODERATE: 'Low-Moderate', LOW: 'Low' } as const;

// ---------------------------------------------------------------------------------------------
// The queue

/**
 * Attempts waiting to be scored, scored one after another in the background (an attempt asked for
 * twice while waiting is scored once). What a stop or a crash leaves is picked up by the sweep.
 */
export class ScoringQueue {
  private readonly waiting = new Set<string>();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly score: (invitationId: string) => Promise<unknown>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  enqueue(invitationId: string): void {
    if (this.stopped) return;
    this.waiting.add(invitationId);
    this.kick();
  }

  /** How many attempts wait. */
  get size(): number {
    return this.waiting.size;
  }

  private kick(): void {
    if (this.running || this.stopped || !this.waiting.size) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.waiting.size) {
      const invitationId = this.waiting.values().next().value!;
      this.waiting.delete(invitationId);
      try {
        await this.score(invitationId);
      } catch (error) {
        this.log.error({ err: error, invitationId }, 'the attempt could not be scored');
      }
    }
  }

  /** Resolves once every attempt queued so far is scored. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Takes no more work and waits for the attempt being scored. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}

const queues = new WeakMap<Services, ScoringQueue>();

/** The scoring queue of an app (by its services): completion, evaluations, reviews, rescoring and tests reach the same one. */
export function scoringQueueFor(services: Services, log?: Pick<FastifyBaseLogger, 'error'>): ScoringQueue {
  let queue = queues.get(services);
  if (!queue) {
    queue = new ScoringQueue(async (invitationId) => {
      const result = await scoreInvitation(services.db, invitationId, { publicUrl: services.config.publicUrl });
      if (result?.mailed) services.mailer.kick();
    }, log ?? console);
    queues.set(services, queue);
  }
  return queue;
}

/** The sweep's share: completed attempts without a score or with an older version's, queued (a restart, a new scoring version). */
export async function queueUnscored(services: Services, limit = 500): Promise<number> {
  const ids = await unscoredAttempts(services.db, SCORING_VERSION, limit);
  const queue = scoringQueueFor(services);
  for (const id of ids) queue.enqueue(id);
  return ids.length;
}
