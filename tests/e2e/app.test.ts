/** The product in Chromium: sign-in with the mailed code, navigation per account, every route, Hindi, narrow screens. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PRODUCT } from '../../src/domain/constants';
import { CLIENT_ASSESSMENTS, CONTENT_LIBRARY, PROFILE_MENU, TOP_NAV } from '../../src/domain/navigation';
import type { Principal } from '../../src/domain/permissions';
import { DEMO_ACCOUNTS, DEMO_JOB_ROLES } from '../../server/seeds/seed';
import en from '../../src/i18n/en';
import { until } from '../support/until';
import { DEMO_PASSWORD, latestCode, latestMail, newContext, signIn, startForFile, watchErrors } from './support';

const nav = (en as unknown as { app: { nav: Record<string, string> } }).app.nav;

const running = startForFile();

/** The error screen's text at `path`, or null when the page rendered. */
async function errorScreenAt(page: Page, path: string): Promise<string | null> {
  const text = await page.locator('body').innerText();
  return text.includes('Unexpected Application Error!') ? `${path} (now at ${new URL(page.url()).pathname}):\n${text.slice(-300)}` : null;
}

async function expectNoErrorScreen(page: Page, path: string) {
  const failure = await errorScreenAt(page, path);
  assert.equal(failure, null, `error screen at ${failure}`);
}

describe('sign-in', () => {
  it('an unverified account signs in with the code read from the outbox', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, running.product.url, 'pending@skillgauge.demo');
    await page.waitForURL('**/otp');
    await page.getByText('We sent a 6-digit code to pending@skillgauge.demo').waitFor();
    const code = await latestCode(running.product.url, 'pending@skillgauge.demo');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    // A USER account's only area is its own questions ('My Question').
    await page.waitForURL('**/questions');
    await page.getByText('Hi, Pranav P…').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('email')), 'pending@skillgauge.demo');
    assert.ok(await page.evaluate(() => localStorage.getItem('accessToken')));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a company signs up, verifies the mailed code and lands on its dashboard', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    await page.goto(`${running.product.url}/`);
    await page.getByRole('link', { name: 'Sign up your company' }).click();
    await page.getByLabel('Company name').fill('Initech');
    await page.getByLabel('Your name').fill('Peter Gibbons');
    await page.getByLabel('Email', { exact: true }).fill('peter@initech.test');
    await page.getByLabel('Password').fill('Initech2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/otp');
    await page.getByLabel('Verification code').fill(await latestCode(running.product.url, 'peter@initech.test'));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(`**/${PRODUCT}GraphicalDashboard`);
    await page.getByText('Client: Initech').waitFor();
    await context.close();
  });

  it('a forgotten password is reset through the mailed link', async () => {
    // An account of its own, so that the demo accounts keep their password for the other tests.
    const email = 'forgetful@example.test';
    const registered = await fetch(`${running.product.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Forgetful Fatima', email, password: 'First-pass-2026' }),
    });
    assert.equal(registered.status, 200);
    const context = await newContext(running.browser);
    const page = await context.newPage();
    await page.goto(`${running.product.url}/`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // Exact: until the lazily loaded page replaces it, the sign-in page's "Email or username" is there too.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account uses this email, a reset link is on its way.').waitFor();
    const link = (await latestMail(running.product.url, email)).textBody.match(/https?:\/\/\S+resetPassword\?token=\S+/)?.[0];
    assert.ok(link, 'the mail holds a reset link');
    // A mailed link: the one place a person opens an address they did not click to in the app.
    await page.goto(link);
    await page.getByText(`Your link is valid for ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/newPassword');
    await page.getByLabel('New password', { exact: true }).fill('Brand-new-2026');
    await page.getByLabel('Confirm the new password').fill('Brand-new-2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await signIn(page, running.product.url, email, 'Brand-new-2026');
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    await context.close();
  });

  it('a wrong password shows the message of the specification', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    await signIn(page, running.product.url, 'admin@skillgauge.demo', 'wrong-password-1');
    await page.getByText('Invalid username or password').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    await context.close();
  });

  it('signed-out visitors of a private page see the sign-in form at once, and come back to the page after it', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    // A mailed link ("Read the report", an order) opened without a session.
    await page.goto(`${running.product.url}/orders?from=mail`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    // Shown straight away: one load and one address change, not a loop of redirects.
    assert.ok(navigations <= 3, `${navigations} navigations before the sign-in form`);
    await page.getByLabel('Email or username').fill('client@acme.demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/orders' && url.search === '?from=mail');
    await expectNoErrorScreen(page, '/orders');
    await context.close();
  });
});

