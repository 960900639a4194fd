import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { answerSerializer } from '../../server/lib/answers';
import { registerErrorHandling } from '../../server/lib/errors';
import { createRunner } from '../../server/lib/runner';
import { findBubblewrap } from '../../server/lib/runner/sandbox';
import { defaultSandboxUser } from '../../server/lib/runner';
import healthRoutes from '../../server/modules/health/routes';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/health', () => {
  it('answers the database state', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.database.state).toBe('up');
  });

  it('says how code runs: in bubblewrap here, refused without a sandbox', async () => {
    const found = await findBubblewrap(defaultSandboxUser());
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data.codeRunner).toEqual(
      found ? { backend: 'local', sandbox: 'bubblewrap', ready: true } : { backend: 'local', sandbox: 'none', ready: false, message: expect.any(String) },
    );

    const bare = Fastify();
    // As server/app.ts compiles schemas: the route declares its answer with zod.
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(answerSerializer(true));
    registerErrorHandling(bare);
    const { db, databaseKind, mailer } = server.app.services;
    await bare.register((api) => healthRoutes(api, { db, databaseKind, mailer, runner: createRunner({}, { local: { bwrap: null } }) }), { prefix: '/api' });
    const refused = await bare.inject({ method: 'GET', url: '/api/health' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.codeRunner).toEqual({
      backend: 'local',
      sandbox: 'none',
      ready: false,
      message: 'Running code needs a sandbox: install bubblewrap or set JUDGE0_URL',
    });
    await bare.close();
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 0 });
  });
});
