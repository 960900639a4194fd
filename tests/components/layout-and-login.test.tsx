/** The custom pages: the top bar (navigation per role, greeting, profile and language menus) and the sign-in page. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sendSignedOutToSignIn, takeReturnTo } from '../../src/providers/returnTo';
import { Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import LoginPage from '../../src/custom/auth/LoginPage';
import { TopBar } from '../../src/custom/layout/TopBar';
import type { Profile } from '../../src/providers/authProvider';
import { apiRequests, makeProfile, mockApi, profiles, renderPage, type Locale } from './kit';

/** The top bar as AppLayout mounts it, once the profile has loaded. */
async function renderTopBar(profile: Profile, { locale = 'en', path = '/dashboard' }: { locale?: Locale; path?: string } = {}) {
  const rendered = renderPage(<TopBar profile={profile} />, { profile, locale, path });
  await screen.findByRole('banner');
  return rendered;
}

const nav = (name = 'Main menu') => screen.getByRole('navigation', { name });
const navLinks = (name?: string) => within(nav(name)).getAllByRole('link').map((a) => a.textContent);
const texts = (elements: HTMLElement[]) => elements.map((e) => e.textContent);

async function openProfileMenu(label = 'Profile menu') {
  fireEvent.click(screen.getByRole('button', { name: label }));
  return within(await screen.findByRole('menu'));
}

