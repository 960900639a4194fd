/** Timing loops for work run in this process (direct database queries), and their figures. */
import { performance } from 'node:perf_hooks';

export interface RateFigures {
  /** Operations per second over the whole measured window. */
  qps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Operations completed in the window, to judge how much the percentiles rest on. */
  count: number;
  concurrency: number;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Calls `operation` back to back from `concurrency` loops for `seconds`, after `warmupSeconds`
 * of the same whose timings are dropped (JIT, plan cache and buffer cache settle first).
 */
export async function timeLoop(
  operation: () => Promise<unknown>,
  { seconds, warmupSeconds, concurrency }: { seconds: number; warmupSeconds: number; concurrency: number },
): Promise<RateFigures> {
  const run = async (forSeconds: number, samples: number[] | null) => {
    const end = performance.now() + forSeconds * 1000;
    const loop = async () => {
      while (performance.now() < end) {
        const start = performance.now();
        await operation();
        samples?.push(performance.now() - start);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
  };

  if (warmupSeconds > 0) await run(warmupSeconds, null);
  const samples: number[] = [];
  const started = performance.now();
  await run(seconds, samples);
  const elapsedSeconds = (performance.now() - started) / 1000;

  const sorted = Float64Array.from(samples).sort();
  return {
    qps: round(samples.length / elapsedSeconds, 1),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    count: samples.length,
    concurrency,
  };
}
