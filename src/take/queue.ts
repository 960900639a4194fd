/**
 * Nothing is lost (DESIGN.md section 6): every answer goes into an IndexedDB queue on the device
 * BEFORE it is sent, and leaves it only when the server has acknowledged it (or refused it for
 * good). The queue drains in order, one request at a time, retrying with exponential backoff
 * (1 s doubling to 30 s, with jitter) on network errors, 5xx and 429; it survives reloads (what a
 * page left behind is sent when the next one opens) and says whether answers are saved, being
 * saved, or kept on the device while offline. Proctoring events use a second store of the same
 * database, sent in batches.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CandidateAnswer } from '../domain/attemptQuestions';
import type { SaveAck, SaveRequest } from '../domain/take';
import { MAX_EVENTS_PER_BATCH } from '../domain/take';
import { NetworkError, TakeApiError, type TakeEvent } from './api';
import { deviceId, nextSeq, randomKey } from './device';

export interface QueuedSave {
  idempotencyKey: string;
  deviceId: string;
  seq: number;
  /** When the candidate answered, on the server's clock as the page reckons it. */
  savedAt: number;
  questionId: string;
  answer: CandidateAnswer;
  /** The attempt (its token): one device may hold saves of several. */
  attempt: string;
}

export interface QueuedEvent {
  key: string;
  seq: number;
  attempt: string;
  event: TakeEvent;
}

interface TakeDb extends DBSchema {
  saves: { key: string; value: QueuedSave; indexes: { attempt: string } };
  events: { key: string; value: QueuedEvent; indexes: { attempt: string } };
}
export type TakeDatabase = IDBPDatabase<TakeDb>;

export const TAKE_DB_NAME = 'skillgauge-take';

export function openTakeDb(): Promise<TakeDatabase> {
  return openDB<TakeDb>(TAKE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('saves', { keyPath: 'idempotencyKey' }).createIndex('attempt', 'attempt');
      db.createObjectStore('events', { keyPath: 'key' }).createIndex('attempt', 'attempt');
    },
  });
}

export const BACKOFF = { firstMs: 1_000, maxMs: 30_000 } as const;

/** The wait before retry number `attempt` (0-based): 1 s doubling to 30 s, ±25 % jitter, never shorter than Retry-After. */
export function backoffDelay(attempt: number, random: () => number = Math.random, retryAfterMs = 0): number {
  const base = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** attempt);
  return Math.max(retryAfterMs, Math.min(BACKOFF.maxMs, Math.round(base * (0.75 + random() * 0.5))));
}

/** Worth retrying: the server was not reached, failed, or asked to slow down. Anything else is final. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof TakeApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  return true;
}

export interface QueueOptions {
  attempt: string;
  /** navigator.onLine, replaceable in tests. */
  online?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The mechanism both queues share: one drain at a time over a store, a batch chosen from what is
 * queued, sent, removed when acknowledged or refused for good, and retried with backoff otherwise.
 */
abstract class DurableQueue<Item extends { seq: number; attempt: string }> {
  protected failures = 0;
  private draining: Promise<void> | null = null;
  private kickAgain = false;
  private wake: (() => void) | null = null;
  private closed = false;
  private idle: (() => void)[] = [];
  protected readonly online: () => boolean;
  private readonly sleep: (ms: number) => Promise<void>;
  protected readonly random: () => number;

