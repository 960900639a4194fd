/**
 * A route's declared answers (issue 21): `answers(schema)` is its `response` map (the success
 * envelope around `schema`, and the failure envelope for 4xx and 5xx), and `ok(data)` builds the
 * success envelope, so that no route writes `{result: 1, data}` by hand and the type provider
 * checks `data` against the declared schema. fastify-type-provider-zod's serializer encodes the
 * answer with the schema (a mismatch is a 500, and a key the schema does not name is dropped);
 * `answerSerializer` adds, outside production, a check that encoding dropped nothing, so a schema
 * that forgets a field fails the tests instead of changing the answer.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOf } from '../../src/domain/answers';
import { failureSchema } from '../../src/domain/allMessages';

/** The `response` of a route whose success answers `{result: 1, data}` with `data` as `schema`. */
export const answers = <T extends z.ZodType>(schema: T) => ({ 200: answerOf(schema), '4xx': failureSchema, '5xx': failureSchema });

/** The `response` of a route whose success also says a sentence: `{result: 1, data, msg}`. */
export const answersSaying = <T extends z.ZodType>(schema: T) => ({ 200: answerOf(schema).extend({ msg: z.string() }), '4xx': failureSchema, '5xx': failureSchema });

/** The `response` of a route that only accepts work for later: 202 with `{result: 1, data}`, `data` as `schema`. */
export const acceptedAnswers = <T extends z.ZodType>(schema: T) => ({ 202: answerOf(schema), '4xx': failureSchema, '5xx': failureSchema });

/**
 * The `response` of a route that answers a file (a PDF, a CSV) rather than JSON: its content type (or types),
 * described for the OpenAPI document (fastify sends a Buffer or stream as it is, unserialized).
 */
export const fileAnswers = (contentType: string | readonly string[], description: string) => ({
  // Described as text; typed as what the route sends (fastify never runs a Buffer through the serializer).
  200: {
    description,
    content: Object.fromEntries((typeof contentType === 'string' ? [contentType] : contentType).map((type) => [type, { schema: z.string().describe(description) as unknown as z.ZodType<Buffer | string> }])),
  },
  '4xx': failureSchema,
  '5xx': failureSchema,
});

/** The success envelope around a route's data. */
export const ok = <T>(data: T) => ({ result: 1 as const, data });

/** The success envelope with a sentence for the reader (`answersSaying`). */
export const okSaying = <T>(data: T, msg: string) => ({ result: 1 as const, data, msg });

/** JSON's value with every object's keys in order, to compare two answers whatever their key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The serializer of declared answers. `strict` (tests, development): an answer whose JSON differs
 * from what JSON.stringify made of the route's value (a field the schema does not name, a value it
 * changes) is a 500 naming the difference's place, so that declaring a schema cannot change an answer.
 */
export function answerSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  if (!strict) return serializerCompiler as FastifySerializerCompiler<z.ZodType>;
  return (route) => {
    const serialize = (serializerCompiler as FastifySerializerCompiler<z.ZodType>)(route);
    return (data: unknown) => {
      const out = serialize(data);
      const before = JSON.stringify(data);
      if (before !== undefined && typeof data === 'object' && data !== null) {
        const left = JSON.stringify(canonical(JSON.parse(before)));
        const right = JSON.stringify(canonical(JSON.parse(out)));
        if (left !== right) {
          const message = `The declared answer of ${route.method} ${route.url} changes it: ${firstDifference(JSON.parse(before), JSON.parse(out))}`;
          process.stderr.write(`${message}\n`);
          throw new Error(message);
        }
      }
      return out;
    };
  };
}

/** Where two JSON values first differ, as a path. */
function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path} has ${a.length} items, encoded ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found) return found;
    }
    return '';
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(key in b)) return `${path}.${key} is dropped`;
      if (!(key in a)) return `${path}.${key} is added`;
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
    return '';
  }
  return JSON.stringify(a) === JSON.stringify(b) ? '' : `${path} is ${JSON.stringify(a)}, encoded ${JSON.stringify(b)}`;
}
