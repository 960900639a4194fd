/**
 * Jobs and hiring stages on screen: the jobs list with the specification's filters (and in
 * Hindi), the post-job form (its rules, the payload the API takes), the board (columns, scores, a
 * keyboard move with dnd-kit's sensor and one through the card's "Move to…" menu, the list view
 * sorted by score, history),
 * and the stages manager (reorder, add, a refused delete explained).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import JobBoard from '../../src/resources/jobs/JobBoard';
import { PostJob } from '../../src/resources/jobs/JobForm';
import HiringStages from '../../src/resources/jobs/HiringStages';
import JobList from '../../src/resources/jobs/JobList';
import type { Board, JobRow, StageRow } from '../../src/resources/jobs/api';
import { apiRequests, columnHeaders, grants, makeProfile, mockApi, profiles, renderPage, renderResource, tableRows } from './kit';

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

function jobRow(id: string, title: string, overrides: Partial<JobRow> = {}): JobRow {
  return {
    id,
    title,
    employmentType: 'FULL_TIME',
    workMode: 'HYBRID',
    notice: 'MONTH_1',
    experienceMin: 2,
    experienceMax: 5,
    locationId: 'l-1',
    locationName: 'Bengaluru',
    openings: 2,
    assessmentId: 'a-1',
    assessmentName: 'Support hiring',
    status: 'OPEN',
    clientId: 'c-1',
    clientName: 'Acme',
    postedAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    closedAt: null,
    candidateCount: 3,
    ...overrides,
  };
}

const JOBS = [
  jobRow('j-1', 'Backend Engineer'),
  jobRow('j-2', 'Field Service Engineer', { employmentType: 'CONTRACT', workMode: 'ON_SITE', notice: 'DAYS_15', experienceMin: 9, experienceMax: null, status: 'CLOSED', candidateCount: 0 }),
];

const recruiter = () => makeProfile({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', clientId: 'c-1', permissions: grants({ CAMPAIGN: ['view'], CANDIDATES: ['view', 'create', 'edit'] }) });

async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('the jobs list', () => {
  it('shows each job’s kinds, experience and status, and filters by employment type', async () => {
    renderResource(<JobList />, { resource: 'jobs', records: { jobs: JOBS }, profile: profiles.client() });
    expect(await screen.findByText('Backend Engineer')).toBeTruthy();
    expect(await columnHeaders()).toEqual(expect.arrayContaining(['Title', 'Employment type', 'Work mode', 'Notice period', 'Experience', 'Location', 'Assessment', 'Candidates', 'Status']));
    const rows = await tableRows();
    expect(rows.find((r) => r.includes('Backend Engineer'))).toEqual(expect.arrayContaining(['Full-time', 'Hybrid', '1 Month', '2–5 years', 'Bengaluru', '1 Nov 2026', 'Open']));
    expect(rows.find((r) => r.includes('Field Service Engineer'))).toEqual(expect.arrayContaining(['Contract', 'On-site', '15 Days', '9+ years', 'Closed']));
    expect(screen.getByRole('link', { name: /Post a job/ })).toBeTruthy();

    await choose(/Employment type/, 'Contract');
    await waitFor(() => expect(screen.queryByText('Backend Engineer')).toBeNull());
    expect(screen.getByText('Field Service Engineer')).toBeTruthy();
  });

  it('reads experience ranges naturally, in the list and on the job’s summary it opens, in English and Hindi', async () => {
    const ranges = [
      jobRow('j-3', 'Support Associate', { experienceMin: 0, experienceMax: 2 }),
      jobRow('j-4', 'Data Engineer', { experienceMin: 2, experienceMax: 9 }),
      jobRow('j-5', 'Plant Head', { experienceMin: 9, experienceMax: 9 }),
      jobRow('j-6', 'Graduate Trainee', { experienceMin: 0, experienceMax: 0 }),
      jobRow('j-7', 'Driver', { experienceMin: 1, experienceMax: 1 }),
      jobRow('j-8', 'Helper', { experienceMin: 0, experienceMax: null }),
    ];
    const expected = {
      en: { 'Support Associate': 'up to 2 years', 'Data Engineer': '2–9 years', 'Plant Head': '9+ years', 'Graduate Trainee': 'Fresher', Driver: '1 year', Helper: 'Any experience' },
      hi: { 'Support Associate': '2 वर्ष तक', 'Data Engineer': '2–9 वर्ष', 'Plant Head': '9+ वर्ष', 'Graduate Trainee': 'फ्रेशर', Driver: '1 वर्ष', Helper: 'कोई भी अनुभव' },
    };
    for (const locale of ['en', 'hi'] as const) {
      mockApi(({ method, url }) => (method === 'GET' && url === '/api/jobs/j-4/board' ? ok({ ...BOARD, job: { ...BOARD.job, ...ranges[1], descriptionHtml: '' } }) : undefined));
      const view = renderPage(
        <Routes>
          <Route path="/jobs" element={<JobList />} />
          <Route path="/job-candidate/:jobId" element={<JobBoard />} />
        </Routes>,
        { path: '/jobs', records: { jobs: ranges }, profile: profiles.client(), locale },
      );
      await screen.findByText('Data Engineer');
      const rows = await tableRows();
      for (const [title, text] of Object.entries(expected[locale])) expect(rows.find((r) => r.includes(title))).toContain(text);
      expect(rows.flat().join(' ')).not.toMatch(/\d–9\+/);
      fireEvent.click(screen.getByText('Data Engineer'));
      const summary = await screen.findByText(new RegExp(`· ${expected[locale]['Data Engineer']} ·`));
      expect(summary.textContent).not.toContain('9+');
      view.unmount();
    }
  });

  it('offers no "Post a job" to a recruiter who may only view jobs', async () => {
    renderResource(<JobList />, { resource: 'jobs', records: { jobs: JOBS }, profile: recruiter() });
    expect(await screen.findByText('Backend Engineer')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Post a job/ })).toBeNull();
  });

  it('reads in Hindi', async () => {
    renderResource(<JobList />, { resource: 'jobs', records: { jobs: JOBS }, profile: profiles.client(), locale: 'hi' });
    expect(await screen.findByText('Backend Engineer')).toBeTruthy();
    expect(screen.getAllByText('पूर्णकालिक').length).toBeGreaterThan(0);
    expect(screen.getAllByText('2–5 वर्ष').length).toBeGreaterThan(0);
  });
});

describe('the post-job form', () => {
  it('refuses a most experience below the least, then sends only the fields the API takes', async () => {
    const { dataProvider } = renderResource(<PostJob />, { resource: 'jobs', profile: profiles.client(), records: { locations: [{ id: 'l-1', name: 'Bengaluru' }], assessments: [] } });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Data Analyst' } });
    await choose(/Least experience/, '4');
    await choose(/Most experience/, '2');
    // Submitted as the Save button does (a click on it does not reach jsdom's form submission here).
    fireEvent.submit(document.querySelector('form')!);
    expect(await screen.findByText('The most experience cannot be less than the least.')).toBeTruthy();
    expect(dataProvider.db.jobs ?? []).toHaveLength(0);

    await choose(/Most experience/, '6');
    await choose(/Employment type/, 'Contract');
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(dataProvider.db.jobs).toHaveLength(1), { timeout: 5000 });
    const saved = dataProvider.db.jobs![0]!;
    expect(saved).toMatchObject({ title: 'Data Analyst', employmentType: 'CONTRACT', experienceMin: 4, experienceMax: 6, status: 'OPEN', openings: 1 });
  });
});

const STAGES = [
  { id: 's-applied', name: 'Applied', position: 0 },
  { id: 's-assess', name: 'Assessment', position: 1 },
  { id: 's-interview', name: 'Interview', position: 2 },
];

function card(id: string, name: string, stageId: string, percent: number | null, overrides: Partial<Board['cards'][number]> = {}): Board['cards'][number] {
  return {
    id,
    candidateId: `c-${id}`,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    invitationId: `i-${id}`,
    invitationStatus: percent === null ? 'PENDING' : 'COMPLETED',
    percent,
    band: percent === null ? null : percent >= 75 ? 'MODERATE_HIGH' : 'MODERATE',
    stageId,
    position: 0,
    addedAt: '2026-11-01T10:00:00Z',
    movedAt: '2026-11-05T10:00:00Z',
    source: 'BOARD',
    screeningAnswers: null,
    resumeUrl: null,
    invitationNote: null,
    history: [{ id: `m-${id}`, fromStage: null, toStage: 'Applied', movedBy: 'Riya Recruiter', movedAt: '2026-11-01T10:00:00Z' }],
    ...overrides,
  };
}

const BOARD: Board = {
  job: { ...jobRow('j-1', 'Backend Engineer'), descriptionHtml: '<p>APIs</p>', screeningQuestions: [] },
  stages: STAGES,
  cards: [card('k-1', 'Kavya Iyer', 's-applied', 80), card('k-2', 'Sanjay Das', 's-applied', null, { position: 1 }), card('k-3', 'Meena Pillai', 's-assess', 55)],
};

function boardApi(board: Board = BOARD) {
  mockApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/jobs/j-1/board') return ok(board);
    if (method === 'POST' && url.endsWith('/move')) return ok({});
    return undefined;
  });
}

describe('the board', () => {
  it('shows one column per stage, each card with its score and band, and the instructions for moving by keyboard', async () => {
    boardApi();
    renderPage(<JobBoard />, { profile: recruiter(), path: '/job-candidate/j-1', route: '/job-candidate/:jobId' });
    const applied = await screen.findByRole('region', { name: 'Applied' });
    expect(within(applied).getByText('Kavya Iyer')).toBeTruthy();
    expect(within(applied).getByText('80%')).toBeTruthy();
    expect(within(applied).getByText('Moderate-High')).toBeTruthy();
    expect(within(applied).getByText('Not Started')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Interview' })).getByText('No candidates here')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Kavya Iyer' })).toBeTruthy();
    expect(await screen.findByText(/press Space or Enter to pick the card up/)).toBeTruthy();
  });

  it('reads the default stages in Hindi, and a stage the client renamed as written', async () => {
    const renamed = { id: 's-panel', name: 'Panel Round', position: 3 };
    boardApi({ ...BOARD, stages: [...STAGES, renamed], cards: [...BOARD.cards, card('k-4', 'Ravi Menon', 's-panel', 70)] });
    renderPage(<JobBoard />, { profile: recruiter(), path: '/job-candidate/j-1', route: '/job-candidate/:jobId', locale: 'hi' });
    expect(within(await screen.findByRole('region', { name: 'आवेदन किया' })).getByText('Kavya Iyer')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'इंटरव्यू' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Panel Round' })).getByText('Ravi Menon')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Applied' })).toBeNull();
  });

  it('moves a card by keyboard through its "Move to…" menu, and the move is sent', async () => {
    boardApi();
    renderPage(
      <>
        <JobBoard />
        <Notification />
      </>,
      { profile: recruiter(), path: '/job-candidate/j-1', route: '/job-candidate/:jobId' },
    );
    const menuButton = await screen.findByRole('button', { name: 'Move Kavya Iyer to…' });
    menuButton.focus();
    fireEvent.keyDown(menuButton, { key: 'Enter' });
    fireEvent.click(menuButton);
    const menu = await screen.findByRole('menu');
    const target = within(menu).getByRole('menuitem', { name: 'Move to Interview' });
    fireEvent.keyDown(target, { key: 'Enter' });
    fireEvent.click(target);
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'POST')).toMatchObject({ method: 'POST', url: '/api/job-candidates/k-1/move', data: { stageId: 's-interview' } }));
    expect(await screen.findByText('Kavya Iyer moved to Interview')).toBeTruthy();
  });

  it('moves a card to the next stage with dnd-kit’s keyboard sensor (Space, arrow, Space), announced', async () => {
    boardApi();
    // jsdom lays nothing out: each column stands 300 px right of the one before, each card 100 px below the one above.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const columns = Array.from(document.querySelectorAll('section'));
      const column = this.closest('section');
      const x = Math.max(0, columns.indexOf(column as HTMLElement)) * 300;
      const card = this.closest('li');
      const y = card ? Array.from(card.parentElement!.children).indexOf(card) * 100 + 60 : 40;
      const height = card ? 90 : 600;
      return { x, y, left: x, top: y, width: 260, height, right: x + 260, bottom: y + height, toJSON: () => ({}) } as DOMRect;
    });
    try {
      renderPage(<JobBoard />, { profile: recruiter(), path: '/job-candidate/j-1', route: '/job-candidate/:jobId' });
      const handle = await screen.findByRole('button', { name: 'Move Kavya Iyer' });
      handle.focus();
      fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
      // Picked up, and at once over its own place: the live region says where it is.
      await screen.findByText('Kavya Iyer is over Applied, place 1.');
      fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight' });
      await screen.findByText(/^Kavya Iyer is over Assessment/);
      fireEvent.keyDown(document, { key: ' ', code: 'Space' });
      await waitFor(() => expect(apiRequests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/job-candidates/k-1/move', data: { stageId: 's-assess' } }));
    } finally {
      rect.mockRestore();
    }
  });

  it('drops a card on an empty column 80 px below its header into that column, not the neighbour (the whole column is the target)', async () => {
    boardApi();
    // A laid-out board: columns 260 px wide, 12 px apart, as tall as the tallest (900 px); the header takes the top 56 px.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const columns = Array.from(document.querySelectorAll('section'));
      const column = this.closest('section');
      const x = Math.max(0, columns.indexOf(column as HTMLElement)) * 272;
      const card = this.closest('li');
      const [y, height] = card ? [Array.from(card.parentElement!.children).indexOf(card) * 100 + 60, 90] : this.tagName === 'UL' ? [56, 844] : [0, 900];
      return { x, y, left: x, top: y, width: 260, height, right: x + 260, bottom: y + height, toJSON: () => ({}) } as DOMRect;
    });
    try {
      renderPage(<JobBoard />, { profile: recruiter(), path: '/job-candidate/j-1', route: '/job-candidate/:jobId' });
      const handle = await screen.findByRole('button', { name: 'Move Kavya Iyer' });
      // Picked up in Applied (x 0), carried over Interview's empty body (x 544), 80 px below its header;
      // Assessment, between them, has a card at that height.
      fireEvent.pointerDown(handle, { isPrimary: true, button: 0, clientX: 20, clientY: 80 });
      fireEvent.pointerMove(document, { isPrimary: true, clientX: 30, clientY: 84 });
      fireEvent.pointerMove(document, { isPrimary: true, clientX: 300, clientY: 120 });
      fireEvent.pointerMove(document, { isPrimary: true, clientX: 564, clientY: 136 });
      fireEvent.pointerUp(document, { isPrimary: true, clientX: 564, clientY: 136 });
      await waitFor(() => expect(apiRequests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/job-candidates/k-1/move', data: { stageId: 's-interview' } }));
    } finally {
      rect.mockRestore();
    }
  });

  it('shows the same candidates as a list sorted by score, and a card’s history', async () => {
    boardApi();
    renderPage(<JobBoard />, { profile: recruiter(), path: '/job-candidate/j-1', route: '/job-candidate/:jobId' });
    fireEvent.click(await screen.findByRole('button', { name: 'History of Kavya Iyer' }));
    expect(await screen.findByText('Added to Applied')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    const table = await screen.findByRole('table', { name: 'Candidates of this job' });
    // The first cell holds the name, then the email: best score first, the unscored last.
    const names = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.querySelector('p')?.textContent);
    expect(names).toEqual(['Kavya Iyer', 'Meena Pillai', 'Sanjay Das']);
  });

  it('hides moving from someone who may only view candidates', async () => {
    boardApi();
    const viewer = makeProfile({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', clientId: 'c-1', permissions: grants({ CAMPAIGN: ['view'], CANDIDATES: ['view'] }) });
    renderPage(<JobBoard />, { profile: viewer, path: '/job-candidate/j-1', route: '/job-candidate/:jobId' });
    expect(await screen.findByText('Kavya Iyer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move Kavya Iyer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move Kavya Iyer to…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add candidates' })).toBeNull();
  });
});

describe('the stages manager', () => {
  const rows: StageRow[] = STAGES.map((s, i) => ({ ...s, clientId: 'c-1', candidateCount: i === 1 ? 2 : 0 }));
  function stagesApi() {
    mockApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/candidates/hiring-stages') return ok(rows);
      if (method === 'PUT' && url === '/api/candidates/hiring-stages/reorder') return ok(rows);
      if (method === 'POST' && url === '/api/candidates/hiring-stages') return ok({ id: 's-new', name: 'Offer', position: 3, clientId: 'c-1', candidateCount: 0 });
      if (method === 'DELETE' && url === '/api/candidates/hiring-stages/s-assess') return { status: 409, data: { result: 0, msg: 'Move the candidates out of this stage before removing it.' } };
      return undefined;
    });
  }

  it('reorders with the up button, adds a stage, and explains a refused delete in Hindi', async () => {
    stagesApi();
    renderPage(
      <>
        <HiringStages />
        <Notification />
      </>,
      { profile: profiles.client(), locale: 'hi' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'इंटरव्यू को ऊपर ले जाएँ' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'PUT')?.data).toEqual({ ids: ['s-applied', 's-interview', 's-assess'] }));

    fireEvent.change(screen.getByRole('textbox', { name: 'नया चरण' }), { target: { value: 'Offer' } });
    fireEvent.click(screen.getByRole('button', { name: 'चरण जोड़ें' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'POST')?.data).toEqual({ name: 'Offer' }));

    fireEvent.click(screen.getByRole('button', { name: 'मूल्यांकन हटाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'चरण “मूल्यांकन” हटाएँ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'चरण हटाएँ' }));
    expect(await screen.findByText('इस चरण को हटाने से पहले इसके उम्मीदवारों को दूसरे चरण में ले जाएँ।')).toBeTruthy();
  });

  it('asks before removing a stage, naming it: Cancel keeps it, Remove stage sends the delete', async () => {
    mockApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/candidates/hiring-stages') return ok(rows);
      if (method === 'DELETE' && url === '/api/candidates/hiring-stages/s-interview') return ok({});
      return undefined;
    });
    renderPage(
      <>
        <HiringStages />
        <Notification />
      </>,
      { profile: profiles.client() },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Interview' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove the stage “Interview”?' });
    expect(within(dialog).getByText(/removed from every job of this client/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiRequests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Interview' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the stage “Interview”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove stage' }));
    await waitFor(() => expect(apiRequests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/candidates/hiring-stages/s-interview']));
    expect(await screen.findByText('Stage Interview removed')).toBeTruthy();
  });

  it('asks provider staff for the client first', async () => {
    mockApi(({ url }) => (url === '/api/clients/dropdown' ? ok([{ _id: 'c-1', label: 'Acme' }]) : undefined));
    renderPage(<HiringStages />, { profile: profiles.admin() });
    expect(await screen.findByText('Choose a client to see its hiring stages.')).toBeTruthy();
  });
});
