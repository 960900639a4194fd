/**
 * The assessment wizard: its step bounds (0 to 2) as a pure function and on screen, each step
 * checked with the shared assessmentSchema, picking content, the languages the server says the
 * content allows (the others disabled with the sentence naming what is missing), the bodies it
 * sends, server field messages moved to their step, and a locked assessment's read-only content.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROCTORING } from '../../src/domain/assessment';
import type { AssessmentRecord } from '../../src/resources/assessments/api';
import {
  assessmentBody,
  draftErrors,
  emptyDraft,
  firstFailingStep,
  LAST_STEP,
  newVideoQuestion,
  nextStep,
  previousStep,
  stepOfField,
  WIZARD_STEPS,
} from '../../src/resources/assessments/assessmentDraft';
import AssessmentWizardPage from '../../src/resources/assessments/AssessmentWizard';
import { apiRequests, mockApi, profiles, renderPage, type ApiHandler, type Locale } from './kit';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TEAMWORK_TEST = { id: uuid(1), name: 'Teamwork essentials', category: 'COMPETENCY' as const, primarySkillLabel: 'Teamwork', questionCount: 7, durationSeconds: 600, languages: ['en', 'hi'] };
const NUMBERS_TEST = { id: uuid(2), name: 'Numerical reasoning', category: 'APTITUDE' as const, primarySkillLabel: 'Numbers', questionCount: 6, durationSeconds: 900, languages: ['en'] };
const WEEKEND = { id: uuid(11), title: 'Weekend shifts', questionType: 'SINGLE_CHOICE' as const };
const SAVED_ID = uuid(99);

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

function record(overrides: Partial<AssessmentRecord> = {}): AssessmentRecord {
  return {
    id: SAVED_ID,
    name: 'Support hiring',
    description: null,
    translations: [],
    type: 'INVITED',
    status: 'DRAFT',
    clientId: 'c-1',
    clientName: 'Acme',
    languages: ['en'],
    copiedFrom: null,
    testIds: [TEAMWORK_TEST.id],
    qualifyingQuestionIds: [],
    customQuestionIds: [],
    videoQuestions: [],
    totalTimeSeconds: null,
    validFrom: null,
    validUntil: null,
    proctoring: DEFAULT_PROCTORING,
    tests: [{ id: TEAMWORK_TEST.id, name: TEAMWORK_TEST.name, category: 'COMPETENCY', durationSeconds: 600, questionCount: 7 }],
    qualifyingQuestions: [],
    customQuestions: [],
    publicLink: null,
    attemptCount: 0,
    locked: false,
    hasCoding: false,
    estimatedMinutes: 10,
    invitationCounts: { PENDING: 0, IN_PROGRESS: 0, COMPLETED: 0, EXPIRED: 0, DISQUALIFIED: 0 },
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** What the languages check answers: English and Hindi, Bangla missing in two questions. */
const LANGUAGES = { available: ['en', 'hi'], missing: [{ language: 'bn', questionTitles: ['Asks for help', 'Keeps promises'] }] };

/** The server as the wizard sees it; `extra` answers first. */
function server(extra: ApiHandler = () => undefined): ApiHandler {
  return (call) => {
    const answer = extra(call);
    if (answer) return answer;
    const { method, url } = call;
    if (url.startsWith('/api/types/testtype/dropdown')) return { status: 403, data: { result: 0, msg: 'You do not have permission to do this.' } };
    if (method === 'POST' && url === '/api/assessments/check-languages') return ok(LANGUAGES);
    if (method === 'POST' && url === '/api/assessments') return ok(record({ name: (call.data as { name: string }).name }));
    if (method === 'PUT' && url === `/api/assessments/${SAVED_ID}/status`) return ok(record({ status: 'ACTIVE' }));
    return undefined;
  };
}

function renderWizard(options: { path?: string; locale?: Locale; extra?: ApiHandler } = {}) {
  mockApi(server(options.extra));
  const path = options.path ?? '/assessment/create-assessment';
  const route = path.startsWith('/editAssessment') ? '/editAssessment/:id' : '/assessment/create-assessment';
  return renderPage(
    <>
      <AssessmentWizardPage />
      <Notification />
    </>,
    // The pools: the test library and the bank's qualifying questions (no custom questions yet).
    { path, route, locale: options.locale, profile: profiles.client(), records: { 'library-tests': [TEAMWORK_TEST, NUMBERS_TEST], 'qualifying-questions': [WEEKEND] } },
  );
}

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const button = (name: string) => screen.queryByRole('button', { name, exact: true } as never) as HTMLButtonElement | null;
const type = async (label: RegExp, value: string) => fireEvent.change(await screen.findByLabelText(label), { target: { value } });

