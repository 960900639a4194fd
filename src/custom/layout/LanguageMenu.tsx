import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { UI_LANGUAGES } from '../../domain/language';
import { rememberLanguage } from '../../i18n';

/** The app bar's language menu; the choice is remembered and wins over detection. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={translate('app.nav.language')}
        aria-haspopup="menu"
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {translate(`app.languages.${locale}`)}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {UI_LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            selected={language === locale}
            lang={language}
            onClick={() => {
              rememberLanguage(language);
              setLocale(language);
              setAnchor(null);
            }}
          >
            {translate(`app.languages.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
