/**
 * Users, shown on several screens (Team Members, Authors, Relationship Managers, Sales Persons,
 * Users). Each record belongs to one screen, whose entity guards it; tenant users see and
 * manage only their own client's team.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, firstUnheld, type Action, type EntityPermission } from '../../../src/domain/permissions';
import { updateSchema, userSchema } from '../../../src/domain/schemas';
import { userRecordSchema } from '../../../src/domain/userAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { hashPassword } from '../../lib/crypto';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, forbidden, notFound, refuseField, says } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { issueResetToken } from '../auth/queries';
import {
  deleteUser,
  findJobRole,
  findJobRolePermissions,
  findUser,
  findUserWithEmail,
  insertUser,
  KIND_ENTITY,
  kindOf,
  searchUsers,
  selectUsersOfKinds,
  updateUser,
  USER_KINDS,
  type UserKind,
} from './queries';
import { findClientId } from '../clients/queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'users',
  fields: {
    name: 'users.name',
    email: 'users.email',
    username: 'users.username',
    role: 'users.role',
    membershipType: 'users.membershipType',
    position: 'users.position',
    designation: 'users.designation',
    clientId: 'users.clientId',
    isVerified: 'users.isVerified',
    isActive: 'users.isActive',
    createdAt: 'users.createdAt',
    lastLoginAt: 'users.lastLoginAt',
  },
  sortable: ['name', 'email', 'role', 'membershipType', 'createdAt', 'lastLoginAt'],
  filterable: ['name', 'email', 'role', 'membershipType', 'position', 'designation', 'clientId', 'isVerified', 'isActive', 'createdAt', 'lastLoginAt'],
  searchable: ['users.name', 'users.email', 'users.username'],
  types: { isVerified: 'boolean', isActive: 'boolean', createdAt: 'date', lastLoginAt: 'date' },
  defaultSort: ['name', 'ASC'],
  tenantColumn: 'users.clientId',
  tenantMode: 'own',
};

export function mayHandleKind(user: AuthUser, kind: UserKind, action: Action): boolean {
  if (user.role === 'ADMIN') return true;
  return kind !== 'users' && can(user, KIND_ENTITY[kind], action);
}

/** A user any signed-in person may act on, through one of the screens. */
const anyUserScreen = (action: Action) => (user: AuthUser) => USER_KINDS.some((kind) => mayHandleKind(user, kind, action));

