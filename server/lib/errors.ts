/**
 * HTTP errors and the one error handler that shapes every failure as {result: 0, msg, code,
 * params, errors, errorCodes}: a message with a code (src/domain/messages.ts) travels as its code
 * and params, its English words in msg. A sentence (a zod schema's field message, a route's words)
 * travels by its code when its words are a message's (saidOf), else as msg alone.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { codeOfWords, wordsOf, type AnyMessage, type AnyMessageCode } from '../../src/domain/allMessages';
import type { MessageCode, MessageParams } from '../../src/domain/messages';
import { fieldErrors } from '../../src/domain/schemas';
import { TAKE_PAGE_PERMISSIONS } from './security-headers';

/** What a failure says: a message by code, or (until every module has its codes) an English sentence. */
export type Said = AnyMessage | string;

export class HttpError extends Error {
  readonly code?: AnyMessageCode;
  readonly params?: MessageParams;
  /** A message per field, in English. */
  readonly errors?: Record<string, string>;
  /** The fields' messages that have codes, by field. */
  readonly errorCodes?: Record<string, AnyMessage>;
  constructor(
    readonly statusCode: number,
    said: Said,
    fields?: Record<string, Said>,
    readonly headers?: Record<string, string>,
  ) {
    said = typeof said === 'string' ? saidOf(said) : said;
    super(typeof said === 'string' ? said : wordsOf(said));
    if (typeof said !== 'string') {
      this.code = said.code;
      this.params = said.params;
    }
    if (fields) {
      fields = Object.fromEntries(Object.entries(fields).map(([field, s]) => [field, typeof s === 'string' ? saidOf(s) : s]));
      this.errors = Object.fromEntries(Object.entries(fields).map(([field, s]) => [field, typeof s === 'string' ? s : wordsOf(s)]));
      const coded = Object.entries(fields).filter((entry): entry is [string, AnyMessage] => typeof entry[1] !== 'string');
      if (coded.length) this.errorCodes = Object.fromEntries(coded);
    }
  }

  /** The envelope it answers with. */
  envelope() {
    return { result: 0 as const, msg: this.message, code: this.code, params: this.params, errors: this.errors, errorCodes: this.errorCodes };
  }
}

/** A message by its code: `badRequest(says('pointsBetween', { max: 5 }))`. */
export const says = <C extends AnyMessageCode>(code: C, params?: MessageParams): { code: C; params?: MessageParams } => (params ? { code, params } : { code });

/**
 * What a sentence from a place that holds only strings says (a zod schema's message, the code
 * runner's reason): its message by code when its words are one's, else the sentence.
 */
export function saidOf(words: string): Said {
  const code = codeOfWords(words);
  return code ? says(code) : words;
}

export const badRequest = (said: Said, errors?: Record<string, Said>) => new HttpError(400, said, errors);
/** A 400 about one field: the message as the failure's and as the field's. */
export const refuseField = (field: string, said: Said) => badRequest(said, { [field]: said });
export const unauthorized = (said: Said = says('signInAgain')) => new HttpError(401, said);
export const forbidden = (said: Said = says('forbidden')) => new HttpError(403, said);
export const notFound = (said: Said = says('notFound')) => new HttpError(404, said);
export const conflict = (said: Said, errors?: Record<string, Said>) => new HttpError(409, said, errors);
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    retryAfterSeconds < 60
      ? says('tooManyAttemptsSeconds', { smart_count: retryAfterSeconds })
      : says('tooManyAttemptsMinutes', { smart_count: Math.ceil(retryAfterSeconds / 60) }),
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** Throws a 400 with per-field messages when a zod parse fails. */
export function parseOrThrow<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: ZodError } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function validationError(error: ZodError): HttpError {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0];
  return new HttpError(400, first ?? says('invalidRequest'), errors);
}

/** PostgreSQL error codes that are the caller's fault. */
const PG_ERRORS: Record<string, [number, MessageCode]> = {
  '23505': [409, 'duplicateRecord'],
  '23503': [409, 'recordInUse'],
  '22P02': [400, 'wrongFormat'],
  '22007': [400, 'dateFormat'],
  '22008': [400, 'dateRange'],
  '22001': [400, 'tooLong'],
  '22003': [400, 'numberRange'],
};

/** Fastify's own request errors, in words a person understands. */
const FASTIFY_ERRORS: Record<string, MessageCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyBody',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badContentLength',
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
      return reply.code(error.statusCode).send(error.envelope());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[path] ??= issue.message ?? 'Invalid value';
      }
      const [field, message] = Object.entries(errors)[0] ?? ['_', wordsOf(says('invalidRequest'))];
      const where = error.validationContext && field !== '_' ? `${field}: ` : '';
      // msg names the field for API clients; the code words the first field's message in the reader's language.
      const first = saidOf(message);
      const failure = new HttpError(400, `${where}${message}`, errors).envelope();
      return reply.code(400).send(typeof first === 'string' ? failure : { ...failure, code: first.code });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send(validationError(error).envelope());
    }
    const pg = error.code ? PG_ERRORS[error.code] : undefined;
    if (pg) return reply.code(pg[0]).send(new HttpError(pg[0], says(pg[1])).envelope());
    const fastifyCode = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (fastifyCode || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
      return reply.code(status).send(new HttpError(status, fastifyCode ? says(fastifyCode) : error.message).envelope());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(new HttpError(500, says('somethingWentWrong')).envelope());
  });
}
