import { useLocaleState } from 'react-admin';
import { formatDate, formatDateTime, formatNumber, formatPercent, formatRupees, indianLocale, languageName } from './format';

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
    languageName: (code: string, stored?: string | null) => languageName(code, language, stored),
  };
}
