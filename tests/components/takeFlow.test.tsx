/**
 * The candidate's page end to end against a mocked API: the links that do not work (404, 410,
 * no connection), the flow from the instructions to the thank-you page with the interface
 * switching to Hindi at the language choice, resuming at the first question answered neither on
 * the server nor on the device, and the words: English and Hindi with the same keys, every code the
 * candidate API sends in both, a failure worded by its code (its figures filled), else by its sentence.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateBankQuestion } from '../../src/domain/attemptQuestions';
import { englishOf, MESSAGES, type TakeMessageCode } from '../../src/domain/messages';
import type { TakeState } from '../../src/domain/take';
import { MESSAGES_HI } from '../../src/i18n/messages.hi';
import en from '../../src/i18n/take/en';
import enFlow from '../../src/i18n/take/en.flow';
import hi from '../../src/i18n/take/hi';
import hiFlow from '../../src/i18n/take/hi.flow';
import { failureWords, loadFlowMessages, loadMessages } from '../../src/i18n/take';
import { AttemptPage } from '../../src/take/AttemptPage';
import { openTakeDb, SaveQueue } from '../../src/take/queue';
import { TakeApp, takeRoute } from '../../src/take/TakeApp';
import { detectUiLanguage } from '../../src/take/i18n';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { freshIndexedDb, mockFetch, renderTake, takeState } from './takeKit';

const TOKEN = 'A'.repeat(43);
const BASE = `/api/take/${TOKEN}`;

const choice = (id: string, text: string): CandidateBankQuestion => ({
  id,
  questionType: 'SINGLE_CHOICE',
  isQualifying: false,
  text: `<p>${text}</p>`,
  answerTitle: null,
  mediaType: 'TEXT',
  mediaUrl: null,
  options: [
    { id: 'o0', text: 'Yes' },
    { id: 'o1', text: 'No' },
  ],
  coding: null,
});

beforeEach(() => {
  freshIndexedDb();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('a link that does not work', () => {
  it.each([
    [404, 'linkNotFound', 'This link does not work'],
    [410, 'linkRevoked', 'This link has been withdrawn'],
    [410, 'linkExpired', 'This link has expired'],
  ] as const)('%i %s', async (status, code, heading) => {
    const msg = MESSAGES[code];
    mockFetch(() => ({ status, code, msg }));
    await renderTake(<AttemptPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByText(msg)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('in Hindi', async () => {
    mockFetch(() => ({ status: 410, code: 'linkExpired', msg: MESSAGES.linkExpired }));
    await renderTake(<AttemptPage token={TOKEN} />, { language: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'इस लिंक की अवधि समाप्त हो गई है' })).toBeTruthy();
    expect(screen.getByText('इस लिंक की अवधि समाप्त हो गई है। कृपया जिसने आपको आमंत्रित किया था उनसे संपर्क करें।')).toBeTruthy();
  });

  it('without a connection offers to try again', async () => {
    let down = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (down) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ result: 1, data: takeState() }), { status: 200 });
      }),
    );
    await renderTake(<AttemptPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'No connection' })).toBeTruthy();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support Associate' })).toBeTruthy();
  });

  it('an address that is not a link', async () => {
    expect(takeRoute('/take/public/abcdefghijklmnop')).toEqual({ kind: 'public', slug: 'abcdefghijklmnop' });
    expect(takeRoute(`/take/${TOKEN}`)).toEqual({ kind: 'attempt', token: TOKEN });
    expect(takeRoute('/take/a/b/c')).toEqual({ kind: 'none' });
    await loadMessages('en');
    const { render } = await import('@testing-library/react');
    render(<TakeApp pathname="/take/a/b/c" language="en" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
  });
});

describe('the instructions', () => {
  it.each([
    ['INVITE', 'You are invited to take this assessment.'],
    ['PUBLIC', 'You are about to take this assessment.'],
    ['TEST', 'You are about to take this assessment.'],
  ] as const)('of an attempt entered by %s say whether someone invited the candidate', async (entryType, says) => {
    mockFetch(({ method }) => (method === 'GET' ? { data: takeState({ invitation: { entryType } }) } : undefined));
    await renderTake(<AttemptPage token={TOKEN} />);
    expect(await screen.findByText(says)).toBeTruthy();
  });
});

describe('the flow', () => {
  it('instructions → language (the interface turns Hindi at once) → devices → start → a part → thank you', async () => {
    const partId = 'test:t1';
    const part = { id: partId, kind: 'TEST' as const, titles: [{ language: 'en', name: 'Teamwork', description: null }, { language: 'hi', name: 'टीम में काम', description: null }], questionCount: 2, durationSeconds: 300, startedAt: null, deadline: null, finishedAt: null };
    const pending = takeState({ assessment: { names: [{ language: 'en', name: 'Support Associate', description: 'For the support team.' }], hasVideo: false } });
    const started = takeState({ invitation: { status: 'IN_PROGRESS', language: 'hi' }, parts: [part], position: { kind: 'QUESTION', partId, questionIndex: 0, questionId: 'q1', needsStart: true, remainingMs: null } });
    const running = takeState({
      invitation: { status: 'IN_PROGRESS', language: 'hi' },
      parts: [{ ...part, startedAt: Date.now(), deadline: Date.now() + 300_000 }],
      position: { kind: 'QUESTION', partId, questionIndex: 0, questionId: 'q1', needsStart: false, remainingMs: 300_000 },
      currentPart: { id: partId, questions: [choice('q1', 'मुझे टीम में काम करना पसंद है'), choice('q2', 'मैं दूसरों की मदद करता हूँ')], answers: {} },
    });
    const completed = takeState({ invitation: { status: 'COMPLETED', language: 'hi' }, parts: [part], position: { kind: 'DONE' } });
    const calls = mockFetch(({ method, path, body }) => {
      const now = { serverNow: Date.now() };
      if (method === 'GET' && path === BASE) return { data: { ...pending, ...now } };
      if (method === 'POST' && path === `${BASE}/start`) return { data: { ...started, ...now } };
      if (method === 'POST' && path.endsWith('/start')) return { data: { ...running, ...now } };
      if (method === 'PUT' && path === `${BASE}/answers`) return { data: { ...now, idempotencyKey: (body as { idempotencyKey: string }).idempotencyKey, decision: 'INSERT' } };
      if (method === 'POST' && path.endsWith('/finish')) return { data: { ...completed, ...now } };
      if (method === 'POST' && (path.endsWith('/events') || path.endsWith('/ping'))) return { data: { stored: 1, ...now } };
      return undefined;
    });
    await renderTake(<AttemptPage token={TOKEN} />);

    // Instructions.
    expect(await screen.findByRole('heading', { level: 1, name: 'Support Associate' })).toBeTruthy();
    expect(screen.getByText('Hello Asha Rao')).toBeTruthy();
    expect(screen.getByText('It takes about 12 minutes. Find a quiet place where you will not be disturbed.')).toBeTruthy();
    expect(screen.getByText('Use a recent Chrome, Safari or Firefox, on a laptop or a phone.')).toBeTruthy();
    expect(screen.getByText(/reopen the same link/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What is recorded' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Language: choosing Hindi turns the interface Hindi at once.
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your language' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Hindi/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'अपनी भाषा चुनें' })).toBeTruthy();
    expect(document.documentElement.getAttribute('lang')).toBe('hi');
    await userEvent.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));

    // No device needed here; start.
    expect(await screen.findByText('इस आकलन में आपके कैमरा या माइक्रोफ़ोन का उपयोग नहीं होता।')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'आकलन शुरू करें' }));
    expect(calls.find((c) => c.path === `${BASE}/start`)?.body).toEqual({ language: 'hi' });

    // The part's card (the test's name in the attempt's language), then its questions.
    expect(await screen.findByRole('heading', { level: 1, name: 'टीम में काम' })).toBeTruthy();
    expect(screen.getByText('समय: 5 मिनट')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'शुरू करें' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'प्रश्न 1 / 2' })).toBeTruthy();
    expect(screen.getByText('मुझे टीम में काम करना पसंद है').closest('[lang]')?.getAttribute('lang')).toBe('hi');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const save = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(save).toMatchObject({ questionId: 'q1', answer: { optionIds: ['o0'] }, seq: expect.any(Number), savedAt: expect.any(Number) });
    expect(String(save.idempotencyKey)).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('सहेजा गया'));

    // Next: focus moves to the new question's heading.
    await userEvent.click(screen.getByRole('button', { name: 'अगला' }));
    const second = await screen.findByRole('heading', { level: 2, name: 'प्रश्न 2 / 2' });
    expect(document.activeElement).toBe(second);
    const map = screen.getByRole('navigation', { name: 'इस खंड के प्रश्न' });
    expect(within(map).getByRole('button', { name: 'प्रश्न 1, उत्तर दिया' })).toBeTruthy();
    expect(within(map).getByRole('button', { name: 'प्रश्न 2, उत्तर नहीं दिया' }).getAttribute('aria-current')).toBe('step');

    // Finish with a question unanswered: confirmed first.
    await userEvent.click(screen.getByRole('button', { name: 'यह खंड समाप्त करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'यह खंड समाप्त करें?' });
    expect(within(dialog).getByText(/1 प्रश्न का उत्तर नहीं दिया गया है/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'खंड समाप्त करें' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/finish'))).toBe(true));
    expect(await screen.findByRole('heading', { level: 1, name: 'धन्यवाद' })).toBeTruthy();
    expect(screen.getByText('आपके उत्तर जमा हो गए हैं। अब आप यह पेज बंद कर सकते हैं।')).toBeTruthy();
  });

  it('says MUI’s own words in the page’s language too: a notice’s Close button in Hindi', async () => {
    const partId = 'test:t1';
    const running = takeState({
      invitation: { status: 'IN_PROGRESS', language: 'hi' },
      assessment: { proctoring: { cameraRequired: false, microphoneRequired: false, snapshotIntervalSeconds: null, fullScreenRequired: false, pasteAllowed: false } },
      parts: [{ id: partId, kind: 'TEST', titles: [{ language: 'en', name: 'Teamwork', description: null }], questionCount: 1, durationSeconds: 300, startedAt: Date.now(), deadline: Date.now() + 300_000, finishedAt: null }],
      position: { kind: 'QUESTION', partId, questionIndex: 0, questionId: 'q1', needsStart: false, remainingMs: 300_000 },
      currentPart: { id: partId, questions: [choice('q1', 'मुझे टीम में काम करना पसंद है')], answers: {} },
    });
    mockFetch(({ method, path }) => {
      if (method === 'GET' && path === BASE) return { data: { ...running, serverNow: Date.now() } };
      if (method === 'POST' && (path.endsWith('/events') || path.endsWith('/ping'))) return { data: { stored: 1, serverNow: Date.now() } };
      return undefined;
    });
    await renderTake(<AttemptPage token={TOKEN} />, { language: 'hi' });
    await userEvent.click(await screen.findByRole('button', { name: 'आकलन जारी रखें' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'प्रश्न 1 / 1' })).toBeTruthy();
    window.dispatchEvent(new Event('paste', { bubbles: true, cancelable: true }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'बंद करें' })).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('resumes at the first question answered neither on the server nor on the device, the device’s answer shown', async () => {
    const partId = 'test:t1';
    // An answer to q2 the last page left on the device (its request never came back).
    const db = await openTakeDb();
    const left = await SaveQueue.open(db, { attempt: TOKEN, send: () => new Promise(() => undefined), serverNow: () => Date.now() });
    await left.enqueue('q2', { optionIds: ['o1'] });
    left.close();
    db.close();

    const state = takeState({
      invitation: { status: 'IN_PROGRESS', language: 'en' },
      parts: [{ id: partId, kind: 'TEST', titles: [{ language: 'en', name: 'Teamwork', description: null }], questionCount: 3, durationSeconds: null, startedAt: Date.now() - 60_000, deadline: null, finishedAt: null }],
      position: { kind: 'QUESTION', partId, questionIndex: 1, questionId: 'q2', needsStart: false, remainingMs: null },
      currentPart: { id: partId, questions: [choice('q1', 'First'), choice('q2', 'Second'), choice('q3', 'Third')], answers: { q1: { optionIds: ['o0'] } } },
    });
    const calls = mockFetch(({ method, path, body }) => {
      if (method === 'GET' && path === BASE) return { data: { ...state, serverNow: Date.now() } };
      if (method === 'PUT') return { data: { serverNow: Date.now(), idempotencyKey: (body as { idempotencyKey: string }).idempotencyKey, decision: 'INSERT' } };
      return { data: { serverNow: Date.now(), stored: 0 } };
    });
    await renderTake(<AttemptPage token={TOKEN} />);
    // A started attempt passes the device check again (none needed here).
    expect(await screen.findByText('Welcome back. Turn your camera and microphone on again to continue.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue the assessment' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 3 of 3' })).toBeTruthy();
    // The device's answer was sent on opening, and shows as given.
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { questionId: string }).questionId)).toEqual(['q2']));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect((await screen.findByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says politely, above the questions, that the attempt is also open on another device, and goes on', async () => {
    const partId = 'test:t1';
    const joinedAt = new Date('2026-11-28T10:42:00').getTime();
    const state = takeState({
      invitation: { status: 'IN_PROGRESS', language: 'hi' },
      parts: [{ id: partId, kind: 'TEST', titles: null, questionCount: 1, durationSeconds: null, startedAt: Date.now() - 60_000, deadline: null, finishedAt: null }],
      position: { kind: 'QUESTION', partId, questionIndex: 0, questionId: 'q1', needsStart: false, remainingMs: null },
      otherDevice: { device: 'Chrome on Android', joinedAt },
      currentPart: { id: partId, questions: [choice('q1', 'First')], answers: {} },
    });
    mockFetch(({ method, path }) => (method === 'GET' && path === BASE ? { data: { ...state, serverNow: Date.now() } } : { data: { serverNow: Date.now(), stored: 0 } }));
    await renderTake(<AttemptPage token={TOKEN} />, { language: 'hi' });
    await userEvent.click(await screen.findByRole('button', { name: 'आकलन जारी रखें' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'प्रश्न 1 / 1' })).toBeTruthy();
    const notice = screen.getByTestId('other-device');
    expect(notice.textContent).toContain('यह आकलन किसी दूसरे डिवाइस पर भी खुला है (Chrome on Android, ');
    expect(notice.textContent).toContain('कृपया केवल एक डिवाइस पर जारी रखें।');
    // The questions stay answerable.
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('a final status shows its page', async () => {
    for (const [status, heading] of [
      ['COMPLETED', 'Thank you'],
      ['DISQUALIFIED', 'Thank you for your time'],
      ['EXPIRED', 'This link has expired'],
    ] as const) {
      mockFetch(() => ({ data: takeState({ invitation: { status } as TakeState['invitation'] }) }));
      const { unmount } = await renderTake(<AttemptPage token={TOKEN} />);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      unmount();
    }
  });
});

describe('the page’s words', () => {
  const keys = (node: object, prefix = ''): string[] =>
    Object.entries(node).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));

  it('English and Hindi have the same keys, and no Hindi text is left in English', () => {
    expect(keys(hi)).toEqual(keys(en));
    expect(keys(hiFlow)).toEqual(keys(enFlow));
    const same = [...keys(hi).map((k) => [k, k.split('.').reduce((n: any, p) => n[p], en), k.split('.').reduce((n: any, p) => n[p], hi)])].filter(([, e, h]) => e === h && !/Skillgauge|%\{screen\}/.test(e));
    expect(same).toEqual([]);
  });

  it('every code the candidate API sends reads in Hindi, as the API words it, and in English as the API says it', async () => {
    await loadMessages('hi');
    await loadFlowMessages('hi');
    await loadMessages('en');
    await loadFlowMessages('en');
    const codes = [...Object.keys(en.messages), ...Object.keys(enFlow.messages)] as TakeMessageCode[];
    expect(codes.length).toBeGreaterThan(50);
    const params = { smart_count: 5, max: 7 };
    // The page's own wording of a missing sandbox (a candidate is not told to install one) is the one difference.
    const asTheApi = codes.filter((code) => code !== 'sandboxMissing');
    expect(asTheApi.filter((code) => failureWords('en', { code, params, message: 'as sent' }) !== englishOf({ code, params }))).toEqual([]);
    const hindi = (code: TakeMessageCode) => (code in hi.messages ? hi.messages[code as keyof typeof hi.messages] : hiFlow.messages[code as keyof typeof hiFlow.messages]);
    expect(asTheApi.filter((code) => hindi(code) !== MESSAGES_HI[code])).toEqual([]);
    expect(codes.filter((code) => !/[\u0900-\u097F]/.test(failureWords('hi', { code, params })))).toEqual([]);
    expect(failureWords('hi', { code: 'tooManyAttemptsMinutes', params: { smart_count: 5 } })).toBe('बहुत अधिक प्रयास। 5 मिनट बाद फिर से कोशिश करें।');
    expect(failureWords('hi', { code: 'aCodeNobodyWroteDown', message: 'A sentence nobody wrote down.' })).toBe('A sentence nobody wrote down.');
  });
});

describe('a failure, worded by its code', () => {
  it('in the reader’s language, not in the sentence the server sent', async () => {
    // The sentence differs from the code's words on purpose: the page shows the code's.
    mockFetch(() => ({ status: 410, code: 'linkRevoked', msg: 'The server’s own English sentence.' }));
    const { unmount } = await renderTake(<AttemptPage token={TOKEN} />, { language: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'यह लिंक वापस ले लिया गया है' })).toBeTruthy();
    expect(screen.getByText('यह लिंक वापस ले लिया गया है। कृपया जिसने आपको आमंत्रित किया था उनसे संपर्क करें।')).toBeTruthy();
    expect(screen.queryByText('The server’s own English sentence.')).toBeNull();
    unmount();

    await renderTake(<AttemptPage token={TOKEN} />, { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has been withdrawn' })).toBeTruthy();
    expect(screen.getByText('This link has been withdrawn. Please contact whoever invited you.')).toBeTruthy();
    expect(screen.queryByText('The server’s own English sentence.')).toBeNull();
  });

  it('too many attempts, in Hindi, with its figure', async () => {
    mockFetch(() => ({ status: 429, code: 'tooManyAttemptsMinutes', params: { smart_count: 12 }, msg: englishOf({ code: 'tooManyAttemptsMinutes', params: { smart_count: 12 } }) }));
    await renderTake(<AttemptPage token={TOKEN} />, { language: 'hi' });
    expect(await screen.findByText('बहुत अधिक प्रयास। 12 मिनट बाद फिर से कोशिश करें।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
  });

  it('by the server’s sentence when the page does not know the code', async () => {
    mockFetch(() => ({ status: 409, code: 'aCodeFromANewerServer', msg: 'A sentence from a newer server.' }));
    await renderTake(<AttemptPage token={TOKEN} />, { language: 'hi' });
    expect(await screen.findByText('A sentence from a newer server.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'यह आकलन उपलब्ध नहीं है' })).toBeTruthy();
  });

  it('a field of the public link’s form by its code, the failure by its own', async () => {
    const SLUG = 'abcdefghijklmnop';
    const shownPublic = { names: [{ language: 'en', name: 'Campus Drive', description: null }], languages: ['en', 'hi'], estimatedMinutes: 20, open: true };
    mockFetch(({ method, path }) => {
      if (method === 'GET' && path === `/api/take/public/${SLUG}`) return { data: shownPublic };
      if (method === 'POST' && path === `/api/take/public/${SLUG}/code`) {
        return { status: 400, msg: 'email: Enter a valid email', code: 'emailInvalid', errors: { email: MESSAGES.emailInvalid }, errorCodes: { email: { code: 'emailInvalid' } } };
      }
      return undefined;
    });
    await renderTake(<TakeApp pathname={`/take/public/${SLUG}`} language="hi" />, { language: 'hi' });
    await userEvent.type(await screen.findByLabelText(/पूरा नाम/), 'Ishita Bose');
    await userEvent.type(screen.getByLabelText(/ईमेल/), 'ishita@');
    await userEvent.click(screen.getByRole('button', { name: 'मुझे कोड भेजें' }));
    // Beside the field and above the button, in Hindi.
    expect(await screen.findAllByText('मान्य ईमेल दर्ज करें')).toHaveLength(2);
    expect(screen.queryByText(/Enter a valid email/)).toBeNull();
  });
});

describe('the candidate page’s first language', () => {
  it('follows a Hindi phone’s languages, not the page’s default lang="en"', () => {
    document.documentElement.setAttribute('lang', 'en');
    vi.stubGlobal('navigator', { ...navigator, languages: ['hi-IN', 'en-US'] });
    localStorage.removeItem(STORAGE_KEYS.language);
    expect(detectUiLanguage()).toBe('hi');
    // A choice made on this device before comes first.
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    expect(detectUiLanguage()).toBe('en');
    localStorage.removeItem(STORAGE_KEYS.language);
  });

  it('names the assessment in the page’s language before the attempt starts, and in English where no Hindi name was written', async () => {
    const names = [
      { language: 'en', name: 'Support Associate', description: 'For the support team.' },
      { language: 'hi', name: 'सहायता सहयोगी', description: 'सहायता टीम के लिए।' },
    ];
    mockFetch(({ method, path }) => (method === 'GET' && path === BASE ? { data: takeState({ assessment: { names } }) } : undefined));
    const { unmount } = await renderTake(<AttemptPage token={TOKEN} />, { language: 'hi' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'सहायता सहयोगी' });
    expect(heading.getAttribute('lang')).toBe('hi');
    expect(screen.getByText('सहायता टीम के लिए।')).toBeTruthy();
    unmount();

    mockFetch(({ method, path }) => (method === 'GET' && path === BASE ? { data: takeState({ assessment: { names: names.slice(0, 1) } }) } : undefined));
    await renderTake(<AttemptPage token={TOKEN} />, { language: 'hi' });
    // The English name, marked as English for screen readers; the candidate is not told it is missing.
    expect((await screen.findByRole('heading', { level: 1, name: 'Support Associate' })).getAttribute('lang')).toBe('en');
  });
});

describe('joining through a public link', () => {
  const SLUG = 'abcdefghijklmnop';
  const BASE_PUBLIC = `/api/take/public/${SLUG}`;
  const shownPublic = { names: [{ language: 'en', name: 'Campus Drive', description: null }, { language: 'hi', name: 'कैंपस ड्राइव', description: null }], languages: ['en', 'hi'], estimatedMinutes: 20, open: true };

  it('asks for a code mailed to the email first, in the page’s language, and joins only with it', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: `/take/public/${SLUG}`, assign } as Location);
    const calls = mockFetch(({ method, path, body }) => {
      if (method === 'GET' && path === BASE_PUBLIC) return { data: shownPublic };
      if (method === 'POST' && path === `${BASE_PUBLIC}/code`) return { data: { message: MESSAGES.joinCodeSent, code: 'joinCodeSent' } };
      if (method === 'POST' && path === BASE_PUBLIC) return (body as { code: string }).code === '123456' ? { data: { token: TOKEN } } : { status: 400, code: 'joinCodeWrong', msg: MESSAGES.joinCodeWrong };
      return undefined;
    });
    await renderTake(<TakeApp pathname={`/take/public/${SLUG}`} language="hi" />, { language: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'कैंपस ड्राइव' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/पूरा नाम/), 'Ishita Bose');
    await userEvent.type(screen.getByLabelText(/ईमेल/), 'ishita@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'मुझे कोड भेजें' }));

    // The code was asked for in Hindi; no attempt yet.
    await screen.findByText(/ishita@example.com पर 6 अंकों का कोड मेल किया है/);
    expect(calls.find((c) => c.path === `${BASE_PUBLIC}/code`)?.body).toEqual({ name: 'Ishita Bose', email: 'ishita@example.com', phone: null, language: 'hi' });
    expect(calls.some((c) => c.method === 'POST' && c.path === BASE_PUBLIC)).toBe(false);

    await userEvent.type(screen.getByLabelText(/मेल में मिला कोड/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'शुरू करें' }));
    expect(await screen.findByText('यह कोड सही नहीं है। हमारा भेजा सबसे नया मेल देखें और फिर से कोशिश करें।')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/मेल में मिला कोड/));
    await userEvent.type(screen.getByLabelText(/मेल में मिला कोड/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'शुरू करें' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/take/${TOKEN}`));
    expect(calls.filter((c) => c.method === 'POST' && c.path === BASE_PUBLIC).at(-1)?.body).toMatchObject({ email: 'ishita@example.com', code: '123456', language: 'hi' });
  });
});
