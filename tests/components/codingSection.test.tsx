/**
 * The coding section of the question form: defaults, test cases and their limit, the "Try it"
 * panel against a mocked runner, the schema's messages, and the CodeEditor itself (driven through
 * CodeMirror's own view API: jsdom does not lay CodeMirror out, so typing is a dispatch).
 */
import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Form } from 'react-admin';
import { useFormContext, type Resolver, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { codingSchema } from '../../src/domain/questionSchema';
import { api } from '../../src/providers/httpClient';
import { CodingSection } from '../../src/resources/questions/CodingSection';
import { codingDefaults, type CodingValues } from '../../src/resources/questions/coding/codingValues';
import { CodeEditor } from '../../src/resources/shared/CodeEditor';
import { apiRequests, mockApi, renderPage, type Locale } from './kit';

// CodeMirror measures text through ranges, which jsdom lacks.
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

let form: UseFormReturn | undefined;
function CaptureForm() {
  form = useFormContext();
  return null;
}
const coding = () => form!.getValues('coding') as CodingValues;

/** The shared schema as the question form runs it on submit (issues become react-hook-form errors). */
const zodResolver: Resolver = async (values) => {
  const result = z.object({ coding: codingSchema }).safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, any> = {};
  for (const issue of result.error.issues) {
    let node = errors;
    issue.path.forEach((key, i) => {
      if (i === issue.path.length - 1) node[String(key)] = { type: issue.code, message: issue.message };
      else node = node[String(key)] ??= {};
    });
  }
  return { values: {}, errors };
};

function renderSection(record: { coding: Partial<CodingValues> | null }, locale: Locale = 'en') {
  form = undefined;
  return renderPage(
    <Form record={{ id: 'q1', ...record }} resolver={zodResolver} onSubmit={vi.fn()} noValidate>
      <CaptureForm />
      <CodingSection />
      <button type="submit">Submit</button>
    </Form>,
    { locale },
  );
}

const LANGUAGES = [
  { id: 62, name: 'Java', available: false, reason: 'javac not found' },
  { id: 63, name: 'JavaScript', available: true },
  { id: 68, name: 'PHP', available: true },
  { id: 70, name: 'Python', available: false, reason: 'python3 not found' },
  { id: 74, name: 'TypeScript', available: true },
];

const RUN_ANSWER = {
  language: { id: 63, name: 'JavaScript' },
  backend: 'local',
  passedCount: 1,
  totalPoints: 3,
  earnedPoints: 1,
  results: [
    { index: 0, status: 'passed', stdout: '3\n', stderr: '', timeMs: 41, passed: true, points: 1, maxPoints: 1, hidden: false },
    { index: 1, status: 'failed', stdout: '3\n', stderr: '', timeMs: 38, passed: false, points: 0, maxPoints: 2, hidden: true },
  ],
};

/** A runner that knows the languages above and answers a run with `run`. */
function mockRunner(run: () => { status: number; data?: unknown } = () => ({ status: 200, data: { result: 1, data: RUN_ANSWER } })) {
  mockApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/question/run-test/languages') return { status: 200, data: { result: 1, data: LANGUAGES } };
    if (method === 'POST' && url === '/api/question/run-test') return run();
    return undefined;
  });
}

const SUM_QUESTION: Partial<CodingValues> = {
  languages: [63, 70],
  starterCode: { 63: 'console.log(3)' },
  testCases: [
    { input: '1 2', expectedOutput: '3', points: 1, hidden: false },
    { input: '2 2', expectedOutput: '4', points: 2, hidden: true },
  ],
  timeLimitMs: 1500,
  memoryLimitMb: 64,
};

