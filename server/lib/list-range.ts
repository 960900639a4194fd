/**
 * The simple-rest `Content-Range` of a list answer ("users 0-24/319", DESIGN.md's API conventions),
 * written after compression: @fastify/compress leaves any answer that carries a Content-Range as it
 * is (it takes the header for a byte range), and lists are the largest JSON the API sends.
 */
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';

const ranges = new WeakMap<FastifyReply, string>();

/** The range to write on this answer once it is compressed. */
export function setListRange(reply: FastifyReply, range: string): void {
  ranges.set(reply, range);
}

const writeRange: onSendHookHandler = (_request, reply, payload, done) => {
  const range = ranges.get(reply);
  if (range !== undefined) reply.header('Content-Range', range);
  done(null, payload);
};

/** Register after the compression plugin: each route registered later ends its onSend hooks with the range. */
export function writeListRangesAfterCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, writeRange];
  });
}
