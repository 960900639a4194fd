/**
 * The client business (issue 11, ARCHITECTURE.md section 7c): clients, licences, orders and
 * payments, campaigns, jobs and hiring stages. Shared by the browser and the server: the kinds,
 * the limits, the pure rules (an order's figures, which licence an invitation spends, a licence's
 * balance) and the messages' English (their codes: src/domain/allMessages.ts).
 * Money is in paise (whole numbers), tax rates in basis points (1800 = 18 %).
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { ENTRY_TYPES } from './assessment';
import { INVITATION_STATUSES } from './attempt';
import { can, granted, isTeamMember, type Principal } from './permissions';
import { FIELD_MESSAGES } from './fieldMessages';

// ---------------------------------------------------------------------------------------------
// Clients

export const LEGAL_TYPES = ['INDIVIDUAL', 'PROPRIETOR', 'PARTNERSHIP', 'PRIVATE_LIMITED', 'LIMITED', 'PPF', 'OTHERS'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];
/** The names; screens translate them. */
export const LEGAL_TYPE_LABELS: Record<LegalType, string> = {
  INDIVIDUAL: 'Individual',
  PROPRIETOR: 'Proprietor',
  PARTNERSHIP: 'Partnership',
  PRIVATE_LIMITED: 'Private limited company',
  LIMITED: 'Limited company',
  PPF: 'PPF',
  OTHERS: 'Others',
};

/** India's sales zones, as the provider's sales team divides the country. */
export const ZONES = ['NORTH', 'SOUTH', 'EAST', 'WEST', 'CENTRAL', 'NORTH_EAST'] as const;
export type Zone = (typeof ZONES)[number];

export const CLIENT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** The fields of its company a signed-in client may change at /details; the rest are the provider's. */
export const CLIENT_EDITABLE_BY_CLIENT = ['address', 'city', 'state', 'postalCode', 'website', 'phone', 'email', 'logoFileId', 'contacts', 'slug'] as const;

