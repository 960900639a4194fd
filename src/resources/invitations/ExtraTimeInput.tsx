/** Extra time for accommodations: none, a percentage of each timed part, or minutes added to each. */
import { FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EXTRA_TIME_LIMITS, extraTimeSchema, type ExtraTime } from '../../domain/attempt';
import { translateMessage } from '../../i18n/messages';

export interface ExtraTimeValue {
  kind: 'none' | 'percent' | 'minutes';
  /** The field's text. */
  amount: string;
}

export const NO_EXTRA_TIME: ExtraTimeValue = { kind: 'none', amount: '' };

export function extraTimeValue(extraTime: ExtraTime | null | undefined): ExtraTimeValue {
  if (!extraTime) return NO_EXTRA_TIME;
  return 'percent' in extraTime ? { kind: 'percent', amount: String(extraTime.percent) } : { kind: 'minutes', amount: String(extraTime.minutes) };
}

/** The extra time the fields say, checked with the shared schema (the branch of the chosen kind, for its own message). */
export function parseExtraTime(value: ExtraTimeValue): { extraTime: ExtraTime | null } | { message: string } {
  if (value.kind === 'none') return { extraTime: null };
  const amount = value.amount.trim() === '' ? Number.NaN : Number(value.amount);
  const [percent, minutes] = extraTimeSchema.options;
  const result = value.kind === 'percent' ? percent.safeParse({ percent: amount }) : minutes.safeParse({ minutes: amount });
  return result.success ? { extraTime: result.data } : { message: result.error.issues[0].message };
}

export function ExtraTimeInput({ value, onChange, error }: { value: ExtraTimeValue; onChange: (value: ExtraTimeValue) => void; error?: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.invitations.extraTime.${key}`, options);
  const max = value.kind === 'percent' ? EXTRA_TIME_LIMITS.maxPercent : EXTRA_TIME_LIMITS.maxMinutes;
  return (
    <Stack spacing={1}>
      <RadioGroup row aria-label={t('label')} value={value.kind} onChange={(e) => onChange({ kind: e.target.value as ExtraTimeValue['kind'], amount: value.amount })}>
        <FormControlLabel value="none" control={<Radio />} label={t('none')} />
        <FormControlLabel value="percent" control={<Radio />} label={t('percent')} />
        <FormControlLabel value="minutes" control={<Radio />} label={t('minutes')} />
      </RadioGroup>
      {value.kind !== 'none' && (
        <TextField
          type="number"
          size="small"
          label={t(value.kind === 'percent' ? 'percentAmount' : 'minutesAmount')}
          value={value.amount}
          onChange={(e) => onChange({ ...value, amount: e.target.value })}
          slotProps={{ htmlInput: { min: 0, max, step: value.kind === 'percent' ? 5 : 1 } }}
          error={!!error}
          helperText={error ? translateMessage(translate, error) : t(`${value.kind}Help`, { max })}
          sx={{ maxWidth: 260 }}
        />
      )}
    </Stack>
  );
}