describe('top navigation', () => {
  it('an admin sees every area and the Content Library', async () => {
    await renderTopBar(profiles.admin());
    expect(navLinks()).toEqual(['Dashboard', 'Participants', 'Clients', 'Licence', 'Campaign', 'Orders']);
    fireEvent.click(within(nav()).getByRole('button', { name: 'Content Library' }));
    const library = within(await screen.findByRole('menu'));
    expect(texts(library.getAllByRole('menuitem'))).toEqual(['Assessments', 'Question Bank', 'Test Library']);
  });

  it('a client sees Dashboard, Participants, Campaign, Orders and the Assessments link', async () => {
    await renderTopBar(profiles.client());
    expect(navLinks()).toEqual(['Dashboard', 'Participants', 'Campaign', 'Orders', 'Assessments']);
    expect(within(nav()).queryByRole('button', { name: 'Content Library' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Assessments' }).getAttribute('href')).toBe('/assessment');
  });

  it('a team member sees only what the job role lets them view', async () => {
    await renderTopBar(profiles.teamMember('SKILLGAUGE_TEAM', { CANDIDATES: ['view'], ORDERS: ['create'], QUESTIONS: ['view'] }));
    expect(navLinks()).toEqual(['Participants']);
    expect(within(nav()).getByRole('button', { name: 'Content Library' })).toBeTruthy();
  });

  it('marks the current area', async () => {
    await renderTopBar(profiles.admin(), { path: '/candidate/42' });
    expect(within(nav()).getByRole('link', { name: 'Participants' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('greets with the name shortened to 8 characters', async () => {
    await renderTopBar(makeProfile({ role: 'ADMIN', name: 'Asha Admin' }));
    const greeting = screen.getByText('Hi, Asha Adm…');
    expect(greeting.getAttribute('title')).toBe('Asha Admin');
  });

  it('keeps a short name whole', async () => {
    await renderTopBar(makeProfile({ role: 'CLIENT', name: 'Ravi' }));
    expect(screen.getByText('Hi, Ravi')).toBeTruthy();
  });

  it('speaks Hindi', async () => {
    await renderTopBar(profiles.admin(), { locale: 'hi' });
    expect(navLinks('मुख्य मेनू')[0]).toBe('डैशबोर्ड');
    expect(within(nav('मुख्य मेनू')).getByRole('button', { name: 'सामग्री लाइब्रेरी' })).toBeTruthy();
  });

  it('switches language from the language menu and remembers the choice', async () => {
    await renderTopBar(profiles.admin());
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'हिन्दी' }));
    // The navigation's own name follows too.
    await waitFor(() => expect(navLinks('मुख्य मेनू')[0]).toBe('डैशबोर्ड'));
    expect(localStorage.getItem('language')).toBe('hi');
    expect(document.documentElement.getAttribute('lang')).toBe('hi');
  });

  it('collapses into a menu button on a narrow screen', async () => {
    window.innerWidth = 375;
    await renderTopBar(profiles.client());
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(texts(within(menu).getAllByRole('link'))).toEqual(['Dashboard', 'Participants', 'Campaign', 'Orders', 'Assessments']);
    expect(within(menu).getByText('Hi, Chitra C…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeTruthy();
  });
});

describe('profile menu', () => {
  it('an admin: profile, per-permission entries, then Locations, Change Password, Logout', async () => {
    await renderTopBar(profiles.admin());
    const menu = await openProfileMenu();
    expect(texts(menu.getAllByRole('menuitem'))).toEqual([
      'Profile',
      'Competencies',
      'Authors',
      'Team Members',
      'Categories',
      'Roles',
      'Industries',
      'Relationship Manager',
      'Sales Person',
      'Languages',
      'Vertical',
      'Users',
      'Outbox',
      'Locations',
      'Change Password',
      'Logout',
    ]);
    expect(menu.getByRole('menuitem', { name: 'Roles' }).getAttribute('href')).toBe('/job-roles');
    // Entries line up: each has its icon column.
    const withoutIcon = menu.getAllByRole('menuitem').filter((item) => !item.querySelector('.MuiListItemIcon-root svg'));
    expect(texts(withoutIcon)).toEqual([]);
  });

  it('a member with view on ROLES: Roles and Vertical (which follows Roles), then the fixed entries', async () => {
    await renderTopBar(profiles.teamMember('CLIENT_SPECIFIC_ROLE', { ROLES: ['view'], CATEGORIES: ['view'] }));
    const menu = await openProfileMenu();
    expect(texts(menu.getAllByRole('menuitem'))).toEqual(['Profile', 'Company details', 'Roles', 'Vertical', 'Locations', 'Change Password', 'Logout']);
  });

  it('shows the first letter of the name and signs out', async () => {
    const { authProvider } = await renderTopBar(makeProfile({ role: 'USER', name: 'meera' }));
    expect(within(screen.getByRole('button', { name: 'Profile menu' })).getByText('M')).toBeTruthy();
    const menu = await openProfileMenu();
    expect(texts(menu.getAllByRole('menuitem'))).toEqual(['Profile', 'Locations', 'Change Password', 'Logout']);
    fireEvent.click(menu.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('in Hindi', async () => {
    await renderTopBar(profiles.client(), { locale: 'hi' });
    const menu = await openProfileMenu('प्रोफ़ाइल मेनू');
    expect(texts(menu.getAllByRole('menuitem')).slice(-3)).toEqual(['स्थान', 'पासवर्ड बदलें', 'लॉग आउट']);
  });
});

// ---------------------------------------------------------------------------------------------
// The sign-in page, against a mocked HTTP client (the app's axios instance, not the network)

/** The sign-in page with react-admin's toasts, where a failed sign-in says why. */
async function renderLogin(locale: Locale = 'en') {
  const rendered = renderPage(
    <>
      <LoginPage />
      <Notification />
    </>,
    { profile: null, locale, path: '/' },
  );
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

function signIn(email: string, password: string, { emailLabel = 'Email or username', passwordLabel = 'Password', button = 'Sign in' } = {}) {
  fireEvent.change(screen.getByLabelText(emailLabel), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(passwordLabel), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

const INVALID = { status: 401, data: { result: 0, msg: 'Invalid username or password' } };

describe('login page', () => {
  it('renders in English', async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to Skillgauge' })).toBeTruthy();
    expect(screen.getByLabelText('Email or username')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgotpassword');
  });

  it('asks for the email and password when submitted empty, without calling the server', async () => {
    await renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email or username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(apiRequests.filter((r) => r.url === '/api/users/login')).toEqual([]);
  });

  it('shows "Invalid username or password" when the server answers 401', async () => {
    mockApi(({ url }) => (url === '/api/users/login' ? INVALID : undefined));
    await renderLogin();
    signIn('asha@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    // Said once: a toast, not a toast and an alert in the form.
    expect(screen.getAllByText('Invalid username or password')).toHaveLength(1);
    expect(apiRequests.find((r) => r.url === '/api/users/login')).toMatchObject({
      method: 'POST',
      url: '/api/users/login',
      data: { email: 'asha@example.com', password: 'wrong-password' },
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the same message in Hindi', async () => {
    mockApi(({ url }) => (url === '/api/users/login' ? INVALID : undefined));
    await renderLogin('hi');
    fireEvent.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByText('ईमेल या यूज़रनेम आवश्यक है')).toBeTruthy();
    signIn('asha', 'wrong-password', { emailLabel: 'ईमेल या यूज़रनेम', passwordLabel: 'पासवर्ड', button: 'साइन इन करें' });
    expect((await screen.findByRole('alert')).textContent).toBe('अमान्य यूज़रनेम या पासवर्ड');
    expect(screen.getAllByText('अमान्य यूज़रनेम या पासवर्ड')).toHaveLength(1);
    expect(screen.queryByText('Invalid username or password')).toBeNull();
  });

  it('says so when the server cannot be reached', async () => {
    mockApi(({ url }) => (url === '/api/users/login' ? { status: 0 } : undefined));
    await renderLogin();
    signIn('asha@example.com', 'secret123');
    expect((await screen.findByRole('alert')).textContent).toBe('Probably you are offline.');
  });

  it('signs a verified user in and lands on the first area they may see', async () => {
    const admin = makeProfile({ role: 'ADMIN', name: 'Asha Admin', email: 'asha@example.com' });
    mockApi(({ url }) => {
      if (url === '/api/users/login') return { status: 200, data: { result: 1, data: { token: 'token-1', isVerified: true, email: 'asha@example.com' } } };
      if (url === '/api/users/me') return { status: 200, data: { result: 1, data: admin } };
      return undefined;
    });
    const { location } = await renderLogin();
    signIn('asha@example.com', 'secret123');
    await waitFor(() => expect(location().pathname).toBe('/skillgaugeGraphicalDashboard'));
    expect(localStorage.getItem('accessToken')).toBe('token-1');
  });

  it('a mailed link opened signed out shows the sign-in form at once, and returns to the link after sign-in', async () => {
    const replaced: string[] = [];
    const history = { replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url) } as unknown as History;
    const opened = { pathname: '/candidate-details/0b7c7d52-7f3c-4a55-9d1e-2a0f2b1c0d11', search: '?language=hi', hash: '' } as Location;
    sendSignedOutToSignIn(false, opened, history);
    expect(replaced).toEqual(['/']);
    // Public pages, print pages and a browser with a session are left where they are.
    for (const pathname of ['/', '/otp', '/login-loader', '/print/candidate-report/abc']) sendSignedOutToSignIn(false, { ...opened, pathname, search: '' }, history);
    sendSignedOutToSignIn(true, { ...opened, pathname: '/orders' }, history);
    expect(replaced).toEqual(['/']);

    const client = makeProfile({ role: 'CLIENT', name: 'Aarav Client', email: 'client@acme.demo', clientId: 'c-1' });
    mockApi(({ url }) => {
      if (url === '/api/users/login') return { status: 200, data: { result: 1, data: { token: 'token-2', isVerified: true, email: 'client@acme.demo' } } };
      if (url === '/api/users/me') return { status: 200, data: { result: 1, data: client } };
      return undefined;
    });
    const { location } = await renderLogin();
    signIn('client@acme.demo', 'secret123');
    await waitFor(() => expect(location().pathname).toBe(opened.pathname));
    expect(location().search).toBe('?language=hi');
    // Used once: the next sign-in lands as usual.
    expect(takeReturnTo('/dashboard')).toBe('/dashboard');
  });

  it('never returns to another site after sign-in', () => {
    const history = { replaceState: () => undefined } as unknown as History;
    sendSignedOutToSignIn(false, { pathname: '//evil.example/path', search: '', hash: '' } as Location, history);
    expect(takeReturnTo('/dashboard')).toBe('/dashboard');
  });

  it('sends an unverified user to the code page', async () => {
    mockApi(({ url }) => {
      if (url === '/api/users/login') return { status: 200, data: { result: 1, data: { token: null, isVerified: false, email: 'new@example.com' } } };
      if (url === '/api/users/generate-otp') return { status: 200, data: { result: 1, data: {} } };
      return undefined;
    });
    const { location } = await renderLogin();
    signIn('new@example.com', 'secret123');
    await waitFor(() => expect(location().pathname).toBe('/otp'));
    expect(apiRequests.find((r) => r.url === '/api/users/generate-otp')?.data).toEqual({ email: 'new@example.com' });
    expect(sessionStorage.getItem('pendingEmail')).toBe('new@example.com');
  });
});
