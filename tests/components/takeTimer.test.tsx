/**
 * Time on the candidate's page belongs to the server: the countdown is `deadline − (Date.now() +
 * offset)` on every tick (so a skewed device clock, a background tab or a sleeping laptop do not
 * drift), thresholds are announced (not every second), and at zero the part finishes itself.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TakeState } from '../../src/domain/take';
import { ServerClock, takeApi } from '../../src/take/api';
import { PartQuestions } from '../../src/take/PartQuestions';
import type { SaveQueue } from '../../src/take/queue';
import { formatClock, useCountdown } from '../../src/take/timer';
import { mockFetch, renderTake, takeState } from './takeKit';

function Countdown({ deadline, offset, onExpired, onAnnounce }: { deadline: number | null; offset: number; onExpired: () => void; onAnnounce: (ms: number) => void }) {
  const remaining = useCountdown({ deadline, offset: () => offset, onExpired, onAnnounce });
  return <p data-testid="left">{remaining === null ? 'untimed' : formatClock(remaining)}</p>;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the countdown', () => {
  it('counts from the server’s clock: a device clock 10 minutes slow shows the real time left', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const offset = 10 * 60_000; // the server is 10 minutes ahead of this device
    const deadline = Date.now() + offset + 125_000;
    await act(async () => {
      await renderTake(<Countdown deadline={deadline} offset={offset} onExpired={() => undefined} onAnnounce={() => undefined} />);
    });
    expect(screen.getByTestId('left').textContent).toBe('2:05');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('left').textContent).toBe('2:00');
  });

  it('announces 10, 5 and 1 minutes left, the most urgent when a sleep skipped several, and expires once at zero', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const deadline = Date.now() + 10 * 60_000 + 30_000;
    const announced: number[] = [];
    const onExpired = vi.fn();
    await act(async () => {
      await renderTake(<Countdown deadline={deadline} offset={0} onExpired={onExpired} onAnnounce={(ms) => announced.push(ms)} />);
    });
    act(() => vi.advanceTimersByTime(29_000));
    expect(announced).toEqual([]);
    act(() => vi.advanceTimersByTime(2_000));
    expect(announced).toEqual([600_000]);
    // The laptop sleeps 6 minutes: no tick runs; on waking, the tab's return recomputes at once.
    vi.setSystemTime(Date.now() + 6 * 60_000);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(announced).toEqual([600_000, 300_000]);
    expect(screen.getByTestId('left').textContent).toBe('3:59');
    // Past 1 minute and on to zero, ticking.
    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(announced).toEqual([600_000, 300_000, 60_000]);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('left').textContent).toBe('0:00');
    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('is untimed without a deadline', async () => {
    await renderTake(<Countdown deadline={null} offset={0} onExpired={() => undefined} onAnnounce={() => undefined} />);
    expect(screen.getByTestId('left').textContent).toBe('untimed');
  });
});

describe('a timed part at zero', () => {
  it('finishes itself (POST finish) and moves on, with the queue emptied first', async () => {
    const partId = 'test:t1';
    const state = (over: Partial<TakeState>): TakeState =>
      takeState({
        invitation: { status: 'IN_PROGRESS', language: 'en' },
        parts: [{ id: partId, kind: 'TEST', titles: [{ language: 'en', name: 'Numbers', description: null }], questionCount: 1, durationSeconds: 60, startedAt: Date.now() - 59_000, deadline: Date.now() + 2_500, finishedAt: null }],
        ...over,
      });
    const open = state({
      position: { kind: 'QUESTION', partId, questionIndex: 0, questionId: 'q1', needsStart: false, remainingMs: 2_500 },
      currentPart: {
        id: partId,
        questions: [{ id: 'q1', questionType: 'SINGLE_CHOICE', isQualifying: false, text: 'Two plus two?', answerTitle: null, mediaType: 'TEXT', mediaUrl: null, options: [{ id: 'o0', text: '4' }, { id: 'o1', text: '5' }], coding: null }],
        answers: {},
      },
    });
    const done = state({ invitation: { status: 'COMPLETED', language: 'en' } as TakeState['invitation'], position: { kind: 'DONE' } });
    const calls = mockFetch(({ method, path }) => (method === 'POST' && path.endsWith(`/parts/${encodeURIComponent(partId)}/finish`) ? { data: { ...done, serverNow: Date.now() } } : undefined));
    const flushed = vi.fn(async () => undefined);
    const saves = { localAnswers: () => new Map(), flush: flushed, enqueue: vi.fn() } as unknown as SaveQueue;
    const onState = vi.fn();
    const api = takeApi('T'.repeat(43), new ServerClock());
    await renderTake(
      <PartQuestions state={open} part={open.parts[0]} api={api} saves={saves} status="saved" stream={null} requestCamera={() => undefined} onState={onState} onQuestion={() => undefined} />,
    );
    expect(await screen.findByText('Two plus two?')).toBeTruthy();
    // Counting down from under 3 seconds (a loaded machine may have used some of them rendering).
    expect(screen.getByTestId('time-left').textContent).toMatch(/0:0[0-3]$/);
    await waitFor(() => expect(onState).toHaveBeenCalledWith(expect.objectContaining({ position: { kind: 'DONE' } })), { timeout: 10_000 });
    expect(flushed).toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`POST /api/take/${'T'.repeat(43)}/parts/${encodeURIComponent(partId)}/finish`]);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Time is up: this section is closed.');
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('Time is up: this section is closed.'));
  });
});
