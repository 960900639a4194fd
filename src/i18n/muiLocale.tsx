/**
 * MUI's own words in the admin's interface language: they follow react-admin's language menu.
 * react-admin's own words come from the i18n provider.
 */
import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { MuiLocaleFor } from './muiLocalization';

/** MUI's words in react-admin's interface language (it follows the language menu). */
export function MuiLocale({ children }: { children: ReactNode }) {
  const [language] = useLocaleState();
  return <MuiLocaleFor language={language}>{children}</MuiLocaleFor>;
}
