/**
 * Custom questions and Self Assessments: the question form's custom mode (no draft, no moderation,
 * saved to custom-questions, back to the assessment wizard with the question picked and the draft
 * as it was), and the "Take an assessment" card of a USER's dashboard.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiQuestion } from '../../src/domain/questionForm';
import { SelfAssessments, selfAssessmentAction } from '../../src/custom/dashboard/SelfAssessments';
import { emptyDraft } from '../../src/resources/assessments/assessmentDraft';
import AssessmentWizardPage from '../../src/resources/assessments/AssessmentWizard';
import QuestionFormPage from '../../src/resources/questions/QuestionForm';
import { apiRequests, appRoute, makeProfile, mockApi, profiles, renderPage, type ApiHandler } from './kit';

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });
const DEFAULT_TITLE = 'Choose the option that relates with you the most';
const WIZARD = '/assessment/create-assessment';

const saved: ApiQuestion = {
  id: 'cq1',
  status: 'PUBLISHED',
  authorId: 'u-1',
  category: 'COMPETENCY',
  questionType: 'MULTIPLE_CHOICE',
  title: 'Why this company?',
  detail: { langWiseDetail: [{ language: 'en', detail: '<p>Why do you want to work with us?</p>' }] },
  primarySkill: 's-1',
  complexity: 'L1',
  secondarySkills: [],
  answers: [],
  ansTitle: DEFAULT_TITLE,
  shuffle: true,
  mediaType: 'TEXT',
  mediaUrl: null,
  isConsistencyQuestion: false,
  isQualifying: false,
  coding: null,
};

/** The form's server (languages, skills, answer titles) and the custom-questions calls; `extra` first. */
function server(extra: ApiHandler = () => undefined): ApiHandler {
  return (call) => {
    const own = extra(call);
    if (own) return own;
    if (call.url === '/api/question/language') return ok([{ _id: 'en', label: 'English', iconName: 'gb' }, { _id: 'hi', label: 'Hindi', iconName: 'in' }, { _id: 'bn', label: 'Bangla', iconName: 'bd' }]);
    if (call.url.startsWith('/api/types/testtype/dropdown/')) return ok([{ _id: 's-1', label: 'Teamwork', kind: 'COMPETENCY' }]);
    if (call.url.startsWith('/api/types/questiontype/dropdown')) return ok([]);
    if (call.url === '/api/answer-titles') return ok([{ id: 't1', label: DEFAULT_TITLE }]);
    if (call.method === 'POST' && call.url === '/api/custom-questions') return ok(saved);
    if (call.method === 'GET' && call.url === '/api/custom-questions/cq1') return ok(saved);
    return undefined;
  };
}

/** Opens an MUI select and picks an option. */
async function choose(label: string | RegExp, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Writes into the rich-text editor the way typing would (its ProseMirror view, found from the DOM). */
async function writeDetail(html: string) {
  const editor = (await waitFor(() => document.querySelector<HTMLElement & { editor?: { commands: { setContent: (c: string, emit: boolean) => void } } }>('.ProseMirror')!)) as HTMLElement & {
    editor?: { commands: { setContent: (c: string, emit: boolean) => void } };
  };
  editor.editor!.commands.setContent(html, true);
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('a custom question', () => {
  function renderCustomForm(profile = profiles.client()) {
    mockApi(server());
    const back = `${WIZARD}?resume=1`;
    return renderPage(<QuestionFormPage mode="create" origin="custom" />, { path: `/new-question/custom?returnTo=${encodeURIComponent(back)}`, route: '/new-question/custom', profile });
  }

  it('is written by whoever may build assessments, with Save and no draft', async () => {
    renderCustomForm();
    const trail = await screen.findByRole('navigation', { name: 'Where you are' });
    expect(within(trail).getByRole('link', { name: 'Assessments' }).getAttribute('href')).toBe(`${WIZARD}?resume=1`);
    expect(within(trail).getByText('Custom question')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    // Qualifying questions come from the bank, not from here.
    expect(screen.queryByRole('checkbox', { name: /qualifying/i })).toBeNull();
  });

  it('is refused to a team member who may only look at assessments', async () => {
    mockApi(server());
    renderPage(appRoute('/new-question/custom'), {
      path: '/new-question/custom',
      route: '/new-question/custom',
      profile: profiles.teamMember('CLIENT_SPECIFIC_ROLE', { ASSESSMENT: ['view'] }),
    });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
  });

  it('saves to custom-questions and goes back to the wizard with the question', { timeout: 90_000 }, async () => {
    const view = renderCustomForm();
    await choose('Category', 'Competency');
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Why this company?' } });
    await writeDetail('<p>Why do you want to work with us?</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Hindi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bangla' }));
    await choose(/^Primary skill/, 'Teamwork');
    await choose(/^Complexity/, 'L1');
    await choose('Question type', 'Likert');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    for (const [n, text] of [
      [1, 'For the people'],
      [2, 'For the pay'],
    ] as const) {
      fireEvent.click(await screen.findByRole('button', { name: 'Add answer' }));
      fireEvent.change(await screen.findByLabelText(`Answer ${n}`), { target: { value: text } });
      const points = within(screen.getAllByTestId('answer-row')[n - 1]).getByLabelText('Points');
      fireEvent.change(points, { target: { value: String(n) } });
      fireEvent.blur(points);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.location().pathname).toBe(WIZARD));
    expect(new URLSearchParams(view.location().search).get('customQuestionId')).toBe('cq1');
    expect(new URLSearchParams(view.location().search).get('resume')).toBe('1');
    const posts = apiRequests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url)).toEqual(['/api/custom-questions']);
    expect(posts[0].data).toMatchObject({ category: 'COMPETENCY', questionType: 'LIKERT', title: 'Why this company?', primarySkill: 's-1', complexity: 'L1', detail: { langWiseDetail: [{ language: 'en', detail: '<p>Why do you want to work with us?</p>' }] } });
    expect(posts[0].data).not.toHaveProperty('clientId');
  });

  it('comes back into the wizard’s draft, picked', async () => {
    // What the wizard left when it opened the form.
    sessionStorage.setItem('skillgauge.assessmentWizard', JSON.stringify({ path: WIZARD, draft: { ...emptyDraft(), name: 'Support hiring' }, step: 1 }));
    mockApi(server());
    const view = renderPage(<AssessmentWizardPage />, { path: `${WIZARD}?resume=1&customQuestionId=cq1`, route: WIZARD, profile: profiles.client(), records: { 'custom-questions': [saved] } });
    const chosen = await screen.findByRole('region', { name: 'In the assessment: Custom questions' });
    expect(await within(chosen).findByText('Why this company?')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Step 2 of 3: Content');
    // The address is the wizard's own again, and the stash is spent.
    await waitFor(() => expect(view.location().search).toBe(''));
    expect(sessionStorage.getItem('skillgauge.assessmentWizard')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).value).toBe('Support hiring');
  });
});

