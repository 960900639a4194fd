/**
 * The dashboards' figures, each an SQL aggregate (count/sum with `filter (where …)`, `group by`,
 * months by `date_trunc` in India's zone): no row of a list travels to Node for a figure.
 *
 * Counting rules, one for every figure:
 * - invitations count by when they were sent (`invited_at` in the range); a withdrawn invitation
 *   (`revoked_at`) is not counted; an unopened one past its expiry counts as expired, as the
 *   invitations list shows it.
 * - orders count by when they were placed; revenue is the payments received in the range (by
 *   `paid_on`) on orders not refunded.
 * - licences: credits granted by licences created in the range, credits spent by invitations sent
 *   in the range, credits remaining today on valid, unrevoked licences.
 * - clients, questions, assessments and the hiring stages are counted as they stand today.
 */
import type { NameTranslation } from '../../../src/domain/language';
import { sql, type RawBuilder } from 'kysely';
import type { InvitationStatus } from '../../../src/domain/attempt';
import { QUESTION_STATUSES, ratingBand, type BandThresholds, type QuestionStatus } from '../../../src/domain/content';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/domain/business';
import {
  DASHBOARD_TIME_ZONE,
  monthsOf,
  rangeBounds,
  type AssessmentFigure,
  type DateRange,
  type DropdownOption,
  type IndustryFigure,
  type InvitationCounts,
  type MonthFigure,
  type NamedCount,
  type OrderStateFigure,
  type SkillFigure,
  type StageFigure,
} from '../../../src/domain/dashboards';
import type { DB } from '../../db/index';

/** bigint and numeric aggregates come back as text (pg) or numbers (PGlite). */
const num = (v: unknown) => (v == null ? 0 : Number(v));
const zone = sql.lit(DASHBOARD_TIME_ZONE);

/** Invitations counted by the dashboards: sent in the range, not withdrawn, of one client and assessment if given. */
export interface InvitationScope {
  range: DateRange;
  clientId?: string;
  assessmentId?: string | null;
}

function invitationWhere(alias: string, scope: InvitationScope): RawBuilder<unknown> {
  const { start, end } = rangeBounds(scope.range);
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql.join(
    [
      sql`${col('invited_at')} >= ${start}`,
      sql`${col('invited_at')} < ${end}`,
      sql`${col('revoked_at')} is null`,
      ...(scope.clientId ? [sql`${col('client_id')} = ${scope.clientId}::uuid`] : []),
      ...(scope.assessmentId ? [sql`${col('assessment_id')} = ${scope.assessmentId}::uuid`] : []),
    ],
    sql` and `,
  );
}

/** An unopened invitation past its expiry is expired, whether or not the sweep has marked it yet. */
const lapsed = (alias: string) => sql`(${sql.ref(`${alias}.status`)} = 'PENDING' and ${sql.ref(`${alias}.expires_at`)} <= now())`;
const statusIs = (alias: string, status: InvitationStatus): RawBuilder<unknown> => {
  const column = sql.ref(`${alias}.status`);
  if (status === 'PENDING') return sql`(${column} = 'PENDING' and not coalesce(${lapsed(alias)}, false))`;
  if (status === 'EXPIRED') return sql`(${column} = 'EXPIRED' or coalesce(${lapsed(alias)}, false))`;
  return sql`${column} = ${status}`;
};

export async function invitationCounts(db: DB, scope: InvitationScope): Promise<InvitationCounts> {
  const row = (
    await sql<Record<string, unknown>>`
      select count(*) as total,
        count(*) filter (where ${statusIs('i', 'PENDING')}) as pending,
        count(*) filter (where ${statusIs('i', 'IN_PROGRESS')}) as in_progress,
        count(*) filter (where ${statusIs('i', 'COMPLETED')}) as completed,
        count(*) filter (where ${statusIs('i', 'EXPIRED')}) as expired,
        count(*) filter (where ${statusIs('i', 'DISQUALIFIED')}) as disqualified
      from invitations i
      where ${invitationWhere('i', scope)}`.execute(db)
  ).rows[0];
  return {
    total: num(row.total),
    PENDING: num(row.pending),
    IN_PROGRESS: num(row.inProgress),
    COMPLETED: num(row.completed),
    EXPIRED: num(row.expired),
    DISQUALIFIED: num(row.disqualified),
  };
}

