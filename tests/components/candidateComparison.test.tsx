/**
 * The candidates of an assessment with their scores (`/viewcandidatelist/:id`): the score, band,
 * per-test band, integrity and percentile columns; Compare enabled for 2 to 4 selected candidates
 * only; the comparison with its chart, both names and links to their reports; the CSV of every row
 * of the filter; a phone's list; Hindi.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AssessmentCandidates from '../../src/resources/invitations/AssessmentCandidates';
import type { Comparison, ExportRow, ScoredInvitationRow } from '../../src/resources/invitations/comparison';
import { apiRequests, columnHeaders, mockApi, renderPage, tableRows, type ApiHandler, type Locale } from './kit';

const ID = '00000000-0000-4000-8000-000000000001';
const TESTS = [
  { id: 't-reasoning', name: 'Reasoning' },
  { id: 't-communication', name: 'Communication' },
];
const SKILLS = [
  { id: 's-problem', label: 'Problem Solving' },
  { id: 's-team', label: 'Teamwork' },
];
const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

function row(id: string, name: string, overrides: Partial<ScoredInvitationRow> = {}): ScoredInvitationRow {
  return {
    id,
    candidateId: `c-${id}`,
    candidateName: name,
    candidateEmail: `${name.split(' ')[0].toLowerCase()}@example.com`,
    assessmentId: ID,
    assessmentName: 'Support hiring',
    assessmentType: 'INVITED',
    clientId: 'c-1',
    entryType: 'INVITE',
    status: 'COMPLETED',
    language: 'en',
    invitedAt: '2026-11-10T10:00:00Z',
    mailedAt: '2026-11-10T10:00:01Z',
    openedAt: '2026-11-11T09:00:00Z',
    startedAt: '2026-11-11T09:01:00Z',
    completedAt: '2026-11-11T09:40:00Z',
    expiresAt: '2026-11-24T18:29:59Z',
    revokedAt: null,
    lastSeenAt: null,
    disqualifiedAt: null,
    online: false,
    extraTime: null,
    percent: null,
    band: null,
    integrity: null,
    complete: null,
    percentile: null,
    testScores: [],
    ...overrides,
  };
}

const ROWS = [
  row('i1', 'Asha Rao', {
    percent: 91.5,
    band: 'HIGH',
    integrity: 'NO_ISSUES',
    complete: true,
    percentile: 90,
    testScores: [
      { testId: 't-reasoning', percent: 95, band: 'HIGH' },
      { testId: 't-communication', percent: 88, band: 'HIGH' },
    ],
  }),
  row('i2', 'Bilal Khan', {
    percent: 72,
    band: 'MODERATE_HIGH',
    integrity: 'SOME_ISSUES',
    complete: false,
    percentile: 60,
    testScores: [
      { testId: 't-reasoning', percent: 85, band: 'HIGH' },
      { testId: 't-communication', percent: 59, band: 'LOW_MODERATE' },
    ],
  }),
  row('i3', 'Chen Li', { percent: 40, band: 'MODERATE', integrity: 'MAJOR_ISSUES', complete: true, percentile: 30, testScores: [{ testId: 't-reasoning', percent: 40, band: 'MODERATE' }] }),
  row('i4', 'Divya Nair', { percent: 12.5, band: 'LOW', integrity: 'NO_ISSUES', complete: true, percentile: 10 }),
  row('i5', 'Esha Gupta', { status: 'PENDING', openedAt: null, startedAt: null, completedAt: null }),
];

const COMPARISON: Comparison = {
  assessment: { id: ID, name: 'Support hiring' },
  tests: TESTS,
  skills: SKILLS,
  scoredCount: 4,
  candidates: [
    {
      ...ROWS[0],
      skillScores: [
        { skillId: 's-problem', percent: 95, band: 'HIGH', developmentBand: null },
        { skillId: 's-team', percent: 88, band: 'HIGH', developmentBand: null },
      ],
    },
    {
      ...ROWS[1],
      skillScores: [
        { skillId: 's-problem', percent: 85, band: 'HIGH', developmentBand: null },
        { skillId: 's-team', percent: 59, band: 'LOW_MODERATE', developmentBand: null },
      ],
    },
  ],
};

/** The page over a server that knows the assessment, its score columns and the comparison; `extra` first. */
function renderCandidates(options: { extra?: ApiHandler; locale?: Locale; path?: string } = {}) {
  mockApi((call) => {
    const own = options.extra?.(call);
    if (own) return own;
    if (call.method === 'GET' && call.url === `/api/assessments/${ID}`) return ok({ id: ID, name: 'Support hiring', type: 'INVITED', status: 'ACTIVE', tests: TESTS });
    if (call.method === 'GET' && call.url === `/api/assessments/${ID}/score-columns`) return ok({ tests: TESTS, skills: SKILLS });
    if (call.method === 'GET' && call.url.startsWith(`/api/assessments/${ID}/comparison?`)) return ok(COMPARISON);
    return undefined;
  });
  return renderPage(
    <Routes>
      <Route path="/viewcandidatelist/:id" element={<AssessmentCandidates />} />
      <Route path="/candidate-details/:id" element={<p>Report page</p>} />
    </Routes>,
    { path: options.path ?? `/viewcandidatelist/${ID}`, records: { invitations: ROWS }, locale: options.locale },
  );
}

