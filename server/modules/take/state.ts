/**
 * What leaves the server for a candidate, built field by field: the attempt's state, its questions
 * (only through `candidateQuestion` / `candidateVideoQuestion`), runs of the visible examples. Nothing
 * here copies a stored row as it is, so points, correct flags, hidden cases, the seed and the token's
 * hash cannot slip out.
 */
import { nextPart, resumePosition, type AttemptPart } from '../../../src/domain/attempt';
import { createHmac } from 'node:crypto';
import { candidateQuestion, candidateVideoQuestion, toCandidateAnswer, type CandidateAnswer, type CandidateQuestion, type OptionNamer } from '../../../src/domain/attemptQuestions';
import type { RunResult } from '../../../src/domain/codeRunner';
import { namesOf, type NameTranslation } from '../../../src/domain/language';
import type { CandidateRunResult, PublicAssessment, TakePart, TakeState } from '../../../src/domain/take';
import { assessmentOf, attemptOf, type TakeContext } from './lifecycle';
import { storedAnswers, videoTakes, type AssessmentInfo, type AttemptRecord } from './queries';

/** The language questions are shown in: the attempt's, English until the candidate chooses. */
export const languageOf = (record: Pick<AttemptRecord, 'language'>) => record.language ?? 'en';

/**
 * An attempt's names for options: an HMAC of the question and the stored position, keyed by the
 * attempt's seed (never sent), so the candidate can neither order them nor carry them to another
 * attempt. 72 bits: two options of one question never share a name.
 */
export const optionNamer =
  (seed: string): OptionNamer =>
  (questionId, index) =>
    createHmac('sha256', seed).update(`${questionId}:${index}`).digest('base64url').slice(0, 12);

/** One question of an attempt as the candidate sees it, or undefined when the attempt has no such question. */
export async function candidateView(ctx: TakeContext, record: AttemptRecord, part: AttemptPart, questionId: string): Promise<CandidateQuestion | undefined> {
  return (await candidateViews(ctx, record, part, [questionId]))[0];
}

/** A part's questions as the candidate sees them, in the attempt's order. */
async function candidateViews(ctx: TakeContext, record: AttemptRecord, part: AttemptPart, questionIds: readonly string[]): Promise<CandidateQuestion[]> {
  const language = languageOf(record);
  if (part.kind === 'VIDEO') {
    const { videoQuestions } = await assessmentOf(ctx, record.assessmentId);
    return questionIds.flatMap((id) => {
      const video = videoQuestions.find((v) => v.id === id);
      return video ? [candidateVideoQuestion({ ...video }, language)] : [];
    });
  }
  const stored = await ctx.questions.getMany(ctx.services.db, questionIds);
  return questionIds.flatMap((id) => {
    const question = stored.get(id);
    return question ? [candidateQuestion(question, record.seed, language, optionNamer(record.seed))] : [];
  });
}

/** The assessment's name in English and the languages it offers (a translation for a language no longer offered stays back). */
const offeredNames = (assessment: AssessmentInfo): NameTranslation[] => namesOf(assessment).filter((n) => n.language === 'en' || assessment.languages.includes(n.language));

const takePart = (part: AttemptPart, assessment: AssessmentInfo): TakePart => ({
  id: part.id,
  kind: part.kind,
  titles: part.testId ? (assessment.testNames[part.testId] ?? null) : null,
  questionCount: part.questionIds.length,
  durationSeconds: part.durationSeconds,
  startedAt: part.startedAt,
  deadline: part.deadline,
  finishedAt: part.finishedAt,
});

/**
 * Where the candidate is: the attempt, its parts, the position to resume at, the open part's
 * questions and answers, and another device on the same attempt (as the asking device sees it).
 */
export async function takeState(ctx: TakeContext, record: AttemptRecord, now: number, deviceId: string | null = null): Promise<TakeState> {
  const assessment = await assessmentOf(ctx, record.assessmentId);
  const open = nextPart(attemptOf(record), now);
  let currentPart: TakeState['currentPart'] = null;
  let answered: string[] = [];
  // A part's questions are shown once it has started (its time running), not before.
  if (open && open.startedAt !== null) {
    const rows = await storedAnswers(ctx.services.db, record.id, [open.id]);
    const nameOption = optionNamer(record.seed);
    const answers: Record<string, CandidateAnswer> = Object.fromEntries(rows.map((r) => [r.questionId, toCandidateAnswer(r.questionId, r.answer, nameOption)]));
    answered = rows.map((r) => r.questionId);
    currentPart = {
      id: open.id,
      questions: await candidateViews(ctx, record, open, open.questionIds),
      answers,
      ...(open.kind === 'VIDEO' ? { videoTakes: await videoTakes(ctx.services.db, record.id) } : {}),
    };
  }
  return {
    serverNow: Date.now(),
    invitation: {
      status: record.status,
      entryType: record.entryType,
      candidateName: record.candidateName,
      language: record.language,
      expiresAt: record.expiresAt,
      deadline: record.deadline,
    },
    assessment: {
      names: offeredNames(assessment),
      type: assessment.type,
      languages: [...assessment.languages],
      totalTimeSeconds: assessment.totalTimeSeconds,
      proctoring: { ...assessment.proctoring },
      estimatedMinutes: assessment.estimatedMinutes,
      hasCoding: assessment.hasCoding,
      hasVideo: assessment.videoQuestions.length > 0,
    },
    // Parts without questions are kept in the record and left out here (the flow skips them).
    parts: record.parts.filter((p) => p.questionIds.length > 0).map((p) => takePart(p, assessment)),
    position: resumePosition(attemptOf(record), answered, now),
    otherDevice: record.status === 'IN_PROGRESS' ? await ctx.devices.otherThan(record.id, deviceId, now) : null,
    currentPart,
  };
}

/** Whether a public link takes candidates now. */
export const publicLinkOpen = (assessment: AssessmentInfo, now: number) =>
  assessment.status === 'ACTIVE' &&
  assessment.type === 'PUBLIC_LINK' &&
  (assessment.validFrom === null || now >= assessment.validFrom) &&
  (assessment.validUntil === null || now <= assessment.validUntil);

export const publicAssessment = (assessment: AssessmentInfo, now: number): PublicAssessment => ({
  names: offeredNames(assessment),
  languages: [...assessment.languages],
  estimatedMinutes: assessment.estimatedMinutes,
  open: publicLinkOpen(assessment, now),
});

/** A run of the visible examples without its points. */
export const candidateRun = (result: RunResult): CandidateRunResult => ({
  language: { id: result.language.id, name: result.language.name },
  results: result.results.map((r) => ({ index: r.index, status: r.status, stdout: r.stdout, stderr: r.stderr, timeMs: r.timeMs, passed: r.passed })),
  passedCount: result.passedCount,
});
