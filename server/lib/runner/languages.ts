/**
 * The five programming languages of coding questions (Judge0's ids, SPEC §9), how the local runner
 * builds and runs each, and the start-up detection of the toolchains this machine has.
 */
import { spawn } from 'node:child_process';
import { access, constants, realpath } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import { findBubblewrap, readOnlyBinds, SANDBOX_MISSING, sandboxArgs, type Sandbox, type SandboxUser } from './sandbox';

export type { SandboxUser } from './sandbox';

export type LanguageId = 62 | 63 | 68 | 70 | 74;

/** Absolute path of each executable a language needs, by tool name. */
export type ToolPaths = Record<string, string>;

export interface LocalRecipe {
  /** Executables looked up on PATH ('node' tries the server's own Node first). */
  tools: string[];
  /** argv of a compile step run in the temporary directory before the test cases (javac). */
  compile?: (tools: ToolPaths) => string[];
  /** Types are stripped in-process with the typescript package, then the result runs as JavaScript. */
  transpile?: { to: string };
  /** argv of one test-case run; memoryMb is the caller's limit, passed to the runtime's own heap flag. */
  run: (tools: ToolPaths, memoryMb: number) => string[];
  /** Added to the caller's limit for RLIMIT_DATA: the runtime's own footprint, so its heap flag trips first with a clear message. */
  runtimeMemoryMb: number;
  env?: Record<string, string>;
  /** Entries of /etc the toolchain reads (the JDK's conf links into /etc/java-<n>-openjdk, PHP's ini files), bound read-only. */
  etc?: RegExp[];
  /** Extra files written beside the source. */
  files?: Record<string, string>;
}

export interface Language {
  id: LanguageId;
  name: string;
  fileName: string;
  /** language_id sent to Judge0. */
  judge0Id: number;
  local: LocalRecipe;
}

// -XX:-UsePerfData: no /tmp/hsperfdata files; SerialGC: one GC thread and a small footprint for small programs.
const JVM_FLAGS = ['-XX:+UseSerialGC', '-XX:-UsePerfData', '-Xshare:auto'];
const node = (tools: ToolPaths, memoryMb: number) => [tools.node, `--max-old-space-size=${memoryMb}`, 'main.js'];
// Pins CommonJS (require, no top-level import) whatever package.json sits above the temporary directory.
const COMMONJS = { 'package.json': '{"type":"commonjs"}\n' };

export const LANGUAGES: readonly Language[] = [
  {
    id: 62,
    name: 'Java',
    fileName: 'Main.java',
    judge0Id: 62,
    local: {
      tools: ['javac', 'java'],
      compile: (t) => [t.javac, ...JVM_FLAGS.map((f) => `-J${f}`), '-J-XX:TieredStopAtLevel=1', '-J-Xmx256m', '-encoding', 'UTF-8', '-nowarn', '-d', '.', 'Main.java'],
      run: (t, memoryMb) => [t.java, ...JVM_FLAGS, `-Xmx${memoryMb}m`, '-Dfile.encoding=UTF-8', '-cp', '.', 'Main'],
      // The JVM maps metaspace, code cache and thread stacks beside the heap.
      runtimeMemoryMb: 160,
      etc: [/^java-\d+-openjdk$/],
    },
  },
  {
    id: 63,
    name: 'JavaScript',
    fileName: 'main.js',
    judge0Id: 63,
    // Node hangs at start-up below ~48 MB of data segment, so it gets a wide margin over its heap limit.
    local: { tools: ['node'], run: node, runtimeMemoryMb: 64, files: COMMONJS },
  },
  {
    id: 68,
    name: 'PHP',
    fileName: 'main.php',
    judge0Id: 68,
    local: {
      tools: ['php'],
      // Errors on stderr so they never count as program output.
      run: (t, memoryMb) => [t.php, '-d', `memory_limit=${memoryMb}M`, '-d', 'display_errors=stderr', '-d', 'log_errors=0', 'main.php'],
      runtimeMemoryMb: 32,
      etc: [/^php$/],
    },
  },
  {
    id: 70,
    name: 'Python',
    fileName: 'main.py',
    // Judge0 CE's 70 is Python 2.7 (71 is Python 3.8) while the local runner runs python3: see README "Code runner".
    judge0Id: 70,
    // -I: ignore PYTHON* variables and the user's site-packages; -B: no .pyc files.
    local: { tools: ['python3'], run: (t) => [t.python3, '-I', '-B', 'main.py'], runtimeMemoryMb: 16 },
  },
  {
    id: 74,
    name: 'TypeScript',
    fileName: 'main.ts',
    judge0Id: 74,
    local: { tools: ['node'], transpile: { to: 'main.js' }, run: node, runtimeMemoryMb: 64, files: COMMONJS },
  },
];

export const LANGUAGE_IDS = LANGUAGES.map((l) => l.id);

export function languageById(id: number): Language | undefined {
  return LANGUAGES.find((l) => l.id === id);
}

// ---------------------------------------------------------------------------------------------
// Detection

