/** How a job's kinds, experience and status read on screen, in the interface language. */
import { Chip } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { DEFAULT_HIRING_STAGES, EMPLOYMENT_TYPES, EXPERIENCE_YEARS, experienceLabel, JOB_STATUSES, NOTICE_PERIODS, WORK_MODES, type JobStatus } from '../../domain/business';

/** "2–5 yrs", "3+ yrs", "1 yr", "0–9+ yrs". */
export function experienceText(translate: TranslateFunction, min: number, max: number | null): string {
  if (max === null) return translate('app.jobs.experienceAtLeast', { min, smart_count: min });
  if (max === min) return translate('app.jobs.experienceExactly', { years: experienceLabel(min), smart_count: min });
  return translate('app.jobs.experienceRange', { min, max: experienceLabel(max) });
}

const choices = (values: readonly string[], group: string) => values.map((id) => ({ id, name: `app.jobs.${group}.${id}` }));
export const EMPLOYMENT_CHOICES = choices(EMPLOYMENT_TYPES, 'employmentType');
export const WORK_MODE_CHOICES = choices(WORK_MODES, 'workMode');
export const NOTICE_CHOICES = choices(NOTICE_PERIODS, 'notice');
export const STATUS_CHOICES = choices(JOB_STATUSES, 'status');
/** 0 to 9+, the specification's experience filter. */
export const EXPERIENCE_CHOICES = EXPERIENCE_YEARS.map((years) => ({ id: years, name: experienceLabel(years) }));

export function JobStatusChip({ status }: { status: JobStatus }) {
  const translate = useTranslate();
  return <Chip size="small" label={translate(`app.jobs.status.${status}`)} color={status === 'OPEN' ? 'success' : 'default'} variant={status === 'OPEN' ? 'filled' : 'outlined'} />;
}

const DEFAULT_STAGE_NAMES: readonly string[] = DEFAULT_HIRING_STAGES;

/**
 * A hiring stage's name on screen. A client starts with the default stages, stored by their English
 * names; those read in the interface language until the client renames them (a name of its own is
 * shown as written).
 */
export function useStageLabel(): (name: string) => string {
  const translate = useTranslate();
  return useCallback((name: string) => (DEFAULT_STAGE_NAMES.includes(name) ? translate(`app.jobs.stages.defaults.${name}`) : name), [translate]);
}
