/**
 * The answer queue (src/take/queue.ts): written to IndexedDB before it is sent, sent in order one
 * at a time, retried with backoff on network errors, 5xx and 429, dropped (and said) on 409 and
 * 422, kept across a reload, and the status line's three states.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import type { CandidateAnswer } from '../../src/domain/attemptQuestions';
import type { SaveAck } from '../../src/domain/take';
import { NetworkError, TakeApiError } from '../../src/take/api';
import { backoffDelay, BACKOFF, EventQueue, openTakeDb, SaveQueue, type SaveStatus } from '../../src/take/queue';
import { SaveStatusLine } from '../../src/take/StatusBar';
import { freshIndexedDb, renderTake } from './takeKit';

type Sent = { questionId: string; answer: CandidateAnswer; seq: number; idempotencyKey: string; deviceId: string; savedAt: number };

/** A send whose answers the test decides, one call at a time, in order. */
function scriptedSend(outcomes: (Error | 'ok')[]) {
  const sent: Sent[] = [];
  const send = vi.fn(async (save: Sent): Promise<SaveAck> => {
    sent.push(save);
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome !== 'ok') throw outcome;
    return { serverNow: Date.now(), idempotencyKey: save.idempotencyKey, decision: 'INSERT' };
  });
  return { send, sent };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

async function queue(send: (save: Sent) => Promise<SaveAck>, extra: Partial<Parameters<typeof SaveQueue.open>[1]> = {}) {
  const db = await openTakeDb();
  const delays: number[] = [];
  const statuses: SaveStatus[] = [];
  const dropped: [string, string][] = [];
  const q = await SaveQueue.open(db, {
    attempt: 'token-a',
    send,
    serverNow: () => 1_000_000,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    onStatus: (s) => statuses.push(s),
    onDropped: (save, message) => dropped.push([save.questionId, message]),
    ...extra,
  });
  return { q, db, delays, statuses, dropped };
}

beforeEach(() => {
  freshIndexedDb();
  localStorage.clear();
});