export interface Toolchain {
  available: boolean;
  /** What the toolchain says about itself, e.g. "Python 3.11.2". */
  version?: string;
  /** Real paths (symlinks such as /etc/alternatives resolved), so the sandbox needs no /etc/alternatives. */
  tools: ToolPaths;
  /** Read-only binds the sandbox adds for this toolchain (see sandbox.ts readOnlyBinds). */
  readOnly?: string[];
  /** Why it is not available. */
  reason?: string;
}

export type Toolchains = Record<LanguageId, Toolchain>;

type TypeScript = typeof import('typescript');
let typescript: Promise<TypeScript | null> | undefined;

/** The typescript package, loaded once (~200 ms); null when it is not installed. */
export function loadTypeScript(): Promise<TypeScript | null> {
  typescript ??= import('typescript').then(
    (m) => ((m as { default?: TypeScript }).default ?? m) as TypeScript,
    () => null,
  );
  return typescript;
}

const PROBE_TIMEOUT_MS = 10_000;

/**
 * A `which` that also proves the executable starts inside the sandbox, as the sandbox user: a tool the
 * sandbox cannot see (e.g. a pyenv shim under /root) makes it try the next PATH entry.
 */
async function findTool(name: string, sandbox: Sandbox, etc: RegExp[]): Promise<{ path: string; version: string; readOnly: string[] } | null> {
  const dirs = (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter).filter((d) => isAbsolute(d));
  const candidates = [...(name === 'node' ? [process.execPath] : []), ...dirs.map((d) => join(d, name))];
  for (const candidate of [...new Set(candidates)]) {
    if (!(await access(candidate, constants.X_OK).then(() => true, () => false))) continue;
    const path = await realpath(candidate);
    const readOnly = await readOnlyBinds([path], etc);
    const version = await probe(path, { ...sandbox, readOnly });
    if (version !== null) return { path, version, readOnly };
  }
  return null;
}

function probe(path: string, sandbox: Sandbox): Promise<string | null> {
  const [command, ...args] = [...sandboxArgs(sandbox, null, { PATH: SANDBOX_PATH, LANG: 'C.UTF-8' }), path, '--version'];
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: {}, stdio: ['ignore', 'pipe', 'pipe'], timeout: PROBE_TIMEOUT_MS, ...(sandbox.user ?? {}) });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? (output.trim().split('\n')[0] ?? '') : null));
  });
}

/** PATH inside the sandbox: only what its read-only view holds. */
export const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';

const detections = new Map<string, Promise<Toolchains>>();

/**
 * Which languages this machine can run in the sandbox for the given user; computed once per user and
 * cached. `bwrap` replaces the lookup of bubblewrap (null: as if it were missing).
 */
export function detectToolchains(user: SandboxUser | null, bwrap?: string | null): Promise<Toolchains> {
  const key = `${user ? `${user.uid}:${user.gid}` : 'self'}:${bwrap === undefined ? 'found' : bwrap}`;
  let detection = detections.get(key);
  if (!detection) {
    detection = (bwrap === undefined ? findBubblewrap(user) : Promise.resolve(bwrap)).then((path) => detect(path ? { bwrap: path, user, readOnly: [] } : null));
    detections.set(key, detection);
  }
  return detection;
}

async function detect(sandbox: Sandbox | null): Promise<Toolchains> {
  if (!sandbox) {
    const missing = (l: Language): [LanguageId, Toolchain] => [l.id, { available: false, tools: {}, reason: SANDBOX_MISSING }];
    return Object.fromEntries(LANGUAGES.map(missing)) as Toolchains;
  }
  const etcOf = (tool: string) => LANGUAGES.filter((l) => l.local.tools.includes(tool)).flatMap((l) => l.local.etc ?? []);
  const names = [...new Set(LANGUAGES.flatMap((l) => l.local.tools))];
  const found = new Map(await Promise.all(names.map(async (n) => [n, await findTool(n, sandbox, etcOf(n))] as const)));
  const ts = await loadTypeScript();
  const entries = LANGUAGES.map((language): [LanguageId, Toolchain] => {
    const missing = language.local.tools.filter((t) => !found.get(t));
    const tools = Object.fromEntries(language.local.tools.map((t) => [t, found.get(t)?.path ?? '']));
    if (missing.length) return [language.id, { available: false, tools, reason: `${missing.join(', ')} not found on PATH` }];
    if (language.local.transpile && !ts) return [language.id, { available: false, tools, reason: 'the typescript package is not installed' }];
    const readOnly = [...new Set(language.local.tools.flatMap((t) => found.get(t)!.readOnly))].sort();
    const last = found.get(language.local.tools[language.local.tools.length - 1])!;
    const version = language.local.transpile ? `TypeScript ${ts!.version}, Node ${last.version}` : last.version;
    return [language.id, { available: true, tools, readOnly, version }];
  });
  return Object.fromEntries(entries) as Toolchains;
}

/** prlimit's path when it is installed and visible in the sandbox (under /usr), else null: the shell's ulimit is used. */
let prlimit: Promise<string | null> | undefined;
export function findPrlimit(): Promise<string | null> {
  prlimit ??= (async () => {
    for (const dir of SANDBOX_PATH.split(':')) {
      const path = await realpath(join(dir, 'prlimit')).catch(() => null);
      if (path?.startsWith('/usr/') && (await access(path, constants.X_OK).then(() => true, () => false))) return path;
    }
    return null;
  })();
  return prlimit;
}
