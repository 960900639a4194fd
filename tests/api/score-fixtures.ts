/**
 * Scored attempts for the scores and report tests: the candidate-flow fixture (take-fixtures.ts)
 * with every question of its tests asked (no draw), keyed answers and points the tests compute by
 * hand, two secondary skills (one with thresholds of its own) and band texts; and a candidate who
 * takes the whole attempt through the candidate API, as the page does.
 */
import { expect } from 'vitest';
import type { AssessmentType } from '../../src/domain/assessment';
import { toCandidateAnswer, type StoredAnswer } from '../../src/domain/attemptQuestions';
import type { BandThresholds } from '../../src/domain/content';
import type { TakeState } from '../../src/domain/take';
import type { DB } from '../../server/db/index';
import { hashInvitationToken } from '../../server/lib/invitations';
import { optionNamer } from '../../server/modules/take/state';
import { createAssessment, takeClient, type AssessmentFixture } from './take-fixtures';
import type { TestServer } from './harness';

export interface ScoringFixture extends AssessmentFixture {
  skills: { listening: string; planning: string };
  competencyTypeId: string;
}

/** The custom thresholds of the Planning skill: 72.2 % is Moderate there (Moderate-High by default). */
export const PLANNING_THRESHOLDS: BandThresholds = { high: 90, moderateHigh: 75, moderate: 50, lowModerate: 25 };

const option = (en: string, extra: object = {}) => ({ langWiseAnswer: [{ language: 'en', text: en }, { language: 'hi', text: `${en} (हिन्दी)` }], ...extra });

export async function scoringFixture(db: DB, options: { clientId?: string | null; type?: AssessmentType; name?: string } = {}): Promise<ScoringFixture> {
  const fixture = await createAssessment(db, options);
  const { questions: q, tests } = fixture;
  // Every question of the draw test is asked: the points below do not depend on the draw.
  await db.updateTable('tests').set({ drawCount: null }).where('id', '=', tests.draw).execute();
  // Multiple choice keyed (Plan and Review), worth 2; sorting keyed Greet, Listen, Solve, Confirm.
  await db
    .updateTable('questions')
    .set({ answers: JSON.stringify([option('Plan', { isCorrect: true }), option('Review', { isCorrect: true }), option('Guess', { isCorrect: false })]), maxPoints: 2 })
    .where('id', '=', q.multiple)
    .execute();
  await db
    .updateTable('questions')
    .set({ answers: JSON.stringify(['Greet', 'Listen', 'Solve', 'Confirm'].map((t, i) => option(t, { value: 4 - i }))) })
    .where('id', '=', q.sorting)
    .execute();

  const { testTypeId: competencyTypeId } = await db.selectFrom('tests').select('testTypeId').where('id', '=', tests.draw).executeTakeFirstOrThrow();
  const skill = async (label: string, thresholds?: BandThresholds) =>
    (
      await db
        .insertInto('questionTypes')
        .values({ testTypeId: competencyTypeId, label, ...(thresholds ? { thresholds: JSON.stringify(thresholds) } : {}), updatedAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const listening = await skill(`Listening ${fixture.assessmentId.slice(0, 6)}`);
  const planning = await skill(`Planning ${fixture.assessmentId.slice(0, 6)}`, PLANNING_THRESHOLDS);
  for (const id of [q.single, q.likert]) await db.updateTable('questions').set({ secondarySkillIds: [listening] }).where('id', '=', id).execute();
  for (const id of [q.multiple, q.sorting]) await db.updateTable('questions').set({ secondarySkillIds: [planning] }).where('id', '=', id).execute();

  // Band texts: Listening in English and Hindi; Planning in English only (a Hindi report falls back to it).
  const languages = new Map((await db.selectFrom('languages').select(['id', 'code']).execute()).map((l) => [l.code, l.id]));
  const content = (questionTypeId: string, band: 'MODERATE_HIGH' | 'MODERATE' | 'HIGH', code: string, text: string) => ({
    questionTypeId,
    band,
    languageId: languages.get(code)!,
    content: text,
    updatedAt: new Date(),
  });
  await db
    .insertInto('reportContents')
    .values([
      content(listening, 'MODERATE_HIGH', 'en', '<p>Listens well; ask about a hard conversation.</p>'),
      content(listening, 'MODERATE_HIGH', 'hi', '<p>अच्छी तरह सुनते हैं; किसी कठिन बातचीत के बारे में पूछें।</p>'),
      content(listening, 'HIGH', 'en', '<p>Listens exceptionally well.</p>'),
      content(planning, 'MODERATE', 'en', '<p>Plans with some help; ask how they prioritise.</p>'),
    ])
    .execute();
  return { ...fixture, skills: { listening, planning }, competencyTypeId };
}

/** Reads two numbers, prints their sum: passes the hidden case worth 3 and fails the one with the marker (3 of 6 hidden points). */
export { SUM_SOURCE } from './take-fixtures';

/**
 * The answers whose points the tests compute by hand (option positions as stored):
 * single Escalate 3 of 5; multiple Plan only ½ × 2 = 1 of 2; likert Often 3 of 4; sorting Listen,
 * Greet, Solve, Confirm keeps 5 of 6 keyed pairs, 4 × 5/6 = 3.33 of 4; correct/incorrect right,
 * 1 of 1; the short text waits for a reviewer (of 1). Coding is added where a test runs it.
 */
export function handAnswers(f: AssessmentFixture): Record<string, unknown> {
  const q = f.questions;
  return {
    [q.qualifying]: { answerIndexes: [0] },
    [q.single]: { answerIndexes: [2] },
    [q.multiple]: { answerIndexes: [0] },
    [q.likert]: { answerIndexes: [2] },
    [q.sorting]: { answerIndexes: [1, 0, 2, 3] },
    [q.correctIncorrect]: { answerIndexes: [0] },
    [q.custom]: { text: 'I enjoy solving customers’ problems.' },
  };
}

/**
 * Takes an attempt from its link to the end: starts it in a language, and in each part saves the
 * answers given for its questions (others left unanswered) and finishes it. Choices are given by
 * stored position and sent as the attempt's option ids, as the page would. `beforeFinish` runs in
 * each part before it closes (uploads, events).
 */
export async function takeAttempt(
  server: Pick<TestServer, 'app'>,
  token: string,
  answers: Record<string, unknown>,
  options: { language?: string; beforeFinish?: (state: TakeState) => Promise<void> } = {},
): Promise<TakeState> {
  const client = takeClient(server);
  const { seed } = await server.app.services.db.selectFrom('invitations').select('seed').where('tokenHash', '=', hashInvitationToken(token)).executeTakeFirstOrThrow();
  const asSent = (questionId: string, answer: unknown) => ('answerIndexes' in (answer as object) ? toCandidateAnswer(questionId, answer as StoredAnswer, optionNamer(seed)) : answer);
  const started = await client.post(token, '/start', { language: options.language ?? 'en' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  for (;;) {
    const s = await client.startNextPart(token);
    if (s.position.kind === 'DONE') return s;
    const part = s.currentPart!;
    for (const question of part.questions) {
      if (!(question.id in answers)) continue;
      const saved = await client.save(token, question.id, asSent(question.id, answers[question.id]));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    await options.beforeFinish?.(s);
    const finished = await client.post(token, `/parts/${part.id}/finish`);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    if ((finished.data as TakeState).position.kind === 'DONE') return finished.data as TakeState;
  }
}
