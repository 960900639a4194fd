/**
 * Fixtures for the client business (issue 11): records written straight to the database, so a
 * test can set up a licence, a price or a stage without going through the screens' routes.
 */
import type { DB } from '../../server/db/index';

const DAY = 86_400_000;

export interface LicenceOptions {
  credits?: number;
  used?: number;
  /** Null: credits for any of the client's assessments. */
  assessmentId?: string | null;
  validFrom?: Date;
  validUntil?: Date;
}

/** Gives a client a licence (by default 100 credits for any assessment, valid from yesterday for 30 days). */
export async function grantLicence(db: DB, clientId: string, options: LicenceOptions = {}): Promise<string> {
  const now = Date.now();
  const row = await db
    .insertInto('licences')
    .values({
      clientId,
      assessmentId: options.assessmentId ?? null,
      credits: options.credits ?? 100,
      used: options.used ?? 0,
      validFrom: options.validFrom ?? new Date(now - DAY),
      validUntil: options.validUntil ?? new Date(now + 30 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The demo client's id by name ('Acme Industries', 'Globex Solutions'). */
export async function clientIdByName(db: DB, name: string): Promise<string> {
  return (await db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export interface OrderOptions {
  status?: 'PENDING' | 'PAID' | 'CANCELLED' | 'REFUNDED';
  subtotalPaise?: number;
  /** 18 % GST unless told otherwise. */
  taxPaise?: number;
  placedAt?: Date;
  assessmentId?: string | null;
}

/** Places an order for a client (by default 10 credits at ₹1,000 each plus 18 % GST, pending). */
export async function addOrder(db: DB, clientId: string, options: OrderOptions = {}): Promise<string> {
  const subtotal = options.subtotalPaise ?? 1_000_000;
  const tax = options.taxPaise ?? Math.round(subtotal * 0.18);
  const row = await db
    .insertInto('orders')
    .values({
      clientId,
      assessmentId: options.assessmentId ?? null,
      credits: 10,
      unitPricePaise: Math.round(subtotal / 10),
      taxRateBp: 1800,
      subtotalPaise: subtotal,
      taxPaise: tax,
      totalPaise: subtotal + tax,
      status: options.status ?? 'PENDING',
      placedAt: options.placedAt ?? new Date(),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records a payment against an order (a bank transfer, by hand). */
export async function addPayment(db: DB, orderId: string, amountPaise: number, paidOn: string): Promise<void> {
  await db.insertInto('payments').values({ orderId, amountPaise, method: 'BANK_TRANSFER', reference: `UTR${orderId.slice(0, 8)}${amountPaise}${paidOn}`, paidOn }).execute();
}

/** A client's hiring stages, in the order given: their ids by name. */
export async function addStages(db: DB, clientId: string | null, names: readonly string[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [position, name] of names.entries())
    ids[name] = (await db.insertInto('hiringStages').values({ clientId, name, position, updatedAt: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  return ids;
}

/** A job of a client (open unless told otherwise). */
export async function addJob(db: DB, clientId: string, options: { title?: string; status?: 'OPEN' | 'CLOSED'; assessmentId?: string | null } = {}): Promise<string> {
  const row = await db
    .insertInto('jobs')
    .values({
      clientId,
      title: options.title ?? 'Sales Executive',
      employmentType: 'FULL_TIME',
      workMode: 'ON_SITE',
      notice: 'MONTH_1',
      experienceMin: 1,
      assessmentId: options.assessmentId ?? null,
      status: options.status ?? 'OPEN',
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Puts a candidate on a job's board, in a stage. */
export async function addJobCandidate(db: DB, jobId: string, candidateId: string, stageId: string): Promise<string> {
  return (await db.insertInto('jobCandidates').values({ jobId, candidateId, stageId }).returning('id').executeTakeFirstOrThrow()).id;
}