/** Step 0 with a name, then on to the content. */
async function toContent(name = 'Support hiring') {
  await type(/^Name/, name);
  fireEvent.click(button('Next')!);
  await screen.findByRole('checkbox', { name: /Teamwork essentials/ });
}

/** Picks the teamwork test and goes on to the settings. */
async function toSettings() {
  await toContent();
  fireEvent.click(screen.getByRole('checkbox', { name: /Teamwork essentials/ }));
  fireEvent.click(button('Next')!);
  await screen.findByRole('checkbox', { name: 'English' });
}

describe('the step bounds', () => {
  it('go forward to 2 and no further, back to 0 and no further', () => {
    expect(WIZARD_STEPS).toEqual(['details', 'content', 'settings']);
    expect(LAST_STEP).toBe(2);
    expect([0, 1, 2].map(nextStep)).toEqual([1, 2, 2]);
    expect([0, 1, 2].map(previousStep)).toEqual([0, 0, 1]);
    // Whatever comes in, the step stays within 0..2.
    expect(nextStep(7)).toBe(2);
    expect(previousStep(-3)).toBe(0);
    expect(nextStep(-1)).toBe(0);
  });

  it('each field belongs to one step, nested paths included', () => {
    expect(['name', 'validUntil', 'totalTimeSeconds'].map(stepOfField)).toEqual([0, 0, 0]);
    expect(['testIds', 'videoQuestions.0.prompt', 'customQuestionIds'].map(stepOfField)).toEqual([1, 1, 1]);
    expect(['languages', 'proctoring.snapshotIntervalSeconds'].map(stepOfField)).toEqual([2, 2]);
    expect(firstFailingStep({ languages: 'x', testIds: 'y' })).toBe(1);
    expect(firstFailingStep({})).toBe(-1);
  });
});

