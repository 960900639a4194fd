/**
 * A campaign's mail and reminders, shared by the create form and the edit dialog: the subject, the
 * body with its placeholders (a click adds one), a live preview filled with a sample candidate, and
 * the reminders (every N days, at most M).
 */
import { Box, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CAMPAIGN_LIMITS, MAIL_PLACEHOLDERS } from '../../domain/business';
import { previewMail, sampleValues } from '../../domain/campaigns';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';

export interface TemplateValue {
  mailSubject: string;
  mailBody: string;
  /** Text fields: empty means no reminders. */
  reminderEveryDays: string;
  maxReminders: string;
}

/** The form's text as the API takes it. */
export const templatePayload = (v: TemplateValue) => ({
  mailSubject: v.mailSubject,
  mailBody: v.mailBody,
  reminderEveryDays: v.reminderEveryDays.trim() === '' ? null : Number(v.reminderEveryDays),
  maxReminders: v.reminderEveryDays.trim() === '' ? 0 : Number(v.maxReminders || 0),
});

export function TemplateFields({
  value,
  onChange,
  errors,
  sample,
  disabled,
}: {
  value: TemplateValue;
  onChange: (value: TemplateValue) => void;
  errors: Record<string, string>;
  sample: { assessment: string; company: string; endsAt: string | null };
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const set = (field: keyof TemplateValue) => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [field]: e.target.value });
  const helper = (field: string, help?: string) => (errors[field] ? translateMessage(translate, errors[field]) : help);
  const preview = previewMail(value, sampleValues(sample.assessment || translate('app.campaigns.sampleAssessment'), sample.company, sample.endsAt ? dateTime(sample.endsAt) : '—'));
  const reminders = value.reminderEveryDays.trim() !== '';
  return (
    <Stack spacing={2}>
      <TextField label={translate('resources.campaigns.fields.mailSubject')} value={value.mailSubject} onChange={set('mailSubject')} required error={!!errors.mailSubject} helperText={helper('mailSubject')} disabled={disabled} slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.subjectMax } }} fullWidth />
      <TextField
        label={translate('resources.campaigns.fields.mailBody')}
        value={value.mailBody}
        onChange={set('mailBody')}
        required
        multiline
        minRows={8}
        error={!!errors.mailBody}
        helperText={helper('mailBody', translate('app.campaigns.bodyHelp'))}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.bodyMax } }}
        fullWidth
      />
      <Box>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('app.campaigns.placeholders')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {MAIL_PLACEHOLDERS.map((p) => (
            <Chip
              key={p}
              size="small"
              variant={p === 'link' ? 'filled' : 'outlined'}
              color={p === 'link' ? 'primary' : 'default'}
              label={`{{${p}}} · ${translate(`app.campaigns.placeholder.${p}`)}`}
              onClick={disabled ? undefined : () => onChange({ ...value, mailBody: `${value.mailBody}${value.mailBody.endsWith('\n') || !value.mailBody ? '' : ' '}{{${p}}}` })}
            />
          ))}
        </Stack>
      </Box>
      <Paper variant="outlined" component="section" aria-label={translate('app.campaigns.preview')} sx={{ p: 2, bgcolor: 'background.default' }}>
        <Typography variant="overline" color="text.secondary">
          {translate('app.campaigns.preview')}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="preview-subject">
          {preview.subject}
        </Typography>
        <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }} data-testid="preview-body">
          {preview.body}
        </Typography>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="number"
          label={translate('resources.campaigns.fields.reminderEveryDays')}
          value={value.reminderEveryDays}
          onChange={set('reminderEveryDays')}
          error={!!errors.reminderEveryDays}
          helperText={helper('reminderEveryDays', translate('app.campaigns.reminderHelp'))}
          disabled={disabled}
          slotProps={{ htmlInput: { min: CAMPAIGN_LIMITS.reminderDaysMin, max: CAMPAIGN_LIMITS.reminderDaysMax } }}
          sx={{ flex: 1 }}
        />
        <TextField
          type="number"
          label={translate('resources.campaigns.fields.maxReminders')}
          value={reminders ? value.maxReminders : ''}
          onChange={set('maxReminders')}
          error={!!errors.maxReminders}
          helperText={helper('maxReminders', translate('app.campaigns.maxHelp', { max: CAMPAIGN_LIMITS.maxReminders }))}
          disabled={disabled || !reminders}
          slotProps={{ htmlInput: { min: 0, max: CAMPAIGN_LIMITS.maxReminders } }}
          sx={{ flex: 1 }}
        />
      </Stack>
    </Stack>
  );
}
