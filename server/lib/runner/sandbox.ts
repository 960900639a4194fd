/**
 * bubblewrap (`bwrap`) around every program the local runner starts: new user, PID, network, IPC,
 * UTS and cgroup namespaces, a read-only view of the toolchains only, the run's temporary directory
 * as the only writable place, an empty environment, and death with the server. When the program's
 * first process ends, the PID namespace ends and the kernel kills whatever it left behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { access, constants, realpath } from 'node:fs/promises';
import { delimiter, dirname, isAbsolute, join } from 'node:path';

import { SANDBOX_MISSING } from '../../../src/domain/codeRunner';

export { SANDBOX_MISSING };

/** The user submitted code runs as (outside the sandbox's user namespace). */
export interface SandboxUser {
  uid: number;
  gid: number;
}

export interface Sandbox {
  /** Path of the bwrap executable. */
  bwrap: string;
  user: SandboxUser | null;
  /** Read-only binds beyond /usr: toolchain folders elsewhere and the /etc entries toolchains read. */
  readOnly: string[];
}

/** Top-level names that merged-/usr systems keep as symlinks into /usr (bound as they are found). */
const ROOT_LINKS = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];

/** The bwrap argv, up to and including `--`, for a program that runs in `dir` (writable; null: none, in /) with `env`. */
export function sandboxArgs(sandbox: Sandbox, dir: string | null, env: Record<string, string>): string[] {
  const args = [
    sandbox.bwrap,
    '--unshare-user',
    '--unshare-pid',
    '--unshare-net',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    // No nested user namespaces: less kernel surface for the program to probe.
    '--disable-userns',
    '--die-with-parent',
    // A session of its own: no TIOCSTI into a terminal the server might hold.
    '--new-session',
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  for (const name of ROOT_LINKS) {
    const path = `/${name}`;
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stat?.isDirectory()) args.push('--ro-bind', path, path);
  }
  for (const path of sandbox.readOnly) args.push('--ro-bind', path, path);
  args.push('--proc', '/proc', '--dev', '/dev');
  if (dir) args.push('--bind', dir, dir);
  args.push('--chdir', dir ?? '/');
  // The root and /dev are bwrap's own tmpfs: read-only, so the run's directory is the only writable place.
  args.push('--remount-ro', '/dev', '--remount-ro', '/', '--clearenv');
  for (const [name, value] of Object.entries(env)) args.push('--setenv', name, value);
  args.push('--');
  return args;
}

/**
 * The read-only binds that toolchains at these paths need besides /usr: the install folder of one
 * outside /usr (e.g. /opt/node/bin/node → /opt/node), and the /etc entries named by `etc`.
 */
export async function readOnlyBinds(toolPaths: string[], etc: RegExp[]): Promise<string[]> {
  const binds = new Set<string>();
  for (const path of toolPaths) {
    const real = await realpath(path).catch(() => path);
    if (!real.startsWith('/usr/')) binds.add(dirname(dirname(real)));
  }
  const etcNames = existsSync('/etc') ? readdirSync('/etc') : [];
  for (const name of etcNames) if (etc.some((pattern) => pattern.test(name))) binds.add(join('/etc', name));
  return [...binds].sort();
}

const TRIAL_TIMEOUT_MS = 10_000;

/**
 * bwrap's path when it is installed and can build the sandbox here (user namespaces allowed), else
 * null. Checked once per sandbox user.
 */
const trials = new Map<string, Promise<string | null>>();
export function findBubblewrap(user: SandboxUser | null): Promise<string | null> {
  const key = user ? `${user.uid}:${user.gid}` : 'self';
  let trial = trials.get(key);
  if (!trial) {
    trial = locate('bwrap').then((path) => (path ? tryBubblewrap(path, user) : null));
    trials.set(key, trial);
  }
  return trial;
}

async function locate(name: string): Promise<string | null> {
  const dirs = (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter).filter((d) => isAbsolute(d));
  for (const dir of [...dirs, '/usr/bin']) {
    const candidate = join(dir, name);
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return null;
}

function tryBubblewrap(path: string, user: SandboxUser | null): Promise<string | null> {
  const sandbox: Sandbox = { bwrap: path, user, readOnly: [] };
  const [command, ...args] = [...sandboxArgs(sandbox, null, {}), '/bin/sh', '-c', 'exit 0'];
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: {}, stdio: 'ignore', timeout: TRIAL_TIMEOUT_MS, ...(user ?? {}) });
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? path : null));
  });
}
