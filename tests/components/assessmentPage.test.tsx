/**
 * An assessment's page and the assessments lists: the actions each status offers (and only to who
 * may use them), the status moves sent, the public link, the candidates by status; the lists'
 * scope, client column and "New assessment".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROCTORING, type AssessmentStatus } from '../../src/domain/assessment';
import type { AssessmentRecord } from '../../src/resources/assessments/api';
import { AssessmentLibrary, MyAssessments } from '../../src/resources/assessments/AssessmentList';
import AssessmentPage, { mayDelete, STATUS_ACTIONS } from '../../src/resources/assessments/AssessmentPage';
import { apiRequests, columnHeaders, mockApi, profiles, renderPage, renderResource, tableRows, type ApiHandler } from './kit';

const ID = '00000000-0000-4000-8000-000000000001';
const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });
const NO_INVITATIONS = { PENDING: 0, IN_PROGRESS: 0, COMPLETED: 0, EXPIRED: 0, DISQUALIFIED: 0 };

function record(overrides: Partial<AssessmentRecord> = {}): AssessmentRecord {
  return {
    id: ID,
    name: 'Support hiring',
    description: 'For the support centres.',
    translations: [],
    type: 'INVITED',
    status: 'DRAFT',
    clientId: 'c-1',
    clientName: 'Acme',
    languages: ['en', 'hi'],
    copiedFrom: null,
    testIds: ['t1'],
    qualifyingQuestionIds: ['q1'],
    customQuestionIds: [],
    videoQuestions: [{ id: 'v1', videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Introduce yourself' }], maxSeconds: 90, retakes: 1 }],
    totalTimeSeconds: null,
    validFrom: null,
    validUntil: null,
    proctoring: DEFAULT_PROCTORING,
    tests: [{ id: 't1', name: 'Teamwork essentials', category: 'COMPETENCY', durationSeconds: 600, questionCount: 7 }],
    qualifyingQuestions: [{ id: 'q1', title: 'Weekend shifts' }],
    customQuestions: [],
    publicLink: null,
    attemptCount: 0,
    locked: false,
    hasCoding: false,
    estimatedMinutes: 14,
    invitationCounts: NO_INVITATIONS,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}

/** The page over a server that holds `stored` and answers status moves with the new status. */
function renderAssessment(stored: AssessmentRecord, options: { profile?: ReturnType<typeof profiles.client>; extra?: ApiHandler } = {}) {
  let current = stored;
  mockApi((call) => {
    const own = options.extra?.(call);
    if (own) return own;
    if (call.method === 'GET' && call.url === `/api/assessments/${ID}`) return ok(current);
    if (call.method === 'PUT' && call.url === `/api/assessments/${ID}/status`) {
      current = { ...current, status: (call.data as { status: AssessmentStatus }).status };
      return ok(current);
    }
    return undefined;
  });
  return renderPage(
    <Routes>
      <Route path="/assessment/view-assessment/:id" element={<AssessmentPage />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path: `/assessment/view-assessment/${ID}`, profile: options.profile ?? profiles.client() },
  );
}

const ACTIONS = ['Activate', 'Close', 'Reopen', 'Invite candidates', 'Edit', 'Copy', 'Delete'];
/** The page's action buttons and links, in the order they show. */
const actions = () =>
  [...document.querySelectorAll('button, a')].map((el) => el.textContent?.trim() ?? '').filter((name) => ACTIONS.includes(name));

afterEach(() => vi.restoreAllMocks());

