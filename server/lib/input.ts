/**
 * What every request may carry, checked once for all routes before any route sees it: JSON nested
 * at most MAX_JSON_DEPTH levels (counted on the raw text, before parsing, so that no parser or
 * validator recurses 5,000 levels deep), and no NUL character in any text (PostgreSQL's text and
 * jsonb cannot store one, so it would otherwise fail deep inside a query).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';
import { FIELD_MESSAGES } from '../../src/domain/fieldMessages';

/** Far more than any form of ours nests (a question's coding test case is 4 levels down). */
export const MAX_JSON_DEPTH = 32;
export const NUL_MESSAGE = FIELD_MESSAGES.textNotContainNul;

export const tooDeep = (what = 'The request') => badRequest(`${what} is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);

/** Whether JSON text opens more than `max` arrays or objects inside one another (strings skipped). */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The path of the first text (value or key) holding a NUL character, if any; iterative, so any depth is safe. */
export function nulPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (isPlainObject(v)) {
      for (const [key, item] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at.replaceAll('\u0000', '');
        stack.push([item, at]);
      }
    }
  }
  return undefined;
}

/**
 * Parsed JSON, query and form objects (the query parser's have a prototype without a constructor);
 * not a file's stream or buffer, which are no text.
 */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as { constructor?: unknown } | null;
  return proto === null || proto === Object.prototype || proto.constructor === undefined;
}

/** A 400 naming the field when a value holds a NUL character. */
export function refuseNul(value: unknown, field?: string): void {
  const path = nulPath(value);
  if (path === undefined) return;
  const key = [field, path].filter(Boolean).join('.') || '_';
  throw badRequest(NUL_MESSAGE, { [key]: NUL_MESSAGE });
}

export function registerInputChecks(app: FastifyInstance) {
  // The stock parser (prototype poisoning refused), behind the depth check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string)) return done(tooDeep(), undefined);
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });
}
