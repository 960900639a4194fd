/**
 * The candidate's answer widgets: each gives the answer shape its response type takes (checked by
 * the same validateAnswer the server runs), sorting works by keyboard alone, coding runs the
 * visible examples, a video is recorded, uploaded with progress and saved by its object key.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateAnswer, type CandidateAnswer, type CandidateBankQuestion, type CandidateVideoQuestion } from '../../src/domain/attemptQuestions';
import type { QuestionType } from '../../src/domain/content';
import type { CandidateRunResult, MediaTicket } from '../../src/domain/take';
import { CheckboxAnswer } from '../../src/take/answers/CheckboxAnswer';
import { CodingAnswer } from '../../src/take/answers/CodingAnswer';
import { RadioAnswer } from '../../src/take/answers/RadioAnswer';
import { SortingAnswer } from '../../src/take/answers/SortingAnswer';
import { TextAnswer } from '../../src/take/answers/TextAnswer';
import VideoAnswer, { pickRecordingType } from '../../src/take/answers/VideoAnswer';
import { renderTake } from './takeKit';

/** Options as the server sends them: already in the attempt's order, each with its stored index. */
function question(questionType: QuestionType, extra: Partial<CandidateBankQuestion> = {}): CandidateBankQuestion {
  return {
    id: `q-${questionType}`,
    questionType,
    isQualifying: false,
    text: '<p>Pick</p>',
    answerTitle: null,
    mediaType: 'TEXT',
    mediaUrl: null,
    options: [
      { id: 'o2', text: 'Often' },
      { id: 'o0', text: 'Never' },
      { id: 'o3', text: 'Always' },
      { id: 'o1', text: 'Sometimes' },
    ],
    coding: null,
    ...extra,
  };
}

/** A widget with its answer kept as the page keeps it; every answer given is recorded. */
function harness<A extends CandidateAnswer>(render: (value: A | undefined, onChange: (a: A) => void) => React.ReactElement) {
  const given: A[] = [];
  function Harness() {
    const [value, setValue] = useState<A | undefined>(undefined);
    return (
      <>
        <p id="label">Question</p>
        {render(value, (a) => {
          given.push(a);
          setValue(a);
        })}
      </>
    );
  }
  return { Harness, given };
}

afterEach(() => vi.unstubAllGlobals());

// user-event walks a radio group with CSS.escape, which jsdom does not have.
globalThis.CSS ??= { escape: (value: string) => value.replace(/[^A-Za-z0-9_-]/g, (c) => `\\${c}`) } as typeof CSS;

