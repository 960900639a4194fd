/**
 * The question a consistency question restates (README "How answers are scored", Consistency): a
 * search over the questions it may restate, asked of the server as the user types (same origin and
 * test type, not itself, no consistency or qualifying question). Left empty, the question is kept
 * but not compared.
 */
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { QuestionFormValues } from '../../domain/questionForm';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { useSettled } from '../shared/useSettled';

/** An option of GET /api/questions/restatable. */
export interface Restatable {
  _id: string;
  label: string;
  questionType?: string;
  status?: string;
}

export function RestatedQuestionPicker({ exclude, custom, clientId }: { exclude?: string; custom: boolean; clientId?: string | null }) {
  const api = useApi();
  const translate = useTranslate();
  const { setValue } = useFormContext<QuestionFormValues>();
  const primarySkill = useWatch<QuestionFormValues, 'primarySkill'>({ name: 'primarySkill' });
  const title = useWatch<QuestionFormValues, 'consistencyOfTitle'>({ name: 'consistencyOfTitle' });
  const { field, fieldState } = useController<QuestionFormValues, 'consistencyOf'>({ name: 'consistencyOf' });
  // One object per choice: the Autocomplete resets the typed words whenever its value changes identity.
  const value = useMemo<Restatable | null>(() => (field.value ? { _id: field.value, label: title ?? '' } : null), [field.value, title]);
  const [input, setInput] = useState('');
  // The chosen title in the box is not a search.
  const q = useSettled(value && input === value.label ? '' : input.trim());
  const options = useQuery({
    queryKey: ['restatable', primarySkill, q, exclude, custom, clientId],
    enabled: !!primarySkill,
    queryFn: () => api.getRestatable({ primarySkill, q, exclude, custom, clientId }),
    placeholderData: keepPreviousData,
  });
  const error = fieldState.error?.message;
  const helper = error
    ? translateMessage(translate, error)
    : !primarySkill
      ? translate('app.questionForm.choosePrimaryFirst')
      : value
        ? translate('app.questionForm.restatesHelp')
        : translate('app.questionForm.restatesNone');
  return (
    <Autocomplete<Restatable>
      options={options.data ?? []}
      value={value}
      onChange={(_, next) => {
        field.onChange(next?._id ?? null);
        setValue('consistencyOfTitle', next?.label ?? null);
      }}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      // The server has searched already.
      filterOptions={(x) => x}
      loading={options.isFetching}
      disabled={!primarySkill}
      noOptionsText={translate('app.questionForm.restatesNoMatch')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{option.label}</Typography>
            <Typography variant="caption" color="text.secondary">
              {[option.questionType && translate(`app.enums.questionType.${option.questionType}`), option.status && translate(`app.enums.questionStatus.${option.status}`)].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={translate('app.questionForm.restates')}
          error={!!error}
          helperText={helper}
        />
      )}
      fullWidth
    />
  );
}
