/**
 * An answer that is a file (a video answer) counts in the page's save status: while it uploads the
 * status says so, when the upload fails it says so plainly (and politely to a screen reader when the
 * question is not on screen) and the question offers a retry even after the candidate went to
 * another question and back, and only once it is up and saved does the status say "Saved".
 * Finishing the section warns of an upload under way or failed, and waits for one under way.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateBankQuestion, CandidateVideoQuestion } from '../../src/domain/attemptQuestions';
import type { MediaTicket, TakeState } from '../../src/domain/take';
import { ServerClock, takeApi } from '../../src/take/api';
import { AnswerUploads, AnswerUploadsProvider } from '../../src/take/answerUploads';
import Runner from '../../src/take/Runner';
import { SaveStatusLine } from '../../src/take/StatusBar';
import { freshIndexedDb, mockFetch, renderTake, takeState } from './takeKit';

const TOKEN = 'U'.repeat(43);
const BASE = `/api/take/${TOKEN}`;
const PART = 'test:t1';

const video: CandidateVideoQuestion = { id: 'v1', questionType: 'VIDEO', videoType: 'INTRO', text: 'Introduce yourself', maxSeconds: 30, retakes: 1 };
const choice: CandidateBankQuestion = {
  id: 'q2',
  questionType: 'SINGLE_CHOICE',
  isQualifying: false,
  text: '<p>Do you like teams?</p>',
  answerTitle: null,
  mediaType: 'TEXT',
  mediaUrl: null,
  options: [
    { id: 'o0', text: 'Yes' },
    { id: 'o1', text: 'No' },
  ],
  coding: null,
};
const ticket: MediaTicket = { mediaId: 'm1', objectKey: 'uploads/2026/11/1-abc-video-answer.webm', uploadUrl: '/files/uploads/2026/11/1-abc-video-answer.webm?sig=x', method: 'PUT', headers: { 'content-type': 'video/webm' } };

class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'video/webm';
  state = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['frames'], { type: 'video/webm' }) });
    this.onstop?.();
  }
}

/** Uploads the test ends, one at a time: each PUT waits until the test says how it went. */
const xhrs: FakeXhr[] = [];
class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  url = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send() {
    xhrs.push(this);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 6 });
  }
  succeed() {
    this.status = 200;
    this.onload?.();
  }
  fail() {
    // What the browser does with a PUT it refuses (CORS, the network gone): no status, an error.
    this.onerror?.();
  }
}

function setUp() {
  const open: TakeState = takeState({
    invitation: { status: 'IN_PROGRESS', language: 'en' },
    assessment: { hasVideo: true },
    parts: [{ id: PART, kind: 'VIDEO', titles: [{ language: 'en', name: 'Video questions', description: null }], questionCount: 2, durationSeconds: null, startedAt: Date.now() - 60_000, deadline: null, finishedAt: null }],
    position: { kind: 'QUESTION', partId: PART, questionIndex: 0, questionId: 'v1', needsStart: false, remainingMs: null },
    currentPart: { id: PART, questions: [video, choice], answers: {} },
  });
  const done = takeState({ invitation: { status: 'COMPLETED', language: 'en' }, parts: open.parts, position: { kind: 'DONE' } });
  const calls = mockFetch(({ method, path, body }) => {
    const now = { serverNow: Date.now() };
    if (method === 'POST' && path === `${BASE}/media`) return { data: ticket };
    if (method === 'PUT' && path === `${BASE}/answers`) return { data: { ...now, idempotencyKey: (body as { idempotencyKey: string }).idempotencyKey, decision: 'INSERT' } };
    if (method === 'POST' && path.endsWith('/finish')) return { data: { ...done, ...now } };
    if (method === 'GET' && path === BASE) return { data: { ...done, ...now } };
    if (method === 'POST' && (path.endsWith('/events') || path.endsWith('/ping'))) return { data: { stored: 1, otherDevice: null, ...now } };
    return undefined;
  });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:recording', revokeObjectURL: () => undefined }));
  const track = { kind: 'video', readyState: 'live', label: 'Camera', addEventListener: () => undefined, removeEventListener: () => undefined };
  const stream = { getVideoTracks: () => [track], getAudioTracks: () => [], getTracks: () => [track] } as unknown as MediaStream;
  const onState = vi.fn();
  const api = takeApi(TOKEN, new ServerClock());
  const page = <Runner api={api} token={TOKEN} state={open} stream={stream} onState={onState} />;
  return { calls, page, onState };
}

const status = () => screen.getByTestId('save-status');
const saves = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT' && c.path === `${BASE}/answers`).map((c) => (c.body as { answer: unknown }).answer);

async function recordOnce() {
  await userEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
  await userEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
  await waitFor(() => expect(xhrs).toHaveLength(1));
}

