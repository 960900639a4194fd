/** The code runner: the local backend on every toolchain this machine has, and the Judge0 client against a fake Judge0. */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpError } from '../../server/lib/errors';
import {
  createRunner,
  defaultSandboxUser,
  detectToolchains,
  LANGUAGES,
  sameOutput,
  type LanguageId,
  type RunRequest,
  type Toolchains,
} from '../../server/lib/runner';
import { until } from '../support/until';

const sandboxUser = defaultSandboxUser();
const toolchains = await detectToolchains(sandboxUser);
for (const l of LANGUAGES) {
  const t = toolchains[l.id];
  console.info(`runner test: ${l.name} (${l.id}) ${t.available ? `available: ${t.version}` : `NOT available (${t.reason}): its tests are skipped`}`);
}
console.info(`runner test: programs run as ${sandboxUser ? `uid ${sandboxUser.uid}` : 'the test process user'}`);

const runner = createRunner({});

/** Each language's programs: sum of two numbers, a wrong sum, an endless loop, a memory hog, an output flood, an environment dump. */
interface Programs {
  sum: string;
  wrong: string;
  loop: string;
  hog: string;
  flood: string;
  /** Prints its working directory, then "readable"/"denied" for the server's /proc/<ppid>/environ, then NAME=value lines. */
  env: string;
  compileError?: string;
}

const JS: Programs = {
  sum: `const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b + '   \\n\\n');`,
  wrong: `const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a - b);`,
  loop: `console.log(process.cwd());\nfor (;;) {}`,
  hog: `const keep = [];\nfor (;;) keep.push(new Array(1e6).fill(1));`,
  flood: `const s = 'x'.repeat(4096);\nfor (;;) process.stdout.write(s);`,
  env: [
    `const fs = require('fs');`,
    `let proc = 'denied';`,
    `try { fs.readFileSync('/proc/' + process.ppid + '/environ'); proc = 'readable'; } catch {}`,
    `console.log([process.cwd(), proc, ...Object.entries(process.env).map(([k, v]) => k + '=' + v)].join('\\n'));`,
  ].join('\n'),
};

const PROGRAMS: Record<LanguageId, Programs> = {
  63: JS,
  74: {
    ...JS,
    sum: `declare const require: any;\nconst [a, b]: number[] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);`,
    loop: `console.log(process.cwd());\nwhile (true as boolean) {}`,
    compileError: `const x: number = ;\nconsole.log(x);`,
  },
  70: {
    sum: `a, b = map(int, input().split())\nprint(a + b, "  ")\nprint()`,
    wrong: `a, b = map(int, input().split())\nprint(a - b)`,
    loop: `import os\nprint(os.getcwd(), flush=True)\nwhile True:\n    pass`,
    hog: `keep = []\nwhile True:\n    keep.append(bytearray(10**6))`,
    flood: `import sys\ns = "x" * 4096\nwhile True:\n    sys.stdout.write(s)`,
    env: [
      `import os`,
      `try:`,
      `    open(f"/proc/{os.getppid()}/environ", "rb").read()`,
      `    proc = "readable"`,
      `except OSError:`,
      `    proc = "denied"`,
      `print("\\n".join([os.getcwd(), proc] + [f"{k}={v}" for k, v in os.environ.items()]))`,
    ].join('\n'),
  },
  62: {
    sum: `import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(s.nextInt() + s.nextInt()); } }`,
    wrong: `import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(s.nextInt() - s.nextInt()); } }`,
    loop: `public class Main { public static void main(String[] a) { System.out.println(System.getProperty("user.dir")); while (true) {} } }`,
    hog: `import java.util.*;\npublic class Main { public static void main(String[] a) { List<long[]> keep = new ArrayList<>(); while (true) keep.add(new long[1 << 17]); } }`,
    flood: `public class Main { public static void main(String[] a) { String s = "x".repeat(4096); while (true) System.out.print(s); } }`,
    env: [
      `import java.nio.file.*;`,
      `public class Main { public static void main(String[] a) {`,
      `  String proc = "denied";`,
      `  try { Files.readAllBytes(Path.of("/proc/" + ProcessHandle.current().parent().get().pid() + "/environ")); proc = "readable"; } catch (Exception e) {}`,
      `  System.out.println(System.getProperty("user.dir")); System.out.println(proc);`,
      `  System.getenv().forEach((k, v) -> System.out.println(k + "=" + v));`,
      `} }`,
    ].join('\n'),
    compileError: `public class Main { public static void main(String[] a) { int x = 1 System.out.println(x); } }`,
  },
  68: {
    sum: `<?php\n[$a, $b] = array_map('intval', preg_split('/\\s+/', trim(stream_get_contents(STDIN))));\necho ($a + $b), "\\n";`,
    wrong: `<?php\n[$a, $b] = array_map('intval', preg_split('/\\s+/', trim(stream_get_contents(STDIN))));\necho ($a - $b), "\\n";`,
    loop: `<?php\necho getcwd(), "\\n";\nwhile (true) {}`,
    hog: `<?php\n$keep = [];\nwhile (true) $keep[] = str_repeat('x', 1000000);`,
    flood: `<?php\n$s = str_repeat('x', 4096);\nwhile (true) echo $s;`,
    env: [
      `<?php`,
      `$ppid = function_exists('posix_getppid') ? posix_getppid() : 0;`,
      `$proc = @file_get_contents("/proc/$ppid/environ") === false ? 'denied' : 'readable';`,
      `echo getcwd(), "\\n", $proc, "\\n";`,
      `foreach (getenv() as $k => $v) echo "$k=$v\\n";`,
    ].join('\n'),
  },
};

