/**
 * The content language, among those the assessment offers; the interface switches at once
 * (Hindi content → Hindi interface, any other → English, which says the questions follow the choice).
 */
import { Box, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { languageName } from '../domain/format';
import { uiLanguageFor, useTakeI18n } from './i18n';
import { TakeLayout } from './Layout';

export default function LanguageChoice({ name, languages, initial, onBack, onChosen }: { name: string; languages: string[]; initial: string | null; onBack: () => void; onChosen: (language: string) => void }) {
  const { t, language, setLanguage } = useTakeI18n();
  const [chosen, setChosen] = useState<string>(() => initial ?? (languages.includes(language) ? language : languages[0]));
  const labelId = useId();
  const choose = (value: string) => {
    setChosen(value);
    setLanguage(uiLanguageFor(value));
  };
  return (
    <TakeLayout title={t('language.heading')} screen={t('language.screen')}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {name}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('language.help')}</Typography>
      <FormControl>
        <FormLabel id={labelId}>{t('language.label')}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={chosen} onChange={(e) => choose(e.target.value)}>
          {languages.map((code) => (
            <FormControlLabel
              key={code}
              value={code}
              control={<Radio />}
              label={
                <span>
                  {languageName(code, language)}
                  {languageName(code, code) !== languageName(code, language) && <span lang={code}> ({languageName(code, code)})</span>}
                </span>
              }
              sx={{ minHeight: 44 }}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {uiLanguageFor(chosen) === 'en' && chosen !== 'en' && <Typography sx={{ mt: 2 }} color="text.secondary">{t('language.uiNote')}</Typography>}
      <Box sx={{ mt: 4, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" size="large" onClick={() => onChosen(chosen)}>
          {t('language.continue')}
        </Button>
        <Button size="large" onClick={onBack}>
          {t('language.back')}
        </Button>
      </Box>
    </TakeLayout>
  );
}