  constructor(
    protected readonly db: TakeDatabase,
    private readonly store: 'saves' | 'events',
    protected readonly options: QueueOptions,
  ) {
    this.online = options.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  /** This attempt's items, oldest first. */
  protected async items(): Promise<Item[]> {
    const all = (await this.db.getAllFromIndex(this.store, 'attempt', this.options.attempt)) as unknown as Item[];
    return all.sort((a, b) => a.seq - b.seq);
  }

  protected async put(item: Item) {
    await this.db.put(this.store, item as never);
  }

  protected async remove(keys: string[]) {
    if (!keys.length) return;
    const tx = this.db.transaction(this.store, 'readwrite');
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  }

  /** What to send next from the queued items (oldest first), and what no longer needs sending. */
  protected abstract nextBatch(items: Item[]): { batch: Item[]; superseded: Item[] };
  protected abstract keyOf(item: Item): string;
  protected abstract send(batch: Item[]): Promise<void>;
  /** The server refused the batch for good: it leaves the queue. */
  protected abstract dropped(batch: Item[], error: unknown): void;
  protected abstract changed(): void;

  /** Starts draining, or drains again after the current pass (a backoff under way is kept: see retryNow). */
  kick() {
    if (this.closed) return;
    if (this.draining) {
      this.kickAgain = true;
      return;
    }
    this.draining = this.drain()
      // The device's database closed under a pass (the page is leaving): what is queued stays for the next page.
      .catch(() => undefined)
      .finally(() => {
        this.draining = null;
        if (this.kickAgain) {
          this.kickAgain = false;
          this.kick();
        }
      });
  }

  get isDraining() {
    return this.draining !== null;
  }

  private async drain() {
    for (;;) {
      if (this.closed) return;
      const items = await this.items();
      if (!items.length) {
        this.failures = 0;
        this.changed();
        this.idle.splice(0).forEach((resolve) => resolve());
        return;
      }
      const { batch, superseded } = this.nextBatch(items);
      await this.remove(superseded.map((i) => this.keyOf(i)));
      this.changed();
      try {
        await this.send(batch);
        this.failures = 0;
        await this.remove(batch.map((i) => this.keyOf(i)));
      } catch (error) {
        if (!isRetryable(error)) {
          await this.remove(batch.map((i) => this.keyOf(i)));
          this.dropped(batch, error);
          continue;
        }
        this.lastError = error;
        this.failures += 1;
        this.changed();
        await this.pause(backoffDelay(this.failures - 1, this.random, error instanceof TakeApiError ? error.retryAfterMs : 0));
      }
    }
  }

  protected lastError: unknown = null;

  /** Cuts a backoff wait short (the browser is back online) and drains. */
  retryNow() {
    this.wake?.();
    this.kick();
  }

  /** A backoff wait that `retryNow()` cuts short. */
  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        this.wake = null;
        resolve();
      };
      this.wake = done;
      void this.sleep(ms).then(done);
    });
  }

  /** Resolves once nothing of this attempt is queued. */
  async flush(): Promise<void> {
    if (!(await this.items()).length && !this.draining) return;
    const done = new Promise<void>((resolve) => this.idle.push(resolve));
    this.kick();
    return done;
  }

  close() {
    this.closed = true;
    this.wake?.();
    this.idle.splice(0).forEach((resolve) => resolve());
  }
}

export type SaveStatus = 'saved' | 'saving' | 'offline';

export interface SaveQueueOptions extends QueueOptions {
  send: (save: SaveRequest & { answer: CandidateAnswer }) => Promise<SaveAck>;
  /** The server's time as the page reckons it (`Date.now() + offset`). */
  serverNow: () => number;
  onStatus?: (status: SaveStatus) => void;
  /** A save the server refused for good (409 too late or closed, 422 not an answer): the candidate is told (the page words the error by its code). */
  onDropped?: (save: QueuedSave, message: string, error: unknown) => void;
}

/** The answers' queue. */
export class SaveQueue extends DurableQueue<QueuedSave> {
  status: SaveStatus = 'saved';
  private sending = false;
  /** The latest answer per question given on this device: left queued by an earlier page, or given since. */
  private readonly local = new Map<string, CandidateAnswer>();

  private constructor(db: TakeDatabase, private readonly saveOptions: SaveQueueOptions) {
    super(db, 'saves', saveOptions);
  }

  /** Opens the queue and sends what an earlier page left in it. */
  static async open(db: TakeDatabase, options: SaveQueueOptions): Promise<SaveQueue> {
    const queue = new SaveQueue(db, options);
    // Read before sending: once acknowledged they leave the store, but the server's state the page
    // loaded may not hold them yet.
    for (const save of await queue.items()) queue.local.set(save.questionId, save.answer);
    queue.kick();
    return queue;
  }

