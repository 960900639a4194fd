/**
 * The local storage's own URLs, outside /api (register at the root, like the oauth routes):
 *   PUT /files/<key>?expires=&contentType=&sig=   a signed upload (see lib/storage.ts)
 *   GET /files/<key>                              the stored file, cacheable forever (keys are never reused)
 * With S3 storage the bucket serves both and these routes do not exist.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/errors';
import { LocalStorage, UPLOAD_CONTENT_TYPES, UPLOAD_TYPES } from '../../lib/storage';
import type { Services } from '../../services';
import { assertWithinQuota, recordStored, roomFor, uploaderOf, type Uploader } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const PREFIX = '/files/';

const largerThanDeclared = () => new HttpError(413, FIELD_MESSAGES.fileLargerThanSize);

/** The object key as sent, never percent-decoded: an encoded slash or dot is simply not a valid key. */
const keyOf = (request: FastifyRequest) => {
  const path = request.url.split('?')[0];
  return path.startsWith(PREFIX) ? path.slice(PREFIX.length) : '';
};

/** A single `bytes=` range: undefined for the whole file, null when it cannot be satisfied. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (!match[1] && !match[2])) return undefined; // absent, multiple or malformed ranges: whole file
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start > end || start >= size ? null : { start, end };
}

export async function fileRoutes(app: FastifyInstance, { storage, db, config }: Pick<Services, 'storage' | 'db' | 'config'>) {
  if (!(storage instanceof LocalStorage)) return;

  // A scope of its own, so the raw-stream body parsers apply to these routes only.
  await app.register(async (files) => {
    files.addContentTypeParser(UPLOAD_CONTENT_TYPES, (_request, payload, done) => done(null, payload));

    // An upload refused early leaves its body unread: close the connection rather than drain it.
    files.addHook('onSend', async (request, reply) => {
      if (request.method === 'PUT' && reply.statusCode >= 400) reply.header('connection', 'close');
    });

    const verified = new WeakMap<
      FastifyRequest,
      ReturnType<LocalStorage['verifyUpload']> & { uploader: Uploader; room: Awaited<ReturnType<typeof roomFor>>; sizeCap: { bytes: number; error?: () => HttpError }; candidateRecording: boolean }
    >();

    files.put(
      '/files/*',
      {
        // The signature in the URL is the permission; it was issued to a signed-in user.
        config: { access: 'public' },
        schema: { hide: true },
        // Before the body is read: a refused upload costs nothing.
        onRequest: async (request) => {
          const contentLength = request.headers['content-length'];
          const upload = storage.verifyUpload(keyOf(request), request.query as Record<string, unknown>, {
            contentType: request.headers['content-type'],
            contentLength,
          });
          // The quota counts the bytes that arrive: a declared length past it is refused before any is read.
          const { uploader, declaredCap } = await uploaderOf(db, upload.key);
          // A candidate's recording or an applicant's résumé is held to the size it declared (S3 signs it); other uploads to their type's limit.
          const sizeCap = declaredCap === null ? { bytes: upload.maxBytes, error: undefined } : { bytes: Math.min(upload.maxBytes, declaredCap), error: largerThanDeclared };
          if (sizeCap.error && contentLength !== undefined && Number(contentLength) > sizeCap.bytes) throw sizeCap.error();
          const room = await roomFor(db, config.storageQuota, uploader, contentLength === undefined ? 0 : Number(contentLength));
          verified.set(request, { ...upload, uploader, room, sizeCap, candidateRecording: declaredCap !== null });
        },
      },
      async (request) => {
        const upload = verified.get(request);
        if (!upload) throw new HttpError(403, FIELD_MESSAGES.uploadLinkNotValid);
        const { room } = upload;
        const [limit, overLimit] = room.bytes < upload.sizeCap.bytes ? [room.bytes, room.error] : [upload.sizeCap.bytes, upload.sizeCap.error];
        // A candidate's recording or résumé (held to its declared size) is also held to its declared type.
        const { size } = await storage.write(upload.key, upload.contentType, request.body as Readable | undefined, limit, overLimit, { checkSignature: upload.candidateRecording });
        await recordStored(db, upload.key, size);
        // Uploads running side by side each saw the same room: one that ends past the quota is undone.
        try {
          await assertWithinQuota(db, config.storageQuota, upload.uploader);
        } catch (error) {
          await recordStored(db, upload.key, null);
          await storage.remove(upload.key);
          throw error;
        }
        return { result: 1, data: { key: upload.key, contentType: upload.contentType, size } };
      },
    );

    files.get('/files/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const key = keyOf(request);
      const file = await storage.read(key);
      if (!file) throw notFound(FIELD_MESSAGES.noSuchFile);
      const range = parseRange(request.headers.range, file.size);
      if (range === null) {
        reply.header('content-range', `bytes */${file.size}`);
        throw new HttpError(416, FIELD_MESSAGES.requestedRangeNotSatisfiable);
      }
      const disposition = UPLOAD_TYPES[file.contentType].disposition;
      reply.headers({
        'content-type': file.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-disposition': disposition === 'inline' ? 'inline' : `attachment; filename="${key.slice(key.lastIndexOf('/') + 1)}"`,
        // Even if a browser rendered a file as a document, it could run nothing.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'accept-ranges': 'bytes',
      });
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
        reply.header('content-length', range.end - range.start + 1);
        return reply.send(createReadStream(file.path, range));
      }
      reply.header('content-length', file.size);
      return reply.send(createReadStream(file.path));
    });
  });
}
