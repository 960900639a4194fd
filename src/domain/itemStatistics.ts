/**
 * Item and test statistics as Moodle's quiz statistics report defines them
 * (docs.moodle.org/dev/Quiz_statistics_calculations), over each candidate's first completed, scored
 * attempt at a test. The server computes the sums and moments with SQL aggregates
 * (server/modules/statistics/queries.ts) and finishes them with the `…FromMoments` functions here;
 * the array functions below compute the same from plain numbers and are the reference the SQL is
 * tested against. The readings (flags, "too small", Moodle's reading of alpha) are shared with the pages.
 */
import { z } from 'zod';
import type { AnswerScoreStatus } from './scoring';

// ---------------------------------------------------------------------------------------------
// Thresholds and readings

/** A figure over fewer first attempts than this is marked as resting on too small a sample. */
export const MIN_SAMPLE_SIZE = 30;
/** A question whose discriminative efficiency (%) is under this is flagged (Moodle's report). */
export const LOW_EFFICIENCY = 15;
/** Moodle's reading of the coefficient of internal consistency: above 0.75 satisfactory… */
export const ALPHA_SATISFACTORY = 0.75;
/** …below 0.64 unsatisfactory, and in between worth improving. */
export const ALPHA_UNSATISFACTORY = 0.64;
/** The score distribution's bins: 0–10 %, 10–20 %, … 90–100 % (100 % goes into the last). */
export const HISTOGRAM_BINS = 10;
/** Answer scores that count in a test's score: scored, and unanswered as 0 of the maximum. */
export const COUNTED_STATUSES: readonly AnswerScoreStatus[] = ['SCORED', 'UNANSWERED'];

export const isTooSmall = (sampleSize: number) => sampleSize < MIN_SAMPLE_SIZE;

export const ITEM_FLAGS = ['NEGATIVE_DISCRIMINATION', 'LOW_EFFICIENCY'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

/** Why a question needs a look: it discriminates the wrong way, or far below what it could. */
export function itemFlags(figures: Pick<ItemFigures, 'discrimination' | 'efficiency'>): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (figures.discrimination != null && figures.discrimination < 0) flags.push('NEGATIVE_DISCRIMINATION');
  if (figures.efficiency != null && figures.efficiency < LOW_EFFICIENCY) flags.push('LOW_EFFICIENCY');
  return flags;
}

export const ALPHA_READINGS = ['SATISFACTORY', 'MARGINAL', 'UNSATISFACTORY'] as const;
export type AlphaReading = (typeof ALPHA_READINGS)[number];

export function readAlpha(alpha: number | null): AlphaReading | null {
  if (alpha == null) return null;
  if (alpha > ALPHA_SATISFACTORY) return 'SATISFACTORY';
  if (alpha < ALPHA_UNSATISFACTORY) return 'UNSATISFACTORY';
  return 'MARGINAL';
}

// ---------------------------------------------------------------------------------------------
// What the API answers

const figure = z.number().nullable();

/** One question's figures in one test; percentages 0–100, discrimination −100 to 100. */
export const itemFiguresSchema = z.object({
  /** First attempts in which the question counted: every figure below rests on this many. */
  sampleSize: z.number(),
  /** Facility index: the mean score as a percentage of the maximum. */
  facility: figure,
  /** Standard deviation of the score as a percentage of the maximum. */
  standardDeviation: figure,
  /** Discrimination index: 100 × the correlation of the question's score with the rest of the test. */
  discrimination: figure,
  /** Discriminative efficiency: 100 × the covariance with the rest over the largest it could be. */
  efficiency: figure,
});
export type ItemFigures = z.input<typeof itemFiguresSchema>;

export const itemStatisticsSchema = itemFiguresSchema.extend({ flags: z.array(z.enum(ITEM_FLAGS)) });
export type ItemStatistics = z.input<typeof itemStatisticsSchema>;

/** The question reports list: a question's figures in each test it was asked in. */
export const questionTestStatisticsSchema = itemStatisticsSchema.extend({ testId: z.string(), testName: z.string() });
export type QuestionTestStatistics = z.input<typeof questionTestStatisticsSchema>;

/** A test's statistics page: its questions' figures. */
export const testQuestionStatisticsSchema = itemStatisticsSchema.extend({ questionId: z.string(), title: z.string(), questionType: z.string() });
export type TestQuestionStatistics = z.input<typeof testQuestionStatisticsSchema>;

export const histogramBinSchema = z.object({
  /** Percent, inclusive. */
  from: z.number(),
  /** Percent, exclusive (inclusive for the last bin). */
  to: z.number(),
  count: z.number(),
});
export type HistogramBin = z.input<typeof histogramBinSchema>;

