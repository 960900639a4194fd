/** Job roles: named permission sets given to team members through their position. */
import type { DB } from '../../db/index';

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
