/**
 * GET /api/questions/reports: per question, over each candidate's first completed attempt, how often
 * it was answered, the average points, the share of each answer and its item statistics in each test
 * it was asked in (simple-rest list; only questions asked in at least one scored attempt).
 * Static paths win over `/questions/:id` in Fastify's router, whatever the registration order.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questionReportSchema } from '../../../src/domain/questionReports';
import { mayViewQuestions, ownQuestionsOnly } from '../../../src/domain/questionWorkflow';
import { answers } from '../../lib/answers';
import { currentUser, type AuthUser } from '../../lib/auth';
import { listQuerystring } from '../../lib/crud';
import { parseListQuery, sendPage } from '../../lib/rest';
import type { Services } from '../../services';
import { reportPage, spec } from './queries';

export default async function questionReportRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: (u: AuthUser) => mayViewQuestions(u) };

  r.get('/questions/reports', { config: view, schema: { tags: ['questions'], querystring: listQuerystring, response: answers(z.array(questionReportSchema)) } }, async (request, reply) => {
    const user = currentUser(request);
    const list = parseListQuery(request.query, spec);
    // USER accounts ('My Question') see the reports of their own questions only.
    const { rows, total } = await reportPage(db, list, user, ownQuestionsOnly(user));
    return sendPage(reply, 'question-reports', list, rows, total);
  });
}