/** Figures of a test's scores (percent of the maximum), over first attempts. */
export const testFiguresSchema = z.object({
  /** First attempts with a test score. */
  sampleSize: z.number(),
  /** Questions that counted in those attempts (the k of Cronbach's alpha). */
  questionCount: z.number(),
  mean: figure,
  median: figure,
  standardDeviation: figure,
  skewness: figure,
  kurtosis: figure,
  /** Cronbach's alpha (Moodle's coefficient of internal consistency), at most 1. */
  alpha: figure,
  /** Standard error of measurement, in percentage points: SD × √(1 − alpha). */
  standardError: figure,
});
export type TestFigures = z.input<typeof testFiguresSchema>;

/** GET /api/tests/:id/statistics */
export const testStatisticsSchema = testFiguresSchema.extend({
  testId: z.string(),
  name: z.string(),
  histogram: z.array(histogramBinSchema),
  alphaReading: z.enum(ALPHA_READINGS).nullable(),
  questions: z.array(testQuestionStatisticsSchema),
});
export type TestStatistics = z.input<typeof testStatisticsSchema>;

// ---------------------------------------------------------------------------------------------
// From sums and moments (what the SQL aggregates answer) to the figures

/** Below this a variance is rounding noise from summing floats, not spread. */
const ZERO = 1e-12;
/**
 * Figures to 6 decimals, so that float noise does not turn a covariance of exactly 0 into a
 * "negative" discrimination of −1e-15 (and −0 into 0).
 */
const tidy = (x: number | null) => (x == null || !Number.isFinite(x) ? null : Math.round(x * 1e6) / 1e6 + 0);

/** What SQL aggregates answer per question and test (sample variances and covariances, n − 1). */
export interface ItemMoments {
  sampleSize: number;
  /** Mean of earned ÷ maximum. */
  meanFraction: number | null;
  /** Sample variance of earned ÷ maximum. */
  varianceFraction: number | null;
  /** Sample variances of the question's points and of the rest of the test's points. */
  varianceItem: number | null;
  varianceRest: number | null;
  /** Sample covariance of the question's points with the rest of the test. */
  covariance: number | null;
  /** The same covariance with both lists sorted and paired by rank: the largest possible. */
  covarianceMax: number | null;
}

export function itemFiguresFromMoments(m: ItemMoments): ItemStatistics {
  const spread = (v: number | null) => v != null && v > ZERO;
  const discrimination =
    spread(m.varianceItem) && spread(m.varianceRest) && m.covariance != null ? (100 * m.covariance) / Math.sqrt(m.varianceItem! * m.varianceRest!) : null;
  const efficiency =
    spread(m.varianceItem) && spread(m.varianceRest) && m.covariance != null && m.covarianceMax != null && m.covarianceMax > ZERO
      ? (100 * m.covariance) / m.covarianceMax
      : null;
  const figures: ItemFigures = {
    sampleSize: m.sampleSize,
    facility: tidy(m.meanFraction == null ? null : 100 * m.meanFraction),
    standardDeviation: tidy(m.varianceFraction == null ? null : 100 * Math.sqrt(Math.max(0, m.varianceFraction))),
    // Rounding can carry |r| a hair past 1.
    discrimination: tidy(discrimination == null ? null : Math.max(-100, Math.min(100, discrimination))),
    efficiency: tidy(efficiency),
  };
  return { ...figures, flags: itemFlags(figures) };
}

/** What SQL aggregates answer per test. */
export interface TestMoments {
  sampleSize: number;
  mean: number | null;
  median: number | null;
  /** Sums of (percent − mean)^2, ^3, ^4. */
  power2: number | null;
  power3: number | null;
  power4: number | null;
  /** Questions counted, the sum of their sample variances (points) and the sample variance of the totals (points). */
  questionCount: number;
  sumItemVariance: number | null;
  varianceTotal: number | null;
}

/** Moodle's formulas: sample SD; skewness k3 / k2^1.5 and kurtosis k4 / k2² from the k-statistics. */
export function testFiguresFromMoments(m: TestMoments): TestFigures {
  const s = m.sampleSize;
  let standardDeviation: number | null = null;
  let skewness: number | null = null;
  let kurtosis: number | null = null;
  if (s > 1 && m.power2 != null) {
    standardDeviation = Math.sqrt(m.power2 / (s - 1));
    const m2 = m.power2 / s;
    const k2 = (s * m2) / (s - 1);
    if (s > 2 && k2 > ZERO && m.power3 != null) {
      const m3 = m.power3 / s;
      skewness = (s * s * m3) / ((s - 1) * (s - 2)) / Math.pow(k2, 1.5);
      if (s > 3 && m.power4 != null) {
        const m4 = m.power4 / s;
        const k4 = (s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2)) / ((s - 1) * (s - 2) * (s - 3));
        kurtosis = k4 / (k2 * k2);
      }
    }
  }
  const k = m.questionCount;
  const alpha =
    k > 1 && m.sumItemVariance != null && m.varianceTotal != null && m.varianceTotal > ZERO ? (k / (k - 1)) * (1 - m.sumItemVariance / m.varianceTotal) : null;
  return {
    sampleSize: s,
    questionCount: k,
    mean: tidy(m.mean),
    median: tidy(m.median),
    standardDeviation: tidy(standardDeviation),
    skewness: tidy(skewness),
    kurtosis: tidy(kurtosis),
    alpha: tidy(alpha),
    standardError: tidy(alpha != null && standardDeviation != null ? standardDeviation * Math.sqrt(1 - alpha) : null),
  };
}

