/** The assessment wizard's video questions: a prompt per language, answer length and retakes. */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, FormHelperText, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ASSESSMENT_LIMITS, VIDEO_ANSWER } from '../../../domain/assessment';
import { useFormat } from '../../../i18n/useFormat';
import { translateMessage } from '../../../i18n/messages';
import { RowButton } from '../../shared/RowButton';
import { newVideoQuestion, type VideoQuestionDraft } from '../assessmentDraft';
import type { Errors } from './types';

/** The languages a video question's prompt is written in: English, the languages offered, and any it already has. */
function promptLanguages(item: VideoQuestionDraft, offered: readonly string[]): string[] {
  return [...new Set(['en', ...offered, ...item.prompt.map((p) => p.language)])];
}

export function VideoQuestions({ items, languages, onChange, errors, locked }: { items: VideoQuestionDraft[]; languages: string[]; onChange: (items: VideoQuestionDraft[]) => void; errors: Errors; locked: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { languageName } = useFormat();
  const update = (index: number, patch: Partial<VideoQuestionDraft>) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const errorOf = (index: number, field: string) => {
    const path = Object.keys(errors).find((p) => p === `videoQuestions.${index}.${field}` || p.startsWith(`videoQuestions.${index}.${field}.`));
    return path ? translateMessage(translate, errors[path]) : undefined;
  };
  return (
    <Stack spacing={2}>
      {errors.videoQuestions && <Alert severity="error">{translateMessage(translate, errors.videoQuestions)}</Alert>}
      {items.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          {t('noVideo')}
        </Typography>
      )}
      {items.map((item, index) => {
        const promptError = errorOf(index, 'prompt');
        return (
          <Paper key={item.key} variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }} aria-label={t('videoNumber', { n: index + 1 })}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography component="legend" sx={{ fontWeight: 600, flex: 1, float: 'left' }}>
                {t('videoNumber', { n: index + 1 })}
              </Typography>
              {!locked && (
                <RowButton label={`${translate('app.order.remove')}: ${t('videoNumber', { n: index + 1 })}`} onClick={() => onChange(items.filter((_, i) => i !== index))}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowButton>
              )}
            </Stack>
            <Stack spacing={2}>
              {promptLanguages(item, languages).map((language, n) => {
                const detail = item.prompt.find((p) => p.language === language)?.detail ?? '';
                return (
                  <TextField
                    key={language}
                    label={t('videoPrompt', { language: languageName(language) })}
                    value={detail}
                    lang={language}
                    disabled={locked}
                    onChange={(e) =>
                      update(index, {
                        prompt: [...item.prompt.filter((p) => p.language !== language), { language, detail: e.target.value }].sort(
                          (a, b) => promptLanguages(item, languages).indexOf(a.language) - promptLanguages(item, languages).indexOf(b.language),
                        ),
                      })
                    }
                    multiline
                    minRows={2}
                    fullWidth
                    required={language === 'en'}
                    slotProps={{ htmlInput: { maxLength: 1000 } }}
                    error={n === 0 && !!promptError}
                    helperText={n === 0 ? promptError : undefined}
                  />
                );
              })}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="number"
                  label={t('videoMaxSeconds')}
                  value={Number.isNaN(item.maxSeconds) ? '' : item.maxSeconds}
                  disabled={locked}
                  onChange={(e) => update(index, { maxSeconds: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                  slotProps={{ htmlInput: { min: VIDEO_ANSWER.minSeconds, max: VIDEO_ANSWER.maxSeconds, step: 1 } }}
                  error={!!errorOf(index, 'maxSeconds')}
                  helperText={errorOf(index, 'maxSeconds') ?? t('videoMaxHelp', { min: VIDEO_ANSWER.minSeconds, max: VIDEO_ANSWER.maxSeconds })}
                  sx={{ maxWidth: 260 }}
                />
                <TextField select label={t('videoRetakes')} value={item.retakes} disabled={locked} onChange={(e) => update(index, { retakes: Number(e.target.value) })} sx={{ minWidth: 180 }} error={!!errorOf(index, 'retakes')} helperText={errorOf(index, 'retakes')}>
                  {Array.from({ length: VIDEO_ANSWER.maxRetakes + 1 }, (_, n) => (
                    <MenuItem key={n} value={n}>
                      {t('retakes', { smart_count: n })}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      {!locked && (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon />} disabled={items.length >= ASSESSMENT_LIMITS.maxVideo} onClick={() => onChange([...items, newVideoQuestion(languages)])}>
            {t('addVideo')}
          </Button>
          {items.length >= ASSESSMENT_LIMITS.maxVideo && <FormHelperText>{t('videoLimit', { max: ASSESSMENT_LIMITS.maxVideo })}</FormHelperText>}
        </Box>
      )}
    </Stack>
  );
}