describe('the draft and its checks', () => {
  it('checks each step with the shared schema’s messages', () => {
    const draft = emptyDraft();
    expect(draftErrors(draft, 0)).toEqual({ name: 'Name is required' });
    const named = { ...draft, name: 'Support hiring' };
    expect(draftErrors(named, 0)).toEqual({});
    expect(draftErrors(named, 1)).toEqual({ testIds: 'Add at least one test, custom question or video question' });
    const late = { ...named, validFrom: '2026-12-10T09:00', validUntil: '2026-12-01T09:00' };
    expect(draftErrors(late, 0)).toEqual({ validUntil: 'The end of the validity must come after its start' });
    const short = { ...named, totalTimeSeconds: '10' };
    expect(draftErrors(short, 0)).toEqual({ totalTimeSeconds: 'Total time goes from 30 to 3600 seconds' });
    const withTest = { ...named, tests: [{ ...TEAMWORK_TEST }] };
    expect(draftErrors(withTest)).toEqual({});
    const snapshots = { ...withTest, proctoring: { ...DEFAULT_PROCTORING, snapshotIntervalSeconds: 5 } };
    expect(draftErrors(snapshots, 2)).toEqual({ 'proctoring.snapshotIntervalSeconds': 'Snapshots are taken every 10 to 600 seconds' });
    const silentVideo = { ...named, videoQuestions: [newVideoQuestion(['en'])] };
    expect(draftErrors(silentVideo, 1)).toEqual({ 'videoQuestions.0.prompt': 'Write the video question' });
  });

  it('sends the content in order, times as ISO, no total time as null, and video prompts without the empty languages', () => {
    const video = newVideoQuestion(['en', 'hi']);
    video.prompt = [
      { language: 'en', detail: '  Introduce yourself ' },
      { language: 'hi', detail: '' },
    ];
    const body = assessmentBody({
      ...emptyDraft(),
      name: ' Support hiring ',
      tests: [{ ...NUMBERS_TEST }, { ...TEAMWORK_TEST }],
      qualifying: [WEEKEND],
      validFrom: '2026-12-01T09:30',
      videoQuestions: [video],
    });
    expect(body).toMatchObject({
      name: 'Support hiring',
      description: null,
      testIds: [NUMBERS_TEST.id, TEAMWORK_TEST.id],
      qualifyingQuestionIds: [WEEKEND.id],
      totalTimeSeconds: null,
      validFrom: new Date('2026-12-01T09:30').toISOString(),
      validUntil: null,
      videoQuestions: [{ videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Introduce yourself' }], maxSeconds: 90, retakes: 1 }],
    });
  });
});

describe('the wizard on screen', () => {
  it('starts at step 0 with Back disabled, and cannot leave it without a name', async () => {
    renderWizard();
    await screen.findByLabelText(/^Name/);
    expect(heading()).toBe('Step 1 of 3: Details');
    expect(button('Back')!.disabled).toBe(true);
    fireEvent.click(button('Next')!);
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(heading()).toBe('Step 1 of 3: Details');
    // A client is told who its Self Assessment is for.
    expect(screen.getByText(/Your team members take it from their own dashboard, and you can invite candidates by name/)).toBeTruthy();
  });

  it('offers the library a page at a time: Show more brings the next page until there is no more', async () => {
    const many = Array.from({ length: 23 }, (_, n) => ({ ...NUMBERS_TEST, id: uuid(100 + n), name: `Aptitude test ${String(n + 1).padStart(2, '0')}` }));
    mockApi(server());
    const view = renderPage(<AssessmentWizardPage />, { path: '/assessment/create-assessment', route: '/assessment/create-assessment', profile: profiles.client(), records: { 'library-tests': many } });
    await type(/^Name/, 'Support hiring');
    fireEvent.click(button('Next')!);
    const library = await screen.findByRole('list', { name: 'Test library' });
    await waitFor(() => expect(within(library).getAllByRole('checkbox')).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(library).getAllByRole('checkbox')).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(view.dataProvider.lists.filter((c) => c.resource === 'library-tests').map((c) => c.params.pagination)).toEqual([
      { page: 1, perPage: 20 },
      { page: 2, perPage: 20 },
    ]);
  });

  it('asks for content on step 1, and on the last step offers the saves instead of Next', async () => {
    renderWizard();
    await toContent();
    expect(heading()).toBe('Step 2 of 3: Content');
    fireEvent.click(button('Next')!);
    expect(await screen.findByText('Add at least one test, custom question or video question')).toBeTruthy();
    expect(heading()).toBe('Step 2 of 3: Content');
    fireEvent.click(screen.getByRole('checkbox', { name: /Teamwork essentials/ }));
    fireEvent.click(button('Next')!);
    await screen.findByRole('checkbox', { name: 'English' });
    expect(heading()).toBe('Step 3 of 3: Settings and review');
    // Forward stops at 2: no Next here.
    expect(button('Next')).toBeNull();
    expect(button('Save as draft')).toBeTruthy();
    expect(button('Save and activate')).toBeTruthy();
    // Back goes one step at a time, down to the first.
    fireEvent.click(button('Back')!);
    expect(heading()).toBe('Step 2 of 3: Content');
    fireEvent.click(button('Back')!);
    expect(heading()).toBe('Step 1 of 3: Details');
    expect(button('Back')!.disabled).toBe(true);
  });

  it('orders the tests picked, moves and removes them', async () => {
    renderWizard();
    await toContent();
    fireEvent.click(screen.getByRole('checkbox', { name: /Teamwork essentials/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Numerical reasoning/ }));
    const chosen = () => [...screen.getByRole('region', { name: 'In the assessment: Tests' }).querySelectorAll('li')].map((li) => li.querySelector('p')?.textContent);
    expect(chosen()).toEqual(['Teamwork essentials', 'Numerical reasoning']);
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Numerical reasoning' }));
    expect(chosen()).toEqual(['Numerical reasoning', 'Teamwork essentials']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Numerical reasoning' }));
    expect(chosen()).toEqual(['Teamwork essentials']);
    expect((screen.getByRole('checkbox', { name: /Numerical reasoning/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('offers only the languages the content allows: the others are disabled with the sentence naming what lacks them', async () => {
    renderWizard();
    await toSettings();
    const english = screen.getByRole('checkbox', { name: 'English' }) as HTMLInputElement;
    const hindi = screen.getByRole('checkbox', { name: 'Hindi' }) as HTMLInputElement;
    const bangla = screen.getByRole('checkbox', { name: 'Bangla' }) as HTMLInputElement;
    expect([english.checked, english.disabled]).toEqual([true, false]);
    expect([hindi.checked, hindi.disabled]).toEqual([false, false]);
    expect([bangla.checked, bangla.disabled]).toEqual([false, true]);
    const why = 'Language Bangla cannot be offered: “Asks for help”, “Keeps promises” have no text in it.';
    expect(screen.getByText(why)).toBeTruthy();
    expect(document.getElementById(bangla.getAttribute('aria-describedby')!)?.textContent).toBe(why);
    // The server was asked about the content picked.
    const asked = apiRequests.filter((r) => r.url === '/api/assessments/check-languages').at(-1)!.data;
    expect(asked).toEqual({ testIds: [TEAMWORK_TEST.id], qualifyingQuestionIds: [], customQuestionIds: [], videoQuestions: [] });
  });

  it('says the same in Hindi', async () => {
    renderWizard({ locale: 'hi' });
    await type(/^नाम/, 'सहायता भर्ती');
    fireEvent.click(button('आगे')!);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Teamwork essentials/ }));
    fireEvent.click(button('आगे')!);
    const bangla = (await screen.findByRole('checkbox', { name: 'बंगाली' })) as HTMLInputElement;
    expect(bangla.disabled).toBe(true);
    expect(screen.getByText(/बंगाली/, { selector: 'p' }).textContent).toMatch(/“Asks for help”, “Keeps promises”/);
    expect(button('ड्राफ़्ट के रूप में सहेजें')).toBeTruthy();
  });

  it('Save and activate creates the assessment, activates it, and opens its page', async () => {
    const view = renderWizard();
    await toSettings();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hindi' }));
    // Offering Hindi asks for its name, and says candidates read English until it is written.
    const hindiName = within(screen.getByTestId('name-translation-hi'));
    expect(hindiName.getByText('Not written: shown in English')).toBeTruthy();
    fireEvent.change(hindiName.getByLabelText('Hindi name'), { target: { value: ' सहायता भर्ती ' } });
    expect(hindiName.getByText('Written')).toBeTruthy();
    expect(screen.getAllByText('सहायता भर्ती').length).toBeGreaterThan(0);
    fireEvent.click(button('Save and activate')!);
    await waitFor(() => expect(view.location().pathname).toBe(`/assessment/view-assessment/${SAVED_ID}`));
    const sent = apiRequests.filter((r) => r.method !== 'GET' && r.url !== '/api/assessments/check-languages').map((r) => `${r.method} ${r.url}`);
    expect(sent).toEqual(['POST /api/assessments', `PUT /api/assessments/${SAVED_ID}/status`]);
    expect(apiRequests.find((r) => r.method === 'POST' && r.url === '/api/assessments')!.data).toEqual({
      name: 'Support hiring',
      description: null,
      translations: [{ language: 'hi', name: 'सहायता भर्ती', description: null }],
      type: 'INVITED',
      testIds: [TEAMWORK_TEST.id],
      qualifyingQuestionIds: [],
      customQuestionIds: [],
      videoQuestions: [],
      languages: ['en', 'hi'],
      totalTimeSeconds: null,
      validFrom: null,
      validUntil: null,
      proctoring: DEFAULT_PROCTORING,
    });
    expect(apiRequests.find((r) => r.method === 'PUT')!.data).toEqual({ status: 'ACTIVE' });
  });

  it('a server field message lands on its field and moves to its step', async () => {
    const refused = 'Only published tests go into assessments.';
    renderWizard({
      extra: (call) => (call.method === 'POST' && call.url === '/api/assessments' ? { status: 400, data: { result: 0, msg: refused, errors: { testIds: refused } } } : undefined),
    });
    await toSettings();
    fireEvent.click(button('Save as draft')!);
    await waitFor(() => expect(heading()).toBe('Step 2 of 3: Content'));
    expect(within(screen.getByRole('region', { name: 'In the assessment: Tests' })).getByText(refused)).toBeTruthy();
  });

  it('an assessment with attempts shows its content read-only, says why, and offers a copy', async () => {
    const locked = record({ status: 'ACTIVE', locked: true, attemptCount: 3, languages: ['en', 'hi'] });
    const view = renderWizard({
      path: `/editAssessment/${SAVED_ID}`,
      extra: (call) => {
        if (call.method === 'GET' && call.url === `/api/assessments/${SAVED_ID}`) return ok(locked);
        if (call.method === 'POST' && call.url === `/api/assessments/${SAVED_ID}/copy`) return ok(record({ id: uuid(100), name: 'Support hiring (copy)' }));
        return undefined;
      },
    });
    expect(await screen.findByText(/already has 3 attempts, so its content/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Invited/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(button('Next')!);
    await screen.findByText('Teamwork essentials');
    // No picking, moving or removing: only what it holds.
    expect(screen.queryByRole('checkbox', { name: /Numerical reasoning/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a video question' })).toBeNull();
    fireEvent.click(button('Next')!);
    await screen.findByText('The languages cannot change once candidates have started.');
    expect(((await screen.findByRole('checkbox', { name: 'Hindi' })) as HTMLInputElement).disabled).toBe(true);
    // Active already: one Save, no activation.
    expect(button('Save')).toBeTruthy();
    expect(button('Save and activate')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy' })[0]);
    await waitFor(() => expect(view.location().pathname).toBe(`/editAssessment/${uuid(100)}`));
  });
});
