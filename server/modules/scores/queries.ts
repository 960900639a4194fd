/**
 * Scores and candidate reports, their statements: what scoring reads of an attempt (parts, questions
 * with their points and skills, answers, evaluations, reviews, events), how it replaces the stored
 * scores, and what a report reads besides them. Every function takes the executor it runs on, so the
 * scoring job reads and writes inside its own transaction (PGlite serves one connection).
 */
import { sql, type Kysely } from 'kysely';
import type { NameTranslation } from '../../../src/domain/language';
import type { AssessmentType, VideoQuestion } from '../../../src/domain/assessment';
import type { InvitationStatus, PartKind } from '../../../src/domain/attempt';
import type { StoredAnswer, StoredQuestion } from '../../../src/domain/attemptQuestions';
import { DEFAULT_THRESHOLDS, type BandThresholds, type QuestionCategory, type RatingBand } from '../../../src/domain/content';
import type { AttemptScore, CodingEvaluation, ScorableQuestion, SkillInfo, TestInfo, TestTypeInfo } from '../../../src/domain/scoring';
import type { Database } from '../../db/types';
import type { AnswerEvaluation } from '../take/lifecycle';
import { isUuid } from '../take/queries';

type Db = Kysely<Database>;

const unique = <T>(items: readonly T[]) => [...new Set(items)];
const ms = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).getTime());
const round2 = (value: number) => Math.round(value * 100) / 100;

// ---------------------------------------------------------------------------------------------
// The attempt

/** An invitation with its candidate, assessment and client, as scoring, the mail and the report need it. */
export interface AttemptFacts {
  id: string;
  status: InvitationStatus;
  assessmentId: string;
  assessmentName: string;
  /** The assessment's name in other languages. */
  assessmentTranslations: NameTranslation[];
  assessmentType: AssessmentType;
  videoQuestions: VideoQuestion[];
  clientId: string | null;
  clientName: string | null;
  candidateId: string;
  candidateName: string;
  candidateEmail: string;
  candidateUserId: string | null;
  language: string | null;
  invitedBy: string | null;
  startedAt: number | null;
  completedAt: number | null;
}

export async function attemptFacts(db: Db, invitationId: string): Promise<AttemptFacts | undefined> {
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('candidates as c', 'c.id', 'i.candidateId')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .leftJoin('clients as cl', 'cl.id', 'i.clientId')
    .select([
      'i.id',
      'i.status',
      'i.assessmentId',
      'a.name as assessmentName',
      'a.translations as assessmentTranslations',
      'a.type as assessmentType',
      'a.videoQuestions',
      'i.clientId',
      'cl.name as clientName',
      'c.id as candidateId',
      'c.name as candidateName',
      'c.email as candidateEmail',
      'c.userId as candidateUserId',
      'i.language',
      'i.invitedBy',
      'i.startedAt',
      'i.completedAt',
    ])
    .where('i.id', '=', invitationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    videoQuestions: (row.videoQuestions as VideoQuestion[] | null) ?? [],
    startedAt: ms(row.startedAt),
    completedAt: ms(row.completedAt),
  };
}

/** Takes the invitation's row lock: every transaction that ends an attempt or rewrites its scores takes it first. */
export async function lockInvitation(db: Db, invitationId: string): Promise<boolean> {
  return !!(await db.selectFrom('invitations').select('id').where('id', '=', invitationId).forUpdate().executeTakeFirst());
}

export interface PartRow {
  partId: string;
  kind: PartKind;
  testId: string | null;
  questionIds: string[];
}

export const partsOf = async (db: Db, invitationId: string): Promise<PartRow[]> =>
  (await db.selectFrom('attemptParts').select(['partId', 'kind', 'testId', 'questionIds']).where('invitationId', '=', invitationId).orderBy('position').execute()).map((p) => ({
    ...p,
    kind: p.kind as PartKind,
  }));

export interface StoredAnswerRow {
  questionId: string;
  partId: string;
  answer: StoredAnswer;
  evaluation: AnswerEvaluation | null;
  savedAt: Date;
}

