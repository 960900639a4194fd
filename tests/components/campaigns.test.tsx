/**
 * Campaign screens: the list (its columns, states and figures; the New button only for those who
 * may create), the create form (the live preview, the template's checks, a CSV read and sent, the
 * report of every row), and the campaign page (the funnel's figures, its invitations, cancelling).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import CampaignCreate from '../../src/resources/campaigns/CampaignCreate';
import CampaignList from '../../src/resources/campaigns/CampaignList';
import CampaignPage from '../../src/resources/campaigns/CampaignPage';
import type { CampaignRow } from '../../src/resources/campaigns/api';
import { apiRequests, columnHeaders, grants, makeProfile, mockApi, profiles, renderPage, tableRows } from './kit';

const ID = '00000000-0000-4000-8000-0000000000c1';
const ASSESSMENT_ID = '00000000-0000-4000-8000-0000000000a1';
const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

const campaign = (extra: Partial<CampaignRow> = {}): CampaignRow => ({
  id: ID,
  name: 'Campus hiring 2026',
  description: 'Final-year students',
  clientId: 'c-1',
  clientName: 'Acme Industries',
  assessmentId: ASSESSMENT_ID,
  assessmentName: 'Support hiring',
  startsAt: '2026-11-01T04:30:00Z',
  endsAt: '2026-12-15T12:30:00Z',
  mailSubject: '{{company}}: {{assessment}}',
  mailBody: 'Dear {{name}}, {{link}}',
  reminderEveryDays: 3,
  maxReminders: 2,
  cancelledAt: null,
  createdAt: '2026-10-30T10:00:00Z',
  updatedAt: '2026-10-30T10:00:00Z',
  status: 'RUNNING',
  invitedCount: 15,
  mailedCount: 15,
  startedCount: 9,
  completedCount: 6,
  averageScore: 64.5,
  reminderCount: 7,
  ...extra,
});

describe('the list', () => {
  it('shows each campaign with its assessment, dates, state and funnel counts; the provider may create one', async () => {
    renderPage(<CampaignList />, {
      records: { campaigns: [campaign(), campaign({ id: 'c2', name: 'Graduate intake 2025', status: 'ENDED', clientName: 'Globex Solutions', invitedCount: 25, startedCount: 25, completedCount: 24 })] },
    });
    expect(await columnHeaders()).toEqual(['Name', 'Assessment', 'Client', 'Starts', 'Ends', 'Status', 'Invited', 'Started', 'Completed']);
    const rows = await tableRows();
    expect(rows[0]).toEqual(expect.arrayContaining(['Campus hiring 2026', 'Support hiring', 'Acme Industries', 'Running', '15', '9', '6']));
    expect(rows[1]).toEqual(expect.arrayContaining(['Graduate intake 2025', 'Ended', '25', '24']));
    expect(screen.getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe('/campaign/addCampaign');
  });

  it('a viewer sees the campaigns without the New button, in Hindi too', async () => {
    const viewer = makeProfile({ role: 'USER', membershipType: 'CLIENT_SPECIFIC_ROLE', clientId: 'c-1', permissions: grants({ CAMPAIGN: ['view'] }) });
    renderPage(<CampaignList />, { profile: viewer, locale: 'hi', records: { campaigns: [campaign({ status: 'SCHEDULED' })] } });
    expect((await tableRows())[0]).toEqual(expect.arrayContaining(['Campus hiring 2026', 'निर्धारित']));
    expect(screen.queryByRole('link', { name: 'नया अभियान' })).toBeNull();
  });
});

/** A server that knows creating a campaign and adding to it (the assessments and candidates are `records`). */
function server(calls: { created?: unknown; added: unknown[] }) {
  mockApi(({ method, url, data }) => {
    if (method === 'POST' && url === '/api/campaigns') {
      calls.created = data;
      return ok(campaign());
    }
    if (method === 'POST' && url === `/api/campaigns/${ID}/candidates`) {
      calls.added.push(data);
      const body = data as { candidates?: { email: string }[]; candidateIds?: string[] };
      const rows = body.candidates
        ? body.candidates.map((c, i) => ({ row: i + 1, email: c.email, outcome: c.email.startsWith('dup') ? 'DUPLICATE' : 'INVITED', message: c.email.startsWith('dup') ? 'This candidate is already invited to this assessment.' : undefined }))
        : body.candidateIds!.map((_, i) => ({ row: i + 1, email: 'picked@example.com', outcome: 'FAILED', message: BUSINESS_MESSAGES.noCredits }));
      return ok({ rows, invited: 0, duplicates: 0, failed: 0 });
    }
    return undefined;
  });
}

/** The assessments the picker searches (the data provider's). */
const records = {
  assessments: [{ id: ASSESSMENT_ID, name: 'Support hiring', type: 'INVITED', status: 'ACTIVE', clientId: 'c-1', clientName: 'Acme Industries' }],
  // The client's existing candidates the picker searches (another client's are not offered).
  candidates: [
    { id: 'p-1', name: 'Picked Person', email: 'picked@example.com', clientId: 'c-1' },
    { id: 'p-2', name: 'Picked Elsewhere', email: 'elsewhere@example.com', clientId: 'c-2' },
  ],
};

