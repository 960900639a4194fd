/**
 * Keeps MUI's generated CSS out of the test document. jsdom matches every rule of every style sheet
 * on each getComputedStyle call, and Testing Library calls it for every element a role query looks
 * at (to tell whether it is hidden): with MUI's rules in the document, that was a third of the
 * component tests' time. jsdom lays nothing out, so the rules only slowed the queries down; what
 * hides an element from assistive technology (the hidden and aria-hidden attributes, unmounting)
 * is markup, and stays.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';

/** The prefix of the class names MUI generates in these tests (`test-<hash>`). */
export const CLASS_PREFIX = 'test';

const container = document.createElement('div');
const detachedStyles = createCache({ key: CLASS_PREFIX, container });

export function OffDocumentStyles({ children }: { children: ReactNode }) {
  return <CacheProvider value={detachedStyles}>{children}</CacheProvider>;
}

/** The CSS that MUI generated so far, for a test that checks a rule a screen relies on. */
export function generatedCss(): string {
  return Array.from(container.querySelectorAll('style'), (style) => style.textContent ?? '').join('\n');
}