  /** Records an answer on the device, then sends it. Resolves once it is on the device. */
  async enqueue(questionId: string, answer: CandidateAnswer): Promise<QueuedSave> {
    const queued = await this.items();
    const save: QueuedSave = {
      idempotencyKey: randomKey(),
      deviceId: deviceId(),
      seq: nextSeq(queued.length ? queued[queued.length - 1].seq + 1 : 0),
      savedAt: Math.round(this.saveOptions.serverNow()),
      questionId,
      answer,
      attempt: this.options.attempt,
    };
    await this.put(save);
    this.local.set(questionId, answer);
    this.kick();
    return save;
  }

  /**
   * The answers given on this device, the latest per question (those an earlier page left queued,
   * and those given since): on display they override the server's, which may not hold them yet.
   */
  localAnswers(): Map<string, CandidateAnswer> {
    return new Map(this.local);
  }

  protected keyOf(save: QueuedSave) {
    return save.idempotencyKey;
  }

  /**
   * The oldest question still queued, sent as its latest save; its older saves from this device
   * are superseded (the server would keep the newer one anyway).
   */
  protected nextBatch(items: QueuedSave[]) {
    const [oldest] = items;
    const same = items.filter((s) => s.questionId === oldest.questionId && s.deviceId === oldest.deviceId);
    return { batch: same.slice(-1), superseded: same.slice(0, -1) };
  }

  protected async send([save]: QueuedSave[]) {
    this.sending = true;
    this.changed();
    try {
      const { idempotencyKey, deviceId, seq, savedAt, questionId, answer } = save;
      await this.saveOptions.send({ idempotencyKey, deviceId, seq, savedAt, questionId, answer });
    } finally {
      this.sending = false;
    }
  }

  protected dropped([save]: QueuedSave[], error: unknown) {
    this.saveOptions.onDropped?.(save, error instanceof Error ? error.message : String(error), error);
  }

  protected changed() {
    this.items().then(
      (items) => {
        const offline = !this.online() || (this.failures > 0 && this.lastError instanceof NetworkError);
        const status: SaveStatus = items.length === 0 && !this.sending ? 'saved' : offline ? 'offline' : 'saving';
        if (status !== this.status) {
          this.status = status;
          this.saveOptions.onStatus?.(status);
        }
      },
      // The database closed (the page is leaving): nothing left to say.
      () => undefined,
    );
  }

  /** The browser says it is online or offline: update the status, and retry at once when back. */
  connectivityChanged() {
    this.changed();
    if (this.online()) this.retryNow();
  }
}

export interface EventQueueOptions extends QueueOptions {
  send: (events: TakeEvent[]) => Promise<unknown>;
}

/** Proctoring events: kept on the device like answers, sent up to 100 at a time. */
export class EventQueue extends DurableQueue<QueuedEvent> {
  private constructor(db: TakeDatabase, private readonly eventOptions: EventQueueOptions) {
    super(db, 'events', eventOptions);
  }

  static async open(db: TakeDatabase, options: EventQueueOptions): Promise<EventQueue> {
    const queue = new EventQueue(db, options);
    queue.kick();
    return queue;
  }

  async record(event: Omit<TakeEvent, 'key'>): Promise<void> {
    const key = randomKey();
    await this.put({ key, seq: nextSeq(), attempt: this.options.attempt, event: { ...event, key } });
    this.kick();
  }

  protected keyOf(item: QueuedEvent) {
    return item.key;
  }

  protected nextBatch(items: QueuedEvent[]) {
    return { batch: items.slice(0, MAX_EVENTS_PER_BATCH), superseded: [] };
  }

  protected async send(batch: QueuedEvent[]) {
    await this.eventOptions.send(batch.map((i) => i.event));
  }

  protected dropped() {
    // Evidence the server refused (a malformed event) cannot be fixed by the candidate: it is let go.
  }

  protected changed() {}
}
