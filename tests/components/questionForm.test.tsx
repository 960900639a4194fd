/**
 * The question form (v2): its defaults, the language switcher, the button rules by status and
 * mode, the cancel confirmation, the 13th answer, validation messages and what Save sends.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionStatus } from '../../src/domain/content';
import type { ApiQuestion, QuestionFormMode } from '../../src/domain/questionForm';
import QuestionFormPage from '../../src/resources/questions/QuestionForm';
import { QuestionShow } from '../../src/resources/questions/QuestionViews';
import { apiRequests, mockApi, profiles, renderPage, renderResource, type ApiHandler } from './kit';

const DEFAULT_TITLE = 'Choose the option that relates with you the most';

function question(overrides: Partial<ApiQuestion> = {}): ApiQuestion {
  return {
    id: 'q1',
    status: 'DRAFTED',
    authorId: 'u-1',
    category: 'COMPETENCY',
    questionType: 'LIKERT',
    title: 'Helps others',
    detail: { langWiseDetail: [{ language: 'en', detail: '<p>Do you help others?</p>' }] },
    primarySkill: 's-1',
    complexity: 'L2',
    secondarySkills: [],
    answers: [
      { langWiseAnswer: [{ language: 'en', text: 'Always' }], value: 5 },
      { langWiseAnswer: [{ language: 'en', text: 'Never' }], value: 1 },
    ],
    ansTitle: DEFAULT_TITLE,
    shuffle: true,
    mediaType: 'TEXT',
    mediaUrl: null,
    isConsistencyQuestion: false,
    isQualifying: false,
    coding: null,
    ...overrides,
  };
}

/** The server of the form: languages, skills, answer titles, the question, and saves. */
function server(stored: ApiQuestion | null, extra: ApiHandler = () => undefined): ApiHandler {
  return (call) => {
    const own = extra(call);
    if (own) return own;
    const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });
    if (call.url === '/api/question/language')
      return ok([
        { _id: 'en', label: 'English', iconName: 'gb' },
        { _id: 'hi', label: 'Hindi', iconName: 'in' },
        { _id: 'bn', label: 'Bangla', iconName: 'bd' },
      ]);
    if (call.url.startsWith('/api/types/testtype/dropdown/')) return ok([{ _id: 's-1', label: 'Teamwork', kind: 'COMPETENCY' }]);
    if (call.url.startsWith('/api/types/questiontype/dropdown')) return ok([{ _id: 'ss-1', label: 'Listening' }]);
    if (call.url === '/api/answer-titles') return ok([{ id: 't1', label: DEFAULT_TITLE }]);
    if (stored && call.url === `/api/questions/${stored.id}` && call.method === 'GET') return ok(stored);
    return undefined;
  };
}

const ROUTES: Record<QuestionFormMode, string> = {
  create: '/new-question/bank',
  continue: '/new-questionV2/:id',
  update: '/edit-question/:id',
  clone: '/clone-question/:id',
};

function renderForm(mode: QuestionFormMode, stored: ApiQuestion | null = null, extra?: ApiHandler) {
  mockApi(server(stored, extra));
  const route = ROUTES[mode];
  return renderPage(<QuestionFormPage mode={mode} />, { path: route.replace(':id', stored?.id ?? ''), route, profile: profiles.admin() });
}

const button = (name: string) => screen.queryByRole('button', { name, exact: true } as never);
const visibleButtons = () => ['Save', 'Save as draft', 'Next', 'Update'].filter((name) => button(name));