/** Invitations sent and completed per month of the range, every month present. */
export async function invitationMonths(db: DB, scope: InvitationScope): Promise<Map<string, { invited: number; completed: number }>> {
  const { rows } = await sql<{ month: string; invited: unknown; completed: unknown }>`
    select to_char(m, 'YYYY-MM') as month, invited, completed from (
      -- Grouped by the month's timestamp first, named after: hashing 12 timestamps, not sorting a million texts.
      select date_trunc('month', i.invited_at at time zone ${zone}) as m,
        count(*) as invited, count(*) filter (where i.status = 'COMPLETED') as completed
      from invitations i
      where ${invitationWhere('i', scope)}
      group by 1
    ) months`.execute(db);
  const byMonth = new Map(monthsOf(scope.range).map((m) => [m, { invited: 0, completed: 0 }]));
  for (const r of rows) byMonth.set(r.month, { invited: num(r.invited), completed: num(r.completed) });
  return byMonth;
}

// ---- Provider (admin) ----------------------------------------------------------------------

export async function clientFigures(db: DB, range: DateRange) {
  const { start, end } = rangeBounds(range);
  const totals = (
    await sql<Record<string, unknown>>`
      select count(*) as total, count(*) filter (where status = 'ACTIVE') as active,
        count(*) filter (where created_at >= ${start} and created_at < ${end}) as new_in_range
      from clients`.execute(db)
  ).rows[0];
  const byIndustry = await sql<{ id: string | null; name: string | null; count: unknown }>`
    select c.industry_id as id, ind.name, count(*) as count
    from clients c left join industries ind on ind.id = c.industry_id
    group by c.industry_id, ind.name order by count(*) desc, ind.name`.execute(db);
  const byZone = await sql<{ id: string | null; count: unknown }>`
    select zone as id, count(*) as count from clients group by zone order by count(*) desc, zone`.execute(db);
  const named = (rows: { id: string | null; name?: string | null; count: unknown }[]): NamedCount[] =>
    rows.map((r) => ({ id: r.id, name: r.name ?? r.id, count: num(r.count) }));
  return {
    total: num(totals.total),
    active: num(totals.active),
    newInRange: num(totals.newInRange),
    byIndustry: named(byIndustry.rows),
    byZone: named(byZone.rows),
  };
}

export async function licenceFigures(db: DB, range: DateRange) {
  const { start, end } = rangeBounds(range);
  const row = (
    await sql<Record<string, unknown>>`
      select
        (select coalesce(sum(credits), 0) from licences where created_at >= ${start} and created_at < ${end} and revoked_at is null) as granted,
        (select count(*) from invitations i where i.licence_id is not null and ${invitationWhere('i', { range })}) as spent,
        (select coalesce(sum(credits - used), 0) from licences where revoked_at is null and valid_from <= now() and valid_until > now()) as remaining`.execute(db)
  ).rows[0];
  return { granted: num(row.granted), spent: num(row.spent), remaining: num(row.remaining) };
}

export async function orderFigures(db: DB, range: DateRange) {
  const { start, end } = rangeBounds(range);
  const { rows } = await sql<{ status: OrderStatus; count: unknown; total: unknown; outstanding: unknown }>`
    select o.status, count(*) as count, coalesce(sum(o.total_paise), 0) as total,
      coalesce(sum(o.total_paise - coalesce(p.paid, 0)) filter (where o.status = 'PENDING'), 0) as outstanding
    from orders o
    left join (select order_id, sum(amount_paise) as paid from payments group by order_id) p on p.order_id = o.id
    where o.placed_at >= ${start} and o.placed_at < ${end}
    group by o.status`.execute(db);
  const byState: OrderStateFigure[] = ORDER_STATUSES.map((status) => {
    const r = rows.find((x) => x.status === status);
    return { status, count: num(r?.count), totalPaise: num(r?.total) };
  });
  const paid = (
    await sql<{ paid: unknown }>`
      select coalesce(sum(p.amount_paise), 0) as paid
      from payments p join orders o on o.id = p.order_id
      where p.paid_on between ${range.from}::date and ${range.to}::date and o.status <> 'REFUNDED'`.execute(db)
  ).rows[0];
  return { byState, paidPaise: num(paid.paid), pendingPaise: rows.reduce((sum, r) => sum + num(r.outstanding), 0) };
}

