/** What the jobs module's routes share: the cards' permission, and whose client a request touches. */
import type { Action } from '../../../src/domain/permissions';
import { JOB_MESSAGES } from '../../../src/domain/jobs';
import type { DB } from '../../db/index';
import type { AuthUser } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/rest';
import { findClientId } from '../clients/queries';

/** A job's cards and the stages are the CANDIDATES entity's. */
export const cards = (action: Action) => ({ access: { entity: 'CANDIDATES' as const, action } });

/** The client whose records a request touches: a tenant's own, or the one provider staff name (which must exist). */
export async function clientFor(db: DB, user: AuthUser, requested: string | null | undefined): Promise<string> {
  const tenant = tenantOf(user);
  if (tenant) {
    if (requested && requested !== tenant) throw notFound();
    return tenant;
  }
  if (!requested) throw badRequest(JOB_MESSAGES.client, { clientId: JOB_MESSAGES.client });
  const client = await findClientId(db, requested);
  if (!client) throw badRequest(JOB_MESSAGES.client, { clientId: JOB_MESSAGES.client });
  return client.id;
}
