/**
 * Clients. The full resource (profile, licences, assessments) is its own issue; this module
 * answers the dropdown that user and role forms need. Tenant users see only their own client.
 */
import type { FastifyInstance } from 'fastify';
import { can } from '../../../src/domain/permissions';
import { currentUser, type AuthUser } from '../../lib/auth';
import { tenantOf } from '../../lib/rest';
import type { Services } from '../../services';

const mayList = (user: AuthUser) => can(user, 'CLIENTS', 'view') || can(user, 'TEAM MEMBERS', 'view') || !!tenantOf(user);

export default async function clientRoutes(app: FastifyInstance, { db }: Services) {
  app.get('/clients/dropdown', { config: { access: mayList }, schema: { tags: ['clients'] } }, async (request) => {
    const tenant = tenantOf(currentUser(request));
    let query = db.selectFrom('clients').select(['id', 'name']).orderBy('name').limit(1000);
    if (tenant) query = query.where('id', '=', tenant);
    const rows = await query.execute();
    return { result: 1, data: rows.map((row) => ({ _id: row.id, label: row.name })) };
  });
}
