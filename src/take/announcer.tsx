/**
 * One polite live region for the page: the timer's thresholds, a section that closed, a sorted
 * item's new place, going offline and back. The visible timer and status line are not live
 * regions, so a screen reader is not told something every second.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const AnnouncerContext = createContext<(text: string) => void>(() => undefined);

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announce = useCallback((text: string) => {
    // Cleared first, so the same sentence twice is read twice.
    setMessage('');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(text), 50);
  }, []);
  // A sentence still due when the page goes away is not said.
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <AnnouncerContext.Provider value={announce}>
      {children}
      <div aria-live="polite" aria-atomic="true" data-testid="announcer" style={visuallyHidden}>
        {message}
      </div>
    </AnnouncerContext.Provider>
  );
}

export const useAnnounce = () => useContext(AnnouncerContext);
export { visuallyHidden };
