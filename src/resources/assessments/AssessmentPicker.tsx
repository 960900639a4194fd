/**
 * One assessment chosen from those the server finds by name (a page of 50 at a time), for the
 * invite page, a new campaign and the price list. The server keeps them to what the user may see.
 */
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { INVITABLE_TYPES } from '../../domain/assessment';
import { translateMessage } from '../../i18n/messages';
import { useSettled } from '../shared/useSettled';
import type { AssessmentRow } from './api';

export type AssessmentChoice = Pick<AssessmentRow, 'id' | 'name' | 'clientName' | 'clientId'>;

/** The active assessments candidates can be invited to: the picker's default. */
export const INVITABLE_FILTER = { status: 'ACTIVE', type: INVITABLE_TYPES };
const PAGE = 50;

interface Props {
  value: AssessmentChoice | null;
  onChange: (value: AssessmentChoice | null) => void;
  disabled?: boolean;
  /** The server's or the form's refusal, shown under the field. */
  error?: string;
  /** Which assessments to offer, as the assessments list filters them. */
  filter?: Record<string, unknown>;
  /** Left out of the options (already priced, say). */
  exclude?: ReadonlySet<string>;
  label?: string;
  help?: string;
  /** Said when there is nothing at all to choose. */
  none?: string;
}

export function AssessmentPicker({ value, onChange, disabled, error, filter = INVITABLE_FILTER, exclude, label, help, none }: Props) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const q = useSettled(value && input === optionLabel(value) ? '' : input.trim());
  const found = useGetList<AssessmentChoice & { id: string }>(
    'assessments',
    { filter: { ...filter, ...(q && { q }) }, sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: PAGE } },
    { placeholderData: keepPreviousData },
  );
  const options = (found.data ?? []).filter((a) => !exclude?.has(a.id));
  const nothing = !found.isPending && !q && options.length === 0;
  return (
    <Autocomplete<AssessmentChoice>
      options={options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server has searched already.
      filterOptions={(x) => x}
      loading={found.isFetching}
      disabled={disabled}
      noOptionsText={translate('app.invite.noMatch')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? translate('app.invite.assessment')}
          error={!!error || found.isError}
          helperText={
            error
              ? translateMessage(translate, error)
              : found.error
                ? translateMessage(translate, found.error.message)
                : nothing
                  ? (none ?? translate('app.invite.noAssessments'))
                  : (help ?? translate('app.invite.assessmentHelp'))
          }
        />
      )}
    />
  );
}

const optionLabel = (a: AssessmentChoice) => (a.clientName ? `${a.name} · ${a.clientName}` : a.name);
