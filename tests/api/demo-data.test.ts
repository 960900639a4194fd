/**
 * The demo data is the shop window (issues 9 and 10, "Demo data"): every assessment type and status,
 * candidates in every state with the answers their state implies, and a candidate link for the
 * banner; completed attempts scored as the product scores them, across the bands and in both
 * languages, with proctoring evidence, a short-text answer waiting for its points and enough
 * attempts at one test for its item statistics; band texts for every demo sub-skill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateQuestion, toCandidateAnswer, toStoredAnswer, validateAnswer, type StoredAnswer, type StoredQuestion } from '../../src/domain/attemptQuestions';
import { optionNamer } from '../../server/modules/take/state';
import { RATING_BANDS } from '../../src/domain/content';
import { MIN_SAMPLE_SIZE, type TestStatistics } from '../../src/domain/itemStatistics';
import type { CandidateReport } from '../../src/domain/report';
import { keyedOrder, SCORING_VERSION } from '../../src/domain/scoring';
import { hashInvitationToken, INVITATION_TOKEN_PATTERN } from '../../server/lib/invitations';
import { sanitizeRichText } from '../../server/lib/sanitize';
import { demoCandidateLink } from '../../server/seeds/seed-assessments';
import { scoreInvitation } from '../../server/modules/scores/scoring';
import { storedScore } from '../../server/modules/scores/queries';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.app.close());

const db = () => server.database.db;

describe('demo assessments and candidates', () => {
  it('has every assessment type and status', async () => {
    const rows = await db().selectFrom('assessments').select(['type', 'status']).execute();
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['INVITED', 'PUBLIC_LINK', 'SELF']));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['DRAFT', 'ACTIVE', 'CLOSED']));
  });

  it('names every assessment and test in Hindi too (a Hindi candidate reads no English heading)', async () => {
    for (const table of ['assessments', 'tests'] as const) {
      const rows = await db().selectFrom(table).select(['name', 'translations']).execute();
      for (const row of rows) {
        const hindi = row.translations.find((t) => t.language === 'hi');
        expect(hindi?.name, `${table}: ${row.name}`).toMatch(/[\u0900-\u097F]/);
        expect(hindi?.description, `${table}: ${row.name}`).toMatch(/[\u0900-\u097F]/);
      }
    }
  });

  it('has candidates in every state, and revoked and opened-only links', async () => {
    const rows = await db().selectFrom('invitations').select(['status', 'revokedAt', 'openedAt', 'startedAt', 'language']).execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'EXPIRED', 'DISQUALIFIED']));
    expect(rows.some((r) => r.revokedAt)).toBe(true);
    expect(rows.some((r) => r.status === 'PENDING' && r.openedAt && !r.startedAt)).toBe(true);
    const completedLanguages = new Set(rows.filter((r) => r.status === 'COMPLETED').map((r) => r.language));
    expect(completedLanguages).toEqual(new Set(['en', 'hi']));
  });

  it('gives completed attempts an answer to every question of their finished parts, each one the product would accept', async () => {
    const completed = await db().selectFrom('invitations').select(['id', 'seed', 'language']).where('status', '=', 'COMPLETED').execute();
    expect(completed.length).toBeGreaterThanOrEqual(8);
    const questions = new Map(
      (await db().selectFrom('questions').selectAll().execute()).map((q) => [q.id, q as unknown as StoredQuestion]),
    );
    for (const invitation of completed) {
      const parts = await db().selectFrom('attemptParts').selectAll().where('invitationId', '=', invitation.id).execute();
      const answers = await db().selectFrom('answers').selectAll().where('invitationId', '=', invitation.id).execute();
      expect(parts.every((p) => p.questionIds.length === 0 || p.finishedAt)).toBe(true);
      const expected = parts.filter((p) => p.kind !== 'VIDEO').flatMap((p) => p.questionIds);
      expect(answers.map((a) => a.questionId).sort()).toEqual([...expected].sort());
      for (const a of answers) {
        // Checked as the page would send it, and stored as a save would store it.
        const nameOption = optionNamer(invitation.seed);
        const view = candidateQuestion(questions.get(a.questionId)!, invitation.seed, invitation.language!, nameOption);
        const check = validateAnswer(view, toCandidateAnswer(a.questionId, a.answer as StoredAnswer, nameOption));
        expect(check.ok).toBe(true);
        if (check.ok) expect(toStoredAnswer(view, check.answer, nameOption)).toEqual(a.answer);
      }
      const saves = await db().selectFrom('answerSaves').select('idempotencyKey').where('invitationId', '=', invitation.id).execute();
      expect(saves).toHaveLength(answers.length);
    }
  });

  it('prints a link the demo candidate can open: a fresh token whose hash is stored, the previous one replaced', async () => {
    const first = await demoCandidateLink(db(), 'http://localhost:8080');
    const second = await demoCandidateLink(db(), 'http://localhost:8080');
    const token = second!.split('/take/')[1];
    expect(token).toMatch(INVITATION_TOKEN_PATTERN);
    expect(first).not.toBe(second);
    const stored = await db().selectFrom('invitations').select(['status']).where('tokenHash', '=', hashInvitationToken(token)).executeTakeFirst();
    expect(stored?.status).toBe('PENDING');
    const old = await db().selectFrom('invitations').select('id').where('tokenHash', '=', hashInvitationToken(first!.split('/take/')[1])).executeTakeFirst();
    expect(old).toBeUndefined();
  });
});

/** Completed attempts with their stored overall score, candidate, assessment and language. */
const completedAttempts = () =>
  db()
    .selectFrom('invitations as i')
    .innerJoin('candidates as c', 'c.id', 'i.candidateId')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .leftJoin('attemptScores as s', 's.invitationId', 'i.id')
    .select(['i.id', 'i.language', 'c.name', 'a.name as assessment', 'a.clientId', 's.percent', 's.band', 's.integrity', 's.complete', 's.scoringVersion'])
    .where('i.status', '=', 'COMPLETED')
    .execute();

