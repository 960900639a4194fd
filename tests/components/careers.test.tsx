/**
 * Careers pages in the admin app: the job form's screening questions (add, write in English and
 * Hindi, choose how they are answered, reorder, remove, at most five, refused without English), an
 * application on the job's board reached from the jobs list (its source, résumé, answers, and the
 * missing invitation), in English and Hindi, and the client's careers address at /details.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CAREERS_MESSAGES, type ScreeningQuestion } from '../../src/domain/careers';
import DetailsPage from '../../src/resources/clients/DetailsPage';
import JobBoard from '../../src/resources/jobs/JobBoard';
import { EditJob, PostJob } from '../../src/resources/jobs/JobForm';
import JobList from '../../src/resources/jobs/JobList';
import type { Board, BoardCard, JobRow } from '../../src/resources/jobs/api';
import { apiRequests, mockApi, profiles, renderPage, renderResource } from './kit';

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

const submit = () => fireEvent.submit(document.querySelector('form')!);
const textbox = (name: string | RegExp, scope: HTMLElement = document.body) => within(scope).getByRole('textbox', { name }) as HTMLInputElement;
const question = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` });

describe('the job form’s screening questions', () => {
  it('adds, writes, reorders and removes questions, and sends them with the job', async () => {
    const { dataProvider } = renderResource(<PostJob />, { resource: 'jobs', profile: profiles.client(), records: { locations: [], assessments: [] } });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Delivery Partner' } });
    expect(screen.getByText('No screening questions: applicants send their details and résumé only.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(textbox(/^Question in English/, question(1)), { target: { value: 'Do you have a driving licence?' } });
    fireEvent.change(textbox('Question in Hindi (optional)', question(1)), { target: { value: 'क्या आपके पास ड्राइविंग लाइसेंस है?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(textbox(/^Question in English/, question(2)), { target: { value: 'Which areas of Pune do you know?' } });
    fireEvent.mouseDown(within(question(2)).getByRole('combobox', { name: 'Answered with' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'A short text' }));
    fireEvent.click(within(question(2)).getByRole('checkbox', { name: 'An answer is required' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(textbox(/^Question in English/, question(3)), { target: { value: 'To be removed' } });
    // The second goes first, the third goes.
    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 3' }));
    expect(textbox(/^Question in English/, question(1)).value).toBe('Which areas of Pune do you know?');

    submit();
    await waitFor(() => expect(dataProvider.db.jobs).toHaveLength(1), { timeout: 5000 });
    const saved = dataProvider.db.jobs![0]!.screeningQuestions as ScreeningQuestion[];
    expect(saved.map(({ id: _id, ...q }) => q)).toEqual([
      { kind: 'SHORT_TEXT', required: false, text: [{ language: 'en', text: 'Which areas of Pune do you know?' }] },
      {
        kind: 'YES_NO',
        required: true,
        text: [
          { language: 'en', text: 'Do you have a driving licence?' },
          { language: 'hi', text: 'क्या आपके पास ड्राइविंग लाइसेंस है?' },
        ],
      },
    ]);
    expect(new Set(saved.map((q) => q.id)).size).toBe(2);
  });

  it('refuses a question without English, and offers at most five', async () => {
    const { dataProvider } = renderResource(<PostJob />, { resource: 'jobs', profile: profiles.client(), records: { locations: [], assessments: [] } });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Delivery Partner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(textbox('Question in Hindi (optional)', question(1)), { target: { value: 'केवल हिन्दी' } });
    submit();
    expect(await within(question(1)).findByText(CAREERS_MESSAGES.questionText)).toBeTruthy();
    expect(dataProvider.db.jobs ?? []).toHaveLength(0);
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(screen.getAllByRole('listitem', { name: /^Question \d$/ })).toHaveLength(5);
    expect((screen.getByRole('button', { name: 'Add a question' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a job’s questions for editing, in Hindi', async () => {
    const job = {
      id: 'j-1',
      title: 'Delivery Partner',
      descriptionHtml: '',
      employmentType: 'FULL_TIME',
      workMode: 'ON_SITE',
      notice: 'IMMEDIATE',
      experienceMin: 0,
      experienceMax: null,
      locationId: null,
      openings: 1,
      assessmentId: null,
      status: 'OPEN',
      clientId: 'c-1',
      screeningQuestions: [{ id: 'q1', kind: 'YES_NO', required: true, text: [{ language: 'en', text: 'Night shifts?' }, { language: 'hi', text: 'रात की पाली?' }] }],
    };
    renderResource(<EditJob />, { resource: 'jobs', profile: profiles.client(), records: { jobs: [job], locations: [], assessments: [] }, path: '/postJob/j-1', route: '/postJob/:id', locale: 'hi' });
    expect(await screen.findByRole('heading', { name: 'स्क्रीनिंग प्रश्न' })).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'प्रश्न 1' });
    expect(textbox(/^अंग्रेज़ी में प्रश्न/, first).value).toBe('Night shifts?');
    expect(textbox('हिन्दी में प्रश्न (वैकल्पिक)', first).value).toBe('रात की पाली?');
    expect(within(first).getByRole('combobox', { name: 'उत्तर का प्रकार' }).textContent).toBe('हाँ या नहीं');
  });
});

const JOB: JobRow = {
  id: 'j-1',
  title: 'Field Service Engineer',
  employmentType: 'CONTRACT',
  workMode: 'ON_SITE',
  notice: 'DAYS_15',
  experienceMin: 1,
  experienceMax: 4,
  locationId: 'l-1',
  locationName: 'Pune',
  openings: 3,
  assessmentId: 'a-1',
  assessmentName: 'Field skills',
  status: 'OPEN',
  clientId: 'c-1',
  clientName: 'Acme',
  postedAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  closedAt: null,
  candidateCount: 2,
};

const applied: BoardCard = {
  id: 'k-1',
  candidateId: 'c-k-1',
  name: 'Sneha Patil',
  email: 'sneha@example.com',
  invitationId: null,
  invitationStatus: null,
  percent: null,
  band: null,
  stageId: 's-applied',
  position: 0,
  addedAt: '2026-11-20T10:00:00Z',
  movedAt: '2026-11-20T10:00:00Z',
  source: 'CAREERS',
  resumeUrl: '/files/uploads/2026/11/1-abc-resume.pdf',
  invitationNote: 'NO_CREDITS',
  screeningAnswers: [
    { questionId: 'licence', kind: 'YES_NO', answer: 'YES', text: [{ language: 'en', text: 'Do you have a two-wheeler?' }, { language: 'hi', text: 'क्या आपके पास दोपहिया वाहन है?' }] },
    { questionId: 'diploma', kind: 'SHORT_TEXT', answer: 'ITI Electrician', text: [{ language: 'en', text: 'Which trade do you hold?' }] },
  ],
  history: [{ id: 'm-1', fromStage: null, toStage: 'Applied', movedBy: null, movedAt: '2026-11-20T10:00:00Z' }],
};
const added: BoardCard = { ...applied, id: 'k-2', candidateId: 'c-k-2', name: 'Vikram Singh', email: 'vikram@example.com', invitationId: 'i-2', invitationStatus: 'PENDING', source: 'BOARD', resumeUrl: null, invitationNote: null, screeningAnswers: null };
const BOARD: Board = {
  job: { ...JOB, descriptionHtml: '', screeningQuestions: [] },
  stages: [
    { id: 's-applied', name: 'Applied', position: 0 },
    { id: 's-interview', name: 'Interview', position: 1 },
  ],
  cards: [applied, added],
};

/** The jobs list, and the board a row leads to. */
function openBoardFromList(locale: 'en' | 'hi') {
  mockApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/jobs/j-1/board') return ok(BOARD);
    if (method === 'POST' && url === '/api/job-candidates/k-1/invite') return ok({ ...applied, invitationNote: null, invitationId: 'i-1', invitationStatus: 'PENDING' });
    return undefined;
  });
  renderResource(
    <Routes>
      <Route path="/jobs" element={<JobList />} />
      <Route path="/job-candidate/:jobId" element={<JobBoard />} />
    </Routes>,
    { resource: 'jobs', records: { jobs: [JOB] }, profile: profiles.client(), path: '/jobs', locale },
  );
}

