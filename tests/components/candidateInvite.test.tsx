/**
 * Inviting candidates: the CSV read in the browser (columns in any order, quoted cells, bad rows
 * reported with their row number), one candidate added by hand, sending in chunks of 50 with the
 * server's per-row answers numbered across the whole list, a refused chunk, the report and its
 * CSV, and the template.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROCTORING, type InviteRowResult } from '../../src/domain/assessment';
import { parseCsv } from '../../src/resources/shared/csv';
import InvitePage from '../../src/resources/invitations/InvitePage';
import { candidatesFromCsv, chunked, chunkReport, failedRows, INVITE_CHUNK } from '../../src/resources/invitations/inviteRows';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { api } from '../../src/providers/httpClient';
import { apiRequests, mockApi, renderPage, type ApiHandler, type Locale } from './kit';

const ID = '00000000-0000-4000-8000-000000000001';
const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });
const ASSESSMENT = {
  id: ID,
  name: 'Support hiring',
  type: 'INVITED',
  status: 'ACTIVE',
  clientId: 'c-1',
  clientName: 'Acme',
  languages: ['en'],
  proctoring: DEFAULT_PROCTORING,
};

/** Downloads end in a click on a link to an object URL: keep the files instead. */
const saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved.length = 0;
  let last: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    last = blob;
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: last! });
  });
});
afterEach(() => vi.restoreAllMocks());

const csvRows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `Person ${from + i},person${from + i}@example.com,`).join('\n');

describe('reading a CSV of candidates', () => {
  it('parses quoted cells, doubled quotes, CRLF, a byte order mark and blank lines', () => {
    expect(parseCsv('\uFEFFname,email\r\n"Rao, Asha","asha@example.com"\r\n\r\n"Say ""hi""",x@example.com\n')).toEqual([
      ['name', 'email'],
      ['Rao, Asha', 'asha@example.com'],
      ['Say "hi"', 'x@example.com'],
    ]);
    expect(parseCsv('a,"multi\nline",c')).toEqual([['a', 'multi\nline', 'c']]);
    // Excel in some locales separates with semicolons.
    expect(parseCsv('name;email\nAsha;asha@example.com')).toEqual([
      ['name', 'email'],
      ['Asha', 'asha@example.com'],
    ]);
  });

  it('reads the columns by their header in any order and case, and reports bad rows by their row number', () => {
    const parsed = candidatesFromCsv('Email,Phone,NAME\nasha@example.com,+91 98765 43210,Asha Rao\nnot-an-email,,Bad Row\nravi@example.com,,\nKIRAN@Example.com,,Kiran\n');
    expect(parsed.missingColumns).toEqual([]);
    expect(parsed.candidates).toEqual([
      { name: 'Asha Rao', email: 'asha@example.com', phone: '+91 98765 43210' },
      { name: 'Kiran', email: 'kiran@example.com', phone: null },
    ]);
    expect(parsed.rejected).toEqual([
      { line: 3, name: 'Bad Row', email: 'not-an-email', message: 'Enter a valid email' },
      { line: 4, name: '', email: 'ravi@example.com', message: 'Name is required' },
    ]);
    expect(candidatesFromCsv('name,phone\nAsha,1').missingColumns).toEqual(['email']);
  });

  it('reports a repeated email on its own row rather than merging it into the first', () => {
    const parsed = candidatesFromCsv('name,email\nAsha Rao,asha@example.com\nAsha R.,ASHA@example.com\n');
    expect(parsed.candidates).toEqual([{ name: 'Asha Rao', email: 'asha@example.com', phone: null }]);
    expect(parsed.rejected).toEqual([{ line: 3, name: 'Asha R.', email: 'ASHA@example.com', message: 'This email is on an earlier row of the list.' }]);
  });

  it('sends in chunks of 50 and numbers the server’s rows across the whole list', () => {
    const list = Array.from({ length: 120 }, (_, i) => i);
    expect(INVITE_CHUNK).toBe(50);
    expect(chunked(list).map((c) => c.length)).toEqual([50, 50, 20]);
    const second = [{ name: 'B1', email: 'b1@example.com', phone: null }];
    const rows: InviteRowResult[] = [{ row: 1, email: 'b1@example.com', outcome: 'DUPLICATE', message: 'This candidate is already invited to this assessment.' }];
    expect(chunkReport(second, 50, rows)).toEqual([{ ...rows[0], row: 51, name: 'B1' }]);
    expect(failedRows(second, 100, 'This assessment is not active.')).toEqual([{ row: 101, name: 'B1', email: 'b1@example.com', outcome: 'FAILED', message: 'This assessment is not active.' }]);
  });
});