export async function answersOf(db: Db, invitationId: string): Promise<Map<string, StoredAnswerRow>> {
  const rows = await db.selectFrom('answers').select(['questionId', 'partId', 'answer', 'evaluation', 'savedAt']).where('invitationId', '=', invitationId).execute();
  return new Map(rows.map((r) => [r.questionId, { ...r, answer: r.answer as StoredAnswer, evaluation: (r.evaluation as AnswerEvaluation | null) ?? null }]));
}

export interface ReviewRow {
  questionId: string;
  points: number;
  comment: string | null;
  reviewerName: string | null;
  reviewedAt: number;
}

export async function reviewsOf(db: Db, invitationId: string): Promise<Map<string, ReviewRow>> {
  const rows = await db
    .selectFrom('answerReviews as r')
    .leftJoin('users as u', 'u.id', 'r.reviewerId')
    .select(['r.questionId', 'r.points', 'r.comment', 'u.name as reviewerName', 'r.reviewedAt'])
    .where('r.invitationId', '=', invitationId)
    .execute();
  return new Map(rows.map((r) => [r.questionId, { ...r, points: Number(r.points), reviewedAt: ms(r.reviewedAt)! }]));
}

// ---------------------------------------------------------------------------------------------
// Questions, skills, test types, tests

/** Bank and custom questions by id, as scoring reads them (their points, skills and pairs) and the report shows them. */
export async function scorableQuestions(db: Db, ids: readonly string[]): Promise<Map<string, ScorableQuestion>> {
  const wanted = unique(ids.filter(isUuid));
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('questions')
    .select([
      'id',
      'title',
      'questionType',
      'details',
      'answers',
      'answerTitle',
      'mediaType',
      'mediaUrl',
      'shuffle',
      'isQualifying',
      'coding',
      'maxPoints',
      'secondarySkillIds',
      'testTypeId',
      'category',
      'isConsistencyQuestion',
      'consistencyOf',
    ])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((q) => [
      q.id,
      {
        ...q,
        details: q.details as StoredQuestion['details'],
        answers: q.answers as StoredQuestion['answers'],
        coding: q.coding as StoredQuestion['coding'],
        maxPoints: q.maxPoints === null ? null : Number(q.maxPoints),
        secondarySkillIds: q.secondarySkillIds ?? [],
        category: q.category as QuestionCategory,
      },
    ]),
  );
}

/** The secondary skills named by some questions, with their band thresholds. */
export async function skillsOf(db: Db, ids: readonly string[]): Promise<SkillInfo[]> {
  const wanted = unique(ids.filter(isUuid));
  if (!wanted.length) return [];
  const rows = await db.selectFrom('questionTypes').select(['id', 'label', 'testTypeId', 'thresholds']).where('id', 'in', wanted).orderBy('position').orderBy('label').execute();
  return rows.map((s) => ({ ...s, thresholds: { ...DEFAULT_THRESHOLDS, ...((s.thresholds as BandThresholds | null) ?? {}) } }));
}

export async function testsOf(db: Db, ids: readonly string[]): Promise<TestInfo[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  return db.selectFrom('tests').select(['id', 'name', 'testTypeId']).where('id', 'in', wanted).execute();
}

export async function testTypesOf(db: Db, ids: readonly string[]): Promise<TestTypeInfo[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const rows = await db.selectFrom('testTypes').select(['id', 'label', 'category']).where('id', 'in', wanted).orderBy('position').execute();
  return rows.map((t) => ({ ...t, category: t.category as QuestionCategory }));
}

export const eventsOf = (db: Db, invitationId: string) =>
  db.selectFrom('proctoringEvents').select(['type', 'occurredAt', 'partId', 'questionId', 'detail']).where('invitationId', '=', invitationId).orderBy('occurredAt').orderBy('id').execute();

/**
 * What the hidden cases of a coding answer gave, as scoring reads it: the hidden cases' points and
 * passes (every case's when a question has no hidden case). Null when the answer was never sent to
 * the runner.
 */