describe('a new question', () => {
  it('starts as multiple choice in English, with English, Hindi and Bangla, and shows Save, Save as draft and Next', async () => {
    renderForm('create');
    expect(await screen.findByRole('combobox', { name: 'Question type' })).toHaveProperty('textContent', 'Multiple choice');
    expect(await screen.findByText('This question is in: English, Hindi, Bangla')).toBeTruthy();
    expect(visibleButtons()).toEqual(['Save', 'Save as draft', 'Next']);
    expect(screen.getByRole('navigation', { name: 'Where you are' }).textContent).toBe('Question Bank/Multiple choice');
  });

  it('the language switcher opens a menu of the languages with the current one highlighted, and switches', async () => {
    renderForm('create');
    const switcher = await screen.findByRole('button', { name: 'Language: English' });
    await waitFor(() => expect(switcher.textContent).toContain('English'));
    fireEvent.click(switcher);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['ENEnglish', 'HIHindi', 'BNBangla']);
    expect(items[0].classList.contains('Mui-selected')).toBe(true);
    fireEvent.click(items[1]);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Language: Hindi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Hindi' })).toBeTruthy();
  });

  it('marks the fields a question needs as required, as the test wizard does', async () => {
    const { container } = renderForm('create');
    await screen.findByRole('combobox', { name: 'Question type' });
    const required = () =>
      Array.from(container.querySelectorAll('label, .RaLabeled-label'))
        .map((label) => label.textContent ?? '')
        .filter((text) => text.endsWith('*'))
        .map((text) => text.replace(/[\s\u2009]*\*$/, ''));
    expect(required()).toEqual(['Category', 'Question type', 'Title', 'Question', 'Primary skill', 'Complexity']);
  });

  it('Save as draft asks for a category and a title, with the messages of section 5', async () => {
    renderForm('create');
    fireEvent.click(await screen.findByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Category is required')).toBeTruthy();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(apiRequests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('Save asks for everything the question needs, in Hindi too', async () => {
    mockApi(server(null));
    renderPage(<QuestionFormPage mode="create" />, { path: '/new-question/bank', route: '/new-question/bank', locale: 'hi' });
    fireEvent.click(await screen.findByRole('button', { name: 'सहेजें' }));
    expect(await screen.findByText('श्रेणी आवश्यक है')).toBeTruthy();
    expect(screen.getByText('शीर्षक आवश्यक है')).toBeTruthy();
    expect(screen.getByText('प्राथमिक कौशल आवश्यक है')).toBeTruthy();
    expect(screen.getByText('जटिलता आवश्यक है')).toBeTruthy();
    expect(screen.getByText('विवरण आवश्यक है')).toBeTruthy();
  });
});

/** The question in English with Hindi and Bangla still empty. */
const englishOnly = () =>
  question({
    detail: {
      langWiseDetail: [
        { language: 'en', detail: '<p>Do you help others?</p>' },
        { language: 'hi', detail: '<p></p>' },
        { language: 'bn', detail: '' },
      ],
    },
  });

const chips = () => screen.getAllByTestId('language-chip').map((chip) => within(chip).getAllByRole('button')[0].textContent);

