/**
 * Issue 12 in Chromium: sign in with LinkedIn through its popup, and with Google's redirect variant,
 * against a real OpenID provider on loopback (tests/support/openid-provider.ts). The LinkedIn
 * library always opens linkedin.com; the browser is told to send that address on to the test
 * provider, as DNS would send it to LinkedIn. Google's script cannot load on this machine (no
 * internet), so the page offers the redirect variant, as it does for any browser that blocks it.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { startOpenIdProvider, TEST_CLIENT, type TestOpenIdProvider } from '../support/openid-provider';
import { freePort, newContext, startForFile, startProduct, watchErrors } from './support';
import { withShot } from './take-support';

let idp: TestOpenIdProvider;

/** The provider first: its test client names the product's address, so the product's port is chosen here. */
async function productWithProviders() {
  const port = await freePort();
  const product = `http://127.0.0.1:${port}`;
  idp = await startOpenIdProvider([`${product}/linkedIn`, `${product}/googlesignin`]);
  idp.addAccount({ sub: 'li-farah', email: 'farah.khan@example.in', email_verified: true, name: 'Farah Khan' });
  idp.addAccount({ sub: 'g-client', email: 'client@acme.demo', email_verified: true, name: 'Acme HR' });
  return startProduct({
    port,
    env: {
      GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
      GOOGLE_ISSUER: idp.issuer,
      LINKEDIN_CLIENT_ID: TEST_CLIENT.id,
      LINKEDIN_CLIENT_SECRET: TEST_CLIENT.secret,
      LINKEDIN_ISSUER: idp.issuer,
    },
  });
}

const running = startForFile({ product: productWithProviders });
after(async () => {
  await idp?.stop();
});

/** A browser on this machine: LinkedIn's address goes to the test provider, Google's script does not load. */
async function providerContext(): Promise<BrowserContext> {
  const context = await newContext(running.browser);
  await context.route('https://www.linkedin.com/oauth/v2/authorization**', (route) => {
    const asked = new URL(route.request().url());
    return route.fulfill({ status: 302, headers: { location: `${idp.authorizationEndpoint}${asked.search}` } });
  });
  await context.route('https://accounts.google.com/**', (route) => route.abort('internetdisconnected'));
  return context;
}

/** Chooses the account on the test provider's page and continues. */
async function signInAtProvider(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Test provider' }).waitFor();
  await page.getByLabel('Account').selectOption({ label: email });
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('sign-in with LinkedIn and Google against an OpenID provider', () => {
  it('signs a new person in through the LinkedIn popup, and shows the link on the profile', async () => {
    const context = await providerContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await withShot(() => page, 'sign-in-linkedin', async () => {
      await page.goto(`${running.product.url}/`);
      const button = page.getByRole('button', { name: 'Sign in with LinkedIn' });
      await button.waitFor();
      // The button is enabled once the server's state has arrived; the click waits for that.
      const popupOpened = page.waitForEvent('popup');
      await button.click();
      const popup = await popupOpened;
      const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
      assert.ok(size.width <= 620 && size.height <= 620, `the popup is 600 by 600, not ${size.width} by ${size.height}`);
      await signInAtProvider(popup, 'farah.khan@example.in');
      await popup.waitForEvent('close');
      await page.waitForURL((url) => url.pathname !== '/');

      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Profile', exact: true }).click();
      await page.getByText('farah.khan@example.in').first().waitFor();
      const linked = page.getByRole('region', { name: 'Linked sign-ins' });
      await linked.getByText('LinkedIn · farah.khan@example.in').waitFor();
      await linked.getByText('Your account has no password yet', { exact: false }).waitFor();
    });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('says "User closed the popup" when the popup is closed', async () => {
    const context = await providerContext();
    const page = await context.newPage();
    await withShot(() => page, 'sign-in-linkedin-closed', async () => {
      await page.goto(`${running.product.url}/`);
      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Sign in with LinkedIn' }).click();
      const popup = await popupOpened;
      await popup.getByRole('heading', { name: 'Test provider' }).waitFor();
      await popup.close();
      await page.getByText('User closed the popup').waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
    });
    await context.close();
  });

  it('signs an existing account in through Google’s redirect when Google’s button cannot load', async () => {
    const context = await providerContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await withShot(() => page, 'sign-in-google', async () => {
      await page.goto(`${running.product.url}/`);
      await page.getByRole('link', { name: 'Sign in with Google' }).click();
      await signInAtProvider(page, 'client@acme.demo');
      await page.waitForURL((url) => url.origin === running.product.url && url.pathname !== '/googlesignin' && url.pathname !== '/');
      await page.getByText('Client: Acme', { exact: false }).first().waitFor();
    });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
