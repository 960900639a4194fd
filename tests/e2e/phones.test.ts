/**
 * Phones (375 px): lists are simple lists that never scroll sideways and whose rows open their
 * record; the floating Create button leaves the last row and the page arrows uncovered; the
 * permission matrix and the question page fit. At 1366 px the lists are still tables.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import en from '../../src/i18n/en';
import { DEMO_PASSWORD, newContext, signIn, startForFile, watchErrors } from './support';

const running = startForFile();
const PHONE = 375;
const area = (entity: string) => (en as unknown as { app: { enums: { entity: Record<string, string> } } }).app.enums.entity[entity];

async function noSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, clientWidth: document.scrollingElement!.clientWidth }));
  assert.ok(scrollWidth <= clientWidth, `${where} scrolls sideways at ${PHONE} px: ${scrollWidth} > ${clientWidth}`);
}

/** The phone list's rows (react-admin's SimpleList, a MUI list in the list's card). */
const rows = (page: Page) => page.locator('main .RaList-content > ul.MuiList-root > li');

/** Opens a list by address, checks it, taps its first row and checks where that leads. */
async function tapFirstRow(page: Page, path: string, leadsTo: RegExp) {
  await page.goto(`${running.product.url}${path}`);
  await rows(page)
    .first()
    .waitFor()
    .catch(() => assert.fail(`${path} shows no phone list rows`));
  assert.equal(await page.locator('main table').count(), 0, `${path} shows a table on a phone`);
  await noSidewaysScroll(page, path);
  const link = rows(page).first().locator('a');
  const href = (await link.count()) ? await link.getAttribute('href') : null;
  await rows(page).first().click();
  await page.waitForURL((url) => url.pathname !== path);
  const opened = new URL(page.url()).pathname;
  assert.match(opened, leadsTo, `${path}: the first row opened ${opened}`);
  if (href) assert.equal(opened, href, `${path}: the row opened another page than its link says`);
  await page.locator('main').waitFor();
  await noSidewaysScroll(page, opened);
}

const uuid = '[0-9a-f-]{36}';

