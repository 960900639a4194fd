/** Campaigns: list rows with their figures, one campaign, its invitations, and the state as SQL. */
import { sql, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import { campaignStatus, type CampaignStatus } from '../../../src/domain/business';
import type { CampaignsTable, Database } from '../../db/types';
import type { ListSpec } from '../../lib/rest';
import { attemptBegun } from '../assessments/queries';

type Db = Kysely<Database>;

/** campaignStatus() as a condition (the list filters on it); the same order of tests. */
export function statusCondition(status: CampaignStatus, now: Date) {
  switch (status) {
    case 'CANCELLED':
      return sql<SqlBool>`campaigns.cancelled_at is not null`;
    case 'SCHEDULED':
      return sql<SqlBool>`(campaigns.cancelled_at is null and campaigns.starts_at > ${now})`;
    case 'RUNNING':
      return sql<SqlBool>`(campaigns.cancelled_at is null and campaigns.starts_at <= ${now} and campaigns.ends_at > ${now})`;
    case 'ENDED':
      return sql<SqlBool>`(campaigns.cancelled_at is null and campaigns.starts_at <= ${now} and campaigns.ends_at <= ${now})`;
  }
}

export const selectCampaigns = (db: Db) =>
  db
    .selectFrom('campaigns')
    .innerJoin('assessments', 'assessments.id', 'campaigns.assessmentId')
    .leftJoin('clients', 'clients.id', 'campaigns.clientId')
    .select([
      'campaigns.id',
      'campaigns.name',
      'campaigns.description',
      'campaigns.clientId',
      'clients.name as clientName',
      'campaigns.assessmentId',
      'assessments.name as assessmentName',
      'campaigns.startsAt',
      'campaigns.endsAt',
      'campaigns.mailSubject',
      'campaigns.mailBody',
      'campaigns.reminderEveryDays',
      'campaigns.maxReminders',
      'campaigns.cancelledAt',
      'campaigns.createdAt',
      'campaigns.updatedAt',
    ])
    // The funnel: invited (not withdrawn), mailed, started, completed, the average stored score, reminders sent.
    .select((eb) => [
  eb
    .selectFrom('invitations')
    .select(sql<string>`count(*) filter (where invitations.revoked_at is null)`.as('n'))
    .whereRef('invitations.campaignId', '=', 'campaigns.id')
    .as('invitedCount'),
  eb
    .selectFrom('invitations')
    .select(sql<string>`count(*) filter (where invitations.revoked_at is null and invitations.mailed_at is not null)`.as('n'))
    .whereRef('invitations.campaignId', '=', 'campaigns.id')
    .as('mailedCount'),
  eb.selectFrom('invitations').select(sql<string>`count(*) filter (where ${attemptBegun})`.as('n')).whereRef('invitations.campaignId', '=', 'campaigns.id').as('startedCount'),
  eb
    .selectFrom('invitations')
    .select(sql<string>`count(*) filter (where invitations.status = 'COMPLETED')`.as('n'))
    .whereRef('invitations.campaignId', '=', 'campaigns.id')
    .as('completedCount'),
  eb
    .selectFrom('attemptScores')
    .innerJoin('invitations', 'invitations.id', 'attemptScores.invitationId')
    .select(sql<string | null>`avg(attempt_scores.percent)`.as('n'))
    .whereRef('invitations.campaignId', '=', 'campaigns.id')
    .where('invitations.status', '=', 'COMPLETED')
    .as('averageScore'),
  eb
    .selectFrom('campaignReminders')
    .innerJoin('invitations', 'invitations.id', 'campaignReminders.invitationId')
    .select(sql<string>`count(*)`.as('n'))
    .whereRef('invitations.campaignId', '=', 'campaigns.id')
    .as('reminderCount'),
    ]);

type CampaignListRow = Awaited<ReturnType<ReturnType<typeof selectCampaigns>['executeTakeFirstOrThrow']>>;
export type CampaignRow = ReturnType<typeof campaignRow>;

/** A row as the API answers it: counts as numbers, the state worked out now. */
export const campaignRow = (row: CampaignListRow, now = Date.now()) => ({
  ...row,
  status: campaignStatus(row, now),
  invitedCount: Number(row.invitedCount ?? 0),
  mailedCount: Number(row.mailedCount ?? 0),
  startedCount: Number(row.startedCount ?? 0),
  completedCount: Number(row.completedCount ?? 0),
  reminderCount: Number(row.reminderCount ?? 0),
  averageScore: row.averageScore === null || row.averageScore === undefined ? null : Math.round(Number(row.averageScore) * 10) / 10,
});

export const findCampaign = async (db: Db, id: string) => {
  const row = await selectCampaigns(db).where('campaigns.id', '=', id).executeTakeFirst();
  return row && campaignRow(row);
};

export const campaignSpec: ListSpec = {
  resource: 'campaigns',
  fields: {
    name: 'campaigns.name',
    clientId: 'campaigns.clientId',
    clientName: 'clients.name',
    assessmentId: 'campaigns.assessmentId',
    assessmentName: 'assessments.name',
    startsAt: 'campaigns.startsAt',
    endsAt: 'campaigns.endsAt',
    createdAt: 'campaigns.createdAt',
  },
  sortable: ['name', 'clientName', 'assessmentName', 'startsAt', 'endsAt', 'createdAt'],
  filterable: ['clientId', 'assessmentId', 'startsAt', 'endsAt', 'createdAt'],
  types: { clientId: 'uuid', assessmentId: 'uuid', startsAt: 'date', endsAt: 'date', createdAt: 'date' },
  searchable: ['campaigns.name', 'assessments.name', 'clients.name'],
  defaultSort: ['startsAt', 'DESC'],
  tenantColumn: 'campaigns.clientId',
};

/** A campaign's invitations: the candidate, the state, the stored score, the reminders sent. */
export const selectCampaignInvitations = (db: Db) =>
  db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
    .leftJoin('attemptScores', 'attemptScores.invitationId', 'invitations.id')
    .select([
      'invitations.id',
      'invitations.campaignId',
      'invitations.candidateId',
      'candidates.name as candidateName',
      'candidates.email as candidateEmail',
      'invitations.clientId',
      'invitations.status',
      'invitations.invitedAt',
      'invitations.mailedAt',
      'invitations.openedAt',
      'invitations.startedAt',
      'invitations.completedAt',
      'invitations.expiresAt',
      'invitations.revokedAt',
      'attemptScores.percent',
      'attemptScores.band',
    ])
    .select((eb) => [
      eb.selectFrom('campaignReminders').select(eb.fn.countAll<string>().as('n')).whereRef('campaignReminders.invitationId', '=', 'invitations.id').as('reminderCount'),
      eb.selectFrom('campaignReminders').select((s) => s.fn.max('campaignReminders.sentAt').as('at')).whereRef('campaignReminders.invitationId', '=', 'invitations.id').as('lastReminderAt'),
    ]);

type CampaignInvitationListRow = Awaited<ReturnType<ReturnType<typeof selectCampaignInvitations>['executeTakeFirstOrThrow']>>;
export const campaignInvitationRow = (row: CampaignInvitationListRow) => ({
  ...row,
  percent: row.percent === null ? null : Number(row.percent),
  reminderCount: Number(row.reminderCount ?? 0),
});

export const campaignInvitationSpec: ListSpec = {
  resource: 'invitations',
  fields: {
    candidateName: 'candidates.name',
    candidateEmail: 'candidates.email',
    status: 'invitations.status',
    invitedAt: 'invitations.invitedAt',
    startedAt: 'invitations.startedAt',
    completedAt: 'invitations.completedAt',
    percent: 'attemptScores.percent',
  },
  sortable: ['candidateName', 'candidateEmail', 'status', 'invitedAt', 'startedAt', 'completedAt', 'percent'],
  filterable: ['status'],
  searchable: ['candidates.name', 'candidates.email'],
  defaultSort: ['candidateName', 'ASC'],
  tenantColumn: 'invitations.clientId',
};

/**
 * Withdraws a campaign's links that were never opened (the revoke rule: each gives its credit back,
 * once, licence_id cleared in the same transaction). Answers how many were withdrawn.
 */
export async function withdrawUnopened(trx: Db, campaignId: string, now: Date): Promise<number> {
  const unopened = await trx
    .selectFrom('invitations')
    .select(['id', 'licenceId'])
    .where('campaignId', '=', campaignId)
    .where('revokedAt', 'is', null)
    .where('openedAt', 'is', null)
    .where('status', 'in', ['PENDING', 'EXPIRED'])
    .forUpdate()
    .execute();
  if (!unopened.length) return 0;
  await trx.updateTable('invitations').set({ revokedAt: now, licenceId: null, updatedAt: now }).where('id', 'in', unopened.map((i) => i.id)).execute();
  const credits = new Map<string, number>();
  for (const i of unopened) if (i.licenceId) credits.set(i.licenceId, (credits.get(i.licenceId) ?? 0) + 1);
  for (const [licenceId, n] of credits) await trx.updateTable('licences').set((eb) => ({ used: eb('used', '-', n), updatedAt: now })).where('id', '=', licenceId).execute();
  return unopened.length;
}

export const insertCampaign = (trx: Db, values: Insertable<CampaignsTable>) => trx.insertInto('campaigns').values(values).returningAll().executeTakeFirstOrThrow();

export const updateCampaign = (trx: Db, id: string, values: Updateable<CampaignsTable>) =>
  trx.updateTable('campaigns').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/**
 * The campaign if it is not cancelled, share-locked until the transaction ends: a cancel waits for
 * a row being added, and a row after a cancel finds none.
 */
export const lockLiveCampaign = (trx: Db, id: string) => trx.selectFrom('campaigns').select('id').where('id', '=', id).where('cancelledAt', 'is', null).forShare().executeTakeFirst();

/** Cancels the campaign only while it is not cancelled yet; answers undefined when it already was. */
export const cancelCampaign = (trx: Db, id: string, now: Date) =>
  trx.updateTable('campaigns').set({ cancelledAt: now, updatedAt: now }).where('id', '=', id).where('cancelledAt', 'is', null).returning('id').executeTakeFirst();

/** A candidate of the tenant (`clientId` null: the provider's own), if there is one. */
export const findTenantCandidate = (db: Db, id: string, clientId: string | null) =>
  db
    .selectFrom('candidates')
    .select(['id', 'name', 'email'])
    .where('id', '=', id)
    .where((eb) => (clientId ? eb('clientId', '=', clientId) : eb('clientId', 'is', null)))
    .executeTakeFirst();

export const findClientName = (db: Db, id: string) => db.selectFrom('clients').select('name').where('id', '=', id).executeTakeFirst();

/** The list's campaigns in any of `statuses` at `now` (all when none). */
export function selectCampaignsIn(db: Db, statuses: readonly CampaignStatus[], now: Date) {
  const query = selectCampaigns(db);
  return statuses.length ? query.where((eb) => eb.or(statuses.map((s) => statusCondition(s, now)))) : query;
}

/** The invitations list's selection, of one campaign. */
export const selectInvitationsOf = (db: Db, campaignId: string) => selectCampaignInvitations(db).where('invitations.campaignId', '=', campaignId);