/** The principal of a demo account, as the server computes it from its job role. */
function principalOf(account: (typeof DEMO_ACCOUNTS)[number]): Principal {
  const jobRole = DEMO_JOB_ROLES.find((r) => r.key === account.jobRole);
  return { role: account.role, membershipType: account.membershipType ?? null, permissions: jobRole?.permissions ?? [] };
}

describe('navigation per account', () => {
  for (const account of DEMO_ACCOUNTS.filter((a) => a.verified !== false)) {
    it(`${account.email} sees exactly the items it may`, async () => {
      const principal = principalOf(account);
      const context = await newContext(running.browser);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signIn(page, running.product.url, account.email);
      await page.getByRole('button', { name: 'Profile menu' }).waitFor();
      const main = page.locator('header nav#main-navigation');

      const expectedMain = TOP_NAV.filter((i) => i.visible(principal)).map((i) => nav[i.key]);
      const expectedLibrary = CONTENT_LIBRARY.filter((i) => i.visible(principal)).map((i) => nav[i.key]);
      const clientLink = CLIENT_ASSESSMENTS.visible(principal);
      const shown = (await main.locator(':scope > a, :scope > button').allInnerTexts()).map((t) => t.trim());
      const expected = [...expectedMain, ...(expectedLibrary.length ? [nav.contentLibrary] : []), ...(clientLink ? [nav.assessments] : [])];
      assert.deepEqual(shown, expected);

      if (expectedLibrary.length) {
        await main.getByRole('button', { name: nav.contentLibrary }).click();
        const items = (await page.getByRole('menu').getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
        assert.deepEqual(items, expectedLibrary);
        await page.keyboard.press('Escape');
      }

      await page.getByRole('button', { name: 'Profile menu' }).click();
      const profileItems = (await page.getByRole('menu').getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
      const expectedProfile = [nav.profile, ...PROFILE_MENU.filter((i) => i.visible(principal)).map((i) => nav[i.key]), nav.changePassword, nav.logout];
      assert.deepEqual(profileItems, expectedProfile);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

/** Every route of specification section 2, with sample parameters. */
const SPEC_ROUTES = [
  '/dashboard', `/${PRODUCT}Dashboard`, `/${PRODUCT}GraphicalDashboard`, '/profile', '/change-password', '/changeCredentials', '/details',
  '/assessment', '/assessment/create-assessment', '/assessment/invite-candidate', '/assessment/view-assessment/1', '/editAssessment/1', '/new-assessment', '/placeOrder/1',
  '/candidate', '/candidate/1/assessments', '/candidate/1/assessment', '/candidate-details/1', '/viewcandidatelist/1', '/job-candidate/1', '/managehiringstages',
  '/questions', '/question-bank', '/question-list', '/question-reports', '/qualifying-question', '/new-question/bank', '/new-question/custom', '/new-question/COMPETENCY',
  '/new-questionV2/1', '/add-new-question/COMPETENCY', '/edit-question/1', '/clone-question/1', '/clone-existing-question/COMPETENCY/1', '/edit-existing-question/COMPETENCY/1', '/answer-titles',
  '/test-library', '/create-test/COMPETENCY', '/edit-test/1',
  '/skills', '/sub-skills/1', '/sub-skills/addReportContent/1/2',
  '/languages', '/languages/languageContent/1',
  `/${PRODUCT}Client`, `/${PRODUCT}Client/new`, `/${PRODUCT}Client/1`, '/clientLicence', '/clientLicence/assign',
  `/${PRODUCT}Client/viewAssessment/1`, `/${PRODUCT}Client/addView/1`, `/${PRODUCT}Client/editView/1/2`,
  '/campaign', '/campaign/addCampaign', '/campaign/1',
  '/teamMembers', '/newTeamMember', '/relationshipManager', '/salesPerson', '/authors', '/users', '/roles',
  '/orders', '/orders/1', '/jobs', '/postJob', '/postJob/1', '/clientLicence/1', '/jobRoles', '/add-jobRole', '/categories', '/industries', '/verticals', '/location',
];
const PUBLIC_ROUTES = ['/signup', '/generic-signup', '/otp', '/forgotpassword', '/resetPassword', '/newPassword', '/googlesignin', '/linkedIn', '/welcome'];

// These open addresses on purpose: they check that every route of the specification resolves.
describe('routes', () => {
  it('every route of the specification resolves for the admin, without an error screen', async () => {
    const context = await newContext(running.browser);
    // React's root, through the hook its developer tools use: its lanes say whether it has work left
    // (a route's transition waiting for the screen's code keeps the old screen up, without a spinner).
    await context.addInitScript(`window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true, isDisabled: false, renderers: new Map(),
      inject: () => 1, checkDCE: () => undefined, onCommitFiberUnmount: () => undefined, onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (id, root) => { window.__routesRoot = root; },
    };`);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const asking = new Set<string>();
    page.on('request', (r) => asking.add(`${r.method()} ${r.url()}`));
    page.on('requestfinished', (r) => asking.delete(`${r.method()} ${r.url()}`));
    page.on('requestfailed', (r) => asking.delete(`${r.method()} ${r.url()}`));
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    // Every broken route is reported at once, not only the first. The app stays loaded and the
    // router follows the address, as a link inside the app does (a fresh load of each of ~100 routes
    // took two minutes; opening a deep link fresh is the public routes' test below and the walk's).
    const failures: string[] = [];
    const settled = `(() => {
      const root = window.__routesRoot;
      return !!root && root.pendingLanes === 0 && !document.querySelector('main [role="progressbar"]:not([aria-valuenow])');
    })()`;
    for (const path of SPEC_ROUTES) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.locator('main').first().waitFor();
      // The page's load state does not change inside the app: wait instead until the route has drawn,
      // its code and data in: React has nothing left to draw, nothing in main spins (a bar with a value
      // is a figure, not a spinner) and no request waits for its answer. Asked from the test, as the walk does.
      try {
        await until(`${path} to settle`, async () => asking.size === 0 && (await page.evaluate(settled)) === true, { ceilingMs: 30_000 });
      } catch (error) {
        failures.push(`${(error as Error).message} (at ${new URL(page.url()).pathname}; unanswered: ${[...asking].join(', ') || 'none'})`);
        continue;
      }
      const failure = await errorScreenAt(page, path);
      if (failure) failures.push(failure);
      if (await page.getByRole('button', { name: 'Sign in', exact: true }).count()) failures.push(`${path} fell back to the sign-in page`);
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('public routes render for visitors', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    for (const path of PUBLIC_ROUTES) {
      await page.goto(`${running.product.url}${path}`);
      await page.locator('main').first().waitFor();
      await expectNoErrorScreen(page, path);
    }
    await context.close();
  });

  it('an unknown route shows the error screen with a way home', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    await page.goto(`${running.product.url}/no-such-page`);
    await page.getByText('Unexpected Application Error!').waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    await context.close();
  });
});

describe('languages and narrow screens', () => {
  it('switches to Hindi from the language menu', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await page.locator('header nav').getByText('डैशबोर्ड').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
    await page.getByRole('button', { name: 'प्रोफ़ाइल मेनू' }).click();
    await page.getByRole('menuitem', { name: 'टीम सदस्य' }).click();
    await page.getByText('टीम सदस्य').first().waitFor();
    // The tab names the screen in the interface language.
    await page.waitForFunction(() => document.title === 'टीम सदस्य · स्किलगेज');
    await context.close();
  });

  it('at 375 px the menu button opens the navigation and locks scrolling', async () => {
    const context = await newContext(running.browser, { width: 375 });
    const page = await context.newPage();
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.waitFor();
    assert.equal(await page.locator('header nav#main-navigation').count(), 0);
    await menuButton.click();
    await page.locator('nav#main-navigation').getByText(nav.participants).waitFor();
    assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden');
    // A person taps once the menu has finished opening; a tap during its transition can land on a moving list.
    await page.locator('.MuiCollapse-entered nav#main-navigation').waitFor();
    await page.locator('nav#main-navigation').getByRole('link', { name: nav.questionBank }).click();
    // /question-bank redirects to the bank's list.
    await page.waitForURL((url) => url.pathname === '/questions').catch(() => {
      throw new Error(`the Question Bank link led to ${page.url()}, not /questions`);
    });
    // The menu closes on navigation (after its collapse transition) and scrolling comes back.
    await page.locator('nav#main-navigation').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.body.style.overflow), '');
    await context.close();
  });
});
