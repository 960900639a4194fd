/** Users as the API shows them: never the password hash. */
import type { Designation, Role } from '../../../src/domain/constants';
import type { Entity } from '../../../src/domain/permissions';
import type { DB } from '../../db/index';

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
