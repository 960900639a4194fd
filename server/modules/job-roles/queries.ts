/** Job roles: named permission sets given to team members through their position. */
import type { Insertable, Updateable } from 'kysely';
import type { MembershipType } from '../../../src/domain/constants';
import type { DB } from '../../db/index';
import type { JobRolesTable } from '../../db/types';

export const JOB_ROLE_COLUMNS = [
  'jobRoles.id',
  'jobRoles.name',
  'jobRoles.description',
  'jobRoles.scope',
  'jobRoles.clientId',
  'jobRoles.permissions',
  'jobRoles.createdAt',
  'jobRoles.updatedAt',
] as const;

export const selectJobRoles = (db: DB) => db.selectFrom('jobRoles').select(JOB_ROLE_COLUMNS);

export const findJobRole = (db: DB, id: string) => selectJobRoles(db).where('jobRoles.id', '=', id).executeTakeFirst();

export async function countHolders(db: DB, id: string): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('position', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Job roles for a dropdown, by name: a client's own only with `tenant`, one membership type's with `scope`. */
export function jobRoleOptions(db: DB, tenant: string | undefined, scope: MembershipType | undefined) {
  let query = db.selectFrom('jobRoles').select(['id', 'name', 'scope']).orderBy('name');
  if (tenant) query = query.where('clientId', '=', tenant);
  if (scope) query = query.where('scope', '=', scope);
  return query.limit(500).execute();
}

export const insertJobRole = async (trx: DB, values: Insertable<JobRolesTable>): Promise<string> => (await trx.insertInto('jobRoles').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const updateJobRole = (trx: DB, id: string, values: Updateable<JobRolesTable>) => trx.updateTable('jobRoles').set(values).where('id', '=', id).execute();

export const deleteJobRole = (trx: DB, id: string) => trx.deleteFrom('jobRoles').where('id', '=', id).execute();
