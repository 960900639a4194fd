/**
 * The create/edit-test wizard: steps from 0, each step checked with the shared testSchema's
 * messages, picking and ordering questions, the random draw, tags, the exact body saved, edit
 * mode; plus the list's "Create test" action and the preview's Edit button.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { TestList, TestPreview } from '../../src/resources/test-library/TestViews';
import { apiRequests, appRoute, mockApi, profiles, renderPage, renderResource, type ApiHandler, type Locale } from './kit';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TEAMWORK = uuid(1);
const DRIVE = uuid(2);
const COLLABORATION = uuid(3);
const TEST_ID = uuid(99);

interface Question {
  id: string;
  title: string;
  questionType: string;
  complexity: string;
  status: string;
  primarySkill: string;
}
const QUESTIONS: Question[] = [
  { id: uuid(11), title: 'Asks for help', questionType: 'LIKERT', complexity: 'L1', status: 'PUBLISHED', primarySkill: TEAMWORK },
  { id: uuid(12), title: 'Keeps promises', questionType: 'LIKERT', complexity: 'L2', status: 'PUBLISHED', primarySkill: TEAMWORK },
  { id: uuid(13), title: 'Shares credit', questionType: 'SINGLE_CHOICE', complexity: 'L3', status: 'PUBLISHED', primarySkill: TEAMWORK },
  { id: uuid(14), title: 'Sets own goals', questionType: 'LIKERT', complexity: 'L1', status: 'PUBLISHED', primarySkill: DRIVE },
];
const byTitle = (title: string) => QUESTIONS.find((q) => q.title === title)!;

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

/** The server as the wizard sees it; `extra` answers first. */
function server(extra: ApiHandler = () => undefined): ApiHandler {
  return (call) => {
    const answer = extra(call);
    if (answer) return answer;
    const { url } = call;
    if (url === '/api/types/testtype/dropdown/COMPETENCY?category=COMPETENCY')
      return ok([
        { _id: TEAMWORK, label: 'Teamwork', category: 'COMPETENCY', kind: 'COMPETENCY' },
        { _id: DRIVE, label: 'Drive', category: 'COMPETENCY', kind: 'COMPETENCY' },
      ]);
    if (url.startsWith('/api/types/questiontype/dropdown')) return ok([{ _id: COLLABORATION, label: 'Collaboration' }]);
    return undefined;
  };
}

const LANGUAGES = [
  { id: 'l-en', code: 'en', label: 'English', isActive: true, createdAt: '2026-01-01' },
  { id: 'l-hi', code: 'hi', label: 'Hindi', isActive: true, createdAt: '2026-01-02' },
  { id: 'l-bn', code: 'bn', label: 'Bangla', isActive: false, createdAt: '2026-01-03' },
];

function renderWizard(options: { path?: string; locale?: Locale; profile?: ReturnType<typeof profiles.admin> } = {}) {
  const path = options.path ?? '/create-test/competency';
  const route = path.startsWith('/edit-test') ? '/edit-test/:id' : '/create-test/:category';
  return renderPage(
    <>
      {appRoute(route)}
      <Notification />
    </>,
    { path, route, locale: options.locale, profile: options.profile, records: { languages: LANGUAGES, questions: QUESTIONS } },
  );
}

/** A button by its aria-label or its text (role queries are slow on a page this size). */
function button(name: string): HTMLButtonElement {
  const labelled = document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  return labelled ?? (screen.getByText(name, { selector: 'button' }) as HTMLButtonElement);
}
const findButton = async (name: string) => {
  await waitFor(() => button(name));
  return button(name);
};
const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
async function type(label: string | RegExp, value: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}
/** Opens an MUI select and picks an option. */
async function choose(label: RegExp, option: string | RegExp) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}
const chosenTitles = () =>
  [...document.querySelectorAll('section[aria-label="Questions in the test"] li')].map((li) => li.querySelector('p')?.textContent);
