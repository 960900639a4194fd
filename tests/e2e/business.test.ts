/**
 * Issue 11, end to end and by clicking: the provider's admin creates a client, gives it a user, a
 * library assessment and a licence; the client's user places an order for credits and the admin
 * records its payment; the client sends the assessment to a candidate from a campaign, posts a job
 * with it and moves the candidate through the hiring stages on the board; both dashboards show
 * the new figures. Only the sign-in page is opened by address. Then, in Hindi, a card dragged by
 * the pointer onto an empty column's body lands in that column.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { until } from '../support/until';
import { DEMO_PASSWORD, latestCode, newContext, signIn, startForFile, watchErrors } from './support';
import { withShot } from './take-support';

const LIBRARY_ASSESSMENT = 'Customer Service Aptitude (Library)';
const PASSWORD = 'Hire@2026';

const running = startForFile();

/** Letters only, different on every run: names and emails no earlier run has used. */
const runMark = () => Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

/** A button or a link styled as one (react-admin's buttons that navigate are links), by its exact name. */
const action = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true }).or(scope.getByRole('link', { name, exact: true }));

const topNav = (page: Page) => page.locator('header nav#main-navigation');

/** A dashboard figure's value, read from its link ("Label: value. Open the list"). */
async function figure(page: Page, section: string, label: string): Promise<string> {
  const link = page.getByRole('region', { name: section, exact: true }).getByRole('link', { name: new RegExp(`^${label}: .+\\. Open the list$`) });
  await link.waitFor();
  const name = (await link.getAttribute('aria-label')) ?? '';
  return name.slice(label.length + 2, -'. Open the list'.length);
}

const count = (text: string) => Number(text.replace(/[^\d]/g, ''));

/**
 * Waits until a dashboard figure shows the value expected, and fails saying what it showed: on a
 * dashboard seen before, the cached figures show first and the fresh ones a moment later.
 */
async function expectFigure(page: Page, section: string, label: string, expected: (value: string) => boolean, what: string) {
  let value = '';
  try {
    await until(`${section} › ${label} to show ${what}`, async () => expected((value = await figure(page, section, label))), { ceilingMs: 60_000, everyMs: 250 });
  } catch (error) {
    assert.fail(`${section} › ${label} shows ${value}, expected ${what} (${(error as Error).message})`);
  }
}

