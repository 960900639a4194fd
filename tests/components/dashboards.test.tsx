/**
 * The dashboards (issue 11) from mocked answers: the provider's figures and the client's, each a
 * link to the list behind it with the period's filter, the sections a staff member may not view
 * left out, empty states that say what to do, the period filter, Hindi, and the areas for those
 * with no figures to see.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Dashboard from '../../src/custom/dashboard/Dashboard';
import { presetRange, type AdminDashboard, type AssessmentFigure, type ClientDashboard, type IndustryFigure } from '../../src/domain/dashboards';
import { apiRequests, makeProfile, mockApi, profiles, renderPage, grants } from './kit';

const range = presetRange('LAST_12_MONTHS');
const months = [
  { month: '2026-09', invited: 10, completed: 6, orders: 2, revenuePaise: 11_800_000 },
  { month: '2026-10', invited: 32, completed: 30, orders: 1, revenuePaise: 0 },
];

const admin: AdminDashboard = {
  range,
  clients: {
    total: 12,
    active: 10,
    newInRange: 3,
    byIndustry: [
      { id: 'ind-1', name: 'Banking', count: 7 },
      { id: null, name: null, count: 5 },
    ],
    byZone: [{ id: 'SOUTH', name: 'SOUTH', count: 12 }],
  },
  licences: { granted: 500, spent: 42, remaining: 380 },
  orders: {
    byState: [
      { status: 'PENDING', count: 2, totalPaise: 5_900_000 },
      { status: 'PAID', count: 3, totalPaise: 11_800_000 },
      { status: 'CANCELLED', count: 0, totalPaise: 0 },
      { status: 'REFUNDED', count: 0, totalPaise: 0 },
    ],
    paidPaise: 11_800_000,
    pendingPaise: 5_900_000,
  },
  questions: { byStatus: { CREATED: 4, APPROVED: 2, REJECTED: 1, DRAFTED: 3, PUBLISHED: 90 }, total: 100 },
  invitations: { total: 42, PENDING: 5, IN_PROGRESS: 1, COMPLETED: 36, EXPIRED: 0, DISQUALIFIED: 0 },
  months,
};
const industries: IndustryFigure[] = [{ id: 'ind-1', name: 'Banking', clients: 7, invited: 40, completed: 35, paidPaise: 11_800_000 }];

const client: ClientDashboard = {
  range,
  clientId: 'c-1',
  assessmentId: null,
  assessments: { total: 4, active: 3 },
  invitations: { total: 20, PENDING: 4, IN_PROGRESS: 2, COMPLETED: 12, EXPIRED: 2, DISQUALIFIED: 0 },
  completionRate: 60,
  skills: [{ id: 'sk-1', name: 'Problem Solving', translations: [{ language: 'hi', name: 'समस्या समाधान', description: null }], scored: 12, averagePercent: 72.5, band: 'MODERATE' }],
  licences: { credits: 100, used: 95, remaining: 5, lowThreshold: 10, low: true, validCount: 2 },
  stages: [
    { id: 'st-1', name: 'Applied', position: 0, candidates: 6 },
    { id: 'st-2', name: 'Interview', position: 1, candidates: 2 },
  ],
  openJobs: 2,
  months: months.map(({ month, invited, completed }) => ({ month, invited, completed })),
};
const perAssessment: AssessmentFigure[] = [{ id: 'as-1', name: 'Sales Aptitude', invited: 20, started: 14, completed: 12, expired: 2, averagePercent: 64.2 }];

function serve(answers: Record<string, unknown>) {
  mockApi(({ path }) => (path in answers ? { status: 200, data: { result: 1, data: answers[path] } } : undefined));
}

/** The filter a link carries, decoded. */
function filterOf(link: HTMLElement): Record<string, unknown> {
  const href = link.getAttribute('href')!;
  const search = new URLSearchParams(href.split('?')[1] ?? '');
  return JSON.parse(search.get('filter') ?? '{}');
}
const linkNamed = (name: RegExp) => screen.getByRole('link', { name });

