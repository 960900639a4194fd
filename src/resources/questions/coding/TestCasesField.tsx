/** A coding question's test cases: input, expected output, points, hidden or shown as an example. */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, FormControlLabel, FormHelperText, IconButton, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { memo, useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useController, useFieldArray, useFormState } from 'react-hook-form';
import { RUN_LIMITS } from '../../../domain/codeRunner';
import { pointsSchema } from '../../../domain/questionSchema';
import { newTestCase, schemaMessage, codingMessage, errorAt, toNumber, MONOSPACE_FIELD } from './codingValues';
import { SectionTitle } from './SectionTitle';

export function TestCasesField() {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: 'coding.testCases' });
  const { errors } = useFormState({ name: 'coding.testCases' });
  const [refused, setRefused] = useState(false);
  const arrayError = errorAt(errors, 'coding.testCases') ?? errorAt(errors, 'coding.testCases.root');
  const max = RUN_LIMITS.maxTestCases;

  const removeAt = useCallback(
    (index: number) => {
      remove(index);
      setRefused(false);
    },
    [remove],
  );

  const add = () => {
    if (fields.length >= max) {
      setRefused(true);
      return;
    }
    append(newTestCase());
  };

  return (
    <Stack spacing={1.5}>
      <SectionTitle help={translate('app.coding.testCasesHelp')}>{translate('app.coding.testCases')}</SectionTitle>
      {arrayError && <Alert severity="error">{codingMessage(translate, arrayError)}</Alert>}
      {fields.map((field, index) => (
        <TestCaseRow key={field.id} index={index} canRemove={fields.length > 1} onRemove={removeAt} />
      ))}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Button startIcon={<AddIcon />} onClick={add} variant="outlined">
          {translate('app.coding.addTestCase')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('app.coding.testCaseCount', { count: fields.length, max })}
        </Typography>
      </Stack>
      {refused && (
        <Alert severity="warning" role="alert" onClose={() => setRefused(false)}>
          {translate('app.coding.maxTestCases', { max })}
        </Alert>
      )}
    </Stack>
  );
}

/** A test case's input or expected output: several lines of monospace text, with its message. */
function MonospaceTextInput({ name, label }: { name: string; label: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name });
  return (
    <TextField
      label={label}
      multiline
      rows={3}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ? codingMessage(translate, fieldState.error.message) : undefined}
      sx={MONOSPACE_FIELD}
    />
  );
}

/** Memoised: adding or removing a case re-renders only the rows whose index changed. */
const TestCaseRow = memo(function TestCaseRow({ index, canRemove, onRemove }: { index: number; canRemove: boolean; onRemove: (index: number) => void }) {
  const translate = useTranslate();
  const base = `coding.testCases.${index}`;
  const points = useController({ name: `${base}.points` });
  const hidden = useController({ name: `${base}.hidden` });
  const n = index + 1;
  const pointsMessage = points.fieldState.error?.message ?? (points.fieldState.isDirty ? schemaMessage(pointsSchema, points.field.value) : undefined);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label={translate('app.coding.testCase', { n })}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}>
        <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
          {translate('app.coding.testCase', { n })}
        </Typography>
        <TextField
          label={translate('app.coding.points')}
          type="number"
          size="small"
          value={points.field.value ?? ''}
          onChange={(e) => points.field.onChange(toNumber(e.target.value))}
          onBlur={points.field.onBlur}
          inputRef={points.field.ref}
          error={!!pointsMessage}
          slotProps={{ htmlInput: { min: 0.1, max: 10, step: 0.1 } }}
          sx={{ width: 110 }}
        />
        <FormControlLabel
          control={<Switch checked={!!hidden.field.value} onChange={(e) => hidden.field.onChange(e.target.checked)} inputRef={hidden.field.ref} />}
          label={translate('app.coding.hidden')}
        />
        <IconButton aria-label={translate('app.coding.removeTestCase', { n })} onClick={() => onRemove(index)} disabled={!canRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {pointsMessage && (
        <FormHelperText error sx={{ mt: -1, mb: 1 }}>
          {codingMessage(translate, pointsMessage)}
        </FormHelperText>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <MonospaceTextInput name={`${base}.input`} label={translate('app.coding.input')} />
        <MonospaceTextInput name={`${base}.expectedOutput`} label={translate('app.coding.expectedOutput')} />
      </Box>
    </Paper>
  );
});