describe('demo scores, reviews and evidence', () => {
  it('scores every completed attempt with the current scoring, across at least three bands and in both languages', async () => {
    const attempts = await completedAttempts();
    expect(attempts.every((a) => a.scoringVersion === SCORING_VERSION && a.percent !== null && a.band !== null), JSON.stringify(attempts.filter((a) => a.percent === null))).toBe(true);
    expect(new Set(attempts.map((a) => a.band)).size).toBeGreaterThanOrEqual(3);
    expect(attempts.filter((a) => a.language === 'hi').length).toBeGreaterThanOrEqual(3);
    // The skills' bands reach all five, so every band's text shows up in some report.
    const skillBands = await db().selectFrom('skillScores').select('band').distinct().execute();
    expect(new Set(skillBands.map((b) => b.band))).toEqual(new Set(RATING_BANDS));
  });

  it('stores what scoring computes from the stored answers, reviews and events (scoring again changes nothing)', async () => {
    const attempts = (await completedAttempts()).filter((a) => a.assessment.startsWith('Customer Support') || a.assessment.startsWith('Campus'));
    expect(attempts.length).toBeGreaterThanOrEqual(8);
    for (const attempt of attempts) {
      const before = await storedScore(db(), attempt.id);
      const again = await scoreInvitation(db(), attempt.id);
      expect(again?.score, attempt.name).toEqual(before?.score);
    }
  });

  it('has proctoring evidence: an attempt with major issues and some with some issues, recorded as the page records them', async () => {
    const attempts = await completedAttempts();
    expect(attempts.filter((a) => a.integrity === 'MAJOR_ISSUES').length).toBeGreaterThanOrEqual(1);
    expect(attempts.filter((a) => a.integrity === 'SOME_ISSUES').length).toBeGreaterThanOrEqual(1);
    expect(attempts.filter((a) => a.integrity === 'NO_ISSUES').length).toBeGreaterThanOrEqual(attempts.length / 2);
    // Leaving the page: the tab hidden and the window left together, then both back, on one question of the attempt.
    const major = attempts.find((a) => a.integrity === 'MAJOR_ISSUES')!;
    const events = await db().selectFrom('proctoringEvents').select(['type', 'occurredAt', 'questionId', 'partId']).where('invitationId', '=', major.id).orderBy('occurredAt').execute();
    const hidden = events.filter((e) => e.type === 'TAB_HIDDEN');
    expect(hidden.length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.type === 'TAB_VISIBLE')).toHaveLength(hidden.length);
    for (const e of hidden) {
      expect(events.some((b) => b.type === 'WINDOW_BLUR' && Math.abs(b.occurredAt.getTime() - e.occurredAt.getTime()) < 1000)).toBe(true);
      expect(e.questionId).not.toBeNull();
    }
    const parts = await db().selectFrom('attemptParts').select(['partId', 'questionIds']).where('invitationId', '=', major.id).execute();
    for (const e of events.filter((x) => x.questionId)) expect(parts.find((p) => p.partId === e.partId)?.questionIds).toContain(e.questionId);
  });

  it('has one short-text answer waiting for a reviewer’s points, and the others reviewed', async () => {
    const shortText = await db()
      .selectFrom('answerScores as s')
      .innerJoin('questions as q', 'q.id', 's.questionId')
      .leftJoin('answerReviews as r', (join) => join.onRef('r.invitationId', '=', 's.invitationId').onRef('r.questionId', '=', 's.questionId'))
      .select(['s.invitationId', 's.status', 's.earned', 'q.origin', 'r.points'])
      .where('q.questionType', '=', 'SHORT_TEXT')
      .execute();
    const waiting = shortText.filter((a) => a.status === 'AWAITING_REVIEW');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ origin: 'CUSTOM', points: null });
    expect((await storedScore(db(), waiting[0].invitationId))?.score.awaiting.review).toBe(1);
    const reviewed = shortText.filter((a) => a.status === 'SCORED');
    expect(reviewed.length).toBeGreaterThanOrEqual(2);
    for (const a of reviewed) expect(Number(a.earned)).toBe(Number(a.points));
    const incomplete = (await completedAttempts()).filter((a) => !a.complete);
    expect(incomplete.map((a) => a.id)).toEqual([waiting[0].invitationId]);
  });

  it('has the coding answers of completed attempts run on their hidden cases: none waits, a wrong program loses points', async () => {
    const coding = await db()
      .selectFrom('answerScores as s')
      .innerJoin('questions as q', 'q.id', 's.questionId')
      .select(['s.status', 's.earned', 's.maxPoints'])
      .where('q.questionType', '=', 'CODING')
      .execute();
    expect(coding.length).toBeGreaterThanOrEqual(4);
    expect(coding.every((a) => a.status === 'SCORED')).toBe(true);
    expect(coding.some((a) => Number(a.earned) === Number(a.maxPoints))).toBe(true);
    expect(coding.some((a) => Number(a.earned) < Number(a.maxPoints))).toBe(true);
  });

  it('gives one test enough first attempts for item statistics that are not marked as too small', async () => {
    const test = await db().selectFrom('tests').select('id').where('name', '=', 'Numerical reasoning basics').executeTakeFirstOrThrow();
    const res = await server.asUser('admin@skillgauge.demo', { method: 'GET', url: `/api/tests/${test.id}/statistics` });
    expect(res.statusCode, res.body).toBe(200);
    const statistics = res.json().data as TestStatistics;
    expect(statistics.sampleSize).toBeGreaterThanOrEqual(MIN_SAMPLE_SIZE);
    expect(statistics.alpha).not.toBeNull();
    expect(statistics.questions.every((q) => q.sampleSize >= MIN_SAMPLE_SIZE && q.discrimination !== null)).toBe(true);
    // Spread over the histogram, not piled in one bin.
    expect(statistics.histogram.filter((b) => b.count > 0).length).toBeGreaterThanOrEqual(4);
  });
});

