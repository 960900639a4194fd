/**
 * Code loaded on demand, for both apps (the back office and the candidate's flow): React.lazy over
 * an import() that does not wait forever. In Chromium 156 a dynamic import was seen never to settle
 * (about one e2e walk in three, a screen left on its spinner for good; its chunk was never asked of
 * the server), with or without Suspense and modulepreload links. So the import is asked for again,
 * which costs nothing (the browser fetches and runs a module once), and when that does not help
 * either the page reloads itself once, as a person would: the address and the session stay.
 */
import { lazy as reactLazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';

export const ASK_AGAIN_MS = 2_000;
export const MAX_ASKS = 3;
export const RELOAD_AFTER_MS = 8_000;
/** At most one reload a minute for a stuck import, so that a page never reloads in a loop. */
const RELOADED_AT_KEY = 'sg.stuckImportReloadAt';
const RELOAD_AT_MOST_EVERY_MS = 60_000;

function reloadOnce() {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < RELOAD_AT_MOST_EVERY_MS) return console.warn('lazy: a screen’s code has not loaded, and the page was reloaded for it less than a minute ago');
  console.warn('lazy: a screen’s code has not loaded; reloading the page');
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  window.location.reload();
}

/**
 * Calls `load` until one call settles and answers as that call did: again every ASK_AGAIN_MS while
 * none has (MAX_ASKS calls at most), and `reload` once RELOAD_AFTER_MS have passed without an answer.
 */
export function importSettled<T>(load: () => Promise<T>, reload: () => void = reloadOnce): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let asked = 0;
    let again: ReturnType<typeof setTimeout> | undefined;
    const stuck = setTimeout(reload, RELOAD_AFTER_MS);
    const ask = () => {
      asked += 1;
      // Said in the console, for whoever looks into a slow screen (a test reads it too).
      if (asked > 1) console.warn(`lazy: a screen’s code has not loaded; asking again (${asked} of ${MAX_ASKS})`);
      load()
        .then(resolve, reject)
        .finally(() => {
          clearTimeout(again);
          clearTimeout(stuck);
        });
      if (asked < MAX_ASKS) again = setTimeout(ask, ASK_AGAIN_MS);
    };
    ask();
  });
}

/**
 * How many screens' code has arrived, for the layout to render again each time. React retries a
 * suspended boundary on a lane of its own once the code is there; in CI's walk a screen stayed on
 * its spinner with the code loaded, the page's timers running and no other work to do (React's
 * issues 37309 and 33939 describe such retries never coming). A render of the boundary's parent
 * tries the screen again, whatever became of the retry; when the retry came, it costs one render
 * of the layout, whose screen is unchanged.
 */
let arrived = 0;
const arrivalListeners = new Set<() => void>();
function announceArrival() {
  arrived += 1;
  for (const listener of arrivalListeners) listener();
}
const subscribeToArrivals = (listener: () => void) => {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
};
export const useScreensArrived = () => useSyncExternalStore(subscribeToArrivals, () => arrived);

/** React.lazy, with importSettled under it, announcing each arrival (useScreensArrived). */
// The same constraint as React.lazy's own: any component, its props taken from it.
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return reactLazy(() =>
    importSettled(load).then((module) => {
      // After React's own retry has had its turn.
      setTimeout(announceArrival, 0);
      return module;
    }),
  );
}
