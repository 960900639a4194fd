/**
 * The ra-data-simple-rest protocol on the server: parses and validates `sort`, `range` and
 * `filter`, applies them (allow-listed fields, `q` search, arrays as IN, _gte/_lte/_gt/_lt),
 * scopes to the caller's tenant, and answers the page with a Content-Range header.
 */
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FastifyReply } from 'fastify';
import { MAX_PAGE_SIZE } from '../../src/domain/constants';
import { badRequest } from './errors';
import { nestedDeeperThan, refuseNul, tooDeep } from './input';
import { setListRange } from './list-range';
import type { AuthUser } from './auth';
import { FIELD_MESSAGES } from '../../src/domain/fieldMessages';

export type Direction = 'ASC' | 'DESC';
type FilterType = 'boolean' | 'date' | 'uuid';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ListSpec {
  /** Name in the Content-Range header. */
  resource: string;
  /** API field → SQL column reference (e.g. name → 'users.name'). `id` is always included. */
  fields: Record<string, string>;
  sortable: readonly string[];
  filterable: readonly string[];
  /** Columns that `q` searches; every word must match one of them. */
  searchable: readonly string[];
  /** A tsvector column: `q` then searches it (each word as a prefix) instead of `searchable`. */
  searchVector?: string;
  defaultSort: [string, Direction];
  /** Filterable fields that are not text, so that a wrong value is a 400 rather than a database error (`id` is always a uuid). */
  types?: Record<string, FilterType>;
  /** Column holding the owning client, for tenant scoping. */
  tenantColumn?: string;
  /** 'own': tenant users see their client's records; 'ownOrGlobal': also records with no client. */
  tenantMode?: 'own' | 'ownOrGlobal';
}

export interface Filter {
  column: string;
  op: '=' | 'in' | '>=' | '<=' | '>' | '<' | 'is null';
  value: unknown;
}

export interface ListQuery {
  sort: [string, Direction];
  offset: number;
  limit: number;
  filters: Filter[];
  q?: string;
  /** Filters the route handles itself (listed in ListOptions.extraFilters). */
  extra: Record<string, unknown>;
}

const SUFFIXES: [string, Filter['op']][] = [
  ['_gte', '>='],
  ['_lte', '<='],
  ['_gt', '>'],
  ['_lt', '<'],
];

function parseJson(name: string, raw: unknown, example: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`The ${name} parameter must be JSON, for example ${example}.`);
  if (nestedDeeperThan(raw)) throw tooDeep(`The ${name} parameter`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`The ${name} parameter is not valid JSON; expected something like ${example}.`);
  }
  // "\u0000" in the JSON text is a NUL character once parsed.
  refuseNul(value, name);
  return value;
}

export function parseListQuery(
  query: Record<string, unknown>,
  spec: ListSpec,
  extraFilters: readonly string[] = [],
): ListQuery {
  const fields = { id: `${spec.resource}.id`, ...spec.fields };

  const rawSort = parseJson('sort', query.sort, '["name","ASC"]') ?? spec.defaultSort;
  if (!Array.isArray(rawSort) || rawSort.length !== 2 || typeof rawSort[0] !== 'string')
    throw badRequest(FIELD_MESSAGES.sortParameterFieldascFielddesc);
  const [sortField, rawDirection] = rawSort as [string, unknown];
  const direction = String(rawDirection).toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') throw badRequest(FIELD_MESSAGES.sortOrderAscDesc);
  if (!spec.sortable.includes(sortField) && sortField !== 'id')
    throw badRequest(`Cannot sort by "${sortField}". Sortable fields: ${spec.sortable.join(', ')}.`);

  const rawRange = parseJson('range', query.range, '[0,24]') ?? [0, 9];
  if (
    !Array.isArray(rawRange) ||
    rawRange.length !== 2 ||
    !rawRange.every((n) => Number.isInteger(n) && n >= 0) ||
    rawRange[1] < rawRange[0]
  )
    throw badRequest(FIELD_MESSAGES.rangeParameterFirstlastWhole);
  const [first, last] = rawRange as [number, number];
  const limit = last - first + 1;
  if (limit > MAX_PAGE_SIZE) throw badRequest(`A page holds at most ${MAX_PAGE_SIZE} records.`);

  const rawFilter = parseJson('filter', query.filter, '{"q":"text"}') ?? {};
  if (typeof rawFilter !== 'object' || rawFilter === null || Array.isArray(rawFilter))
    throw badRequest(FIELD_MESSAGES.filterParameterJsonObject);

  const filters: Filter[] = [];
  const extra: Record<string, unknown> = {};
  let q: string | undefined;
  for (const [key, value] of Object.entries(rawFilter as Record<string, unknown>)) {
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      if (typeof value !== 'string') throw badRequest(FIELD_MESSAGES.searchTextString);
      q = value.trim().slice(0, 200) || undefined;
      continue;
    }
    if (extraFilters.includes(key)) {
      extra[key] = value;
      continue;
    }
    const suffix = SUFFIXES.find(([s]) => key.endsWith(s));
    const field = suffix ? key.slice(0, -suffix[0].length) : key;
    if (field !== 'id' && !spec.filterable.includes(field))
      throw badRequest(`Cannot filter by "${field}". Filterable fields: ${['q', ...spec.filterable, ...extraFilters].join(', ')}.`);
    const column = fields[field as keyof typeof fields];
    const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (!scalar(value) && !(Array.isArray(value) && value.every((v) => v !== null && scalar(v))))
      throw badRequest(`The filter "${key}" must be a value or a list of values.`);
    const typed = (v: unknown) => filterValue(key, field === 'id' ? 'uuid' : spec.types?.[field], v);
    if (suffix) {
      if (Array.isArray(value) || value === null) throw badRequest(`The filter "${key}" takes a single value.`);
      filters.push({ column, op: suffix[1], value: typed(value) });
    } else if (Array.isArray(value)) {
      if (value.length > 1000) throw badRequest(`The filter "${key}" lists too many values (at most 1000).`);
      filters.push({ column, op: 'in', value: value.map(typed) });
    } else if (value === null) {
      filters.push({ column, op: 'is null', value: null });
    } else {
      filters.push({ column, op: '=', value: typed(value) });
    }
  }

  return { sort: [fields[sortField as keyof typeof fields], direction], offset: first, limit, filters, q, extra };
}