describe('the actions of each status', () => {
  it('as rules: activate a draft, close an active one, reopen a closed one; delete only a draft nobody was invited to', () => {
    expect(STATUS_ACTIONS.DRAFT).toEqual([{ action: 'activate', to: 'ACTIVE' }]);
    expect(STATUS_ACTIONS.ACTIVE).toEqual([{ action: 'close', to: 'CLOSED' }]);
    expect(STATUS_ACTIONS.CLOSED).toEqual([{ action: 'reopen', to: 'ACTIVE' }]);
    expect(mayDelete({ status: 'DRAFT', invitationCounts: NO_INVITATIONS })).toBe(true);
    expect(mayDelete({ status: 'DRAFT', invitationCounts: { ...NO_INVITATIONS, EXPIRED: 1 } })).toBe(false);
    expect(mayDelete({ status: 'CLOSED', invitationCounts: NO_INVITATIONS })).toBe(false);
  });

  it('a draft: Activate, Edit, Copy and Delete', async () => {
    renderAssessment(record());
    await screen.findByText('Teamwork essentials');
    expect(actions()).toEqual(['Activate', 'Edit', 'Copy', 'Delete']);
  });

  it('an active Invited assessment: Close, Invite candidates, Edit, Copy; no Delete', async () => {
    renderAssessment(record({ status: 'ACTIVE', invitationCounts: { ...NO_INVITATIONS, PENDING: 2, COMPLETED: 1 } }));
    await screen.findByText('Teamwork essentials');
    expect(actions()).toEqual(['Close', 'Invite candidates', 'Edit', 'Copy']);
    expect(screen.getByRole('link', { name: 'Invite candidates' }).getAttribute('href')).toBe(`/assessment/invite-candidate?assessmentId=${ID}`);
    expect(screen.getByText('Not Started: 2')).toBeTruthy();
    expect(screen.getByText('Completed: 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the candidates (3)' }).getAttribute('href')).toBe(`/viewcandidatelist/${ID}`);
  });

  it('a closed assessment: Reopen, Edit, Copy', async () => {
    renderAssessment(record({ status: 'CLOSED' }));
    await screen.findByText('Teamwork essentials');
    expect(actions()).toEqual(['Reopen', 'Edit', 'Copy']);
  });

  it('a draft someone was invited to cannot be deleted', async () => {
    renderAssessment(record({ invitationCounts: { ...NO_INVITATIONS, EXPIRED: 1 } }));
    await screen.findByText('Teamwork essentials');
    expect(actions()).not.toContain('Delete');
  });

  it('Activate sends the move and shows the new status', async () => {
    renderAssessment(record());
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await screen.findByRole('button', { name: 'Close' });
    expect(apiRequests.filter((r) => r.method === 'PUT').map((r) => [r.url, r.data])).toEqual([[`/api/assessments/${ID}/status`, { status: 'ACTIVE' }]]);
  });

  it('a refused move says why, and the page keeps the status it had', async () => {
    const why = 'This assessment has coding questions, and this server cannot run candidates’ code safely: install bubblewrap or set JUDGE0_URL.';
    renderAssessment(record({ hasCoding: true }), {
      extra: (call) => (call.method === 'PUT' ? { status: 409, data: { result: 0, msg: why } } : undefined),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(apiRequests.some((r) => r.method === 'PUT')).toBe(true));
    expect(screen.getByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(screen.getAllByText(/coding questions/).length).toBeGreaterThan(0);
  });

  it('Delete asks first, then deletes and goes back to the list', async () => {
    const view = renderAssessment(record(), { extra: (call) => (call.method === 'DELETE' ? ok(record()) : undefined) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(view.location().pathname).toBe('/assessment'));
    expect(apiRequests.some((r) => r.method === 'DELETE' && r.url === `/api/assessments/${ID}`)).toBe(true);
  });

  it('a library assessment given to the client: invite to it, but no status move, Edit, Copy or Delete', async () => {
    renderAssessment(record({ status: 'ACTIVE', clientId: null, clientName: null }));
    await screen.findByText('Teamwork essentials');
    expect(actions()).toEqual(['Invite candidates']);
  });

  it('who may only look sees no action at all', async () => {
    const viewer = profiles.teamMember('CLIENT_SPECIFIC_ROLE', { ASSESSMENT: ['view'], CANDIDATES: ['view'] });
    renderAssessment(record({ status: 'ACTIVE' }), { profile: viewer });
    await screen.findByText('Teamwork essentials');
    expect(actions()).toEqual([]);
  });
});

describe('the public link', () => {
  it('shows the link with a copy button that puts it on the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = 'http://localhost:8124/take/public/abc123';
    renderAssessment(record({ type: 'PUBLIC_LINK', status: 'ACTIVE', publicLink: link }));
    const field = (await screen.findByLabelText('Link to share')) as HTMLInputElement;
    expect(field.value).toBe(link);
    expect(field.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Link copied');
    // Public Link assessments are not invited to.
    expect(actions()).not.toContain('Invite candidates');
  });
});

describe('the lists', () => {
  const rows = [
    { id: 'a1', name: 'Support hiring', type: 'INVITED', status: 'ACTIVE', clientId: 'c-1', clientName: 'Acme', languages: ['en', 'hi'], testCount: 3, invitationCount: 12, completedCount: 4, createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-03T10:00:00Z', scope: 'mine' },
    { id: 'a2', name: 'Campus drive', type: 'PUBLIC_LINK', status: 'DRAFT', clientId: null, clientName: null, languages: ['en'], testCount: 2, invitationCount: 0, completedCount: 0, createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-02T10:00:00Z', scope: 'library' },
  ];

  it('a client’s own: its scope, no client column, a row opens the assessment’s page', async () => {
    const view = renderResource(<MyAssessments />, { resource: 'assessments', records: { assessments: rows }, profile: profiles.client() });
    await screen.findByText('Support hiring');
    // The test server filters by plain equality: only the row of the scope asked for shows.
    expect(screen.queryByText('Campus drive')).toBeNull();
    expect(await columnHeaders()).toEqual(['Name', 'Type', 'Status', 'Languages', 'Tests', 'Candidates', 'Updated']);
    expect((await tableRows())[0]).toEqual(['Support hiring', 'Invited', 'Active', 'English, Hindi', '3', '4 of 12 completed', expect.stringContaining('2026')]);
    expect(screen.getByRole('link', { name: 'New assessment' }).getAttribute('href')).toBe('/assessment/create-assessment');
    fireEvent.click(screen.getByText('Support hiring'));
    await waitFor(() => expect(view.location().pathname).toBe('/assessment/view-assessment/a1'));
  });

  it('provider staff see the clients’ assessments with a client column', async () => {
    renderResource(<MyAssessments />, { resource: 'assessments', records: { assessments: rows }, profile: profiles.admin() });
    await screen.findByText('Support hiring');
    expect(await columnHeaders()).toEqual(['Name', 'Client', 'Type', 'Status', 'Languages', 'Tests', 'Candidates', 'Updated']);
    expect((await tableRows())[0].slice(0, 2)).toEqual(['Support hiring', 'Acme']);
  });

  it('the library is the provider’s: its staff create there', async () => {
    renderResource(<AssessmentLibrary />, { resource: 'assessments', records: { assessments: rows }, profile: profiles.admin() });
    await screen.findByText('Campus drive');
    expect(screen.getByRole('link', { name: 'New assessment' }).getAttribute('href')).toBe('/new-assessment');
  });

  it('a client opening the library sees the access-denied screen', async () => {
    renderResource(<AssessmentLibrary />, { resource: 'assessments', records: { assessments: rows }, profile: profiles.client() });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(screen.queryByText('Campus drive')).toBeNull();
  });
});
