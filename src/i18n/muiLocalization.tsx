/**
 * MUI's own words (an autocomplete's Open, Close and Clear, the page navigation of a list, an
 * alert's Close) in a language: MUI's Hindi locale in the theme, with its slips corrected. Shared by
 * the admin (src/i18n/muiLocale.tsx, following react-admin's language) and the candidate's page,
 * which has no react-admin.
 */
import { hiIN, type Localization } from '@mui/material/locale';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { deepmerge } from '@mui/utils';
import { useMemo, type ReactNode } from 'react';
import { toUiLanguage } from '../domain/language';

const hindi: Localization = deepmerge(hiIN, {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'पूरा रास्ता दिखाएँ' } },
    MuiAutocomplete: { defaultProps: { clearText: 'साफ़ करें', closeText: 'बंद करें', openText: 'खोलें', noOptionsText: 'कोई विकल्प नहीं', loadingText: 'लोड हो रहा है…' } },
    // "पेज", as the app's own Hindi says (react-admin's page buttons: ra.navigation.*).
    MuiPagination: {
      defaultProps: {
        'aria-label': 'पेज नेविगेशन',
        getItemAriaLabel: (type: 'page' | 'first' | 'last' | 'next' | 'previous', page: number | null, selected: boolean) =>
          type === 'page' ? (selected ? `पेज ${page}` : `पेज ${page} पर जाएँ`) : { first: 'पहले पेज पर जाएँ', last: 'आख़िरी पेज पर जाएँ', next: 'अगले पेज पर जाएँ', previous: 'पिछले पेज पर जाएँ' }[type],
      },
    },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => ({ first: 'पहले पेज पर जाएँ', last: 'आख़िरी पेज पर जाएँ', next: 'अगले पेज पर जाएँ', previous: 'पिछले पेज पर जाएँ' })[type],
        labelRowsPerPage: 'प्रति पेज पंक्तियाँ:',
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => `${from}–${to} / ${count === -1 ? `${to} से अधिक` : count}`,
      },
    },
  },
});

/** MUI's locale per interface language; English is MUI's own. */
const MUI_LOCALES: Partial<Record<string, Localization>> = { hi: hindi };

/** The theme around it, with MUI's words in the given language. */
export function MuiLocaleFor({ language, children }: { language: string; children: ReactNode }) {
  const theme = useTheme();
  const locale = MUI_LOCALES[toUiLanguage(language) ?? 'en'];
  const localized = useMemo(() => (locale ? createTheme(theme, locale) : theme), [theme, locale]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}
