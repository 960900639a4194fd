/**
 * Dashboards (issue 11): the date range the figures follow, the answers' shapes, and the links from
 * each figure to the list behind it. Shared by the server (validation, month buckets) and the pages.
 *
 * Days and months are India's (Asia/Kolkata): a range is whole days there, and the charts' months
 * are its calendar months, whichever zone the server or the browser runs in.
 */
import { z } from 'zod';
import { nameTranslationAnswerSchema } from './answers';
import type { InvitationStatus } from './attempt';
import { QUESTION_STATUSES, RATING_BANDS } from './content';
import { ORDER_STATUSES } from './business';
import { can, type Principal } from './permissions';

/**
 * Which figures a user's dashboard shows: the provider's (its admin and own team), a client's (its
 * users), or none (a USER, a global role, anyone without the DASHBOARD view): they see their areas.
 */
export function dashboardKind(user: (Principal & { clientId?: string | null }) | null | undefined): 'admin' | 'client' | null {
  if (!user || !can(user, 'DASHBOARD', 'view')) return null;
  if (user.role === 'ADMIN' || (user.membershipType === 'SKILLGAUGE_TEAM' && !user.clientId)) return 'admin';
  if (user.role === 'CLIENT' || user.membershipType === 'CLIENT_SPECIFIC_ROLE') return 'client';
  return null;
}

export const DASHBOARD_TIME_ZONE = 'Asia/Kolkata';
/** India's offset from UTC; the zone has had no daylight saving since 1945. */
const IST_OFFSET = '+05:30';
const IST_OFFSET_MS = 330 * 60_000;

