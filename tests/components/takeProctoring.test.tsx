/**
 * Proctoring records what the assessment's settings ask for, as evidence: tab hidden and shown,
 * window left, full screen left (only when required), paste (blocked and said when not allowed),
 * a camera or microphone that stops.
 */
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProctoringSettings } from '../../src/domain/assessment';
import { ServerClock, takeApi, type TakeEvent } from '../../src/take/api';
import { useProctoring } from '../../src/take/proctoring';
import type { EventQueue } from '../../src/take/queue';

const settings = (over: Partial<ProctoringSettings> = {}): ProctoringSettings => ({ cameraRequired: false, microphoneRequired: false, snapshotIntervalSeconds: null, fullScreenRequired: false, pasteAllowed: true, ...over });

function setUp(over: Partial<ProctoringSettings>, stream: MediaStream | null = null) {
  const recorded: Omit<TakeEvent, 'key'>[] = [];
  const events = { record: vi.fn(async (e: Omit<TakeEvent, 'key'>) => void recorded.push(e)) } as unknown as EventQueue;
  const handlers = { onPasteBlocked: vi.fn(), onDeviceLost: vi.fn(), onFullscreenLeft: vi.fn() };
  const clock = new ServerClock();
  clock.offset = 5_000;
  const api = takeApi('T'.repeat(43), clock);
  function Probe() {
    useProctoring({ settings: settings(over), stream, events, api, where: () => ({ partId: 'test:t1', questionId: 'q7' }), ...handlers });
    return null;
  }
  render(<Probe />);
  return { recorded, handlers };
}

const paste = () => {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => 'copied text' } });
  document.body.dispatchEvent(event);
  return event;
};

describe('proctoring', () => {
  it('records the tab hidden and shown, and the window left and back, where the candidate was, on the server’s clock', () => {
    const { recorded } = setUp({});
    const before = Date.now();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    expect(recorded.map((e) => e.type)).toEqual(['TAB_HIDDEN', 'TAB_VISIBLE', 'WINDOW_BLUR', 'WINDOW_FOCUS']);
    expect(recorded[0]).toMatchObject({ partId: 'test:t1', questionId: 'q7' });
    expect(recorded[0].occurredAt).toBeGreaterThanOrEqual(before + 5_000);
  });

  it('blocks a paste where pasting is not allowed, says so, and records it', () => {
    const { recorded, handlers } = setUp({ pasteAllowed: false });
    const event = paste();
    expect(event.defaultPrevented).toBe(true);
    expect(handlers.onPasteBlocked).toHaveBeenCalledTimes(1);
    expect(recorded).toEqual([expect.objectContaining({ type: 'PASTE', detail: { blocked: true, length: 11 } })]);
  });

  it('lets a paste through where it is allowed, still recording it', () => {
    const { recorded, handlers } = setUp({ pasteAllowed: true });
    expect(paste().defaultPrevented).toBe(false);
    expect(handlers.onPasteBlocked).not.toHaveBeenCalled();
    expect(recorded.map((e) => [e.type, e.detail])).toEqual([['PASTE', { blocked: false, length: 11 }]]);
  });

  it('records leaving full screen only when the assessment asks for it', () => {
    const required = setUp({ fullScreenRequired: true });
    document.dispatchEvent(new Event('fullscreenchange'));
    expect(required.recorded.map((e) => e.type)).toEqual(['FULLSCREEN_EXIT']);
    expect(required.handlers.onFullscreenLeft).toHaveBeenCalled();
  });

  it('ignores full screen where the assessment does not ask for it', () => {
    const free = setUp({ fullScreenRequired: false });
    document.dispatchEvent(new Event('fullscreenchange'));
    expect(free.recorded).toEqual([]);
    expect(free.handlers.onFullscreenLeft).not.toHaveBeenCalled();
  });

  it('records a camera or microphone that stops, and says which', () => {
    const listeners = new Map<string, () => void>();
    const track = (kind: string) => ({ kind, label: `${kind} device`, addEventListener: (_: string, f: () => void) => listeners.set(kind, f), removeEventListener: vi.fn() });
    const tracks = [track('video'), track('audio')];
    const stream = { getTracks: () => tracks, getVideoTracks: () => [tracks[0]], getAudioTracks: () => [tracks[1]] } as unknown as MediaStream;
    const { recorded, handlers } = setUp({}, stream);
    listeners.get('video')!();
    listeners.get('audio')!();
    expect(recorded.map((e) => e.type)).toEqual(['CAMERA_LOST', 'MICROPHONE_LOST']);
    expect(handlers.onDeviceLost.mock.calls).toEqual([['camera'], ['microphone']]);
  });
});
