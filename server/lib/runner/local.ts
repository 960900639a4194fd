/**
 * The local runner: each test case runs in its own child process inside bubblewrap (sandbox.ts: no
 * network, no other processes, a read-only view of the toolchains, the run's temporary directory as
 * the only writable place, an empty environment), with a wall-time limit, memory, CPU, file and
 * process limits and capped output. Without bubblewrap it runs nothing (README "Code runner").
 */
import { spawn } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HttpError, says } from '../errors';
import { OUTPUT_LIMIT_BYTES, saysOutOfMemory, saysTooManyProcesses, TOO_MANY_PROCESSES, type Backend, type Execution } from './execution';
import {
  LANGUAGES,
  SANDBOX_PATH,
  detectToolchains,
  findPrlimit,
  loadTypeScript,
  type Language,
  type SandboxUser,
  type Toolchain,
  type Toolchains,
} from './languages';
import { findBubblewrap, SANDBOX_MISSING, sandboxArgs, type Sandbox } from './sandbox';

/** How resource limits are applied to the program: prlimit, a `ulimit` shell wrapper, or only the runtimes' own flags. */
export type Limiter = 'prlimit' | 'sh' | 'none';

export interface LocalRunnerOptions {
  /**
   * Who starts the sandbox. Default: `nobody` when the server runs as root (root's process count is not
   * limited, and a sandbox escape would land as nobody), else the server's own user. null keeps the server's user.
   */
  runAs?: SandboxUser | null;
  /** Path of bwrap; default: looked up on PATH and tried once. null: as if bubblewrap were missing (nothing runs). */
  bwrap?: string | null;
  /** Replaces start-up detection (tests simulate a missing toolchain with it). */
  toolchains?: Toolchains | Promise<Toolchains>;
  /** Default: prlimit when installed, else sh. */
  limiter?: Limiter;
  /** Bytes kept per stream before the program is stopped. */
  outputLimitBytes?: number;
  /** RLIMIT_NPROC inside the sandbox (fork-bomb guard): its processes and threads, counted in its own user namespace. */
  maxProcesses?: number;
}

const NOBODY: SandboxUser = { uid: 65534, gid: 65534 };

export function defaultSandboxUser(): SandboxUser | null {
  return process.getuid?.() === 0 ? NOBODY : null;
}

/** Enough for the JVM's and javac's threads; a fork bomb stops here. */
export const MAX_PROCESSES = 64;

const COMPILE_LIMITS = { timeLimitMs: 15_000, memoryMb: 768 };
const FILE_SIZE_LIMIT = 16 * 1024 * 1024;
const OPEN_FILES_LIMIT = 128;

export function createLocalBackend(options: LocalRunnerOptions = {}): Backend {
  const user = options.runAs === undefined ? defaultSandboxUser() : options.runAs;
  // Started now (server start-up), awaited by the first run.
  const bwrap = options.bwrap === undefined ? findBubblewrap(user) : Promise.resolve(options.bwrap);
  const toolchains = Promise.resolve(options.toolchains ?? detectToolchains(user, options.bwrap));
  const limiter = findPrlimit().then((path) => {
    const wanted = options.limiter ?? 'prlimit';
    // Without prlimit installed, the shell's ulimit applies the same limits (bar the file size).
    return { limiter: wanted === 'prlimit' && !path ? ('sh' as const) : wanted, prlimitPath: path ?? '' };
  });
  const limits = { user, outputLimitBytes: options.outputLimitBytes ?? OUTPUT_LIMIT_BYTES, maxProcesses: options.maxProcesses ?? MAX_PROCESSES };

  return {
    name: 'local',

    async unavailable() {
      return (await bwrap) ? null : SANDBOX_MISSING;
    },

    async languages() {
      const found = await toolchains;
      return LANGUAGES.map((l) => {
        const t = found[l.id];
        return { id: l.id, name: l.name, available: t.available, version: t.version, reason: t.reason };
      });
    },

    async execute(language, job) {
      const toolchain = (await toolchains)[language.id];
      const bwrapPath = await bwrap;
      if (!bwrapPath) throw new HttpError(503, says('sandboxMissing'));
      const sandbox: Sandbox = { bwrap: bwrapPath, user, readOnly: toolchain.readOnly ?? [] };
      const context: ProcessContext = { ...limits, ...(await limiter), sandbox, dir: await mkdtemp(join(tmpdir(), 'skillgauge-run-')), env: language.local.env };
      try {
        if (user) await chown(context.dir, user.uid, user.gid);
        const compileError = await prepare(language, toolchain, job.source, context);
        if (compileError) return job.testCases.map(() => compileError);
        const argv = language.local.run(toolchain.tools, job.memoryLimitMb);
        const limits = { timeLimitMs: job.timeLimitMs, memoryMb: job.memoryLimitMb + language.local.runtimeMemoryMb };
        const executions: Execution[] = [];
        // One after another: the run already holds one of the queue's slots.
        for (const testCase of job.testCases) executions.push(classify(await runProcess(argv, testCase.input, limits, context)));
        return executions;
      } finally {
        await removeDir(context.dir);
      }
    },
  };
}