/** The bin of a percentage: floor(p / 10), with 100 % in the last bin (as SQL's width_bucket, clamped). */
export function histogramBin(percent: number, bins = HISTOGRAM_BINS): number {
  return Math.min(bins - 1, Math.max(0, Math.floor((percent * bins) / 100)));
}

/** Empty bins filled in, from counts per bin index. */
export function histogramFromCounts(counts: ReadonlyMap<number, number>, bins = HISTOGRAM_BINS): HistogramBin[] {
  const width = 100 / bins;
  return Array.from({ length: bins }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: counts.get(i) ?? 0 }));
}

// ---------------------------------------------------------------------------------------------
// The reference: the same figures from plain arrays

export function mean(xs: readonly number[]): number | null {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}

/** Sample covariance (n − 1); null under two values. */
export function sampleCovariance(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new Error('Covariance needs pairs.');
  if (xs.length < 2) return null;
  const mx = mean(xs)!;
  const my = mean(ys)!;
  return xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0) / (xs.length - 1);
}

export const sampleVariance = (xs: readonly number[]) => sampleCovariance(xs, xs);

/** Middle value, or the mean of the two middle values. */
export function median(xs: readonly number[]): number | null {
  if (!xs.length) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The largest covariance these two lists of values can have: both sorted, paired by rank. */
export function maxCovariance(xs: readonly number[], ys: readonly number[]): number | null {
  const up = (a: number, b: number) => a - b;
  return sampleCovariance([...xs].sort(up), [...ys].sort(up));
}

/** A question's points in one attempt. */
export interface ItemScore {
  earned: number;
  max: number;
}

/** One candidate's first attempt at a test: its score and each counted question's points. */
export interface FirstAttempt {
  percent: number | null;
  items: Readonly<Record<string, ItemScore>>;
}

/** The attempt's points over its counted questions (those with a maximum). */
const total = (a: FirstAttempt) => Object.values(a.items).reduce((sum, s) => (s.max > 0 ? sum + s.earned : sum), 0);

/**
 * A question's figures over the first attempts in which it counted; the rest of the test is the
 * attempt's total minus it (the server takes the test's stored points, which scoring sums the same way).
 */
export function itemStatistics(attempts: readonly FirstAttempt[], questionId: string): ItemStatistics {
  const rows = attempts.filter((a) => (a.items[questionId]?.max ?? 0) > 0);
  const earned = rows.map((a) => a.items[questionId].earned);
  const fractions = rows.map((a) => a.items[questionId].earned / a.items[questionId].max);
  const rest = rows.map((a, i) => total(a) - earned[i]);
  return itemFiguresFromMoments({
    sampleSize: rows.length,
    meanFraction: mean(fractions),
    varianceFraction: sampleVariance(fractions),
    varianceItem: sampleVariance(earned),
    varianceRest: sampleVariance(rest),
    covariance: sampleCovariance(earned, rest),
    covarianceMax: maxCovariance(earned, rest),
  });
}

/** A test's figures: the distribution of its scores and, from the questions' points, alpha and the standard error. */
export function testStatistics(attempts: readonly FirstAttempt[]): TestFigures & { histogram: HistogramBin[] } {
  const percents = attempts.map((a) => a.percent).filter((p): p is number => p != null);
  const m = mean(percents);
  const power = (k: number) => (m == null ? null : percents.reduce((sum, p) => sum + Math.pow(p - m, k), 0));
  const counted = attempts.filter((a) => Object.values(a.items).some((s) => s.max > 0));
  const questionIds = [...new Set(counted.flatMap((a) => Object.keys(a.items).filter((q) => a.items[q].max > 0)))];
  const itemVariances = questionIds.map((q) => sampleVariance(counted.filter((a) => (a.items[q]?.max ?? 0) > 0).map((a) => a.items[q].earned)) ?? 0);
  const counts = new Map<number, number>();
  for (const p of percents) counts.set(histogramBin(p), (counts.get(histogramBin(p)) ?? 0) + 1);
  return {
    ...testFiguresFromMoments({
      sampleSize: percents.length,
      mean: m,
      median: median(percents),
      power2: power(2),
      power3: power(3),
      power4: power(4),
      questionCount: questionIds.length,
      sumItemVariance: questionIds.length ? itemVariances.reduce((a, b) => a + b, 0) : null,
      varianceTotal: sampleVariance(counted.map(total)),
    }),
    histogram: histogramFromCounts(counts),
  };
}