export default async function userRoutes(app: FastifyInstance, { db, config }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  /** The record, if the caller's tenant and screens allow this action on it. */
  async function findPermitted(id: string, user: AuthUser, action: Action) {
    const row = await findUser(db, id);
    const tenant = tenantOf(user);
    if (!row || (tenant && row.clientId !== tenant)) throw notFound();
    if (!mayHandleKind(user, kindOf(row), action)) throw forbidden();
    return row;
  }

  /** Nobody removes an account whose job role holds rights they lack themselves. */
  async function assertNotStronger(position: string | null, user: AuthUser) {
    if (!position || user.role === 'ADMIN') return;
    const jobRole = await findJobRolePermissions(db, position);
    const unheld = jobRole && firstUnheld(user, jobRole.permissions as EntityPermission[]);
    if (unheld) throw forbidden(says('rightNotHeldToRemove', { action: unheld.action, entity: unheld.entity }));
  }

  /** Guards against privilege escalation: what a non-admin may create or turn a user into. */
  async function checkAssignment(user: AuthUser, input: z.infer<typeof userSchema>, action: Action) {
    const kind = kindOf({ role: input.role, designation: input.designation ?? null });
    if (!mayHandleKind(user, kind, action)) throw forbidden(FIELD_MESSAGES.youMayNotManage);
    if (user.role !== 'ADMIN' && ['ADMIN', 'CLIENT', 'MODERATOR', 'USER'].includes(input.role))
      throw forbidden(says('onlyAdministratorMayGive'));
    const tenant = tenantOf(user);
    if (tenant) {
      if (input.role !== 'TEAM_MEMBER' || input.membershipType !== 'CLIENT_SPECIFIC_ROLE')
        throw badRequest(FIELD_MESSAGES.yourTeamMembersClientspecificrole, { membershipType: 'Choose CLIENT_SPECIFIC_ROLE' });
      input.clientId = tenant;
    }
    if (input.role === 'TEAM_MEMBER' && !input.membershipType)
      throw badRequest(FIELD_MESSAGES.teamMemberNeedsMembership, { membershipType: FIELD_MESSAGES.chooseMembershipType });
    if (input.membershipType === 'CLIENT_SPECIFIC_ROLE' && !input.clientId)
      throw badRequest(FIELD_MESSAGES.clientspecificTeamMemberBelongs, { clientId: 'Choose a client' });
    if (input.membershipType !== 'CLIENT_SPECIFIC_ROLE' && input.role !== 'CLIENT') input.clientId = null;
    if (input.role === 'CLIENT' && !input.clientId) throw badRequest(FIELD_MESSAGES.clientUserBelongsClient, { clientId: 'Choose a client' });
    if (input.clientId) {
      const client = await findClientId(db, input.clientId);
      if (!client) throw badRequest(FIELD_MESSAGES.clientDoesNotExist, { clientId: FIELD_MESSAGES.clientDoesNotExist });
    }
    if (input.position) {
      const jobRole = await findJobRole(db, input.position);
      if (!jobRole || (tenant && jobRole.clientId !== tenant))
        throw badRequest(FIELD_MESSAGES.jobRoleDoesNot, { position: FIELD_MESSAGES.jobRoleDoesNot });
      if (jobRole.scope !== input.membershipType)
        throw refuseField('position', says('jobRoleMeantAnother'));
      if (jobRole.clientId && jobRole.clientId !== input.clientId)
        throw refuseField('position', says('jobRoleBelongsAnother'));
      // Giving someone a job role grants its rights: only rights the caller holds itself.
      const unheld = firstUnheld(user, jobRole.permissions as EntityPermission[]);
      if (unheld) throw forbidden(says('rightNotHeldToGive', { action: unheld.action, entity: unheld.entity }));
    }
  }

  const listQuery = listQuerystring.extend({});
  r.get('/users', { config: { access: anyUserScreen('view') }, schema: { tags, querystring: listQuery, response: answers(z.array(userRecordSchema)) } }, async (request, reply) => {
    const user = currentUser(request);
    const list = parseListQuery(request.query, spec, ['kind']);
    const requested = list.extra.kind as string | undefined;
    if (requested !== undefined && !USER_KINDS.includes(requested as UserKind))
      throw badRequest(`Unknown user list "${requested}". Use one of: ${USER_KINDS.join(', ')}.`);
    const kinds = requested ? [requested as UserKind] : USER_KINDS.filter((k) => mayHandleKind(user, k, 'view'));
    if (!kinds.every((k) => mayHandleKind(user, k, 'view'))) throw forbidden();
    const query = selectUsersOfKinds(db, kinds);
    const { rows, total } = await fetchPage(query, spec, list, user);
    return sendPage(reply, 'users', list, rows, total);
  });

  r.get(
    '/users/search',
    {
      config: { access: anyUserScreen('view') },
      schema: {
        tags,
        querystring: z.object({ searchBy: z.enum(['email', 'name', 'username'], { error: 'searchBy must be email, name or username' }), value: z.string().trim().min(1, 'Enter a value to search for').max(200) }),
        response: answers(z.array(userRecordSchema)),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { searchBy, value } = request.query;
      const tenant = tenantOf(user);
      const rows = await searchUsers(db, searchBy, value, tenant);
      return ok(rows.filter((row) => mayHandleKind(user, kindOf(row), 'view')));
    },
  );

  r.get('/users/:id', { config: { access: anyUserScreen('view') }, schema: { tags, params: idParams, response: answers(userRecordSchema) } }, async (request) =>
    ok(await findPermitted(request.params.id, currentUser(request), 'view')),
  );

  r.post('/users', { config: { access: anyUserScreen('create') }, schema: { tags, body: userSchema, response: answers(userRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    const input = { ...request.body };
    await checkAssignment(user, input, 'create');
    const { password, ...fields } = input;
    const exists = await findUserWithEmail(db, fields.email);
    if (exists) throw conflict(FIELD_MESSAGES.accountEmailAlreadyExists, { email: FIELD_MESSAGES.accountEmailAlreadyExists });
    const created = await db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        ...fields,
        username: fields.username ?? null,
        membershipType: fields.membershipType ?? null,
        position: fields.position ?? null,
        designation: fields.designation ?? null,
        clientId: fields.clientId ?? null,
        phone: fields.phone ?? null,
        passwordHash: password ? await hashPassword(password) : null,
        isVerified: user.role === 'ADMIN' ? (fields.isVerified ?? false) : false,
      });
      const saved = (await findUser(trx, id))!;
      if (!password) {
        // No password given: the new user chooses one through a mailed link.
        const token = await issueResetToken(trx, id, 7 * 24 * 60);
        await enqueueMail(trx, {
          to: saved.email,
          subject: 'You have been invited to Skillgauge',
          text: `${user.name} added you to Skillgauge. Choose your password here (valid 7 days):\n${config.publicUrl}/resetPassword?token=${token}`,
        });
      }
      await recordAudit(trx, { userId: user.id, action: 'create', resource: 'users', recordId: id, after: saved });
      return saved;
    });
    return ok(created);
  });

  r.put('/users/:id', { config: { access: anyUserScreen('edit') }, schema: { tags, params: idParams, body: updateSchema(userSchema), response: answers(userRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    const before = await findPermitted(request.params.id, user, 'edit');
    const merged = { ...before, ...request.body } as z.infer<typeof userSchema>;
    if (before.id === user.id && (merged.role !== before.role || merged.isActive === false))
      throw forbidden(FIELD_MESSAGES.youCannotChangeYour);
    if (before.role === 'ADMIN' && user.role !== 'ADMIN') throw forbidden();
    const parsed = userSchema.safeParse(merged);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The user is not valid.');
    const input = parsed.data;
    await checkAssignment(user, input, 'edit');
    const { password, ...fields } = input;
    const updated = await db.transaction().execute(async (trx) => {
      await updateUser(trx, before.id, {
        name: fields.name,
        email: fields.email,
        username: fields.username ?? null,
        role: fields.role,
        membershipType: fields.membershipType ?? null,
        position: fields.position ?? null,
        designation: fields.designation ?? null,
        clientId: fields.clientId ?? null,
        phone: fields.phone ?? null,
        isActive: fields.isActive,
        ...(user.role === 'ADMIN' && fields.isVerified !== undefined ? { isVerified: fields.isVerified } : {}),
        ...(password ? { passwordHash: await hashPassword(password) } : {}),
        updatedAt: new Date(),
      });
      const saved = (await findUser(trx, before.id))!;
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'users', recordId: before.id, before, after: saved });
      return saved;
    });
    return ok(updated);
  });

  r.delete('/users/:id', { config: { access: anyUserScreen('delete') }, schema: { tags, params: idParams, response: answers(userRecordSchema) } }, async (request) => {
    const user = currentUser(request);
    const before = await findPermitted(request.params.id, user, 'delete');
    if (before.id === user.id) throw forbidden(FIELD_MESSAGES.youCannotDeleteYour);
    if (before.role === 'ADMIN' && user.role !== 'ADMIN') throw forbidden();
    await assertNotStronger(before.position, user);
    await db.transaction().execute(async (trx) => {
      await deleteUser(trx, before.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'users', recordId: before.id, before });
    });
    return ok(before);
  });
}
