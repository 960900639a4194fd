/**
 * The coding part of the question form (v2): allowed languages, starter code, test cases, limits,
 * and a "Try it" panel that runs code against the test cases being written. Lives inside the
 * question form's react-hook-form and reads and writes `coding.*`; the shared codingSchema
 * validates it on submit.
 */
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import { get, useController, type FieldErrors, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { RUN_LIMITS, SANDBOX_MISSING, type LanguageAvailability, type RunResult, type RunStatus, type TestCaseResult } from '../../domain/codeRunner';
import { PROGRAMMING_LANGUAGES } from '../../domain/content';
import { codingSchema, pointsSchema } from '../../domain/questionSchema';
import { translateMessage } from '../../i18n/messages';
import { request } from '../../providers/httpClient';
import { CodeEditor, MONOSPACE } from '../shared/CodeEditor';

// ---------------------------------------------------------------------------------------------
// Values and rules

export interface TestCase {
  input: string;
  expectedOutput: string;
  points: number | null;
  hidden: boolean;
}

export interface CodingValues {
  languages: number[];
  starterCode: Record<string, string>;
  testCases: TestCase[];
  timeLimitMs: number | null;
  memoryLimitMb: number | null;
}

const LANGUAGE_IDS = Object.keys(PROGRAMMING_LANGUAGES).map(Number);
const languageName = (id: number) => PROGRAMMING_LANGUAGES[id as keyof typeof PROGRAMMING_LANGUAGES] ?? String(id);


const newTestCase = (): TestCase => ({ input: '', expectedOutput: '', points: 1, hidden: false });

export const codingDefaults = (): CodingValues => ({
  languages: [63],
  starterCode: {},
  testCases: [newTestCase()],
  timeLimitMs: RUN_LIMITS.timeLimitMs.default,
  memoryLimitMb: RUN_LIMITS.memoryLimitMb.default,
});

/** A skeleton per language that reads standard input, as the runner feeds each test case's input. */
const TEMPLATES: Record<number, string> = {
  62: 'import java.util.Scanner;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        // Read the input, print the answer.\n    }\n}\n',
  63: "const input = require('fs').readFileSync(0, 'utf8');\n// Read the input, print the answer with console.log.\n",
  68: '<?php\n$input = stream_get_contents(STDIN);\n// Read the input, print the answer with echo.\n',
  70: 'import sys\n\ndata = sys.stdin.read()\n# Read the input, print the answer.\n',
  74: "import { readFileSync } from 'fs';\n\nconst input: string = readFileSync(0, 'utf8');\n// Read the input, print the answer with console.log.\n",
};

/** The first message the shared schema gives for a value, or undefined when it is valid. */
function schemaMessage(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** A schema or server message in the user's language (the runner's missing-language message carries its language). */
export function codingMessage(translate: TranslateFunction, message: string): string {
  if (message === SANDBOX_MISSING) return translate('app.coding.needsSandbox');
  const unavailable = /^Language not available on this server: (.+)\.$/.exec(message);
  if (unavailable) return translate('app.coding.notAvailableOnServer', { language: unavailable[1] });
  return translateMessage(translate, message);
}

/** The message of the error at a path of the form's errors, if it is one (not a parent of others). */
function errorAt(errors: FieldErrors, path: string): string | undefined {
  const message = (get(errors, path) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A number input's value: null when empty, so the schema says "required" rather than "not a number". */
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

const MONOSPACE_FIELD = { '& textarea': { fontFamily: MONOSPACE, fontSize: 'body2.fontSize' } };

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

function SectionTitle({ children, help, id }: { children: ReactNode; help?: ReactNode; id?: string }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      )}
    </Box>
  );
}

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
// Test cases