describe('Self Assessments on a USER’s dashboard', () => {
  const user = makeProfile({ role: 'USER', name: 'Uma User' });
  const rows = [
    { id: 'sa1', name: 'Know your strengths', description: 'How you work with others.', translations: [], languages: ['en'], estimatedMinutes: 15, invitation: null },
    { id: 'sa2', name: 'Stress check', description: null, translations: [{ language: 'hi', name: 'तनाव जाँच', description: null }], languages: ['en'], estimatedMinutes: 5, invitation: { id: 'i2', status: 'IN_PROGRESS', startedAt: '2026-11-21T09:00:00Z', completedAt: null } },
    { id: 'sa3', name: 'Done already', description: null, translations: [], languages: ['en'], estimatedMinutes: 5, invitation: { id: 'i3', status: 'COMPLETED', startedAt: '2026-11-20T09:00:00Z', completedAt: '2026-11-20T09:10:00Z' } },
  ];

  it('offers Start, Continue, or nothing once it is over', () => {
    expect([null, 'PENDING', 'IN_PROGRESS', 'COMPLETED', 'EXPIRED', 'DISQUALIFIED'].map((s) => selfAssessmentAction(s as never))).toEqual(['start', 'start', 'continue', null, null, null]);
  });

  it('starts the user’s own attempt and opens its page in the same tab', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/self-assessments') return ok(rows);
      if (call.method === 'POST' && call.url === '/api/self-assessments/sa2/start') return ok({ invitationId: 'i2', token: 'tok', link: 'http://localhost/take/tok' });
      return undefined;
    });
    renderPage(<SelfAssessments />, { profile: user });
    expect(await screen.findByRole('button', { name: 'Start: Know your strengths' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Done already/ })).toBeNull();
    // A completed one leads to the user's own report instead.
    expect(screen.getByRole('link', { name: 'See my report: Done already' }).getAttribute('href')).toBe('/candidate-details/i3');
    expect(screen.queryByRole('link', { name: /See my report: Stress check/ })).toBeNull();
    expect(screen.getByText('Completed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue: Stress check' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/take/tok'));
  });

  it('a client’s people see its self assessments on their dashboard, and nothing at all when it has none', async () => {
    const recruiter = makeProfile({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', name: 'Rhea Recruiter', clientId: 'c-1' });
    mockApi((call) => (call.method === 'GET' && call.url === '/api/self-assessments' ? ok([]) : undefined));
    const empty = renderPage(<SelfAssessments hideWhenEmpty />, { profile: recruiter });
    await waitFor(() => expect(apiRequests.some((r) => r.url === '/api/self-assessments')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Take an assessment' })).toBeNull();
    empty.unmount();
    mockApi((call) => (call.method === 'GET' && call.url === '/api/self-assessments' ? ok(rows.slice(0, 1)) : undefined));
    renderPage(<SelfAssessments hideWhenEmpty />, { profile: recruiter });
    expect(await screen.findByRole('button', { name: 'Start: Know your strengths' })).toBeTruthy();
  });

  it('says why a start is refused', async () => {
    mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/self-assessments') return ok(rows);
      if (call.method === 'POST') return { status: 409, data: { result: 0, msg: 'This assessment is not open at this time.' } };
      return undefined;
    });
    renderPage(
      <>
        <SelfAssessments />
        <Notification />
      </>,
      { profile: user, locale: 'hi' },
    );
    // Named in the reader's language where a name was written in it, else in English.
    expect(await screen.findByRole('button', { name: 'जारी रखें: तनाव जाँच' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'शुरू करें: Know your strengths' }));
    expect(await screen.findByText('यह आकलन इस समय खुला नहीं है।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'शुरू करें: Know your strengths' })).toHaveProperty('disabled', false);
  });
});
