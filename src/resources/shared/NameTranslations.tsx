/**
 * A record's name and description in languages other than English (assessments, tests, primary
 * skills): one pair of fields per language, each marked written or not, so the author sees which
 * readers will get the English name instead. English stays in the form's own Name and Description
 * fields. `NameTranslationsInput` is the same fields as a react-admin form input.
 */
import { Box, Chip, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useGetList, useInput, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { NameTranslation } from '../../domain/language';
import { useFormat } from '../../i18n/useFormat';

/** The codes of the active languages other than English: those a name may be written in. */
export function useOtherLanguages(): string[] {
  const { data } = useGetList<{ id: string; code: string }>('languages', { filter: { isActive: true }, pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'ASC' } });
  return (data ?? []).map((l) => l.code).filter((code) => code !== 'en');
}

/** The names written, in the order typed, trimmed; untouched ones (no name, no description) left out. */
export const writtenTranslations = (translations: readonly NameTranslation[]): NameTranslation[] =>
  translations.filter((t) => t.name.trim() || t.description?.trim()).map((t) => ({ language: t.language, name: t.name.trim(), description: t.description?.trim() || null }));

/**
 * The fields as an input of a react-admin form, whose validation and save read
 * `writtenTranslations` of the value: its messages are keyed `translations.<index>.<field>` of that list.
 */
export function NameTranslationsInput({ source = 'translations', limits }: { source?: string; limits: NameTranslationsProps['limits'] }) {
  const translate = useTranslate();
  const languages = useOtherLanguages();
  const { field } = useInput<NameTranslation[]>({ source, defaultValue: [] });
  const { errors } = useFormState();
  const value: NameTranslation[] = field.value ?? [];
  if (!languages.length) return null;
  return (
    <NameTranslations
      languages={languages}
      translations={value}
      onChange={field.onChange}
      limits={limits}
      errorOf={(language, part) => {
        const index = writtenTranslations(value).findIndex((t) => t.language === language);
        // react-admin's validation keeps {message, args} (translated as its own inputs do) where react-hook-form keeps a string.
        const entries = (errors as Record<string, unknown>)[source] as Record<string, { message?: string | { message: string; args?: object } }>[] | undefined;
        const message = index < 0 ? undefined : entries?.[index]?.[part]?.message;
        if (!message) return undefined;
        return typeof message === 'string' ? translate(message, { _: message }) : translate(message.message, message.args);
      }}
    />
  );
}

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
