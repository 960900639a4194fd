/**
 * The response contract (issue 21): every route in the OpenAPI document (those not hidden)
 * declares what its success answers, so the document describes every answer and the server checks
 * its own (server/lib/answers.ts); the test names every route missing one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Operation = { responses?: Record<string, unknown> };

describe('the response contract', () => {
  // Its 200 answer, or its 202 for a route that only accepts work for later (acceptedAnswers).
  it('every API route declares its 200 answer', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, path, declared: !!((operation.responses?.['200'] ?? operation.responses?.['202']) as { content?: unknown } | undefined)?.content })),
    );
    const api = routes.filter((r) => r.path.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((r) => !r.declared).map((r) => r.route)).toEqual([]);
  });
});
