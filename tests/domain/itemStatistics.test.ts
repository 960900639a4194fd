/**
 * src/domain/itemStatistics.ts against values worked out by hand for a small fixed data set (five
 * candidates, four questions), and the readings at and around their thresholds.
 */
import { describe, expect, it } from 'vitest';
import {
  histogramBin,
  isTooSmall,
  itemFlags,
  itemStatistics,
  maxCovariance,
  median,
  readAlpha,
  sampleCovariance,
  testStatistics,
  type FirstAttempt,
} from '../../src/domain/itemStatistics';

/**
 * Points earned: q1–q3 are worth 1 point, q4 2 points; the test's maximum is 5.
 *
 *          q1 q2 q3 q4  total  percent
 *   A       1  0  0  0    1      20
 *   B       1  1  1  1    4      80
 *   C       0  1  1  1    3      60
 *   D       1  1  1  2    5     100
 *   E       1  1  0  2    4      80
 */
const POINTS = [
  [1, 0, 0, 0],
  [1, 1, 1, 1],
  [0, 1, 1, 1],
  [1, 1, 1, 2],
  [1, 1, 0, 2],
];
const MAX = [1, 1, 1, 2];
const QUESTIONS = ['q1', 'q2', 'q3', 'q4'];

const attempts: FirstAttempt[] = POINTS.map((row) => ({
  percent: (row.reduce((a, b) => a + b, 0) / 5) * 100,
  items: Object.fromEntries(row.map((earned, i) => [QUESTIONS[i], { earned, max: MAX[i] }])),
}));

