/**
 * The countdown of a timed part (DESIGN.md section 6: time belongs to the server). Each tick
 * computes the time left afresh as `deadline − (Date.now() + offset)`, never by counting ticks,
 * and so does a return to the tab (visibilitychange, focus): a background tab, throttled timers or
 * a sleeping laptop do not drift. At zero it calls `onExpired` once; at 10, 5 and 1 minutes left
 * it calls `onAnnounce` (for the polite live region), not every second.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { announcementDue, remainingOnClient } from '../domain/attemptClock';

export interface CountdownOptions {
  /** On the server's clock; null for an untimed part. */
  deadline: number | null;
  /** The clock offset, read on every tick (it is refreshed by every answer from the server). */
  offset: () => number;
  onExpired: () => void;
  onAnnounce?: (thresholdMs: number) => void;
  now?: () => number;
}

export function useCountdown({ deadline, offset, onExpired, onAnnounce, now = Date.now }: CountdownOptions): number | null {
  const compute = () => remainingOnClient(deadline, now(), offset());
  const [remaining, setRemaining] = useState<number | null>(compute);
  const callbacks = useRef({ onExpired, onAnnounce, offset, now });
  useLayoutEffect(() => {
    callbacks.current = { onExpired, onAnnounce, offset, now };
  });

  useEffect(() => {
    if (deadline === null) {
      setRemaining(null);
      return;
    }
    let previous = remainingOnClient(deadline, callbacks.current.now(), callbacks.current.offset());
    let expired = false;
    const tick = () => {
      const left = remainingOnClient(deadline, callbacks.current.now(), callbacks.current.offset());
      setRemaining(left);
      const due = announcementDue(previous, left);
      if (due !== null && left > 0) callbacks.current.onAnnounce?.(due);
      previous = left;
      if (left <= 0 && !expired) {
        expired = true;
        callbacks.current.onExpired();
      }
    };
    tick();
    const interval = setInterval(tick, 1000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', tick);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', tick);
    };
  }, [deadline]);

  return remaining;
}

/** 'mm:ss', or 'h:mm:ss' past an hour. */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
