/**
 * GET /api/utils/pre-signed-url?key=&contentType=&size=: a signed URL to PUT one file to, and the URL the
 * file will be read from (specification section 7). The object key is timestamped and unique, so an
 * upload never replaces another. Each link is recorded against its account and client for the
 * storage quotas (queries.ts); GET /api/storage-usage shows usage to administrators.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESUME_CONTENT_TYPES } from '../../../src/domain/careers';
import { can } from '../../../src/domain/permissions';
import { mayWriteCustomQuestions } from '../../../src/domain/questionWorkflow';
import { signedUploadSchema } from '../../../src/domain/answers';
import { ownStorageUsageSchema, storageUsageSchema } from '../../../src/domain/serviceAnswers';
import { answers, ok } from '../../lib/answers';
import { currentUser, type AuthUser } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { fileNameProblem, isUploadContentType, tooLarge, UPLOAD_CONTENT_TYPES, UPLOAD_TYPES, type UploadContentType } from '../../lib/storage';
import type { Services } from '../../services';
import { recordSignedUpload, roomFor, usageOf, usageReport } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

/** Who may upload: question writers (create or edit), and USER accounts, who keep questions of their own. */
export const mayUpload = (user: AuthUser) => user.role === 'USER' || can(user, 'QUESTIONS', 'create') || can(user, 'QUESTIONS', 'edit') || mayWriteCustomQuestions(user);

/** Résumés go up only by an application's own ticket (the careers pages), never by this route. */
const STAFF_CONTENT_TYPES: readonly string[] = UPLOAD_CONTENT_TYPES.filter((type) => !(RESUME_CONTENT_TYPES as readonly string[]).includes(type));
const CONTENT_TYPE_MESSAGE = `contentType must be one of: ${STAFF_CONTENT_TYPES.join(', ')}.`;

export const preSignedUrlQuery = z.object({
  key: z
    .string({ error: 'The file name (key) is required.' })
    .superRefine((value, ctx) => {
      const problem = fileNameProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  contentType: z
    .string({ error: `contentType is required: ${CONTENT_TYPE_MESSAGE}` })
    .trim()
    .toLowerCase()
    .refine((type) => isUploadContentType(type) && STAFF_CONTENT_TYPES.includes(type), { error: `This file type cannot be uploaded: ${CONTENT_TYPE_MESSAGE}` }),
  size: z.coerce
    .number({ error: "size must be the file's size in bytes." })
    .int("size must be the file's size in bytes.")
    .min(1, FIELD_MESSAGES.fileEmpty)
    .optional(),
});

const admins = { access: (u: AuthUser) => u.role === 'ADMIN' };

export default async function uploadRoutes(app: FastifyInstance, { config, storage, db }: Pick<Services, 'config' | 'storage' | 'db'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/utils/pre-signed-url',
    {
      config: { access: mayUpload },
      schema: {
        tags: ['uploads'],
        summary: 'A signed URL to PUT one file to (with the same Content-Type), and the URL to read it from afterwards',
        querystring: preSignedUrlQuery,
        response: answers(signedUploadSchema),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { key, size } = request.query;
      const contentType = request.query.contentType as UploadContentType;
      // S3 is told the size (signed), the local storage counts the bytes that arrive.
      if (storage.kind === 's3' && size === undefined) throw badRequest("Send the file's size in bytes (size) with the request.", { size: 'Required' });
      if (size !== undefined && size > UPLOAD_TYPES[contentType].maxBytes) throw tooLarge(UPLOAD_TYPES[contentType].maxBytes);
      const uploader = { id: user.id, clientId: user.clientId };
      await roomFor(db, config.storageQuota, uploader, size ?? 0);
      // PUBLIC_URL (or this loopback server), never the request's Host or X-Forwarded-Host.
      const signed = storage.signUpload({ name: key, contentType, baseUrl: config.publicUrl, size });
      await recordSignedUpload(db, { key: signed.key, uploader, contentType, declaredBytes: size, storedBytes: storage.kind === 's3' ? size : undefined });
      reply.header('cache-control', 'no-store');
      return ok(signed);
    },
  );

  r.get(
    '/storage-usage',
    { config: admins, schema: { tags: ['uploads'], summary: 'Bytes stored per account and per client, with the quotas (administrators)', response: answers(storageUsageSchema) } },
    async () => ok({ quotas: config.storageQuota, ...(await usageReport(db)) }),
  );

  r.get(
    '/storage-usage/me',
    { config: { access: mayUpload }, schema: { tags: ['uploads'], summary: "The caller's own storage usage, and its client's", response: answers(ownStorageUsageSchema) } },
    async (request) => {
      const user = currentUser(request);
      const usage = await usageOf(db, { id: user.id, clientId: user.clientId });
      return ok({
        user: { bytes: usage.userBytes, quotaBytes: config.storageQuota.userBytes },
        client: usage.clientBytes === null ? null : { bytes: usage.clientBytes, quotaBytes: config.storageQuota.clientBytes },
      });
    },
  );
}
