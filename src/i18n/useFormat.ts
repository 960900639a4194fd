import { useLocaleState } from 'react-admin';
import { formatDate, formatDateTime, formatNumber, formatPercent, formatRank, formatRupees, formatScore, indianLocale, languageName } from '../domain/format';

/** The helpers of format.ts bound to the interface language. */
export function useFormat() {
  const [language] = useLocaleState();
  return {
    language,
    locale: indianLocale(language),
    dateTime: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatDateTime(value, language, options),
    date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    percent: (fraction: number, options?: Intl.NumberFormatOptions) => formatPercent(fraction, language, options),
    rupees: (paise: number) => formatRupees(paise, language),
    /** A score (0 to 100) and a percentile rank, rounded the one way every screen shows them. */
    score: (percent: number) => formatScore(percent, language),
    rank: (percentile: number) => formatRank(percentile, language),
    languageName: (code: string, stored?: string | null) => languageName(code, language, stored),
  };
}
