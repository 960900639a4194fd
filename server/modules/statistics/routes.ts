/**
 * GET /api/tests/:id/statistics: a test's score distribution and figures (mean, median, SD,
 * skewness, kurtosis, Cronbach's alpha, standard error) and its questions' item statistics, over
 * each candidate's first completed attempt. For the provider's staff who may see the test library.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { testStatisticsSchema } from '../../../src/domain/itemStatistics';
import { answers, ok } from '../../lib/answers';
import { idParams } from '../../lib/crud';
import { notFound } from '../../lib/errors';
import type { Services } from '../../services';
import { testStatistics } from './queries';

export default async function statisticsRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/tests/:id/statistics', { config: { access: { entity: 'TESTS', action: 'view' } }, schema: { tags: ['tests'], params: idParams, response: answers(testStatisticsSchema) } }, async (request) => {
    const statistics = await testStatistics(db, request.params.id);
    if (!statistics) throw notFound();
    return ok(statistics);
  });
}
