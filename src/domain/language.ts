/** UI language detection (specification section 1), kept free of browser globals so it can be tested. */
export const UI_LANGUAGES = ['en', 'hi'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: UiLanguage = 'en';

export interface LanguageSources {
  /** A choice made in the app bar's language menu: wins over everything. */
  stored?: string | null;
  htmlLang?: string | null;
  navigatorLanguages?: readonly string[] | null;
  pathname?: string | null;
}

/** 'hi-IN' → 'hi' when supported, otherwise undefined. */
export function toUiLanguage(tag: string | null | undefined): UiLanguage | undefined {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (UI_LANGUAGES as readonly string[]).includes(base) ? (base as UiLanguage) : undefined;
}

/**
 * Order: stored choice, html lang, browser preferences, html lang again, then the first
 * URL path segment; English when nothing matches.
 */
export function detectLanguage(sources: LanguageSources): UiLanguage {
  const firstSegment = (sources.pathname ?? '').split('/').filter(Boolean)[0];
  const candidates = [
    sources.stored,
    sources.htmlLang,
    ...(sources.navigatorLanguages ?? []),
    sources.htmlLang,
    firstSegment,
  ];
  for (const candidate of candidates) {
    const language = toUiLanguage(candidate);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * Of content kept per language (a question's detail, an answer's texts), the entry in the given
 * language, else English, else the first there is: what a reader of that language is shown.
 */
export function inLanguage<T extends { language?: string }>(entries: readonly T[] | null | undefined, language: string): T | undefined {
  const list = entries ?? [];
  return list.find((e) => e.language === language) ?? list.find((e) => e.language === 'en') ?? list[0];
}

/**
 * A record's name (and description) written in a language other than English. Assessments and
 * tests keep their English text in their own columns (lists search and sort it) and these beside it.
 */
export interface NameTranslation {
  language: string;
  name: string;
  description: string | null;
}

interface Named {
  name: string;
  description?: string | null;
  translations?: readonly NameTranslation[] | null;
}

/** A record's name in every language it is written in, English (its own columns) first. */
export const namesOf = (record: Named): NameTranslation[] => [
  { language: 'en', name: record.name, description: record.description ?? null },
  ...(record.translations ?? []).filter((t) => t.language !== 'en'),
];

/** The name and description a reader of a language is shown: the translation where written, else English. */
export const nameIn = (record: Named, language: string): NameTranslation => inLanguage(namesOf(record), language)!;
