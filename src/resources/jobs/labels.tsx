/** How a job's kinds, experience and status read on screen, in the interface language. */
import { Chip } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { DEFAULT_HIRING_STAGES, EMPLOYMENT_TYPES, EXPERIENCE_YEARS, experienceLabel, JOB_STATUSES, NOTICE_PERIODS, WORK_MODES, type JobStatus } from '../../domain/business';
import { JOB_LIMITS } from '../../domain/jobs';

/**
 * A job's experience as people say it: "2–5 years", "up to 2 years", "3+ years", "1 year",
 * "Fresher", "Any experience". The pickers' top choice, 9, is "9+" there; as a range's end it is
 * simply 9 ("2–9 years"), and from 9 on it is "9+ years".
 */
export function experienceText(translate: TranslateFunction, min: number, max: number | null): string {
  const top = JOB_LIMITS.experienceMax;
  if (max === null || min >= top) return min === 0 ? translate('app.jobs.experienceAny') : translate('app.jobs.experienceAtLeast', { min: Math.min(min, top), smart_count: min });
  if (max === min) return min === 0 ? translate('app.jobs.experienceNone') : translate('app.jobs.experienceExactly', { years: min, smart_count: min });
  if (min === 0) return translate('app.jobs.experienceUpTo', { max, smart_count: max });
  return translate('app.jobs.experienceRange', { min, max });
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
