/** Step 2 of the assessment wizard: languages, validity, proctoring, and the review of the whole draft. */
import { Alert, Box, Checkbox, CircularProgress, Divider, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { ASSESSMENT_LIMITS, SNAPSHOT_INTERVAL, missingLanguageMessage, type ProctoringSettings } from '../../../domain/assessment';
import { useFormat } from '../../../i18n/useFormat';
import { translateMessage } from '../../../i18n/messages';
import { useApi } from '../../../providers/useApi';
import type { LanguageCheck } from '../api';
import { NameTranslations } from '../../shared/NameTranslations';
import { contentOf, sentTranslations, type AssessmentDraft } from '../assessmentDraft';
import { Review } from './Review';
import type { Change } from './types';

/** POST /api/assessments/check-languages for the draft's content. */
function useLanguageCheck(draft: AssessmentDraft) {
  const content = contentOf(draft);
  const key = JSON.stringify(content);
  const api = useApi();
  return useQuery({ queryKey: ['assessment-languages', key], queryFn: () => api.checkLanguages(content) });
}

/** The languages to list: every language the server knows of, English first. */
const languagesOf = (check: LanguageCheck) =>
  [...new Set([...check.available, ...check.missing.map((m) => m.language)])].sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : 0));

export function SettingsStep({ draft, change, message, locked }: { draft: AssessmentDraft; change: Change; message: (path: string) => string | undefined; locked: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { languageName } = useFormat();
  const check = useLanguageCheck(draft);
  const available = check.data?.available;
  // The shared sentence (the server's too), naming the language as the checkbox does rather than by its code.
  const missingText = (missing: LanguageCheck['missing'][number]) => {
    const { code, params } = missingLanguageMessage(missing);
    return translate(`app.messages.${code}`, { ...params, language: languageName(missing.language) });
  };

  // A language the content no longer has cannot stay offered.
  useEffect(() => {
    if (!available || locked) return;
    const kept = draft.languages.filter((l) => available.includes(l));
    if (kept.length !== draft.languages.length) change({ languages: kept });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [available]);

  const toggleLanguage = (language: string, on: boolean) => {
    const languages = on ? [...draft.languages, language] : draft.languages.filter((l) => l !== language);
    change({ languages });
  };
  const proctoring = draft.proctoring;
  const setProctoring = (patch: Partial<ProctoringSettings>) => change({ proctoring: { ...proctoring, ...patch } });
  const flag = (field: 'cameraRequired' | 'microphoneRequired' | 'fullScreenRequired' | 'pasteAllowed') => (
    <FormControlLabel control={<Checkbox checked={proctoring[field]} onChange={(e) => setProctoring({ [field]: e.target.checked })} />} label={t(`proctoring.${field}`)} />
  );

  return (
    <Stack spacing={3}>
      <FormControl component="fieldset" error={!!message('languages')}>
        <FormLabel component="legend">{t('languages')}</FormLabel>
        <FormHelperText sx={{ mx: 0 }}>{locked ? t('languagesLocked') : t('languagesHelp')}</FormHelperText>
        {check.isPending ? (
          <CircularProgress size={24} sx={{ m: 1 }} />
        ) : check.isError ? (
          <Alert severity="error">{translateMessage(translate, check.error.message)}</Alert>
        ) : (
          <FormGroup>
            {languagesOf(check.data).map((language) => {
              const missing = check.data.missing.find((m) => m.language === language);
              const id = `language-${language}-missing`;
              return (
                <Box key={language}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={draft.languages.includes(language)}
                        disabled={locked || !!missing}
                        onChange={(e) => toggleLanguage(language, e.target.checked)}
                        slotProps={{ input: missing ? { 'aria-describedby': id } : undefined }}
                      />
                    }
                    label={languageName(language)}
                  />
                  {missing && (
                    <Typography id={id} variant="body2" color="text.secondary" sx={{ ml: 4, mt: -0.5, mb: 0.5 }}>
                      {missingText(missing)}
                    </Typography>
                  )}
                </Box>
              );
            })}
          </FormGroup>
        )}
        {message('languages') && <FormHelperText>{message('languages')}</FormHelperText>}
      </FormControl>
      <NameTranslations
        languages={draft.languages}
        translations={draft.translations}
        onChange={(translations) => change({ translations })}
        limits={ASSESSMENT_LIMITS}
        errorOf={(language, field) => {
          const index = sentTranslations(draft).findIndex((t) => t.language === language);
          return index < 0 ? undefined : message(`translations.${index}.${field}`);
        }}
      />
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('proctoringTitle')}</FormLabel>
        <FormHelperText sx={{ mx: 0 }}>{t('proctoringHelp')}</FormHelperText>
        <FormGroup>
          {flag('cameraRequired')}
          {flag('microphoneRequired')}
          {flag('fullScreenRequired')}
          {flag('pasteAllowed')}
          <FormControlLabel
            control={
              <Checkbox
                checked={proctoring.snapshotIntervalSeconds !== null}
                onChange={(e) => setProctoring({ snapshotIntervalSeconds: e.target.checked ? SNAPSHOT_INTERVAL.defaultSeconds : null })}
              />
            }
            label={t('proctoring.snapshots')}
          />
        </FormGroup>
        {proctoring.snapshotIntervalSeconds !== null && (
          <TextField
            type="number"
            size="small"
            label={t('proctoring.snapshotInterval')}
            value={Number.isNaN(proctoring.snapshotIntervalSeconds) ? '' : proctoring.snapshotIntervalSeconds}
            onChange={(e) => setProctoring({ snapshotIntervalSeconds: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
            slotProps={{ htmlInput: { min: SNAPSHOT_INTERVAL.minSeconds, max: SNAPSHOT_INTERVAL.maxSeconds, step: 1 } }}
            error={!!message('proctoring.snapshotIntervalSeconds')}
            helperText={message('proctoring.snapshotIntervalSeconds') ?? t('proctoring.snapshotHelp', { min: SNAPSHOT_INTERVAL.minSeconds, max: SNAPSHOT_INTERVAL.maxSeconds })}
            sx={{ maxWidth: 320, mt: 1, ml: { xs: 0, sm: 4 } }}
          />
        )}
      </FormControl>
      <Divider />
      <Review draft={draft} />
    </Stack>
  );
}
