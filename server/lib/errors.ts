/** HTTP errors and the one error handler that shapes every failure as {result: 0, msg, errors}. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { fieldErrors } from '../../src/domain/schemas';
import { TAKE_PAGE_PERMISSIONS } from './security-headers';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, errors?: Record<string, string>) => new HttpError(400, msg, errors);
export const unauthorized = (msg = 'Please sign in again.') => new HttpError(401, msg);
export const forbidden = (msg = 'You do not have permission to do this.') => new HttpError(403, msg);
export const notFound = (msg = 'Not found.') => new HttpError(404, msg);
export const conflict = (msg: string, errors?: Record<string, string>) => new HttpError(409, msg, errors);
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    `Too many attempts. Try again in ${formatWait(retryAfterSeconds)}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Throws a 400 with per-field messages when a zod parse fails. */
export function parseOrThrow<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: ZodError } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function validationError(error: ZodError): HttpError {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0] ?? 'The request is not valid.';
  return new HttpError(400, first, errors);
}

/** PostgreSQL error codes that are the caller's fault. */
const PG_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these details already exists.'],
  '23503': [409, 'This record is still used elsewhere, or refers to a record that does not exist.'],
  '22P02': [400, 'A value in the request has the wrong format.'],
  '22007': [400, 'A date in the request has the wrong format.'],
  '22008': [400, 'A date in the request is out of range.'],
  '22001': [400, 'A value in the request is too long.'],
  '22003': [400, 'A number in the request is out of range.'],
};

/** Fastify's own request errors, in words a person understands. */
const FASTIFY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
};

/**
 * Unknown routes: the SPA's index.html for client-side paths when a frontend is served (take.html,
 * the candidate's own small page, for `/take/<token>` and `/take/public/<slug>`), else a 404 envelope.
 */
export function registerNotFound(app: FastifyInstance, serveSpa: boolean) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const clientRoute = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/oauth/') && !/\.[a-z0-9]+$/i.test(path);
    // No cache for the pages (their scripts' names change with every build); the static plugin's own max-age is turned off for them.
    if (serveSpa && clientRoute && path.startsWith('/take/')) {
      return reply.header('Cache-Control', 'no-cache').header('Permissions-Policy', TAKE_PAGE_PERMISSIONS).sendFile('take.html', { cacheControl: false });
    }
    if (serveSpa && clientRoute) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
    return reply.code(404).send({ result: 0, msg: `No route ${request.method} ${path}.` });
  });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ result: 0, msg: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[path] ??= issue.message ?? 'Invalid value';
      }
      const [field, message] = Object.entries(errors)[0] ?? ['_', 'The request is not valid.'];
      const where = error.validationContext && field !== '_' ? `${field}: ` : '';
      return reply.code(400).send({ result: 0, msg: `${where}${message}`, errors });
    }
    if (error instanceof ZodError) {
      const e = validationError(error);
      return reply.code(400).send({ result: 0, msg: e.message, errors: e.errors });
    }
    const pg = error.code ? PG_ERRORS[error.code] : undefined;
    if (pg) return reply.code(pg[0]).send({ result: 0, msg: pg[1] });
    const fastifyMessage = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (fastifyMessage || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply
        .code(error.statusCode && error.statusCode >= 400 ? error.statusCode : 400)
        .send({ result: 0, msg: fastifyMessage ?? error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ result: 0, msg: 'Something went wrong.' });
  });
}
