/** Judge0 client (submissions API, base64 bodies): one submission per test case, limited parallelism. */
import type { ExecutionStatus } from '../../../src/domain/codeRunner';
import { HttpError } from '../errors';
import { capOutput, saysOutOfMemory, type Backend, type Execution, type RunJob } from './execution';
import { LANGUAGES, type Language } from './languages';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

export interface Judge0Options {
  /** Submissions of one run sent at once. */
  parallel?: number;
  /** Longest wait for one submission, queueing in Judge0 included. */
  requestTimeoutMs?: number;
  /** Between polls when Judge0 answers before the submission is finished (wait=true disabled or timed out). */
  pollIntervalMs?: number;
}

interface Submission {
  token?: string;
  stdout?: string | null;
  stderr?: string | null;
  compile_output?: string | null;
  message?: string | null;
  time?: string | null;
  /** KB. */
  memory?: number | null;
  status?: { id: number; description?: string };
}

const IN_QUEUE = 1;
const PROCESSING = 2;

/** Judge0's status ids (GET /statuses) in our words; 3 and 4 both become 'ok' since outputs are compared by our own rule. */
function statusOf(submission: Submission, stderr: string, memoryLimitKb: number): ExecutionStatus {
  switch (submission.status?.id) {
    case 3: // Accepted
    case 4: // Wrong Answer
      return 'ok';
    case 5: // Time Limit Exceeded
      return 'timeout';
    case 6: // Compilation Error
      return 'compile_error';
    case 8: // Runtime Error (SIGXFSZ): output beyond Judge0's file-size limit
      return 'output_limit';
    case 7: // SIGSEGV
    case 9: // SIGFPE
    case 10: // SIGABRT
    case 11: // NZEC
    case 12: // Other
      return saysOutOfMemory(stderr) || (submission.memory ?? 0) >= memoryLimitKb ? 'memory' : 'error';
    default: // 13 Internal Error, 14 Exec Format Error, anything unknown
      return 'error';
  }
}

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');
// Judge0 wraps its base64 every 60 characters; Buffer ignores the newlines.
const decode = (text: string | null | undefined) => (text ? Buffer.from(text, 'base64').toString('utf8') : '');

const unreachable = () => new HttpError(503, FIELD_MESSAGES.codeRunnerNotReachable);

export function createJudge0Backend(baseUrl: string, options: Judge0Options = {}): Backend {
  const base = baseUrl.replace(/\/+$/, '');
  const parallel = options.parallel ?? 4;
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 500;

  async function call(path: string, init: RequestInit, deadline: number): Promise<Submission> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
    } catch {
      throw unreachable();
    }
    if (!response.ok) {
      // Judge0 answers 4xx with {error} or per-field messages; they are about our request, not the candidate's code.
      const detail = await response.text().catch(() => '');
      throw new HttpError(502, `The code runner refused the submission (HTTP ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ''}).`);
    }
    return (await response.json()) as Submission;
  }

  async function submit(language: Language, job: RunJob, testCase: RunJob['testCases'][number]): Promise<Execution> {
    const deadline = Date.now() + requestTimeoutMs;
    const memoryLimitKb = job.memoryLimitMb * 1024;
    const body = {
      source_code: encode(job.source),
      language_id: language.judge0Id,
      stdin: encode(testCase.input),
      expected_output: encode(testCase.expectedOutput),
      cpu_time_limit: job.timeLimitMs / 1000,
      memory_limit: memoryLimitKb,
    };
    let submission = await call(
      '/submissions?base64_encoded=true&wait=true',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      deadline,
    );
    while (submission.token && (!submission.status || submission.status.id === IN_QUEUE || submission.status.id === PROCESSING)) {
      if (Date.now() + pollIntervalMs >= deadline) throw new HttpError(504, FIELD_MESSAGES.codeRunnerTookToo);
      await new Promise((r) => setTimeout(r, pollIntervalMs));
      submission = await call(`/submissions/${encodeURIComponent(submission.token)}?base64_encoded=true`, { method: 'GET' }, deadline);
    }
    return toExecution(submission, memoryLimitKb);
  }

  return {
    name: 'judge0',

    // Judge0 CE offers all five; asking GET /languages would only add a network round trip per page view.
    async languages() {
      return LANGUAGES.map((l) => ({ id: l.id, name: l.name, available: true }));
    },

    // Judge0 isolates each run itself.
    async unavailable() {
      return null;
    },

    async execute(language, job) {
      const executions: Execution[] = new Array(job.testCases.length);
      let next = 0;
      const worker = async () => {
        while (next < job.testCases.length) {
          const index = next++;
          executions[index] = await submit(language, job, job.testCases[index]);
        }
      };
      await Promise.all(Array.from({ length: Math.min(parallel, job.testCases.length) }, worker));
      return executions;
    },
  };
}

function toExecution(submission: Submission, memoryLimitKb: number): Execution {
  const compileOutput = decode(submission.compile_output);
  const stderr = [decode(submission.stderr), compileOutput, decode(submission.message)].filter(Boolean).join('\n');
  const status = statusOf(submission, stderr, memoryLimitKb);
  return {
    status,
    stdout: capOutput(decode(submission.stdout)).text,
    stderr: capOutput(status === 'compile_error' ? compileOutput || stderr : stderr).text,
    timeMs: Math.round(Number(submission.time ?? 0) * 1000),
  };
}
