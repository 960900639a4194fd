/**
 * Print tickets: how the server's own browser reads the one report it is printing without anyone's
 * session. A ticket is 256 random bits, kept in this process only (the browser prints from this
 * same instance, over loopback), bound to one record (an invitation's report, an order's invoice),
 * holding what was already built for the user who asked, and gone after a minute or as soon as the
 * render ends.
 */
import { randomBytes } from 'node:crypto';
import type { CandidateReport } from '../../../src/domain/report';

interface Ticket<T> {
  key: string;
  value: T;
  expiresAt: number;
}

export class PrintTickets<T = CandidateReport> {
  private readonly tickets = new Map<string, Ticket<T>>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A ticket for one record (`key`: its id) and what the print page will read. */
  issue(key: string, value: T): string {
    this.prune();
    const ticket = randomBytes(32).toString('base64url');
    this.tickets.set(ticket, { key, value, expiresAt: this.now() + this.ttlMs });
    return ticket;
  }

  /** What a ticket was issued for, if the ticket is live and names this record. */
  read(ticket: string | undefined, key: string): T | undefined {
    if (!ticket) return undefined;
    const found = this.tickets.get(ticket);
    if (!found || found.expiresAt <= this.now() || found.key !== key) return undefined;
    return found.value;
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