/** Writes the source and compiles or transpiles it; returns the compile error, if any. */
async function prepare(language: Language, toolchain: Toolchain, source: string, context: ProcessContext): Promise<Execution | null> {
  const recipe = language.local;
  // The server's umask (077) makes its files private: each one is handed to the user the program runs as.
  const put = async (name: string, content: string) => {
    await writeFile(join(context.dir, name), content);
    if (context.user) await chown(join(context.dir, name), context.user.uid, context.user.gid);
  };
  await put(language.fileName, source);
  for (const [name, content] of Object.entries(recipe.files ?? {})) await put(name, content);
  if (recipe.transpile) {
    const started = performance.now();
    const result = await transpile(source, language.fileName);
    if ('errors' in result) return { status: 'compile_error', stdout: '', stderr: result.errors, timeMs: performance.now() - started };
    await put(recipe.transpile.to, result.js);
  }
  if (recipe.compile) {
    const outcome = await runProcess(recipe.compile(toolchain.tools), '', COMPILE_LIMITS, context);
    if (outcome.exitCode !== 0) {
      const why = outcome.timedOut ? 'Compilation took too long.\n' : outcome.outputExceeded ? 'Too much compiler output.\n' : '';
      return { status: 'compile_error', stdout: '', stderr: why + (outcome.stderr || outcome.stdout), timeMs: outcome.timeMs };
    }
  }
  return null;
}

