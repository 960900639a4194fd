/** A small FIFO semaphore: at most `concurrency` runs at once, at most `maxQueue` waiting, the rest turned away. */
import { HttpError } from '../errors';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

export const runnerBusy = () =>
  new HttpError(429, FIELD_MESSAGES.codeRunnerBusyTry, undefined, { 'Retry-After': '5' });

export class RunQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    // A bounded queue: a flood of runs gets a quick 429 instead of ever-longer waits.
    if (this.waiting.length >= this.maxQueue) return Promise.reject(runnerBusy());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot jump the queue.
    if (next) next();
    else this.active--;
  }
}