/** GSTIN: 2-digit state code, the PAN, an entity number, 'Z', a check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** PAN: 5 letters, 4 digits, 1 letter. */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const POSTAL_CODE_PATTERN = /^[1-9][0-9]{5}$/;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Whether a GSTIN is well formed and its check character right (the GST network's mod-36 checksum). */
export function isValidGstin(value: string): boolean {
  const gstin = value.trim().toUpperCase();
  if (!GSTIN_PATTERN.test(gstin)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(gstin[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] === gstin[14];
}

/** A client's own settings for a provider-library assessment it was given. */
export interface ClientAssessmentSettings {
  /** Its own name for it, shown to its candidates; null keeps the library's. */
  displayName?: string | null;
  /** A subset of the assessment's languages; absent: all of them. */
  languages?: string[];
  /** Days an invitation stays valid; absent: the default. */
  invitationDays?: number;
}

// ---------------------------------------------------------------------------------------------
// Licences

/** A client is warned when its valid credits fall to this share of what it bought, or below its own threshold. */
export const LOW_CREDIT_SHARE = 0.1;

export interface LicenceFigures {
  credits: number;
  used: number;
  validFrom: Date | string;
  validUntil: Date | string;
  revokedAt?: Date | string | null;
}

export type LicenceState = 'UPCOMING' | 'VALID' | 'EXHAUSTED' | 'EXPIRED' | 'REVOKED';

export function licenceState(licence: LicenceFigures, now: number): LicenceState {
  if (licence.revokedAt) return 'REVOKED';
  if (new Date(licence.validUntil).getTime() <= now) return 'EXPIRED';
  if (new Date(licence.validFrom).getTime() > now) return 'UPCOMING';
  return licence.used >= licence.credits ? 'EXHAUSTED' : 'VALID';
}

export const remainingCredits = (licence: Pick<LicenceFigures, 'credits' | 'used'>) => Math.max(0, licence.credits - licence.used);

/**
 * A licence's credits as a client reads them: `remaining`, those it can still spend (now or, on an
 * upcoming licence, from its start); `lapsed`, those left unspent when it expired or was revoked,
 * which can never be spent. One of the two is 0.
 */
export function creditFigures(licence: LicenceFigures, now: number): { remaining: number; lapsed: number } {
  const unused = remainingCredits(licence);
  const state = licenceState(licence, now);
  return state === 'EXPIRED' || state === 'REVOKED' ? { remaining: 0, lapsed: unused } : { remaining: unused, lapsed: 0 };
}

/**
 * The order in which an invitation spends credits: valid licences for this assessment or for any,
 * the soonest to expire first (so that no credit expires unused while a later one is spent), then
 * those for this assessment before those for any, then the oldest. The server's statement sorts the same way.
 */
export function licenceSpendOrder<T extends LicenceFigures & { assessmentId: string | null; createdAt: Date | string }>(licences: readonly T[], assessmentId: string, now: number): T[] {
  return licences
    .filter((l) => (l.assessmentId === null || l.assessmentId === assessmentId) && licenceState(l, now) === 'VALID')
    .sort(
      (a, b) =>
        new Date(a.validUntil).getTime() - new Date(b.validUntil).getTime() ||
        Number(a.assessmentId === null) - Number(b.assessmentId === null) ||
        new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
    );
}

export const LICENCE_STATES = ['UPCOMING', 'VALID', 'EXHAUSTED', 'EXPIRED', 'REVOKED'] as const satisfies readonly LicenceState[];

/** What the admin may give in one licence. */
export const LICENCE_LIMITS = { minCredits: 1, maxCredits: 100_000, notesMax: 1_000 } as const;

/**
 * Whether a client runs low: its remaining valid credits at or below its own threshold, or at or
 * below LOW_CREDIT_SHARE of the credits its valid licences hold. No credit at all is always low.
 */
export function isLowOnCredits(balance: { remaining: number; credits: number }, threshold: number): boolean {
  return balance.remaining <= 0 || balance.remaining <= threshold || balance.remaining <= balance.credits * LOW_CREDIT_SHARE;
}

/**
 * Who may read licences and balances: provider staff with LICENCES view (rule A), and a client's
 * own users for their client (read only): the CLIENT account, and its team members who may invite
 * candidates or see orders (they spend and buy the credits).
 */
export function canSeeLicences(user: Principal | null | undefined): boolean {
  if (!user) return false;
  if (can(user, 'LICENCES', 'view') || user.role === 'CLIENT') return true;
  return isTeamMember(user) && user.membershipType === 'CLIENT_SPECIFIC_ROLE' && (granted(user, 'CANDIDATES', 'create') || granted(user, 'ORDERS', 'view'));
}

// ---------------------------------------------------------------------------------------------
// Orders and payments

export const ORDER_STATUSES = ['PENDING', 'PAID', 'CANCELLED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How a payment arrived. MANUAL (the default provider) means the provider's staff recorded it by hand. */
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'UPI', 'CHEQUE', 'CARD', 'CASH', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_LIMITS = { minCredits: 1, maxCredits: 100_000 } as const;
/** A licence granted by a paid order is valid this long from the payment. */
export const ORDER_LICENCE_DAYS = 365;
/** India's GST on online services, the price list's default. */
export const DEFAULT_TAX_RATE_BP = 1800;

export interface OrderFigures {
  credits: number;
  unitPricePaise: number;
  taxRateBp: number;
  subtotalPaise: number;
  taxPaise: number;
  totalPaise: number;
}

/** An order's figures from the price list: tax rounded half up to the paisa, the total their sum. */
export function orderFigures(credits: number, unitPricePaise: number, taxRateBp: number): OrderFigures {
  const subtotalPaise = credits * unitPricePaise;
  const taxPaise = Math.floor((subtotalPaise * taxRateBp + 5_000) / 10_000);
  return { credits, unitPricePaise, taxRateBp, subtotalPaise, taxPaise, totalPaise: subtotalPaise + taxPaise };
}

/** What is still owed on an order after its payments. */
export const outstandingPaise = (totalPaise: number, paidPaise: number) => Math.max(0, totalPaise - paidPaise);

export const PAYMENT_LIMITS = { referenceMax: 100, notesMax: 1_000 } as const;
/** Refunding revokes the order's licence: its unused credits can no longer be spent; credits already spent stay spent. */
export const ORDER_MESSAGES = {
  noPrice: 'This assessment has no price yet; contact Skillgauge',
  notYours: 'You can order credits only for an assessment your company may use.',
  clientsOnly: 'Orders are placed by a client’s users.',
  notPaid: 'Only a paid order can be refunded.',
  hasPayments: 'This order has payments: ask Skillgauge to cancel it.',
  referenceDiffers: 'A payment with this reference was already recorded with another amount.',
  staffOnly: 'Payments are recorded by Skillgauge’s staff.',
  priceExists: 'There is already a price for this assessment: change that one.',
  // The fields of an order, a payment and a price (server/modules/orders' schemas).
  chooseAssessment: 'Choose an assessment.',
  creditsNumber: 'Enter the number of credits.',
  creditsWhole: 'Credits are whole numbers.',
  creditsMin: `Order at least ${ORDER_LIMITS.minCredits} credit.`,
  creditsMax: `Order at most ${ORDER_LIMITS.maxCredits} credits at once.`,
  notesMax: `Notes can be at most ${PAYMENT_LIMITS.notesMax} characters.`,
  amountNumber: 'The amount must be a number of paise.',
  amountWhole: 'The amount must be a whole number of paise.',
  amountPositive: 'The amount must be more than zero.',
  amountTooLarge: 'The amount is too large.',
  priceNumber: 'The price must be a number of paise.',
  priceWhole: 'The price must be a whole number of paise.',
  priceNegative: 'The price cannot be negative.',
  priceTooLarge: 'The price is too large.',
  method: 'Choose how it was paid: bank transfer, UPI, cheque, card, cash or other.',
  referenceRequired: 'Enter the payment’s reference (UTR, cheque number…).',
  referenceMax: `The reference can be at most ${PAYMENT_LIMITS.referenceMax} characters.`,
  paidOnFormat: 'The payment date must be a date (YYYY-MM-DD).',
  paidOnReal: 'The payment date is not a real date.',
  paidOnFuture: 'The payment date cannot be in the future.',
  paidOnPast: 'The payment date is too far in the past.',
  taxNumber: 'The tax rate must be a number.',
  taxWhole: 'The tax rate is in basis points (1800 = 18 %).',
  taxNegative: 'The tax rate cannot be negative.',
  taxMax: 'The tax rate can be at most 100 %.',
} as const;

// ---------------------------------------------------------------------------------------------
// Campaigns

export const CAMPAIGN_STATUSES = ['SCHEDULED', 'RUNNING', 'ENDED', 'CANCELLED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export function campaignStatus(campaign: { startsAt: Date | string; endsAt: Date | string; cancelledAt?: Date | string | null }, now: number): CampaignStatus {
  if (campaign.cancelledAt) return 'CANCELLED';
  if (new Date(campaign.startsAt).getTime() > now) return 'SCHEDULED';
  return new Date(campaign.endsAt).getTime() > now ? 'RUNNING' : 'ENDED';
}

export const CAMPAIGN_LIMITS = { reminderDaysMin: 1, reminderDaysMax: 30, maxReminders: 10, subjectMax: 200, bodyMax: 5_000, candidatesMax: 5_000 } as const;
/** The placeholders a campaign's mail may use; {{link}} is required (a mail without the link is useless). */
export const MAIL_PLACEHOLDERS = ['name', 'assessment', 'link', 'validUntil', 'company'] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];

/** Fills a mail template's {{placeholders}}; unknown ones are left as written. */
export function fillTemplate(template: string, values: Partial<Record<MailPlaceholder, string>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? (values[name as MailPlaceholder] ?? '') : whole));
}

// ---------------------------------------------------------------------------------------------
// Jobs and hiring stages (specification section 9's job filters)

export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACT'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = { FULL_TIME: 'Full-time', PART_TIME: 'Part-time', CONTRACT: 'Contract' };

export const WORK_MODES = ['ON_SITE', 'HYBRID', 'REMOTE'] as const;
export type WorkMode = (typeof WORK_MODES)[number];
export const WORK_MODE_LABELS: Record<WorkMode, string> = { ON_SITE: 'On-site', HYBRID: 'Hybrid', REMOTE: 'Remote' };

export const NOTICE_PERIODS = ['IMMEDIATE', 'DAYS_15', 'MONTH_1', 'MONTHS_2'] as const;
export type NoticePeriod = (typeof NOTICE_PERIODS)[number];
export const NOTICE_PERIOD_LABELS: Record<NoticePeriod, string> = { IMMEDIATE: 'Immediate', DAYS_15: '15 Days', MONTH_1: '1 Month', MONTHS_2: '2 Months' };

/** Years of experience 0 to 9, where 9 reads "9+". */
export const EXPERIENCE_YEARS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const experienceLabel = (years: number) => (years >= 9 ? '9+' : String(years));

export const JOB_STATUSES = ['OPEN', 'CLOSED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The stages a client starts with (it may rename, reorder, add and remove them). */
export const DEFAULT_HIRING_STAGES = ['Applied', 'Assessment', 'Shortlisted', 'Interview', 'Offer', 'Hired', 'Rejected'] as const;
export const HIRING_STAGE_LIMITS = { max: 15, nameMax: 40 } as const;

// ---------------------------------------------------------------------------------------------
// Messages (English; their codes and Hindi: src/domain/allMessages.ts)

export const BUSINESS_MESSAGES = {
  noCredits: 'No assessment credits left: place an order or ask for a licence.',
  licenceCredits: 'Credits must be a whole number from 1 to 100,000.',
  licenceAssessment: 'Choose one of this client’s assessments, a library assessment it was given, or any assessment.',
  licenceClient: 'Choose a client.',
  balanceClient: 'Choose the client whose balance to show.',
  lowCredits: 'Only %{count} assessment credits left.',
  licenceDates: 'A licence must end after it starts.',
  licenceUsedBeyondCredits: 'A licence cannot hold fewer credits than it has already used.',
  orderNotPending: 'Only a pending order can be paid or cancelled.',
  overpaid: 'This payment is more than is owed on the order.',
  paymentRecorded: 'This payment was already recorded.',
  noPrice: 'This assessment has no price yet: ask the provider.',
  campaignDates: FIELD_MESSAGES.campaignEndAfterStarts,
  campaignLinkMissing: FIELD_MESSAGES.mailContainLinkWhere,
  campaignEnded: FIELD_MESSAGES.campaignEndedCancelled,
  stageInUse: 'Move the candidates out of this stage before removing it.',
  stageNameTaken: 'A stage with this name exists already.',
  invalidGstin: 'Enter a valid GSTIN (15 characters, e.g. 29ABCDE1234F1ZW).',
  invalidPan: 'Enter a valid PAN (e.g. ABCDE1234F).',
  invalidPostalCode: 'Enter a 6-digit PIN code.',
  gstinTaken: 'Another client has this GSTIN.',
  clientHasOrders: 'A client with orders or invitations cannot be deleted: set it inactive instead.',
} as const;

/** Every sentence the orders' calls answer with (codes order*: src/domain/allMessages.ts). */
export const ORDER_SERVER_MESSAGES = { ...ORDER_MESSAGES, orderNotPending: BUSINESS_MESSAGES.orderNotPending, overpaid: BUSINESS_MESSAGES.overpaid };

// ---------------------------------------------------------------------------------------------
// What the licences calls answer (server/modules/licences)

/** A row of GET /api/licences. */
export const licenceRowSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  /** Null: credits for any of the client's assessments. */
  assessmentId: z.string().nullable(),
  assessmentName: z.string().nullable(),
  credits: z.number(),
  used: z.number(),
  /** Credits still to spend; 0 once the licence expired or was revoked. */
  remaining: z.number(),
  /** Credits left unspent when it expired or was revoked. */
  lapsed: z.number(),
  validFrom: timestamp,
  validUntil: timestamp,
  revokedAt: timestamp.nullable(),
  orderId: z.string().nullable(),
  notes: z.string().nullable(),
  grantedByName: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  state: z.enum(LICENCE_STATES),
});

/** GET /api/licences/:id: the row and the invitations that spent its credits. */
export const licenceRecordSchema = licenceRowSchema.extend({
  usage: z.array(
    z.object({
      id: z.string(),
      candidateName: z.string(),
      candidateEmail: z.string(),
      assessmentId: z.string(),
      assessmentName: z.string().nullable(),
      status: z.enum(INVITATION_STATUSES),
      entryType: z.enum(ENTRY_TYPES),
      invitedAt: timestamp,
    }),
  ),
  usageTotal: z.number(),
});

/** GET /api/licences/balance */
export const balanceSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  credits: z.number(),
  remaining: z.number(),
  threshold: z.number(),
  low: z.boolean(),
  byAssessment: z.array(z.object({ assessmentId: z.string().nullable(), assessmentName: z.string().nullable(), credits: z.number(), remaining: z.number(), soonestExpiry: timestamp })),
});

/** A row of GET /api/licences/assessments: what a licence for the client may name. */
export const licensableSchema = z.object({ id: z.string(), name: z.string(), library: z.boolean() });
