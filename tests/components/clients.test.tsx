/**
 * The clients screens: the list (columns, translated zone and status, in Hindi too), the client
 * form (validation with the shared rules, contacts with one primary, only the form's fields sent),
 * the given assessments, and /details (the provider's fields read only, only the client-editable
 * fields sent, read only for team members who may not change them).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import { CLIENT_MESSAGES } from '../../src/domain/clients';
import { createI18nProvider } from '../../src/i18n';
import { failureWords, translateMessage } from '../../src/i18n/messages';
import ClientList from '../../src/resources/clients/ClientList';
import { ClientCreatePage, ClientEditPage } from '../../src/resources/clients/ClientPages';
import { ClientAssessmentsPage } from '../../src/resources/clients/ClientAssessments';
import DetailsPage from '../../src/resources/clients/DetailsPage';
import { apiRequests, columnHeaders, mockApi, profiles, renderPage, renderResource, tableRows } from './kit';

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });
const SALES = [{ _id: 'sp-1', label: 'Sunita Sales' }];
const MANAGERS = [{ _id: 'rm-1', label: 'Rahul Relationship' }];
const INDUSTRIES = [{ _id: 'in-1', label: 'Manufacturing' }];

/** The form's dropdown calls. */
function dropdowns() {
  mockApi(({ url }) => {
    if (url.startsWith('/api/clients/sales-persons')) return ok(SALES);
    if (url.startsWith('/api/clients/relationship-managers')) return ok(MANAGERS);
    if (url.startsWith('/api/clients/industries')) return ok(INDUSTRIES);
    if (url.startsWith('/api/clients/verticals') || url.startsWith('/api/clients/locations')) return ok([]);
    return undefined;
  });
}

const client = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  legalType: 'PRIVATE_LIMITED',
  industryId: 'in-1',
  industryName: 'Manufacturing',
  verticalId: null,
  verticalName: null,
  zone: 'WEST',
  locationId: null,
  locationName: 'Mumbai',
  address: 'Plot 14, MIDC',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '410501',
  gstin: '27AABCA1234M1ZU',
  pan: 'AABCA1234M',
  website: 'https://acme.demo',
  phone: '+91 20 6712 4400',
  email: 'hr@acme.demo',
  logoFileId: null,
  logoUrl: null,
  salesPersonId: 'sp-1',
  salesPersonName: 'Sunita Sales',
  relationshipManagerId: 'rm-1',
  relationshipManagerName: 'Rahul Relationship',
  status: 'ACTIVE',
  lowCreditThreshold: 10,
  userCount: 2,
  licenceBalance: 40,
  contacts: [
    { id: '00000000-0000-4000-8000-0000000000c1', name: 'Neha Kulkarni', email: 'neha@acme.demo', phone: null, designation: 'Head of TA', isPrimary: true },
    { id: '00000000-0000-4000-8000-0000000000c2', name: 'Sanjay Deshmukh', email: null, phone: null, designation: null, isPrimary: false },
  ],
  users: [{ id: 'u-1', name: 'Aarav Acme', email: 'client@acme.demo', role: 'CLIENT', isActive: true, lastLoginAt: null }],
  orderCount: 0,
  invitationCount: 3,
  createdAt: '2026-06-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...extra,
});

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const save = (label = 'Save') => fireEvent.click(screen.getByText(label).closest('button')!);

describe('the clients list', () => {
  it('shows the columns, with zone and status translated', async () => {
    dropdowns();
    renderResource(<ClientList />, { resource: 'clients', records: { clients: [client('c1', 'Acme Industries'), client('c2', 'Narmada Textiles', { status: 'INACTIVE', zone: 'CENTRAL', industryName: null })] } });
    expect(await columnHeaders()).toEqual(['Company name', 'Industry', 'Zone', 'City', 'Location', 'Status', 'Sales person', 'Relationship manager', 'Users', 'Credits left']);
    const rows = await tableRows();
    expect(rows[0]).toEqual(['Acme Industries', 'Manufacturing', 'West', 'Pune', 'Mumbai', 'Active', 'Sunita Sales', 'Rahul Relationship', '2', '40']);
    expect(rows[1].slice(0, 6)).toEqual(['Narmada Textiles', '—', 'Central', 'Pune', 'Mumbai', 'Inactive']);
    expect(screen.getByText('New client')).toBeTruthy();
  });

  it('speaks Hindi, and hides New client from staff who may not create', async () => {
    dropdowns();
    renderResource(<ClientList />, {
      resource: 'clients',
      locale: 'hi',
      profile: profiles.teamMember('SKILLGAUGE_TEAM', { CLIENTS: ['view'] }),
      records: { clients: [client('c1', 'Acme Industries')] },
    });
    expect(await columnHeaders()).toContain('कंपनी का नाम');
    expect((await tableRows())[0]).toContain('पश्चिम');
    expect(screen.queryByText('नया क्लाइंट')).toBeNull();
  });
});