// PWD: bubblewrap sets it after --chdir.
const ALLOWED_ENV = new Set(['PATH', 'HOME', 'TMPDIR', 'LANG', 'PWD']);
const FAKE_SECRETS = { JWT_SECRET: 'fake-jwt-secret-for-the-runner-test', ADMIN_PASSWORD: 'Fake@1234', S3_SECRET_ACCESS_KEY: 'fake-s3-key' };
const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const [k, v] of Object.entries(FAKE_SECRETS)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** The longest time limit there is: a program meant to end by itself is never cut short by a busy machine. */
const LONGEST = 10_000;

const one = (languageId: LanguageId, source: string, more: Partial<RunRequest> = {}) =>
  runner.run({ languageId, source, testCases: [{ input: '', expectedOutput: '' }], timeLimitMs: LONGEST, ...more });

/**
 * Runs `body` with this process's TMPDIR a folder of its own, where the local runner makes each run's
 * directory: the test sees them come and go, whether or not a program got to say where it ran.
 */
async function withOwnTmpdir<T>(body: (tmp: string) => Promise<T>): Promise<T> {
  const tmp = mkdtempSync(join(tmpdir(), 'sg-runner-test-'));
  chmodSync(tmp, 0o711); // the sandbox's user reaches its run's directory through it
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await body(tmp);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(tmp, { recursive: true, force: true });
  }
}
const runDirs = (tmp: string) => readdirSync(tmp).filter((name) => name.startsWith('skillgauge-run-'));

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected the run to be refused');
}

