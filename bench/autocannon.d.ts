/**
 * The part of autocannon 9's programmatic API the benchmark uses. The package ships no types
 * and @types/autocannon is not a dependency, so this declares just what the benchmarks read.
 */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
      headers?: Record<string, string>;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      /** Runs the load in this many worker threads instead of the calling thread. */
      workers?: number;
      /** A run whose results are discarded, before the measured one. */
      warmup?: { connections?: number; duration?: number };
      /** Requests sent in turn; `setupRequest` may rewrite each one before it goes (bench/take-save.ts gives every save its own key). */
      requests?: RequestSpec[];
    }

    interface RequestSpec {
      method?: Options['method'];
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec;
    }

    /** Percentile keys as autocannon names them (p2_5 is the 2.5th percentile). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p0_001: number;
      p0_01: number;
      p0_1: number;
      p1: number;
      p2_5: number;
      p10: number;
      p25: number;
      p50: number;
      p75: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
      p99_99: number;
      p99_999: number;
    }

    interface Result {
      url: string;
      connections: number;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds per request. */
      latency: Histogram & { totalCount: number };
      /** Requests per second, one sample per second. */
      requests: Histogram & { sent: number };
      /** Bytes per second. */
      throughput: Histogram;
    }
  }

  /** Without a callback the returned tracker is also a promise of the result. */
  function autocannon(options: autocannon.Options): PromiseLike<autocannon.Result>;
  export = autocannon;
}
