/**
 * jsdom set-up for the component tests: the browser APIs MUI asks for, and a clean DOM and
 * storage after each test. (The kit resets the mocked HTTP client; importing it here would load
 * react-admin into files that do not need it.)
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/** Evaluates `(min-width: Npx)` / `(max-width: Npx)` against window.innerWidth (1024 px by default). */
function mediaMatches(query: string): boolean {
  const width = window.innerWidth;
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (!conditions.length) return false;
  return conditions.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)));
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: mediaMatches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= () => undefined;

// The first render of a file pays for evaluating react-admin and MUI, and CI runs many files at once: give it room.
configure({ asyncUtilTimeout: 10_000 });

const DESKTOP_WIDTH = 1024;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  window.innerWidth = DESKTOP_WIDTH;
});