describe('demo questions', () => {
  it('keys “Order the fractions” as it asks, smallest first', async () => {
    const sortings = await db().selectFrom('questions').select(['title', 'answers']).where('questionType', '=', 'SORTING_ORDER').where('clientId', 'is', null).execute();
    const fractions = sortings.find((q) => q.title === 'Order the fractions')!;
    const items = fractions.answers as StoredQuestion['answers'];
    const english = (index: number) => items[index].langWiseAnswer.find((l) => l.language === 'en')!.text;
    expect(keyedOrder({ answers: items }).map(english)).toEqual(['0.3', '1/3', '35%', '2/5']);
  });
});

describe('demo report content', () => {
  it('has band texts for every demo sub-skill in English and Hindi for all five bands, as the rich-text editor stores them', async () => {
    const subSkills = await db().selectFrom('questionTypes').select(['id', 'label']).execute();
    expect(subSkills.length).toBeGreaterThanOrEqual(10);
    const rows = await db()
      .selectFrom('reportContents as rc')
      .innerJoin('languages as l', 'l.id', 'rc.languageId')
      .select(['rc.questionTypeId', 'rc.band', 'l.code', 'rc.content'])
      .execute();
    for (const subSkill of subSkills) {
      const own = rows.filter((r) => r.questionTypeId === subSkill.id);
      expect(own.map((r) => `${r.band}:${r.code}`).sort(), subSkill.label).toEqual(RATING_BANDS.flatMap((band) => [`${band}:en`, `${band}:hi`]).sort());
    }
    for (const row of rows) {
      expect(sanitizeRichText(row.content)).toBe(row.content);
      expect(/[\u0900-\u097F]/.test(row.content), row.content).toBe(row.code === 'hi');
    }
    // Each band says something of its own.
    expect(new Set(rows.map((r) => r.content)).size).toBe(rows.length);
  });

  it('puts the band texts into a Hindi candidate’s report in Hindi, and in English when asked for', async () => {
    const attempt = (await completedAttempts()).find((a) => a.language === 'hi' && a.assessment.startsWith('Customer Support'))!;
    const read = async (language: string) => {
      const res = await server.asUser('client@acme.demo', { method: 'GET', url: `/api/candidate-reports/${attempt.id}?language=${language}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as CandidateReport;
    };
    const hindi = await read('hi');
    expect(hindi.bandTexts.length).toBeGreaterThanOrEqual(5);
    for (const text of hindi.bandTexts) expect(text).toMatchObject({ language: 'hi', content: expect.stringMatching(/^<p>[\u0900-\u097F]/) });
    const english = await read('en');
    for (const text of english.bandTexts) expect(text).toMatchObject({ language: 'en', content: expect.stringContaining('<strong>Ask next:</strong>') });
    // A qualifying question's options carry no points, only which one disqualifies.
    const qualifying = english.questions.filter((q) => q.partKind === 'QUALIFYING');
    expect(qualifying.length).toBeGreaterThan(0);
    for (const q of qualifying) {
      expect(q.options.every((o) => o.points === null && o.isCorrect === null)).toBe(true);
      expect(q.options.some((o) => o.disqualifies === true)).toBe(true);
    }
    // Skills too: every scored skill has its Hindi name in the Hindi report.
    expect(hindi.score!.skills.length).toBeGreaterThan(0);
    for (const skill of hindi.score!.skills) expect(skill.label).toMatch(/[\u0900-\u097F]/);
    expect(english.score!.skills.some((s) => s.label === 'Empathy')).toBe(true);
    // And the test types the skills belong to.
    expect(hindi.score!.testTypes.length).toBeGreaterThan(0);
    for (const type of hindi.score!.testTypes) expect(type.label).toMatch(/[\u0900-\u097F]/);
    expect(english.score!.testTypes.some((t) => t.label === 'Customer focus')).toBe(true);
    // And the tests, each by its Hindi name.
    expect(hindi.score!.tests.length).toBeGreaterThan(0);
    for (const test of hindi.score!.tests) expect(test.name).toMatch(/[\u0900-\u097F]/);
    expect(english.score!.tests.every((t) => /^[\x20-\x7E’]+$/.test(t.name))).toBe(true);
    // The assessment is named in the report's language too.
    expect([hindi.assessment.name, english.assessment.name]).toEqual(['ग्राहक सहायता सहयोगी: भर्ती 2026', 'Customer Support Associate: Hiring 2026']);
  });
});

describe('a library assessment given to a client', () => {
  it('is named as the client named it on every list the client reads: assessments, licences, orders', async () => {
    const client = 'client@acme.demo';
    const read = async (url: string) => {
      const res = await server.asUser(client, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return JSON.stringify(res.json().data);
    };
    const lists = [await read('/api/assessments?range=[0,99]'), await read('/api/licences?range=[0,99]'), await read('/api/orders?range=[0,99]')];
    // Acme's name for it shows at least once, and the provider's library name nowhere.
    expect(lists.join()).toContain('Acme Service Desk Screening');
    for (const list of lists) expect(list).not.toContain('Customer Service Aptitude (Library)');
  });
});


describe('demo interview scorecards', () => {
  it('rate the support job’s interviews: Priya Sharma by both interviewers, Mohammed Faiz blind for Acme’s admin with one other in', async () => {
    const list = await server.asUser('client@acme.demo', { method: 'GET', url: '/api/scorecards' });
    expect(list.statusCode, list.body).toBe(200);
    const [scorecard] = list.json().data as { id: string; jobTitle: string; stageName: string; competencies: { name: string }[]; submittedCount: number }[];
    expect(scorecard).toMatchObject({ jobTitle: 'Customer Support Associate (Hindi & English)', stageName: 'Interview', submittedCount: 3 });
    expect(scorecard.competencies.map((c) => c.name)).toEqual(['Empathy', 'Clarity of speech', 'Hindi and English fluency', 'Problem solving']);
    const cards = await db()
      .selectFrom('jobCandidates')
      .innerJoin('candidates', 'candidates.id', 'jobCandidates.candidateId')
      .innerJoin('jobs', 'jobs.id', 'jobCandidates.jobId')
      .select(['jobCandidates.id', 'candidates.name'])
      .where('jobs.title', '=', 'Customer Support Associate (Hindi & English)')
      .execute();
    const cardOf = (name: string) => cards.find((c) => c.name === name)!.id;
    const faiz = (await server.asUser('client@acme.demo', { method: 'GET', url: `/api/scorecards/${scorecard.id}/candidates/${cardOf('Mohammed Faiz')}` })).json().data;
    expect(faiz).toMatchObject({ mine: null, others: null, othersSubmitted: 1 });
    const priya = (await server.asUser('client@acme.demo', { method: 'GET', url: `/api/scorecards/${scorecard.id}/candidates/${cardOf('Priya Sharma')}` })).json().data;
    expect(priya.others).toHaveLength(1);
    expect(priya.averages[0]).toEqual({ competencyId: 'empathy', mean: 4.5, count: 2 });
  });
});
