/**
 * Dashboards (issue 11): the date range the figures follow, the answers' shapes, and the links from
 * each figure to the list behind it. Shared by the server (validation, month buckets) and the pages.
 *
 * Days and months are India's (Asia/Kolkata): a range is whole days there, and the charts' months
 * are its calendar months, whichever zone the server or the browser runs in.
 */
import type { NameTranslation } from './language';
import { z } from 'zod';
import type { InvitationStatus } from './attempt';
import type { QuestionStatus, RatingBand } from './content';
import type { OrderStatus } from './business';
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
export type InvitationCounts = Record<InvitationStatus, number> & { total: number };

export interface MonthFigure {
  /** YYYY-MM */
  month: string;
  /** Invitations sent that month (absent when the user may not see candidates). */
  invited?: number;
  completed?: number;
  /** Orders placed that month (absent when the user may not see orders). */
  orders?: number;
  /** Payments received that month, in paise. */
  revenuePaise?: number;
}

export interface NamedCount {
  /** Null: the records that have none (no industry, no zone). */
  id: string | null;
  name: string | null;
  count: number;
}

export interface OrderStateFigure {
  status: OrderStatus;
  count: number;
  totalPaise: number;
}

export interface LicenceFigures {
  /** Credits of licences granted in the range. */
  granted: number;
  /** Credits spent by invitations sent in the range. */
  spent: number;
  /** Credits left today on valid, unrevoked licences. */
  remaining: number;
}

/** GET /api/dashboard/admin. A section is null when the user may not view its list. */
export interface AdminDashboard {
  range: DateRange;
  clients: { total: number; active: number; newInRange: number; byIndustry: NamedCount[]; byZone: NamedCount[] } | null;
  licences: LicenceFigures | null;
  orders: { byState: OrderStateFigure[]; paidPaise: number; pendingPaise: number } | null;
  questions: { byStatus: Record<QuestionStatus, number>; total: number } | null;
  invitations: InvitationCounts | null;
  months: MonthFigure[];
}

/** GET /api/dashboard/admin/industries: one row per industry (null: clients without one, and the provider's own). */
export interface IndustryFigure {
  id: string | null;
  name: string | null;
  clients: number;
  invited: number;
  completed: number;
  paidPaise: number;
}

export interface SkillFigure {
  id: string;
  name: string;
  /** The skill's name in other languages: a reader of one sees it (`nameIn`). */
  translations: NameTranslation[];
  scored: number;
  averagePercent: number;
  band: RatingBand;
}

export interface StageFigure {
  id: string;
  name: string;
  position: number;
  candidates: number;
}

/** GET /api/dashboard/client. */
export interface ClientDashboard {
  range: DateRange;
  clientId: string;
  assessmentId: string | null;
  assessments: { total: number; active: number };
  invitations: InvitationCounts;
  /** Completed out of those invited in the range, as a percentage; null when nobody was invited. */
  completionRate: number | null;
  skills: SkillFigure[];
  licences: { credits: number; used: number; remaining: number; lowThreshold: number; low: boolean; validCount: number };
  stages: StageFigure[];
  openJobs: number;
  months: MonthFigure[];
}

/** GET /api/dashboard/client/assessments: one row per assessment with invitations in the range. */
export interface AssessmentFigure {
  id: string;
  name: string;
  invited: number;
  started: number;
  completed: number;
  expired: number;
  averagePercent: number | null;
}

export interface DropdownOption {
  id: string;
  name: string;
}

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
