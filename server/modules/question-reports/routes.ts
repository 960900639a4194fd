/**
 * GET /api/questions/reports: per question, how often candidates answered it, the average points
 * and the share of each answer (simple-rest list; only questions with at least one response).
 * Static paths win over `/questions/:id` in Fastify's router, whatever the registration order.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mayViewQuestions, ownQuestionsOnly } from '../../../src/domain/questionWorkflow';
import { currentUser, type AuthUser } from '../../lib/auth';
import { listQuerystring } from '../../lib/crud';
import { parseListQuery, sendPage } from '../../lib/rest';
import type { Services } from '../../services';
import { reportPage, spec } from './queries';

export default async function questionReportRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: (u: AuthUser) => mayViewQuestions(u) };

  r.get('/questions/reports', { config: view, schema: { tags: ['questions'], querystring: listQuerystring } }, async (request, reply) => {
    const user = currentUser(request);
    const list = parseListQuery(request.query, spec);
    // USER accounts ('My Question') see the reports of their own questions only.
    const { rows, total } = await reportPage(db, list, user, ownQuestionsOnly(user));
    return sendPage(reply, 'question-reports', list, rows, total);
  });
}
