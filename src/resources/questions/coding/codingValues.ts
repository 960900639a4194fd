/** A coding question's fields as the form holds them, their defaults, starter templates and field messages. */
import type { TranslateFunction } from 'react-admin';
import { get, type FieldErrors } from 'react-hook-form';
import { RUN_LIMITS, SANDBOX_MISSING } from '../../../domain/codeRunner';
import { PROGRAMMING_LANGUAGES } from '../../../domain/content';
import { translateMessage } from '../../../i18n/messages';
import { MONOSPACE } from '../../shared/CodeEditor';

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

export const LANGUAGE_IDS = Object.keys(PROGRAMMING_LANGUAGES).map(Number);
export const languageName = (id: number) => PROGRAMMING_LANGUAGES[id as keyof typeof PROGRAMMING_LANGUAGES] ?? String(id);


export const newTestCase = (): TestCase => ({ input: '', expectedOutput: '', points: 1, hidden: false });

export const codingDefaults = (): CodingValues => ({
  languages: [63],
  starterCode: {},
  testCases: [newTestCase()],
  timeLimitMs: RUN_LIMITS.timeLimitMs.default,
  memoryLimitMb: RUN_LIMITS.memoryLimitMb.default,
});

/** A skeleton per language that reads standard input, as the runner feeds each test case's input. */
export const TEMPLATES: Record<number, string> = {
  62: 'import java.util.Scanner;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        // Read the input, print the answer.\n    }\n}\n',
  63: "const input = require('fs').readFileSync(0, 'utf8');\n// Read the input, print the answer with console.log.\n",
  68: '<?php\n$input = stream_get_contents(STDIN);\n// Read the input, print the answer with echo.\n',
  70: 'import sys\n\ndata = sys.stdin.read()\n# Read the input, print the answer.\n',
  74: "import { readFileSync } from 'fs';\n\nconst input: string = readFileSync(0, 'utf8');\n// Read the input, print the answer with console.log.\n",
};

/** The first message the shared schema gives for a value, or undefined when it is valid. */
export function schemaMessage(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
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
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const message = (get(errors, path) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A number input's value: null when empty, so the schema says "required" rather than "not a number". */
export const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

export const MONOSPACE_FIELD = { '& textarea': { fontFamily: MONOSPACE, fontSize: 'body2.fontSize' } };
