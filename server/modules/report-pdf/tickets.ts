/**
 * Print tickets: how the server's own browser reads the one report it is printing without anyone's
 * session. A ticket is 256 random bits, kept in this process only (the browser prints from this
 * same instance, over loopback), bound to one invitation, holding the report already built for the
 * user who asked, and gone after a minute or as soon as the render ends.
 */
import { randomBytes } from 'node:crypto';
import type { CandidateReport } from '../../../src/domain/report';

interface Ticket {
  invitationId: string;
  report: CandidateReport;
  expiresAt: number;
}

export class PrintTickets {
  private readonly tickets = new Map<string, Ticket>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  issue(report: CandidateReport): string {
    this.prune();
    const ticket = randomBytes(32).toString('base64url');
    this.tickets.set(ticket, { invitationId: report.invitationId, report, expiresAt: this.now() + this.ttlMs });
    return ticket;
  }

  /** The report a ticket was issued for, if the ticket is live and names this invitation. */
  read(ticket: string | undefined, invitationId: string): CandidateReport | undefined {
    if (!ticket) return undefined;
    const found = this.tickets.get(ticket);
    if (!found || found.expiresAt <= this.now() || found.invitationId !== invitationId) return undefined;
    return found.report;
  }

  revoke(ticket: string) {
    this.tickets.delete(ticket);
  }

  get size() {
    return this.tickets.size;
  }

  private prune() {
    const now = this.now();
    for (const [ticket, { expiresAt }] of this.tickets) if (expiresAt <= now) this.tickets.delete(ticket);
  }
}