/** Replaces everything in a CodeMirror editor, as typing would. */
function typeInEditor(editor: HTMLElement, text: string) {
  const view = EditorView.findFromDOM(editor)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

const testCaseGroups = () => screen.queryAllByRole('group', { name: /^Test case \d+$/ });

describe('CodeEditor', () => {
  it('renders the given value and reports edits, not value changes from its props', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState("print('hi')");
      return (
        <>
          <CodeEditor value={value} languageId={70} aria-label="Program" onChange={onChange} />
          <button onClick={() => setValue('print(42)')}>Replace</button>
        </>
      );
    }
    renderPage(<Harness />);
    const editor = await screen.findByRole('textbox', { name: 'Program' });
    expect(editor.textContent).toBe("print('hi')");
    expect(editor.getAttribute('aria-multiline')).toBe('true');
    // The escape hatch for keyboard users is described to assistive technology.
    expect(screen.getByText(/press Esc and then Tab/).id).toBe(editor.getAttribute('aria-describedby'));

    typeInEditor(editor, 'x = 1\nprint(x)');
    expect(onChange).toHaveBeenLastCalledWith('x = 1\nprint(x)');

    onChange.mockClear();
    fireEvent.click(screen.getByText('Replace'));
    await waitFor(() => expect(editor.textContent).toBe('print(42)'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is read-only when asked', async () => {
    renderPage(<CodeEditor value="SELECT 1" readOnly aria-label="Given code" />);
    const editor = await screen.findByRole('textbox', { name: 'Given code' });
    expect(editor.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByText(/press Esc and then Tab/)).toBeNull();
  });
});

describe('CodingSection', () => {
  it('sets the defaults when the question has no coding settings yet', async () => {
    mockRunner();
    renderSection({ coding: null });
    await screen.findByRole('checkbox', { name: 'JavaScript' });
    expect(coding()).toEqual(codingDefaults());
    expect(coding()).toEqual({ languages: [63], starterCode: {}, testCases: [{ input: '', expectedOutput: '', points: 1, hidden: false }], timeLimitMs: 2000, memoryLimitMb: 128 });
    expect(screen.getByRole('checkbox', { name: 'JavaScript' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Python' }).getAttribute('aria-checked')).toBe('false');
    expect(testCaseGroups()).toHaveLength(1);
    expect((screen.getByLabelText('Time limit') as HTMLInputElement).value).toBe('2000');
    expect((screen.getByLabelText('Memory limit') as HTMLInputElement).value).toBe('128');
  });

  it('keeps the settings a question already has', async () => {
    mockRunner();
    renderSection({ coding: SUM_QUESTION });
    await screen.findByRole('checkbox', { name: 'JavaScript' });
    expect(coding()).toEqual(SUM_QUESTION);
    expect(testCaseGroups()).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Python' }).getAttribute('aria-checked')).toBe('true');
    // One starter-code tab per allowed language, the first one open.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['JavaScript', 'Python']);
    expect((await screen.findByRole('textbox', { name: 'Starter code in JavaScript' })).textContent).toBe('console.log(3)');
  });

  it('chooses languages and writes starter code per language', async () => {
    mockRunner();
    renderSection({ coding: null });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Python' }));
    expect(coding().languages).toEqual([63, 70]);
    fireEvent.click(screen.getByRole('tab', { name: 'Python' }));
    typeInEditor(await screen.findByRole('textbox', { name: 'Starter code in Python' }), 'print(input())');
    expect(coding().starterCode).toEqual({ 70: 'print(input())' });
    // The starter code stays a record keyed by language id, not an array.
    expect(Array.isArray(coding().starterCode)).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'JavaScript' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Python' }));
    expect(coding().languages).toEqual([]);
    expect(await screen.findByText('Choose at least one programming language')).toBeTruthy();
    expect(screen.getByText('Choose at least one language to try code.')).toBeTruthy();
  });

  it('adds and removes test cases', async () => {
    mockRunner();
    renderSection({ coding: null });
    await screen.findByText('1 of 20 test cases');
    // The only test case cannot be removed (at least one is required).
    expect((screen.getByRole('button', { name: 'Remove test case 1' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Add test case' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add test case' }));
    expect(testCaseGroups()).toHaveLength(3);
    expect(screen.getByText('3 of 20 test cases')).toBeTruthy();

    const second = within(screen.getByRole('group', { name: 'Test case 2' }));
    fireEvent.change(second.getByLabelText('Input'), { target: { value: '4 5' } });
    fireEvent.change(second.getByLabelText('Expected output'), { target: { value: '9' } });
    fireEvent.change(second.getByLabelText('Points'), { target: { value: '2.5' } });
    fireEvent.click(second.getByRole('switch', { name: 'Hidden' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove test case 1' }));
    expect(testCaseGroups()).toHaveLength(2);
    expect(coding().testCases).toEqual([
      { input: '4 5', expectedOutput: '9', points: 2.5, hidden: true },
      { input: '', expectedOutput: '', points: 1, hidden: false },
    ]);
    expect((within(screen.getByRole('group', { name: 'Test case 1' })).getByLabelText('Input') as HTMLTextAreaElement).value).toBe('4 5');
  });

  it('refuses a 21st test case with a message', async () => {
    mockRunner();
    const twenty = Array.from({ length: 20 }, (_, i) => ({ input: String(i), expectedOutput: String(i), points: 1, hidden: false }));
    renderSection({ coding: { ...SUM_QUESTION, testCases: twenty } });
    // Text queries: role queries are slow over twenty test cases' fields.
    const addButton = (await screen.findByText('Add test case')).closest('button')!;
    expect(screen.getByText('20 of 20 test cases')).toBeTruthy();
    expect(screen.queryByText('You can add at most 20 test cases')).toBeNull();

    fireEvent.click(addButton);
    const message = await screen.findByText('You can add at most 20 test cases');
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText('20 of 20 test cases')).toBeTruthy();
    expect(screen.queryByText('Test case 21')).toBeNull();
    expect(coding().testCases).toHaveLength(20);
    // Twenty cases' fields take jsdom a while to render.
  }, 60_000);

  it("shows the shared schema's messages for coding fields on submit", async () => {
    mockRunner();
    renderSection({ coding: { ...SUM_QUESTION, testCases: [{ input: '', expectedOutput: '1', points: 11, hidden: false }], timeLimitMs: 50 } });
    await screen.findByRole('checkbox', { name: 'JavaScript' });
    fireEvent.click(screen.getByText('Submit'));
    expect(await screen.findByText('Points go from 0.1 to 10 in steps of 0.1')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Time limit').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Memory limit').getAttribute('aria-invalid')).toBe('false');
  });

  it('runs the code against every test case, hidden ones too, and shows each result', async () => {
    mockRunner();
    renderSection({ coding: SUM_QUESTION });
    // JavaScript is the first allowed language the server can run; its starter code is the default.
    const editor = await screen.findByRole('textbox', { name: 'Code to run in JavaScript' });
    expect(editor.textContent).toBe('console.log(3)');
    typeInEditor(editor, 'console.log(1 + 2)');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText('1 of 2 test cases passed, 1 of 3 points')).toBeTruthy();
    const run = apiRequests.find((r) => r.method === 'POST' && r.url === '/api/question/run-test');
    expect(run?.data).toEqual({
      languageId: 63,
      source: 'console.log(1 + 2)',
      testCases: [
        { input: '1 2', expectedOutput: '3', points: 1, hidden: false },
        { input: '2 2', expectedOutput: '4', points: 2, hidden: true },
      ],
      timeLimitMs: 1500,
      memoryLimitMb: 64,
    });
    // The try-it code is not the question's starter code.
    expect(coding().starterCode).toEqual({ 63: 'console.log(3)' });

    const first = within(screen.getByTestId('case-result-1'));
    expect(first.getByText('Passed')).toBeTruthy();
    expect(first.getByText('41 ms')).toBeTruthy();
    const second = within(screen.getByTestId('case-result-2'));
    expect(second.getByText('Wrong answer')).toBeTruthy();
    expect(second.getByText('Hidden')).toBeTruthy();
    // Output beside the expected output.
    expect(second.getByText('Output').nextElementSibling?.textContent).toBe('3\n');
    expect(second.getByText('Expected output').nextElementSibling?.textContent).toBe('4');
  });

  it('shows a busy state while the code runs', async () => {
    mockRunner();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = api.defaults.adapter as (config: any) => Promise<any>;
    api.defaults.adapter = async (config: any) => {
      if (config.method === 'post') await gate;
      return answer(config);
    };
    renderSection({ coding: SUM_QUESTION });
    await screen.findByRole('textbox', { name: 'Code to run in JavaScript' });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const busy = await screen.findByRole('button', { name: 'Running…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('1 of 2 test cases passed, 1 of 3 points')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('marks the languages the server cannot run as not available', async () => {
    mockRunner();
    renderSection({ coding: { ...SUM_QUESTION, languages: [63, 70] } });
    await screen.findByRole('textbox', { name: 'Code to run in JavaScript' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    const listbox = within(await screen.findByRole('listbox'));
    expect(listbox.getByRole('option', { name: 'JavaScript' }).getAttribute('aria-disabled')).not.toBe('true');
    expect(listbox.getByRole('option', { name: 'Python (not available)' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('does not run a language the server lacks', async () => {
    mockRunner();
    renderSection({ coding: { ...SUM_QUESTION, languages: [70], starterCode: { 70: 'print(3)' } } });
    await screen.findByRole('textbox', { name: 'Code to run in Python' });
    expect(await screen.findByText('Python is not available on this server.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's error in the user's language", async () => {
    mockRunner(() => ({ status: 429, data: { result: 0, msg: 'The code runner is busy. Try again in a moment.' } }));
    renderSection({ coding: SUM_QUESTION }, 'hi');
    await screen.findByRole('textbox', { name: 'JavaScript में चलाने के लिए कोड' });
    fireEvent.click(screen.getByRole('button', { name: 'चलाएँ' }));
    expect(await screen.findByText('कोड रनर व्यस्त है। थोड़ी देर में फिर कोशिश करें।')).toBeTruthy();
  });

  it('shows a message it does not know as the server wrote it', async () => {
    mockRunner(() => ({ status: 400, data: { result: 0, msg: 'Something unusual happened.' } }));
    renderSection({ coding: SUM_QUESTION });
    await screen.findByRole('textbox', { name: 'Code to run in JavaScript' });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Something unusual happened.')).toBeTruthy();
  });
});
