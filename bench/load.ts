/** HTTP side of the benchmark: the bare baseline server, sign-in, the list check and autocannon runs. */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { round } from './measure';

export interface HttpFigures {
  /** Mean requests per second over the one-second samples. */
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors and timeouts; any of these make the figures suspect. */
  errors: number;
  requests: number;
}

/** Base URL of a listening Fastify instance. */
export function baseUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/** Fastify with no plugins and one JSON route: the ceiling the real app is compared with. */
export async function startBareServer(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ result: 1, data: { ok: true } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

/** The list page every admin screen opens with: 25 users sorted by name. */
export const USERS_LIST_PATH = `/api/users?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}`;

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json().catch(() => null)) as { data?: { token?: string | null } } | null;
  const token = body?.data?.token;
  if (res.status !== 200 || !token) throw new Error(`Sign-in as ${email} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  return token;
}

/**
 * Checks the list answers what the benchmark claims to measure (a full page out of at least
 * `minTotal` users), so a broken or empty endpoint cannot pass as a fast one.
 */
export async function verifyUsersList(base: string, token: string, minTotal: number): Promise<number> {
  const res = await fetch(`${base}${USERS_LIST_PATH}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${USERS_LIST_PATH} answered HTTP ${res.status}: ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as { data?: unknown[] };
  const count = Array.isArray(body.data) ? body.data.length : -1;
  if (count !== 25) throw new Error(`GET ${USERS_LIST_PATH} answered ${count} records instead of 25.`);
  const range = res.headers.get('content-range') ?? '';
  const match = /^users 0-24\/(\d+)$/.exec(range);
  if (!match || Number(match[1]) < minTotal)
    throw new Error(`GET ${USERS_LIST_PATH} answered Content-Range "${range}", expected "users 0-24/${minTotal}" or a larger total.`);
  return Number(match[1]);
}

/**
 * One autocannon run after a warm-up. The load runs in a worker thread (`workers: 1`) so the
 * client does not share the event loop of the servers it measures, which live in this thread.
 */
export async function measureHttp(
  url: string,
  { seconds, warmupSeconds, connections, headers }: { seconds: number; warmupSeconds: number; connections: number; headers?: Record<string, string> },
): Promise<HttpFigures> {
  const result = await autocannon({
    url,
    headers,
    connections,
    duration: seconds,
    workers: 1,
    timeout: 10,
    ...(warmupSeconds > 0 ? { warmup: { connections, duration: warmupSeconds } } : {}),
  });
  return {
    rps: round(result.requests.average, 1),
    p50: round(result.latency.p50),
    p99: round(result.latency.p99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.latency.totalCount,
  };
}
