/**
 * Per-process memory for the candidate's routes, so that a save costs one statement: attempts by
 * their token's hash, questions and assessments by id. Entries live a short while and are dropped on
 * every change this process makes; a change another process made is caught by the save statement
 * itself (it checks the part in the database), after which the attempt is read afresh.
 */
import type { StoredQuestion } from '../../../src/domain/attemptQuestions';
import type { DB } from '../../db/index';
import { loadQuestions } from './queries';

/** A map whose entries expire, holding at most `maxEntries` (the oldest written go first). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, now = Date.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: now });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every entry (as a restart does, or entries that lapse). */
  clear(): void {
    this.entries.clear();
  }
}

/** Questions by id: read once for many candidates (an edit shows within the time they are kept). */
export class QuestionCache {
  private readonly cache = new TtlCache<StoredQuestion>(5 * 60_000, 20_000);

  /** The questions of these ids that exist, read from the database where not kept. */
  async getMany(db: DB, ids: readonly string[]): Promise<Map<string, StoredQuestion>> {
    const found = new Map<string, StoredQuestion>();
    const missing: string[] = [];
    for (const id of ids) {
      const question = this.cache.get(id);
      if (question) found.set(id, question);
      else missing.push(id);
    }
    for (const question of await loadQuestions(db, missing)) {
      this.cache.set(question.id, question);
      found.set(question.id, question);
    }
    return found;
  }
}
