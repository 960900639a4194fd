/**
 * The code runner coding questions use: Judge0 when JUDGE0_URL is set, else the local runner.
 * Both backends sit behind the same validation, queue, output comparison and scoring.
 */
import { z } from 'zod';
import { RUN_LIMITS, type LanguageAvailability, type RunResult, type RunStatus, type TestCaseResult } from '../../../src/domain/codeRunner';
import type { Config } from '../../config';
import { badRequest, HttpError, parseOrThrow, saidOf, says } from '../errors';
import { sameOutput, type Backend } from './execution';
import { createJudge0Backend, type Judge0Options } from './judge0';
import { LANGUAGE_IDS, languageById } from './languages';
import { createLocalBackend, type LocalRunnerOptions } from './local';
import { RunQueue } from './queue';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

export { sameOutput, normalizeOutput } from './execution';
export { LANGUAGES, detectToolchains, languageById, type LanguageId, type Toolchains } from './languages';
export { defaultSandboxUser, MAX_PROCESSES } from './local';
export { SANDBOX_MISSING } from './sandbox';

const withinBytes = (limit: number) => (text: string) => Buffer.byteLength(text, 'utf8') <= limit;
const KIB = (bytes: number) => `${bytes / 1024} KiB`;
const { timeLimitMs: TIME, memoryLimitMb: MEMORY } = RUN_LIMITS;

const testCaseSchema = z.object({
  input: z
    .string({ error: 'Test case input must be text' })
    .default('')
    .refine(withinBytes(RUN_LIMITS.maxInputBytes), `Test case input must be at most ${KIB(RUN_LIMITS.maxInputBytes)}`),
  expectedOutput: z
    .string({ error: 'Expected output is required' })
    .refine(withinBytes(RUN_LIMITS.maxInputBytes), `Expected output must be at most ${KIB(RUN_LIMITS.maxInputBytes)}`),
  points: z.number({ error: 'Points must be a number' }).min(0, 'Points cannot be negative').max(1000, 'Points must be at most 1000').default(1),
  hidden: z.boolean().default(false),
});

export const runRequestSchema = z.object({
  languageId: z
    .number({ error: 'Choose a programming language' })
    .int('Choose a programming language')
    .refine((id) => (LANGUAGE_IDS as number[]).includes(id), FIELD_MESSAGES.programmingLanguageNotSupported),
  source: z
    .string({ error: 'Source code is required' })
    .refine((s) => s.trim().length > 0, 'Source code is required')
    .refine(withinBytes(RUN_LIMITS.maxSourceBytes), `Source code must be at most ${KIB(RUN_LIMITS.maxSourceBytes)}`),
  testCases: z
    .array(testCaseSchema, { error: 'Test cases are required' })
    .min(1, FIELD_MESSAGES.addLeastTestCase)
    .max(RUN_LIMITS.maxTestCases, `At most ${RUN_LIMITS.maxTestCases} test cases per run`),
  timeLimitMs: z
    .number({ error: 'Time limit must be a number' })
    .int(FIELD_MESSAGES.timeLimitWholeNumber)
    .min(TIME.min, `Time limit must be between ${TIME.min} ms and ${TIME.max / 1000} s`)
    .max(TIME.max, `Time limit must be between ${TIME.min} ms and ${TIME.max / 1000} s`)
    .default(TIME.default),
  memoryLimitMb: z
    .number({ error: 'Memory limit must be a number' })
    .int(FIELD_MESSAGES.memoryLimitWholeNumber)
    .min(MEMORY.min, `Memory limit must be between ${MEMORY.min} and ${MEMORY.max} MB`)
    .max(MEMORY.max, `Memory limit must be between ${MEMORY.min} and ${MEMORY.max} MB`)
    .default(MEMORY.default),
});

export type RunRequest = z.input<typeof runRequestSchema>;

export interface CodeRunner {
  readonly backend: 'local' | 'judge0';
  /** Validates (400 on bad input), waits for a slot (429 when the queue is full), runs every test case. */
  run(request: RunRequest): Promise<RunResult>;
  /** The five languages and whether this server can run each, for the question editor and the candidate's page. */
  availableLanguages(): Promise<LanguageAvailability[]>;
  /** How programs are isolated, for /api/health: Judge0, bubblewrap, or nothing (then nothing runs). */
  isolation(): Promise<RunnerIsolation>;
}

export interface RunnerIsolation {
  backend: 'local' | 'judge0';
  sandbox: 'judge0' | 'bubblewrap' | 'none';
  ready: boolean;
  /** Why nothing runs, when not ready. */
  message?: string;
}

export interface RunnerOptions {
  /** Runs at once; default 2 locally (each is a child process on this machine), 8 with Judge0. */
  concurrency?: number;
  /** Runs waiting for a slot before callers get a 429; default 20. */
  maxQueue?: number;
  local?: LocalRunnerOptions;
  judge0?: Judge0Options;
}

const roundPoints = (n: number) => Math.round(n * 100) / 100;

export function createRunner(config: Pick<Config, 'judge0Url'>, options: RunnerOptions = {}): CodeRunner {
  const backend: Backend = config.judge0Url ? createJudge0Backend(config.judge0Url, options.judge0) : createLocalBackend(options.local);
  const queue = new RunQueue(options.concurrency ?? (backend.name === 'local' ? 2 : 8), options.maxQueue ?? 20);

  return {
    backend: backend.name,
    availableLanguages: () => backend.languages(),

    async isolation() {
      const why = await backend.unavailable();
      if (why) return { backend: backend.name, sandbox: 'none', ready: false, message: why };
      return { backend: backend.name, sandbox: backend.name === 'judge0' ? 'judge0' : 'bubblewrap', ready: true };
    },

    async run(request) {
      const job = parseOrThrow(runRequestSchema, request);
      // Never unsandboxed: without bubblewrap or Judge0 every run is refused.
      const why = await backend.unavailable();
      if (why) throw new HttpError(503, saidOf(why));
      const language = languageById(job.languageId)!;
      const availability = (await backend.languages()).find((l) => l.id === language.id);
      if (!availability?.available) {
        throw badRequest(says('runLanguageMissing', { language: language.name }), { languageId: 'Language not available on this server' });
      }
      const executions = await queue.run(() => backend.execute(language, job));
      const results = executions.map((execution, index): TestCaseResult => {
        const testCase = job.testCases[index];
        const status: RunStatus =
          execution.status === 'ok' ? (sameOutput(execution.stdout, testCase.expectedOutput) ? 'passed' : 'failed') : execution.status;
        const passed = status === 'passed';
        return {
          index,
          status,
          stdout: execution.stdout,
          stderr: execution.stderr,
          timeMs: Math.round(execution.timeMs),
          passed,
          points: passed ? testCase.points : 0,
          maxPoints: testCase.points,
          hidden: testCase.hidden,
        };
      });
      return {
        language: { id: language.id, name: language.name },
        backend: backend.name,
        results,
        passedCount: results.filter((r) => r.passed).length,
        totalPoints: roundPoints(job.testCases.reduce((sum, t) => sum + t.points, 0)),
        earnedPoints: roundPoints(results.reduce((sum, r) => sum + r.points, 0)),
      };
    },
  };
}