describe('lists at 375 px', () => {
  it('as the admin, in English: every list fits and its rows open their records', async () => {
    const context = await newContext(running.browser, { width: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // A mail in the outbox, so that its list has a row to tap.
    await fetch(`${running.product.url}/api/users/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'user@skillgauge.demo' }) });
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    const lists: [string, RegExp][] = [
      ['/questions', new RegExp(`^/questions/${uuid}/show$`)],
      ['/tests', new RegExp(`^/tests/${uuid}/show$`)],
      ['/skills', new RegExp(`^/sub-skills/${uuid}$`)],
      ['/categories', new RegExp(`^/categories/${uuid}$`)],
      ['/job-roles', new RegExp(`^/job-roles/${uuid}$`)],
      ['/users', new RegExp(`^/users/${uuid}$`)],
      ['/outbox', new RegExp(`^/outbox/${uuid}/show$`)],
      ['/languages', new RegExp(`^/languages/${uuid}$`)],
      ['/answer-titles', new RegExp(`^/answer-titles/${uuid}$`)],
    ];
    for (const [path, leadsTo] of lists) await tapFirstRow(page, path, leadsTo);
    // The price list (the orders' second tab) scrolls its table within its card.
    await page.goto(`${running.product.url}/orders`);
    await page.getByRole('tab', { name: 'Price list' }).click();
    await page.getByRole('table', { name: 'Price list' }).waitFor();
    await noSidewaysScroll(page, 'the price list');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('as a client, in Hindi: its lists fit and open their records', async () => {
    const context = await newContext(running.browser, { width: PHONE, language: 'hi' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The sign-in page in Hindi: its fields by what they hold.
    await page.goto(`${running.product.url}/`);
    await page.locator('input[autocomplete="username"]').fill('client@acme.demo');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'मेनू खोलें' }).waitFor();
    for (const [path, leadsTo] of [
      ['/team-members', new RegExp(`^/team-members/${uuid}$`)],
      ['/job-roles', new RegExp(`^/job-roles/${uuid}$`)],
      ['/locations', new RegExp(`^/locations/${uuid}$`)],
      ['/jobs', new RegExp(`^/job-candidate/${uuid}$`)],
    ] as const) {
      await tapFirstRow(page, path, leadsTo);
    }
    // The job's board opens as a list of its candidates on a phone, and fits too.
    await page.getByRole('table', { name: 'इस नौकरी के उम्मीदवार' }).waitFor();
    await noSidewaysScroll(page, 'the job board');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the floating Create button covers neither the last row nor the page arrows', async () => {
    const context = await newContext(running.browser, { width: PHONE });
    const page = await context.newPage();
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.goto(`${running.product.url}/users`);
    await rows(page).last().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    const fab = await page.locator('.RaCreateButton-floating').boundingBox();
    const last = await rows(page).last().boundingBox();
    const next = await page.getByRole('button', { name: 'Go to next page' }).boundingBox();
    assert.ok(fab && last && next);
    const overlaps = (a: typeof fab, b: typeof fab) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    assert.ok(!overlaps(fab, last), `the Create button covers the last row: ${JSON.stringify({ fab, last })}`);
    assert.ok(!overlaps(fab, next), `the Create button covers the next-page arrow: ${JSON.stringify({ fab, next })}`);
    await context.close();
  });
});

describe('pages at 375 px', () => {
  it('the permission matrix shows every box of every area, Delete and All included', async () => {
    const context = await newContext(running.browser, { width: PHONE });
    const page = await context.newPage();
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.goto(`${running.product.url}/job-roles/create`);
    const last = area('VERTICAL');
    const remove = page.getByLabel(`${last}: Delete`);
    await remove.waitFor();
    await noSidewaysScroll(page, '/job-roles/create');
    for (const name of [`${area('DASHBOARD')}: All`, `${area('DASHBOARD')}: Delete`, `${last}: All`, `${last}: Delete`]) {
      const box = await page.getByLabel(name).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE, `${name} is out of sight: ${JSON.stringify(box)}`);
    }
    await remove.check();
    assert.equal(await page.getByLabel(`${last}: View`).isChecked(), true);
    await context.close();
  });

  it("the question page's chips and buttons sit in rows without overlapping", async () => {
    const context = await newContext(running.browser, { width: PHONE });
    const page = await context.newPage();
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    // The review queue (the bank filtered to submitted questions; the demo bank is longer than a page).
    await page.goto(`${running.product.url}/questions?filter=${encodeURIComponent(JSON.stringify({ status: 'CREATED' }))}`);
    // A submitted question: the admin may edit, copy, delete, approve and reject it.
    await rows(page).filter({ hasText: 'Submitted' }).first().click();
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    await noSidewaysScroll(page, 'the question page');
    const boxes = [];
    for (const button of await page.locator('main .MuiPaper-root').first().locator('a.MuiButton-root, button.MuiButton-root').all()) boxes.push((await button.boundingBox())!);
    assert.ok(boxes.length >= 4, `only ${boxes.length} buttons`);
    for (const [i, a] of boxes.entries()) {
      assert.ok(a.x >= 0 && a.x + a.width <= PHONE, `button ${i} is out of sight`);
      for (const b of boxes.slice(i + 1)) assert.ok(a.y + a.height <= b.y || b.y + b.height <= a.y, 'two buttons share a line on a phone');
    }
    await context.close();
  });
});

describe('desktop (1366 px)', () => {
  it('lists are still tables with their columns', async () => {
    const context = await newContext(running.browser, { width: 1366 });
    const page = await context.newPage();
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.locator('header nav#main-navigation').waitFor();
    for (const [path, headers] of [
      ['/categories', ['Name', 'Description', 'Updated']],
      ['/questions', ['Title', 'Category']],
      ['/users', ['Name', 'Email', 'Role']],
    ] as const) {
      await page.goto(`${running.product.url}${path}`);
      await page.locator('main table tbody tr').first().waitFor();
      assert.equal(await rows(page).count(), 0, `${path} shows the phone list at 1366 px`);
      const texts = (await page.locator('main table thead th').allInnerTexts()).map((t) => t.trim());
      for (const header of headers) assert.ok(texts.includes(header), `${path} lost its ${header} column: ${texts.join(', ')}`);
      assert.ok(await page.getByRole('button', { name: 'Columns' }).count(), `${path} lost its Columns button`);
    }
    await context.close();
  });
});
