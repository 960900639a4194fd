/**
 * Scored attempts written straight into the database, as scoring leaves them: an invitation
 * (completed unless told otherwise), a test_scores row per test (points over the counted answers)
 * and an answer_scores row per question. For the question reports' and the test statistics' tests.
 */
import { COUNTED_STATUSES } from '../../src/domain/itemStatistics';
import type { InvitationStatus } from '../../src/domain/attempt';
import type { AnswerScoreStatus } from '../../src/domain/scoring';
import type { DB } from '../../server/db/index';
import { issueInvitation } from '../../server/lib/invitations';
import { randomToken } from '../../server/lib/crypto';

export interface ScoredAnswer {
  questionId: string;
  earned: number;
  max: number;
  /** The chosen answers' positions. */
  answers?: number[];
  status?: AnswerScoreStatus;
}

export interface AttemptSpec {
  /** A second attempt by the same candidate; a new candidate otherwise. */
  candidateId?: string;
  completedAt?: Date;
  status?: InvitationStatus;
  tests?: { testId: string; answers: ScoredAnswer[] }[];
  /** Answers outside tests (qualifying questions): test_id null. */
  outside?: ScoredAnswer[];
}

export function statisticsFixtures(db: () => DB) {
  let clock = Date.UTC(2026, 0, 1);

  async function testTypeId(): Promise<string> {
    return (await db().selectFrom('testTypes').select('id').where('category', '=', 'COMPETENCY').orderBy('position').executeTakeFirstOrThrow()).id;
  }

  /** A test holding these questions (in this order). */
  async function test(name: string, questionIds: string[], primarySkill?: string): Promise<string> {
    const row = await db()
      .insertInto('tests')
      .values({ name, category: 'COMPETENCY', testTypeId: primarySkill ?? (await testTypeId()), durationSeconds: 600, drawCount: null, updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (questionIds.length) await db().insertInto('testQuestions').values(questionIds.map((questionId, position) => ({ testId: row.id, questionId, position }))).execute();
    return row.id;
  }

  async function assessment(testIds: string[]): Promise<string> {
    const row = await db()
      .insertInto('assessments')
      .values({ name: `Statistics ${randomToken(4)}`, description: null, type: 'INVITED', status: 'ACTIVE', clientId: null, languages: ['en'], proctoring: '{}', videoQuestions: '[]', updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (testIds.length) await db().insertInto('assessmentTests').values(testIds.map((testId, position) => ({ assessmentId: row.id, testId, position }))).execute();
    return row.id;
  }

  /** One attempt with its scores; attempts complete one minute apart unless `completedAt` says otherwise. */
  async function attempt(assessmentId: string, spec: AttemptSpec): Promise<{ invitationId: string; candidateId: string }> {
    const candidateId =
      spec.candidateId ??
      (await db()
        .insertInto('candidates')
        .values({ clientId: null, name: 'Candidate', email: `c.${randomToken(6)}@example.com`, updatedAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
    const { id } = await issueInvitation(db(), { assessmentId, candidateId, clientId: null, entryType: 'INVITE', invitedBy: null });
    const status = spec.status ?? 'COMPLETED';
    clock += 60_000;
    await db()
      .updateTable('invitations')
      .set({ status, startedAt: new Date(clock - 30_000), completedAt: status === 'COMPLETED' ? (spec.completedAt ?? new Date(clock)) : null })
      .where('id', '=', id)
      .execute();
    const row = (testId: string | null, a: ScoredAnswer) => ({
      invitationId: id,
      questionId: a.questionId,
      partId: testId ?? 'qualifying',
      testId,
      language: 'en',
      answerIndexes: a.answers ?? [],
      status: a.status ?? 'SCORED',
      earned: a.earned,
      maxPoints: a.max,
      answeredAt: new Date(clock),
    });
    const rows = [...(spec.tests ?? []).flatMap((t) => t.answers.map((a) => row(t.testId, a))), ...(spec.outside ?? []).map((a) => row(null, a))];
    if (rows.length) await db().insertInto('answerScores').values(rows).execute();
    for (const t of spec.tests ?? []) {
      const counted = t.answers.filter((a) => COUNTED_STATUSES.includes(a.status ?? 'SCORED'));
      const earned = counted.reduce((sum, a) => sum + a.earned, 0);
      const max = counted.reduce((sum, a) => sum + a.max, 0);
      await db()
        .insertInto('testScores')
        .values({ invitationId: id, testId: t.testId, earned, maxPoints: max, percent: max > 0 ? (100 * earned) / max : null, band: null })
        .execute();
    }
    return { invitationId: id, candidateId };
  }

  return { test, assessment, attempt, testTypeId };
}
