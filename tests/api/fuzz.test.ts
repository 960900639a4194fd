/**
 * No input gets a 500. The walker reads the OpenAPI document and sends every operation malformed
 * inputs derived from its declared schema (wrong types, NUL characters, huge strings, deep nesting,
 * out-of-range numbers and dates, bad UUIDs, bad sort/range/filter JSON), signed in as an account
 * that may call it, and fails on any 5xx. Beside it, one test per cause the review found.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nulPath } from '../../server/lib/input';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { messageKey } from '../../src/i18n/messages';
import { listUrl, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ADMIN = 'admin@skillgauge.demo';
const CLIENT = 'client@acme.demo';
/** Who else to try when the admin may not call a route: a client, a plain user, an author. */
const OTHER_CALLERS = [CLIENT, 'user@skillgauge.demo', 'author@skillgauge.demo'];

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(300_000);
const DEEP_LEVELS = 5000;
/** Dates JavaScript accepts and PostgreSQL does not (its timestamps run from 4713 BC to 294276 AD). */
const FAR_FUTURE = '+275760-09-13T00:00:00.000Z';
const FAR_PAST = '-271821-04-20T00:00:00.000Z';
/** Stands for a deeply nested value; replaced in the raw JSON text (JSON.stringify would recurse). */
const DEEP_ARRAY = '\u0001deep-array\u0001';
const DEEP_OBJECT = '\u0001deep-object\u0001';
const deepJson = (marker: string) =>
  marker === DEEP_ARRAY ? '['.repeat(DEEP_LEVELS) + ']'.repeat(DEEP_LEVELS) : '{"a":'.repeat(DEEP_LEVELS) + '1' + '}'.repeat(DEEP_LEVELS);
function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001deep-(array|object)\\u0001"/g, (_m, kind: string) =>
    deepJson(kind === 'array' ? DEEP_ARRAY : DEEP_OBJECT),
  );
}

/** Values that replace a field of a valid body: each is wrong somewhere. */
const FIELD_VARIANTS: unknown[] = [NUL, HUGE, 1e308, -1.5, 2 ** 63, true, null, [null], {}, 'x', DEEP_ARRAY, DEEP_OBJECT, FAR_FUTURE, 'not-a-uuid', [NUL]];
/** Fewer for fields inside fields, to keep the walk quick. */
const NESTED_VARIANTS: unknown[] = [NUL, 1e308, null, [null], {}, 'x', DEEP_ARRAY, FAR_PAST];
/** Whole bodies that are wrong. */
const BODY_VARIANTS: unknown[] = [null, [], 'x', 123, {}, [NUL], { [NUL]: NUL }, DEEP_ARRAY, DEEP_OBJECT];
const QUERY_VARIANTS: (string | string[])[] = [NUL, 'x'.repeat(20_000), '', '[', 'x', '-1', '1e308', FAR_FUTURE, 'not-a-uuid', ['a', 'b'], '%', '\u00ff\ud800'];
const SORT_VARIANTS = ['["id"]', '[1,2]', '["id","UP"]', '"x"', '{}', '["\\u0000","ASC"]', '["id",{"a":1}]', '[' + '['.repeat(3000) + ']'.repeat(3000) + ',"ASC"]'];
const RANGE_VARIANTS = ['[-1,5]', '[0,1e20]', '[5,1]', '["a","b"]', '[0.5,1]', '[9007199254740993,9007199254740995]', '[1e300,1e300]', '[0]', 'null', '[0,"\\u0000"]'];
/** Filters on one field: NUL, out-of-range dates and numbers, nested values, wrong types. */
const filterVariants = (field: string): Record<string, unknown>[] => [
  { [field]: NUL },
  { [field]: [NUL, 'x'] },
  { [field]: [[NUL]] },
  { [`${field}_gte`]: FAR_FUTURE },
  { [`${field}_lt`]: FAR_PAST },
  { [`${field}_gt`]: '5874897-12-31' },
  { [field]: 1e308 },
  { [field]: 2 ** 70 },
  { [field]: true },
  { [field]: { a: 1 } },
  { [field]: 'not-a-uuid' },
  { [`${field}_lte`]: [1] },
];
const FILTER_EXTRAS = ['"x"', '[]', '{"q":1}', '{"q":"\\u0000"}', `{"q":"${'a '.repeat(5000)}"}`, '{"q":"a:* & | ! ( ) <->"}', '{"nope":1}', '{"id":[' + Array(1001).fill('1').join(',') + ']}'];