describe('the question’s languages', () => {
  it('a strip shows which languages have text and which are empty; a click writes one, ✕ removes it', async () => {
    renderForm('continue', englishOnly());
    await screen.findByDisplayValue('Helps others');
    await waitFor(() => expect(chips()).toEqual(['English has text', 'Hindi empty', 'Bangla empty']));
    fireEvent.click(within(screen.getAllByTestId('language-chip')[1]).getByRole('button', { name: 'Hindi empty' }));
    expect(await screen.findByRole('button', { name: 'Language: Hindi' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bangla' }));
    await waitFor(() => expect(chips()).toEqual(['English has text', 'Hindi empty']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Hindi' }));
    await waitFor(() => expect(chips()).toEqual(['English has text']));
    // The last language cannot go.
    expect(screen.queryByRole('button', { name: 'Remove English' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeTruthy();
  });

  it('after a refused Next, an alert names the empty languages with Write and Remove for each', async () => {
    renderForm('continue', englishOnly());
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const alert = await screen.findByTestId('empty-languages');
    expect(within(alert).getByText('Hindi, Bangla have no text yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add answer' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Remove Bangla' }));
    await waitFor(() => expect(within(alert).getByText('Hindi has no text yet')).toBeTruthy());
    fireEvent.click(within(alert).getByRole('button', { name: 'Write Hindi' }));
    expect(await screen.findByRole('button', { name: 'Language: Hindi' })).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Remove Hindi' }));
    await waitFor(() => expect(screen.queryByTestId('empty-languages')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Add answer' })).toBeTruthy();
  });

  it('names languages, and the default answer title, in the Hindi interface', async () => {
    mockApi(server(englishOnly()));
    renderPage(<QuestionFormPage mode="continue" />, { path: '/new-questionV2/q1', route: '/new-questionV2/:id', locale: 'hi' });
    await screen.findByDisplayValue('Helps others');
    await waitFor(() => expect(chips()).toEqual(['अंग्रेज़ी पाठ है', 'हिन्दी खाली', 'बंगाली खाली']));
    expect(screen.getByRole('button', { name: 'हिन्दी हटाएँ' })).toBeTruthy();
    expect(screen.queryByText(/Hindi|Bangla|English/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'बंगाली हटाएँ' }));
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी हटाएँ' }));
    fireEvent.click(screen.getByRole('button', { name: 'आगे' }));
    expect((await screen.findByRole('combobox', { name: 'उत्तर शीर्षक' })).textContent).toBe('वह विकल्प चुनें जो आपसे सबसे अधिक मेल खाता है');
  });
});

describe('the top bar by status and mode (specification section 4)', () => {
  it.each<[QuestionFormMode, QuestionStatus, string[]]>([
    ['continue', 'CREATED', ['Next']],
    ['continue', 'APPROVED', ['Next']],
    ['continue', 'REJECTED', ['Next']],
    ['continue', 'DRAFTED', ['Save', 'Save as draft', 'Next']],
    ['clone', 'CREATED', ['Save', 'Save as draft', 'Next']],
    ['clone', 'APPROVED', ['Save', 'Save as draft', 'Next']],
    ['update', 'DRAFTED', ['Next']],
    ['update', 'REJECTED', ['Next']],
  ])('%s of a %s question shows %j', async (mode, status, expected) => {
    renderForm(mode, question({ status }));
    await screen.findByDisplayValue('Helps others');
    expect(visibleButtons()).toEqual(expected);
  });

  it('in update mode Update saves the changes on the answers step', async () => {
    renderForm('update', question({ status: 'REJECTED' }), (call) =>
      call.method === 'PUT' ? { status: 200, data: { result: 1, data: question({ status: 'CREATED' }) } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'PUT')?.url).toBe('/api/questions/q1'));
  });
});

describe('cancel', () => {
  it('with unsaved changes asks to confirm in the words of the specification; No stays', async () => {
    const view = renderForm('continue', question());
    fireEvent.change(await screen.findByDisplayValue('Helps others'), { target: { value: 'Helps others often' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure want to go back')).toBeTruthy();
    expect(within(dialog).getByText('You will loose all the current data')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.location().pathname).toBe('/new-questionV2/q1');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(view.location().pathname).toBe('/questions'));
  });

  it('without changes goes back at once', async () => {
    const view = renderForm('continue', question());
    await screen.findByDisplayValue('Helps others');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(view.location().pathname).toBe('/questions'));
  });
});

describe('answers', () => {
  it('shows the answer title and Shuffle options, and refuses a 13th answer with the message of section 8', { timeout: 60_000 }, async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ langWiseAnswer: [{ language: 'en', text: `Answer ${i + 1}` }], value: 1 }));
    renderForm('continue', question({ answers: twelve }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findAllByTestId('answer-row')).toHaveLength(12);
    expect((await screen.findByRole('combobox', { name: 'Answer title' })).textContent).toBe(DEFAULT_TITLE);
    expect((screen.getByRole('checkbox', { name: 'Shuffle options' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add answer' }));
    expect(await screen.findByText('You can provide maximum 12 answers')).toBeTruthy();
    expect(screen.getAllByTestId('answer-row')).toHaveLength(12);
  });

  it('adds an answer with its points, and Save sends the question to /api/question/save', async () => {
    const view = renderForm('continue', question(), (call) =>
      call.method === 'POST' && call.url === '/api/question/save' ? { status: 200, data: { result: 1, data: question({ status: 'CREATED' }) } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add answer' }));
    fireEvent.change(screen.getByLabelText('Answer 3'), { target: { value: 'Sometimes' } });
    const points = within(screen.getAllByTestId('answer-row')[2]).getByLabelText('Points');
    fireEvent.change(points, { target: { value: '2.5' } });
    fireEvent.blur(points);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apiRequests.some((r) => r.url === '/api/question/save')).toBe(true));
    const body = apiRequests.find((r) => r.url === '/api/question/save')!.data as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'q1', title: 'Helps others', questionType: 'LIKERT', shuffle: true, ansTitle: DEFAULT_TITLE });
    expect(body.answers).toEqual([
      { langWiseAnswer: [{ language: 'en', text: 'Always' }], value: 5 },
      { langWiseAnswer: [{ language: 'en', text: 'Never' }], value: 1 },
      { langWiseAnswer: [{ language: 'en', text: 'Sometimes' }], value: 2.5 },
    ]);
    expect(body).not.toHaveProperty('editLanguage');
    await waitFor(() => expect(view.location().pathname).toBe('/questions/q1/show'));
  });

  it('a sorting question says its keyed order in words, from the points, and follows a change of points', async () => {
    const fractions = [
      ['0.3', 1],
      ['1/3', 2],
      ['35%', 3],
      ['2/5', 4],
    ] as const;
    renderForm('continue', question({ category: 'APTITUDE', questionType: 'SORTING_ORDER', answers: fractions.map(([text, value]) => ({ langWiseAnswer: [{ language: 'en', text }], value })) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    // Listed smallest first, but rising points key the largest first: the line says so.
    expect((await screen.findByTestId('keyed-order')).textContent).toBe('Keyed order, by points: first: 2/5 · 35% · 1/3 · last: 0.3');
    const points = within(screen.getAllByTestId('answer-row')[0]).getByLabelText('Points');
    fireEvent.change(points, { target: { value: '9' } });
    await waitFor(() => expect(screen.getByTestId('keyed-order').textContent).toBe('Keyed order, by points: first: 0.3 · 2/5 · 35% · last: 1/3'));
  });

  it('an answer without points is refused with "Value is required"', async () => {
    renderForm('continue', question());
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add answer' }));
    fireEvent.change(screen.getByLabelText('Answer 3'), { target: { value: 'Sometimes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Value is required')).toBeTruthy();
    expect(apiRequests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('server field errors are shown on their fields', async () => {
    renderForm('continue', question(), (call) =>
      call.method === 'POST'
        ? { status: 400, data: { result: 0, msg: 'The primary skill does not exist.', errors: { primarySkill: 'The primary skill does not exist.' } } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('The primary skill does not exist.')).not.toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Primary skill' })).toBeTruthy();
  });
});

describe('short-text questions', () => {
  const saved = (call: { method: string; url: string }) =>
    call.method === 'POST' && call.url === '/api/question/save' ? { status: 200, data: { result: 1, data: question({ status: 'CREATED', questionType: 'SHORT_TEXT', answers: [] }) } } : undefined;

  it('an author picks Short text: no answers to set, points and guidance for reviewers per language; Save sends them without answers', async () => {
    const bilingual = { langWiseDetail: [{ language: 'en', detail: '<p>Do you help others?</p>' }, { language: 'hi', detail: '<p>क्या आप दूसरों की मदद करते हैं?</p>' }] };
    const view = renderForm('continue', question({ detail: bilingual }), saved);
    // The skill's kind is known: the types offered are the ones it takes.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Primary skill' }).textContent).toBe('Teamwork'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Question type' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Short text' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Question type' }).textContent).toBe('Short text'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Candidates answer this question in their own words/)).toBeTruthy();
    expect(screen.queryAllByTestId('answer-row')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add answer' })).toBeNull();
    const points = screen.getByLabelText('Points') as HTMLInputElement;
    expect(points.value).toBe('1');
    fireEvent.change(points, { target: { value: '4' } });
    fireEvent.blur(points);
    fireEvent.change(screen.getByLabelText('Guidance for reviewers'), { target: { value: 'A real example with a result: 4 points.' } });
    // The same field in Hindi: one guidance per language, as the question's text.
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(within(await screen.findByRole('menu')).getAllByRole('menuitem')[1]);
    await waitFor(() => expect((screen.getByLabelText('Guidance for reviewers') as HTMLInputElement).value).toBe(''));
    fireEvent.change(screen.getByLabelText('Guidance for reviewers'), { target: { value: 'परिणाम के साथ सच्चा उदाहरण: 4 अंक।' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apiRequests.some((r) => r.url === '/api/question/save')).toBe(true));
    const body = apiRequests.find((r) => r.url === '/api/question/save')!.data as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'q1', questionType: 'SHORT_TEXT', maxPoints: 4, answers: [] });
    expect(body.detail).toEqual({
      langWiseDetail: [
        { language: 'en', detail: '<p>Do you help others?</p>', guidance: 'A real example with a result: 4 points.' },
        { language: 'hi', detail: '<p>क्या आप दूसरों की मदद करते हैं?</p>', guidance: 'परिणाम के साथ सच्चा उदाहरण: 4 अंक।' },
      ],
    });
    await waitFor(() => expect(view.location().pathname).toBe('/questions/q1/show'));
  });

  it('refuses points outside 0.1 to 10 on the answers step', async () => {
    renderForm('continue', question({ questionType: 'SHORT_TEXT', answers: [], maxPoints: 2 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const points = await screen.findByLabelText('Points');
    expect((points as HTMLInputElement).value).toBe('2');
    fireEvent.change(points, { target: { value: '12' } });
    fireEvent.blur(points);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Points go from 0.1 to 10 in steps of 0.1')).toBeTruthy();
    expect(apiRequests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('the question page shows its points and the guidance for reviewers', async () => {
    const record = {
      ...question({ status: 'PUBLISHED', questionType: 'SHORT_TEXT', answers: [], maxPoints: 4 }),
      detail: { langWiseDetail: [{ language: 'en', detail: '<p>Do you help others?</p>', guidance: 'A real example: 4 points.' }] },
      primarySkillLabel: 'Teamwork',
      rejectionReason: null,
      history: [],
    };
    mockApi(server(null));
    renderResource(<QuestionShow />, { resource: 'questions', route: '/questions/:id/show', path: '/questions/q1/show', records: { questions: [record] } });
    expect((await screen.findByTestId('short-text-points')).textContent).toBe('Up to 4 points from a reviewer');
    expect(within(screen.getByRole('region', { name: 'Guidance for reviewers' })).getByText('A real example: 4 points.')).toBeTruthy();
  });
});

describe('delete', () => {
  it("asks 'Are you sure you want to delete?' / 'You won't get it back' before deleting", async () => {
    const view = renderForm('update', question(), (call) => (call.method === 'DELETE' ? { status: 200, data: { result: 1, data: question() } } : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeTruthy();
    expect(within(dialog).getByText("You won't get it back")).toBeTruthy();
    expect(apiRequests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.location().pathname).toBe('/questions'));
    expect(apiRequests.find((r) => r.method === 'DELETE')?.url).toBe('/api/questions/q1');
  });
});

describe('consistency questions', () => {
  const restatable = [
    { _id: 'q-orig', label: 'Shares credit', questionType: 'LIKERT', status: 'PUBLISHED' },
    { _id: 'q-other', label: 'Helps newcomers', questionType: 'LIKERT', status: 'APPROVED' },
  ];
  const saving = (call: { method: string; url: string }) => {
    if (call.url.startsWith('/api/questions/restatable?')) return { status: 200, data: { result: 1, data: restatable } };
    if (call.method === 'POST' && call.url === '/api/question/save') return { status: 200, data: { result: 1, data: question({ status: 'CREATED' }) } };
    return undefined;
  };
  const savedBody = async () => {
    await waitFor(() => expect(apiRequests.some((r) => r.url === '/api/question/save')).toBe(true));
    return apiRequests.find((r) => r.url === '/api/question/save')!.data as Record<string, unknown>;
  };

  it('a ticked box shows a picker that searches the primary skill’s questions (not this one); Save sends the choice', async () => {
    renderForm('continue', question(), saving);
    expect(screen.queryByRole('combobox', { name: 'Restates' })).toBeNull();
    fireEvent.click(await screen.findByRole('switch', { name: 'Consistency question' }));
    const picker = await screen.findByRole('combobox', { name: 'Restates' });
    expect(screen.getByText('Not compared until you choose the question it restates.')).toBeTruthy();
    picker.focus();
    fireEvent.change(picker, { target: { value: 'credit' } });
    // The words go to the server once typing settles, with the primary skill and this question to leave out.
    const searches = () => apiRequests.filter((r) => r.url.startsWith('/api/questions/restatable?')).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
    await waitFor(() => expect(searches()).toContainEqual({ primarySkill: 's-1', exclude: 'q1', q: 'credit' }));
    fireEvent.click(await screen.findByText('Shares credit'));
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('Shares credit'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const body = await savedBody();
    expect(body).toMatchObject({ isConsistencyQuestion: true, consistencyOf: 'q-orig' });
    expect(body).not.toHaveProperty('consistencyOfTitle');
  });

  it('shows the stored pair; unticking the box clears it', async () => {
    renderForm('continue', question({ isConsistencyQuestion: true, consistencyOf: 'q-orig', consistencyOfTitle: 'Shares credit' }), saving);
    const picker = (await screen.findByRole('combobox', { name: 'Restates' })) as HTMLInputElement;
    expect(picker.value).toBe('Shares credit');
    // Words typed over a chosen question stay while the search runs.
    picker.focus();
    fireEvent.change(picker, { target: { value: 'help' } });
    await waitFor(() => expect(apiRequests.some((r) => r.url.includes('q=help'))).toBe(true));
    expect(picker.value).toBe('help');
    fireEvent.click(screen.getByRole('switch', { name: 'Consistency question' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Restates' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await savedBody()).toMatchObject({ isConsistencyQuestion: false, consistencyOf: null });
  });

  it('shows the server’s refusal on the picker, in Hindi too', async () => {
    const message = 'The question it restates must be of the same primary skill.';
    const refuse = (call: { method: string; url: string }) =>
      call.method === 'POST' ? { status: 400, data: { result: 0, msg: message, errors: { consistencyOf: message } } } : saving(call);
    mockApi(server(question({ isConsistencyQuestion: true, consistencyOf: 'q-orig', consistencyOfTitle: 'Shares credit' }), refuse));
    renderPage(<QuestionFormPage mode="continue" />, { path: '/new-questionV2/q1', route: '/new-questionV2/:id', locale: 'hi' });
    await screen.findByRole('combobox', { name: 'यह किस प्रश्न को दोहराता है' });
    fireEvent.click(screen.getByRole('button', { name: 'सहेजें' }));
    expect(await screen.findAllByText('जिस प्रश्न को यह दोहराता है, उसका प्राथमिक कौशल भी यही होना चाहिए।')).not.toHaveLength(0);
  });

  it('aptitude questions have no consistency box', async () => {
    renderForm('continue', question({ category: 'APTITUDE', primarySkill: null, questionType: 'CORRECT_INCORRECT' }));
    await screen.findByRole('switch', { name: 'Qualifying question' });
    expect(screen.queryByRole('switch', { name: 'Consistency question' })).toBeNull();
  });
});

describe('the question page shows the pair', () => {
  const shown = (overrides: Record<string, unknown>) => ({ ...question({ status: 'PUBLISHED' }), primarySkillLabel: 'Teamwork', rejectionReason: null, history: [], ...overrides });
  const page = (overrides: Record<string, unknown>) => {
    const record = shown(overrides);
    mockApi(server(null));
    const questions = record.id === 'q1' ? [record] : [record, shown({ title: 'Shares credit' })];
    return renderResource(<QuestionShow />, { resource: 'questions', route: '/questions/:id/show', path: `/questions/${record.id}/show`, records: { questions } });
  };

  it('a consistency question shows "Restates:" with a link to the question it restates', async () => {
    const view = page({ id: 'q2', title: 'Takes credit', isConsistencyQuestion: true, consistencyOf: 'q1', consistencyOfTitle: 'Shares credit' });
    const pair = await screen.findByTestId('consistency-pair');
    expect(pair.textContent).toBe('Restates: Shares credit');
    fireEvent.click(within(pair).getByRole('link', { name: 'Shares credit' }));
    await waitFor(() => expect(view.location().pathname).toBe('/questions/q1/show'));
  });

  it('an original names the questions that restate it, each a link', async () => {
    page({ restatedBy: [{ id: 'q2', title: 'Takes credit', status: 'PUBLISHED' }, { id: 'q3', title: 'Hogs credit', status: 'CREATED' }] });
    const pair = await screen.findByTestId('consistency-pair');
    expect(pair.textContent).toBe('Restated by: Takes credit, Hogs credit');
    expect(within(pair).getByRole('link', { name: 'Hogs credit' }).getAttribute('href')).toBe('/questions/q3/show');
  });

  it('an unpaired consistency question says it is not compared, and its history says why', async () => {
    page({
      isConsistencyQuestion: true,
      consistencyOf: null,
      history: [{ id: 'h1', action: 'updated', fromStatus: 'PUBLISHED', toStatus: 'PUBLISHED', reason: null, at: '2026-11-25T10:00:00Z', userName: 'Asha Admin', changes: { fields: ['consistencyOf'], restatedDeleted: 'Shares credit' } }],
    });
    expect((await screen.findByTestId('consistency-pair')).textContent).toBe('This consistency question restates no question yet, so it is not compared.');
    expect(screen.getByText(/the question it restated, “Shares credit”, was deleted/)).toBeTruthy();
  });

  it('a question outside any pair shows nothing of it', async () => {
    page({});
    await screen.findByText('History');
    expect(screen.queryByTestId('consistency-pair')).toBeNull();
  });
});
