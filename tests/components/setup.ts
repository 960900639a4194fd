/**
 * jsdom set-up for the component tests: the browser APIs MUI asks for, a server that knows no
 * route before each test, and a clean DOM, storage, clock and globals after it. The files share
 * their worker's modules (isolate: false in vitest.config.ts), so nothing one test changes may
 * outlive it; this file runs again for every test file, which registers these hooks for each.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { mockApi } from './apiMock';

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

// A ceiling for findBy and waitFor, not a speed check: CI's two cores may be shared with another busy process.
configure({ asyncUtilTimeout: 20_000 });

const DESKTOP_WIDTH = 1024;

beforeEach(() => mockApi(() => undefined));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  window.innerWidth = DESKTOP_WIDTH;
});