for (const language of LANGUAGES) {
  const available = toolchains[language.id].available;
  const programs = PROGRAMS[language.id];

  describe(`local runner: ${language.name}`, () => {
    it.runIf(available)('passes a right answer and fails a wrong one, with points', async () => {
      const testCases = [
        { input: '3 4\n', expectedOutput: '7\n', points: 2 },
        { input: '10 5', expectedOutput: '15', points: 0.5, hidden: true },
      ];
      const right = await runner.run({ languageId: language.id, source: programs.sum, testCases, timeLimitMs: LONGEST });
      expect(right).toMatchObject({ backend: 'local', language: { id: language.id }, passedCount: 2, totalPoints: 2.5, earnedPoints: 2.5 });
      expect(right.results.map((r) => r.status)).toEqual(['passed', 'passed']);
      expect(right.results[1]).toMatchObject({ hidden: true, points: 0.5, maxPoints: 0.5 });

      const wrong = await runner.run({ languageId: language.id, source: programs.wrong, testCases, timeLimitMs: LONGEST });
      expect(wrong.results.map((r) => r.status)).toEqual(['failed', 'failed']);
      expect(wrong.results[0]).toMatchObject({ passed: false, points: 0, stdout: '-1\n' });
      expect(wrong).toMatchObject({ passedCount: 0, earnedPoints: 0 });
    });

    it.runIf(available)('kills an endless loop at its time limit and removes the temporary directory', async () => {
      await withOwnTmpdir(async (tmp) => {
        // Seen as it is made: on a busy machine the program may be killed before it prints it.
        const made = new Set<string>();
        const watcher = watch(tmp, (_event, name) => name?.startsWith('skillgauge-run-') && made.add(name));
        let r: Awaited<ReturnType<typeof one>>['results'][number];
        try {
          [r] = (await one(language.id, programs.loop, { timeLimitMs: 500 })).results;
        } finally {
          watcher.close();
        }
        // The time limit ended it (an endless loop never ends by itself), and not before the limit.
        expect(r.status).toBe('timeout');
        expect(r.timeMs).toBeGreaterThanOrEqual(450);
        expect(made.size).toBe(1);
        expect(runDirs(tmp)).toEqual([]);
        if (r.stdout) expect(r.stdout.trim()).toBe(join(tmp, [...made][0]));
      });
    });

    it.runIf(available)('stops a memory hog without harming the server', async () => {
      // Stopped by the memory limit, not the time limit (which would answer 'timeout').
      const [r] = (await one(language.id, programs.hog, { memoryLimitMb: 64 })).results;
      console.info(`runner test: ${language.name} memory hog → ${r.status} in ${r.timeMs} ms`);
      expect(['memory', 'error']).toContain(r.status);
      // The server (this process) still runs programs afterwards.
      const again = await runner.run({ languageId: language.id, source: programs.sum, testCases: [{ input: '1 2', expectedOutput: '3' }], timeLimitMs: LONGEST });
      expect(again.results[0].status).toBe('passed');
    });

    it.runIf(available)('caps an output flood at 64 KiB', async () => {
      // Stopped by the cap, not the time limit (which would answer 'timeout').
      const [r] = (await one(language.id, programs.flood)).results;
      expect(r.status).toBe('output_limit');
      expect(Buffer.byteLength(r.stdout)).toBe(64 * 1024);
    });

    it.runIf(available)('passes no server secret to the program', async () => {
      const [r] = (await one(language.id, programs.env)).results;
      expect(r.status, r.stderr).toBe('failed'); // ran to the end; its output is simply not the expected ''
      const [cwd, proc, ...lines] = r.stdout.trim().split('\n');
      const env = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
      expect(env.JWT_SECRET).toBeUndefined();
      expect(r.stdout).not.toContain(FAKE_SECRETS.JWT_SECRET);
      expect(r.stdout).not.toContain(FAKE_SECRETS.S3_SECRET_ACCESS_KEY);
      expect(Object.keys(env).filter((k) => !ALLOWED_ENV.has(k))).toEqual([]);
      expect(env.HOME).toBe(cwd);
      expect(existsSync(cwd)).toBe(false);
      // Its parent is the sandbox's own init (the server is in another PID namespace): nothing of the server's there.
      console.info(`runner test: ${language.name} parent's environ is ${proc}`);
    });

    if (programs.compileError) {
      it.runIf(available)('reports a compile error with the compiler output', async () => {
        const result = await runner.run({
          languageId: language.id,
          source: programs.compileError!,
          testCases: [{ input: '', expectedOutput: '1' }, { input: '', expectedOutput: '1' }],
          timeLimitMs: LONGEST,
        });
        expect(result.results.map((r) => r.status)).toEqual(['compile_error', 'compile_error']);
        expect(result.results[0].stderr).toMatch(language.id === 62 ? /Main\.java:1: error: ';' expected/ : /main\.ts\(1,19\): error TS1109: Expression expected/);
        expect(result.passedCount).toBe(0);
      });
    }
  });
}

