/**
 * GET /api/utils/pre-signed-url?key=&contentType=: a signed URL to PUT one file to, and the URL the
 * file will be read from (specification section 7). The object key is timestamped and unique, so an
 * upload never replaces another.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../../src/domain/permissions';
import { currentUser, type AuthUser } from '../../lib/auth';
import { fileNameProblem, isUploadContentType, UPLOAD_CONTENT_TYPES, type Storage, type UploadContentType } from '../../lib/storage';
import type { Services } from '../../services';

/** Who may upload: question writers (create or edit), and USER accounts, who keep questions of their own. */
export const mayUpload = (user: AuthUser) => user.role === 'USER' || can(user, 'QUESTIONS', 'create') || can(user, 'QUESTIONS', 'edit');

const CONTENT_TYPE_MESSAGE = `contentType must be one of: ${UPLOAD_CONTENT_TYPES.join(', ')}.`;

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
    .refine(isUploadContentType, { error: `This file type cannot be uploaded: ${CONTENT_TYPE_MESSAGE}` }),
});

export default async function uploadRoutes(app: FastifyInstance, { config, storage }: Pick<Services, 'config'> & { storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/utils/pre-signed-url',
    {
      config: { access: mayUpload },
      schema: {
        tags: ['uploads'],
        summary: 'A signed URL to PUT one file to (with the same Content-Type), and the URL to read it from afterwards',
        querystring: preSignedUrlQuery,
      },
    },
    async (request, reply) => {
      currentUser(request);
      const { key, contentType } = request.query;
      // PUBLIC_URL (or this loopback server), never the request's Host or X-Forwarded-Host.
      const signed = storage.signUpload({ name: key, contentType: contentType as UploadContentType, baseUrl: config.publicUrl });
      reply.header('cache-control', 'no-store');
      return { result: 1, data: signed };
    },
  );
}