/** A filter value checked against its field's type: booleans as booleans, dates as dates. */
function filterValue(key: string, type: FilterType | undefined, value: unknown): unknown {
  if (value === null || !type) return value;
  if (type === 'uuid') {
    if (typeof value === 'string' && UUID.test(value)) return value;
    throw badRequest(`The filter "${key}" must be an id (a UUID).`);
  }
  if (type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    throw badRequest(`The filter "${key}" must be true or false.`);
  }
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw badRequest(`The filter "${key}" must be a date, for example "2026-01-31T00:00:00Z".`);
  if (date < FIRST_DATE || date > LAST_DATE) throw badRequest(`The filter "${key}" must be a date from 0100-01-01 to 9999-12-31.`);
  return date;
}

/**
 * Filter dates the database takes as sent. PostgreSQL's timestamps run from 4713 BC to 294276 AD,
 * but the drivers send a Date in ISO form: pg writes years past 9999 that PGlite refuses, and PGlite
 * reads years below 100 as 19xx/20xx. Within these bounds both agree.
 */
const FIRST_DATE = new Date('0100-01-01T00:00:00Z');
const LAST_DATE = new Date('9999-12-31T23:59:59.999Z');

/** "data struct" → "data:* & struct:*": every word as a prefix, operators stripped. */
export function prefixQuery(text: string): string {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{M}\p{N}]/gu, ''))
    .filter(Boolean)
    .slice(0, 8);
  return words.map((w) => `${w}:*`).join(' & ');
}

/** LIKE pattern for a user's text, with its wildcards escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE conditions of a parsed list query, tenant scope included. */
export function listConditions<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  spec: ListSpec,
  list: ListQuery,
  user: AuthUser | undefined,
): Expression<SqlBool>[] {
  const ref = (column: string) => sql.ref(column);
  const conditions: Expression<SqlBool>[] = [];
  for (const f of list.filters) {
    if (f.op === 'in') {
      const values = f.value as unknown[];
      conditions.push(values.length ? eb(ref(f.column) as any, 'in', values as any) : sql<SqlBool>`false`);
    } else if (f.op === 'is null') conditions.push(eb(ref(f.column) as any, 'is', null));
    else conditions.push(eb(ref(f.column) as any, f.op, f.value as any));
  }
  if (list.q && spec.searchVector) {
    const query = prefixQuery(list.q);
    conditions.push(query ? sql<SqlBool>`${ref(spec.searchVector)} @@ to_tsquery('simple', ${query})` : sql<SqlBool>`false`);
  } else if (list.q && spec.searchable.length) {
    for (const word of list.q.split(/\s+/).filter(Boolean).slice(0, 8)) {
      const pattern = containsPattern(word);
      conditions.push(eb.or(spec.searchable.map((column) => eb(ref(column) as any, 'ilike', pattern))));
    }
  }
  const tenant = tenantOf(user);
  if (tenant && spec.tenantColumn) {
    const own = eb(ref(spec.tenantColumn) as any, '=', tenant);
    conditions.push(spec.tenantMode === 'ownOrGlobal' ? eb.or([own, eb(ref(spec.tenantColumn) as any, 'is', null)]) : own);
  }
  return conditions;
}

/** The client a user is confined to, or undefined for provider-side users. */
export function tenantOf(user: AuthUser | undefined): string | undefined {
  if (!user) return undefined;
  if (user.role === 'CLIENT' || user.membershipType === 'CLIENT_SPECIFIC_ROLE') return user.clientId ?? NO_TENANT;
  return undefined;
}
/** A tenant user without a client sees nothing rather than everything. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

/**
 * Runs a list query (selection already made) with filters, sort and range, and counts the total
 * in a second query. Two indexed queries beat one `count(*) over()`, which reads every matching
 * row to return a page (measured: 1.6 ms against 9.3 ms over 10,000 users, see bench/README.md).
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec,
  list: ListQuery,
  user: AuthUser | undefined,
): Promise<{ rows: O[]; total: number }> {
  const filtered = query.where((eb) => eb.and(listConditions(eb, spec, list, user)));
  const [rows, counted] = await Promise.all([
    filtered
      .orderBy(sql.ref(list.sort[0]), list.sort[1] === 'ASC' ? 'asc' : 'desc')
      .orderBy(sql.ref(`${spec.resource}.id`), 'asc')
      .offset(list.offset)
      .limit(list.limit)
      .execute(),
    (filtered as SelectQueryBuilder<any, any, any>).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Answers a page with the simple-rest Content-Range header. */
export function sendPage(reply: FastifyReply, resource: string, list: ListQuery, rows: unknown[], total: number) {
  const end = rows.length ? list.offset + rows.length - 1 : list.offset;
  setListRange(reply, `${resource} ${list.offset}-${end}/${total}`);
  return reply.send({ result: 1, data: rows });
}
