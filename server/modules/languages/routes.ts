/**
 * Languages of question content (English, Hindi and Bangla from the start) and each language's
 * content record. `/api/languages` is the resource; `/api/language` keeps the specification's calls.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageContentSchema, languageSchema } from '../../../src/domain/contentSchemas';
import { can, type Action } from '../../../src/domain/permissions';
import { languageAnswerSchema, languageContentAnswerSchema } from '../../../src/domain/masterDataAnswers';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, registerCrud } from '../../lib/crud';
import { notFound } from '../../lib/errors';
import type { Services } from '../../services';
import { findContentBefore, findLanguageContent, saveLanguageContent } from './queries';

/** Everyone who writes questions, tests or skills reads the languages; Languages holders change them. */
export const languageAccess = (user: AuthUser, action: Action) =>
  can(user, 'LANGUAGES', action) ||
  (action === 'view' && (can(user, 'QUESTIONS', 'view') || can(user, 'TESTS', 'view') || can(user, 'COMPETENCIES', 'view')));

export default async function languageRoutes(app: FastifyInstance, services: Services) {
  const definition = {
    table: 'languages' as const,
    spec: {
      resource: 'languages',
      fields: { code: 'languages.code', label: 'languages.label', isActive: 'languages.isActive', createdAt: 'languages.createdAt' },
      sortable: ['code', 'label', 'createdAt'],
      filterable: ['code', 'label', 'isActive'],
      types: { isActive: 'boolean' as const, createdAt: 'date' as const },
      searchable: ['languages.code', 'languages.label'],
      defaultSort: ['createdAt', 'ASC'] as [string, 'ASC'],
    },
    body: languageSchema,
    answer: languageAnswerSchema,
    allowed: languageAccess,
  };
  registerCrud(app, services, definition);
  // The specification's paths for the same records.
  registerCrud(app, services, { ...definition, path: '/language' });

  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const contentPath = '/language/language-content/:id';
  const tags = ['languages'];

  r.get(contentPath, { config: { access: (u: AuthUser) => languageAccess(u, 'view') }, schema: { tags, params: idParams, response: answers(languageContentAnswerSchema) } }, async (request) => {
    const row = await findLanguageContent(db, request.params.id);
    if (!row) throw notFound();
    return ok(row);
  });

  const save = async (id: string, content: Record<string, string>, user: AuthUser) => {
    const before = await findContentBefore(db, id);
    if (!before) throw notFound();
    return db.transaction().execute(async (trx) => {
      const row = await saveLanguageContent(trx, id, content);
      await recordAudit(trx, { userId: user.id, action: 'update', resource: 'language-content', recordId: id, before, after: row });
      return row;
    });
  };
  for (const method of ['post', 'put'] as const) {
    r[method](contentPath, { config: { access: (u: AuthUser) => languageAccess(u, 'edit') }, schema: { tags, params: idParams, body: languageContentSchema, response: answers(languageContentAnswerSchema) } }, async (request) =>
      ok(await save(request.params.id, request.body.content, currentUser(request))),
    );
  }
}