export function codingEvaluation(stored: AnswerEvaluation | null): CodingEvaluation | null {
  if (!stored) return null;
  if (stored.status === 'pending') return { status: 'pending' };
  if (stored.status === 'error') return { status: 'error', message: stored.message };
  const results = stored.result.results ?? [];
  const hidden = results.filter((r) => r.hidden);
  const counted = hidden.length ? hidden : results;
  return {
    status: 'done',
    result: {
      earnedPoints: round2(counted.reduce((sum, r) => sum + (r.points ?? 0), 0)),
      totalPoints: round2(counted.reduce((sum, r) => sum + (r.maxPoints ?? 0), 0)),
      passedCount: counted.filter((r) => r.passed).length,
      results: results.map((r) => ({ hidden: r.hidden, points: r.points ?? 0, maxPoints: r.maxPoints ?? 0 })),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Stored scores

/** Replaces an attempt's scores (the attempt's row is kept, with when its inviter was mailed). */
export async function storeScores(
  db: Db,
  facts: Pick<AttemptFacts, 'id' | 'assessmentId' | 'clientId' | 'language'>,
  score: AttemptScore,
  answers: ReadonlyMap<string, StoredAnswerRow>,
  now: Date,
): Promise<void> {
  const invitationId = facts.id;
  const row = {
    assessmentId: facts.assessmentId,
    clientId: facts.clientId,
    scoringVersion: score.version,
    earned: score.overall.earned,
    maxPoints: score.overall.max,
    percent: score.overall.percent,
    band: score.overall.band,
    complete: score.complete,
    integrity: score.integrity.level,
    detail: JSON.stringify(score),
    scoredAt: now,
  };
  await db
    .insertInto('attemptScores')
    .values({ invitationId, ...row })
    .onConflict((oc) => oc.column('invitationId').doUpdateSet(row))
    .execute();

  await db.deleteFrom('answerScores').where('invitationId', '=', invitationId).execute();
  const seen = new Set<string>();
  const answerRows = score.answers
    .filter((a) => isUuid(a.questionId) && !seen.has(a.questionId) && seen.add(a.questionId))
    .map((a) => {
      const stored = answers.get(a.questionId);
      const chosen = stored && 'answerIndexes' in stored.answer && Array.isArray(stored.answer.answerIndexes) ? stored.answer.answerIndexes : [];
      return {
        invitationId,
        questionId: a.questionId,
        partId: a.partId,
        testId: a.testId,
        language: facts.language,
        answerIndexes: chosen,
        status: a.status,
        earned: a.earned,
        maxPoints: a.max,
        answeredAt: stored?.savedAt ?? null,
      };
    });
  if (answerRows.length) await db.insertInto('answerScores').values(answerRows).execute();

  await db.deleteFrom('testScores').where('invitationId', '=', invitationId).execute();
  if (score.tests.length)
    await db
      .insertInto('testScores')
      .values(score.tests.map((t) => ({ invitationId, testId: t.testId, earned: t.earned, maxPoints: t.max, percent: t.percent, band: t.band })))
      .execute();

  await db.deleteFrom('skillScores').where('invitationId', '=', invitationId).execute();
  if (score.skills.length)
    await db
      .insertInto('skillScores')
      .values(score.skills.map((s) => ({ invitationId, skillId: s.skillId, percent: s.percent, band: s.band, developmentBand: s.developmentBand })))
      .execute();
}

/** Marks the attempt's inviter as mailed, once: true for the one call that marked it. */
export async function claimNotification(db: Db, invitationId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('attemptScores')
    .set({ notifiedAt: now })
    .where('invitationId', '=', invitationId)
    .where('notifiedAt', 'is', null)
    .returning('invitationId')
    .executeTakeFirst();
  return !!claimed;
}

export interface StoredScore {
  score: AttemptScore;
  scoringVersion: number;
  scoredAt: number;
  percent: number | null;
}

/** An attempt's stored score (the detail read as text: the camel-case plugin would rewrite keys such as event types). */
export async function storedScore(db: Db, invitationId: string): Promise<StoredScore | null> {
  const row = await db
    .selectFrom('attemptScores')
    .select(['scoringVersion', 'scoredAt', 'percent', sql<string>`detail::text`.as('detailText')])
    .where('invitationId', '=', invitationId)
    .executeTakeFirst();
  if (!row) return null;
  return { score: JSON.parse(row.detailText) as AttemptScore, scoringVersion: row.scoringVersion, scoredAt: ms(row.scoredAt)!, percent: row.percent === null ? null : Number(row.percent) };
}

/** The overall percentages of an assessment's scored attempts (only completed attempts are scored), in one statement. */
export async function assessmentPercents(db: Db, assessmentId: string): Promise<number[]> {
  const row = await db
    .selectFrom('attemptScores')
    .select(sql<string[] | null>`array_agg(percent)`.as('percents'))
    .where('assessmentId', '=', assessmentId)
    .where('percent', 'is not', null)
    .executeTakeFirst();
  return (row?.percents ?? []).map(Number);
}

// ---------------------------------------------------------------------------------------------
// What the queue and the sweep pick up

/** Completed attempts with no score, or one made by an older scoring version. */
export async function unscoredAttempts(db: Db, version: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('invitations as i')
    .leftJoin('attemptScores as s', 's.invitationId', 'i.id')
    .select('i.id')
    .where('i.status', '=', 'COMPLETED')
    .where((eb) => eb.or([eb('s.invitationId', 'is', null), eb('s.scoringVersion', '<', version)]))
    .orderBy('i.completedAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The completed attempts of an assessment (what rescoring it redoes). */
export async function completedAttemptsOf(db: Db, assessmentId: string): Promise<string[]> {
  const rows = await db.selectFrom('invitations').select('id').where('assessmentId', '=', assessmentId).where('status', '=', 'COMPLETED').orderBy('completedAt').execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// What a report reads besides the scores

/** Report contents of some skills in every language: by skill and band, the texts with their language codes. */
export async function bandContents(db: Db, skillIds: readonly string[]): Promise<Map<string, { language: string; content: string }[]>> {
  const wanted = unique(skillIds.filter(isUuid));
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('reportContents as rc')
    .innerJoin('languages as l', 'l.id', 'rc.languageId')
    .select(['rc.questionTypeId', 'rc.band', 'l.code', 'rc.content'])
    .where('rc.questionTypeId', 'in', wanted)
    .orderBy('l.code')
    .execute();
  const byKey = new Map<string, { language: string; content: string }[]>();
  for (const r of rows) {
    const key = bandKey(r.questionTypeId, r.band);
    byKey.set(key, [...(byKey.get(key) ?? []), { language: r.code, content: r.content }]);
  }
  return byKey;
}
export const bandKey = (skillId: string, band: RatingBand) => `${skillId}:${band}`;

export const mediaOf = (db: Db, invitationId: string) =>
  db
    .selectFrom('attemptMedia')
    .select(['id', 'kind', 'questionId', 'objectKey', 'takenAt', 'uploadedAt'])
    .where('invitationId', '=', invitationId)
    .where('uploadedAt', 'is not', null)
    .orderBy('takenAt')
    .orderBy('id')
    .execute();

/** A user's own self-assessment attempts, newest first, with their overall score where scored. */
export const selfReports = (db: Db, userId: string) =>
  db
    .selectFrom('invitations as i')
    .innerJoin('candidates as c', 'c.id', 'i.candidateId')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .leftJoin('attemptScores as s', 's.invitationId', 'i.id')
    .select(['i.id as invitationId', 'a.id as assessmentId', 'a.name as assessmentName', 'i.status', 'i.startedAt', 'i.completedAt', 's.percent', 's.band', 's.complete', 's.scoredAt'])
    .where('c.userId', '=', userId)
    .where('c.clientId', 'is', null)
    .where('a.type', '=', 'SELF')
    .orderBy('i.invitedAt', 'desc')
    .execute();

/** A reviewer's points and comment on a short-text answer, if there are any. */
export const findReview = (db: Db, invitationId: string, questionId: string) =>
  db.selectFrom('answerReviews').select(['points', 'comment']).where('invitationId', '=', invitationId).where('questionId', '=', questionId).executeTakeFirst();

/** Writes the reviewer's points and comment on an answer (replacing an earlier review). */
export const saveReview = (trx: Db, key: { invitationId: string; questionId: string }, review: { points: number; comment: string | null }, reviewerId: string) =>
  trx
    .insertInto('answerReviews')
    .values({ ...key, ...review, reviewerId, reviewedAt: new Date() })
    .onConflict((oc) => oc.columns(['invitationId', 'questionId']).doUpdateSet({ ...review, reviewerId, reviewedAt: new Date() }))
    .execute();