describe('single-answer types (single choice, likert, likert variant, rating scale, correct/incorrect)', () => {
  it.each(['SINGLE_CHOICE', 'LIKERT', 'LIKERT_VARIANT', 'RATING_SCALE', 'CORRECT_INCORRECT'] as const)('%s answers the chosen option’s stored index, shown in the server’s order', async (type) => {
    const q = question(type);
    const { Harness, given } = harness((value, onChange) => <RadioAnswer question={q} value={value as never} onChange={onChange} labelledBy="label" />);
    await renderTake(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Question' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Often', 'Never', 'Always', 'Sometimes']);
    await userEvent.click(screen.getByRole('radio', { name: 'Always' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Often' }));
    expect(given).toEqual([{ optionIds: ['o3'] }, { optionIds: ['o2'] }]);
    expect(validateAnswer(q, given.at(-1))).toEqual({ ok: true, answer: { optionIds: ['o2'] } });
    // By keyboard: the arrow keys move the choice within the group.
    screen.getByRole('radio', { name: 'Often' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(given.at(-1)).toEqual({ optionIds: ['o0'] });
  });
});

describe('multiple choice', () => {
  it('answers every checked option, in the order shown, and unchecking takes one away', async () => {
    const q = question('MULTIPLE_CHOICE');
    const { Harness, given } = harness((value, onChange) => <CheckboxAnswer question={q} value={value as never} onChange={onChange} labelledBy="label" />);
    await renderTake(<Harness />);
    expect(screen.getByRole('group', { name: 'Question' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sometimes' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Often' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Never' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sometimes' }));
    expect(given).toEqual([{ optionIds: ['o1'] }, { optionIds: ['o2', 'o1'] }, { optionIds: ['o2', 'o0', 'o1'] }, { optionIds: ['o2', 'o0'] }]);
    expect(validateAnswer(q, given.at(-1)).ok).toBe(true);
  });
});

describe('sorting order', () => {
  const items = () => screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/^\d+\./, ''));

  it('is not answered until the candidate moves an item or keeps the order; the answer is every item’s id in the chosen order', async () => {
    const q = question('SORTING_ORDER');
    const { Harness, given } = harness((value, onChange) => <SortingAnswer question={q} value={value as never} onChange={onChange} labelledBy="label" />);
    await renderTake(<Harness />);
    expect(items()).toEqual(['Often', 'Never', 'Always', 'Sometimes']);
    await userEvent.click(screen.getByRole('button', { name: 'Keep this order as my answer' }));
    expect(given).toEqual([{ optionIds: ['o2', 'o0', 'o3', 'o1'] }]);
    expect(screen.queryByRole('button', { name: 'Keep this order as my answer' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Move “Always” up' }));
    expect(items()).toEqual(['Often', 'Always', 'Never', 'Sometimes']);
    await userEvent.click(screen.getByRole('button', { name: 'Move “Often” down' }));
    expect(given.at(-1)).toEqual({ optionIds: ['o3', 'o2', 'o0', 'o1'] });
    expect(validateAnswer(q, given.at(-1))).toEqual({ ok: true, answer: { optionIds: ['o3', 'o2', 'o0', 'o1'] } });
    // The first cannot go up, the last cannot go down; the new place is announced.
    expect((screen.getByRole('button', { name: 'Move “Always” up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move “Sometimes” down' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('“Often” is now at position 2 of 4.'));
  });

  it('sorts by keyboard alone with the drag handle: Space picks up, arrows move, Space drops', async () => {
    // jsdom lays nothing out: each list item gets a 50 px row so dnd-kit can measure where it is.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const li = this.closest('li');
      const row = li ? [...li.parentElement!.children].indexOf(li) : 0;
      const top = row * 50;
      return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 48, width: 300, height: 48, toJSON: () => ({}) } as DOMRect;
    });
    try {
      const q = question('SORTING_ORDER');
      const { Harness, given } = harness((value, onChange) => <SortingAnswer question={q} value={value as never} onChange={onChange} labelledBy="label" />);
      await renderTake(<Harness />);
      const handle = screen.getByRole('button', { name: 'Drag “Often”' });
      expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
      handle.focus();
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      await act(async () => new Promise((r) => setTimeout(r, 50)));
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowDown', key: 'ArrowDown' });
      await act(async () => new Promise((r) => setTimeout(r, 50)));
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowDown', key: 'ArrowDown' });
      await act(async () => new Promise((r) => setTimeout(r, 50)));
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
      await waitFor(() => expect(given.at(-1)).toEqual({ optionIds: ['o0', 'o3', 'o2', 'o1'] }));
      expect(items()).toEqual(['Never', 'Always', 'Often', 'Sometimes']);
      // dnd-kit's own live region said where the item went.
      await waitFor(() => expect(document.body.textContent).toContain('“Often” was dropped at position 3 of 4.'));
    } finally {
      rect.mockRestore();
    }
  });
});

describe('short text', () => {
  it('answers the text, counts characters and stops at the longest answer', async () => {
    const q = question('SHORT_TEXT', { options: [] });
    const { Harness, given } = harness((value, onChange) => <TextAnswer question={q} value={value as never} onChange={onChange} labelledBy="label" />);
    await renderTake(<Harness />);
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    await userEvent.type(box, 'नमस्ते all');
    expect(given.at(-1)).toEqual({ text: 'नमस्ते all' });
    expect(screen.getByText('10 of 2,000 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(2500) } });
    expect((given.at(-1) as { text: string }).text).toHaveLength(2000);
    expect(validateAnswer(q, given.at(-1)).ok).toBe(true);
  });
});

describe('coding', () => {
  const q = question('CODING', {
    options: [],
    coding: { languages: [63, 70], starterCode: { '63': '// js start', '70': '# py start' }, examples: [{ input: '1 2', expectedOutput: '3' }, { input: '2 2', expectedOutput: '4' }] },
  });

  it('starts from the starter code, follows the language while untouched, and runs the visible examples', async () => {
    const run = vi.fn(async (): Promise<CandidateRunResult> => ({
      language: { id: 70, name: 'Python' },
      results: [
        { index: 0, status: 'passed', stdout: '3', stderr: '', timeMs: 12, passed: true },
        { index: 1, status: 'failed', stdout: '5', stderr: '', timeMs: 11, passed: false },
      ],
      passedCount: 1,
    }));
    const { Harness, given } = harness((value, onChange) => <CodingAnswer question={q} value={value as never} onChange={onChange} labelledBy="label" run={run} />);
    await renderTake(<Harness />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Programming language' }), 'Python');
    expect(given).toEqual([{ languageId: 70, source: '# py start' }]);
    expect(validateAnswer(q, given[0])).toEqual({ ok: true, answer: { languageId: 70, source: '# py start' } });
    await userEvent.click(screen.getByRole('button', { name: 'Run the examples' }));
    expect(run).toHaveBeenCalledWith('q-CODING', 70, '# py start');
    expect(await screen.findByText('Results of the examples: 1 of 2 examples passed')).toBeTruthy();
    expect(screen.getByText('Example 1: Passed')).toBeTruthy();
    expect(screen.getByText('Example 2: Wrong output')).toBeTruthy();
  });

  it('says what went wrong with a run, in the interface language', async () => {
    const { TakeApiError } = await import('../../src/take/api');
    const run = vi.fn(async (): Promise<CandidateRunResult> => {
      throw new TakeApiError(503, 'Running code needs a sandbox: install bubblewrap or set JUDGE0_URL', undefined, undefined, { code: 'sandboxMissing' });
    });
    await renderTake(<CodingAnswer question={q} value={undefined} onChange={() => undefined} labelledBy="label" run={run} />, { language: 'hi' });
    await userEvent.click(screen.getByRole('button', { name: 'उदाहरण चलाएँ' }));
    expect(await screen.findByText('इस समय इस सर्वर पर कोड नहीं चलाया जा सकता।')).toBeTruthy();
  });
});

describe('video', () => {
  it('picks the first format the browser records: WebM with VP8 and Opus, WebM, then MP4 (Safari)', () => {
    expect(pickRecordingType(() => true)).toBe('video/webm;codecs=vp8,opus');
    expect(pickRecordingType((t) => t === 'video/webm')).toBe('video/webm');
    expect(pickRecordingType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(pickRecordingType(() => false)).toBeNull();
  });

  it('records, uploads with progress by the signed ticket, and answers the object key', async () => {
    class FakeRecorder {
      static isTypeSupported = (type: string) => type === 'video/mp4';
      state = 'inactive';
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(
        readonly stream: MediaStream,
        readonly options: { mimeType: string },
      ) {}
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(['frame'], { type: 'video/mp4' }) });
        this.onstop?.();
      }
    }
    const uploads: { method: string; url: string; headers: Record<string, string>; body: Blob }[] = [];
    class FakeXhr {
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private request = { method: '', url: '', headers: {} as Record<string, string> };
      open(method: string, url: string) {
        this.request = { ...this.request, method, url };
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      abort() {}
      send(body: Blob) {
        uploads.push({ ...this.request, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 });
        setTimeout(() => {
          this.status = 200;
          this.onload?.();
        }, 20);
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:recording', revokeObjectURL: () => undefined }));
    const track = { kind: 'video', readyState: 'live' };
    const stream = { getVideoTracks: () => [track], getAudioTracks: () => [], getTracks: () => [track] } as unknown as MediaStream;
    const ticket: MediaTicket = { mediaId: 'm1', objectKey: 'uploads/2026/11/1-abc-video-answer.mp4', uploadUrl: '/files/uploads/2026/11/1-abc-video-answer.mp4?sig=x', method: 'PUT', headers: { 'content-type': 'video/mp4' } };
    const media = vi.fn(async () => ticket);
    const onTakeUsed = vi.fn();
    const q: CandidateVideoQuestion = { id: 'v1', questionType: 'VIDEO', videoType: 'INTRO', text: 'Introduce yourself', maxSeconds: 30, retakes: 1 };
    const { Harness, given } = harness((value, onChange) => (
      <VideoAnswer question={q} value={value as never} onChange={onChange} labelledBy="label" stream={stream} takesUsed={0} media={media} onTakeUsed={onTakeUsed} requestCamera={() => undefined} />
    ));
    await renderTake(<Harness />);
    expect(screen.getByText('Up to 30 seconds.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(screen.getByText(/Recording: 30 seconds left/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('Your video is saved.')).toBeTruthy();
    expect(media).toHaveBeenCalledWith(expect.objectContaining({ kind: 'VIDEO_ANSWER', questionId: 'v1', contentType: 'video/mp4', size: 5 }));
    expect(onTakeUsed).toHaveBeenCalledTimes(1);
    expect(uploads).toEqual([{ method: 'PUT', url: ticket.uploadUrl, headers: { 'content-type': 'video/mp4' }, body: expect.any(Blob) }]);
    expect(given).toEqual([{ objectKey: ticket.objectKey }]);
    expect(validateAnswer(q, given[0]).ok).toBe(true);
    expect(screen.getByRole('button', { name: 'Record again' })).toBeTruthy();
  });

  it('retries a failed upload with the same ticket (a new one would count as another take)', async () => {
    class FakeRecorder {
      static isTypeSupported = () => true;
      state = 'inactive';
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = 'recording';
      }
      stop() {
        this.ondataavailable?.({ data: new Blob(['x']) });
        this.onstop?.();
      }
    }
    let failNext = true;
    const urls: string[] = [];
    class FakeXhr {
      upload = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open(_method: string, url: string) {
        urls.push(url);
      }
      setRequestHeader() {}
      send() {
        setTimeout(() => {
          if (failNext) {
            failNext = false;
            this.onerror?.();
          } else {
            this.status = 204;
            this.onload?.();
          }
        }, 10);
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:recording', revokeObjectURL: () => undefined }));
    const track = { kind: 'video', readyState: 'live' };
    const stream = { getVideoTracks: () => [track], getAudioTracks: () => [], getTracks: () => [track] } as unknown as MediaStream;
    const media = vi.fn(async (): Promise<MediaTicket> => ({ mediaId: 'm1', objectKey: 'uploads/2026/11/1-abc-v.webm', uploadUrl: '/files/one-ticket', method: 'PUT', headers: { 'content-type': 'video/webm' } }));
    const onChange = vi.fn();
    const q: CandidateVideoQuestion = { id: 'v1', questionType: 'VIDEO', videoType: 'INTRO', text: 'Hello', maxSeconds: 20, retakes: 0 };
    await renderTake(<VideoAnswer question={q} value={undefined} onChange={onChange} labelledBy="label" stream={stream} takesUsed={0} media={media} onTakeUsed={() => undefined} requestCamera={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('The upload did not finish.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try the upload again' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ objectKey: 'uploads/2026/11/1-abc-v.webm' }));
    expect(media).toHaveBeenCalledTimes(1);
    expect(urls).toEqual(['/files/one-ticket', '/files/one-ticket']);
  });
});
