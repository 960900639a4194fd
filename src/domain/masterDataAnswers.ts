/**
 * What the plain resources answer (server/lib/crud.ts registerCrud): categories, industries,
 * verticals, locations, answer titles and languages, each record as stored; and a language's
 * interface words.
 */
import { z } from 'zod';
import { timestamp } from './answers';

/** A category or an industry. */
export const namedRecordAnswerSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), createdAt: timestamp, updatedAt: timestamp });

/** A vertical: a named record of the provider (clientId null) or of one client. */
export const verticalAnswerSchema = namedRecordAnswerSchema.extend({ clientId: z.string().nullable() });

/** A location: the provider's (clientId null) or one client's. */
export const locationAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  clientId: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** An answer title: the line above a question's answers. */
export const answerTitleAnswerSchema = z.object({ id: z.string(), label: z.string(), isDefault: z.boolean(), createdAt: timestamp, updatedAt: timestamp });

/** A language of question content, with its interface words by key. */
export const languageAnswerSchema = z.object({
  id: z.string(),
  code: z.string(),
  label: z.string(),
  iconName: z.string().nullable(),
  content: z.record(z.string(), z.string()),
  isActive: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** GET /api/language/language-content/:id (and what saving it answers): a language's interface words. */
export const languageContentAnswerSchema = languageAnswerSchema.pick({ id: true, code: true, label: true, content: true });
