/**
 * The code editor (CodeMirror 6) for coding questions and, later, candidates' answers. CodeMirror
 * is loaded on first use: this file holds only the lazy wrapper and its placeholder.
 */
import { Box, LinearProgress, Typography } from '@mui/material';
import { Suspense, useId } from 'react';
import { lazy } from '../../lazy';
import { useTranslate } from 'react-admin';
import { MONOSPACE, type CodeEditorProps } from './codeFont';

export type { CodeEditorProps } from './codeFont';
export { MONOSPACE } from './codeFont';

const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor'));

/** What shows while CodeMirror loads: the code itself, in the editor's place and size. */
function EditorPlaceholder({ value, minHeight = 200 }: Pick<CodeEditorProps, 'value' | 'minHeight'>) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-label={translate('app.coding.loadingEditor')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <LinearProgress />
      <Box component="pre" sx={{ m: 0, p: 1, minHeight, fontFamily: MONOSPACE, fontSize: 'body2.fontSize', whiteSpace: 'pre-wrap', color: 'text.secondary' }}>
        {value}
      </Box>
    </Box>
  );
}

export function CodeEditor(props: CodeEditorProps) {
  const translate = useTranslate();
  const hintId = useId();
  const hint = !props.readOnly;
  const describedBy = [props['aria-describedby'], hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Box>
      <Suspense fallback={<EditorPlaceholder value={props.value} minHeight={props.minHeight} />}>
        <CodeMirrorEditor {...props} aria-describedby={describedBy} />
      </Suspense>
      {hint && (
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {translate('app.coding.editorHint')}
        </Typography>
      )}
    </Box>
  );
}

export default CodeEditor;