/** The server: the assessment, and invitations that answer each row (a duplicate for dup@…); `extra` first. */
function server(extra: ApiHandler = () => undefined): ApiHandler {
  return (call) => {
    const own = extra(call);
    if (own) return own;
    if (call.method === 'GET' && call.url === `/api/assessments/${ID}`) return ok(ASSESSMENT);
    if (call.method === 'POST' && call.url === '/api/invitations') {
      const { candidates } = call.data as { candidates: { email: string }[] };
      const rows = candidates.map((c, i) =>
        c.email.startsWith('dup')
          ? { row: i + 1, email: c.email, outcome: 'DUPLICATE', message: 'This candidate is already invited to this assessment.' }
          : { row: i + 1, email: c.email, outcome: 'INVITED', invitationId: `inv-${c.email}` },
      );
      return ok({ rows });
    }
    return undefined;
  };
}

function renderInvite(options: { extra?: ApiHandler; locale?: Locale; path?: string } = {}) {
  mockApi(server(options.extra));
  return renderPage(
    <>
      <InvitePage />
      <Notification />
    </>,
    { path: options.path ?? `/assessment/invite-candidate?assessmentId=${ID}`, locale: options.locale, records: { assessments: [ASSESSMENT] } },
  );
}

const upload = async (content: string, name = 'candidates.csv') =>
  fireEvent.change(await screen.findByTestId('candidates-csv'), { target: { files: [new File([content], name, { type: 'text/csv' })] } });
/** The report, once every chunk is answered (120 rows take jsdom a while to draw). */
const report = (name = 'Invitation report') => screen.findByRole('table', { name }, { timeout: 15_000 });
const invitationPosts = () => apiRequests.filter((r) => r.method === 'POST' && r.url === '/api/invitations');

