/** What both backends (local, Judge0) hand back for one test case, and the rules shared by both. */
import type { ExecutionStatus, LanguageAvailability } from '../../../src/domain/codeRunner';
import type { Language } from './languages';

export interface Execution {
  status: ExecutionStatus;
  stdout: string;
  stderr: string;
  timeMs: number;
}

/** A validated run, as the backends receive it. */
export interface RunJob {
  source: string;
  testCases: { input: string; expectedOutput: string }[];
  timeLimitMs: number;
  memoryLimitMb: number;
}

export interface Backend {
  readonly name: 'local' | 'judge0';
  languages(): Promise<LanguageAvailability[]>;
  /** Why this backend can run nothing at all (the local runner without bubblewrap), or null. */
  unavailable(): Promise<string | null>;
  /** One Execution per test case, in order. Whole-run failures (runner unreachable) throw an HttpError. */
  execute(language: Language, job: RunJob): Promise<Execution[]>;
}

/** Per stream: enough for any sensible answer, small enough to store and show. */
export const OUTPUT_LIMIT_BYTES = 64 * 1024;

/** How runtimes word running out of memory (V8, Python, the JVM, PHP, libc). */
const OUT_OF_MEMORY =
  /heap out of memory|Reached heap limit|Array buffer allocation failed|\bMemoryError\b|OutOfMemoryError|Allowed memory size of \d+ bytes exhausted|Cannot allocate memory|std::bad_alloc|\bENOMEM\b/i;

export function saysOutOfMemory(stderr: string): boolean {
  return OUT_OF_MEMORY.test(stderr);
}

/** How runtimes word a refused fork or thread (EAGAIN at the process limit): Python, Node, the JVM, PHP, sh. */
const TOO_MANY = /Resource temporarily unavailable|\bEAGAIN\b|unable to create native thread|Cannot fork|fork: retry/i;

/** Added to a program's errors when it hit the sandbox's process limit. */
export const TOO_MANY_PROCESSES = 'The program started too many processes or threads; the sandbox stopped it.';

export function saysTooManyProcesses(stderr: string): boolean {
  return TOO_MANY.test(stderr);
}

/** Outputs match when equal after trimming trailing whitespace on each line and trailing newlines. */
export function sameOutput(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}

export function normalizeOutput(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

/** Cuts a string to at most `limit` UTF-8 bytes; reports whether it did. */
export function capOutput(text: string, limit = OUTPUT_LIMIT_BYTES): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return { text, truncated: false };
  return { text: bytes.subarray(0, limit).toString('utf8'), truncated: true };
}
