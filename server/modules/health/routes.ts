/** GET /api/health: is the server up, can it reach its database, and can it run code safely? */
import type { FastifyInstance } from 'fastify';
import { healthDownSchema, healthSchema } from '../../../src/domain/serviceAnswers';
import { answers, ok } from '../../lib/answers';
import type { Services } from '../../services';
import { pingDatabase } from './queries';

export default async function healthRoutes(app: FastifyInstance, { db, databaseKind, mailer, runner }: Pick<Services, 'db' | 'databaseKind' | 'mailer' | 'runner'>) {
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['health'], response: { ...answers(healthSchema), 503: healthDownSchema } } }, async (_request, reply) => {
    const started = performance.now();
    try {
      await pingDatabase(db);
      return ok({
        status: 'ok' as const,
        database: { kind: databaseKind, state: 'up' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
        mail: mailer.configured ? 'smtp' : 'outbox only (SMTP_URL not set)',
        // Without bubblewrap or Judge0 coding questions cannot be tried or scored: the rest still works.
        codeRunner: await runner.isolation(),
      });
    } catch {
      return reply.code(503).send({ result: 0, msg: 'The database is not reachable.', data: { status: 'degraded', database: { kind: databaseKind, state: 'down' } } });
    }
  });
}
