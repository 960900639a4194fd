/** The health check's one statement. */
import { sql } from 'kysely';
import type { DB } from '../../db/index';

/** A round trip to the database; throws when it cannot be reached. */
export const pingDatabase = (db: DB) => sql`select 1`.execute(db);