describe('the client form', () => {
  it('checks the GSTIN with the shared rule before sending', async () => {
    dropdowns();
    const view = renderResource(<ClientCreatePage />, { resource: 'clients', path: '/skillgaugeClient/new' });
    fireEvent.change(await screen.findByLabelText(/Company name/), { target: { value: 'Rann Solar' } });
    fireEvent.change(input(/GSTIN/), { target: { value: '29ABCDE1234F1ZX' } });
    save();
    expect(await screen.findByText(BUSINESS_MESSAGES.invalidGstin)).toBeTruthy();
    expect(view.dataProvider.db.clients ?? []).toHaveLength(0);
  });

  it('creates a client with contacts, one primary, sending only the form’s fields', async () => {
    dropdowns();
    const view = renderResource(<ClientCreatePage />, { resource: 'clients', path: '/skillgaugeClient/new' });
    fireEvent.change(await screen.findByLabelText(/Company name/), { target: { value: 'Rann Solar' } });
    fireEvent.change(input(/GSTIN/), { target: { value: '29abcde1234f1zw' } });
    const add = () => fireEvent.click(screen.getByRole('button', { name: /add/i }));
    add();
    add();
    const names = await screen.findAllByLabelText('Name');
    fireEvent.change(names[0], { target: { value: 'Lata Iyer' } });
    fireEvent.change(names[1], { target: { value: 'Ravi Kumar' } });
    const primaries = screen.getAllByLabelText('Primary contact') as HTMLInputElement[];
    fireEvent.click(primaries[0]);
    fireEvent.click(primaries[1]);
    // Marking the second primary unmarks the first.
    await waitFor(() => expect((screen.getAllByLabelText('Primary contact') as HTMLInputElement[]).map((c) => c.checked)).toEqual([false, true]));
    save();
    await waitFor(() => expect(view.dataProvider.db.clients).toHaveLength(1));
    const saved = view.dataProvider.db.clients[0];
    expect(saved).toMatchObject({ name: 'Rann Solar', gstin: '29abcde1234f1zw', status: 'ACTIVE', contacts: [{ name: 'Lata Iyer', isPrimary: false }, { name: 'Ravi Kumar', isPrimary: true }] });
    expect(Object.keys(saved)).not.toContain('users');
  });

  it('refuses two primary contacts from the record, and shows the client’s users and summary', async () => {
    dropdowns();
    const record = client('c1', 'Acme Industries', { contacts: [{ id: 'a', name: 'A', email: null, phone: null, designation: null, isPrimary: true }, { id: 'b', name: 'B', email: null, phone: null, designation: null, isPrimary: true }] });
    const view = renderResource(<ClientEditPage />, { resource: 'clients', path: '/skillgaugeClient/c1', route: '/skillgaugeClient/:id', records: { clients: [record] } });
    expect(await screen.findByText('Aarav Acme')).toBeTruthy();
    expect(screen.getByText('Orders: 0 · Invitations: 3')).toBeTruthy();
    fireEvent.change(input(/City/), { target: { value: 'Nashik' } });
    save();
    expect(await screen.findByText('Mark exactly one contact person as primary.')).toBeTruthy();
    expect(view.dataProvider.db.clients[0].city).toBe('Pune');
  });
});