/** Orders placed and payments received per month of the range. */
export async function orderMonths(db: DB, range: DateRange): Promise<Map<string, { orders: number; revenuePaise: number }>> {
  const { start, end } = rangeBounds(range);
  const { rows } = await sql<{ month: string; orders: unknown; revenue: unknown }>`
    select month, sum(orders) as orders, sum(revenue) as revenue from (
      select to_char(date_trunc('month', placed_at at time zone ${zone}), 'YYYY-MM') as month, count(*) as orders, 0 as revenue
      from orders where placed_at >= ${start} and placed_at < ${end} group by 1
      union all
      select to_char(p.paid_on, 'YYYY-MM'), 0, sum(p.amount_paise)
      from payments p join orders o on o.id = p.order_id
      where p.paid_on between ${range.from}::date and ${range.to}::date and o.status <> 'REFUNDED' group by 1
    ) m group by month`.execute(db);
  const byMonth = new Map(monthsOf(range).map((m) => [m, { orders: 0, revenuePaise: 0 }]));
  for (const r of rows) byMonth.set(r.month, { orders: num(r.orders), revenuePaise: num(r.revenue) });
  return byMonth;
}

/** The provider's question bank by status, as it stands. */
export async function questionFigures(db: DB) {
  const { rows } = await sql<{ status: QuestionStatus; count: unknown }>`
    select status, count(*) as count from questions where origin = 'BANK' group by status`.execute(db);
  const byStatus = Object.fromEntries(QUESTION_STATUSES.map((s) => [s, num(rows.find((r) => r.status === s)?.count)])) as Record<QuestionStatus, number>;
  return { byStatus, total: Object.values(byStatus).reduce((a, b) => a + b, 0) };
}

export async function industryFigures(db: DB, range: DateRange): Promise<IndustryFigure[]> {
  const { rows } = await sql<{ id: string | null; name: string | null; clients: unknown; invited: unknown; completed: unknown; paid: unknown }>`
    with inv as (
      select i.client_id, count(*) as invited, count(*) filter (where i.status = 'COMPLETED') as completed
      from invitations i where ${invitationWhere('i', { range })} and i.client_id is not null
      group by i.client_id
    ), pay as (
      select o.client_id, sum(p.amount_paise) as paid
      from payments p join orders o on o.id = p.order_id
      where p.paid_on between ${range.from}::date and ${range.to}::date and o.status <> 'REFUNDED'
      group by o.client_id
    )
    select c.industry_id as id, ind.name, count(*) as clients,
      coalesce(sum(inv.invited), 0) as invited, coalesce(sum(inv.completed), 0) as completed, coalesce(sum(pay.paid), 0) as paid
    from clients c
    left join industries ind on ind.id = c.industry_id
    left join inv on inv.client_id = c.id
    left join pay on pay.client_id = c.id
    group by c.industry_id, ind.name
    order by coalesce(sum(inv.invited), 0) desc, ind.name`.execute(db);
  return rows.map((r) => ({ id: r.id, name: r.name, clients: num(r.clients), invited: num(r.invited), completed: num(r.completed), paidPaise: num(r.paid) }));
}

// ---- A client ------------------------------------------------------------------------------

export async function clientExists(db: DB, clientId: string) {
  return !!(await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst());
}

/** The client's assessments: its own and the library's it was given. */
export async function clientAssessmentCounts(db: DB, clientId: string) {
  const row = (
    await sql<Record<string, unknown>>`
      select count(*) as total, count(*) filter (where a.status = 'ACTIVE') as active
      from assessments a
      where a.client_id = ${clientId}::uuid
        or exists (select 1 from client_assessments ca where ca.client_id = ${clientId}::uuid and ca.assessment_id = a.id)`.execute(db)
  ).rows[0];
  return { total: num(row.total), active: num(row.active) };
}

/** Average stored score per skill over the scope's scored attempts, with the skill's own band for that average. */
export async function skillFigures(db: DB, scope: InvitationScope): Promise<SkillFigure[]> {
  const { rows } = await sql<{ id: string; name: string; translations: NameTranslation[]; thresholds: BandThresholds; scored: unknown; average: unknown }>`
    select ss.skill_id as id, qt.label as name, qt.translations, qt.thresholds, count(*) as scored, avg(ss.percent) as average
    from skill_scores ss
    join invitations i on i.id = ss.invitation_id
    join question_types qt on qt.id = ss.skill_id
    where ${invitationWhere('i', scope)} and ss.percent is not null
    group by ss.skill_id, qt.label, qt.translations, qt.thresholds
    order by qt.label`.execute(db);
  return rows.map((r) => {
    const averagePercent = Math.round(num(r.average) * 10) / 10;
    return { id: r.id, name: r.name, translations: r.translations ?? [], scored: num(r.scored), averagePercent, band: ratingBand(averagePercent, r.thresholds ?? undefined) };
  });
}

