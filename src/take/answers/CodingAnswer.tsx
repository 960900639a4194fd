/**
 * Coding: the question's allowed languages, its starter code, CodeMirror (its own lazy chunk,
 * loaded only by a coding question), and 'Run' on the visible examples (POST run), with each
 * example's result. The hidden cases run on the server when the section closes.
 */
import { Alert, Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { Suspense, useId, useState } from 'react';
import { lazy } from '../../lazy';
import type { CodeAnswer } from '../../domain/attemptQuestions';
import { PROGRAMMING_LANGUAGES } from '../../domain/content';
import type { CandidateRunResult } from '../../domain/take';
import { MONOSPACE } from '../../resources/shared/codeFont';
import { useTakeI18n } from '../i18n';
import { TakeApiError } from '../api';
import type { AnswerProps } from './types';

export const loadCodeEditor = () => import('../../resources/shared/CodeMirrorEditor');
const CodeMirrorEditor = lazy(loadCodeEditor);

const languageName = (id: number) => PROGRAMMING_LANGUAGES[id as keyof typeof PROGRAMMING_LANGUAGES] ?? String(id);

function Block({ label, text }: { label: string; text: string }) {
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: MONOSPACE, fontSize: '0.85rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text || ' '}
      </Box>
    </Box>
  );
}

export interface CodingAnswerProps extends AnswerProps<CodeAnswer> {
  run: (questionId: string, languageId: number, source: string) => Promise<CandidateRunResult>;
}

export function CodingAnswer({ question, value, onChange, labelledBy, run }: CodingAnswerProps) {
  const { t, serverMessage } = useTakeI18n();
  const coding = question.coding ?? { languages: [], starterCode: {}, examples: [] };
  const languageId = value?.languageId ?? coding.languages[0];
  const starter = (id: number | undefined) => (id === undefined ? '' : (coding.starterCode[String(id)] ?? ''));
  const source = value?.source ?? starter(languageId);
  const [result, setResult] = useState<CandidateRunResult | null>(null);
  const [running, setRunning] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const hintId = useId();
  const resultsId = useId();

  const changeLanguage = (next: number) => {
    // Untouched starter code follows the language; the candidate's own code stays.
    const untouched = !source.trim() || source === starter(languageId);
    onChange({ languageId: next, source: untouched ? starter(next) : source });
  };

  const runExamples = async () => {
    if (languageId === undefined) return;
    setRunning(true);
    setRunError(null);
    try {
      setResult(await run(question.id, languageId, source));
    } catch (error) {
      setResult(null);
      setRunError(error instanceof TakeApiError ? serverMessage(error) : t('errors.network'));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box>
      {coding.languages.length > 1 && (
        <TextField
          select
          label={t('answers.coding.language')}
          value={languageId ?? ''}
          onChange={(event) => changeLanguage(Number(event.target.value))}
          slotProps={{ select: { native: true } }}
          sx={{ mb: 2, minWidth: 220 }}
        >
          {coding.languages.map((id) => (
            <option key={id} value={id}>
              {languageName(id)}
            </option>
          ))}
        </TextField>
      )}
      {coding.languages.length === 1 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('answers.coding.language')}: {languageName(coding.languages[0])}
        </Typography>
      )}
      <Suspense
        fallback={
          <Box role="status" aria-label={t('answers.coding.loadingEditor')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <LinearProgress />
            <Box component="pre" sx={{ m: 0, p: 1, minHeight: 240, fontFamily: MONOSPACE, whiteSpace: 'pre-wrap' }}>
              {source}
            </Box>
          </Box>
        }
      >
        <CodeMirrorEditor
          value={source}
          onChange={(next) => languageId !== undefined && onChange({ languageId, source: next })}
          languageId={languageId}
          minHeight={240}
          maxHeight={520}
          aria-label={t('answers.coding.editor')}
          aria-describedby={`${labelledBy} ${hintId}`}
        />
      </Suspense>
      <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {t('answers.coding.editorHint')}
      </Typography>
      {coding.examples.length ? (
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" onClick={runExamples} disabled={running || languageId === undefined} aria-describedby={resultsId}>
            {running ? t('answers.coding.running') : t('answers.coding.run')}
          </Button>
          {running && <LinearProgress sx={{ mt: 1 }} aria-label={t('answers.coding.running')} />}
          {runError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {runError}
            </Alert>
          )}
          <Box id={resultsId} aria-live="polite" sx={{ mt: 2 }}>
            {result && (
              <>
                <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                  {t('answers.coding.results')}: {t('answers.coding.passedCount', { passed: result.passedCount, total: result.results.length })}
                </Typography>
                {result.results.map((r, i) => {
                  const example = coding.examples[r.index] ?? coding.examples[i];
                  return (
                    <Box key={r.index} sx={{ border: 1, borderColor: r.passed ? 'success.main' : 'error.main', borderRadius: 1, p: 1.5, mb: 1 }}>
                      <Typography sx={{ fontWeight: 500 }}>
                        {t('answers.coding.example', { n: r.index + 1 })}: {t(`answers.coding.status.${r.status}`)}
                      </Typography>
                      {example && <Block label={t('answers.coding.input')} text={example.input} />}
                      {example && <Block label={t('answers.coding.expected')} text={example.expectedOutput} />}
                      <Block label={t('answers.coding.output')} text={r.stdout} />
                      {r.stderr && <Block label={t('answers.coding.errorOutput')} text={r.stderr} />}
                    </Box>
                  );
                })}
              </>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('answers.coding.hiddenNote')}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('answers.coding.noExamples')}
        </Typography>
      )}
    </Box>
  );
}