describe('the building blocks', () => {
  it('sample covariance, median and the largest covariance of two lists', () => {
    // Means 2 and 4; deviations (−1, 0, 1) × (2, −2, 0) = −2 + 0 + 0, over n − 1 = 2.
    expect(sampleCovariance([1, 2, 3], [6, 2, 4])).toBeCloseTo(-1);
    // Sorted and paired by rank: (1, 2), (2, 4), (3, 6): deviations (−1, 0, 1) × (−2, 0, 2) = 4, over 2.
    expect(maxCovariance([1, 2, 3], [6, 2, 4])).toBeCloseTo(2);
    expect(sampleCovariance([5], [1])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('item statistics of the fixed data set', () => {
  const item = (q: string) => itemStatistics(attempts, q);

  it('q1: easy, but the weaker candidate gets it and C does not: negative discrimination, flagged', () => {
    // Scores 1 1 0 1 1: facility 4/5 = 80 %; variance of the fractions (4 × 0.04 + 0.64) / 4 = 0.2, SD √0.2 = 44.72 %.
    // Rest of the test 0 3 3 4 3 (mean 2.6, variance 2.3); covariance (0.2 × −2.6 + 0.2 × 0.4 − 0.8 × 0.4 + 0.2 × 1.4 + 0.2 × 0.4) / 4 = −0.1.
    // Discrimination 100 × −0.1 / √(0.2 × 2.3) = −14.74. Sorted pairs (0,0) (1,3) (1,3) (1,3) (1,4) give covariance 0.65: efficiency −10 / 0.65 = −15.38 %.
    const q1 = item('q1');
    expect(q1.sampleSize).toBe(5);
    expect(q1.facility).toBeCloseTo(80, 4);
    expect(q1.standardDeviation).toBeCloseTo(44.7214, 3);
    expect(q1.discrimination).toBeCloseTo(-14.7442, 3);
    expect(q1.efficiency).toBeCloseTo(-200 / 13, 3);
    expect(q1.flags).toEqual(['NEGATIVE_DISCRIMINATION', 'LOW_EFFICIENCY']);
  });

  it('q2: discriminates as well as it can', () => {
    // Scores 0 1 1 1 1, rest 1 3 2 4 3: covariance 0.4, variances 0.2 and 1.3; sorted pairing changes nothing.
    const q2 = item('q2');
    expect(q2.facility).toBeCloseTo(80, 4);
    expect(q2.discrimination).toBeCloseTo(40 / Math.sqrt(0.26), 3); // 78.45
    expect(q2.efficiency).toBeCloseTo(100, 4);
    expect(q2.flags).toEqual([]);
  });

  it('q3: weakly discriminating, 23 % efficient', () => {
    // Scores 0 1 1 1 0 (variance 0.3), rest 1 3 2 4 4 (variance 1.7): covariance 0.15; sorted covariance 0.65.
    const q3 = item('q3');
    expect(q3.facility).toBeCloseTo(60, 4);
    expect(q3.standardDeviation).toBeCloseTo(100 * Math.sqrt(0.3), 3); // 54.77
    expect(q3.discrimination).toBeCloseTo(15 / Math.sqrt(0.51), 3); // 21.00
    expect(q3.efficiency).toBeCloseTo(300 / 13, 3); // 23.08
    expect(q3.flags).toEqual([]);
  });

  it('q4 (2 points): facility and SD as a share of its maximum, discrimination on its points', () => {
    // Fractions 0 ½ ½ 1 1: mean 0.6, variance 0.175. Points 0 1 1 2 2 against rest 1 3 2 3 2: covariance 0.45, both variances 0.7.
    const q4 = item('q4');
    expect(q4.facility).toBeCloseTo(60, 4);
    expect(q4.standardDeviation).toBeCloseTo(100 * Math.sqrt(0.175), 3); // 41.83
    expect(q4.discrimination).toBeCloseTo(45 / 0.7, 3); // 64.29
    expect(q4.efficiency).toBeCloseTo(450 / 7, 3); // 64.29: sorted rest 1 2 2 3 3 gives 0.7
  });

  it('a question nobody answered differently has no discrimination, and one attempt has no spread', () => {
    const same = attempts.map((a) => ({ ...a, items: { ...a.items, q5: { earned: 1, max: 1 } } }));
    const q5 = itemStatistics(same, 'q5');
    expect(q5).toMatchObject({ sampleSize: 5, facility: 100, standardDeviation: 0, discrimination: null, efficiency: null, flags: [] });
    expect(itemStatistics(attempts.slice(0, 1), 'q1')).toMatchObject({ sampleSize: 1, facility: 100, standardDeviation: null, discrimination: null });
    expect(itemStatistics(attempts, 'unknown')).toMatchObject({ sampleSize: 0, facility: null, standardDeviation: null });
  });

  it('counts only the attempts in which the question counted', () => {
    const without = attempts.map((a, i) => (i === 0 ? { ...a, items: { q2: a.items.q2, q3: a.items.q3, q4: a.items.q4 } } : a));
    expect(itemStatistics(without, 'q1')).toMatchObject({ sampleSize: 4, facility: 75 });
  });
});

describe('test statistics of the fixed data set', () => {
  const test = testStatistics(attempts);

  it('mean, median, SD, skewness and kurtosis of the percentages (Moodle’s formulas)', () => {
    // Percentages 20 80 60 100 80: mean 68, median 80. Deviations −48 12 −8 32 12:
    // Σd² = 3680 (SD √(3680/4) = √920), Σd³ = −74,880, Σd⁴ = 6,402,560.
    // m2 = 736, m3 = −14,976, m4 = 1,280,512; k2 = 920, k3 = 25 × m3 / 12 = −31,200,
    // k4 = 25 × (6 m4 − 12 m2²) / 24 = 1,232,000: skewness k3 / k2^1.5, kurtosis k4 / k2² = 770 / 529.
    expect(test.sampleSize).toBe(5);
    expect(test.mean).toBeCloseTo(68, 6);
    expect(test.median).toBe(80);
    expect(test.standardDeviation).toBeCloseTo(Math.sqrt(920), 4); // 30.33
    expect(test.skewness).toBeCloseTo(-31200 / Math.pow(920, 1.5), 4); // −1.118
    expect(test.kurtosis).toBeCloseTo(770 / 529, 4); // 1.456
  });

  it('Cronbach’s alpha and the standard error of measurement', () => {
    // Item variances 0.2 + 0.2 + 0.3 + 0.7 = 1.4; totals 1 4 3 5 4 have variance 2.3.
    // alpha = 4/3 × (1 − 1.4 / 2.3) = 12/23 = 0.5217; SEM = √920 × √(11/23) = √440 = 20.98.
    expect(test.questionCount).toBe(4);
    expect(test.alpha).toBeCloseTo(12 / 23, 5);
    expect(test.standardError).toBeCloseTo(Math.sqrt(440), 4);
    expect(readAlpha(test.alpha)).toBe('UNSATISFACTORY');
  });

  it('the score distribution in ten bins, 100 % in the last', () => {
    expect(test.histogram).toHaveLength(10);
    expect(test.histogram.map((b) => b.count)).toEqual([0, 0, 1, 0, 0, 0, 1, 0, 2, 1]);
    expect(test.histogram[0]).toEqual({ from: 0, to: 10, count: 0 });
    expect(test.histogram[9]).toEqual({ from: 90, to: 100, count: 1 });
  });

  it('has no shape figures without enough attempts, and no alpha with one question', () => {
    const two = testStatistics(attempts.slice(0, 2));
    expect(two).toMatchObject({ sampleSize: 2, mean: 50, median: 50, skewness: null, kurtosis: null });
    expect(two.standardDeviation).toBeCloseTo(Math.sqrt(1800), 6);
    const oneQuestion = testStatistics(attempts.map((a) => ({ percent: a.percent, items: { q4: a.items.q4 } })));
    expect(oneQuestion).toMatchObject({ questionCount: 1, alpha: null, standardError: null });
    expect(testStatistics([])).toMatchObject({ sampleSize: 0, mean: null, median: null, standardDeviation: null });
  });
});

describe('readings', () => {
  it('flags a question under 15 % efficiency or with negative discrimination', () => {
    expect(itemFlags({ discrimination: 30, efficiency: 15 })).toEqual([]);
    expect(itemFlags({ discrimination: 30, efficiency: 14.99 })).toEqual(['LOW_EFFICIENCY']);
    expect(itemFlags({ discrimination: 0, efficiency: 20 })).toEqual([]);
    expect(itemFlags({ discrimination: -0.01, efficiency: 20 })).toEqual(['NEGATIVE_DISCRIMINATION']);
    expect(itemFlags({ discrimination: null, efficiency: null })).toEqual([]);
  });

  it('marks figures over fewer than 30 attempts as too small', () => {
    expect(isTooSmall(29)).toBe(true);
    expect(isTooSmall(30)).toBe(false);
  });

  it('reads alpha as Moodle does: above 0.75 satisfactory, below 0.64 unsatisfactory', () => {
    expect(readAlpha(0.76)).toBe('SATISFACTORY');
    expect(readAlpha(0.75)).toBe('MARGINAL');
    expect(readAlpha(0.64)).toBe('MARGINAL');
    expect(readAlpha(0.6399)).toBe('UNSATISFACTORY');
    expect(readAlpha(null)).toBeNull();
  });

  it('bins percentages by tens', () => {
    expect([0, 9.99, 10, 55, 99.9, 100].map((p) => histogramBin(p))).toEqual([0, 0, 1, 5, 9, 9]);
  });
});
