/** Issue 12 in the interface: the sign-in buttons as configured, and the linked sign-ins on /profile, in English and Hindi. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import LoginPage from '../../src/custom/auth/LoginPage';
import { LinkedInPage } from '../../src/custom/auth/ProviderPages';
import { storage } from '../../src/providers/storage';
import ProfilePage from '../../src/custom/pages/ProfilePage';
import { apiRequests, makeProfile, mockApi, renderPage, type Locale } from './kit';

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

const PROVIDERS_OFF = { google: false, googleClientId: null, googleRedirect: false, linkedin: false, linkedinClientId: null, linkedinScope: null, linkedinRedirectUri: null };

describe('the sign-in buttons', () => {
  it('say that a provider is not configured, and do nothing', async () => {
    mockApi(({ url }) => (url === '/api/auth/providers' ? ok(PROVIDERS_OFF) : undefined));
    renderPage(<LoginPage />, { profile: null });
    const google = await screen.findByRole('button', { name: 'Sign in with Google (not configured)' });
    expect((google as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Sign in with LinkedIn (not configured)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(apiRequests.some((r) => r.url === '/api/auth/oauth-state')).toBe(false);
  });

  it('fetch LinkedIn’s state before the click, so that the popup opens within it', async () => {
    mockApi(({ url }) => {
      if (url === '/api/auth/providers') return ok({ ...PROVIDERS_OFF, linkedin: true, linkedinClientId: 'client', linkedinScope: 'openid', linkedinRedirectUri: 'http://localhost/linkedIn' });
      if (url === '/api/auth/oauth-state') return ok({ state: 'A'.repeat(20) });
      return undefined;
    });
    renderPage(<LoginPage />, { profile: null });
    const button = await screen.findByRole('button', { name: 'Sign in with LinkedIn' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(apiRequests.find((r) => r.url === '/api/auth/oauth-state')?.data).toEqual({ provider: 'linkedin', redirect: false });
  });
});

function renderProfile(locale: Locale, signIns: { hasPassword: boolean; identities: object[] }, answers: Record<string, { status: number; data: unknown }> = {}) {
  mockApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/users/me/sign-ins') return ok(signIns);
    return answers[`${method} ${url}`];
  });
  return renderPage(
    <>
      <ProfilePage />
      <Notification />
    </>,
    { locale, profile: makeProfile({ role: 'USER', name: 'Farah Khan', email: 'farah@example.in' }) },
  );
}

const LINKEDIN = { id: '3f1c2a4e-0000-4000-8000-000000000001', provider: 'linkedin', email: 'farah@example.in', createdAt: '2026-11-20T10:00:00Z', lastUsedAt: '2026-11-23T10:00:00Z' };

describe('LinkedIn’s popup page', () => {
  it('hands the code to the opener and leaves the closing to it (a popup that closed itself lost the code to the opener’s closed-popup check)', async () => {
    localStorage.setItem('linkedin_oauth2_state', 'S'.repeat(20));
    window.history.replaceState(null, '', `/linkedIn?code=the-code&state=${'S'.repeat(20)}`);
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderPage(<LinkedInPage />, { profile: null });
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(postMessage).toHaveBeenCalledWith({ code: 'the-code', state: 'S'.repeat(20), from: 'Linked In' }, window.location.origin);
    expect(close).not.toHaveBeenCalled();
    expect(await screen.findByText('Signing you in…')).toBeTruthy();
    window.history.replaceState(null, '', '/');
    localStorage.removeItem('linkedin_oauth2_state');
  });

  it('sends a state that is not the stored one back as a mismatch', async () => {
    localStorage.setItem('linkedin_oauth2_state', 'S'.repeat(20));
    window.history.replaceState(null, '', `/linkedIn?code=the-code&state=${'T'.repeat(20)}`);
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    renderPage(<LinkedInPage />, { profile: null });
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(postMessage.mock.calls[0][0]).toMatchObject({ error: 'state_mismatch', from: 'Linked In' });
    expect(postMessage.mock.calls[0][0]).not.toHaveProperty('code');
    window.history.replaceState(null, '', '/');
    localStorage.removeItem('linkedin_oauth2_state');
  });
});

describe('linked sign-ins on the profile', () => {
  it('lists a link, offers a first password and hides the changes that need one', async () => {
    renderProfile('en', { hasPassword: false, identities: [LINKEDIN] }, { 'POST /api/users/set-password': ok({ token: 'fresh-token', expiresIn: 900, hasPassword: true }) });
    const section = await screen.findByRole('region', { name: 'Linked sign-ins' });
    expect(await within(section).findByText('LinkedIn · farah@example.in')).toBeTruthy();
    expect(within(section).getByText(/no password yet/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change Password' })).toBeNull();

    fireEvent.change(within(section).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Set password' }));
    expect(await within(section).findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(apiRequests.some((r) => r.url === '/api/users/set-password')).toBe(false);

    fireEvent.change(within(section).getByLabelText('New password'), { target: { value: 'Farah@2026x' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(apiRequests.find((r) => r.url === '/api/users/set-password')?.data).toEqual({ newPassword: 'Farah@2026x' }));
    // The answer's session replaces the one the new password ended.
    await waitFor(() => expect(storage.token()).toBe('fresh-token'));
  });

  it('removes a link after asking, and says in Hindi why the only way in stays', async () => {
    renderProfile('hi', { hasPassword: false, identities: [LINKEDIN] }, {
      [`DELETE /api/users/me/sign-ins/${LINKEDIN.id}`]: { status: 400, data: { result: 0, msg: 'Set a password before you remove your only way to sign in.' } },
    });
    const section = await screen.findByRole('region', { name: 'जुड़े हुए साइन-इन' });
    fireEvent.click(await within(section).findByRole('button', { name: 'हटाएँ' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('LinkedIn साइन-इन हटाएँ?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /पुष्टि करें/ }));
    expect(await screen.findByText('साइन इन का अपना इकलौता तरीका हटाने से पहले पासवर्ड सेट करें।')).toBeTruthy();
    expect(apiRequests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('shows the password changes to an account that has a password, and says when nothing is linked', async () => {
    renderProfile('en', { hasPassword: true, identities: [] });
    expect(await screen.findByText(/No Google or LinkedIn sign-in is linked/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change Password' })).toBeTruthy();
    expect(screen.queryByText(/no password yet/)).toBeNull();
  });
});
