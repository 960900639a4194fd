/**
 * A walk through the product as people move through it: sign in on the login page, reach every
 * list through the navigation (top bar, Content Library menu, profile menu, a screen's tabs),
 * click its first row, and come back with the browser's back button. Nothing is opened by address.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { newContext, signIn, startForFile, watchErrors } from './support';

const running = startForFile();

/** A way to a screen from the signed-in landing page: clicks only. */
type Reach = (page: Page) => Promise<void>;

interface Visit {
  label: string;
  /** Rows clicked; null when the screen has no list or an empty one. */
  clicked: string | null;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // A lazily loaded screen shows a spinner first; wait for it to go.
  await page.locator('main [role="progressbar"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

async function assertClean(page: Page, errors: string[], where: string) {
  const text = await page.locator('body').innerText();
  assert.ok(!text.includes('Unexpected Application Error!'), `error screen at ${where} (${page.url()}):\n${text.slice(0, 400)}`);
  assert.deepEqual(errors, [], `page errors at ${where}`);
  // The tab names the screen.
  await page.waitForFunction(() => / · Skillgauge$/.test(document.title), undefined, { timeout: 5_000 }).catch(() => undefined);
  assert.match(await page.title(), /^.+ · Skillgauge$/, `the tab names the screen at ${where}`);
}

/** Items of a menu opened by a button, as names to click later. */
async function menuItems(page: Page, opener: () => Promise<void>): Promise<string[]> {
  await opener();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const names = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return names;
}

/** Every screen the navigation leads to, each with the clicks that reach it. */
async function destinations(page: Page): Promise<[string, Reach][]> {
  const nav = page.locator('header nav#main-navigation');
  const found: [string, Reach][] = [];
  for (const name of (await nav.locator(':scope > a').allInnerTexts()).map((t) => t.trim())) {
    found.push([name, (p) => p.locator('header nav#main-navigation > a', { hasText: name }).first().click()]);
  }
  const library = nav.getByRole('button', { name: 'Content Library' });
  if (await library.count()) {
    for (const name of await menuItems(page, () => library.click())) {
      found.push([`Content Library › ${name}`, async (p) => {
        await p.locator('header nav#main-navigation').getByRole('button', { name: 'Content Library' }).click();
        await p.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
      }]);
    }
  }
  const profileMenu = () => page.getByRole('button', { name: 'Profile menu' }).click();
  for (const name of await menuItems(page, profileMenu)) {
    if (name === 'Log out') continue;
    found.push([`Profile menu › ${name}`, async (p) => {
      await p.getByRole('button', { name: 'Profile menu' }).click();
      await p.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
    }]);
  }
  return found;
}

/**
 * A react-admin list fetches after its screen shows: waits for its rows, for up to 8 s on a list
 * (an empty one takes that long), 1.5 s on a screen that shows no list and nothing loading.
 */
async function waitForRows(page: Page) {
  await page
    .waitForFunction(
      (since) => {
        const main = document.querySelector('main');
        if (main?.querySelector('table tbody tr')) return true;
        const listOrLoading = main?.querySelector('[class*="RaList-"], [class*="RaDatagrid-"], [role="progressbar"]');
        return !listOrLoading && Date.now() - since > 1_500;
      },
      Date.now(),
      { timeout: 8_000, polling: 250 },
    )
    .catch(() => undefined);
}

/** Clicks the first row of the screen's list, checks the page it opens, and comes back. */
async function openFirstRow(page: Page, errors: string[], label: string): Promise<string | null> {
  const rows = page.locator('main table tbody tr');
  await waitForRows(page);
  if (!(await rows.count())) return null;
  const listUrl = page.url();
  // A cell with nothing to click inside it, as a person clicks a row (not its checkbox or buttons).
  const cell = rows.first().locator('td:not(:has(input, button, a))').first();
  const text = (await cell.innerText()).trim();
  await cell.click();
  await page.waitForFunction((url) => window.location.href !== url, listUrl);
  await settle(page);
  await assertClean(page, errors, `${label}, first row ("${text}")`);
  await page.goBack();
  await page.waitForFunction((url) => window.location.href === url, listUrl);
  await settle(page);
  await assertClean(page, errors, `${label}, back from its first row`);
  return text;
}

async function walk(email: string): Promise<{ visits: Visit[]; forbidden: string[] }> {
  const context = await newContext(running.browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const forbidden: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) forbidden.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await signIn(page, running.product.url, email);
  await page.getByRole('button', { name: 'Profile menu' }).waitFor();
  await settle(page);
  const visits: Visit[] = [];
  for (const [label, reach] of await destinations(page)) {
    await reach(page);
    await settle(page);
    await assertClean(page, errors, label);
    visits.push({ label, clicked: await openFirstRow(page, errors, label) });
    // Tabs of the screen (the question bank's qualifying questions and reports) are lists too; back
    // from a row, the screen draws them again (a walk once read them before they were there).
    await settle(page);
    await page.locator('main [role="tablist"]').first().waitFor({ timeout: 1_500 }).catch(() => undefined);
    const tabs = page.locator('main [role="tablist"] a[role="tab"]');
    const tabNames = (await tabs.allTextContents()).map((t) => t.trim());
    for (const tab of tabNames.slice(1)) {
      await page.locator('main [role="tablist"] a[role="tab"]', { hasText: tab }).first().click();
      await settle(page);
      await assertClean(page, errors, `${label} › ${tab}`);
      visits.push({ label: `${label} › ${tab}`, clicked: await openFirstRow(page, errors, `${label} › ${tab}`) });
    }
    // Back home through the logo, as a person would.
    const logo = page.getByRole('link', { name: 'Skillgauge', exact: true });
    const target = await logo.getAttribute('href');
    await logo.click();
    await page.waitForFunction((path) => window.location.pathname === path, target);
  }
  await context.close();
  return { visits, forbidden };
}

const opened = (visits: Visit[]) => visits.filter((v) => v.clicked !== null).map((v) => v.label);

describe('a walk through every list by clicking', () => {
  it('as the admin: every list opens its first row without an error', async () => {
    const { visits, forbidden } = await walk('admin@skillgauge.demo');
    // The walk reached the lists that demo data fills, so it cannot pass by seeing nothing.
    const rows = opened(visits);
    for (const expected of ['Content Library › Question Bank', 'Content Library › Question Bank › Qualifying questions', 'Content Library › Test Library', 'Profile menu › Competencies', 'Profile menu › Team Members', 'Profile menu › Languages']) {
      assert.ok(rows.includes(expected), `the walk opened a row of ${expected} (opened: ${rows.join(', ')})`);
    }
    assert.deepEqual(forbidden, []);
  });

  it('as a client: every list it sees opens its first row without an error', async () => {
    const { visits, forbidden } = await walk('client@acme.demo');
    assert.ok(opened(visits).includes('Profile menu › Team Members'), `rows opened: ${opened(visits).join(', ')}`);
    assert.deepEqual(forbidden, []);
  });
});

describe('screens a user may not see', () => {
  // A colleague's link to provider screens, pasted by a client: the one case of typing an address here.
  const links = ['/questions', '/qualifying-question', '/question-reports', '/tests', '/skills', '/sub-skills/1', '/languages', `/users`, '/skillgaugeClient', '/new-question/bank'];

  for (const language of ['en', 'hi'] as const) {
    it(`show one access-denied screen to a client, with no call answering 403 (${language})`, async () => {
      const context = await newContext(running.browser, { language });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const forbidden: string[] = [];
      page.on('response', (r) => {
        if (r.status() === 403) forbidden.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
      });
      await page.goto(`${running.product.url}/`);
      await page.locator('input[autocomplete="username"]').fill('client@acme.demo');
      await page.locator('input[autocomplete="current-password"]').fill('Demo@1234');
      await page.locator('button[type="submit"]').click();
      await page.waitForFunction(() => window.location.pathname !== '/');
      const message = language === 'en' ? 'You do not have access to this page.' : 'आपको इस पेज की अनुमति नहीं है।';
      for (const link of links) {
        await page.goto(`${running.product.url}${link}`);
        await page.getByRole('heading', { name: message }).waitFor();
        await settle(page);
        assert.equal(new URL(page.url()).pathname, link, 'the address stays the one the user opened');
      }
      assert.deepEqual(forbidden, []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
