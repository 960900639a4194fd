/**
 * Each one's share of the code runner: an owner (a staff account, a candidate's invitation) runs one
 * program at a time and at most CODE_RUN_POLICY's runs per window, so that no one fills the queue
 * that everyone, candidates included, shares.
 */
import { HttpError, says } from '../errors';
import { CODE_RUN_POLICY, type Throttle } from '../throttle';

export class RunShare {
  /** Owners with a run in progress on this instance. */
  private readonly running = new Set<string>();

  constructor(private readonly throttle: Pick<Throttle, 'assertOpen' | 'count'>) {}

  /** Runs `task` for `owner` (an id unique across owners), refusing with 429 a second run at once or one past the rate limit. */
  async run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    const key = `code-run:${owner}`;
    await this.throttle.assertOpen([key]);
    if (this.running.has(owner)) throw new HttpError(429, says('runStillGoing'));
    this.running.add(owner);
    try {
      await this.throttle.count([[key, CODE_RUN_POLICY]]);
      return await task();
    } finally {
      this.running.delete(owner);
    }
  }
}
