/**
 * The candidate report (src/domain/report.ts) built from an attempt's stored score and what it
 * answered: band texts in the report's language (falling back as `inLanguage` does), every question
 * with its options, keyed answers, points and review, coding cases (hidden ones by number only),
 * playable video answers, the proctoring evidence, and the percentile among the assessment's scored
 * attempts. A candidate reading their own self assessment gets no answer keys and no proctoring.
 */
import type { VideoQuestion } from '../../../src/domain/assessment';
import { CORRECTNESS_TYPES, PROGRAMMING_LANGUAGES, type ProgrammingLanguageId } from '../../../src/domain/content';
import { inLanguage, nameIn, toUiLanguage } from '../../../src/domain/language';
import type { BandText, CandidateReport, ReportCodeCase, ReportOption, ReportQuestion } from '../../../src/domain/report';
import { keyedOrder, percentileRank, POINT_TYPES, SCORING_VERSION, type AnswerScore, type AttemptScore, type ScorableQuestion } from '../../../src/domain/scoring';
import type { DB } from '../../db/index';
import type { Storage } from '../../lib/storage';
import type { AnswerEvaluation } from '../take/lifecycle';
import { videoTitle } from '../assessments/queries';
import { assessmentPercents, bandContents, bandKey, eventsOf, mediaOf, storedScore, type AttemptFacts, type ReviewRow, type StoredAnswerRow } from './queries';
import { previewAnswers, scoringInput } from './scoring';

/**
 * The language a report is read in: the one asked for, else the one the candidate took the attempt
 * in (a Hindi attempt opens in Hindi, its PDF too), else the reader's (Accept-Language), else English.
 */
export const reportLanguage = (asked: string | undefined, facts: Pick<AttemptFacts, 'language'>, acceptLanguage: string | undefined) =>
  asked ?? facts.language ?? toUiLanguage(acceptLanguage?.split(',')[0]) ?? 'en';

export interface ReportReader {
  /** The language of the report's texts. */
  language: string;
  /** A candidate reading their own self assessment: no answer keys, no proctoring evidence. */
  self: boolean;
  mayReview: boolean;
}

export interface ReportServices {
  db: DB;
  storage: Pick<Storage, 'readUrl'>;
}

/** The device an event names (a second device's 'Chrome on Android'), if any. */
const deviceOf = (detail: unknown) => {
  const device = (detail as { device?: unknown } | null)?.device;
  return typeof device === 'string' ? device : null;
};

const notScored = (questionId: string, partId: string, testId: string | null): AnswerScore => ({ questionId, partId, testId, status: 'NOT_SCORED', earned: 0, max: 0 });

export async function buildReport(services: ReportServices, facts: AttemptFacts, reader: ReportReader): Promise<CandidateReport> {
  const { db, storage } = services;
  const language = reader.language;
  const stored = await storedScore(db, facts.id);
  const { input, parts, questions, answers, reviews } = await scoringInput(db, facts.id);
  // Skills are stored named in English (as scored); the report names them in its language.
  const score: AttemptScore | null = stored?.score ? await scoreNamedIn(db, stored.score, language) : null;
  const answerScores = new Map((score?.answers ?? previewAnswers(input)).map((a) => [a.questionId, a]));
  const media = await mediaOf(db, facts.id);
  const url = (objectKey: string) => storage.readUrl(objectKey);

  const reportQuestions: ReportQuestion[] = [];
  const videos = new Map(facts.videoQuestions.map((v) => [v.id, v]));
  for (const part of parts) {
    const testId = part.kind === 'TEST' ? part.testId : null;
    for (const questionId of part.questionIds) {
      const answer = answers.get(questionId) ?? null;
      if (part.kind === 'VIDEO') {
        const video = videos.get(questionId);
        if (!video) continue;
        reportQuestions.push(videoQuestion(video, part.partId, answer, language, media, url));
        continue;
      }
      const question = questions.get(questionId);
      if (!question) continue;
      reportQuestions.push(
        bankQuestion(question, { partId: part.partId, partKind: part.kind, testId }, answer, answerScores.get(questionId) ?? notScored(questionId, part.partId, testId), reviews.get(questionId) ?? null, language, reader.self),
      );
    }
  }

  const percents = stored?.percent === null || stored?.percent === undefined ? [] : await assessmentPercents(db, facts.assessmentId);
  return {
    invitationId: facts.id,
    candidate: { id: facts.candidateId, name: facts.candidateName, email: facts.candidateEmail },
    assessment: { id: facts.assessmentId, name: nameIn({ name: facts.assessmentName, translations: facts.assessmentTranslations }, language).name, type: facts.assessmentType },
    client: facts.clientId ? { id: facts.clientId, name: facts.clientName ?? '' } : null,
    status: facts.status,
    attemptLanguage: facts.language,
    reportLanguage: language,
    startedAt: facts.startedAt,
    completedAt: facts.completedAt,
    score,
    scoredAt: stored?.scoredAt ?? null,
    scoringVersion: stored?.scoringVersion ?? null,
    outdated: !!stored && stored.scoringVersion < SCORING_VERSION,
    percentile: stored && stored.percent !== null && percents.length ? percentileRank(stored.percent, percents) : null,
    percentileOf: percents.length,
    bandTexts: score ? await bandTexts(db, score, language) : [],
    questions: reportQuestions,
    proctoring: reader.self ? null : await proctoring(db, facts.id, media, url),
    mayReview: reader.mayReview && facts.status === 'COMPLETED',
  };
}

