/**
 * A record's name and description in languages other than English (assessments, tests): one pair
 * of fields per language, each marked written or not, so the author sees which candidates will read
 * the English name instead. English stays in the form's own Name and Description fields.
 */
import { Box, Chip, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { NameTranslation } from '../../domain/language';
import { useFormat } from '../../i18n/useFormat';

interface NameTranslationsProps {
  /** The languages to name it in (English is left out here). */
  languages: readonly string[];
  translations: readonly NameTranslation[];
  onChange: (translations: NameTranslation[]) => void;
  limits: { nameMax: number; descriptionMax: number };
  /** A field's message, if any (already in the reader's language). */
  errorOf?: (language: string, field: 'name' | 'description') => string | undefined;
  disabled?: boolean;
}

export function NameTranslations({ languages, translations, onChange, limits, errorOf, disabled }: NameTranslationsProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.nameTranslations.${key}`, options);
  const { languageName } = useFormat();
  const others = languages.filter((l) => l !== 'en');
  const written = (language: string) => translations.find((tr) => tr.language === language);
  const update = (language: string, patch: Partial<NameTranslation>) => {
    const current = written(language) ?? { language, name: '', description: null };
    onChange([...translations.filter((tr) => tr.language !== language), { ...current, ...patch }]);
  };
  return (
    <Box component="section" aria-labelledby="name-translations">
      <Typography id="name-translations" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('title')}
      </Typography>
      <FormHelperText sx={{ mx: 0, mb: 1 }}>{others.length ? t('help') : t('none')}</FormHelperText>
      <Stack spacing={2}>
        {others.map((language) => {
          const entry = written(language);
          const isWritten = !!entry?.name.trim();
          const name = languageName(language);
          const nameError = errorOf?.(language, 'name');
          const descriptionError = errorOf?.(language, 'description');
          return (
            <Stack key={language} spacing={1} data-testid={`name-translation-${language}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
                <Chip size="small" variant="outlined" color={isWritten ? 'success' : 'warning'} label={isWritten ? t('written') : t('missing')} />
              </Stack>
              <TextField
                label={t('name', { language: name })}
                value={entry?.name ?? ''}
                onChange={(e) => update(language, { name: e.target.value })}
                disabled={disabled}
                fullWidth
                slotProps={{ htmlInput: { lang: language, maxLength: limits.nameMax } }}
                error={!!nameError}
                helperText={nameError}
              />
              <TextField
                label={t('description', { language: name })}
                value={entry?.description ?? ''}
                onChange={(e) => update(language, { description: e.target.value })}
                disabled={disabled}
                fullWidth
                multiline
                minRows={2}
                slotProps={{ htmlInput: { lang: language, maxLength: limits.descriptionMax } }}
                error={!!descriptionError}
                helperText={descriptionError}
              />
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