export async function clientLicences(db: DB, clientId: string) {
  const row = (
    await sql<Record<string, unknown>>`
      select coalesce(sum(l.credits), 0) as credits, coalesce(sum(l.used), 0) as used, count(l.id) as valid_count,
        (select low_credit_threshold from clients where id = ${clientId}::uuid) as low_threshold
      from licences l
      where l.client_id = ${clientId}::uuid and l.revoked_at is null and l.valid_from <= now() and l.valid_until > now()`.execute(db)
  ).rows[0];
  const credits = num(row.credits);
  const used = num(row.used);
  const lowThreshold = num(row.lowThreshold);
  return { credits, used, remaining: credits - used, lowThreshold, low: credits - used <= lowThreshold, validCount: num(row.validCount) };
}

/**
 * Candidates per hiring stage across the client's open jobs (of one assessment if given), every
 * stage present in its order: the client's own stages, or the provider's defaults when it has none.
 */
export async function stageFigures(db: DB, clientId: string, assessmentId?: string | null): Promise<{ stages: StageFigure[]; openJobs: number }> {
  const { rows } = await sql<{ id: string; name: string; position: number; candidates: unknown }>`
    select hs.id, hs.name, hs.position, count(jc.id) as candidates
    from hiring_stages hs
    left join (
      job_candidates jc join jobs j on j.id = jc.job_id and j.status = 'OPEN' and j.client_id = ${clientId}::uuid
        ${assessmentId ? sql`and j.assessment_id = ${assessmentId}::uuid` : sql``}
    ) on jc.stage_id = hs.id
    where hs.client_id = ${clientId}::uuid
      or (hs.client_id is null and not exists (select 1 from hiring_stages own where own.client_id = ${clientId}::uuid))
    group by hs.id, hs.name, hs.position
    order by hs.position, hs.name`.execute(db);
  const jobs = (
    await sql<{ open: unknown }>`
      select count(*) as open from jobs where client_id = ${clientId}::uuid and status = 'OPEN'
        ${assessmentId ? sql`and assessment_id = ${assessmentId}::uuid` : sql``}`.execute(db)
  ).rows[0];
  return { stages: rows.map((r) => ({ id: r.id, name: r.name, position: Number(r.position), candidates: num(r.candidates) })), openJobs: num(jobs.open) };
}

export const MAX_ASSESSMENT_ROWS = 100;

/** Per assessment, the scope's invitations by progress and the average stored score (busiest first). */
export async function assessmentFigures(db: DB, scope: InvitationScope): Promise<AssessmentFigure[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select a.id, a.name, count(*) as invited,
      count(*) filter (where i.started_at is not null or i.status in ('IN_PROGRESS', 'COMPLETED')) as started,
      count(*) filter (where i.status = 'COMPLETED') as completed,
      count(*) filter (where ${statusIs('i', 'EXPIRED')}) as expired,
      avg(s.percent) as average
    from invitations i
    join assessments a on a.id = i.assessment_id
    left join attempt_scores s on s.invitation_id = i.id
    where ${invitationWhere('i', scope)}
    group by a.id, a.name
    order by count(*) desc, a.name
    limit ${MAX_ASSESSMENT_ROWS}`.execute(db);
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    invited: num(r.invited),
    started: num(r.started),
    completed: num(r.completed),
    expired: num(r.expired),
    averagePercent: r.average == null ? null : Math.round(num(r.average) * 10) / 10,
  }));
}

/** The assessments a client's dashboard can be narrowed to: its own, those it was given, those it invited to. */
export async function assessmentOptions(db: DB, clientId: string): Promise<DropdownOption[]> {
  const { rows } = await sql<DropdownOption>`
    select a.id, a.name from assessments a
    where a.client_id = ${clientId}::uuid
      or exists (select 1 from client_assessments ca where ca.client_id = ${clientId}::uuid and ca.assessment_id = a.id)
      or a.id in (select distinct i.assessment_id from invitations i where i.client_id = ${clientId}::uuid)
    order by a.name, a.id`.execute(db);
  return rows;
}

/** Months of a range with the figures the caller may see, in order. */
export function monthFigures(
  months: string[],
  invitations?: Map<string, { invited: number; completed: number }>,
  orders?: Map<string, { orders: number; revenuePaise: number }>,
): MonthFigure[] {
  return months.map((month) => ({ month, ...invitations?.get(month), ...orders?.get(month) }));
}