describe('the invite page', () => {
  it('preselects the assessment it was opened for', async () => {
    renderInvite();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Assessment' }) as HTMLInputElement).value).toBe('Support hiring · Acme'));
  });

  it('adds one candidate by hand, checked with the shared schema', async () => {
    renderInvite();
    const form = await screen.findByRole('form', { name: 'Add a candidate' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Asha Rao' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'asha@' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'Asha@Example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const list = await screen.findByRole('region', { name: 'Candidates to invite' });
    expect(await within(list).findByText('asha@example.com')).toBeTruthy();
    expect(screen.getByText('One candidate to invite')).toBeTruthy();
  });

  it('reads a CSV, sends it in chunks of 50, and reports every row numbered across the list', { timeout: 60_000 }, async () => {
    renderInvite();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Assessment' }) as HTMLInputElement).value).toContain('Support hiring'));
    await upload(`name,email,phone\n${csvRows(100)}\nDup One,dup1@example.com,\nBad,nope,\n${csvRows(19, 101)}\n`);
    expect(await screen.findByText('120 candidates to invite')).toBeTruthy();
    expect(screen.getByText('Row 103 (nope): Enter a valid email')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await report();
    expect(invitationPosts().map((r) => (r.data as { candidates: unknown[] }).candidates.length)).toEqual([50, 50, 20]);
    const first = invitationPosts()[0].data as { assessmentId: string; expiresAt: string; extraTime: unknown };
    expect(first.assessmentId).toBe(ID);
    expect(first.extraTime).toBeNull();
    // Valid for 14 days by default: until the end of that day.
    const days = (Date.parse(first.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(15);
    expect(screen.getByText('Invited: 119')).toBeTruthy();
    expect(screen.getByText('Already invited: 1')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Invitation report' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(120);
    expect(within(rows[100]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['101', 'Dup One', 'dup1@example.com', 'Already invited', 'This candidate is already invited to this assessment.']);
    expect(within(rows[119]).getAllByRole('cell')[0].textContent).toBe('120');
    fireEvent.click(screen.getByRole('button', { name: 'Download the report (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('invitation-report.csv');
    // A byte order mark first, so that Excel reads UTF-8 (text() drops it).
    expect([...new Uint8Array(await saved[0].blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await saved[0].blob.text();
    expect(text.split('\r\n').slice(0, 2)).toEqual(['Row,Name,Email,Result,Why', '1,Person 1,person1@example.com,Invited,']);
    expect(text).toContain('101,Dup One,dup1@example.com,Already invited,This candidate is already invited to this assessment.');
  });

  it('a refused chunk stops the sending: the rest is reported as not invited, with the server’s reason', { timeout: 60_000 }, async () => {
    let calls = 0;
    renderInvite({
      extra: (call) => (call.method === 'POST' && call.url === '/api/invitations' && ++calls === 2 ? { status: 400, data: { result: 0, msg: 'This assessment is not active.' } } : undefined),
    });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Assessment' }) as HTMLInputElement).value).toContain('Support hiring'));
    await upload(`name,email\n${csvRows(120)}`);
    await screen.findByText('120 candidates to invite');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await report();
    expect(invitationPosts()).toHaveLength(2);
    expect(screen.getByText('Invited: 50')).toBeTruthy();
    expect(screen.getByText('Not invited: 70')).toBeTruthy();
    expect(screen.getAllByText('This assessment is not active.')).toHaveLength(70);
  });

  it('shows the progress while the chunks go out', { timeout: 60_000 }, async () => {
    renderInvite();
    // The second request waits until the test lets it through.
    const answered = api.defaults.adapter as (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    api.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      if (config.method === 'post' && config.url === '/api/invitations' && ++posts === 2) await gate;
      return answered(config);
    };
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Assessment' }) as HTMLInputElement).value).toContain('Support hiring'));
    await upload(`name,email\n${csvRows(120)}`);
    await screen.findByText('120 candidates to invite');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Sending invitations: 50 of 120…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Invitations sent' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.queryByRole('button', { name: 'Send invitations' })).toBeNull();
    release();
    await report();
    expect(screen.getByText('Invited: 120')).toBeTruthy();
  });

  it('says what is missing before sending anything', async () => {
    renderInvite({ path: '/assessment/invite-candidate' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Choose an assessment')).toBeTruthy();
    expect(screen.getByText('Add at least one candidate')).toBeTruthy();
    expect(invitationPosts()).toHaveLength(0);
  });

  it('refuses a file without the required columns, and offers the template', async () => {
    renderInvite();
    await upload('full name,mail\nAsha,asha@example.com');
    expect(await screen.findByText('The file’s header row lacks these columns: name, email.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download the template' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('candidates-template.csv');
    expect(candidatesFromCsv(await saved[0].blob.text()).candidates).toEqual([{ name: 'Asha Rao', email: 'asha.rao@example.com', phone: '+91 98765 43210' }]);
  });

  it('speaks Hindi, server messages included', async () => {
    renderInvite({
      locale: 'hi',
      extra: (call) => (call.method === 'POST' && call.url === '/api/invitations' ? { status: 400, data: { result: 0, msg: 'This assessment is not active.' } } : undefined),
    });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'आकलन' }) as HTMLInputElement).value).toContain('Support hiring'));
    await upload(`name,email\n${csvRows(2)}`);
    await screen.findByText('आमंत्रित करने के लिए 2 उम्मीदवार');
    fireEvent.click(screen.getByRole('button', { name: 'आमंत्रण भेजें' }));
    await report('आमंत्रण रिपोर्ट');
    expect(screen.getAllByText('यह आकलन सक्रिय नहीं है।')).toHaveLength(2);
    expect(screen.getByText('आमंत्रित नहीं: 2')).toBeTruthy();
  });
});
