/**
 * Job roles (the Roles screen): a permission matrix with a scope. Clients keep their own roles;
 * nobody may grant a permission they do not hold themselves.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../../../src/domain/constants';
import { ACTIONS, CLIENT_ENTITIES, firstUnheld, type EntityPermission } from '../../../src/domain/permissions';
import { jobRoleSchema, updateSchema } from '../../../src/domain/schemas';
import { jobRoleOptionSchema, jobRoleRecordSchema } from '../../../src/domain/userAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, forbidden, notFound, refuseField, says } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { countHolders, deleteJobRole, findJobRole, insertJobRole, jobRoleOptions, selectJobRoles, updateJobRole } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'jobRoles',
  fields: {
    name: 'jobRoles.name',
    scope: 'jobRoles.scope',
    clientId: 'jobRoles.clientId',
    createdAt: 'jobRoles.createdAt',
    updatedAt: 'jobRoles.updatedAt',
  },
  sortable: ['name', 'scope', 'createdAt', 'updatedAt'],
  filterable: ['name', 'scope', 'clientId', 'createdAt'],
  searchable: ['jobRoles.name', 'jobRoles.description'],
  types: { createdAt: 'date' },
  defaultSort: ['name', 'ASC'],
  tenantColumn: 'jobRoles.clientId',
  tenantMode: 'own',
};

const roles = (action: 'view' | 'create' | 'edit' | 'delete') => ({ access: { entity: 'ROLES' as const, action } });

export default async function jobRoleRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['job-roles'];

  async function findVisible(id: string, user: AuthUser) {
    const row = await findJobRole(db, id);
    const tenant = tenantOf(user);
    if (!row || (tenant && row.clientId !== tenant)) throw notFound();
    return row;
  }

  /** Scope and permissions a caller may give: tenants give client roles; nobody grants beyond their own rights. */
  function checkGrant(user: AuthUser, input: z.infer<typeof jobRoleSchema>): { clientId: string | null; permissions: EntityPermission[] } {
    const tenant = tenantOf(user);
    if (tenant && input.scope !== 'CLIENT_SPECIFIC_ROLE')
      throw badRequest(FIELD_MESSAGES.yourRolesClientspecificroleScope, { scope: 'Choose CLIENT_SPECIFIC_ROLE' });
    const permissions = input.permissions.filter((p) => ACTIONS.some((a) => p.actions[a]));
    for (const p of permissions) {
      if (input.scope === 'CLIENT_SPECIFIC_ROLE' && !CLIENT_ENTITIES.includes(p.entity))
        throw refuseField('permissions', says('clientRoleCannotGrant', { entity: p.entity }));
    }
    const unheld = firstUnheld(user, permissions);
    if (unheld) throw forbidden(says('rightNotHeldToGrant', { action: unheld.action, entity: unheld.entity }));
    return { clientId: tenant ?? null, permissions };
  }

  r.get('/job-roles', { config: roles('view'), schema: { tags, querystring: listQuerystring, response: answers(z.array(jobRoleRecordSchema)) } }, async (request, reply) => {
    const list = parseListQuery(request.query, spec);
    const { rows, total } = await fetchPage(selectJobRoles(db), spec, list, request.user);
    return sendPage(reply, 'job-roles', list, rows, total);
  });

  r.get(
    '/job-roles/dropdown',
    {
      config: roles('view'),
      schema: { tags, querystring: z.object({ scope: z.enum(MEMBERSHIP_TYPES, { error: 'Unknown scope' }).optional() }), response: answers(z.array(jobRoleOptionSchema)) },
    },
    async (request) => {
      const tenant = tenantOf(currentUser(request));
      const rows = await jobRoleOptions(db, tenant, request.query.scope);
      return ok(rows.map((row) => ({ _id: row.id, label: row.name, scope: row.scope })));
    },
  );

  r.get('/job-roles/:id', { config: roles('view'), schema: { tags, params: idParams, response: answers(jobRoleRecordSchema) } }, async (request) =>
    ok(await findVisible(request.params.id, currentUser(request))),
  );

  r.post('/job-roles', { config: roles('create'), schema: { tags, body: jobRoleSchema, response: answers(jobRoleRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    const { clientId, permissions } = checkGrant(user, request.body);
    const created = await db.transaction().execute(async (trx) => {
      const id = await insertJobRole(trx, {
        name: request.body.name,
        description: request.body.description ?? null,
        scope: request.body.scope,
        clientId,
        permissions: JSON.stringify(permissions),
      });
      const saved = (await findJobRole(trx, id))!;
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'job-roles', recordId: id, after: saved });
      return saved;
    });
    return ok(created);
  });

  const update = async (id: string, body: Partial<z.infer<typeof jobRoleSchema>>, user: AuthUser) => {
    const before = await findVisible(id, user);
    const parsed = jobRoleSchema.safeParse({ ...before, ...body });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The role is not valid.');
    const { permissions } = checkGrant(user, parsed.data);
    if (parsed.data.scope !== before.scope && (await countHolders(db, id)) > 0)
      throw conflict(FIELD_MESSAGES.roleHeldTeamMembers, { scope: 'Held by team members' });
    return db.transaction().execute(async (trx) => {
      await updateJobRole(trx, id, {
        name: parsed.data.name,
        description: parsed.data.description ?? null,
        scope: parsed.data.scope,
        permissions: JSON.stringify(permissions),
        updatedAt: new Date(),
      });
      const saved = (await findJobRole(trx, id))!;
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'job-roles', recordId: id, before, after: saved });
      return saved;
    });
  };

  r.put('/job-roles/:id', { config: roles('edit'), schema: { tags, params: idParams, body: updateSchema(jobRoleSchema), response: answers(jobRoleRecordSchema) } }, async (request) =>
    ok(await update(request.params.id, request.body, currentUser(request))),
  );
  r.patch('/job-roles/:id', { config: roles('edit'), schema: { tags, params: idParams, body: updateSchema(jobRoleSchema), response: answers(jobRoleRecordSchema) } }, async (request) =>
    ok(await update(request.params.id, request.body, currentUser(request))),
  );

  r.delete('/job-roles/:id', { config: roles('delete'), schema: { tags, params: idParams, response: answers(jobRoleRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    const before = await findVisible(request.params.id, user);
    const holders = await countHolders(db, before.id);
    if (holders > 0) throw conflict(says('roleHeld', { smart_count: holders }));
    await db.transaction().execute(async (trx) => {
      await deleteJobRole(trx, before.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'job-roles', recordId: before.id, before });
    });
    return ok(before);
  });
}
