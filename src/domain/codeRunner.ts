/**
 * What the code runner answers (GET /api/question/run-test/languages, POST /api/question/run-test):
 * shared by the server's runner and the question form's "Try it" panel.
 */
import type { ProgrammingLanguageId } from './content';
import { TAKE_FLOW_MESSAGES } from './takeFlowMessages';

/** The server's answer when it has neither bubblewrap nor Judge0: it runs no code rather than run it unsandboxed (by code, sandboxMissing). */
export const SANDBOX_MISSING = TAKE_FLOW_MESSAGES.sandboxMissing;

/** What one run may ask for; a coding question's settings keep within the same bounds. */
export const RUN_LIMITS = {
  maxTestCases: 20,
  maxSourceBytes: 64 * 1024,
  maxInputBytes: 64 * 1024,
  timeLimitMs: { min: 100, max: 10_000, default: 2_000 },
  memoryLimitMb: { min: 32, max: 512, default: 128 },
} as const;

/** How a program ended; 'ok' means normally, and its output is compared with the expected one afterwards. */
export type ExecutionStatus = 'ok' | 'error' | 'timeout' | 'memory' | 'compile_error' | 'output_limit';

/**
 * One test case's outcome: 'passed' or 'failed' on its output, how the program failed otherwise,
 * or 'ran' for a custom input, which has no expected output to compare with.
 */
export type RunStatus = Exclude<ExecutionStatus, 'ok'> | 'passed' | 'failed' | 'ran';

export interface TestCaseResult {
  index: number;
  status: RunStatus;
  stdout: string;
  stderr: string;
  timeMs: number;
  passed: boolean;
  /** Points earned: the case's points when passed, else 0. */
  points: number;
  maxPoints: number;
  /** Echoed so a candidate-facing route can withhold hidden cases' output. */
  hidden: boolean;
}

export interface RunResult {
  language: { id: ProgrammingLanguageId; name: string };
  backend: 'local' | 'judge0';
  results: TestCaseResult[];
  passedCount: number;
  totalPoints: number;
  earnedPoints: number;
}

/** Whether this server can run a language (the question editor greys out the ones it cannot). */
export interface LanguageAvailability {
  id: ProgrammingLanguageId;
  name: string;
  available: boolean;
  version?: string;
  reason?: string;
}