/** Ids that look right but name nothing, and ids that are wrong. */
const PATH_VARIANTS = [randomUUID(), 'not-a-uuid', '%00', '%E0%A4%A', '1', 'x'.repeat(120), '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc'];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

/** Real ids, by the names fields and path parameters give them, so that valid bodies get past lookups. */
const ids: Record<string, string> = {};

/** A value the schema accepts (as far as this simple reading goes). */
function sample(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((s) => s.type !== 'null') ?? choice[0], name, depth + 1);
  if (schema.allOf) return sample(schema.allOf[0], name, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, key, depth + 1);
      return out;
    }
    case 'array':
      return [sample(schema.items, name, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return ids[name] ?? randomUUID();
      if (schema.format === 'email') return `walker-${randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'uri') return 'https://example.com/a.png';
      if (/password/i.test(name)) return 'Walker@1234';
      return `walker ${randomUUID().slice(0, 8)}`.padEnd(Math.max(schema.minLength ?? 0, 1), 'x');
  }
}

/** Values just outside what a field's schema declares: one past each bound, an unknown option, an id naming nothing. */
function outOfBounds(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  const s = schema;
  const out: unknown[] = [];
  if (s.maxLength !== undefined) out.push('x'.repeat(s.maxLength + 1));
  if (s.minLength) out.push('');
  if (s.maximum !== undefined) out.push(s.maximum + 1);
  if (s.minimum !== undefined) out.push(s.minimum - 1);
  if (s.type === 'integer') out.push(1.5);
  if (s.enum) out.push('NOT_AN_OPTION');
  if (s.format === 'uuid') out.push(randomUUID());
  if (s.maxItems !== undefined) out.push(Array(s.maxItems + 1).fill(sample(s.items)));
  for (const inner of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) out.push(...outOfBounds(inner));
  if (s.items) out.push(...outOfBounds(s.items).map((v) => [v]));
  return out;
}

/** Bodies of routes that declare none (they validate it themselves). */
const question = () => ({
  category: 'COMPETENCY',
  questionType: 'LIKERT',
  title: `Walker ${randomUUID().slice(0, 8)}`,
  detail: { langWiseDetail: [{ language: 'en', detail: '<p>x</p>' }] },
  primarySkill: ids.primarySkill,
  secondarySkills: [],
  complexity: 'L1',
  answers: [{ langWiseAnswer: [{ language: 'en', text: 'a' }], value: 1 }],
  coding: { languages: [63], starterCode: { '63': '' }, testCases: [{ input: '', expectedOutput: '', points: 1, hidden: false }] },
});
const SEED_BODIES: Record<string, () => unknown> = {
  'POST /api/questions': question,
  'PUT /api/questions/{id}': question,
  'POST /api/question/save': question,
  'POST /api/question/draft': question,
  'POST /api/custom-questions': question,
  'PUT /api/custom-questions/{id}': question,
  'POST /api/users/logout': () => ({ refreshToken: 'x' }),
  'POST /api/users/signup-with-google': () => ({ credential: 'x'.repeat(40), state: 'x'.repeat(20) }),
  'POST /api/users/signup-with-linkedin': () => ({ code: 'x', state: 'x'.repeat(20) }),
  'POST /api/auth/oauth-state': () => ({ provider: 'google' }),
};
/** Raw bodies for routes that take a file. */
const RAW_BODIES: Record<string, { type: string; body: Buffer }[]> = {
  'POST /api/questions/bulk-upload': [
    { type: 'text/csv', body: Buffer.from('category,title\nCOMPETENCY,a\u0000b\n') },
    { type: 'text/csv', body: Buffer.from('"unclosed\n') },
    { type: 'text/csv', body: Buffer.from([0xc3, 0x28]) },
    { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Buffer.from('PK\u0003\u0004broken') },
    { type: 'application/octet-stream', body: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) },
    { type: 'application/json', body: Buffer.from('{"a":1}') },
  ],
};

/** Paths of every field inside a value (objects and arrays), up to a depth. */
function fieldPaths(value: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 4 || value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([key, v]) => [[...prefix, key], ...fieldPaths(v, [...prefix, key], depth + 1)]);
}
function withField(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = withField(copy[path[0]], path.slice(1), replacement);
  return copy;
}

/**
 * Routes that answer 503 "… not configured on this server" where a tool or a setting is missing: the
 * test server prints no PDFs and has no Google or LinkedIn client (tests/api/sign-ins.test.ts has).
 */
const NOT_CONFIGURED = new Set([
  'GET /api/orders/{id}/invoice.pdf',
  'POST /api/users/signup-with-google',
  'POST /api/users/signup-with-linkedin',
  'POST /api/auth/oauth-state',
]);
const notConfigured = (key: string, res: { statusCode: number; body: string }) => res.statusCode === 503 && NOT_CONFIGURED.has(key) && res.body.includes('not configured on this server');
const HIDDEN_PROBES: { method: 'GET' | 'PUT'; url: string; headers?: Record<string, string>; payload?: string }[] = [
  { method: 'GET', url: '/files/%00' },
  { method: 'GET', url: '/files/..%2F..%2Fetc%2Fpasswd' },
  { method: 'GET', url: `/files/${'a/'.repeat(500)}x.png` },
  { method: 'GET', url: '/files/uploads/x.png', headers: { range: 'bytes=99999999999999999999-' } },
  { method: 'PUT', url: '/files/uploads/x.png?expires=1e308&signature=%00', headers: { 'content-type': 'image/png' }, payload: 'x' },
  { method: 'PUT', url: '/files/uploads/x.png?expires=-1&signature=zz&maxBytes=NaN', headers: { 'content-type': 'image/png', 'content-length': '1' }, payload: 'x' },
  { method: 'PUT', url: '/files/uploads/x.png', headers: { 'content-type': 'text/html' }, payload: '<b>' },
];

interface Probe {
  label: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}
const short = (text: string) => (text.length > 300 ? `${text.slice(0, 200)}… (${text.length} characters)` : text);
const failure = (key: string, who: string | undefined, probe: Probe, res: { statusCode: number; body: string }) =>
  `${key} as ${who ?? 'nobody'} (${probe.label}) → ${res.statusCode}\n  url: ${short(probe.url)}\n  body: ${short(
    Buffer.isBuffer(probe.payload) ? `<file ${probe.contentType}>` : (probe.payload ?? ''),
  )}\n  answer: ${short(res.body)}`;

describe('the OpenAPI walker', () => {
  // Thousands of requests one after another: its ceiling allows for a machine shared with a busy process (it took over 300 s there on PGlite).
  it('answers every malformed input to every route with a status under 500', { timeout: 900_000 }, async () => {
    const started = Date.now();
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };

    // Real ids, read from the lists (not the admin's own account, which the walk must not change).
    const firstId = async (url: string, skip: (r: Record<string, unknown>) => boolean = () => false) => {
      const res = await server.asUser(ADMIN, { method: 'GET', url: listUrl(url, { range: [0, 49] }) });
      const rows = (res.json().data ?? []) as Record<string, unknown>[];
      return rows.find((r) => !skip(r))?.id as string | undefined;
    };
    const skills = (await server.asUser(ADMIN, { method: 'GET', url: listUrl('/api/skills', { range: [0, 49] }) })).json().data as {
      id: string;
      category: string;
      subSkills?: { id: string }[];
    }[];
    const competency = skills.find((s) => s.category === 'COMPETENCY' && s.subSkills?.length) ?? skills[0];
    Object.assign(ids, {
      primarySkill: competency?.id,
      testTypeId: competency?.id,
      questionTypeId: competency?.subSkills?.[0]?.id,
      position: await firstId('/api/job-roles'),
      questionId: await firstId('/api/questions'),
      // An active Invited assessment, so that invitation rows are walked too.
      assessmentId: await firstId('/api/assessments', (r) => r.status !== 'ACTIVE' || r.type !== 'INVITED'),
    });
    const realIdFor = async (path: string): Promise<string | undefined> => {
      const list = path.replace(/\/\{id\}.*$/, '');
      if (list === path) return undefined;
      return firstId(list, (r) => r.email === ADMIN || OTHER_CALLERS.includes(r.email as string));
    };

    const failures: string[] = [];
    const walkedAs = new Map<string, number>();
    let sent = 0;
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(methods)) {
        if (method === 'head') continue;
        operations++;
        const key = `${method.toUpperCase()} ${path}`;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path');
        const queryParams = params.filter((p) => p.in === 'query');
        const bodySchema = op.requestBody?.content['application/json']?.schema;

        // A valid-looking request to start from: real ids (except for deletes), sampled query and body.
        const realId = method === 'delete' ? undefined : await realIdFor(path);
        const pathValues = Object.fromEntries(pathParams.map((p) => [p.name, (p.name === 'id' ? realId : ids[p.name]) ?? randomUUID()]));
        const baseQuery = Object.fromEntries(
          queryParams.filter((p) => !['sort', 'range', 'filter'].includes(p.name)).map((p) => [p.name, String(sample(p.schema, p.name))]),
        );
        const seed = SEED_BODIES[key];
        const baseBody = seed ? seed() : bodySchema ? sample(bodySchema) : undefined;
        const takesBody = method !== 'get' && method !== 'delete';

        const build = (over: { path?: Record<string, string>; query?: Record<string, string | string[]>; body?: unknown; raw?: string }): Probe => {
          const values = { ...pathValues, ...over.path };
          const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => (over.path?.[name] !== undefined ? values[name] : encodeURIComponent(values[name])));
          const search = new URLSearchParams();
          for (const [name, value] of Object.entries({ ...baseQuery, ...over.query }))
            for (const v of Array.isArray(value) ? value : [value]) search.append(name, v);
          const qs = search.toString();
          const payload = over.raw ?? (over.body !== undefined ? toJson(over.body) : takesBody && baseBody !== undefined ? toJson(baseBody) : undefined);
          return {
            label: over.raw !== undefined ? 'raw body' : over.body !== undefined ? 'body' : over.query ? 'query' : over.path ? 'path' : 'base',
            url: qs ? `${url}?${qs}` : url,
            payload,
          };
        };

        const probes: Probe[] = [build({})];
        for (const p of pathParams) for (const v of PATH_VARIANTS) probes.push(build({ path: { [p.name]: v } }));
        for (const p of queryParams) {
          if (p.name === 'sort') for (const v of SORT_VARIANTS) probes.push(build({ query: { sort: v } }));
          else if (p.name === 'range') for (const v of RANGE_VARIANTS) probes.push(build({ query: { range: v } }));
          else if (p.name === 'filter') {
            const first = (await server.asUser(ADMIN, { method: 'GET', url: listUrl(path, { range: [0, 0] }) })).json().data?.[0] ?? {};
            const fields = new Set(['id', 'q', 'createdAt', 'updatedAt', ...Object.keys(first)]);
            for (const field of fields) for (const f of filterVariants(field)) probes.push(build({ query: { filter: JSON.stringify(f) } }));
            for (const v of FILTER_EXTRAS) probes.push(build({ query: { filter: v } }));
          } else for (const v of QUERY_VARIANTS) probes.push(build({ query: { [p.name]: v } }));
        }
        if (key === 'POST /api/questions' || key === 'PUT /api/questions/{id}') probes.push(build({ query: { draft: 'true' } }));
        if (takesBody) {
          for (const v of BODY_VARIANTS) probes.push(build({ body: v }));
          probes.push(build({ raw: '{"a":' }), build({ raw: '{"__proto__":{"x":1}}' }));
          probes.push({ ...build({}), label: 'form', payload: 'a=%00&b[c]=1&b[c]=2', contentType: 'application/x-www-form-urlencoded' });
          probes.push({ ...build({}), label: 'text', payload: 'a\u0000b', contentType: 'text/plain' });
          probes.push({ ...build({}), label: 'charset', contentType: 'application/json; charset=utf-16' });
          probes.push({ ...build({}), label: 'bytes', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
          if (baseBody !== undefined) {
            for (const fieldPath of fieldPaths(baseBody)) {
              const declared = fieldPath.length === 1 ? bodySchema?.properties?.[fieldPath[0]] : undefined;
              const variants = fieldPath.length === 1 ? [...FIELD_VARIANTS, ...outOfBounds(declared)] : NESTED_VARIANTS;
              for (const v of variants) probes.push(build({ body: withField(baseBody, fieldPath, v) }));
            }
          }
          // Drafts take the same broken shapes (they keep whatever is incomplete).
          if (key === 'POST /api/questions')
            for (const p of probes.filter((x) => x.label === 'body').slice()) probes.push({ ...p, url: `${p.url}?draft=true` });
        }
        const raw = (RAW_BODIES[key] ?? []).map((r) => ({ label: 'file', url: build({}).url, payload: r.body, contentType: r.type }));

        // The caller: the admin, or the first other account the route admits.
        const send = (email: string | undefined, probe: Probe) => {
          const options: InjectOptions = {
            method: method.toUpperCase() as InjectOptions['method'],
            url: probe.url,
            ...(probe.payload !== undefined ? { payload: probe.payload, headers: { 'content-type': probe.contentType ?? 'application/json' } } : {}),
          };
          return email ? server.asUser(email, options) : server.app.inject(options);
        };
        let caller: string = ADMIN;
        const baseline = await send(caller, probes[0]);
        sent++;
        if (baseline.statusCode === 403) {
          for (const other of OTHER_CALLERS) {
            const res = await send(other, probes[0]);
            sent++;
            if (res.statusCode !== 403) {
              caller = other;
              break;
            }
          }
        }
        // Tenant scoping takes other paths through lookups and lists: a client walks those too (bodies
        // are checked the same for everyone).
        const callers = [caller];
        if (caller === ADMIN && (await send(CLIENT, probes[0])).statusCode !== 403) callers.push(CLIENT);
        sent++;
        for (const who of callers) walkedAs.set(who, (walkedAs.get(who) ?? 0) + 1);
        for (const who of callers) {
          for (const probe of [...probes, ...raw]) {
            if (who !== caller && !['base', 'path', 'query'].includes(probe.label)) continue;
            const res = await send(who, probe);
            sent++;
            if (res.statusCode >= 500 && !notConfigured(key, res)) failures.push(failure(key, who, probe, res));
          }
        }
      }
    }

    // Routes the document hides (signed file links).
    for (const probe of HIDDEN_PROBES) {
      const res = await server.app.inject({ method: probe.method, url: probe.url, headers: probe.headers, payload: probe.payload });
      sent++;
      if (res.statusCode >= 500) failures.push(failure(`${probe.method} ${probe.url}`, undefined, { label: 'hidden', url: probe.url }, res));
    }
    const seconds = (Date.now() - started) / 1000;
    const accounts = [...walkedAs].map(([who, n]) => `${who} ${n}`).join(', ');
    console.log(`walker: ${operations} operations (walked as ${accounts}), ${sent} requests, ${seconds.toFixed(1)} s, ${failures.length} answers of 5xx`);
    expect(operations).toBeGreaterThan(90);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

describe('the causes of the 500s the review found, each a 400 with a sentence', () => {
  const admin = (options: InjectOptions) => server.asUser(ADMIN, options);
  const expect400 = (res: { statusCode: number; json: () => { result: number; msg: string } }, msg: string | RegExp) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json().result).toBe(0);
    expect(res.json().msg).toMatch(msg);
  };
  const NUL_MSG = 'Text must not contain NUL characters.';

  it('refuses a NUL character in bodies, list filters, search text, query parameters and the sign-in email', async () => {
    const body = await admin({ method: 'POST', url: '/api/categories', payload: { name: NUL } });
    expect400(body, NUL_MSG);
    expect(body.json().errors).toEqual({ name: NUL_MSG });
    expect400(await admin({ method: 'POST', url: '/api/job-roles', payload: { name: 'Role', scope: 'SKILLGAUGE_TEAM', permissions: [{ entity: 'QUESTIONS', actions: { [NUL]: true } }] } }), NUL_MSG);
    expect400(await admin({ method: 'GET', url: listUrl('/api/categories', { filter: { name: NUL } }) }), NUL_MSG);
    expect400(await admin({ method: 'GET', url: listUrl('/api/users', { filter: { q: NUL } }) }), NUL_MSG);
    expect400(await admin({ method: 'GET', url: listUrl('/api/questions', { filter: { q: NUL } }) }), NUL_MSG);
    expect400(await admin({ method: 'GET', url: listUrl('/api/tests', { filter: { status: [NUL] } }) }), NUL_MSG);
    expect400(await admin({ method: 'GET', url: `/api/users/search?searchBy=name&value=${encodeURIComponent(NUL)}` }), NUL_MSG);
    expect400(await server.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: `admin${NUL}@skillgauge.demo`, password: 'x' } }), NUL_MSG);
    expect400(await server.app.inject({ method: 'POST', url: '/oauth/token', payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(NUL)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), NUL_MSG);
    // Other text is untouched.
    expect((await admin({ method: 'POST', url: '/api/categories', payload: { name: 'हिन्दी \t tab' } })).statusCode).toBe(200);
  });

  it('refuses filter dates outside the range the database takes, nested filter values and ids that are not UUIDs', async () => {
    const msg = /must be a date from 0100-01-01 to 9999-12-31/;
    expect400(await admin({ method: 'GET', url: listUrl('/api/tests', { filter: { createdAt_gte: FAR_FUTURE } }) }), msg);
    expect400(await admin({ method: 'GET', url: listUrl('/api/users', { filter: { createdAt_lt: FAR_PAST } }) }), msg);
    expect400(await admin({ method: 'GET', url: listUrl('/api/questions', { filter: { updatedAt_gt: '+010000-01-01T00:00:00Z' } }) }), msg);
    expect400(await admin({ method: 'GET', url: listUrl('/api/users', { filter: { name: [['a']] } }) }), /must be a value or a list of values/);
    expect400(await admin({ method: 'GET', url: listUrl('/api/categories', { filter: { id: ['not-a-uuid'] } }) }), 'The filter "id" must be an id (a UUID).');
    const ok = await admin({ method: 'GET', url: listUrl('/api/tests', { filter: { createdAt_gte: '2000-01-01T00:00:00Z', createdAt_lte: '9999-12-31T00:00:00Z' } }) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses drafts whose answers or coding settings have broken shapes, and keeps well-formed incomplete ones', async () => {
    const draft = (extra: object) => admin({ method: 'POST', url: '/api/questions?draft=true', payload: { category: 'APTITUDE', title: 'Draft shapes', ...extra } });
    for (const extra of [
      { answers: [null] },
      { answers: [{ langWiseAnswer: 'x' }] },
      { answers: [{ langWiseAnswer: [{ language: 'en', text: 5 }] }] },
      { answers: [{ value: 'high' }] },
      { coding: { testCases: 'x' } },
      { coding: { testCases: [null] } },
      { coding: { languages: 'x' } },
      { coding: 'x' },
    ]) {
      const res = await draft(extra);
      expect(res.statusCode, `${JSON.stringify(extra)}: ${res.body}`).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    const kept = await draft({
      questionType: 'CODING',
      answers: [{ langWiseAnswer: [{ language: 'en', text: '' }], value: null }],
      coding: { languages: [], testCases: [{ input: '1', expectedOutput: '', points: null }], timeLimitMs: null },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.coding.testCases[0]).toMatchObject({ input: '1', expectedOutput: '', hidden: false });
  });

  it('refuses JSON nested deeper than 32 levels before parsing it: bodies, drafts and list parameters', async () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const msg = /nested too deeply \(at most 32 levels\)/;
    const raw = (url: string, payload: string) => admin({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
    expect400(await raw('/api/questions?draft=true', `{"category":"APTITUDE","title":"Deep","answers":${nested(5000)}}`), msg);
    expect400(await raw('/api/question/draft', `{"category":"APTITUDE","title":"Deep","coding":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`), msg);
    expect400(await admin({ method: 'GET', url: `/api/users?filter=${encodeURIComponent(`{"name":${nested(100)}}`)}` }), /The filter parameter is nested too deeply/);
    // Brackets inside strings are text, not nesting.
    expect((await raw('/api/categories', JSON.stringify({ name: '['.repeat(100) }))).statusCode).toBe(200);
  });

  it('looks for NUL characters in parsed text only, never inside a file stream or buffer', () => {
    expect(nulPath({ a: [{ b: NUL }] })).toBe('a.0.b');
    expect(nulPath(Object.assign(Object.create(null), { q: NUL }))).toBe('q');
    const stream = new PassThrough();
    Object.assign(stream, { self: stream, name: NUL });
    expect(nulPath(stream)).toBeUndefined();
    expect(nulPath(Buffer.from([0]))).toBeUndefined();
  });

  it('has the new messages in English and Hindi', () => {
    const at = (messages: object, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages);
    for (const message of [
      NUL_MSG,
      'The request is nested too deeply (at most 32 levels).',
      'The file has more than 2,000,000 cells; at most 10,000 questions can be uploaded at once. Split it into smaller files.',
      'The Excel file has more than 2,000,000 cells; at most 10,000 questions can be uploaded at once. Split it into smaller files.',
    ]) {
      const { key } = messageKey(message);
      expect(at(en, key), message).toEqual(expect.any(String));
      expect(at(hi, key), message).toEqual(expect.any(String));
    }
  });

  it('answers a refresh token that is not text with a 400, signed out', async () => {
    expect400(await server.app.inject({ method: 'POST', url: '/api/users/logout', payload: { refreshToken: 123 } }), 'The refresh token must be text.');
    expect((await server.app.inject({ method: 'POST', url: '/api/users/logout', payload: {} })).statusCode).toBe(200);
  });
});
