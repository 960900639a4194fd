/**
 * Licences on screen: the list (provider staff see every client's with the Assign button, a client
 * its own, read only; others are refused), a licence's page with its usage and the revoke button
 * for staff only, the assign form (checked as the server checks it, the server's field messages on
 * their fields, dates sent as the start and end of their days), and the low-credit warnings.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import { InviteCreditNotice, LicenceAssign, LicenceList, LicencePage, LowCreditBanner } from '../../src/resources/licences';
import type { Balance, LicenceRecord, LicenceRow } from '../../src/resources/licences/api';
import { checkLicence, endOfDay, startOfDay } from '../../src/resources/licences/LicenceAssign';
import { apiRequests, appRoute, columnHeaders, mockApi, profiles, renderPage, tableRows } from './kit';

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });
const ASSESSMENT = '00000000-0000-4000-8000-000000000009';

const row = (extra: Partial<LicenceRow> = {}): LicenceRow => ({
  id: 'l-1',
  clientId: 'c-1',
  clientName: 'Acme',
  assessmentId: null,
  assessmentName: null,
  credits: 50,
  used: 38,
  remaining: 12,
  lapsed: 0,
  validFrom: '2026-09-01T00:00:00Z',
  validUntil: '2027-08-31T23:59:59Z',
  revokedAt: null,
  orderId: null,
  notes: 'Annual plan',
  grantedByName: 'Asha Admin',
  createdAt: '2026-08-30T10:00:00Z',
  updatedAt: '2026-08-30T10:00:00Z',
  state: 'VALID',
  ...extra,
});
const LICENCES = [
  row(),
  row({ id: 'l-2', clientId: 'c-2', clientName: 'Globex', assessmentId: ASSESSMENT, assessmentName: 'Backend engineers', credits: 10, used: 10, remaining: 0, state: 'EXHAUSTED' }),
  row({ id: 'l-3', credits: 20, used: 8, remaining: 0, lapsed: 12, validUntil: '2026-10-31T23:59:59Z', state: 'EXPIRED' }),
];

describe('the licences list', () => {
  it('shows provider staff every client’s licences with their credits and state, and the Assign button', async () => {
    mockApi(({ url }) => (url.startsWith('/api/clients/dropdown') ? ok([{ _id: 'c-1', label: 'Acme' }]) : undefined));
    renderPage(<LicenceList />, { profile: profiles.admin(), records: { licences: LICENCES } });
    expect(await columnHeaders()).toEqual(expect.arrayContaining(['Client', 'Assessment', 'Credits', 'Used', 'Left', 'Valid from', 'Valid until', 'State']));
    const rows = await tableRows();
    const rowOf = (credits: string) => rows.find((r) => r.includes(credits));
    expect(rowOf('12 of 50 left')).toEqual(expect.arrayContaining(['Acme', 'Any assessment', '1 Sept 2026', 'Valid']));
    expect(rowOf('0 of 10 left')).toEqual(expect.arrayContaining(['Globex', 'Backend engineers', 'Used up']));
    // Credits of an expired licence can no longer be spent: not "left".
    expect(rowOf('12 of 20 expired unused')).toEqual(expect.arrayContaining(['Acme', 'Expired']));
    expect(rows).toHaveLength(3);
    expect(screen.getByRole('link', { name: /Assign a licence/ }).getAttribute('href')).toBe('/clientLicence/assign');
  });

  it('shows a client its own, read only, in Hindi too', async () => {
    renderPage(<LicenceList />, { profile: profiles.client(), records: { licences: [row()] }, locale: 'hi' });
    const headers = await columnHeaders();
    expect(headers).not.toContain('क्लाइंट');
    expect(headers).toEqual(expect.arrayContaining(['आकलन', 'क्रेडिट', 'बाकी']));
    expect((await tableRows())[0]).toEqual(expect.arrayContaining(['कोई भी आकलन', '50 में से 12 बाकी', '1 सित॰ 2026', 'मान्य']));
    expect(screen.queryByRole('link', { name: /लाइसेंस दें/ })).toBeNull();
  });

  it('refuses users who may not see licences', async () => {
    renderPage(appRoute('/clientLicence'), { profile: profiles.teamMember('CLIENT_SPECIFIC_ROLE', { DASHBOARD: ['view'] }), records: { licences: LICENCES }, path: '/clientLicence', route: '/clientLicence' });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('a licence’s page', () => {
  const record: LicenceRecord = {
    ...row(),
    usage: [{ id: 'i-1', candidateName: 'Priya Sharma', candidateEmail: 'priya@example.com', assessmentId: ASSESSMENT, assessmentName: 'Support hiring', status: 'COMPLETED', entryType: 'INVITE', invitedAt: '2026-10-02T09:30:00Z' }],
    usageTotal: 1,
  };
  const page = (profile: ReturnType<typeof profiles.admin>) =>
    renderPage(
      <Routes>
        <Route path="/clientLicence/:id" element={<LicencePage />} />
      </Routes>,
      { profile, path: '/clientLicence/l-1' },
    );

  it('shows the figures and the invitations that spent the credits; staff may revoke it', async () => {
    let revoked = false;
    mockApi(({ method, url }) => {
      if (method === 'POST' && url === '/api/licences/l-1/revoke') {
        revoked = true;
        return ok({ ...record, state: 'REVOKED', revokedAt: '2026-11-20T10:00:00Z' });
      }
      if (url === '/api/licences/l-1') return ok(revoked ? { ...record, state: 'REVOKED', revokedAt: '2026-11-20T10:00:00Z' } : record);
      return undefined;
    });
    page(profiles.admin());
    expect(await screen.findByText('38 of 50 credits used')).toBeTruthy();
    expect(screen.getByText('Priya Sharma')).toBeTruthy();
    expect(screen.getByText('Annual plan')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke licence' }));
    expect(await screen.findByText(/Its 12 unused credits stop working at once/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke licence' }).at(-1)!);
    await waitFor(() => expect(revoked).toBe(true));
    expect(await screen.findByText('Revoked')).toBeTruthy();
  });

  it('gives a client no revoke button', async () => {
    mockApi(({ url }) => (url === '/api/licences/l-1' ? ok(record) : undefined));
    page(profiles.client());
    expect(await screen.findByText('Priya Sharma')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke licence' })).toBeNull();
  });
});

describe('the assign form', () => {
  const values = { clientId: 'c-1', assessmentId: 'any', credits: '100', validFrom: '2026-12-01', validUntil: '2027-11-30', notes: '' };

  it('checks as the server does', () => {
    expect(checkLicence(values)).toEqual({});
    expect(checkLicence({ ...values, clientId: '' })).toEqual({ clientId: BUSINESS_MESSAGES.licenceClient });
    for (const credits of ['0', '100001', '2.5', 'ten', '']) expect(checkLicence({ ...values, credits }), credits).toEqual({ credits: BUSINESS_MESSAGES.licenceCredits });
    expect(checkLicence({ ...values, validUntil: '2026-11-30' })).toEqual({ validUntil: BUSINESS_MESSAGES.licenceDates });
    // One day is a licence: from its start to its end.
    expect(checkLicence({ ...values, validUntil: values.validFrom })).toEqual({});
  });

  function serve(answer?: (data: unknown) => { status: number; data: unknown }) {
    mockApi(({ method, url, data }) => {
      if (url.startsWith('/api/clients/dropdown')) return ok([{ _id: 'c-1', label: 'Acme Industries' }, { _id: 'c-2', label: 'Globex Solutions' }]);
      if (url === '/api/licences/assessments?clientId=c-1') return ok([{ id: ASSESSMENT, name: 'Support hiring', library: false }]);
      if (method === 'POST' && url === '/api/licences') return answer ? answer(data) : ok(row({ id: 'l-new' }));
      return undefined;
    });
  }
  const fill = async () => {
    fireEvent.change(await screen.findByRole('combobox', { name: /Client/ }), { target: { value: 'Acme' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Industries' }));
    fireEvent.change(screen.getByLabelText(/Credits/), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText(/Valid from/), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText(/Valid until/), { target: { value: '2027-11-30' } });
  };

  it('refuses a form without a client or with bad credits, sending nothing', async () => {
    serve();
    renderPage(<LicenceAssign />, { profile: profiles.admin() });
    fireEvent.change(await screen.findByLabelText(/Credits/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign a licence' }));
    expect(await screen.findByText(BUSINESS_MESSAGES.licenceClient)).toBeTruthy();
    expect(screen.getByText(BUSINESS_MESSAGES.licenceCredits)).toBeTruthy();
    expect(apiRequests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends the licence with its days as the start and end of those days, then opens it', async () => {
    serve();
    const { location } = renderPage(<LicenceAssign />, { profile: profiles.admin(), path: '/clientLicence/assign' });
    await fill();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Assessment/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Support hiring' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign a licence' }));
    await waitFor(() => expect(location().pathname).toBe('/clientLicence/l-new'));
    expect(apiRequests.find((r) => r.method === 'POST')?.data).toEqual({
      clientId: 'c-1',
      assessmentId: ASSESSMENT,
      credits: 250,
      validFrom: startOfDay('2026-12-01'),
      validUntil: endOfDay('2027-11-30'),
      notes: null,
    });
  });

  it('shows the server’s field message on its field', async () => {
    serve(() => ({ status: 400, data: { result: 0, msg: BUSINESS_MESSAGES.licenceAssessment, errors: { assessmentId: BUSINESS_MESSAGES.licenceAssessment } } }));
    renderPage(<LicenceAssign />, { profile: profiles.admin() });
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Assign a licence' }));
    expect((await screen.findAllByText(BUSINESS_MESSAGES.licenceAssessment)).length).toBeGreaterThan(0);
  });
});

describe('low-credit warnings', () => {
  const balance = (extra: Partial<Balance> = {}): Balance => ({
    clientId: 'c-1',
    clientName: 'Acme',
    credits: 100,
    remaining: 5,
    threshold: 10,
    low: true,
    byAssessment: [{ assessmentId: null, assessmentName: null, credits: 100, remaining: 5, soonestExpiry: '2027-01-01T00:00:00Z' }],
    ...extra,
  });
  const serve = (b: Balance) => mockApi(({ url }) => (url === '/api/licences/balance' ? ok(b) : undefined));

  it('warns a client running low, with the way to its licences', async () => {
    serve(balance());
    renderPage(<LowCreditBanner />, { profile: profiles.client(), path: '/candidate' });
    expect(await screen.findByText('Only 5 assessment credits left')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See licences' }).getAttribute('href')).toBe('/clientLicence');
  });

  it('says how to get more when none is left, in Hindi', async () => {
    serve(balance({ remaining: 0, byAssessment: [] }));
    renderPage(<LowCreditBanner />, { profile: profiles.client(), path: '/candidate', locale: 'hi' });
    expect(await screen.findByText('आकलन का कोई क्रेडिट बाकी नहीं')).toBeTruthy();
    expect(screen.getByText(/अपने रिलेशनशिप मैनेजर से लाइसेंस माँगें/)).toBeTruthy();
  });

  it('says nothing while credits are plenty, and asks nothing for provider staff', async () => {
    serve(balance({ remaining: 80, low: false }));
    const { container } = renderPage(<LowCreditBanner />, { profile: profiles.client(), path: '/candidate' });
    await waitFor(() => expect(apiRequests.length).toBe(1));
    expect(container.textContent).toBe('');
    apiRequests.length = 0;
    renderPage(<LowCreditBanner />, { profile: profiles.admin(), path: '/candidate' });
    await new Promise((r) => setTimeout(r, 50));
    expect(apiRequests).toEqual([]);
  });

  it('on the invite screen: the credits this assessment can spend, and a link to order more', async () => {
    serve(balance({ remaining: 0, byAssessment: [{ assessmentId: 'other', assessmentName: 'Other', credits: 5, remaining: 5, soonestExpiry: '2027-01-01T00:00:00Z' }] }));
    renderPage(<InviteCreditNotice assessmentId={ASSESSMENT} clientId="c-1" />, { profile: profiles.client() });
    expect(await screen.findByText('No assessment credits left')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order credits' }).getAttribute('href')).toBe(`/placeOrder/${ASSESSMENT}`);
  });
});