beforeEach(() => {
  freshIndexedDb();
  localStorage.clear();
  xhrs.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('a video answer in the page’s status', () => {
  it('says uploading (never saved) while it goes up, the failure plainly, and saved only after a retry went through', async () => {
    const { calls, page } = setUp();
    await renderTake(page);
    await recordOnce();
    expect(screen.getByText('Uploading your video: 50%')).toBeTruthy();
    await waitFor(() => expect(status().textContent).toBe('Uploading video…'));
    expect(status().getAttribute('data-status')).toBe('uploading');

    // The candidate goes on to the next question while the video is still going up.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 2 of 2' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(saves(calls)).toEqual([{ optionIds: ['o0'] }]));
    // That answer is saved, the video is not: the status does not say saved.
    expect(status().textContent).toBe('Uploading video…');

    // The browser refuses the upload (as it refused a cross-origin PUT in the review).
    act(() => xhrs[0].fail());
    await waitFor(() => expect(status().textContent).toBe('A video answer did not upload: try again'));
    expect(status().getAttribute('data-status')).toBe('uploadFailed');
    // Not on screen, so said to a screen reader here (politely).
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('A video answer did not upload: try again'));

    // Back on the video question: the failure and its retry are there (the recording was kept).
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('The upload did not finish.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Record again' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Try the upload again' }));
    await waitFor(() => expect(xhrs).toHaveLength(2));
    expect(status().textContent).toBe('Uploading video…');
    act(() => xhrs[1].succeed());
    await waitFor(() => expect(saves(calls)).toContainEqual({ objectKey: ticket.objectKey }));
    await waitFor(() => expect(status().textContent).toBe('Saved'));
    // Shown on the question (and announced too, which is why the announcer is left out here).
    expect(screen.getByText('Your video is saved.', { ignore: 'script, style, [data-testid="announcer"]' })).toBeTruthy();
    // The retry reused the ticket: one take, one ticket.
    expect(calls.filter((c) => c.path === `${BASE}/media`)).toHaveLength(1);
    expect(xhrs.map((x) => x.url)).toEqual([ticket.uploadUrl, ticket.uploadUrl]);
  });

  it('reads in English and Hindi', async () => {
    const uploads = new AnswerUploads();
    let fail: (error: Error) => void = () => undefined;
    void uploads.start('v1', () => new Promise<void>((_resolve, reject) => (fail = reject)));
    const line = <AnswerUploadsProvider value={uploads}><SaveStatusLine status="saved" /></AnswerUploadsProvider>;
    await renderTake(line, { language: 'hi' });
    expect(status().textContent).toBe('वीडियो अपलोड हो रहा है…');
    act(() => fail(new Error('refused')));
    await waitFor(() => expect(status().textContent).toBe('एक वीडियो उत्तर अपलोड नहीं हुआ: फिर से कोशिश करें'));
    // Outside a section (its intro card) there is nothing uploading: the queue's word.
    const { unmount } = await renderTake(<SaveStatusLine status="saved" />, { language: 'en' });
    expect(screen.getAllByTestId('save-status')[1].textContent).toBe('Saved');
    unmount();
  });
});

describe('finishing the section with a video answer not up', () => {
  it('warns in the dialog while it uploads, and when confirmed waits for it (saved) before closing the section', async () => {
    const { calls, page, onState } = setUp();
    await renderTake(page);
    await recordOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Finish this section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish this section?' });
    expect(within(dialog).getByText('A video answer is still uploading. The section finishes once it has uploaded.')).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toContain('A video answer is still uploading.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish the section' }));
    expect(await screen.findByText('Saving your last answers…')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/finish'))).toBe(false);

    act(() => xhrs[0].succeed());
    await waitFor(() => expect(onState).toHaveBeenCalled());
    const order = calls.filter((c) => c.path === `${BASE}/answers` || c.path.endsWith('/finish')).map((c) => (c.path.endsWith('/finish') ? 'finish' : 'save'));
    expect(order).toEqual(['save', 'finish']);
    expect(saves(calls)).toEqual([{ objectKey: ticket.objectKey }]);
  });

  it('warns that a failed one is lost if the candidate finishes now; going back keeps the section open', async () => {
    const { calls, page, onState } = setUp();
    await renderTake(page, { language: 'hi' });
    await userEvent.click(await screen.findByRole('button', { name: 'रिकॉर्डिंग शुरू करें' }));
    await userEvent.click(screen.getByRole('button', { name: 'रिकॉर्डिंग रोकें' }));
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0].fail());
    await waitFor(() => expect(status().textContent).toBe('एक वीडियो उत्तर अपलोड नहीं हुआ: फिर से कोशिश करें'));

    await userEvent.click(screen.getByRole('button', { name: 'यह खंड समाप्त करें' }));
    let dialog = await screen.findByRole('dialog', { name: 'यह खंड समाप्त करें?' });
    expect(within(dialog).getByText('एक वीडियो उत्तर अपलोड नहीं हुआ। अभी समाप्त करने पर वह खो जाएगा: प्रश्नों पर लौटें और फिर से अपलोड करें।')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'प्रश्नों पर लौटें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/finish'))).toBe(false);

    // Confirmed anyway: a failed upload does not hold the section open.
    await userEvent.click(screen.getByRole('button', { name: 'यह खंड समाप्त करें' }));
    dialog = await screen.findByRole('dialog', { name: 'यह खंड समाप्त करें?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'खंड समाप्त करें' }));
    await waitFor(() => expect(onState).toHaveBeenCalled());
    expect(saves(calls)).toEqual([]);
  });

  it('says nothing of uploads when there are none', async () => {
    const { page } = setUp();
    await renderTake(page);
    await screen.findByRole('button', { name: 'Start recording' });
    await userEvent.click(screen.getByRole('button', { name: 'Finish this section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish this section?' });
    expect(within(dialog).queryByTestId('confirm-upload')).toBeNull();
    expect(status().textContent).toBe('Saved');
  });
});