export const RANGE_PRESETS = ['THIS_MONTH', 'LAST_3_MONTHS', 'LAST_12_MONTHS', 'CUSTOM'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET = 'LAST_12_MONTHS' satisfies RangePreset;
/** The longest range a dashboard answers: ten years of months is already a long chart. */
export const MAX_RANGE_DAYS = 3660;

export const DASHBOARD_MESSAGES = {
  badDate: 'Give dates as YYYY-MM-DD',
  fromAfterTo: 'The start date must not be after the end date.',
  tooLong: `A dashboard covers at most ${MAX_RANGE_DAYS} days.`,
  halfRange: 'Give both a start date and an end date, or neither.',
  chooseClient: 'Choose a client to see its dashboard.',
  noClient: 'Your account belongs to no client, so there is no client dashboard to show.',
  badClient: 'Choose a client from the list',
  badAssessment: 'Choose an assessment from the list',
} as const;

export interface DateRange {
  /** First day, YYYY-MM-DD (India). */
  from: string;
  /** Last day, included, YYYY-MM-DD (India). */
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar day in India of an instant. */
export function indiaDay(at: Date): string {
  const d = new Date(at.getTime() + IST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The first day of the month `back` months before the month of `day`. */
function monthStart(day: string, back: number): string {
  const [y, m] = day.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
}

/** A preset's days up to today: whole calendar months, so each month of the chart is complete but the current one. */
export function presetRange(preset: Exclude<RangePreset, 'CUSTOM'>, now: Date = new Date()): DateRange {
  const today = indiaDay(now);
  const back = preset === 'THIS_MONTH' ? 0 : preset === 'LAST_3_MONTHS' ? 2 : 11;
  return { from: monthStart(today, back), to: today };
}

/** The instants a range covers: [start, end) in UTC. */
export function rangeBounds(range: DateRange): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00${IST_OFFSET}`);
  const end = new Date(new Date(`${range.to}T00:00:00${IST_OFFSET}`).getTime() + 86_400_000);
  return { start, end };
}

/** The months (YYYY-MM) a range touches, in order: the charts show empty months as zero, not as gaps. */
export function monthsOf(range: DateRange): string[] {
  const months: string[] = [];
  let [y, m] = range.from.split('-').map(Number);
  const [ty, tm] = range.to.split('-').map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${pad(m)}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return months;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DASHBOARD_MESSAGES.badDate).refine((s) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100;
}, DASHBOARD_MESSAGES.badDate);

/** The range fields of a dashboard call's query; check them with `checkRange`. */
export const rangeFields = { from: day.optional(), to: day.optional() };

/** Both days or neither (then the default preset), in order, not too far apart. */
export function checkRange(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!q.from !== !q.to) ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: DASHBOARD_MESSAGES.halfRange });
  else if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.fromAfterTo });
  else if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.tooLong });
}

export const rangeQuerySchema = z.object(rangeFields).superRefine(checkRange);

/** The range a query names, or the default one. */
export function rangeOf(query: { from?: string; to?: string }, now: Date = new Date()): DateRange {
  return query.from && query.to ? { from: query.from, to: query.to } : presetRange(DEFAULT_PRESET, now);
}

// ---- Answers -------------------------------------------------------------------------------

/** How the dashboards group invitations: a lapsed, unopened invitation counts as expired. */
export const FUNNEL_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'EXPIRED', 'DISQUALIFIED'] as const satisfies readonly InvitationStatus[];
const count = z.number();
/** Invitations by status (FUNNEL_STATUSES) and in all. */
export const invitationCountsSchema = z.object({ PENDING: count, IN_PROGRESS: count, COMPLETED: count, EXPIRED: count, DISQUALIFIED: count, total: count });
export type InvitationCounts = z.input<typeof invitationCountsSchema>;

export const monthFigureSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** Invitations sent that month (absent when the user may not see candidates). */
  invited: z.number().optional(),
  completed: z.number().optional(),
  /** Orders placed that month (absent when the user may not see orders). */
  orders: z.number().optional(),
  /** Payments received that month, in paise. */
  revenuePaise: z.number().optional(),
});
export type MonthFigure = z.input<typeof monthFigureSchema>;

export const namedCountSchema = z.object({
  /** Null: the records that have none (no industry, no zone). */
  id: z.string().nullable(),
  name: z.string().nullable(),
  count: z.number(),
});
export type NamedCount = z.input<typeof namedCountSchema>;

export const orderStateFigureSchema = z.object({ status: z.enum(ORDER_STATUSES), count: z.number(), totalPaise: z.number() });
export type OrderStateFigure = z.input<typeof orderStateFigureSchema>;

export const licenceFiguresSchema = z.object({
  /** Credits of licences granted in the range. */
  granted: z.number(),
  /** Credits spent by invitations sent in the range. */
  spent: z.number(),
  /** Credits left today on valid, unrevoked licences. */
  remaining: z.number(),
});
export type LicenceFigures = z.input<typeof licenceFiguresSchema>;

const dateRangeSchema = z.object({ from: z.string(), to: z.string() });

/** GET /api/dashboard/admin. A section is null when the user may not view its list. */
export const adminDashboardSchema = z.object({
  range: dateRangeSchema,
  clients: z.object({ total: z.number(), active: z.number(), newInRange: z.number(), byIndustry: z.array(namedCountSchema), byZone: z.array(namedCountSchema) }).nullable(),
  licences: licenceFiguresSchema.nullable(),
  orders: z.object({ byState: z.array(orderStateFigureSchema), paidPaise: z.number(), pendingPaise: z.number() }).nullable(),
  questions: z.object({ byStatus: z.record(z.enum(QUESTION_STATUSES), z.number()), total: z.number() }).nullable(),
  invitations: invitationCountsSchema.nullable(),
  months: z.array(monthFigureSchema),
});
export type AdminDashboard = z.input<typeof adminDashboardSchema>;

/** GET /api/dashboard/admin/industries: one row per industry (null: clients without one, and the provider's own). */
export const industryFigureSchema = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  clients: z.number(),
  invited: z.number(),
  completed: z.number(),
  paidPaise: z.number(),
});
export type IndustryFigure = z.input<typeof industryFigureSchema>;

export const skillFigureSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The skill's name in other languages: a reader of one sees it (`nameIn`). */
  translations: z.array(nameTranslationAnswerSchema),
  scored: z.number(),
  averagePercent: z.number(),
  band: z.enum(RATING_BANDS),
});
export type SkillFigure = z.input<typeof skillFigureSchema>;

export const stageFigureSchema = z.object({ id: z.string(), name: z.string(), position: z.number(), candidates: z.number() });
export type StageFigure = z.input<typeof stageFigureSchema>;

/** GET /api/dashboard/client. */
export const clientDashboardSchema = z.object({
  range: dateRangeSchema,
  clientId: z.string(),
  assessmentId: z.string().nullable(),
  assessments: z.object({ total: z.number(), active: z.number() }),
  invitations: invitationCountsSchema,
  /** Completed out of those invited in the range, as a percentage; null when nobody was invited. */
  completionRate: z.number().nullable(),
  skills: z.array(skillFigureSchema),
  licences: z.object({ credits: z.number(), used: z.number(), remaining: z.number(), lowThreshold: z.number(), low: z.boolean(), validCount: z.number() }),
  stages: z.array(stageFigureSchema),
  openJobs: z.number(),
  months: z.array(monthFigureSchema),
});
export type ClientDashboard = z.input<typeof clientDashboardSchema>;

/** GET /api/dashboard/client/assessments: one row per assessment with invitations in the range. */
export const assessmentFigureSchema = z.object({
  id: z.string(),
  name: z.string(),
  invited: z.number(),
  started: z.number(),
  completed: z.number(),
  expired: z.number(),
  averagePercent: z.number().nullable(),
});
export type AssessmentFigure = z.input<typeof assessmentFigureSchema>;

/** A row of GET /api/dashboard/client/assessments/dropdown. */
export const dropdownOptionSchema = z.object({ id: z.string(), name: z.string() });
export type DropdownOption = z.input<typeof dropdownOptionSchema>;

/** Completed out of invited, one decimal; null when nobody was invited. */
export function completionRate(completed: number, invited: number): number | null {
  return invited > 0 ? Math.round((completed / invited) * 1000) / 10 : null;
}

// ---- Links -------------------------------------------------------------------------------

/** A react-admin list with a filter in its URL (the list reads it from there). */
export function listLink(path: string, filter?: Record<string, unknown>): string {
  return filter && Object.keys(filter).length ? `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}` : path;
}

/** The invitations list (/candidate) for invitations sent in the range, with more filters. */
export function invitationsLink(range: DateRange, filter: Record<string, unknown> = {}): string {
  const { start, end } = rangeBounds(range);
  return listLink('/candidate', { ...filter, invitedAt_gte: start.toISOString(), invitedAt_lte: new Date(end.getTime() - 1).toISOString() });
}

/** The orders list for orders placed in the range. */
export function ordersLink(range: DateRange, filter: Record<string, unknown> = {}): string {
  const { start, end } = rangeBounds(range);
  return listLink('/orders', { ...filter, placedAt_gte: start.toISOString(), placedAt_lte: new Date(end.getTime() - 1).toISOString() });
}

export const DASHBOARD_PATHS = {
  clients: '/skillgaugeClient',
  licences: '/clientLicence',
  questions: '/questions',
  assessments: '/assessment',
  jobs: '/jobs',
  stages: '/managehiringstages',
  orders: '/orders',
  placeOrder: '/orders',
} as const;
