/** What every area of the candidates module checks: the permission, and that a record is the caller's tenant's. */
import type { Action } from '../../../src/domain/permissions';
import type { DB } from '../../db/index';
import type { AuthUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { expireLapsed } from '../../lib/invitations';
import { tenantOf } from '../../lib/rest';
import { findInvitation, type InvitationListRow } from './queries';

export const candidates = (action: Action) => ({ access: { entity: 'CANDIDATES' as const, action } });

/** Another tenant's record is not found. */
export const visibleTo = (user: AuthUser, clientId: string | null) => {
  const tenant = tenantOf(user);
  return !tenant || clientId === tenant;
};

/** The invitation (lapsed links first marked expired) if the caller's tenant may see it. */
export async function findVisibleInvitation(db: DB, id: string, user: AuthUser): Promise<InvitationListRow> {
  await expireLapsed(db);
  const row = await findInvitation(db, id);
  if (!row || !visibleTo(user, row.clientId)) throw notFound();
  return row;
}
