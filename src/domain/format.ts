/**
 * Dates, numbers and language names in the interface language's Indian locale (en-IN, hi-IN):
 * the one place the app formats them, so no screen falls back to the browser's (often US) format.
 */
import { toUiLanguage } from './language';

/** The Intl locale of an interface language: 'hi' → 'hi-IN', anything else → 'en-IN'. */
export const indianLocale = (language: string | undefined): string => (toUiLanguage(language) === 'hi' ? 'hi-IN' : 'en-IN');

/** "28 Nov 2026, 2:05 pm" and "28 Nov 2026": every date on screen and in mail, never "28/11/2026". */
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * The clock of each language. With the date and time styles every caller uses, Hindi's day period
 * in the Unicode data is the Latin "am"/"pm"; the Devanagari periods ("दोपहर 2:05") come only with
 * hour and minute options, and name a part of the day rather than a half. So Hindi reads the
 * 24-hour clock (14:05, and "14:05 बजे" in a long date), as Indian timetables write times: the
 * same in browsers and in the server's mails, with seconds where evidence needs them.
 */
const clockOf = (language: string): Intl.DateTimeFormatOptions => (toUiLanguage(language) === 'hi' ? { hourCycle: 'h23' } : {});

const SHAPE: (keyof Intl.DateTimeFormatOptions)[] = ['dateStyle', 'timeStyle', 'weekday', 'era', 'year', 'month', 'day', 'hour', 'minute', 'second'];

/** The caller's options on the language's clock; options that only set a time zone keep the default shape. */
function optionsFor(value: Date | string | number, language: string, options: Intl.DateTimeFormatOptions | undefined, shape: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const shaped = options && SHAPE.some((field) => options[field] !== undefined) ? options : { ...shape, ...options };
  // A day without a time ("2026-11-28") is that day wherever the browser is.
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? { timeZone: 'UTC' } : {};
  return { ...clockOf(language), ...day, ...shaped };
}

const asDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

export function formatDateTime(value: Date | string | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  return asDate(value).toLocaleString(indianLocale(language), optionsFor(value, language, options, DATE_TIME));
}

export function formatDate(value: Date | string | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  return asDate(value).toLocaleDateString(indianLocale(language), optionsFor(value, language, options, DATE));
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(indianLocale(language), options);
}

export function formatPercent(fraction: number, language: string, options: Intl.NumberFormatOptions = { maximumFractionDigits: 0 }): string {
  return new Intl.NumberFormat(indianLocale(language), { style: 'percent', ...options }).format(fraction);
}

/**
 * A candidate's score (0 to 100) as every screen shows it: whole percents, so that the report, the
 * lists and the comparison say the same (a decimal would claim a precision the test does not have).
 */
export function formatScore(percent: number, language: string): string {
  return formatPercent(percent / 100, language);
}

/** A percentile rank (0 to 100), rounded as scores are. */
export function formatRank(percentile: number, language: string): string {
  return formatNumber(percentile, language, { maximumFractionDigits: 0 });
}

/**
 * A language's name in the interface language ('hi' → 'Hindi' or 'हिन्दी'); the stored name, then
 * the code, for codes Intl does not know.
 */
export function languageName(code: string, language: string, stored?: string | null): string {
  try {
    const name = new Intl.DisplayNames([indianLocale(language)], { type: 'language', fallback: 'none' }).of(code);
    if (name) return name;
  } catch {
    // Not a well-formed language code: keep what was stored.
  }
  return stored || code;
}

// The hook lives apart (it needs react-admin's locale), so that the candidate's page can use these helpers without react-admin.

/** Rupees as people read them in India (₹1,23,456.50), from paise. */
export function formatRupees(paise: number, language = 'en'): string {
  return new Intl.NumberFormat(indianLocale(language), { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);
}
