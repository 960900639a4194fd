/**
 * Routes of a plain resource (list, get, create, update, delete) on the simple-rest protocol,
 * with permission checks, tenant scope and audit log. Resources with richer rules (users,
 * job roles) use the same building blocks in their own modules.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodObject } from 'zod';
import type { Action } from '../../src/domain/permissions';
import { updateSchema } from '../../src/domain/schemas';
import { answers, ok } from './answers';
import type { Database } from '../db/types';
import type { Services } from '../services';
import { recordAudit } from './audit';
import { currentUser, type AuthUser } from './auth';
import { forbidden, notFound } from './errors';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from './rest';
import { FIELD_MESSAGES } from '../../src/domain/fieldMessages';

export const idParams = z.object({ id: z.uuid(FIELD_MESSAGES.idNotValid) });
export const listQuerystring = z.object({
  sort: z.string().optional(),
  range: z.string().optional(),
  filter: z.string().optional(),
});

type TenantTable = 'verticals' | 'locations';
type CrudTable = 'categories' | 'industries' | 'languages' | 'answerTitles' | TenantTable;

export interface CrudDefinition {
  table: CrudTable;
  spec: ListSpec;
  body: ZodObject;
  /** What a record answers (src/domain/masterDataAnswers.ts): the list's rows, one, and what saving or deleting one answers. */
  answer: ZodObject;
  allowed: (user: AuthUser, action: Action) => boolean;
  /** URL path when it differs from the resource name (e.g. /answer-titles). */
  path?: string;
}

export function registerCrud(app: FastifyInstance, { db }: Services, def: CrudDefinition) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { table, spec } = def;
  const path = def.path ?? `/${spec.resource}`;
  const tags = [spec.resource];
  const access = (action: Action) => ({ access: (user: AuthUser) => def.allowed(user, action) });
  const hasTenant = !!spec.tenantColumn;

  /** The record as the caller may see it; another tenant's record is not found. */
  async function findVisible(id: string, user: AuthUser) {
    const row = (await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
      | (Record<string, unknown> & { id: string; clientId?: string | null })
      | undefined;
    if (!row) throw notFound();
    const tenant = tenantOf(user);
    if (hasTenant && tenant && row.clientId !== tenant && !(spec.tenantMode === 'ownOrGlobal' && row.clientId == null))
      throw notFound();
    return row;
  }

  /** Tenant users may change only their own records, not the shared ones. */
  function assertWritable(row: { clientId?: string | null }, user: AuthUser) {
    if (hasTenant && tenantOf(user) && row.clientId == null)
      throw forbidden(FIELD_MESSAGES.recordsSharedAllClients);
  }

  r.get(path, { config: access('view'), schema: { tags, querystring: listQuerystring, response: answers(z.array(def.answer)) } }, async (request, reply) => {
    const list = parseListQuery(request.query, spec);
    const { rows, total } = await fetchPage(db.selectFrom(table).selectAll(), spec, list, request.user);
    return sendPage(reply, path.slice(1), list, rows, total);
  });

  r.get(`${path}/:id`, { config: access('view'), schema: { tags, params: idParams, response: answers(def.answer) } }, async (request) =>
    ok(await findVisible(request.params.id, currentUser(request))),
  );

  r.post(path, { config: access('create'), schema: { tags, body: def.body, response: answers(def.answer) } }, async (request) => {
    const user = currentUser(request);
    const values = { ...(request.body as object), ...(hasTenant ? { clientId: tenantOf(user) ?? null } : {}) };
    const created = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto(table)
        .values(values as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId: user.id, action: 'create', resource: spec.resource, recordId: row.id, after: row });
      return row;
    });
    return ok(created);
  });

  r.put(`${path}/:id`, { config: access('edit'), schema: { tags, params: idParams, body: updateSchema(def.body), response: answers(def.answer) } }, async (request) => {
    const user = currentUser(request);
    const before = await findVisible(request.params.id, user);
    assertWritable(before, user);
    const updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable(table as Exclude<keyof Database, never>)
        .set({ ...(request.body as object), updatedAt: new Date() } as never)
        .where('id', '=', request.params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId: user.id, action: 'update', resource: spec.resource, recordId: before.id, before, after: row });
      return row;
    });
    return ok(updated);
  });

  r.delete(`${path}/:id`, { config: access('delete'), schema: { tags, params: idParams, response: answers(def.answer) } }, async (request) => {
    const user = currentUser(request);
    const before = await findVisible(request.params.id, user);
    assertWritable(before, user);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom(table).where('id', '=', before.id).execute();
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: spec.resource, recordId: before.id, before });
    });
    return ok(before);
  });
}