async function chooseAssessment(label = /Assessment/) {
  const input = await screen.findByRole('combobox', { name: label });
  fireEvent.change(input, { target: { value: 'Sup' } });
  fireEvent.click(await screen.findByRole('option', { name: /Support hiring/ }));
}

describe('the create form', () => {
  it('previews the mail with a sample candidate as it is written, and refuses a mail without {{link}}', async () => {
    const calls: { created?: unknown; added: unknown[] } = { added: [] };
    server(calls);
    renderPage(<CampaignCreate />, { records });
    await chooseAssessment();
    const subject = screen.getByRole('textbox', { name: /Mail subject/ });
    fireEvent.change(subject, { target: { value: 'Hello {{name}} from {{company}}' } });
    await waitFor(() => expect(screen.getByTestId('preview-subject').textContent).toContain('Hello Asha Rao from Acme Industries'));
    const body = screen.getByRole('textbox', { name: /^Mail/ , description: /link/ });
    fireEvent.change(body, { target: { value: 'Dear {{name}}, please take {{assessment}}.' } });
    expect(screen.getByTestId('preview-body').textContent).toContain('Dear Asha Rao, please take Support hiring.');
    fireEvent.change(within(screen.getByRole('region', { name: /assessment and the dates/ })).getByRole('textbox', { name: /Name/ }), { target: { value: 'Campus hiring 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create and send' }));
    expect(await screen.findByText(BUSINESS_MESSAGES.campaignLinkMissing)).toBeTruthy();
    expect(calls.created).toBeUndefined();
  });

  it('starts the mail from the default text in the creator’s language: Hindi for a Hindi screen', async () => {
    server({ added: [] });
    const view = renderPage(<CampaignCreate />, { locale: 'hi', records });
    await chooseAssessment(/आकलन/);
    expect((screen.getByRole('textbox', { name: /मेल का विषय/ }) as HTMLInputElement).value).toBe('{{company}} की ओर से आमंत्रण: {{assessment}}');
    expect(screen.getByTestId('preview-subject').textContent).toBe('Acme Industries की ओर से आमंत्रण: Support hiring');
    expect(screen.getByTestId('preview-body').textContent).toMatch(/^प्रिय Asha Rao,/);
    expect(screen.getByTestId('preview-body').textContent).not.toMatch(/Dear|Thank you/);
    view.unmount();
    server({ added: [] });
    renderPage(<CampaignCreate />, { records });
    await chooseAssessment();
    expect(screen.getByTestId('preview-body').textContent).toMatch(/^Dear Asha Rao,/);
  });

  it('creates the campaign, sends the CSV and the picked candidates, and reports every row', async () => {
    const calls = { added: [] as unknown[] } as { created?: Record<string, unknown>; added: unknown[] };
    server(calls);
    renderPage(<CampaignCreate />, { records });
    await chooseAssessment();
    fireEvent.change(within(screen.getByRole('region', { name: /assessment and the dates/ })).getByRole('textbox', { name: /Name/ }), { target: { value: 'Campus hiring 2026' } });
    fireEvent.change(await screen.findByTestId('candidates-csv'), {
      target: { files: [new File(['name,email,phone\nAsha Iyer,asha@example.com,\nDup Person,dup@example.com,\nBad Row,nope,\n'], 'c.csv', { type: 'text/csv' })] },
    });
    // The bad row is reported at once, with its line.
    expect(await screen.findByText(/Row 4/)).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: /Existing candidates/ });
    fireEvent.change(picker, { target: { value: 'Pick' } });
    const picked = await screen.findByRole('option', { name: /Picked Person/ });
    expect(screen.queryByRole('option', { name: /Picked Elsewhere/ })).toBeNull();
    fireEvent.click(picked);
    fireEvent.click(screen.getByRole('button', { name: 'Create and send' }));

    const report = await screen.findByRole('table', { name: 'Invitation report' }, { timeout: 5000 });
    expect(calls.created).toMatchObject({ assessmentId: ASSESSMENT_ID, name: 'Campus hiring 2026', reminderEveryDays: 3, maxReminders: 2 });
    expect(String(calls.created!.mailBody)).toContain('{{link}}');
    expect(calls.added).toEqual([{ candidates: [{ name: 'Asha Iyer', email: 'asha@example.com', phone: null }, { name: 'Dup Person', email: 'dup@example.com', phone: null }] }, { candidateIds: ['p-1'] }]);
    const rows = within(report).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', 'Asha Iyer', 'asha@example.com', 'Invited', ''],
      ['2', 'Dup Person', 'dup@example.com', 'Already invited', 'This candidate is already invited to this assessment.'],
      ['3', 'Picked Person', 'picked@example.com', 'Not invited', BUSINESS_MESSAGES.noCredits],
    ]);
    expect(screen.getByRole('link', { name: 'Open the campaign' }).getAttribute('href')).toBe(`/campaign/${ID}`);
  });
});

