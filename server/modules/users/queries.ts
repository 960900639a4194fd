/** Users as the API shows them: never the password hash. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Designation, Role } from '../../../src/domain/constants';
import type { Entity } from '../../../src/domain/permissions';
import type { DB } from '../../db/index';
import type { NewUser, UserUpdate } from '../../db/types';

export const USER_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.username',
  'users.role',
  'users.membershipType',
  'users.position',
  'users.designation',
  'users.clientId',
  'users.phone',
  'users.isVerified',
  'users.isActive',
  'users.lastLoginAt',
  'users.createdAt',
  'users.updatedAt',
] as const;

export const selectUsers = (db: DB) => db.selectFrom('users').select(USER_COLUMNS);

export const findUser = (db: DB, id: string) => selectUsers(db).where('users.id', '=', id).executeTakeFirst();

/** The screens that show users, each guarded by its own entity; `users` is the admin's full list. */
export const USER_KINDS = ['teamMembers', 'authors', 'relationshipManagers', 'salesPersons', 'users'] as const;
export type UserKind = (typeof USER_KINDS)[number];

export const KIND_ENTITY: Record<Exclude<UserKind, 'users'>, Entity> = {
  teamMembers: 'TEAM MEMBERS',
  authors: 'AUTHORS',
  relationshipManagers: 'RELATIONSHIP MANAGERS',
  salesPersons: 'SALES PERSONS',
};

/** Which screen a user record belongs to. */
export function kindOf(user: { role: Role; designation: Designation | null }): UserKind {
  if (user.designation === 'RELATIONSHIP_MANAGER') return 'relationshipManagers';
  if (user.designation === 'SALES_PERSON') return 'salesPersons';
  if (user.role === 'CONTRIBUTOR') return 'authors';
  if (user.role === 'TEAM_MEMBER') return 'teamMembers';
  return 'users';
}

/** The list's users of the screens `kinds` (everyone with `users`). */
export function selectUsersOfKinds(db: DB, kinds: readonly UserKind[]) {
  return selectUsers(db).where((eb) => {
    if (kinds.includes('users')) return sql<SqlBool>`true`;
    const byKind: Record<Exclude<UserKind, 'users'>, Expression<SqlBool>> = {
      relationshipManagers: eb('users.designation', '=', 'RELATIONSHIP_MANAGER'),
      salesPersons: eb('users.designation', '=', 'SALES_PERSON'),
      authors: eb.and([eb('users.role', '=', 'CONTRIBUTOR'), eb('users.designation', 'is', null)]),
      teamMembers: eb.and([eb('users.role', '=', 'TEAM_MEMBER'), eb('users.designation', 'is', null)]),
    };
    return eb.or(kinds.map((k) => byKind[k as Exclude<UserKind, 'users'>]));
  });
}

/** Up to 20 users whose field contains `value` (a client's own only with `tenant`), by name. */
export function searchUsers(db: DB, field: 'email' | 'name' | 'username', value: string, tenant: string | undefined) {
  let query = selectUsers(db).where(sql.ref(`users.${field}`), 'ilike', `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (tenant) query = query.where('users.clientId', '=', tenant);
  return query.orderBy('users.name').limit(20).execute();
}

/** An account with this email, as compared (lower-cased). */
export const findUserWithEmail = (db: DB, email: string) => db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email).executeTakeFirst();


/** What giving a job role decides on: its membership type, client and rights. */
export const findJobRole = (db: DB, id: string) => db.selectFrom('jobRoles').select(['scope', 'clientId', 'permissions']).where('id', '=', id).executeTakeFirst();

export const findJobRolePermissions = (db: DB, id: string) => db.selectFrom('jobRoles').select('permissions').where('id', '=', id).executeTakeFirst();

export const insertUser = async (trx: DB, values: NewUser): Promise<string> => (await trx.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const updateUser = (trx: DB, id: string, values: UserUpdate) => trx.updateTable('users').set(values).where('id', '=', id).execute();

export const deleteUser = (trx: DB, id: string) => trx.deleteFrom('users').where('id', '=', id).execute();
