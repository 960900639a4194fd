/**
 * Participants and attempts: the invitations list (statuses, revoked, the online dot, the level
 * filter sent as `level` and refreshed every 15 s while it shows who is online), what staff can do
 * to an invitation (by its state, each asking first), and the attempt's page (progress, answers,
 * recordings, snapshots, proctoring events and timeline in words).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../src/domain/constants';
import type { InvitationRow, TestResult } from '../../src/resources/invitations/api';
import AssessmentCandidates from '../../src/resources/invitations/AssessmentCandidates';
import AttemptPage from '../../src/resources/invitations/AttemptPage';
import { invitationActions } from '../../src/resources/invitations/InvitationActions';
import InvitationList, { LIVE_REFRESH_MS } from '../../src/resources/invitations/InvitationList';
import { apiRequests, columnHeaders, mockApi, profiles, renderPage, tableRows, type ApiHandler, type Locale } from './kit';

const ASSESSMENT_ID = '00000000-0000-4000-8000-000000000001';
const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

function invitation(id: string, overrides: Partial<InvitationRow> = {}): InvitationRow {
  return {
    id,
    candidateId: `cand-${id}`,
    candidateName: `Candidate ${id}`,
    candidateEmail: `${id}@example.com`,
    assessmentId: ASSESSMENT_ID,
    assessmentName: 'Support hiring',
    assessmentType: 'INVITED',
    clientId: 'c-1',
    entryType: 'INVITE',
    status: 'PENDING',
    language: null,
    invitedAt: '2026-11-20T10:00:00Z',
    mailedAt: '2026-11-20T10:00:01Z',
    openedAt: null,
    startedAt: null,
    completedAt: null,
    expiresAt: '2026-12-04T18:29:59Z',
    revokedAt: null,
    lastSeenAt: null,
    disqualifiedAt: null,
    online: false,
    extraTime: null,
    ...overrides,
  };
}

const ROWS = [
  invitation('i1', { candidateName: 'Kavya Reddy', status: 'IN_PROGRESS', openedAt: '2026-11-21T09:00:00Z', startedAt: '2026-11-21T09:01:00Z', online: true }),
  invitation('i2', { candidateName: 'Nikhil Joshi', revokedAt: '2026-11-21T08:00:00Z', invitedAt: '2026-11-19T10:00:00Z' }),
  invitation('i3', { candidateName: 'Priya Sharma', status: 'COMPLETED', startedAt: '2026-11-18T09:00:00Z', completedAt: '2026-11-18T09:30:00Z', invitedAt: '2026-11-18T08:00:00Z' }),
];

afterEach(() => vi.useRealTimers());

describe('the participants list', () => {
  it('shows each invitation with its status (revoked ones say so) and who is online', async () => {
    renderPage(<InvitationList />, { records: { invitations: ROWS } });
    await screen.findByText('Kavya Reddy');
    expect(await columnHeaders()).toEqual(['Name', 'Email', 'Assessment', 'Status', 'Invited', 'Completed', 'Online']);
    const rows = await tableRows();
    expect(rows.map((r) => [r[0], r[3]])).toEqual([
      ['Kavya Reddy', 'Started'],
      ['Nikhil Joshi', 'Revoked'],
      ['Priya Sharma', 'Completed'],
    ]);
    expect(screen.getAllByRole('img', { name: 'Online now' })).toHaveLength(1);
    expect(screen.getAllByRole('img', { name: 'Not online' })).toHaveLength(2);
  });

  it('a row opens the attempt', async () => {
    const view = renderPage(<InvitationList />, { records: { invitations: ROWS } });
    fireEvent.click(await screen.findByText('Priya Sharma'));
    await waitFor(() => expect(view.location().pathname).toBe('/candidate-details/i3'));
  });

  it('the level filter sends `level`, and Online asks again every 15 s so staff can watch live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const view = renderPage(<InvitationList />, { records: { invitations: ROWS } });
    await screen.findByText('Kavya Reddy');
    const getList = vi.spyOn(view.dataProvider, 'getList');
    const level = screen.getByRole('group', { name: 'Level' });
    expect(within(level).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(level).getByRole('button', { name: 'Online' }));
    await waitFor(() => expect(getList).toHaveBeenCalledWith('invitations', expect.objectContaining({ filter: expect.objectContaining({ level: 'online' }) })));
    expect(await screen.findByText('Showing who is taking an assessment right now; the list updates every 15 seconds.')).toBeTruthy();
    expect(LIVE_REFRESH_MS).toBe(15_000);
    const asked = getList.mock.calls.length;
    await act(async () => {
      vi.advanceTimersByTime(LIVE_REFRESH_MS);
    });
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(asked));
    expect(getList.mock.calls.at(-1)![1].filter).toMatchObject({ level: 'online' });
    // Offline is sent as such; All sends no level at all, and nothing refreshes by itself.
    fireEvent.click(within(level).getByRole('button', { name: 'Offline' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)![1].filter).toMatchObject({ level: 'offline' }));
    fireEvent.click(within(level).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)![1].filter).not.toHaveProperty('level'));
    const still = getList.mock.calls.length;
    await act(async () => {
      vi.advanceTimersByTime(LIVE_REFRESH_MS * 2);
    });
    expect(getList.mock.calls.length).toBe(still);
    expect(screen.queryByText(/the list updates every/)).toBeNull();
  });

  it('speaks Hindi', async () => {
    renderPage(<InvitationList />, { records: { invitations: ROWS }, locale: 'hi' });
    await screen.findByText('Kavya Reddy');
    expect(screen.getByText('वापस लिया गया')).toBeTruthy();
    // Times on the 24-hour clock: Hindi has no Latin am/pm.
    const kavya = (await tableRows()).find((r) => r.includes('Kavya Reddy'))!;
    expect(kavya).toContain('20 नव॰ 2026, 10:00');
    expect(kavya.join(' ')).not.toMatch(/\b(am|pm)\b/i);
    expect(within(screen.getByRole('group', { name: 'स्तर' })).getByRole('button', { name: 'ऑनलाइन' })).toBeTruthy();
  });
});

describe('what staff can do to an invitation', () => {
  it('depends on its state: revoking only before the link is opened, nothing once the attempt is over', () => {
    expect(invitationActions(invitation('a'))).toEqual(['resend', 'revoke', 'expiry', 'extraTime']);
    expect(invitationActions(invitation('a', { openedAt: '2026-11-21T09:00:00Z' }))).toEqual(['resend', 'expiry', 'extraTime']);
    expect(invitationActions(invitation('a', { status: 'IN_PROGRESS', startedAt: '2026-11-21T09:00:00Z' }))).toEqual(['resend', 'expiry', 'extraTime']);
    expect(invitationActions(invitation('a', { status: 'EXPIRED' }))).toEqual(['expiry', 'extraTime']);
    expect(invitationActions(invitation('a', { status: 'EXPIRED', startedAt: '2026-11-21T09:00:00Z' }))).toEqual([]);
    expect(invitationActions(invitation('a', { status: 'COMPLETED' }))).toEqual([]);
    expect(invitationActions(invitation('a', { status: 'DISQUALIFIED' }))).toEqual([]);
    expect(invitationActions(invitation('a', { revokedAt: '2026-11-21T09:00:00Z' }))).toEqual([]);
  });

  /** The candidates of one assessment, over a server that answers the actions; `extra` first. */
  function renderCandidates(extra: ApiHandler = () => undefined, locale: Locale = 'en') {
    mockApi((call) => {
      const own = extra(call);
      if (own) return own;
      if (call.method === 'GET' && call.url === `/api/assessments/${ASSESSMENT_ID}`) return ok({ id: ASSESSMENT_ID, name: 'Support hiring', type: 'INVITED', status: 'ACTIVE' });
      if (call.method !== 'GET' && call.url.startsWith('/api/invitations/')) return ok({ ...ROWS[0] });
      return undefined;
    });
    return renderPage(
      <>
        <Routes>
          <Route path="/viewcandidatelist/:id" element={<AssessmentCandidates />} />
        </Routes>
        <Notification />
      </>,
      { path: `/viewcandidatelist/${ASSESSMENT_ID}`, records: { invitations: [...ROWS, invitation('i4', { candidateName: 'Sneha Patil' })] }, locale },
    );
  }

  const menuOf = async (name: string) => {
    fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
    const menu = await screen.findByRole('menu');
    return within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
  };

  it('pages by one of the offered page sizes: the rows-per-page select shows it', async () => {
    renderCandidates();
    await screen.findByText('Sneha Patil');
    const select = screen.getByRole('combobox', { name: /Rows per page/ });
    expect(select.textContent).toBe(String(DEFAULT_PAGE_SIZE));
    fireEvent.mouseDown(select);
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => Number(o.textContent));
    expect(offered).toEqual([...PAGE_SIZES]);
  });

  it('each row offers what its state allows, and an attempt that is over offers nothing', async () => {
    renderCandidates();
    expect(await menuOf('Sneha Patil')).toEqual(['Send again', 'Revoke', 'Extend the expiry', 'Extra time']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(await menuOf('Kavya Reddy')).toEqual(['Send again', 'Extend the expiry', 'Extra time']);
    expect(screen.queryByRole('button', { name: 'Actions for Priya Sharma' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Nikhil Joshi' })).toBeNull();
  });

  it('Send again warns that the old link stops working, and says what the server answered', async () => {
    renderCandidates((call) =>
      call.method === 'POST' && call.url === '/api/invitations/i4/resend' ? ok({ ...invitation('i4'), message: 'A new link was sent. The previous link no longer works.' }) : undefined,
    );
    await menuOf('Sneha Patil');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Send again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send again' });
    expect(within(dialog).getByText(/the link sent before stops working/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('A new link was sent. The previous link no longer works.')).toBeTruthy();
    expect(apiRequests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/invitations/i4/resend']);
  });

  it('a revoke the server refuses shows its reason in the dialog', async () => {
    renderCandidates((call) =>
      call.url === '/api/invitations/i4/revoke' ? { status: 409, data: { result: 0, msg: 'This invitation has been opened, so it can no longer be revoked.' } } : undefined,
    );
    await menuOf('Sneha Patil');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'This invitation has been opened, so it can no longer be revoked.');
  });

  it('extra time is checked with the shared schema before it is sent', async () => {
    renderCandidates();
    await menuOf('Kavya Reddy');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Extra time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extra time' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Percentage' }));
    fireEvent.change(within(dialog).getByLabelText('Extra time (%)'), { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extra time' }));
    expect(await within(dialog).findByText('Extra time can be at most 200 percent')).toBeTruthy();
    expect(apiRequests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Extra time (%)'), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extra time' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'PUT')?.data).toEqual({ extraTime: { percent: 25 } }));
    expect(apiRequests.find((r) => r.method === 'PUT')!.url).toBe('/api/invitations/i1/extra-time');
  });

  it('a new expiry must be in the future', async () => {
    renderCandidates();
    await menuOf('Sneha Patil');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Extend the expiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend the expiry' });
    const field = within(dialog).getByLabelText('New expiry') as HTMLInputElement;
    // A week past the current expiry (or today) to start with.
    expect(field.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    fireEvent.change(field, { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend the expiry' }));
    expect(await within(dialog).findByText('The expiry must be in the future.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '2099-01-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend the expiry' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'PUT')?.data).toEqual({ expiresAt: new Date('2099-01-01T10:00').toISOString() }));
  });
});

describe('the attempt’s page', () => {
  const result: TestResult = {
    invitation: invitation('i1', {
      status: 'IN_PROGRESS',
      language: 'hi',
      openedAt: '2026-11-21T09:00:00Z',
      startedAt: '2026-11-21T09:01:00Z',
      extraTime: { percent: 25 },
      online: true,
    }),
    candidate: { id: 'cand-i1', name: 'Kavya Reddy', email: 'kavya@example.com', phone: '+91 98765 43210' },
    assessment: { id: ASSESSMENT_ID, name: 'Support hiring', type: 'INVITED' },
    parts: [
      { partId: 'qualifying', kind: 'QUALIFYING', title: null, questionCount: 1, answeredCount: 1, durationSeconds: null, startedAt: '2026-11-21T09:01:00Z', deadline: null, finishedAt: '2026-11-21T09:02:00Z' },
      { partId: 'test:t1', kind: 'TEST', title: 'Numerical reasoning', questionCount: 4, answeredCount: 2, durationSeconds: 900, startedAt: '2026-11-21T09:02:00Z', deadline: '2026-11-21T09:20:45Z', finishedAt: null },
      { partId: 'custom', kind: 'CUSTOM', title: null, questionCount: 0, answeredCount: 0, durationSeconds: null, startedAt: null, deadline: null, finishedAt: null },
      { partId: 'video', kind: 'VIDEO', title: null, questionCount: 1, answeredCount: 1, durationSeconds: null, startedAt: null, deadline: null, finishedAt: null },
    ],
    answers: [
      { questionId: 'q1', partId: 'qualifying', title: 'Weekend shifts', questionType: 'SINGLE_CHOICE', answer: { answerIndexes: [1] }, savedAt: '2026-11-21T09:01:30Z' },
      { questionId: 'q2', partId: 'test:t1', title: 'Order the fractions', questionType: 'SORTING_ORDER', answer: { answerIndexes: [2, 0, 1] }, savedAt: '2026-11-21T09:03:00Z' },
      { questionId: 'q3', partId: 'test:t1', title: 'Sum two numbers', questionType: 'CODING', answer: { languageId: 70, source: 'print(1 + 2)' }, savedAt: '2026-11-21T09:05:00Z' },
      { questionId: 'v1', partId: 'video', title: 'Introduce yourself', questionType: 'VIDEO', answer: { objectKey: 'uploads/2026/11/v1.webm' }, savedAt: '2026-11-21T09:10:00Z' },
    ],
    media: [
      { id: 'm1', kind: 'VIDEO_ANSWER', questionId: 'v1', contentType: 'video/webm', durationMs: null, takenAt: '2026-11-21T09:09:00Z', uploadedAt: '2026-11-21T09:10:00Z', url: '/files/uploads/2026/11/v1.webm?sig=x' },
      { id: 'm2', kind: 'SNAPSHOT', questionId: null, contentType: 'image/jpeg', durationMs: null, takenAt: '2026-11-21T09:04:00Z', uploadedAt: '2026-11-21T09:04:01Z', url: '/files/uploads/2026/11/s1.jpg?sig=y' },
      { id: 'm3', kind: 'SNAPSHOT', questionId: null, contentType: 'image/jpeg', durationMs: null, takenAt: '2026-11-21T09:05:00Z', uploadedAt: null, url: null },
    ],
    events: [
      { type: 'TAB_HIDDEN', occurredAt: '2026-11-21T09:06:00Z', partId: 'test:t1', questionId: 'q3', detail: null },
      { type: 'SOMETHING_NEW', occurredAt: '2026-11-21T09:07:00Z', partId: null, questionId: null, detail: null },
    ],
    timeline: [
      { at: '2026-11-20T10:00:00Z', what: 'INVITED' },
      { at: '2026-11-21T09:02:00Z', what: 'PART_STARTED', partId: 'test:t1' },
      { at: '2026-11-21T09:01:00Z', what: 'STARTED' },
    ],
  };

  function renderAttempt(locale: Locale = 'en') {
    mockApi((call) => (call.method === 'GET' && call.url === '/api/test-result/i1' ? ok(result) : undefined));
    return renderPage(
      <Routes>
        <Route path="/candidate-details/:id" element={<AttemptPage />} />
      </Routes>,
      { path: '/candidate-details/i1', locale, profile: profiles.client() },
    );
  }

  it('shows who, where they are, what they answered, their recordings and snapshots, and the events and timeline in words', async () => {
    renderAttempt();
    await screen.findByText('Kavya Reddy');
    expect(screen.getByText('Everything the candidate has done so far, as it happened; the scores are on the Report tab.')).toBeTruthy();
    expect(screen.getByText('25% more time')).toBeTruthy();
    // Parts with questions, each with its progress; the empty custom part is left out.
    const progress = screen.getByRole('region', { name: 'Progress' });
    expect(within(progress).getAllByRole('progressbar').map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['Qualifying questions: 1 of 1 answered', '100'],
      ['Numerical reasoning: 2 of 4 answered', '50'],
      ['Video questions: 1 of 1 answered', '100'],
    ]);
    expect(within(progress).getByText(/In progress · 2 of 4 answered · 15 minutes/)).toBeTruthy();
    const answers = screen.getByRole('region', { name: 'Answers so far' });
    expect(within(answers).getByText('Answer 2')).toBeTruthy();
    expect(within(answers).getByText('Answer 3, Answer 1, Answer 2')).toBeTruthy();
    expect(within(answers).getByText(/^Python:\s+print\(1 \+ 2\)$/)).toBeTruthy();
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/files/uploads/2026/11/v1.webm?sig=x');
    expect(video.hasAttribute('controls')).toBe(true);
    const snapshots = within(screen.getByRole('region', { name: 'Snapshots' }));
    expect(snapshots.getAllByRole('img')).toHaveLength(1);
    expect(snapshots.getByText('Not uploaded yet.')).toBeTruthy();
    const events = within(screen.getByRole('region', { name: 'Proctoring events' }));
    expect(events.getByText('Left the tab · Numerical reasoning')).toBeTruthy();
    // An event this screen does not know is shown by its code rather than hidden.
    expect(events.getByText('SOMETHING_NEW')).toBeTruthy();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Invited', 'Assessment started', 'Part started · Numerical reasoning']);
  });

  it('speaks Hindi', async () => {
    renderAttempt('hi');
    await screen.findByText('Kavya Reddy');
    expect(screen.getByRole('region', { name: 'प्रगति' })).toBeTruthy();
    expect(screen.getByText('टैब छोड़ा · Numerical reasoning')).toBeTruthy();
    expect(screen.getByText('उत्तर 2')).toBeTruthy();
  });
});
