/**
 * The candidate page's test kit: its providers (TakeProviders: theme, its own words, MUI's, the announcer) without
 * react-admin, a fetch that answers the candidate API from a handler, and a fresh in-memory
 * IndexedDB per test (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { render } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import type { UiLanguage } from '../../src/domain/language';
import type { TakeState } from '../../src/domain/take';
import { loadFlowMessages, loadMessages } from '../../src/i18n/take';
import { TakeProviders } from '../../src/take/TakeApp';
import { OffDocumentStyles } from './styles';

/** A fresh, empty IndexedDB for the queue (call in beforeEach). */
export function freshIndexedDb() {
  globalThis.indexedDB = new IDBFactory();
}

/** Renders inside the page's providers, its words loaded first (as main.tsx does). */
export async function renderTake(ui: ReactElement, { language = 'en' as UiLanguage } = {}) {
  await loadMessages(language);
  await loadFlowMessages(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <OffDocumentStyles>
      <TakeProviders language={language}>{children}</TakeProviders>
    </OffDocumentStyles>
  );
  return render(ui, { wrapper });
}

/** A handler's answer: data, or a failure as the API answers it (its sentence, and its code and params where it has them). */
export interface Answer {
  status?: number;
  data?: unknown;
  msg?: string;
  code?: string;
  params?: Record<string, string | number>;
  errors?: Record<string, string>;
  errorCodes?: Record<string, { code: string; params?: Record<string, string | number> }>;
}
export type Handler = (request: { method: string; path: string; body: unknown }) => Answer | undefined;

/** Replaces fetch with the handler (a request it does not answer is a 404 with a sentence); returns the calls made. */
export function mockFetch(handler: Handler) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const answer = handler({ method, path, body });
    const status = answer?.status ?? (answer ? 200 : 404);
    const failure = { code: answer?.code, params: answer?.params, errors: answer?.errors, errorCodes: answer?.errorCodes };
    const payload = status < 400 ? { result: 1, data: answer?.data } : { result: 0, msg: answer?.msg ?? `No route ${method} ${path}.`, ...failure };
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A state as the server answers it, with what a test needs changed. */
export function takeState(overrides: Omit<Partial<TakeState>, 'invitation' | 'assessment'> & { invitation?: Partial<TakeState['invitation']>; assessment?: Partial<TakeState['assessment']> } = {}): TakeState {
  const base: TakeState = {
    serverNow: Date.now(),
    invitation: { status: 'PENDING', entryType: 'INVITE', candidateName: 'Asha Rao', language: null, expiresAt: null, deadline: null },
    assessment: {
      names: [{ language: 'en', name: 'Support Associate', description: null }],
      type: 'INVITED',
      languages: ['en', 'hi'],
      totalTimeSeconds: null,
      proctoring: { cameraRequired: false, microphoneRequired: false, snapshotIntervalSeconds: null, fullScreenRequired: false, pasteAllowed: true },
      estimatedMinutes: 12,
      hasCoding: false,
      hasVideo: false,
    },
    parts: [],
    position: { kind: 'DONE' },
    otherDevice: null,
    currentPart: null,
  };
  return {
    ...base,
    ...overrides,
    invitation: { ...base.invitation, ...overrides.invitation },
    assessment: { ...base.assessment, ...overrides.assessment },
  };
}