describe('local runner: limits, languages and queue', () => {
  it('reads off-heap memory limits too (RLIMIT_DATA), with prlimit or the ulimit fallback', async () => {
    const source = `const b = Buffer.alloc(300 * 1024 * 1024, 1);\nconsole.log(b.length);`;
    const shRunner = createRunner({}, { local: { limiter: 'sh' } });
    for (const r of [runner, shRunner]) {
      const [result] = (await r.run({ languageId: 63, source, testCases: [{ input: '', expectedOutput: '' }], memoryLimitMb: 64, timeLimitMs: LONGEST })).results;
      expect(result.status, result.stderr).toBe('memory');
    }
  });

  it('kills the whole process group, children included', async () => {
    // The child's pid inside the sandbox means nothing outside it (own PID namespace): look for its command line.
    const marker = `${30 + Math.floor(Math.random() * 1000) / 1000}`;
    // Killed once it has started its child and floods its output: the kill follows what the program
    // did, not a time limit a slow start could run out first (the time limit's kill is the same killGroup).
    const source = `require('child_process').spawn('sleep', ['${marker}'], { stdio: 'ignore' });\nconsole.log('started');\nconst s = 'x'.repeat(4096);\nfor (;;) process.stdout.write(s);`;
    const [r] = (await one(63, source)).results;
    expect(r.status).toBe('output_limit');
    expect(r.stdout.startsWith('started\n')).toBe(true);
    const alive = () => {
      try {
        return execFileSync('pgrep', ['-f', `sleep ${marker}`], { encoding: 'utf8' }).trim() !== '';
      } catch {
        return false; // pgrep exits 1 when nothing matches
      }
    };
    await until(`the program's child "sleep ${marker}" to end with its group`, () => !alive());
  });

  it('answers a missing toolchain with "language not available on this server"', async () => {
    const withoutPython: Toolchains = { ...toolchains, 70: { available: false, tools: {}, reason: 'python3 not found on PATH' } };
    const limited = createRunner({}, { local: { toolchains: withoutPython } });
    const error = await rejection(limited.run({ languageId: 70, source: 'print(1)', testCases: [{ input: '', expectedOutput: '1' }] }));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('Language not available on this server: Python.');
    const languages = await limited.availableLanguages();
    expect(languages.find((l) => l.id === 70)).toMatchObject({ name: 'Python', available: false, reason: 'python3 not found on PATH' });
    expect(languages.find((l) => l.id === 63)).toMatchObject({ name: 'JavaScript', available: true });
  });

  it('runs at most N programs at once and turns away runs beyond the queue', async () => {
    const queued = createRunner({}, { concurrency: 2, maxQueue: 3 });
    // Each program marks that it started, then runs until the test lets it go (a file "go" in its
    // directory): which programs run together is the test's doing, not the machine's speed.
    const source = `const fs = require('fs');\nfs.writeFileSync('started', '');\nconst wait = () => (fs.existsSync('go') ? console.log('let go') : setTimeout(wait, 20));\nwait();`;
    await withOwnTmpdir(async (tmp) => {
      const runs = Array.from({ length: 6 }, () => queued.run({ languageId: 63, source, testCases: [{ input: '', expectedOutput: 'let go' }], timeLimitMs: LONGEST }));
      // Two run, three wait, the sixth is turned away at once.
      await expect(runs[5]).rejects.toMatchObject({ statusCode: 429, message: 'The code runner is busy. Try again in a moment.' });
      const done = Promise.all(runs.slice(0, 5));
      for (let left = 5; left > 0; left--) {
        // A run's directory exists from its start to its end: those there are the runs going.
        const started = await until(`${Math.min(left, 2)} programs running`, () => {
          const going = runDirs(tmp).filter((name) => existsSync(join(tmp, name, 'started')));
          return going.length === Math.min(left, 2) && going;
        });
        expect(runDirs(tmp).length).toBeLessThanOrEqual(2);
        writeFileSync(join(tmp, started[0], 'go'), '');
        await until(`the program let go to end`, () => !existsSync(join(tmp, started[0])));
      }
      const results = await done;
      expect(results.map((r) => r.results[0].status)).toEqual(Array(5).fill('passed'));
    });
  });

  it('refuses bad requests with a 400 and a human message', async () => {
    const base = { languageId: 63, source: 'console.log(1)', testCases: [{ input: '', expectedOutput: '1' }] };
    const cases: [Partial<RunRequest>, string][] = [
      [{ languageId: 99 }, 'This programming language is not supported'],
      [{ source: '  ' }, 'Source code is required'],
      [{ source: 'x'.repeat(64 * 1024 + 1) }, 'Source code must be at most 64 KiB'],
      [{ testCases: [] }, 'Add at least one test case'],
      [{ testCases: Array.from({ length: 21 }, () => ({ input: '', expectedOutput: '' })) }, 'At most 20 test cases per run'],
      [{ testCases: [{ input: 'x'.repeat(64 * 1024 + 1), expectedOutput: '' }] }, 'Test case input must be at most 64 KiB'],
      [{ timeLimitMs: 50 }, 'Time limit must be between 100 ms and 10 s'],
      [{ memoryLimitMb: 1024 }, 'Memory limit must be between 32 and 512 MB'],
    ];
    for (const [change, message] of cases) {
      const error = await rejection(runner.run({ ...base, ...change } as RunRequest));
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe(message);
    }
  });

  it('compares outputs ignoring trailing spaces and newlines only', () => {
    expect(sameOutput('1 2  \r\n3\t\n\n\n', '1 2\n3')).toBe(true);
    expect(sameOutput('1  2', '1 2')).toBe(false);
    expect(sameOutput(' 7', '7')).toBe(false);
    expect(sameOutput('', '\n')).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Judge0

/** Answers like Judge0 CE: base64 in and out (wrapped at 60 characters, as Ruby does), per-source canned outcomes. */
function fakeJudge0() {
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  const b64 = (s: string) => Buffer.from(s).toString('base64').replace(/.{60}/g, '$&\n');
  const pending = new Map<string, number>();
  const outcomes: Record<string, (stdin: string) => Record<string, unknown>> = {
    echo: (stdin) => ({ status: { id: 3 }, stdout: b64(stdin), time: '0.012', memory: 3000 }),
    wrong: () => ({ status: { id: 4 }, stdout: b64('nope\n'), time: '0.01' }),
    tle: () => ({ status: { id: 5 }, time: '2.0' }),
    compile: () => ({ status: { id: 6 }, compile_output: b64('Main.java:1: error: \';\' expected\n') }),
    oom: () => ({ status: { id: 11 }, stderr: b64('Traceback…\nMemoryError\n'), message: b64('Exited with error status 1') }),
    crash: () => ({ status: { id: 11 }, stderr: b64('Error: boom\n') }),
    flood: () => ({ status: { id: 8 }, stdout: b64('x'.repeat(70_000)) }),
    internal: () => ({ status: { id: 13 }, message: b64('Internal error') }),
    slow: () => ({ token: 'tok-1', status: { id: 1 } }),
  };
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    requests.push({ url: `${req.method} ${req.url}`, body });
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url?.startsWith('/submissions/tok-1')) {
      const polls = (pending.get('tok-1') ?? 0) + 1;
      pending.set('tok-1', polls);
      return res.end(JSON.stringify(polls < 2 ? { token: 'tok-1', status: { id: 2 } } : { token: 'tok-1', status: { id: 3 }, stdout: b64('done\n') }));
    }
    const source = Buffer.from(String(body.source_code), 'base64').toString();
    const outcome = outcomes[source];
    if (!outcome) {
      res.statusCode = 422;
      return res.end(JSON.stringify({ error: 'unknown scenario' }));
    }
    res.end(JSON.stringify(outcome(Buffer.from(String(body.stdin), 'base64').toString())));
  });
  return { server, requests };
}

describe('Judge0 client', () => {
  const fake = fakeJudge0();
  let judge0: ReturnType<typeof createRunner>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    judge0 = createRunner({ judge0Url: `http://127.0.0.1:${port}/` }, { judge0: { pollIntervalMs: 20 } });
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  const submit = (source: string, input = '', expectedOutput = '') =>
    judge0.run({ languageId: 70, source, testCases: [{ input, expectedOutput }], timeLimitMs: 1500, memoryLimitMb: 64 });

  it('sends base64 bodies with the limits, and decodes the answer (unicode included)', async () => {
    const input = 'héllo ✓ '.repeat(20) + '\n';
    const result = await submit('echo', input, input);
    expect(result).toMatchObject({ backend: 'judge0', passedCount: 1 });
    expect(result.results[0]).toMatchObject({ status: 'passed', stdout: input, timeMs: 12 });
    const request = fake.requests.at(-1)!;
    expect(request.url).toBe('POST /submissions?base64_encoded=true&wait=true');
    expect(request.body).toMatchObject({
      language_id: 70,
      cpu_time_limit: 1.5,
      memory_limit: 64 * 1024,
      source_code: Buffer.from('echo').toString('base64'),
      stdin: Buffer.from(input).toString('base64'),
      expected_output: Buffer.from(input).toString('base64'),
    });
  });

  it('maps Judge0 statuses to ours', async () => {
    const expectations: [string, string, RegExp?][] = [
      ['wrong', 'failed'],
      ['tle', 'timeout'],
      ['compile', 'compile_error', /';' expected/],
      ['oom', 'memory', /MemoryError/],
      ['crash', 'error', /boom/],
      ['flood', 'output_limit'],
      ['internal', 'error', /Internal error/],
    ];
    for (const [source, status, stderr] of expectations) {
      const [r] = (await submit(source, '', 'x')).results;
      expect(r.status, source).toBe(status);
      if (stderr) expect(r.stderr).toMatch(stderr);
    }
    const [flood] = (await submit('flood')).results;
    expect(Buffer.byteLength(flood.stdout)).toBe(64 * 1024);
  });

  it('polls a submission Judge0 has not finished yet', async () => {
    const [r] = (await submit('slow', '', 'done')).results;
    expect(r.status).toBe('passed');
    expect(fake.requests.filter((q) => q.url.startsWith('GET /submissions/tok-1?base64_encoded=true'))).toHaveLength(2);
  });

  it('runs every test case, in order', async () => {
    const testCases = ['a', 'b', 'c', 'd', 'e'].map((x) => ({ input: x, expectedOutput: x === 'c' ? 'zzz' : x }));
    const result = await judge0.run({ languageId: 63, source: 'echo', testCases });
    expect(result.results.map((r) => r.status)).toEqual(['passed', 'passed', 'failed', 'passed', 'passed']);
    expect(await judge0.availableLanguages()).toHaveLength(5);
  });

  it('answers 502 when Judge0 refuses and 503 when it is not reachable', async () => {
    expect(await rejection(submit('no such scenario'))).toMatchObject({ statusCode: 502 });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = createRunner({ judge0Url: `http://127.0.0.1:${port}` });
    const error = await rejection(down.run({ languageId: 63, source: 'x', testCases: [{ input: '', expectedOutput: '' }] }));
    expect(error).toMatchObject({ statusCode: 503, message: 'The code runner is not reachable. Try again later.' });
  });
});
