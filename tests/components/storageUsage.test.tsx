/** The Users screen's storage panel: administrators see each account's and client's usage of its quota, in English and Hindi. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../src/i18n';
import { failureWords } from '../../src/i18n/messages';
import { UserList } from '../../src/resources/users/UserViews';
import { apiRequests, mockApi, profiles, renderResource, type Locale } from './kit';

const MB = 1024 * 1024;
const USAGE = {
  quotas: { userBytes: 1024 * MB, clientBytes: 10 * 1024 * MB },
  users: [
    { id: 'u1', name: 'Asha Recruiter', email: 'asha@acme.test', role: 'USER', clientId: 'c1', clientName: 'Acme', bytes: 950 * MB, files: 3 },
    { id: 'u2', name: 'Tara Author', email: 'tara@example.test', role: 'CONTRIBUTOR', clientId: null, clientName: null, bytes: 300 * MB, files: 1 },
  ],
  clients: [{ id: 'c1', name: 'Acme', bytes: 1536 * MB, files: 3 }],
};

function renderUsers(locale: Locale, profile = profiles.admin()) {
  mockApi(({ method, url }) => (method === 'GET' && url === '/api/storage-usage' ? { status: 200, data: { result: 1, data: USAGE } } : undefined));
  return renderResource(<UserList />, { resource: 'users', records: { users: [] }, locale, profile });
}

describe('storage usage on the Users screen', () => {
  it('shows administrators the quotas and who uses how much', async () => {
    renderUsers('en');
    const panel = await screen.findByRole('region', { name: 'Storage' });
    expect(await within(panel).findByText('Quota: 1 GB per account, 10 GB per client (all its users together).')).toBeTruthy();
    const asha = await within(panel).findByTestId('storage-u1');
    expect(asha.textContent).toContain('Asha Recruiter');
    expect(asha.textContent).toContain('950 MB of 1 GB · 3 files');
    expect(within(panel).getByTestId('storage-u2').textContent).toContain('300 MB of 1 GB · 1 file');
    expect(within(panel).getByTestId('storage-c1').textContent).toContain('1.5 GB of 10 GB · 3 files');
    expect(within(asha).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('93');
  });

  it('says it in Hindi', async () => {
    renderUsers('hi');
    const panel = await screen.findByRole('region', { name: 'संग्रहण' });
    expect(await within(panel).findByText(/सबसे अधिक उपयोग करने वाले खाते/)).toBeTruthy();
    expect(within(panel).getByTestId('storage-u1').textContent).toMatch(/में से .* · 3 फ़ाइलें/);
  });

  it('is not there for anyone else, and asks nothing of the server', async () => {
    renderUsers('en', profiles.teamMember('SKILLGAUGE_TEAM', { 'TEAM MEMBERS': ['view'] }));
    // The list itself has rendered (its search box), without the panel.
    await screen.findAllByRole('textbox');
    expect(screen.queryByRole('region', { name: 'Storage' })).toBeNull();
    expect(apiRequests.some((r) => r.url === '/api/storage-usage')).toBe(false);
  });
});

describe('the quota message', () => {
  it('reads in Hindi, with its figures', () => {
    const t = createI18nProvider('hi').translate;
    expect(failureWords(t, { code: 'overQuota', params: { used: '950 MB', quota: '1 GB' } })).toBe(
      'यह अपलोड आपके संग्रहण कोटा से आगे चला जाएगा: 1 GB में से 950 MB उपयोग हो चुका है। अधिक जगह के लिए किसी व्यवस्थापक से कहें।',
    );
    expect(failureWords(t, { code: 'overClientQuota', params: { used: '9.8 GB', quota: '10 GB' } })).toMatch(/^यह अपलोड आपके संगठन के संग्रहण कोटा से आगे चला जाएगा: 10 GB में से 9.8 GB/);
  });
});