/** Types tags into the tags field one by one, each confirmed with Enter. */
function addTags(input: HTMLElement, names: string[]) {
  for (const name of names) {
    fireEvent.change(input, { target: { value: name } });
    fireEvent.keyDown(input, { key: 'Enter' });
  }
}
const pick = async (title: string) => fireEvent.click(await screen.findByLabelText(new RegExp(title), { selector: 'input[type="checkbox"]' }));

/** Fills step 0 with a name and Teamwork, and moves on to the questions. */
async function detailsDone(name = 'Teamwork basics') {
  await type(/^Name/, name);
  await choose(/^Primary skill/, 'Teamwork');
  fireEvent.click(button('Next'));
  await screen.findByRole('checkbox', { name: /Asks for help/ });
}

describe('the create-test wizard', () => {
  it('Cancel leaves at once when nothing changed, and asks first when something did', async () => {
    mockApi(server());
    const view = renderWizard();
    await screen.findByLabelText(/^Name/);
    await type(/^Name/, 'Half built');
    fireEvent.click(button('Cancel'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure want to go back')).toBeTruthy();
    expect(within(dialog).getByText('You will loose all the current data')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(view.location().pathname).toBe('/tests'));
  });

  it('starts at step 0 with Back disabled', async () => {
    mockApi(server());
    renderWizard();
    await screen.findByLabelText(/^Name/);
    expect(heading()).toBe('Step 1 of 4: Details');
    expect(button('Back').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // The category comes from the route, whatever its case.
    expect((screen.getByLabelText('Category') as HTMLInputElement).value).toBe('Competency');
  });

  it('cannot leave step 0 without a name and a primary skill, and says so', async () => {
    mockApi(server());
    renderWizard();
    await screen.findByLabelText(/^Name/);
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Primary skill is required')).toBeTruthy();
    expect(heading()).toBe('Step 1 of 4: Details');
    await type(/^Name/, 'Teamwork basics');
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Primary skill is required')).toBeTruthy();
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(heading()).toBe('Step 1 of 4: Details');
  });

  it('shows the messages in Hindi', async () => {
    mockApi(server());
    renderWizard({ locale: 'hi' });
    await screen.findByLabelText(/^नाम/);
    fireEvent.click(button('आगे'));
    expect(await screen.findByText('नाम आवश्यक है')).toBeTruthy();
    expect(screen.getByText('प्राथमिक कौशल आवश्यक है')).toBeTruthy();
  });

  it('lists only the published questions of the primary skill, and needs at least one', async () => {
    mockApi(server());
    const view = renderWizard();
    await detailsDone();
    const poolCall = view.dataProvider.lists.find((c) => c.resource === 'questions')!;
    expect(poolCall.params.filter).toEqual({ status: 'PUBLISHED', primarySkill: TEAMWORK });
    expect(await screen.findByRole('checkbox', { name: /Keeps promises/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Sets own goals/ })).toBeNull();
    expect(button('Back').disabled).toBe(false);
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Add at least one question')).toBeTruthy();
    expect(heading()).toBe('Step 2 of 4: Questions');
  });

  it('offers only the question types the primary skill takes', async () => {
    mockApi(server());
    renderWizard();
    await detailsDone();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Question type/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All', 'Likert', 'Multiple choice', 'Rating scale', 'Single choice', 'Short text']);
  });

  it('sends the filters with the list request', async () => {
    mockApi(server());
    const view = renderWizard();
    await detailsDone();
    await choose(/^Complexity/, 'L1');
    await choose(/^Secondary skill/, 'Collaboration');
    await type(/^Search/, 'help');
    await waitFor(() => {
      const last = view.dataProvider.lists.filter((c) => c.resource === 'questions').at(-1)!;
      expect(last.params.filter).toEqual({
        status: 'PUBLISHED',
        primarySkill: TEAMWORK,
        complexity: 'L1',
        secondarySkill: COLLABORATION,
        q: 'help',
      });
    });
  });

  it('names the test in the other active languages, marked written or not, and sends the written ones', async () => {
    mockApi(server(({ method, url, data }) => (method === 'POST' && url === '/api/tests' ? ok({ id: TEST_ID, ...(data as object) }) : undefined)));
    renderWizard();
    const hindi = within(await screen.findByTestId('name-translation-hi'));
    expect(screen.queryByTestId('name-translation-bn')).toBeNull();
    expect(hindi.getByText('Not written: shown in English')).toBeTruthy();
    fireEvent.change(hindi.getByLabelText('Hindi name'), { target: { value: 'टीमवर्क की मूल बातें' } });
    expect(hindi.getByText('Written')).toBeTruthy();
    await detailsDone();
    await pick('Asks for help');
    fireEvent.click(button('Next'));
    fireEvent.click(await findButton('Next'));
    expect(await screen.findByText('टीमवर्क की मूल बातें')).toBeTruthy();
    fireEvent.click(await findButton('Save'));
    await waitFor(() => expect(apiRequests.some((r) => r.method === 'POST' && r.url === '/api/tests')).toBe(true));
    const body = apiRequests.find((r) => r.method === 'POST' && r.url === '/api/tests')!.data as { translations: unknown };
    expect(body.translations).toEqual([{ language: 'hi', name: 'टीमवर्क की मूल बातें', description: null }]);
  });

  it('picking questions and moving one up changes the order sent to the server', async () => {
    mockApi(server(({ method, url, data }) => (method === 'POST' && url === '/api/tests' ? ok({ id: TEST_ID, ...(data as object) }) : undefined)));
    const view = renderWizard();
    await detailsDone();
    await pick('Asks for help');
    await pick('Keeps promises');
    await pick('Shares credit');
    expect(chosenTitles()).toEqual(['Asks for help', 'Keeps promises', 'Shares credit']);
    fireEvent.click(button('Move up: Shares credit'));
    expect(chosenTitles()).toEqual(['Asks for help', 'Shares credit', 'Keeps promises']);
    fireEvent.click(button('Move down: Asks for help'));
    expect(chosenTitles()).toEqual(['Shares credit', 'Asks for help', 'Keeps promises']);
    fireEvent.click(button('Next'));
    fireEvent.click(await findButton('Next'));
    fireEvent.click(await findButton('Save'));
    await waitFor(() => expect(apiRequests.some((r) => r.method === 'POST' && r.url === '/api/tests')).toBe(true));
    const body = apiRequests.find((r) => r.method === 'POST' && r.url === '/api/tests')!.data as { questionIds: string[] };
    expect(body.questionIds).toEqual([byTitle('Shares credit').id, byTitle('Asks for help').id, byTitle('Keeps promises').id]);
    await waitFor(() => expect(view.location().pathname).toBe(`/tests/${TEST_ID}/show`));
  });

  it('removes a question and unticks it', async () => {
    mockApi(server());
    renderWizard();
    await detailsDone();
    await pick('Asks for help');
    await pick('Keeps promises');
    fireEvent.click(button('Remove: Asks for help'));
    expect(chosenTitles()).toEqual(['Keeps promises']);
    expect((screen.getByRole('checkbox', { name: /Asks for help/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('a random draw previews the drawn questions before adding them', async () => {
    const drawn = [byTitle('Keeps promises'), byTitle('Shares credit')];
    mockApi(server(({ url }) => (url === '/api/tests/draw' ? ok({ questions: drawn, requested: 2, drawn: 2 }) : undefined)));
    renderWizard();
    await detailsDone();
    await pick('Asks for help');
    await choose(/^Complexity/, 'L2');
    await type('How many', '2');
    fireEvent.click(button('Draw'));
    const preview = await screen.findByRole('region', { name: 'Drawn at random (not added yet)' });
    expect(within(preview).getByText('Keeps promises')).toBeTruthy();
    expect(within(preview).getByText('Shares credit')).toBeTruthy();
    // Nothing joins the test before it is added.
    expect(chosenTitles()).toEqual(['Asks for help']);
    expect(apiRequests.find((r) => r.url === '/api/tests/draw')!.data).toEqual({
      primarySkill: TEAMWORK,
      count: 2,
      complexity: ['L2'],
      exclude: [byTitle('Asks for help').id],
    });
    fireEvent.click(within(preview).getByRole('button', { name: 'Add 2 questions to the test' }));
    expect(chosenTitles()).toEqual(['Asks for help', 'Keeps promises', 'Shares credit']);
    expect(screen.queryByRole('region', { name: 'Drawn at random (not added yet)' })).toBeNull();
  });

  it('says when the draw found fewer questions than asked', async () => {
    mockApi(server(({ url }) => (url === '/api/tests/draw' ? ok({ questions: [byTitle('Shares credit')], requested: 5, drawn: 1 }) : undefined)));
    renderWizard();
    await detailsDone();
    fireEvent.click(button('Draw'));
    expect(await screen.findByText('Only 1 of 5 questions matched.')).toBeTruthy();
    fireEvent.click(button('Discard'));
    expect(chosenTitles()).toEqual([]);
  });

  it('refuses the 13th tag with the message', async () => {
    mockApi(server());
    renderWizard();
    await detailsDone();
    await pick('Asks for help');
    fireEvent.click(button('Next'));
    const tagInput = await screen.findByRole('textbox', { name: 'Tags' });
    addTags(tagInput, Array.from({ length: 13 }, (_, i) => `tag${i + 1}`));
    expect(await screen.findByText('At most 12 tags')).toBeTruthy();
    const tags = [...document.querySelectorAll('[role="list"][aria-label="Tags"] [role="listitem"]')];
    expect(tags.map((t) => t.textContent)).toEqual(Array.from({ length: 12 }, (_, i) => `tag${i + 1}`));
    expect((tagInput as HTMLInputElement).value).toBe('tag13');
  });

  it('refuses the 13th tag in Hindi too', async () => {
    mockApi(server());
    renderWizard({ locale: 'hi' });
    await type(/^नाम/, 'टीमवर्क');
    await choose(/^प्राथमिक कौशल/, 'Teamwork');
    fireEvent.click(button('आगे'));
    await pick('Asks for help');
    fireEvent.click(button('आगे'));
    const tagInput = await screen.findByRole('textbox', { name: 'टैग' });
    addTags(tagInput, Array.from({ length: 13 }, (_, i) => `t${i + 1}`));
    expect(await screen.findByText('अधिकतम 12 टैग')).toBeTruthy();
  });

  it('Save posts the exact body: duration in seconds, ordered question ids', async () => {
    mockApi(server(({ method, url }) => (method === 'POST' && url === '/api/tests' ? ok({ id: TEST_ID }) : undefined)));
    const view = renderWizard();
    await type(/^Description/, '  Working with others  ');
    await detailsDone('  Teamwork basics ');
    await pick('Shares credit');
    await pick('Asks for help');
    fireEvent.click(button('Next'));
    await choose(/^Duration/, '15 minutes');
    const tagInput = screen.getByRole('textbox', { name: 'Tags' });
    for (const tag of ['core', 'demo']) {
      fireEvent.change(tagInput, { target: { value: tag } });
      fireEvent.keyDown(tagInput, { key: 'Enter' });
    }
    fireEvent.click(screen.getByRole('switch', { name: 'Shuffle the questions for each candidate' }));
    await type(/^Questions per candidate/, '1');
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Step 4 of 4: Review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByText('15 minutes')).toBeTruthy();
    expect(screen.getByText('Teamwork')).toBeTruthy();
    fireEvent.click(button('Save'));
    await waitFor(() => expect(view.location().pathname).toBe(`/tests/${TEST_ID}/show`));
    const saves = apiRequests.filter((r) => r.url === '/api/tests');
    expect(saves).toHaveLength(1);
    expect(saves[0].method).toBe('POST');
    expect(saves[0].data).toEqual({
      name: 'Teamwork basics',
      description: 'Working with others',
      translations: [],
      category: 'COMPETENCY',
      primarySkill: TEAMWORK,
      durationSeconds: 900,
      tags: ['core', 'demo'],
      shuffle: true,
      drawCount: 1,
      questionIds: [byTitle('Shares credit').id, byTitle('Asks for help').id],
    });
  });

  it('checks the draw count against the selection before moving on', async () => {
    mockApi(server());
    renderWizard();
    await detailsDone();
    await pick('Asks for help');
    fireEvent.click(button('Next'));
    await type(/^Questions per candidate/, '3');
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Draw at most as many questions as the test holds')).toBeTruthy();
    expect(heading()).toBe('Step 3 of 4: Settings');
  });

  it('shows the server’s 400 beside the field and as a toast, on the step that holds it', async () => {
    const problem = 'Only published questions go into tests.';
    mockApi(server(({ url }) => (url === '/api/tests' ? { status: 400, data: { result: 0, msg: problem, errors: { questionIds: problem } } } : undefined)));
    renderWizard();
    await detailsDone();
    await pick('Asks for help');
    fireEvent.click(button('Next'));
    fireEvent.click(await findButton('Next'));
    fireEvent.click(await findButton('Save'));
    await waitFor(() => expect(heading()).toBe('Step 2 of 4: Questions'));
    expect((await screen.findAllByText(problem)).length).toBe(2);
  });

  it('clears the picked questions when the primary skill changes, and tells the user', async () => {
    mockApi(server());
    renderWizard();
    await detailsDone();
    await pick('Asks for help');
    fireEvent.click(button('Back'));
    expect(await screen.findByText(/Changing the primary skill removes the 1 question picked/)).toBeTruthy();
    await choose(/^Primary skill/, 'Drive');
    expect(await screen.findByText('The picked questions were removed: a test holds questions of one primary skill only.')).toBeTruthy();
    fireEvent.click(button('Next'));
    expect(await screen.findByRole('checkbox', { name: /Sets own goals/ })).toBeTruthy();
    expect(chosenTitles()).toEqual([]);
  });

  it('edit mode loads an existing test and PUTs it', async () => {
    const stored = {
      id: TEST_ID,
      name: 'Teamwork essentials',
      description: 'Three statements',
      translations: [{ language: 'hi', name: 'टीमवर्क', description: null }],
      category: 'COMPETENCY',
      primarySkill: TEAMWORK,
      durationSeconds: 600,
      tags: ['demo'],
      shuffle: true,
      drawCount: null,
      questionIds: [uuid(12), uuid(11)],
      questions: [byTitle('Keeps promises'), byTitle('Asks for help')].map((q, position) => ({ ...q, position })),
    };
    mockApi(
      server(({ method, url, data }) => {
        if (url !== `/api/tests/${TEST_ID}`) return undefined;
        return method === 'GET' ? ok(stored) : method === 'PUT' ? ok({ ...stored, ...(data as object) }) : undefined;
      }),
    );
    const view = renderWizard({ path: `/edit-test/${TEST_ID}` });
    await waitFor(() => expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Teamwork essentials'));
    expect(button('Back').disabled).toBe(true);
    await type(/^Name/, 'Teamwork, revised');
    fireEvent.click(button('Next'));
    await findButton('Move up: Asks for help');
    expect(chosenTitles()).toEqual(['Keeps promises', 'Asks for help']);
    fireEvent.click(button('Move up: Asks for help'));
    fireEvent.click(button('Next'));
    fireEvent.click(await findButton('Next'));
    fireEvent.click(await findButton('Save'));
    await waitFor(() => expect(view.location().pathname).toBe(`/tests/${TEST_ID}/show`));
    const put = apiRequests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe(`/api/tests/${TEST_ID}`);
    expect(put.data).toEqual({
      name: 'Teamwork, revised',
      description: 'Three statements',
      // The stored Hindi name goes back as it was.
      translations: [{ language: 'hi', name: 'टीमवर्क', description: null }],
      category: 'COMPETENCY',
      primarySkill: TEAMWORK,
      durationSeconds: 600,
      tags: ['demo'],
      shuffle: true,
      drawCount: null,
      questionIds: [uuid(11), uuid(12)],
    });
    expect(apiRequests.some((r) => r.method === 'POST' && r.url === '/api/tests')).toBe(false);
  });

  it('says so when the test to edit does not exist', async () => {
    mockApi(server(({ url }) => (url === `/api/tests/${TEST_ID}` ? { status: 404, data: { result: 0, msg: 'Not found.', code: 'notFound' } } : undefined)));
    renderWizard({ path: `/edit-test/${TEST_ID}`, locale: 'hi' });
    expect(await screen.findByText('नहीं मिला।')).toBeTruthy();
  });

  it('names an unknown category and offers the three', async () => {
    mockApi(server());
    renderWizard({ path: '/create-test/coding' });
    expect(await screen.findByText('There is no test category "coding".')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aptitude' }).getAttribute('href')).toBe('/create-test/APTITUDE');
  });

  it('is not allowed without the Tests create (or edit) permission', async () => {
    mockApi(server());
    renderWizard({ profile: profiles.teamMember('SKILLGAUGE_TEAM', { TESTS: ['view', 'edit'] }) });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('lets a team member with Tests edit into edit mode but not create', async () => {
    mockApi(server(({ url }) => (url === `/api/tests/${TEST_ID}` ? { status: 404, data: { result: 0, msg: 'Not found.', code: 'notFound' } } : undefined)));
    renderWizard({ path: `/edit-test/${TEST_ID}`, profile: profiles.teamMember('SKILLGAUGE_TEAM', { TESTS: ['view', 'create'] }) });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(apiRequests.some((r) => r.url === `/api/tests/${TEST_ID}`)).toBe(false);
  });
});

describe('the test library’s entry points', () => {
  const records = { tests: [{ id: TEST_ID, name: 'Teamwork essentials', category: 'COMPETENCY', primarySkillLabel: 'Teamwork', questionCount: 3, durationSeconds: 600, tags: ['demo'], updatedAt: '2025-01-01T00:00:00Z' }] };

  it('the list offers "Create test" by category to Tests creators', async () => {
    const view = renderResource(<TestList />, { resource: 'tests', records });
    fireEvent.click(await screen.findByRole('button', { name: 'Create test' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Personality' }));
    await waitFor(() => expect(view.location().pathname).toBe('/create-test/PERSONALITY'));
  });

  it('the list hides "Create test" without the create permission', async () => {
    renderResource(<TestList />, { resource: 'tests', records, profile: profiles.teamMember('SKILLGAUGE_TEAM', { TESTS: ['view', 'edit'] }) });
    expect(await screen.findByText('Teamwork essentials')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create test' })).toBeNull();
  });

  const preview = { id: TEST_ID, name: 'Teamwork essentials', description: null, durationSeconds: 600, questionCount: 0, drawCount: null, questions: [] };
  const previewApi: ApiHandler = ({ url }) => (url === `/api/tests/${TEST_ID}/preview` ? ok(preview) : url === '/api/question/language' ? ok([{ _id: 'en', label: 'English' }]) : undefined);

  it('the preview has an Edit button for Tests editors', async () => {
    mockApi(previewApi);
    renderPage(<TestPreview />, { path: `/tests/${TEST_ID}/show`, route: '/tests/:id/show' });
    const edit = await screen.findByRole('link', { name: 'Edit' });
    expect(edit.getAttribute('href')).toBe(`/edit-test/${TEST_ID}`);
  });

  it('the preview has no Edit button without the edit permission', async () => {
    mockApi(previewApi);
    renderPage(<TestPreview />, { path: `/tests/${TEST_ID}/show`, route: '/tests/:id/show', profile: profiles.teamMember('SKILLGAUGE_TEAM', { TESTS: ['view', 'create'] }) });
    expect(await screen.findByText('10 minutes')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});