/** A score with its tests, skills and test types named in a language, where each has a name in it. */
async function scoreNamedIn(db: DB, score: AttemptScore, language: string): Promise<AttemptScore> {
  if (language === 'en') return score;
  const named = async (table: 'questionTypes' | 'testTypes' | 'tests', wanted: string[]) => {
    if (!wanted.length) return new Map<string, string>();
    const rows =
      table === 'tests'
        ? await db.selectFrom('tests').select(['id', 'name', 'translations']).where('id', 'in', wanted).execute()
        : (await db.selectFrom(table).select(['id', 'label', 'translations']).where('id', 'in', wanted).execute()).map((r) => ({ id: r.id, name: r.label, translations: r.translations }));
    return new Map(rows.map((r) => [r.id, nameIn(r, language).name]));
  };
  const [skills, types, tests] = await Promise.all([
    named('questionTypes', score.skills.map((s) => s.skillId)),
    named('testTypes', score.testTypes.map((t) => t.testTypeId)),
    named('tests', score.tests.map((t) => t.testId)),
  ]);
  return {
    ...score,
    skills: score.skills.map((s) => ({ ...s, label: skills.get(s.skillId) ?? s.label })),
    testTypes: score.testTypes.map((t) => ({ ...t, label: types.get(t.testTypeId) ?? t.label })),
    tests: score.tests.map((t) => ({ ...t, name: tests.get(t.testId) ?? t.name })),
  };
}

/** For each scored skill, the report content written for its band: in the report's language, else English, else the first written. */
async function bandTexts(db: DB, score: AttemptScore, language: string): Promise<BandText[]> {
  const banded = score.skills.filter((s) => s.band !== null);
  const contents = await bandContents(
    db,
    banded.map((s) => s.skillId),
  );
  return banded.map((s) => {
    const text = inLanguage(contents.get(bandKey(s.skillId, s.band!)) ?? [], language);
    return { skillId: s.skillId, band: s.band!, language: text?.language ?? null, content: text?.content ?? null };
  });
}

