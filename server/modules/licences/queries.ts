/** The licences' reads: list rows with their state, a licence's usage, a client's balance. */
import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool } from 'kysely';
import { creditFigures, isLowOnCredits, licenceState, type LicenceState } from '../../../src/domain/business';
import type { DB } from '../../db/index';
import type { Database, LicencesTable } from '../../db/types';
import { assessmentNameFor } from '../../lib/assessment-names';

/** Each state as SQL, the same rule as licenceState (the database's now()). */
export function stateCondition(eb: ExpressionBuilder<Database, 'licences'>, state: LicenceState): Expression<SqlBool> {
  const live = sql<SqlBool>`licences.revoked_at is null and licences.valid_from <= now() and licences.valid_until > now()`;
  switch (state) {
    case 'REVOKED':
      return eb('licences.revokedAt', 'is not', null);
    case 'EXPIRED':
      return sql<SqlBool>`licences.revoked_at is null and licences.valid_until <= now()`;
    case 'UPCOMING':
      return sql<SqlBool>`licences.revoked_at is null and licences.valid_from > now() and licences.valid_until > now()`;
    case 'EXHAUSTED':
      return sql<SqlBool>`${live} and licences.used >= licences.credits`;
    case 'VALID':
      return sql<SqlBool>`${live} and licences.used < licences.credits`;
  }
}

export function selectLicences(db: DB) {
  return db
    .selectFrom('licences')
    .innerJoin('clients', 'clients.id', 'licences.clientId')
    .leftJoin('assessments', 'assessments.id', 'licences.assessmentId')
    .leftJoin('users as granter', 'granter.id', 'licences.grantedBy')
    .select([
      'licences.id',
      'licences.clientId',
      'clients.name as clientName',
      'licences.assessmentId',
      assessmentNameFor(sql.ref('licences.clientId')).as('assessmentName'),
      'licences.credits',
      'licences.used',
      'licences.validFrom',
      'licences.validUntil',
      'licences.revokedAt',
      'licences.orderId',
      'licences.notes',
      'granter.name as grantedByName',
      'licences.createdAt',
      'licences.updatedAt',
    ]);
}

type LicenceSelect = Awaited<ReturnType<ReturnType<typeof selectLicences>['executeTakeFirstOrThrow']>>;

export function licenceRow(row: LicenceSelect, now = Date.now()) {
  return { ...row, ...creditFigures(row, now), state: licenceState(row, now) };
}
export type LicenceRow = ReturnType<typeof licenceRow>;

export const findLicence = (db: DB, id: string) => selectLicences(db).where('licences.id', '=', id).executeTakeFirst();

/** The invitations that spent a licence's credits, newest first (at most `limit`), and how many there are. */
export async function licenceUsage(db: DB, licenceId: string, limit = 200) {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
      .innerJoin('assessments', 'assessments.id', 'invitations.assessmentId')
      .select([
        'invitations.id',
        'candidates.name as candidateName',
        'candidates.email as candidateEmail',
        'assessments.id as assessmentId',
        assessmentNameFor(sql.ref('invitations.clientId')).as('assessmentName'),
        'invitations.status',
        'invitations.entryType',
        'invitations.invitedAt',
      ])
      .where('invitations.licenceId', '=', licenceId)
      .orderBy('invitations.invitedAt', 'desc')
      .orderBy('invitations.id')
      .limit(limit)
      .execute(),
    db.selectFrom('invitations').select(sql<string>`count(*)`.as('n')).where('licenceId', '=', licenceId).executeTakeFirst(),
  ]);
  return { usage: rows, usageTotal: Number(counted?.n ?? 0) };
}

/**
 * A client's credits now: per assessment (null: any assessment) and in total, from the licences
 * valid today (revoked, expired and upcoming ones count for nothing), and whether it runs low.
 */
export async function clientBalance(db: DB, clientId: string) {
  const client = await db.selectFrom('clients').select(['id', 'name', 'lowCreditThreshold']).where('id', '=', clientId).executeTakeFirst();
  if (!client) return undefined;
  const rows = await db
    .selectFrom('licences')
    .leftJoin('assessments', 'assessments.id', 'licences.assessmentId')
    .select([
      'licences.assessmentId',
      assessmentNameFor(clientId).as('assessmentName'),
      sql<string>`sum(licences.credits)`.as('credits'),
      sql<string>`sum(licences.credits - licences.used)`.as('remaining'),
      sql<Date>`min(licences.valid_until)`.as('soonestExpiry'),
    ])
    .where('licences.clientId', '=', clientId)
    .where(sql<SqlBool>`licences.revoked_at is null and licences.valid_from <= now() and licences.valid_until > now()`)
    .groupBy(['licences.assessmentId', 'assessments.id', 'assessments.name'])
    .orderBy(sql`licences.assessment_id is not null`)
    .orderBy('assessmentName')
    .execute();
  const byAssessment = rows.map((r) => ({ assessmentId: r.assessmentId, assessmentName: r.assessmentName, credits: Number(r.credits), remaining: Number(r.remaining), soonestExpiry: r.soonestExpiry }));
  const credits = byAssessment.reduce((sum, r) => sum + r.credits, 0);
  const remaining = byAssessment.reduce((sum, r) => sum + r.remaining, 0);
  return {
    clientId: client.id,
    clientName: client.name,
    credits,
    remaining,
    threshold: client.lowCreditThreshold,
    low: isLowOnCredits({ credits, remaining }, client.lowCreditThreshold),
    byAssessment,
  };
}

/** The assessments a client's licence may name: its own, and the library ones it was given. */
export function licensableAssessments(db: DB, clientId: string) {
  return db
    .selectFrom('assessments')
    .select(['assessments.id', 'assessments.name', 'assessments.clientId'])
    .where((eb) =>
      eb.or([
        eb('assessments.clientId', '=', clientId),
        eb.and([
          eb('assessments.clientId', 'is', null),
          eb.exists(eb.selectFrom('clientAssessments').select('clientAssessments.assessmentId').whereRef('clientAssessments.assessmentId', '=', 'assessments.id').where('clientAssessments.clientId', '=', clientId)),
        ]),
      ]),
    )
    .orderBy('assessments.name')
    .limit(1000);
}

/** The list's licences in any of `states` (all without). */
export function selectLicencesIn(db: DB, states: readonly LicenceState[] | undefined) {
  const query = selectLicences(db);
  return states ? query.where((eb) => eb.or(states.map((s) => stateCondition(eb, s)))) : query;
}

/** The assessment if the client may have a licence for it. */
export const findLicensable = (db: DB, clientId: string, assessmentId: string) => licensableAssessments(db, clientId).where('assessments.id', '=', assessmentId).executeTakeFirst();


export const insertLicence = async (trx: DB, values: Insertable<LicencesTable>): Promise<string> => (await trx.insertInto('licences').values(values).returning('id').executeTakeFirstOrThrow()).id;

/** Revokes the licence only if it is not revoked yet; answers undefined when it already was. */
export const revokeLicence = (trx: DB, id: string) =>
  trx.updateTable('licences').set({ revokedAt: new Date(), updatedAt: new Date() }).where('id', '=', id).where('revokedAt', 'is', null).returning('id').executeTakeFirst();