describe('the provider dashboard', () => {
  it('shows each figure as a link to its list, with the period in the filter', async () => {
    serve({ '/api/dashboard/admin': admin, '/api/dashboard/admin/industries': industries });
    renderPage(<Dashboard />, { profile: profiles.admin() });
    const completed = await screen.findByRole('link', { name: /^Completed: 36\. Open the list$/ });
    expect(completed.getAttribute('href')!.startsWith('/candidate?')).toBe(true);
    expect(filterOf(completed)).toMatchObject({ status: 'COMPLETED' });
    expect(new Date(filterOf(completed).invitedAt_gte as string).toISOString()).toBe(new Date(`${range.from}T00:00:00+05:30`).toISOString());
    expect(filterOf(linkNamed(/^Not started: 5\./))).toMatchObject({ status: 'PENDING' });
    const paidOrders = linkNamed(/^Paid: 3\./);
    expect(paidOrders.getAttribute('href')!.startsWith('/orders?')).toBe(true);
    expect(filterOf(paidOrders)).toMatchObject({ status: 'PAID' });
    expect(linkNamed(/^Received: ₹1,18,000\./)).toBeTruthy();
    expect(linkNamed(/^Credits left today: 380\./).getAttribute('href')).toBe('/clientLicence');
    expect(filterOf(linkNamed(/^Active: 10\./))).toEqual({ status: 'ACTIVE' });
    expect(filterOf(linkNamed(/^Banking: 7\./))).toEqual({ industryId: 'ind-1' });
    expect(filterOf(linkNamed(/^South: 12\./))).toEqual({ zone: 'SOUTH' });
    expect(filterOf(linkNamed(/^Published: 90\./))).toEqual({ status: 'PUBLISHED' });
    expect(screen.getByText('None given')).toBeTruthy();
    const table = within(await screen.findByRole('region', { name: 'By industry' })).getByRole('table');
    expect(within(table).getByText('Banking')).toBeTruthy();
    expect(within(table).getByText('₹1,18,000')).toBeTruthy();
    expect(screen.queryByText('Your areas')).toBeNull();
  });

  it('leaves out the sections the server left out, and says what to do when nothing was counted', async () => {
    serve({
      '/api/dashboard/admin': { ...admin, clients: null, questions: null, licences: null, invitations: { ...admin.invitations!, total: 0, PENDING: 0, COMPLETED: 0, IN_PROGRESS: 0 } },
    });
    renderPage(<Dashboard />, { profile: profiles.teamMember('SKILLGAUGE_TEAM', { DASHBOARD: ['view'], ORDERS: ['view'], CANDIDATES: ['view'] }) });
    expect(await screen.findByText('No candidates were invited in this period. Choose a longer period.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orders and revenue' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Clients' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Question bank' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Licences' })).toBeNull();
  });

  it('follows the period: a preset, then custom days, checked for order', async () => {
    serve({ '/api/dashboard/admin': admin, '/api/dashboard/admin/industries': industries });
    renderPage(<Dashboard />, { profile: profiles.admin() });
    await screen.findByRole('link', { name: /^Completed: 36\./ });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'This month' }));
    const month = presetRange('THIS_MONTH');
    await waitFor(() => expect(filterOf(linkNamed(/^Completed: 36\./)).invitedAt_gte).toBe(new Date(`${month.from}T00:00:00+05:30`).toISOString()));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(filterOf(linkNamed(/^Completed: 36\./)).invitedAt_gte).toBe(new Date('2026-03-01T00:00:00+05:30').toISOString()));
  });

  it('reads in Hindi', async () => {
    serve({ '/api/dashboard/admin': admin, '/api/dashboard/admin/industries': industries });
    renderPage(<Dashboard />, { profile: profiles.admin(), locale: 'hi' });
    expect(await screen.findByRole('heading', { name: 'आमंत्रित उम्मीदवार' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ऑर्डर और आय' })).toBeTruthy();
  });
});

describe("a client's dashboard for provider staff", () => {
  it('shows the figures of the client picked, with the lists behind them narrowed to it, and back to the business', async () => {
    serve({
      '/api/dashboard/admin': admin,
      '/api/clients/dropdown': [{ _id: 'c-1', label: 'Acme Industries' }],
      '/api/dashboard/client': client,
      '/api/dashboard/client/assessments': perAssessment,
      '/api/dashboard/client/assessments/dropdown': [],
    });
    renderPage(<Dashboard />, { profile: profiles.admin() });
    expect(await screen.findByText('The business at a glance')).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Figures of' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Industries' }));
    expect(await screen.findByText('This client’s hiring at a glance')).toBeTruthy();
    const asked = apiRequests.filter((r) => r.path === '/api/dashboard/client');
    expect(asked.at(-1)?.params).toMatchObject({ clientId: 'c-1' });
    expect(filterOf(await screen.findByRole('link', { name: /^Completed: 12\./ }))).toMatchObject({ clientId: 'c-1', status: 'COMPLETED' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Figures of' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All clients: the business' }));
    expect(await screen.findByText('The business at a glance')).toBeTruthy();
  });

  it('is not offered to staff who may not see clients', async () => {
    serve({ '/api/dashboard/admin': admin });
    renderPage(<Dashboard />, { profile: profiles.teamMember('SKILLGAUGE_TEAM', { DASHBOARD: ['view'], ORDERS: ['view'] }) });
    expect(await screen.findByText('The business at a glance')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Figures of' })).toBeNull();
    expect(apiRequests.some((r) => r.url === '/api/clients/dropdown')).toBe(false);
  });
});