describe('the campaign page', () => {
  const invitations = [
    { id: 'i1', candidateId: 'p1', candidateName: 'Priya Sharma', candidateEmail: 'priya@example.com', status: 'COMPLETED', invitedAt: '2026-11-02T05:00:00Z', mailedAt: '2026-11-02T05:00:00Z', openedAt: null, startedAt: '2026-11-03T05:00:00Z', completedAt: '2026-11-03T06:00:00Z', expiresAt: null, revokedAt: null, percent: 72, reminderCount: 0, lastReminderAt: null },
    { id: 'i2', candidateId: 'p2', candidateName: 'Rohan Verma', candidateEmail: 'rohan@example.com', status: 'PENDING', invitedAt: '2026-11-02T05:00:00Z', mailedAt: '2026-11-02T05:00:00Z', openedAt: null, startedAt: null, completedAt: null, expiresAt: null, revokedAt: null, percent: null, reminderCount: 2, lastReminderAt: '2026-11-08T05:00:00Z' },
  ];

  const puts: unknown[] = [];
  function open(row: CampaignRow, profile = profiles.admin()) {
    let current = row;
    puts.length = 0;
    mockApi(({ method, url, data }) => {
      if (method === 'PUT' && url === `/api/campaigns/${ID}`) {
        puts.push(data);
        current = { ...current, ...(data as Partial<CampaignRow>) };
        return ok(current);
      }
      if (method === 'GET' && url === `/api/campaigns/${ID}`) return ok(current);
      if (method === 'POST' && url === `/api/campaigns/${ID}/cancel`) {
        current = { ...current, status: 'CANCELLED', cancelledAt: '2026-11-20T00:00:00Z' };
        return ok({ ...current, withdrawn: 1 });
      }
      return undefined;
    });
    return renderPage(
      <>
        <CampaignPage />
        <Notification />
      </>,
      { path: `/campaign/${ID}`, route: '/campaign/:campaignId', profile, records: { [`campaigns/${ID}/invitations`]: invitations } },
    );
  }

  it('shows the live figures as a funnel, the average score, and the invitations with their status and reminders', async () => {
    open(campaign());
    expect(await screen.findByRole('heading', { name: 'Campus hiring 2026' })).toBeTruthy();
    expect(screen.getByTestId('figure-invited').textContent).toContain('15');
    expect(screen.getByTestId('figure-started').textContent).toContain('9');
    expect(screen.getByTestId('figure-completed').textContent).toContain('6');
    expect(screen.getByTestId('figure-averageScore').textContent).toContain('65%');
    const funnel = screen.getByRole('table', { name: 'Candidates at each step' });
    expect(within(funnel).getAllByRole('row').map((r) => r.textContent)).toEqual(['Invited15', 'Started9', 'Completed6']);
    expect(screen.getByText(/Reminders every 3 days, at most 2/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Rohan Verma')).toBeTruthy());
    const row = screen.getByText('Rohan Verma').closest('tr')!;
    expect(within(row).getByText('Not Started')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(screen.getByText('Priya Sharma').closest('tr')!).getByText('72%')).toBeTruthy();
  });

  it('cancels after a confirmation, then offers no more changes', async () => {
    open(campaign());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the campaign' }));
    const dialog = await screen.findByRole('dialog', { name: /Cancel “Campus hiring 2026”/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the campaign' }));
    await waitFor(() => expect(apiRequests.some((r) => r.method === 'POST' && r.url === `/api/campaigns/${ID}/cancel`)).toBe(true));
    expect(await screen.findByText(/1 link withdrawn/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add candidates' })).toBeNull());
  });

  it('edits the mail and reminders with the preview, checked before it is sent', async () => {
    open(campaign());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the mail and reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the mail and reminders' });
    const body = within(dialog).getByRole('textbox', { name: /^Mail/, description: /link/ });
    expect(within(dialog).getByTestId('preview-subject').textContent).toBe('Acme Industries: Support hiring');
    fireEvent.change(body, { target: { value: 'Dear {{name}}, see you soon.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BUSINESS_MESSAGES.campaignLinkMissing)).toBeTruthy();
    expect(puts).toEqual([]);
    fireEvent.change(body, { target: { value: 'Dear {{name}}, your link: {{link}}' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Remind every/ }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ name: 'Campus hiring 2026', description: 'Final-year students', mailSubject: '{{company}}: {{assessment}}', mailBody: 'Dear {{name}}, your link: {{link}}', reminderEveryDays: null, maxReminders: 0 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/No reminders/)).toBeTruthy();
  });

  it('a viewer sees it all but changes nothing', async () => {
    const viewer = makeProfile({ role: 'USER', membershipType: 'CLIENT_SPECIFIC_ROLE', clientId: 'c-1', permissions: grants({ CAMPAIGN: ['view'] }) });
    open(campaign(), viewer);
    expect((await screen.findByTestId('figure-invited')).textContent).toContain('15');
    expect(screen.queryByRole('button', { name: 'Add candidates' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the campaign' })).toBeNull();
  });
});