/** Picks an option of a MUI autocomplete by typing part of its name. */
async function choose(page: Page, combobox: Locator, typed: string, option: string | RegExp) {
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

describe('the client business, from a new client to its dashboards', () => {
  it('client, licence, order and payment, campaign, job board, dashboards', async () => {
    const mark = runMark();
    const clientName = `Nimbus Logistics ${mark}`;
    const userName = `Neha Kulkarni ${mark}`;
    const userEmail = `neha.${mark}@nimbus.example`;
    const candidateName = `Ravi Shankar ${mark}`;
    const candidateEmail = `ravi.${mark}@example.com`;
    const jobTitle = `Support Lead ${mark}`;
    let shown: Page | undefined;

    const adminContext = await newContext(running.browser);
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    const clientContext = await newContext(running.browser);
    const client = await clientContext.newPage();
    const clientErrors = watchErrors(client);

    await withShot(() => shown, 'business', async () => {
      // 0. The admin's dashboard before: clients and payments received this month.
      shown = admin;
      await signIn(admin, running.product.url, 'admin@skillgauge.demo');
      await topNav(admin).getByRole('link', { name: 'Dashboard', exact: true }).click();
      const clientsBefore = count(await figure(admin, 'Clients', 'All clients'));
      const receivedBefore = await figure(admin, 'Orders and revenue', 'Received');

      // 1. A new client, from the clients list.
      await topNav(admin).getByRole('link', { name: 'Clients', exact: true }).click();
      await action(admin.locator('main'), 'New client').click();
      await admin.waitForURL(/\/skillgaugeClient\/new$/);
      await admin.getByRole('textbox', { name: /^Company name( \*)?$/ }).fill(clientName);
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.waitForURL(/\/skillgaugeClient\/[0-9a-f-]{36}$/);
      await admin.getByText('No users yet', { exact: false }).or(admin.getByText(/no user/i)).first().waitFor();

      // Its first user: a CLIENT account of this client, with a password the admin gives.
      await action(admin.locator('main'), 'Add a user').click();
      await admin.getByRole('textbox', { name: /^Name( \*)?$/ }).fill(userName);
      await admin.getByRole('textbox', { name: /^Email( \*)?$/ }).fill(userEmail);
      await admin.getByLabel(/^Password/).fill(PASSWORD);
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.waitForURL(/\/users$/);

      // A library assessment given to it, from the client's page.
      await topNav(admin).getByRole('link', { name: 'Clients', exact: true }).click();
      // Searched once the clients list has drawn its rows, as a person would (typed earlier, the
      // text went into the users list still on screen while the clients list's code came).
      await admin.locator('#react-admin-title', { hasText: 'Clients' }).waitFor();
      await admin.locator('main table tbody tr').first().waitFor();
      await admin.getByRole('textbox', { name: 'Search' }).fill(clientName);
      await admin.locator('main').getByText(clientName, { exact: true }).click();
      await admin.locator('main').getByText(userEmail, { exact: false }).waitFor();
      await action(admin.locator('main'), 'Assessments').click();
      await action(admin.locator('main'), 'Give an assessment').first().click();
      await choose(admin, admin.getByRole('combobox', { name: /^Library assessment/ }), 'Customer Service', LIBRARY_ASSESSMENT);
      await admin.getByRole('button', { name: 'Give an assessment', exact: true }).click();
      await admin.locator('main').getByRole('cell', { name: LIBRARY_ASSESSMENT, exact: true }).waitFor();

      // A licence of 5 credits for any of its assessments.
      await topNav(admin).getByRole('link', { name: 'Licence', exact: true }).click();
      await action(admin.locator('main'), 'Assign a licence').click();
      await admin.waitForURL(/\/clientLicence\/assign$/);
      await choose(admin, admin.getByRole('combobox', { name: /^Client/ }), clientName, clientName);
      await admin.getByRole('textbox', { name: /^Credits/ }).fill('5');
      await admin.getByRole('button', { name: 'Assign a licence', exact: true }).click();
      await admin.waitForURL(/\/clientLicence\/[0-9a-f-]{36}$/);

      // 2. The client's user signs in (a first sign-in asks for the mailed code) and buys 10 credits.
      shown = client;
      await signIn(client, running.product.url, userEmail, PASSWORD);
      await client.waitForURL('**/otp');
      await client.getByLabel('Verification code').fill(await latestCode(running.product.url, userEmail));
      await client.getByRole('button', { name: 'Verify and sign in' }).click();
      await topNav(client).getByRole('link', { name: 'Assessments', exact: true }).click();
      await client.locator('main').getByText(LIBRARY_ASSESSMENT, { exact: true }).first().click();
      await client.getByRole('heading', { level: 1, name: LIBRARY_ASSESSMENT }).waitFor();
      await action(client.locator('main'), 'Buy credits').click();
      await client.waitForURL(/\/placeOrder\//);
      await client.getByRole('textbox', { name: /^Credits/ }).fill('10');
      await client.getByRole('button', { name: 'Place order', exact: true }).click();
      const orderHeading = client.getByRole('heading', { level: 2, name: /^Order / });
      await orderHeading.waitFor();
      const orderNumber = (await orderHeading.innerText()).replace(/^Order /, '').trim();
      assert.match(await client.locator('main').innerText(), /Pending/);

      // 3. The admin records the payment from the orders list: the order is paid and its credits granted.
      shown = admin;
      await topNav(admin).getByRole('link', { name: 'Orders', exact: true }).click();
      await admin.locator('main').getByText(orderNumber, { exact: true }).first().click();
      await admin.getByRole('heading', { level: 2, name: `Order ${orderNumber}` }).waitFor();
      await admin.getByRole('textbox', { name: /^Reference/ }).fill(`UTR${mark.toUpperCase()}`);
      await admin.getByRole('button', { name: 'Record a payment', exact: true }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await admin.getByText('Payment recorded: the order is paid and its credits are granted.').waitFor();
      await admin.getByRole('region', { name: 'Payments' }).getByText(`UTR${mark.toUpperCase()}`).waitFor();
      // The orders' second tab, the price list, loads its prices (it once asked for a page the server refuses).
      await topNav(admin).getByRole('link', { name: 'Orders', exact: true }).click();
      await admin.getByRole('tab', { name: 'Price list' }).click();
      await admin.getByRole('table', { name: 'Price list' }).getByRole('cell', { name: 'Any assessment', exact: true }).waitFor();

      // 4. The client sends the assessment to a candidate from a campaign.
      shown = client;
      await topNav(client).getByRole('link', { name: 'Campaign', exact: true }).click();
      await action(client.locator('main'), 'New campaign').first().click();
      await client.getByRole('heading', { name: '1. The assessment and the dates' }).waitFor();
      await choose(client, client.getByRole('combobox', { name: /^Assessment/ }), 'Customer Service', new RegExp(`^${LIBRARY_ASSESSMENT.replace(/[()]/g, '\\$&')}`));
      await client.getByRole('textbox', { name: /^Name( \*)?$/ }).first().fill(`Support hiring ${mark}`);
      const one = client.getByRole('form', { name: 'Add a candidate' });
      await one.getByLabel('Name').fill(candidateName);
      await one.getByLabel('Email').fill(candidateEmail);
      await one.getByRole('button', { name: 'Add', exact: true }).click();
      await client.getByRole('button', { name: 'Create and send', exact: true }).click();
      const reported = client.getByRole('table', { name: 'Invitation report' }).getByRole('row').filter({ hasText: candidateEmail });
      await reported.waitFor();
      assert.match(await reported.innerText(), /Invited/);
      await action(client.locator('main'), 'Open the campaign').click();
      await client.locator('main').getByText(candidateEmail).first().waitFor();

      // 5. A job with the same assessment; the candidate joins its board and moves through the stages.
      await topNav(client).getByRole('link', { name: 'Campaign', exact: true }).click();
      await client.getByRole('tab', { name: 'Jobs', exact: true }).click();
      await action(client.locator('main'), 'Post a job').first().click();
      await client.waitForURL(/\/postJob$/);
      await client.getByRole('textbox', { name: /^Title( \*)?$/ }).fill(jobTitle);
      await choose(client, client.getByRole('combobox', { name: /^Assessment/ }), 'Customer Service', LIBRARY_ASSESSMENT);
      await client.getByRole('button', { name: 'Save', exact: true }).click();
      await client.getByRole('region', { name: 'Hiring stages board' }).waitFor();
      await action(client.locator('main'), 'Add candidates').click();
      const dialog = client.getByRole('dialog');
      await dialog.getByRole('button', { name: `Add ${candidateName}` }).click();
      await client.getByText(`${candidateName} added to the first stage`).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      const board = client.getByRole('region', { name: 'Hiring stages board' });
      for (const stage of ['Assessment', 'Shortlisted', 'Interview']) {
        await board.getByRole('button', { name: `Move ${candidateName} to…` }).click();
        await client.getByRole('menuitem', { name: `Move to ${stage}` }).click();
        await client.getByText(`${candidateName} moved to ${stage}`).waitFor();
      }
      // The list view says where the candidate is now.
      await client.getByRole('button', { name: 'List', exact: true }).click();
      const row = client.getByRole('table', { name: 'Candidates of this job' }).getByRole('row').filter({ hasText: candidateName });
      assert.match(await row.innerText(), /Interview/);

      // 5b. An interview scorecard for the job's Interview stage, then the candidate rated on the board: blind, then the means.
      await topNav(client).getByRole('link', { name: 'Campaign', exact: true }).click();
      await client.getByRole('tab', { name: 'Interview scorecards', exact: true }).click();
      await action(client.locator('main'), 'Create').first().click();
      await choose(client, client.getByRole('combobox', { name: /^Job/ }), jobTitle.slice(0, 12), jobTitle);
      await client.getByRole('combobox', { name: /^Stage/ }).click();
      await client.getByRole('option', { name: 'Interview', exact: true }).click();
      await client.getByRole('textbox', { name: /^Competency/ }).first().fill('Empathy');
      await client.getByRole('button', { name: 'Save', exact: true }).click();
      await client.getByRole('table').getByRole('row').filter({ hasText: jobTitle }).waitFor();
      await client.getByRole('tab', { name: 'Jobs', exact: true }).click();
      await client.getByRole('table').getByRole('row').filter({ hasText: jobTitle }).first().click();
      // The list view shows the rating too, as it does on a phone.
      await client.getByRole('region', { name: 'Hiring stages board' }).waitFor();
      await client.getByRole('button', { name: 'List', exact: true }).click();
      await client.getByRole('table', { name: 'Candidates of this job' }).getByRole('button', { name: `Rate ${candidateName} in the interview` }).click();
      const sheet = client.getByRole('dialog', { name: `Interview: ${candidateName}` });
      await sheet.getByText('No other interviewer has submitted yet.', { exact: false }).waitFor();
      // A star, as a person clicks it (its radio is visually hidden).
      await sheet.locator('label').filter({ hasText: '4 out of 5' }).first().click();
      await sheet.getByRole('button', { name: 'Submit', exact: true }).click();
      await sheet.getByText('Means over 1 sheet').waitFor();
      await sheet.getByRole('button', { name: 'Close', exact: true }).click();

      // 6. The client's dashboard: one invited, 5 + 10 credits with one spent, the candidate in Interview.
      await topNav(client).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await expectFigure(client, 'Candidates invited', 'Invited', (v) => count(v) === 1, '1');
      await expectFigure(client, 'Licence balance', 'Credits on valid licences', (v) => count(v) === 15, '15');
      await expectFigure(client, 'Licence balance', 'Used', (v) => count(v) === 1, '1');
      await expectFigure(client, 'Licence balance', 'Left', (v) => count(v) === 14, '14');
      await client.getByRole('figure', { name: 'Hiring stages on open jobs' }).waitFor();

      // 7. The admin's dashboard: one client more, and the payment received.
      shown = admin;
      await topNav(admin).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await expectFigure(admin, 'Clients', 'All clients', (v) => count(v) === clientsBefore + 1, String(clientsBefore + 1));
      await expectFigure(admin, 'Orders and revenue', 'Received', (v) => v !== receivedBefore, `more than ${receivedBefore}`);
    });
    assert.deepEqual(adminErrors, [], 'no page errors for the admin');
    assert.deepEqual(clientErrors, [], 'no page errors for the client');
    await adminContext.close();
    await clientContext.close();
  });

  it('the job board, in Hindi: a card dropped 80 px below an empty column’s header lands in that column, not the next one', async () => {
    const context = await newContext(running.browser, { width: 1366, language: 'hi' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${running.product.url}/`);
    await page.locator('input[autocomplete="username"]').fill('client@acme.demo');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await withShot(() => page, 'board-drop', async () => {
      await topNav(page).getByRole('link', { name: 'अभियान', exact: true }).click();
      await page.getByRole('tab', { name: 'नौकरियाँ', exact: true }).click();
      await page.getByText('Customer Support Associate (Hindi & English)').first().click();
      const board = page.getByRole('region', { name: 'भर्ती चरणों का बोर्ड' });
      await board.waitFor();
      // Hired (नियुक्त) is empty, between Offer (one card) and Rejected (three); Assessment's three cards make every column tall.
      const hired = board.getByRole('region', { name: 'नियुक्त', exact: true });
      await hired.scrollIntoViewIfNeeded();
      const handle = board.getByRole('button', { name: 'Mohammed Faiz को ले जाएँ', exact: true });
      const from = await handle.boundingBox();
      const heading = await hired.getByRole('heading').boundingBox();
      const column = await hired.boundingBox();
      assert.ok(from && heading && column);
      // The pointer in the column's right half: the card it carries reaches over into Rejected.
      const to = { x: column.x + column.width * 0.75, y: heading.y + heading.height + 80 };
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 12; step++) {
        await page.mouse.move(from.x + from.width / 2 + ((to.x - from.x - from.width / 2) * step) / 12, from.y + from.height / 2 + ((to.y - from.y - from.height / 2) * step) / 12);
      }
      await page.mouse.up();
      await page.getByText('Mohammed Faiz को नियुक्त में ले जाया गया').waitFor();
      await hired.getByText('Mohammed Faiz').waitFor();
      assert.equal(await board.getByRole('region', { name: 'अस्वीकृत', exact: true }).getByText('Mohammed Faiz').count(), 0);
    });
    assert.deepEqual(errors, [], 'no page errors');
    await context.close();
  });
});
