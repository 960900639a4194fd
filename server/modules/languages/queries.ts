/** A language's interface texts (its content); the language records themselves are lib/crud's. */
import type { DB } from '../../db/index';

export const findLanguageContent = (db: DB, id: string) => db.selectFrom('languages').select(['id', 'code', 'label', 'content']).where('id', '=', id).executeTakeFirst();

/** What an audit entry keeps of the content before a change. */
export const findContentBefore = (db: DB, id: string) => db.selectFrom('languages').select(['id', 'content']).where('id', '=', id).executeTakeFirst();

export const saveLanguageContent = (trx: DB, id: string, content: Record<string, string>) =>
  trx
    .updateTable('languages')
    .set({ content: JSON.stringify(content), updatedAt: new Date() })
    .where('id', '=', id)
    .returning(['id', 'code', 'label', 'content'])
    .executeTakeFirstOrThrow();