describe('the answer queue', () => {
  it('keeps an answer on the device before sending it, and a reload sends what the last page left', async () => {
    let release: () => void = () => undefined;
    const stuck = vi.fn(() => new Promise<SaveAck>((resolve) => (release = () => resolve({ serverNow: 0, idempotencyKey: 'x', decision: 'INSERT' }))));
    const first = await queue(stuck);
    const save = await first.q.enqueue('q1', { optionIds: ['o2'] });
    // On the device while the request is still out.
    const stored = await first.db.getAll('saves');
    expect(stored.map((s) => [s.questionId, s.answer, s.idempotencyKey])).toEqual([['q1', { optionIds: ['o2'] }, save.idempotencyKey]]);
    expect(save.savedAt).toBe(1_000_000);
    expect(save.deviceId).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    // The page goes away before the server answers.
    first.q.close();
    first.db.close();
    release();

    const { send, sent } = scriptedSend([]);
    const second = await queue(send);
    await until(() => sent.length === 1);
    expect(sent[0]).toMatchObject({ questionId: 'q1', idempotencyKey: save.idempotencyKey, seq: save.seq, answer: { optionIds: ['o2'] } });
    await second.q.flush();
    expect(await second.db.getAll('saves')).toEqual([]);
  });

  it('sends in the order answered, one at a time, only the latest of a question', async () => {
    const { send, sent } = scriptedSend([new NetworkError('down')]);
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { q } = await queue(send, { sleep: () => gate });
    // The first send fails and waits, so the others queue up behind it.
    await q.enqueue('q1', { optionIds: ['o0'] });
    await until(() => sent.length === 1);
    await q.enqueue('q2', { text: 'first draft' });
    await q.enqueue('q3', { optionIds: ['o1', 'o2'] });
    await q.enqueue('q2', { text: 'final words' });
    open();
    await q.flush();
    const order = sent.map((s) => [s.questionId, s.answer]);
    expect(order).toEqual([
      ['q1', { optionIds: ['o0'] }],
      ['q1', { optionIds: ['o0'] }],
      ['q2', { text: 'final words' }],
      ['q3', { optionIds: ['o1', 'o2'] }],
    ]);
    const seqs = sent.slice(1).map((s) => s.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs.slice().sort((a, b) => a - b));
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('numbers saves in a sequence that only grows, across pages', async () => {
    const { send, sent } = scriptedSend([]);
    const first = await queue(send);
    await first.q.enqueue('q1', { optionIds: ['o0'] });
    await first.q.flush();
    first.q.close();
    const second = await queue(send);
    await second.q.enqueue('q1', { optionIds: ['o1'] });
    await second.q.flush();
    expect(sent[1].seq).toBeGreaterThan(sent[0].seq);
    expect(sent[1].deviceId).toBe(sent[0].deviceId);
  });

  it('retries network errors, 5xx and 429 with a backoff that doubles from 1 s to 30 s', async () => {
    const failures = [new NetworkError('down'), new TakeApiError(503, 'busy'), new TakeApiError(500, ''), new NetworkError('down'), new NetworkError('down'), new NetworkError('down'), new NetworkError('down')];
    const { send, sent } = scriptedSend([...failures]);
    const { q, delays } = await queue(send);
    await q.enqueue('q1', { optionIds: ['o0'] });
    await q.flush();
    expect(sent).toHaveLength(failures.length + 1);
    // random() = 0.5: no jitter, so the doubling shows; capped at 30 s.
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(new Set(sent.map((s) => s.idempotencyKey)).size).toBe(1);
  });

  it('waits at least what a 429 asks for, with jitter within a quarter either way', async () => {
    const { send } = scriptedSend([new TakeApiError(429, 'Too many attempts. Try again in 5 seconds.', undefined, 5000)]);
    const { q, delays } = await queue(send);
    await q.enqueue('q1', { optionIds: ['o0'] });
    await q.flush();
    expect(delays).toEqual([5000]);
    expect(backoffDelay(0, () => 0)).toBe(750);
    expect(backoffDelay(0, () => 1)).toBe(1250);
    expect(backoffDelay(10, () => 1)).toBe(BACKOFF.maxMs);
  });

  it('drops an answer the server refuses for good (409, 422), tells the candidate, and goes on with the next', async () => {
    const { send, sent } = scriptedSend([new TakeApiError(409, MESSAGES.tooLate), new TakeApiError(422, 'Choose one answer.')]);
    const { q, dropped, db, delays } = await queue(send);
    await q.enqueue('q1', { optionIds: ['o0'] });
    await q.enqueue('q2', { optionIds: ['o5'] });
    await q.enqueue('q3', { optionIds: ['o1'] });
    await q.flush();
    expect(dropped).toEqual([
      ['q1', MESSAGES.tooLate],
      ['q2', 'Choose one answer.'],
    ]);
    expect(sent.map((s) => s.questionId)).toEqual(['q1', 'q2', 'q3']);
    expect(delays).toEqual([]);
    expect(await db.getAll('saves')).toEqual([]);
  });

  it('knows the latest answer per question given on this device, those an earlier page left included (they win on display)', async () => {
    const first = await queue(() => new Promise<SaveAck>(() => undefined));
    await first.q.enqueue('q1', { optionIds: ['o0'] });
    await first.q.enqueue('q1', { optionIds: ['o3'] });
    await first.q.enqueue('q2', { text: 'hello' });
    expect(Object.fromEntries(first.q.localAnswers())).toEqual({ q1: { optionIds: ['o3'] }, q2: { text: 'hello' } });
    first.q.close();
    // The next page sends them at once; it still knows them after the acknowledgement.
    const { send, sent } = scriptedSend([]);
    const next = await queue(send);
    await next.q.flush();
    expect(sent.map((s) => s.questionId).sort()).toEqual(['q1', 'q2']);
    expect(Object.fromEntries(next.q.localAnswers())).toEqual({ q1: { optionIds: ['o3'] }, q2: { text: 'hello' } });
  });

  it('keeps each attempt’s answers apart on one device', async () => {
    const { send, sent } = scriptedSend([]);
    const other = await queue(() => new Promise<SaveAck>(() => undefined), { attempt: 'token-b' });
    await other.q.enqueue('b1', { optionIds: ['o0'] });
    const mine = await queue(send);
    await mine.q.enqueue('a1', { optionIds: ['o0'] });
    await mine.q.flush();
    expect(sent.map((s) => s.questionId)).toEqual(['a1']);
    expect([...other.q.localAnswers().keys()]).toEqual(['b1']);
    expect([...mine.q.localAnswers().keys()]).toEqual(['a1']);
  });

  it('says saved, saving, offline (a failed send, or the browser offline), then saved again', async () => {
    let online = true;
    const pending: { resolve: (ack: SaveAck) => void; reject: (error: Error) => void }[] = [];
    const send = vi.fn((save: Sent) => new Promise<SaveAck>((resolve, reject) => pending.push({ resolve: () => resolve({ serverNow: 0, idempotencyKey: save.idempotencyKey, decision: 'INSERT' }), reject })));
    const { q } = await queue(send, { online: () => online, sleep: () => new Promise<void>(() => undefined) });
    expect(q.status).toBe('saved');
    await q.enqueue('q1', { optionIds: ['o0'] });
    await until(() => q.status === 'saving');
    // The browser says it is offline while the answer is out.
    online = false;
    q.connectivityChanged();
    await until(() => q.status === 'offline');
    online = true;
    q.connectivityChanged();
    await until(() => q.status === 'saving');
    // The send fails for want of a network: offline until one goes through.
    pending.shift()!.reject(new NetworkError('down'));
    await until(() => q.status === 'offline');
    // Back online: retried at once (the backoff cut short), and saved.
    q.connectivityChanged();
    await until(() => pending.length === 1);
    pending.shift()!.resolve({} as SaveAck);
    await q.flush();
    await until(() => q.status === 'saved');
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('the proctoring events’ queue', () => {
  it('sends events in batches of at most 100, oldest first', async () => {
    const db = await openTakeDb();
    const batches: number[][] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const events = await EventQueue.open(db, {
      attempt: 'token-a',
      // The first send fails (offline) and the retry waits for the gate while events pile up.
      sleep: () => gate,
      send: async (batch) => {
        batches.push(batch.map((e) => e.occurredAt));
        if (batches.length === 1) throw new NetworkError('down');
      },
    });
    for (let i = 0; i < 130; i++) await events.record({ type: 'WINDOW_BLUR', occurredAt: i });
    open();
    await events.flush();
    expect(batches.slice(1).map((b) => b.length)).toEqual([100, 30]);
    expect(batches.slice(1).flat()).toEqual(Array.from({ length: 130 }, (_, i) => i));
  });
});

describe('the status line', () => {
  it('says each state in words, in English and Hindi', async () => {
    const { rerender } = await renderTake(<SaveStatusLine status="saved" />);
    expect(screen.getByTestId('save-status').textContent).toBe('Saved');
    rerender(<SaveStatusLine status="saving" />);
    expect(screen.getByTestId('save-status').textContent).toBe('Saving…');
    rerender(<SaveStatusLine status="offline" />);
    expect(screen.getByTestId('save-status').textContent).toBe('Offline: your answers are kept on this device');
    await renderTake(<SaveStatusLine status="offline" />, { language: 'hi' });
    expect(screen.getAllByTestId('save-status')[1].textContent).toBe('ऑफ़लाइन: आपके उत्तर इस डिवाइस पर सुरक्षित हैं');
  });
});