describe('an application on the job’s board', () => {
  it('shows where it came from, the résumé, the answers and the missing invitation; a card added on the board shows none', async () => {
    openBoardFromList('en');
    fireEvent.click(await screen.findByText('Field Service Engineer'));
    const column = await screen.findByRole('region', { name: 'Applied' });
    const card = within(column).getByText('Sneha Patil').closest('li')!;
    expect(within(card).getByText('Careers page')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Résumé of Sneha Patil' }).getAttribute('href')).toBe('/files/uploads/2026/11/1-abc-resume.pdf');
    expect(within(card).getByText('No invitation: no credits left')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Screening answers of Sneha Patil' }));
    expect(within(card).getByText('Do you have a two-wheeler?')).toBeTruthy();
    expect(within(card).getByText('Yes')).toBeTruthy();
    expect(within(card).getByText('Which trade do you hold?')).toBeTruthy();
    expect(within(card).getByText('ITI Electrician')).toBeTruthy();

    const other = within(column).getByText('Vikram Singh').closest('li')!;
    expect(within(other).queryByText('Careers page')).toBeNull();
    expect(within(other).queryByRole('link', { name: /Résumé/ })).toBeNull();

    // Once credits are there: the invitation the applicant did not get.
    fireEvent.click(within(card).getByRole('button', { name: 'Invite Sneha Patil to the assessment' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/job-candidates/k-1/invite' }));
  });

  it('reads in Hindi, each question in Hindi where the job wrote it', async () => {
    openBoardFromList('hi');
    fireEvent.click(await screen.findByText('Field Service Engineer'));
    const column = await screen.findByRole('region', { name: 'आवेदन किया' });
    const card = within(column).getByText('Sneha Patil').closest('li')!;
    expect(within(card).getByText('करियर पेज')).toBeTruthy();
    expect(within(card).getByText('कोई आमंत्रण नहीं: क्रेडिट ख़त्म')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Sneha Patil के स्क्रीनिंग उत्तर' }));
    expect(within(card).getByText('क्या आपके पास दोपहिया वाहन है?')).toBeTruthy();
    expect(within(card).getByText('हाँ')).toBeTruthy();
    expect(within(card).getByText('Which trade do you hold?')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Sneha Patil का रिज़्यूमे' })).toBeTruthy();
  });
});

describe('the careers address at /details', () => {
  const company = { id: 'c1', name: 'Acme Industries', slug: 'acme', legalType: null, city: 'Pune', contacts: [], users: [], editable: [], mayEdit: true, logoFileId: null, logoUrl: null, status: 'ACTIVE' };

  it('links to the careers page, sends a new address, and shows a taken one’s refusal beside the field, in Hindi', async () => {
    mockApi(({ method, url }) => {
      if (url === '/api/clients/details' && method === 'GET') return ok(company);
      if (url === '/api/clients/details' && method === 'PUT') return { status: 409, data: { result: 0, msg: CAREERS_MESSAGES.slugTaken, errors: { slug: CAREERS_MESSAGES.slugTaken } } };
      return undefined;
    });
    renderPage(<DetailsPage />, { profile: profiles.client(), path: '/details', locale: 'hi' });
    const link = await screen.findByRole('link', { name: `करियर पेज खोलें: ${window.location.origin}/careers/acme` });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/careers/acme`);
    fireEvent.change(screen.getByRole('textbox', { name: 'करियर पेज का पता' }), { target: { value: 'globex' } });
    fireEvent.click(screen.getByRole('button', { name: 'सहेजें' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'PUT')?.data).toMatchObject({ slug: 'globex' }));
    expect((await screen.findAllByText('यह करियर पता कोई और कंपनी इस्तेमाल कर रही है: कोई दूसरा चुनें।')).length).toBeGreaterThan(0);
  });

  it('checks the address as the server does before sending it', async () => {
    mockApi(({ method, url }) => (url === '/api/clients/details' && method === 'GET' ? ok(company) : undefined));
    renderPage(<DetailsPage />, { profile: profiles.client(), path: '/details' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Careers page address' }), { target: { value: 'Acme Jobs!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CAREERS_MESSAGES.slug)).toBeTruthy();
    expect(apiRequests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
