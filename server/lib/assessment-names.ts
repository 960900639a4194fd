/**
 * An assessment's name as a client calls it: the display name it gave a library assessment given
 * to it (client_assessments.settings.displayName), else the assessment's own. One SQL expression,
 * so that every list a client reads (its assessments, licences, orders) says the same.
 */
import { sql, type RawBuilder } from 'kysely';

/** For a query over `assessments`: the name of the client in `client` (a column of the row, or a client's id). */
export const assessmentNameFor = (client: RawBuilder<unknown> | string) =>
  sql<string>`coalesce((select ca.settings->>'displayName' from client_assessments ca where ca.assessment_id = assessments.id and ca.client_id = ${client}), assessments.name)`;
