/**
 * Demo licences (issue 11), written before the demo invitations so that those spend real credits:
 * Acme has a pilot that expired, a small top-up that its invitations empty (it expires soonest, so
 * it is spent first), an annual licence in use, one issued in error and revoked, and next
 * quarter's licence not started yet; Globex has an expired licence and a current one that its
 * 30 demo invitations leave running low (10 of 40).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

const DAY = 86_400_000;

interface DemoLicence {
  client: 'acme' | 'globex';
  credits: number;
  /** Credits spent before these demo invitations (an expired licence's history). */
  used?: number;
  fromDaysAgo: number;
  untilDaysAhead: number;
  revokedDaysAgo?: number;
  notes: string;
}

const LICENCES: DemoLicence[] = [
  { client: 'acme', credits: 150, used: 138, fromDaysAgo: 210, untilDaysAhead: -95, notes: 'Pilot for the Pune plant supervisors, 2026 H1.' },
  { client: 'acme', credits: 10, fromDaysAgo: 70, untilDaysAhead: 12, notes: 'Top-up for the customer support drive (purchase order AC/HR/0412).' },
  { client: 'acme', credits: 500, fromDaysAgo: 75, untilDaysAhead: 290, notes: 'Annual plan FY 2026-27, any assessment.' },
  { client: 'acme', credits: 40, fromDaysAgo: 60, untilDaysAhead: 120, revokedDaysAgo: 31, notes: 'Issued in error: a duplicate of the annual plan.' },
  { client: 'acme', credits: 250, fromDaysAgo: -15, untilDaysAhead: 380, notes: 'Campus hiring 2027: IIT Bombay, NIT Trichy and VIT.' },
  { client: 'globex', credits: 100, used: 96, fromDaysAgo: 190, untilDaysAhead: -20, notes: 'Research associates hiring, first round.' },
  { client: 'globex', credits: 40, fromDaysAgo: 100, untilDaysAhead: 40, notes: 'Backend engineers, Hyderabad (quarterly).' },
];

export async function seedDemoLicences(db: Kysely<Database>, ids: { clients: Record<'acme' | 'globex', string>; adminId: string }, now = Date.now()): Promise<void> {
  for (const l of LICENCES) {
    const validFrom = new Date(now - l.fromDaysAgo * DAY);
    await db
      .insertInto('licences')
      .values({
        clientId: ids.clients[l.client],
        assessmentId: null,
        credits: l.credits,
        used: l.used ?? 0,
        validFrom,
        validUntil: new Date(now + l.untilDaysAhead * DAY),
        notes: l.notes,
        grantedBy: ids.adminId,
        revokedAt: l.revokedDaysAgo === undefined ? null : new Date(now - l.revokedDaysAgo * DAY),
        createdAt: new Date(validFrom.getTime() - 2 * DAY),
        updatedAt: new Date(now - (l.revokedDaysAgo ?? l.fromDaysAgo) * DAY),
      })
      .execute();
  }
}
