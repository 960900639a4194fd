import { type ComponentType } from 'react';
import { lazy } from '../lazy';
import { loadFlowMessages } from '../i18n/take';

/**
 * A screen loaded on demand, with the flow's words (they are not part of the first screen's):
 * the component for <Suspense>, and `preload` to fetch both ahead of time.
 */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  const preload = () => Promise.all([load(), loadFlowMessages()]).then(([module]) => module);
  return { Screen: lazy(preload), preload };
}