function bankQuestion(
  question: ScorableQuestion,
  where: { partId: string; partKind: string; testId: string | null },
  answer: StoredAnswerRow | null,
  score: AnswerScore,
  review: ReviewRow | null,
  language: string,
  self: boolean,
): ReportQuestion {
  const type = question.questionType;
  const keys = !self;
  const options: ReportOption[] = question.answers.map((a, index) => ({
    index,
    text: inLanguage(a.langWiseAnswer, language)?.text ?? '',
    // A qualifying question is not scored: what its options carry is whether they disqualify.
    points: keys && !question.isQualifying && POINT_TYPES.includes(type) && typeof a.value === 'number' ? a.value : null,
    isCorrect: keys && !question.isQualifying && CORRECTNESS_TYPES.includes(type) ? a.isCorrect === true : null,
    disqualifies: keys && question.isQualifying ? a.disqualifies === true : null,
  }));
  const given = answer?.answer ?? null;
  return {
    questionId: question.id,
    partId: where.partId,
    testId: where.testId,
    partKind: where.partKind,
    questionType: type,
    title: question.title ?? '',
    text: inLanguage(question.details, language)?.detail ?? '',
    options,
    chosen: given && 'answerIndexes' in given ? [...given.answerIndexes] : [],
    keyedOrder: keys && type === 'SORTING_ORDER' ? keyedOrder(question) : null,
    textAnswer: given && 'text' in given ? given.text : null,
    guidance: keys && type === 'SHORT_TEXT' ? (inLanguage(question.details.filter((d) => d.guidance?.trim()), language)?.guidance ?? null) : null,
    code: type === 'CODING' && given && 'source' in given ? codeOf(question, given, answer!.evaluation) : null,
    videoUrl: null,
    score,
    review: review && { points: review.points, comment: review.comment, reviewerName: review.reviewerName, reviewedAt: review.reviewedAt },
  };
}

/** A coding answer with each case's result; hidden cases carry no input, expected or actual output. */
function codeOf(question: ScorableQuestion, given: { languageId: number; source: string }, evaluation: AnswerEvaluation | null): NonNullable<ReportQuestion['code']> {
  const testCases = question.coding?.testCases ?? [];
  const status = evaluation?.status === 'done' ? 'done' : evaluation?.status === 'error' ? 'error' : 'pending';
  const cases: ReportCodeCase[] =
    evaluation?.status === 'done'
      ? evaluation.result.results.map((r, i) => {
          const hidden = r.hidden || testCases[i]?.hidden === true;
          return {
            hidden,
            passed: r.passed,
            points: r.points,
            input: hidden ? null : (testCases[i]?.input ?? null),
            expectedOutput: hidden ? null : (testCases[i]?.expectedOutput ?? null),
            actualOutput: hidden ? null : r.stdout,
            status: r.status,
          };
        })
      : [];
  return {
    languageId: given.languageId,
    language: PROGRAMMING_LANGUAGES[given.languageId as ProgrammingLanguageId] ?? String(given.languageId),
    source: given.source,
    cases,
    evaluation: status,
  };
}

function videoQuestion(
  video: VideoQuestion,
  partId: string,
  answer: StoredAnswerRow | null,
  language: string,
  media: Awaited<ReturnType<typeof mediaOf>>,
  url: (objectKey: string) => string,
): ReportQuestion {
  const recorded = answer && 'objectKey' in answer.answer ? media.find((m) => m.kind === 'VIDEO_ANSWER' && m.objectKey === (answer.answer as { objectKey: string }).objectKey) : undefined;
  return {
    questionId: video.id,
    partId,
    testId: null,
    partKind: 'VIDEO',
    questionType: 'VIDEO',
    title: videoTitle(video, language),
    text: inLanguage(video.prompt, language)?.detail ?? '',
    options: [],
    chosen: [],
    keyedOrder: null,
    textAnswer: null,
    code: null,
    videoUrl: recorded ? url(recorded.objectKey) : null,
    score: notScored(video.id, partId, null),
    review: null,
  };
}

async function proctoring(db: DB, invitationId: string, media: Awaited<ReturnType<typeof mediaOf>>, url: (objectKey: string) => string): Promise<NonNullable<CandidateReport['proctoring']>> {
  const events = await eventsOf(db, invitationId);
  return {
    // A second device is named ('Chrome on Android'); the page's own events carry nothing a reader needs.
    events: events.map((e) => ({ type: e.type, occurredAt: e.occurredAt.getTime(), partId: e.partId, questionId: e.questionId, device: deviceOf(e.detail) })),
    snapshots: media.filter((m) => m.kind === 'SNAPSHOT').map((m) => ({ id: m.id, url: url(m.objectKey), takenAt: m.takenAt.getTime() })),
  };
}
