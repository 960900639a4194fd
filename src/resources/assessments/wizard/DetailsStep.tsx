/** Step 0 of the assessment wizard: name, description and their other languages, type, total time. */
import { Box, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ASSESSMENT_LIMITS, ASSESSMENT_TYPES } from '../../../domain/assessment';
import { TOTAL_TIME } from '../../../domain/content';
import type { AssessmentDraft } from '../assessmentDraft';
import type { Change } from './types';

export function DetailsStep({ draft, change, message, locked, forClient }: { draft: AssessmentDraft; change: Change; message: (path: string) => string | undefined; locked: boolean; forClient: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const seconds = Number(draft.totalTimeSeconds);
  const totalHelp =
    draft.totalTimeSeconds.trim() && Number.isInteger(seconds) && seconds > 0
      ? t('totalTimeIs', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })
      : t('totalTimeHelp', { min: TOTAL_TIME.minSeconds, max: TOTAL_TIME.maxSeconds });
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <TextField
        label={t('name')}
        value={draft.name}
        onChange={(e) => change({ name: e.target.value })}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: ASSESSMENT_LIMITS.nameMax } }}
        error={!!message('name')}
        helperText={message('name')}
      />
      <TextField
        label={t('description')}
        value={draft.description}
        onChange={(e) => change({ description: e.target.value })}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: ASSESSMENT_LIMITS.descriptionMax } }}
        error={!!message('description')}
        helperText={message('description') ?? t('descriptionHelp')}
      />
      <FormControl error={!!message('type')} disabled={locked}>
        <FormLabel id="assessment-type">{t('type')}</FormLabel>
        <RadioGroup aria-labelledby="assessment-type" value={draft.type} onChange={(e) => change({ type: e.target.value as AssessmentDraft['type'] })}>
          {ASSESSMENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio />}
              label={
                <Box>
                  <Typography>{translate(`app.enums.assessmentType.${type}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`typeHelp.${type === 'SELF' && forClient ? 'SELF_CLIENT' : type}`)}
                  </Typography>
                </Box>
              }
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
            />
          ))}
        </RadioGroup>
        {message('type') && <FormHelperText>{message('type')}</FormHelperText>}
      </FormControl>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="datetime-local"
          label={t('validFrom')}
          value={draft.validFrom}
          onChange={(e) => change({ validFrom: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!message('validFrom')}
          helperText={message('validFrom') ?? t('validFromHelp')}
          fullWidth
        />
        <TextField
          type="datetime-local"
          label={t('validUntil')}
          value={draft.validUntil}
          onChange={(e) => change({ validUntil: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!message('validUntil')}
          helperText={message('validUntil') ?? t('validUntilHelp')}
          fullWidth
        />
      </Stack>
      <TextField
        type="number"
        label={t('totalTime')}
        value={draft.totalTimeSeconds}
        onChange={(e) => change({ totalTimeSeconds: e.target.value })}
        disabled={locked}
        slotProps={{ htmlInput: { min: TOTAL_TIME.minSeconds, max: TOTAL_TIME.maxSeconds, step: 1 } }}
        error={!!message('totalTimeSeconds')}
        helperText={message('totalTimeSeconds') ?? totalHelp}
        sx={{ maxWidth: 320 }}
      />
    </Stack>
  );
}