function TestCasesField() {
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

// ---------------------------------------------------------------------------------------------
// Try it

const STATUS_COLOR: Record<RunStatus, 'success' | 'error' | 'warning' | 'default'> = {
  passed: 'success',
  failed: 'error',
  error: 'error',
  compile_error: 'error',
  timeout: 'warning',
  memory: 'warning',
  output_limit: 'warning',
  ran: 'default',
};

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function TryIt() {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const languages: number[] = useWatch({ name: 'coding.languages' }) ?? [];
  const starterCode: Record<string, string> = useWatch({ name: 'coding.starterCode' }) ?? {};
  const availability = useQuery({
    queryKey: ['question', 'run-test', 'languages'],
    queryFn: () => request<LanguageAvailability[]>({ url: '/api/question/run-test/languages' }),
    staleTime: 5 * 60_000,
  });
  // Until the server has said, a language counts as available: the run itself would say otherwise.
  const available = (id: number) => availability.data?.find((l) => l.id === id)?.available ?? true;
  const [chosen, setChosen] = useState<number>();
  const languageId = chosen !== undefined && languages.includes(chosen) ? chosen : (languages.find(available) ?? languages[0]);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ result: RunResult; cases: TestCase[] } | null>(null);
  const headingId = useId();

  const starter = languageId === undefined ? '' : (starterCode[String(languageId)] ?? '');
  const code = languageId === undefined ? '' : (drafts[languageId] ?? starter);
  const runnable = languageId !== undefined && available(languageId);
  // Without bubblewrap or Judge0 the server runs no code at all: say that once, plainly, instead of per language.
  const noSandbox = !!availability.data?.length && availability.data.every((l) => l.reason === SANDBOX_MISSING);

  const run = async () => {
    if (languageId === undefined) return;
    const coding = (getValues('coding') ?? {}) as Partial<CodingValues>;
    const cases: TestCase[] = (coding.testCases ?? []).map((t) => ({
      input: t.input ?? '',
      expectedOutput: t.expectedOutput ?? '',
      points: finite(t.points) ? t.points : 0,
      hidden: !!t.hidden,
    }));
    setBusy(true);
    setError(null);
    try {
      const result = await request<RunResult>({
        url: '/api/question/run-test',
        method: 'POST',
        data: {
          languageId,
          source: code,
          testCases: cases,
          ...(finite(coding.timeLimitMs) ? { timeLimitMs: coding.timeLimitMs } : {}),
          ...(finite(coding.memoryLimitMb) ? { memoryLimitMb: coding.memoryLimitMb } : {}),
        },
      });
      setOutcome({ result, cases });
    } catch (e) {
      setOutcome(null);
      setError(codingMessage(translate, (e as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <SectionTitle id={headingId} help={translate('app.coding.tryItHelp')}>
          {translate('app.coding.tryIt')}
        </SectionTitle>
        {noSandbox ? (
          <Alert severity="warning">{translate('app.coding.needsSandbox')}</Alert>
        ) : languageId === undefined ? (
          <Alert severity="info">{translate('app.coding.chooseLanguageFirst')}</Alert>
        ) : (
          <>
            <TextField
              select
              label={translate('app.coding.language')}
              value={languageId}
              onChange={(e) => setChosen(Number(e.target.value))}
              sx={{ width: { xs: '100%', sm: 320 } }}
            >
              {languages.map((id) => (
                <MenuItem key={id} value={id} disabled={!available(id)}>
                  {available(id) ? languageName(id) : translate('app.coding.languageNotAvailable', { language: languageName(id) })}
                </MenuItem>
              ))}
            </TextField>
            {!runnable && <Alert severity="warning">{translate('app.coding.notAvailableOnServer', { language: languageName(languageId) })}</Alert>}
            <CodeEditor
              key={languageId}
              value={code}
              onChange={(next) => setDrafts((d) => ({ ...d, [languageId]: next }))}
              languageId={languageId}
              minHeight={160}
              aria-label={translate('app.coding.codeToRun', { language: languageName(languageId) })}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button
                variant="contained"
                onClick={run}
                disabled={busy || !runnable || !code.trim()}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
              >
                {translate(busy ? 'app.coding.running' : 'app.coding.run')}
              </Button>
              {drafts[languageId] !== undefined && drafts[languageId] !== starter && (
                <Button onClick={() => setDrafts(({ [languageId]: _, ...rest }) => rest)}>{translate('app.coding.resetCode')}</Button>
              )}
            </Stack>
          </>
        )}
        <Box aria-live="polite" aria-busy={busy}>
          {error && <Alert severity="error">{error}</Alert>}
          {outcome && !error && <RunResults result={outcome.result} cases={outcome.cases} />}
        </Box>
      </Stack>
    </Paper>
  );
}

function RunResults({ result, cases }: { result: RunResult; cases: TestCase[] }) {
  const translate = useTranslate();
  const total = result.results.length;
  const allPassed = result.passedCount === total;
  return (
    <Stack spacing={1}>
      <Alert severity={allPassed ? 'success' : 'warning'}>
        {translate('app.coding.summary', { passed: result.passedCount, total, earned: result.earnedPoints, max: result.totalPoints })}
      </Alert>
      <Box>
        {result.results.map((r) => (
          <CaseResultRow key={r.index} result={r} expected={cases[r.index]?.expectedOutput ?? ''} />
        ))}
      </Box>
    </Stack>
  );
}

function CaseResultRow({ result, expected }: { result: TestCaseResult; expected: string }) {
  const translate = useTranslate();
  const n = result.index + 1;
  return (
    <Accordion defaultExpanded={!result.passed} disableGutters variant="outlined" data-testid={`case-result-${n}`}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, width: '100%' }}>
          <Typography variant="body2" sx={{ fontWeight: 500, mr: 'auto' }}>
            {translate('app.coding.testCase', { n })}
          </Typography>
          {result.hidden && <Chip size="small" variant="outlined" label={translate('app.coding.hiddenCase')} />}
          <Chip size="small" color={STATUS_COLOR[result.status] ?? 'default'} label={translate(`app.coding.status.${result.status}`, { _: result.status })} />
          <Typography variant="caption" color="text.secondary">
            {translate('app.coding.timeMs', { ms: result.timeMs })}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <OutputBlock label={translate('app.coding.output')} text={result.stdout} />
          <OutputBlock label={translate('app.coding.expected')} text={expected} />
          {result.stderr && <OutputBlock label={translate('app.coding.errors')} text={result.stderr} error wide />}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

function OutputBlock({ label, text, error, wide }: { label: string; text: string; error?: boolean; wide?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} component="div">
        {label}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: MONOSPACE,
          fontSize: 'body2.fontSize',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          maxHeight: 240,
          overflow: 'auto',
          color: error ? 'error.main' : text ? 'text.primary' : 'text.secondary',
        }}
      >
        {text || (
          <Box component="span" sx={{ fontFamily: (theme) => theme.typography.fontFamily, fontStyle: 'italic' }}>
            {translate('app.coding.noOutput')}
          </Box>
        )}
      </Box>
    </Box>
  );
}
