/**
 * The code editor's props and font, apart from CodeEditor.tsx (which needs react-admin for its
 * words), so that CodeMirrorEditor can be used by the candidate's page without react-admin.
 */
export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** Judge0 language id (62 Java, 63 JavaScript, 68 PHP, 70 Python, 74 TypeScript); none: plain text. */
  languageId?: number;
  readOnly?: boolean;
  /** Pixels; the editor grows with its content up to maxHeight, then scrolls. */
  minHeight?: number;
  maxHeight?: number;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/** Code's font; Devanagari last, so that Hindi in code and output is drawn rather than boxes. */
export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace, "Noto Sans Devanagari"';
