/**
 * The coding part of the question form (v2): allowed languages, starter code, test cases, limits,
 * and a "Try it" panel that runs code against the test cases being written. Lives inside the
 * question form's react-hook-form and reads and writes `coding.*`; the shared codingSchema
 * validates it on submit.
 */
import CheckIcon from '@mui/icons-material/Check';
import { Alert, Box, Button, Chip, FormControl, FormHelperText, FormLabel, InputAdornment, Stack, Tab, Tabs, TextField } from '@mui/material';
import { memo, useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { RUN_LIMITS } from '../../domain/codeRunner';
import { codingSchema } from '../../domain/questionSchema';
import { CodeEditor } from '../shared/CodeEditor';
import { codingDefaults, codingMessage, errorAt, LANGUAGE_IDS, languageName, schemaMessage, TEMPLATES, toNumber, type CodingValues } from './coding/codingValues';
import { SectionTitle } from './coding/SectionTitle';
import { TestCasesField } from './coding/TestCasesField';
import { TryIt } from './coding/TryIt';

// ---------------------------------------------------------------------------------------------
// The section

/** Sets the defaults when `coding` is missing (a new question, or one that was not coding before). */
export function CodingSection() {
  const { getValues, setValue } = useFormContext();
  const incomplete = useWatch({ name: 'coding', compute: (coding: Partial<CodingValues> | null | undefined) => coding == null || Object.keys(codingDefaults()).some((k) => coding[k as keyof CodingValues] === undefined) });
  useEffect(() => {
    if (!incomplete) return;
    let active = true;
    // After this commit's other effects: react-admin's Form resets its values to the record on mount.
    queueMicrotask(() => {
      if (!active) return;
      const current = (getValues('coding') ?? {}) as Partial<CodingValues>;
      const present = Object.fromEntries(Object.entries(current).filter(([, v]) => v !== undefined));
      setValue('coding', { ...codingDefaults(), ...present });
    });
    return () => {
      active = false;
    };
  }, [incomplete, getValues, setValue]);
  // Rendered only once the values exist, so that the field array starts from them.
  return incomplete ? null : <CodingFields />;
}

export default CodingSection;

const CodingFields = memo(function CodingFields() {
  const translate = useTranslate();
  const { errors } = useFormState({ name: 'coding' });
  const rootError = errorAt(errors, 'coding');
  return (
    <Stack spacing={3} component="section" aria-label={translate('app.coding.title')}>
      {rootError && <Alert severity="error">{codingMessage(translate, rootError)}</Alert>}
      <LanguagesField />
      <StarterCodeField />
      <TestCasesField />
      <LimitsFields />
      <TryIt />
    </Stack>
  );
});

// ---------------------------------------------------------------------------------------------
// Allowed languages

function LanguagesField() {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'coding.languages' });
  const selected: number[] = Array.isArray(field.value) ? field.value : [];
  const [touched, setTouched] = useState(false);
  const message = fieldState.error?.message ?? (touched ? schemaMessage(codingSchema.shape.languages, selected) : undefined);
  const helperId = useId();

  const toggle = (id: number) => {
    setTouched(true);
    field.onChange(selected.includes(id) ? selected.filter((x) => x !== id) : LANGUAGE_IDS.filter((x) => x === id || selected.includes(x)));
  };

  return (
    <FormControl component="fieldset" error={!!message} aria-describedby={helperId}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate('app.coding.languages')}
      </FormLabel>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {LANGUAGE_IDS.map((id) => {
          const on = selected.includes(id);
          return (
            <Chip
              key={id}
              label={languageName(id)}
              role="checkbox"
              aria-checked={on}
              icon={on ? <CheckIcon /> : undefined}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(id)}
              onBlur={field.onBlur}
            />
          );
        })}
      </Stack>
      <FormHelperText id={helperId}>{message ? codingMessage(translate, message) : translate('app.coding.languagesHelp')}</FormHelperText>
    </FormControl>
  );
}

// ---------------------------------------------------------------------------------------------
// Starter code

function StarterCodeField() {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const languages: number[] = useWatch({ name: 'coding.languages' }) ?? [];
  const starterCode: Record<string, string> = useWatch({ name: 'coding.starterCode' }) ?? {};
  const { errors } = useFormState({ name: 'coding.starterCode' });
  const [tab, setTab] = useState<number>();
  const current = tab !== undefined && languages.includes(tab) ? tab : languages[0];
  const tabsId = useId();

  const change = (id: number, code: string) => {
    // The whole record: react-hook-form would turn a numeric key path ("starterCode.63") into an array index.
    setValue('coding.starterCode', { ...(getValues('coding.starterCode') ?? {}), [String(id)]: code }, { shouldDirty: true });
  };

  if (current === undefined) return null;
  const code = starterCode[String(current)] ?? '';
  const error = errorAt(errors, `coding.starterCode.${current}`);
  return (
    <Stack spacing={1}>
      <SectionTitle help={translate('app.coding.starterCodeHelp')}>{translate('app.coding.starterCode')}</SectionTitle>
      <Tabs value={current} onChange={(_, id: number) => setTab(id)} variant="scrollable" allowScrollButtonsMobile aria-label={translate('app.coding.starterCode')}>
        {languages.map((id) => (
          <Tab key={id} value={id} label={languageName(id)} id={`${tabsId}-tab-${id}`} aria-controls={`${tabsId}-panel`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${current}`}>
        <CodeEditor
          key={current}
          value={code}
          onChange={(next) => change(current, next)}
          languageId={current}
          minHeight={160}
          aria-label={translate('app.coding.starterCodeFor', { language: languageName(current) })}
        />
        {error && <FormHelperText error>{codingMessage(translate, error)}</FormHelperText>}
        {!code.trim() && TEMPLATES[current] && (
          <Button size="small" onClick={() => change(current, TEMPLATES[current])} sx={{ mt: 0.5 }}>
            {translate('app.coding.insertTemplate')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Limits

function LimitsFields() {
  const translate = useTranslate();
  const { number } = useFormat();
  const { timeLimitMs: time, memoryLimitMb: memory } = RUN_LIMITS;
  return (
    <Stack spacing={1.5}>
      <SectionTitle>{translate('app.coding.limits')}</SectionTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <LimitField name="coding.timeLimitMs" label={translate('app.coding.timeLimit')} unit={translate('app.coding.ms')} min={time.min} max={time.max} help={translate('app.coding.timeLimitHelp', { min: time.min, max: number(time.max) })} schema={codingSchema.shape.timeLimitMs} />
        <LimitField name="coding.memoryLimitMb" label={translate('app.coding.memoryLimit')} unit={translate('app.coding.mb')} min={memory.min} max={memory.max} help={translate('app.coding.memoryLimitHelp', { min: memory.min, max: memory.max })} schema={codingSchema.shape.memoryLimitMb} />
      </Stack>
    </Stack>
  );
}

function LimitField({ name, label, unit, min, max, help, schema }: { name: string; label: string; unit: string; min: number; max: number; help: string; schema: Parameters<typeof schemaMessage>[0] }) {
  const { field, fieldState } = useController({ name });
  // The schema's own words for a limit are zod's defaults; the range says the same more plainly.
  const invalid = !!fieldState.error || (fieldState.isDirty && (field.value == null || !!schemaMessage(schema, field.value)));
  return (
    <TextField
      label={label}
      type="number"
      value={field.value ?? ''}
      onChange={(e) => field.onChange(toNumber(e.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={invalid}
      helperText={help}
      slotProps={{ htmlInput: { min, max, step: 1 }, input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }}
      sx={{ width: { xs: '100%', sm: 260 } }}
    />
  );
}
