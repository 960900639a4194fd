/**
 * The candidate's page's language: English or Hindi for the interface, and the content language
 * for the questions' `lang`. The interface starts in the language chosen on this device before, else
 * the browser's languages, else English; once the attempt is read it follows the attempt's language
 * (Hindi content → Hindi interface, any other → English).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../domain/constants';
import { detectLanguage, toUiLanguage, type UiLanguage } from '../domain/language';
import { activateLanguage, createTranslate, failureWords, isLoaded, loadMessages, type ServerFailure, type Translate } from '../i18n/take';

export function detectUiLanguage(): UiLanguage {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    // Storage refused (some private windows): detect from the browser alone.
  }
  // Not take.html's lang: it is the page's default, not a choice, and read first it hid a Hindi
  // phone's languages. The attempt's own language follows once the attempt is read (AttemptPage).
  return detectLanguage({ stored, htmlLang: null, navigatorLanguages: navigator.languages, pathname: window.location.pathname });
}

/** The interface language for a content language: Hindi for Hindi, English for every other. */
export const uiLanguageFor = (contentLanguage: string): UiLanguage => toUiLanguage(contentLanguage) ?? 'en';

interface TakeI18n {
  language: UiLanguage;
  setLanguage: (language: UiLanguage) => void;
  t: Translate;
  /** A failure the server answered (a TakeApiError, a field's coded message) in the interface language, by its code. */
  serverMessage: (failure: ServerFailure) => string;
}

const I18nContext = createContext<TakeI18n | null>(null);

export function TakeI18nProvider({ initial, children }: { initial?: UiLanguage; children: ReactNode }) {
  const [language, setLanguageState] = useState<UiLanguage>(() => initial ?? detectUiLanguage());
  // Bumped when words arrive, so the page renders with them.
  const [, setArrived] = useState(0);
  // A language switches once its words are here (each is a chunk of its own).
  const setLanguage = useCallback((next: UiLanguage) => {
    if (isLoaded(next)) setLanguageState(next);
    else void loadMessages(next).then(() => setLanguageState(next), () => undefined);
  }, []);
  const ready = isLoaded(language);
  useEffect(() => {
    if (!ready) void loadMessages(language).then(() => setArrived((n) => n + 1), () => undefined);
  }, [ready, language]);
  const value = useMemo<TakeI18n>(
    () => ({
      language,
      setLanguage,
      t: createTranslate(language),
      serverMessage: (failure) => failureWords(language, failure),
    }),
    [language, setLanguage],
  );
  // The page's lang is the interface language; question content carries its own.
  useEffect(() => {
    activateLanguage(language);
    document.documentElement.setAttribute('lang', language);
  }, [language]);
  // main.tsx loads the first words before the first render; words that arrive later re-render the page (never unmount it).
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTakeI18n(): TakeI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useTakeI18n outside TakeI18nProvider');
  return value;
}