/** Strips types with the typescript package; only syntax errors are reported (like tsx or Node's type stripping). */
async function transpile(source: string, fileName: string): Promise<{ js: string } | { errors: string }> {
  const ts = (await loadTypeScript())!;
  const output = ts.transpileModule(source, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  const errors = (output.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (!errors.length) return { js: output.outputText };
  const lines = errors.map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const position = where ? `(${where.line + 1},${where.character + 1})` : '';
    return `${fileName}${position}: error TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  return { errors: lines.join('\n') };
}

// ---------------------------------------------------------------------------------------------
// One child process

interface ProcessContext {
  dir: string;
  sandbox: Sandbox;
  user: SandboxUser | null;
  limiter: Limiter;
  prlimitPath: string;
  outputLimitBytes: number;
  maxProcesses: number;
  env?: Record<string, string>;
}

interface ProcessLimits {
  timeLimitMs: number;
  /** RLIMIT_DATA, MB. */
  memoryMb: number;
}

interface ProcessOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timeMs: number;
  timedOut: boolean;
  outputExceeded: boolean;
}

/** Kept only up to a byte limit; push() answers false once the limit is passed. */
class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): boolean {
    const room = this.limit - this.size;
    const kept = chunk.subarray(0, Math.max(0, room));
    this.chunks.push(kept);
    this.size += kept.length;
    return chunk.length <= room;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

function runProcess(argv: string[], input: string, limits: ProcessLimits, context: ProcessContext): Promise<ProcessOutcome> {
  // The limits are set inside the sandbox, so the process count is that of the sandbox's own user namespace.
  const [command, ...args] = [...sandboxArgs(context.sandbox, context.dir, sandboxEnv(context)), ...withLimits(argv, limits, context)];
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: context.dir,
      env: {},
      // Own process group: killing it kills bwrap, whose PID namespace takes every process of the program with it.
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(context.user ?? {}),
    });
    const stdout = new CappedOutput(context.outputLimitBytes);
    const stderr = new CappedOutput(context.outputLimitBytes);
    let timedOut = false;
    let outputExceeded = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null; timeMs: number } | undefined;
    let spawnError: Error | undefined;
    let finished = false;

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {} // already gone
    };
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      killGroup();
      const timeMs = exit?.timeMs ?? performance.now() - started;
      const err = spawnError ? `Could not start the program: ${spawnError.message}` : stderr.text();
      resolve({ exitCode: exit?.code ?? null, signal: exit?.signal ?? null, stdout: stdout.text(), stderr: err, timeMs, timedOut, outputExceeded });
    };
    const deadline = setTimeout(() => {
      if (exit) return; // ended in time; only the pipes are still closing
      timedOut = true;
      killGroup();
      setTimeout(finish, 1000); // should SIGKILL not end it (uninterruptible sleep), answer anyway
    }, limits.timeLimitMs);

    for (const [stream, sink] of [[child.stdout, stdout], [child.stderr, stderr]] as const) {
      stream.on('data', (chunk: Buffer) => {
        if (sink.push(chunk)) return;
        outputExceeded = true;
        killGroup();
        stream.destroy(); // stop reading
      });
    }
    child.stdin.on('error', () => {}); // EPIPE when the program exits without reading its input
    child.stdin.end(input);

    child.on('error', (error) => {
      spawnError = error;
      finish();
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal, timeMs: performance.now() - started };
      // Kill leftovers of the group; if one escaped it and still holds the pipes open, stop waiting for them.
      killGroup();
      setTimeout(finish, 250);
    });
    child.on('close', finish);
  });
}

/** The argv that applies the memory, CPU, file and process limits before exec'ing the program. */
function withLimits(argv: string[], limits: ProcessLimits, context: ProcessContext): string[] {
  const dataBytes = limits.memoryMb * 1024 * 1024;
  // CPU seconds: a backstop behind the wall-time kill (for a process that escaped the group).
  const cpuSeconds = Math.ceil(limits.timeLimitMs / 1000) + 1;
  if (context.limiter === 'prlimit') {
    // RLIMIT_DATA, not RLIMIT_AS: V8 and the JVM reserve far more address space than they use (Node hangs under --as).
    return [
      context.prlimitPath,
      `--data=${dataBytes}`,
      `--cpu=${cpuSeconds}`,
      `--fsize=${FILE_SIZE_LIMIT}`,
      `--nofile=${OPEN_FILES_LIMIT}`,
      '--core=0',
      `--nproc=${context.maxProcesses}`,
      '--',
      ...argv,
    ];
  }
  if (context.limiter === 'sh') {
    // dash names the process limit -p, bash -u.
    const script = 'ulimit -d "$1" && ulimit -t "$2" && ulimit -n "$3" && { ulimit -u "$4" 2>/dev/null || ulimit -p "$4"; } && ulimit -c 0 && shift 4 && exec "$@"';
    return ['/bin/sh', '-c', script, 'sh', String(dataBytes / 1024), String(cpuSeconds), String(OPEN_FILES_LIMIT), String(context.maxProcesses), ...argv];
  }
  return argv;
}

/** Only what a toolchain needs: nothing of the server's environment (JWT_SECRET, DATABASE_URL, S3_*, …) is passed on. */
function sandboxEnv(context: ProcessContext): Record<string, string> {
  return {
    PATH: SANDBOX_PATH,
    HOME: context.dir,
    TMPDIR: context.dir,
    LANG: 'C.UTF-8',
    ...context.env,
  };
}

function classify(outcome: ProcessOutcome): Execution {
  const { stdout, timeMs } = outcome;
  // A program that hit the process limit is told so, however it ended (crashed, or spun until the time limit).
  const tooMany = outcome.exitCode !== 0 && saysTooManyProcesses(outcome.stderr);
  const stderr = tooMany ? `${outcome.stderr.trimEnd()}\n${TOO_MANY_PROCESSES}`.trimStart() : outcome.stderr;
  const as = (status: Execution['status']): Execution => ({ status, stdout, stderr, timeMs });
  if (outcome.outputExceeded) return as('output_limit');
  // SIGXCPU: the CPU-seconds backstop fired.
  if (outcome.timedOut || outcome.signal === 'SIGXCPU') return as('timeout');
  if (outcome.exitCode === 0) return as('ok');
  return as(!tooMany && saysOutOfMemory(stderr) ? 'memory' : 'error');
}

/** Removes the temporary directory even when the program made parts of it unwritable. */
async function removeDir(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    await makeWritable(dir);
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

async function makeWritable(dir: string): Promise<void> {
  await chmod(dir, 0o700).catch(() => {});
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) await makeWritable(join(dir, entry.name));
  }
}
