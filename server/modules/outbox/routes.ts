/** The outbox: every mail the product sent or holds, readable by admins. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMailSchema } from '../../../src/domain/serviceAnswers';
import { answers, ok } from '../../lib/answers';
import { idParams, listQuerystring } from '../../lib/crud';
import { notFound } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, type ListSpec } from '../../lib/rest';
import type { Services } from '../../services';
import { findOutboxMail, selectOutbox } from './queries';

const spec: ListSpec = {
  resource: 'outbox',
  fields: {
    toAddress: 'outbox.toAddress',
    subject: 'outbox.subject',
    status: 'outbox.status',
    createdAt: 'outbox.createdAt',
    sentAt: 'outbox.sentAt',
  },
  sortable: ['toAddress', 'subject', 'status', 'createdAt', 'sentAt'],
  filterable: ['toAddress', 'status', 'createdAt'],
  searchable: ['outbox.toAddress', 'outbox.subject'],
  types: { createdAt: 'date' },
  defaultSort: ['createdAt', 'DESC'],
};

const adminOnly = { access: { resource: 'outbox', action: 'view' as const } };

export default async function outboxRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/outbox', { config: adminOnly, schema: { tags: ['outbox'], querystring: listQuerystring, response: answers(z.array(outboxMailSchema)) } }, async (request, reply) => {
    const list = parseListQuery(request.query, spec);
    const { rows, total } = await fetchPage(selectOutbox(db), spec, list, request.user);
    return sendPage(reply, 'outbox', list, rows, total);
  });
  r.get('/outbox/:id', { config: adminOnly, schema: { tags: ['outbox'], params: idParams, response: answers(outboxMailSchema) } }, async (request) => {
    const row = await findOutboxMail(db, request.params.id);
    if (!row) throw notFound();
    return ok(row);
  });
}