describe("a client's dashboard", () => {
  it('shows its invitations, completion rate, skills, licence balance with a warning, stages and assessments', async () => {
    serve({ '/api/dashboard/client': client, '/api/dashboard/client/assessments': perAssessment, '/api/dashboard/client/assessments/dropdown': [{ id: 'as-1', name: 'Sales Aptitude' }] });
    renderPage(<Dashboard />, { profile: profiles.client() });
    const completed = await screen.findByRole('link', { name: /^Completed: 12\./ });
    expect(filterOf(completed)).toMatchObject({ status: 'COMPLETED' });
    expect(filterOf(linkNamed(/^Expired: 2\./))).toMatchObject({ status: 'EXPIRED' });
    expect(linkNamed(/^Completion rate: 60%\./)).toBeTruthy();
    expect(linkNamed(/^Assessments: 4\./).getAttribute('href')).toBe('/assessment');
    expect(screen.getByText('Credits are running low: 5 left. Order more before invitations are refused.')).toBeTruthy();
    expect(linkNamed(/^Left: 5\./)).toBeTruthy();
    expect(screen.getAllByText('Problem Solving').length).toBeGreaterThan(0);
    expect(screen.getByText('12 scored attempts')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Hiring stages on open jobs' })).toBeTruthy();
    expect(screen.getByText('Open jobs: 2')).toBeTruthy();
    const table = within(await screen.findByRole('region', { name: 'Assessments' })).getByRole('table');
    expect(within(table).getByRole('link', { name: 'Sales Aptitude' }).getAttribute('href')).toBe('/viewcandidatelist/as-1');
    // Scores rounded as every screen rounds them.
    expect(within(table).getByText('64%')).toBeTruthy();
  });

  it('on a phone (375 px) lists its assessments as rows that fit, each with its figures and the way to its candidates', async () => {
    window.innerWidth = 375;
    serve({ '/api/dashboard/client': client, '/api/dashboard/client/assessments': perAssessment, '/api/dashboard/client/assessments/dropdown': [{ id: 'as-1', name: 'Sales Aptitude' }] });
    const view = renderPage(<Dashboard />, { profile: profiles.client(), locale: 'hi' });
    const section = await screen.findByRole('region', { name: 'आकलन' });
    const list = await within(section).findByRole('list');
    expect(within(section).queryByRole('table')).toBeNull();
    const row = within(list).getByRole('link');
    expect(row.getAttribute('href')).toBe('/viewcandidatelist/as-1');
    expect(row.textContent).toContain('Sales Aptitude');
    expect(row.textContent).toContain('आमंत्रित: 20 · शुरू हुआ: 14 · पूरा हुआ: 12 · समय समाप्त: 2');
    expect(row.textContent).toContain('64%');
    fireEvent.click(row);
    await waitFor(() => expect(view.location().pathname).toBe('/viewcandidatelist/as-1'));
  });

  it('names each skill in the reader’s language where it has a name in it', async () => {
    serve({ '/api/dashboard/client': client, '/api/dashboard/client/assessments': perAssessment, '/api/dashboard/client/assessments/dropdown': [{ id: 'as-1', name: 'Sales Aptitude' }] });
    renderPage(<Dashboard />, { profile: profiles.client(), locale: 'hi' });
    expect((await screen.findAllByText('समस्या समाधान')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Problem Solving')).toBeNull();
  });

  it('says what to do next when there is nothing yet', async () => {
    serve({
      '/api/dashboard/client': {
        ...client,
        invitations: { total: 0, PENDING: 0, IN_PROGRESS: 0, COMPLETED: 0, EXPIRED: 0, DISQUALIFIED: 0 },
        completionRate: null,
        skills: [],
        licences: { credits: 0, used: 0, remaining: 0, lowThreshold: 10, low: true, validCount: 0 },
        stages: client.stages.map((s) => ({ ...s, candidates: 0 })),
      },
      '/api/dashboard/client/assessments': [],
      '/api/dashboard/client/assessments/dropdown': [],
    });
    renderPage(<Dashboard />, { profile: profiles.client() });
    expect(await screen.findByText('No candidates were invited in this period. Invite candidates to an assessment, or choose a longer period.')).toBeTruthy();
    expect(screen.getByText('No valid licence: order credits to invite candidates.')).toBeTruthy();
    expect(screen.getByText('No scored attempts in this period yet: skills appear once candidates complete an assessment.')).toBeTruthy();
    expect(screen.getByText('No candidates on open jobs yet. Post a job and add candidates to its board.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Invite candidates' })[0].getAttribute('href')).toBe('/assessment/invite-candidate');
    expect(screen.getByRole('link', { name: 'Post a job' }).getAttribute('href')).toBe('/postJob');
    expect(linkNamed(/^Completion rate: —\./)).toBeTruthy();
  });

  it('shows an error the user can retry', async () => {
    mockApi(({ path }) => (path === '/api/dashboard/client' ? { status: 500, data: { result: 0, msg: 'Something went wrong.' } } : { status: 200, data: { result: 1, data: [] } }));
    renderPage(<Dashboard />, { profile: profiles.client() });
    expect(await screen.findByText(/The figures could not be loaded\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('those with no figures to see', () => {
  it('a team member without the dashboard sees their areas and calls no dashboard', async () => {
    renderPage(<Dashboard />, { profile: makeProfile({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', permissions: grants({ CANDIDATES: ['view'] }), clientId: 'c-2' }) });
    expect(await screen.findByText('Your areas')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Candidates invited' })).toBeNull();
  });
});