describe('the assessments given to a client', () => {
  it('lists them with the client’s own settings', async () => {
    mockApi(({ url }) => {
      if (url === '/api/clients/c1') return ok(client('c1', 'Acme Industries'));
      if (url === '/api/clients/c1/assessments')
        return ok([{ id: 'a1', assessmentId: 'a1', name: 'Customer Service Aptitude', status: 'ACTIVE', type: 'INVITED', languages: ['en', 'hi'], settings: { displayName: 'Acme Service Desk', languages: ['en'], invitationDays: 10 }, grantedByName: 'Asha Admin', createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' }]);
      return undefined;
    });
    renderPage(<ClientAssessmentsPage />, { path: '/skillgaugeClient/viewAssessment/c1', route: '/skillgaugeClient/viewAssessment/:clientId' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Acme Service Desk')).toBeTruthy();
    expect(within(table).getByText('English')).toBeTruthy();
    expect(within(table).getByText('10')).toBeTruthy();
    expect(screen.getByText('Give an assessment')).toBeTruthy();
  });
});

describe('/details', () => {
  function details(mayEdit: boolean) {
    mockApi(({ method, url, data }) => {
      if (url === '/api/clients/details' && method === 'GET') return ok({ ...client('c1', 'Acme Industries'), editable: [], mayEdit });
      if (url === '/api/clients/details' && method === 'PUT') return ok({ ...client('c1', 'Acme Industries'), ...(data as object) });
      return undefined;
    });
  }

  it('shows the provider’s fields read only and sends only what a client may change', async () => {
    details(true);
    renderPage(<DetailsPage />, { profile: profiles.client(), path: '/details' });
    expect(await screen.findByText('27AABCA1234M1ZU')).toBeTruthy();
    expect(screen.getByText('Sunita Sales')).toBeTruthy();
    expect(screen.queryByLabelText(/GSTIN/)).toBeNull();
    expect(screen.queryByLabelText(/Company name/)).toBeNull();
    fireEvent.change(input(/City/), { target: { value: 'Nashik' } });
    save();
    await waitFor(() => expect(apiRequests.some((r) => r.method === 'PUT')).toBe(true));
    const sent = apiRequests.find((r) => r.method === 'PUT')!.data as Record<string, unknown>;
    expect(sent.city).toBe('Nashik');
    expect(Object.keys(sent).sort()).toEqual(['address', 'city', 'contacts', 'email', 'logoFileId', 'phone', 'postalCode', 'slug', 'state', 'website']);
  });

  it('is read only for a team member who may not change it, and in Hindi', async () => {
    details(false);
    renderPage(<DetailsPage />, { profile: profiles.teamMember('CLIENT_SPECIFIC_ROLE', { CANDIDATES: ['view'] }), locale: 'hi', path: '/details' });
    expect(await screen.findByText('यह विवरण केवल आपकी कंपनी का मुख्य खाता बदल सकता है।')).toBeTruthy();
    expect(input(/शहर/).disabled).toBe(true);
    expect(screen.queryByText('सहेजें')).toBeNull();
  });

  it('is not for provider staff', async () => {
    details(true);
    renderPage(<DetailsPage />, { profile: profiles.admin(), path: '/details' });
    await waitFor(() => expect(apiRequests).toHaveLength(0));
    expect(screen.queryByText('27AABCA1234M1ZU')).toBeNull();
  });
});


describe('the server’s client messages', () => {
  it('are shown in Hindi', () => {
    const { translate } = createI18nProvider('hi');
    expect(translateMessage(translate, BUSINESS_MESSAGES.gstinTaken)).toBe('यह GSTIN किसी दूसरे क्लाइंट का है।');
    expect(translateMessage(translate, CLIENT_MESSAGES.notLibrary)).toBe('क्लाइंट को केवल प्रदाता की लाइब्रेरी के आकलन दिए जा सकते हैं।');
    expect(failureWords(translate, { code: 'notEditableByClient', params: { fields: 'name, gstin' } })).toBe('इसे केवल आपका रिलेशनशिप मैनेजर बदल सकता है: name, gstin।');
    expect(failureWords(translate, { code: 'grantedLanguage', params: { languages: 'en' } })).toBe('आपकी कंपनी इस आकलन में केवल इन भाषाओं में आमंत्रित कर सकती है: en।');
  });
});
