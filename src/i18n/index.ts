/** The i18n provider: English and Hindi through polyglot, language detected in the spec's order. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslateFunction } from 'react-admin';
import { STORAGE_KEYS } from '../domain/constants';
import { detectLanguage, FALLBACK_LANGUAGE, type UiLanguage } from '../domain/language';
import en from './en';
import hi from './hi';
import { isSentence, messageKey } from './messages';

export const MESSAGES = { en, hi } as const;

export function browserLanguage(): UiLanguage {
  return detectLanguage({
    stored: localStorage.getItem(STORAGE_KEYS.language),
    htmlLang: document.documentElement.getAttribute('lang'),
    navigatorLanguages: navigator.languages,
    pathname: window.location.pathname,
  });
}

/** Remembers a choice made in the language menu and marks the page's language. */
export function rememberLanguage(language: string) {
  localStorage.setItem(STORAGE_KEYS.language, language);
  document.documentElement.setAttribute('lang', language);
}

/** The provider the app runs with (the last made): the HTTP client words the server's failures with it. */
let running: I18nProvider | undefined;
export const runningTranslate = (): TranslateFunction | undefined => running?.translate;

export function createI18nProvider(initial: UiLanguage = browserLanguage()): I18nProvider {
  document.documentElement.setAttribute('lang', initial);
  const provider = polyglotI18nProvider(
    (locale) => (locale === 'hi' ? MESSAGES.hi : MESSAGES.en),
    initial,
    [
      { locale: 'en', name: 'English' },
      { locale: 'hi', name: 'हिन्दी' },
    ],
    // Spec: interpolated values are not escaped; missing keys fall back to the key's default.
    { allowMissing: true, interpolation: { prefix: '%{', suffix: '}' } },
  );
  running = {
    ...provider,
    // A server or validation sentence passed as the key (toasts, field errors) is shown in the
    // interface language when it is a known one, else as sent.
    translate: (key: string, options?: Record<string, unknown>) => {
      if (!isSentence(key)) return provider.translate(key, options);
      const known = messageKey(key);
      return provider.translate(known.key, { ...options, ...known.options, _: (options?._ as string | undefined) ?? key });
    },
  };
  return running;
}

export { FALLBACK_LANGUAGE };
