/**
 * CodeMirror 6 behind the CodeEditor props. Loaded only lazily (CodeEditor's wrapper in the admin,
 * the candidate's coding answer), so CodeMirror stays out of the main bundles.
 */
import { indentWithTab } from '@codemirror/commands';
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useTheme, type Theme } from '@mui/material/styles';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { MONOSPACE, type CodeEditorProps } from './codeFont';

/** Language support by Judge0 language id, each loaded on first use (PHP alone brings HTML, CSS and JavaScript). */
const LANGUAGES: Record<number, () => Promise<Extension>> = {
  62: () => import('@codemirror/lang-java').then((m) => m.java()),
  63: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  68: () => import('@codemirror/lang-php').then((m) => m.php()),
  70: () => import('@codemirror/lang-python').then((m) => m.python()),
  74: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
};

export function loadLanguageSupport(languageId: number | undefined): Promise<Extension> {
  const load = languageId === undefined ? undefined : LANGUAGES[languageId];
  return load ? load() : Promise.resolve([]);
}

/**
 * The look of the theme's text fields (react-admin's theme makes them "filled"; MUI's default is
 * "outlined"): the same background, border, radius, font size and focus colour.
 */
function muiLook(theme: Theme, minHeight: number, maxHeight: number | undefined): Extension {
  const dark = theme.palette.mode === 'dark';
  const primary = theme.palette.primary.main;
  const radius = `${theme.shape.borderRadius}px`;
  const filled = (theme.components?.MuiTextField?.defaultProps?.variant ?? 'outlined') === 'filled';
  const box: Record<'base' | 'hover' | 'focused', Record<string, string>> = filled
    ? {
        base: {
          backgroundColor: dark ? 'rgba(255, 255, 255, 0.09)' : 'rgba(0, 0, 0, 0.06)',
          borderBottom: `1px solid ${dark ? 'rgba(255, 255, 255, 0.7)' : 'rgba(0, 0, 0, 0.42)'}`,
          borderRadius: `${radius} ${radius} 0 0`,
        },
        hover: { backgroundColor: dark ? 'rgba(255, 255, 255, 0.13)' : 'rgba(0, 0, 0, 0.09)', borderBottomColor: theme.palette.text.primary },
        focused: { borderBottomColor: primary, boxShadow: `inset 0 -1px 0 ${primary}` },
      }
    : {
        base: { backgroundColor: theme.palette.background.paper, border: `1px solid ${dark ? 'rgba(255, 255, 255, 0.23)' : 'rgba(0, 0, 0, 0.23)'}`, borderRadius: radius },
        hover: { borderColor: theme.palette.text.primary },
        focused: { borderColor: primary, boxShadow: `inset 0 0 0 1px ${primary}` },
      };
  return EditorView.theme(
    {
      '&': {
        fontSize: theme.typography.body2.fontSize ?? '0.875rem',
        color: theme.palette.text.primary,
        overflow: 'hidden',
        ...box.base,
        ...(maxHeight ? { maxHeight: `${maxHeight}px` } : {}),
      },
      '&:hover': box.hover,
      '&.cm-focused': { outline: 'none', ...box.focused },
      '.cm-scroller': { fontFamily: MONOSPACE, lineHeight: 1.5, overflow: 'auto' },
      '.cm-content, .cm-gutter': { minHeight: `${minHeight}px` },
      '.cm-gutters': { backgroundColor: 'transparent', color: theme.palette.text.secondary, borderRight: `1px solid ${theme.palette.divider}` },
      '.cm-activeLineGutter': { backgroundColor: theme.palette.action.hover },
      '.cm-activeLine': { backgroundColor: 'transparent' },
      '&.cm-editor.cm-focused .cm-activeLine': { backgroundColor: theme.palette.action.hover },
    },
    { dark },
  );
}

/** Marks changes that came from the value prop, so they are not reported back through onChange. */
const external = Annotation.define<boolean>();

const editable = (readOnly: boolean): Extension => [EditorState.readOnly.of(readOnly)];

export default function CodeMirrorEditor({ value, onChange, languageId, readOnly = false, minHeight = 200, maxHeight = 480, 'aria-label': ariaLabel, 'aria-describedby': describedBy }: CodeEditorProps) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const compartments = useRef({ language: new Compartment(), look: new Compartment(), readOnly: new Compartment(), attributes: new Compartment() });

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // One view for the component's life; props below reconfigure it through compartments.
  useEffect(() => {
    const c = compartments.current;
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          // Tab indents; Esc then Tab (or Ctrl-M) still moves focus out, as CodeMirror recommends.
          keymap.of([indentWithTab]),
          c.language.of([]),
          c.look.of(muiLook(theme, minHeight, maxHeight)),
          c.readOnly.of(editable(readOnly)),
          c.attributes.of(EditorView.contentAttributes.of(contentAttributes(ariaLabel, describedBy))),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && update.transactions.some((tr) => !tr.annotation(external))) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The view is created once; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) {
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, annotations: external.of(true) });
    }
  }, [value]);

  useEffect(() => {
    let current = true;
    loadLanguageSupport(languageId)
      .then((support) => {
        if (current) view.current?.dispatch({ effects: compartments.current.language.reconfigure(support) });
      })
      // A language chunk that fails to load (offline, a new deployment) leaves plain text, not an unhandled rejection.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [languageId]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.look.reconfigure(muiLook(theme, minHeight, maxHeight)) });
  }, [theme, minHeight, maxHeight]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.readOnly.reconfigure(editable(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.attributes.reconfigure(EditorView.contentAttributes.of(contentAttributes(ariaLabel, describedBy))),
    });
  }, [ariaLabel, describedBy]);

  return <div ref={host} data-testid="code-editor" />;
}

function contentAttributes(ariaLabel: string | undefined, describedBy: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (ariaLabel) attributes['aria-label'] = ariaLabel;
  if (describedBy) attributes['aria-describedby'] = describedBy;
  return attributes;
}