/** The checkbox of a table row, by the candidate's name. */
function rowCheckbox(name: string): HTMLInputElement {
  const tr = screen.getByText(name).closest('tr')!;
  return within(tr).getByRole('checkbox') as HTMLInputElement;
}

const compareButton = () => screen.getByRole('button', { name: 'Compare' }) as HTMLButtonElement;

afterEach(() => vi.restoreAllMocks());

describe('the candidates of an assessment with their scores', () => {
  it('shows score, band, a band per test, integrity, percentile and completion, sorted by score', async () => {
    renderCandidates();
    await screen.findByText('Asha Rao');
    await waitFor(async () => expect(await columnHeaders()).toContain('Reasoning'));
    expect(await columnHeaders()).toEqual(['Name', 'Status', 'Score', 'Band', 'Reasoning', 'Communication', 'Integrity', 'Percentile', 'Completed', 'Actions']);
    const rows = await tableRows();
    // Cells after the checkbox: name and email, status, score, band, the two tests, integrity, percentile.
    expect(rows.map((r) => r.slice(1, 9))).toEqual([
      // (The test data provider puts rows without a score first; the server puts them last.)
      ['Esha Guptaesha@example.com', 'Not Started', '—', '—', '—', '—', '—', '—'],
      ['Asha Raoasha@example.com', 'Completed', '92%', 'High', 'High', 'High', 'No issues', '90'],
      ['Bilal Khanbilal@example.com', 'Completed', '72%*', 'Moderate-High', 'High', 'Low-Moderate', 'Some issues', '60'],
      ['Chen Lichen@example.com', 'Completed', '40%', 'Moderate', 'Moderate', '—', 'Major issues', '30'],
      ['Divya Nairdivya@example.com', 'Completed', '13%', 'Low', '—', '—', 'No issues', '10'],
    ]);
    // A provisional score says why.
    expect(screen.getByLabelText('72%, provisional')).toBeTruthy();
  });

  it('sorts by score, percentile, integrity and completion from their headers', async () => {
    const view = renderCandidates();
    await screen.findByText('Asha Rao');
    const getList = vi.spyOn(view.dataProvider, 'getList');
    for (const [header, field] of [
      ['Percentile', 'percentile'],
      ['Integrity', 'integrity'],
      ['Completed', 'completedAt'],
      ['Score', 'percent'],
    ]) {
      fireEvent.click(within(within(screen.getByRole('table')).getByRole('columnheader', { name: header })).getByRole('button'));
      await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].sort?.field).toBe(field));
    }
    expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ assessmentId: ID });
  });

  it('offers "High in Problem Solving" and the other bands of each skill as a filter', async () => {
    const view = renderCandidates();
    await screen.findByText('Asha Rao');
    const getList = vi.spyOn(view.dataProvider, 'getList');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitemcheckbox').map((m) => m.textContent)).toEqual(['Status', 'Integrity', 'Overall band', 'Band in a skill']);
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Band in a skill' }));
    const input = await screen.findByRole('combobox', { name: 'Band in a skill' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'High in Prob' } });
    fireEvent.click(await screen.findByRole('option', { name: 'High in Problem Solving' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ assessmentId: ID, skillBand: 's-problem:HIGH' }));
  });

  it('enables Compare for 2 to 4 selected candidates only', async () => {
    renderCandidates();
    await screen.findByText('Asha Rao');
    fireEvent.click(rowCheckbox('Asha Rao'));
    expect(compareButton().disabled).toBe(true);
    expect(screen.getByText('Select 2 to 4 candidates to compare them')).toBeTruthy();
    fireEvent.click(rowCheckbox('Bilal Khan'));
    expect(compareButton().disabled).toBe(false);
    fireEvent.click(rowCheckbox('Chen Li'));
    fireEvent.click(rowCheckbox('Divya Nair'));
    expect(compareButton().disabled).toBe(false);
    fireEvent.click(rowCheckbox('Esha Gupta'));
    expect(compareButton().disabled).toBe(true);
    fireEvent.click(rowCheckbox('Esha Gupta'));
    expect(compareButton().disabled).toBe(false);
  });

  it('compares the selected side by side: a chart of their skills, both names, each with a link to the report', async () => {
    const view = renderCandidates();
    await screen.findByText('Asha Rao');
    fireEvent.click(rowCheckbox('Asha Rao'));
    fireEvent.click(rowCheckbox('Bilal Khan'));
    fireEvent.click(compareButton());
    const dialog = await screen.findByRole('dialog', { name: 'Comparing 2 candidates: Support hiring' });
    expect(view.location().search).toBe('?compare=i1%2Ci2');
    await within(dialog).findByRole('region', { name: 'Asha Rao' });
    expect(apiRequests.find((r) => r.url.includes('/comparison'))?.url).toBe(`/api/assessments/${ID}/comparison?ids=i1%2Ci2`);

    // One chart, one series (and legend entry) per candidate, one group of bars per skill.
    const chart = within(dialog).getByRole('figure', { name: 'Scores per skill' });
    expect(chart.querySelector('svg')).toBeTruthy();
    expect(chart.querySelectorAll('rect.MuiBarChart-element').length).toBe(4);
    const table = within(chart).getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['Skill', 'Asha Rao', 'Bilal Khan']);
    expect(within(table).getAllByRole('row', { hidden: true }).slice(1).map((r) => r.textContent)).toEqual(['Problem Solving95%85%', 'Teamwork88%59%']);

    const asha = within(dialog).getByRole('region', { name: 'Asha Rao' });
    const bilal = within(dialog).getByRole('region', { name: 'Bilal Khan' });
    expect(asha.textContent).toContain('90 (among 4 completed attempts)');
    // Rounded as the report and the list round them: whole percents.
    expect(asha.textContent).toContain('Overall92%');
    expect(within(asha).getByText('No issues')).toBeTruthy();
    expect(within(bilal).getByText('Some issues')).toBeTruthy();
    expect(within(bilal).getByText(/Provisional/)).toBeTruthy();
    // Communication and Teamwork, both at 59.
    expect(within(bilal).getAllByText('Low-Moderate', { selector: '.MuiChip-label' })).toHaveLength(2);
    expect(within(asha).getByRole('link', { name: 'Open the report of Asha Rao' }).getAttribute('href')).toBe('/candidate-details/i1');
    fireEvent.click(within(bilal).getByRole('link', { name: 'Open the report of Bilal Khan' }));
    await waitFor(() => expect(view.location().pathname).toBe('/candidate-details/i2'));
  });

  it('opens from its address and says what the server refused', async () => {
    renderCandidates({
      path: `/viewcandidatelist/${ID}?compare=i1,x`,
      extra: (call) => (call.url.includes('/comparison?') ? { status: 400, data: { result: 0, msg: 'Some of these candidates did not take this assessment.' } } : undefined),
    });
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Some of these candidates did not take this assessment.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the CSV', () => {
  const saved: Blob[] = [];
  const downloads: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    downloads.length = 0;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return `blob:test/${saved.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });

  it('holds every row of the current filter and order, with a column per test, in the reader’s words', async () => {
    const exported: ExportRow[] = ROWS.map(({ id, candidateName, candidateEmail, status, revokedAt, invitedAt, startedAt, completedAt, percent, band, integrity, complete, percentile, testScores }) => ({
      id,
      candidateName,
      candidateEmail,
      status,
      revokedAt,
      invitedAt,
      startedAt,
      completedAt,
      percent,
      band,
      integrity,
      complete,
      percentile,
      testScores,
    }));
    renderCandidates({ extra: (call) => (call.url.startsWith('/api/invitations/export?') ? ok(exported) : undefined) });
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['Support-hiring-candidates.csv']));
    const url = new URL(apiRequests.find((r) => r.url.startsWith('/api/invitations/export'))!.url, 'http://x');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ assessmentId: ID });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['percent', 'DESC']);
    const text = (await saved[0].text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Status,Invited,Completed,Score (%),Band,Reasoning (%),Reasoning: band,Communication (%),Communication: band,Integrity,Percentile,Final');
    expect(lines).toHaveLength(1 + ROWS.length);
    expect(lines[1]).toMatch(/^Asha Rao,asha@example\.com,Completed,2026-11-1\d \d\d:\d\d,2026-11-1\d \d\d:\d\d,91\.5,High,95,High,88,High,No issues,90,Yes$/);
    expect(lines[2]).toMatch(/,72,Moderate-High,85,High,59,Low-Moderate,Some issues,60,No$/);
    expect(lines[5]).toBe('Esha Gupta,esha@example.com,Not Started,' + lines[5].split(',')[3] + ',,,,,,,,,,');
  });
});

describe('on a phone', () => {
  beforeEach(() => {
    window.innerWidth = 360;
  });

  it('lists names with their figures, picks candidates by their own checkboxes and compares them', async () => {
    renderCandidates();
    const asha = await screen.findByText('Asha Rao');
    expect(screen.queryByRole('table')).toBeNull();
    expect(asha.closest('a')?.getAttribute('href')).toBe('/candidate-details/i1');
    expect(screen.getByText('Completed · 72% · Moderate-High · percentile 60 · Some issues')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Asha Rao' }));
    expect(screen.getByText('1 candidate selected')).toBeTruthy();
    expect(compareButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bilal Khan' }));
    fireEvent.click(compareButton());
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('region', { name: 'Bilal Khan' });
    expect(within(dialog).getByRole('figure', { name: 'Scores per skill' })).toBeTruthy();
  });
});

describe('in Hindi', () => {
  it('names the columns and the comparison in Hindi', async () => {
    renderCandidates({ locale: 'hi' });
    await screen.findByText('Asha Rao');
    await waitFor(async () => expect(await columnHeaders()).toContain('पर्सेंटाइल'));
    expect(await columnHeaders()).toEqual(expect.arrayContaining(['स्कोर', 'बैंड', 'सत्यनिष्ठा', 'पर्सेंटाइल', 'Reasoning']));
    fireEvent.click(rowCheckbox('Asha Rao'));
    fireEvent.click(rowCheckbox('Bilal Khan'));
    fireEvent.click(screen.getByRole('button', { name: 'तुलना करें' }));
    const dialog = await screen.findByRole('dialog', { name: '2 उम्मीदवारों की तुलना: Support hiring' });
    expect(await within(dialog).findByRole('figure', { name: 'हर कौशल में स्कोर' })).toBeTruthy();
  });
});
