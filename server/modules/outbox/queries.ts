/** The mail outbox as the admin reads it. */
import type { DB } from '../../db/index';

export const selectOutbox = (db: DB) => db.selectFrom('outbox').selectAll();

export const findOutboxMail = (db: DB, id: string) => selectOutbox(db).where('id', '=', id).executeTakeFirst();
