/**
 * Ended sessions, known to every server instance without a database read per request.
 * Each user's session version lives in `session_revocations` (bumped by database triggers on a
 * password, role, job-role or active-flag change, on deletion, and by sign-out). Access tokens
 * carry the version they were signed with; this class keeps the versions revoked within an access
 * token's life in memory, refreshed by one query every `intervalMs`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../db/index';

/** Rows are read again for this long after they were seen: a transaction commits after its now(). */
const OVERLAP_MS = 60_000;

export class SessionRevocations {
  /** userId → lowest session version still valid, with when it was revoked (to forget it later). */
  private readonly versions = new Map<string, { version: number; revokedAt: number }>();
  /** Database time from which the next poll reads; null before the first one. */
  private since: Date | null = null;
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;

  constructor(
    private readonly db: DB,
    private readonly log: FastifyBaseLogger,
    private readonly options: { intervalMs: number; accessTokenTtlSeconds: number },
  ) {}

  /** Whether a token signed with this session version has been ended. */
  isRevoked(userId: string, version: number): boolean {
    const known = this.versions.get(userId);
    return !!known && version < known.version;
  }

  /** Loads what was revoked within an access token's life, then polls until stop(). */
  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => {
      this.poll().catch((err) => this.log.error({ err }, 'session revocation poll failed'));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.polling?.catch(() => undefined);
  }

  /** One read of the rows revoked since the previous poll; also what tests call to skip the wait. */
  poll(): Promise<void> {
    this.polling ??= this.read().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async read(): Promise<void> {
    const ttlMs = this.options.accessTokenTtlSeconds * 1000;
    const { rows } = await sql<{ now: Date; userId: string | null; version: number | null; revokedAt: Date | null }>`
      select now() as now, r.user_id, r.version, r.revoked_at
      from (select 1) as one
      left join session_revocations r
        on r.revoked_at >= coalesce(${this.since}::timestamptz, now() - ${`${ttlMs + OVERLAP_MS} milliseconds`}::interval)`.execute(this.db);
    for (const row of rows) {
      if (!row.userId || row.version === null || !row.revokedAt) continue;
      const known = this.versions.get(row.userId);
      if (!known || known.version < row.version) this.versions.set(row.userId, { version: row.version, revokedAt: new Date(row.revokedAt).getTime() });
    }
    const now = new Date(rows[0].now);
    this.since = new Date(now.getTime() - OVERLAP_MS);
    // A token signed before a revocation older than its life has expired anyway.
    const forgetBefore = now.getTime() - ttlMs - OVERLAP_MS;
    for (const [userId, known] of this.versions) if (known.revokedAt < forgetBefore) this.versions.delete(userId);
  }
}
