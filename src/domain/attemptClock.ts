/**
 * The page's clock (DESIGN.md section 6, "Time belongs to the server"): the offset to the server's
 * clock, the time left computed afresh from it, and when the timer is announced. Apart from
 * attempt.ts (which re-exports all of it) because it has no zod in it: the candidate's page loads
 * it on its first screen, where every kilobyte counts.
 */

/** Moments the timer is announced to screen readers: 10, 5 and 1 minutes left. */
export const TIMER_ANNOUNCEMENTS_MS = [10 * 60_000, 5 * 60_000, 60_000] as const;

/** The earlier of two deadlines, either of which may be absent (a part cannot outlast its assessment). */
export function earlierDeadline(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** Milliseconds left until the deadline on the server's clock, never negative; null when untimed. */
export function remainingMs(deadline: number, serverNow: number): number;
export function remainingMs(deadline: number | null, serverNow: number): number | null;
export function remainingMs(deadline: number | null, serverNow: number): number | null {
  return deadline === null ? null : Math.max(0, deadline - serverNow);
}

/**
 * The page's clock offset: `serverNow − clientNow` at the time of an answer. Given when the
 * request was sent too, the client's time is taken halfway through the round trip, which halves
 * the error the network's delay adds.
 */
export function clockOffset(serverNow: number, clientReceivedAt: number, clientSentAt?: number): number {
  const clientNow = clientSentAt === undefined ? clientReceivedAt : (clientSentAt + clientReceivedAt) / 2;
  return serverNow - clientNow;
}

/** The server's time as the page reckons it: `Date.now() + offset`. */
export const serverNowOnClient = (clientNow: number, offset: number) => clientNow + offset;

/**
 * The time left as the page shows it: `deadline − (Date.now() + offset)`, computed afresh on each
 * tick from the client's clock, never by counting ticks (background tabs and sleeping laptops
 * skip ticks, the clock does not).
 */
export function remainingOnClient(deadline: number, clientNow: number, offset: number): number;
export function remainingOnClient(deadline: number | null, clientNow: number, offset: number): number | null;
export function remainingOnClient(deadline: number | null, clientNow: number, offset: number): number | null {
  return remainingMs(deadline, serverNowOnClient(clientNow, offset));
}

/**
 * The announcement due between two ticks: the threshold (10, 5 or 1 minutes left) crossed since the
 * previous tick, the most urgent one when a sleep skipped several; null when none was crossed.
 */
export function announcementDue(previousRemainingMs: number, remaining: number): number | null {
  const crossed = TIMER_ANNOUNCEMENTS_MS.filter((t) => previousRemainingMs > t && remaining <= t);
  return crossed.length ? Math.min(...crossed) : null;
}
