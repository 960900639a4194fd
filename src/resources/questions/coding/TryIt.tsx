/** Try a coding question's reference answer (or any code) against its test cases in the sandbox, from the form. */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { SANDBOX_MISSING, type RunResult, type RunStatus, type TestCaseResult } from '../../../domain/codeRunner';
import { useApi } from '../../../providers/useApi';
import { CodeEditor, MONOSPACE } from '../../shared/CodeEditor';
import { codingMessage, languageName, type CodingValues, type TestCase } from './codingValues';
import { SectionTitle } from './SectionTitle';

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

export function TryIt() {
  const api = useApi();
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const languages: number[] = useWatch({ name: 'coding.languages' }) ?? [];
  const starterCode: Record<string, string> = useWatch({ name: 'coding.starterCode' }) ?? {};
  const availability = useQuery({
    queryKey: ['question', 'run-test', 'languages'],
    queryFn: () => api.getRunnableLanguages(),
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
      const result = await api.runCode({
        languageId,
        source: code,
        testCases: cases,
        ...(finite(coding.timeLimitMs) ? { timeLimitMs: coding.timeLimitMs } : {}),
        ...(finite(coding.memoryLimitMb) ? { memoryLimitMb: coding.memoryLimitMb } : {}),
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
