/**
 * Issue 9, end to end and by clicking: a client builds an Invited assessment in the wizard
 * (details, a test from the library, English and Hindi, proctoring as it comes) and activates it,
 * invites a candidate from the assessment's page, and the candidate opens the link mailed to the
 * outbox in Chromium with a fake camera and microphone, chooses English, passes the device check
 * and answers the first question. Back as the client, Participants shows the candidate started,
 * and the attempt's page one question answered. Only the sign-in page and the mailed link are
 * opened by address.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { newContext, signIn, startForFile, watchErrors } from './support';
import { answer, mailedTakeLink, withShot, WORDS } from './take-support';
import { until } from '../support/until';

const TEST_NAME = 'Teamwork essentials';

// One browser for everyone: its fake camera and microphone are what the candidate's device check needs.
const running = startForFile({ media: true });

/** Letters only, different on every run: names and emails no earlier run has used. */
const runMark = () => Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

/** A button or a link styled as one (react-admin's buttons that navigate are links), by its exact name. */
const action = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true }).or(scope.getByRole('link', { name, exact: true }));

/** Waits until a field's value starts with a text: a screen that fills a field by itself may not have done it yet. */
async function waitForValue(page: Page, field: Locator, start: string) {
  await field.waitFor();
  await page.waitForFunction(([el, v]) => (el as HTMLInputElement).value.startsWith(v), [await field.elementHandle(), start] as const);
}

/** The text of each cell of a table row. */
const cells = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());

describe('a client builds an assessment and invites a candidate; the candidate opens the mailed link', () => {
  it('builds, activates, invites, takes the first question, and sees it on the attempt’s page', async () => {
    const mark = runMark();
    const assessmentName = `Teamwork hiring ${mark}`;
    const candidateName = `Asha Verma ${mark}`;
    const candidateEmail = `asha.${mark}@example.com`;
    let shown: Page | undefined;

    const client = await newContext(running.browser);
    const page = await client.newPage();
    const clientErrors = watchErrors(page);
    shown = page;
    await withShot(() => shown, 'assessments', async () => {
      // 1. The wizard, reached from the navigation.
      await signIn(page, running.product.url, 'client@acme.demo');
      const nav = page.locator('header nav#main-navigation');
      await nav.getByRole('link', { name: 'Assessments', exact: true }).click();
      await action(page.locator('main'), 'New assessment').first().click();
      await page.getByRole('heading', { level: 2, name: 'Step 1 of 3: Details' }).waitFor();
      // A required field's name ends with its asterisk.
      await page.getByRole('textbox', { name: /^Name( \*)?$/ }).fill(assessmentName);
      await page.getByRole('radio', { name: /^Invited/ }).check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await page.getByRole('heading', { level: 2, name: 'Step 2 of 3: Content' }).waitFor();
      const library = page.getByRole('list', { name: 'Test library', exact: true });
      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(TEST_NAME);
      const teamwork = library.getByRole('checkbox', { name: new RegExp(`^${TEST_NAME}`) });
      // The search refetches the list after a pause and draws it anew: a tick given just before is lost, so tick until it holds.
      await until(`${TEST_NAME} ticked in the library`, async () => (await teamwork.isChecked()) || teamwork.check().then(() => true, () => false));
      // It joins the assessment's own list.
      await page.getByRole('region', { name: 'In the assessment: Tests', exact: true }).getByText(TEST_NAME, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await page.getByRole('heading', { level: 2, name: 'Step 3 of 3: Settings and review' }).waitFor();
      const languages = page.getByRole('group', { name: 'Languages offered' });
      const english = languages.getByRole('checkbox', { name: 'English', exact: true });
      const hindi = languages.getByRole('checkbox', { name: /^Hindi/ });
      await hindi.waitFor();
      assert.ok(await english.isChecked(), 'English is offered from the start');
      assert.ok(await hindi.isEnabled(), `Hindi can be offered for ${TEST_NAME}: ${await languages.innerText()}`);
      await hindi.check();
      // Proctoring as it comes: camera and microphone required, snapshots on.
      const proctoring = page.getByRole('group', { name: 'Proctoring' });
      for (const name of ['Camera required', 'Microphone required', 'Webcam snapshots']) assert.ok(await proctoring.getByRole('checkbox', { name, exact: true }).isChecked(), name);
      assert.match(await page.getByRole('region', { name: 'Review', exact: true }).innerText(), /English, Hindi/);
      const activate = page.getByRole('button', { name: 'Save and activate', exact: true });
      await activate.click();

      // The assessment's page: active.
      await page.getByRole('heading', { level: 1, name: assessmentName, exact: true }).waitFor();
      const status = page.getByLabel('Status', { exact: true });
      assert.match(await status.innerText(), /\bActive\b/, `the assessment is active (${await page.locator('body').innerText().then((t) => t.slice(0, 600))})`);
      assert.doesNotMatch(await status.innerText(), /\bDraft\b/);

      // 2. Invite one candidate from the assessment's page.
      await action(page.locator('main'), 'Invite candidates').click();
      // The page chooses the assessment it came from by itself (shown with the client's name after it).
      await waitForValue(page, page.getByRole('combobox', { name: 'Assessment' }), `${assessmentName} · `);
      const one = page.getByRole('form', { name: 'Add a candidate' });
      await one.getByLabel('Name').fill(candidateName);
      await one.getByLabel('Email').fill(candidateEmail);
      await one.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('region', { name: 'Candidates to invite', exact: true }).getByRole('row').filter({ hasText: candidateEmail }).waitFor();
      await page.getByRole('button', { name: 'Send invitations', exact: true }).click();
      const report = page.getByRole('table', { name: 'Invitation report' });
      const reported = report.getByRole('row').filter({ hasText: candidateEmail });
      await reported.waitFor();
      assert.ok((await cells(reported)).includes('Invited'), `the report says Invited: ${(await cells(reported)).join(' | ')}`);

      // 3. The candidate opens the mailed link in a browser of their own.
      const link = await mailedTakeLink(running.product.url, candidateEmail);
      assert.match(link, /\/take\/[A-Za-z0-9_-]+$/);
      const w = WORDS.en;
      const candidate = await newContext(running.browser);
      const taking = await candidate.newPage();
      const candidateErrors = watchErrors(taking);
      shown = taking;
      await taking.goto(link);
      await taking.getByRole('heading', { level: 1, name: assessmentName, exact: true }).waitFor();
      await taking.getByRole('button', { name: w.continue, exact: true }).click();
      await taking.getByRole('heading', { level: 1, name: 'Choose your language' }).waitFor();
      // Both languages the client offered.
      await taking.getByRole('radio', { name: /Hindi|हिन्दी/ }).waitFor();
      await taking.getByRole('radio', { name: 'English' }).check();
      await taking.getByRole('button', { name: w.continue, exact: true }).click();
      await taking.getByText(w.devicesWork).waitFor();
      await taking.getByRole('button', { name: w.start, exact: true }).click();
      const partStart = taking.getByRole('button', { name: w.partStart, exact: true });
      await partStart.waitFor();
      assert.match(await taking.locator('main').innerText(), new RegExp(TEST_NAME));
      await partStart.click();
      await taking.getByRole('heading', { level: 2, name: w.question(1) }).waitFor();
      await answer(taking, w);
      await taking.waitForFunction((saved) => document.querySelector('[data-testid="save-status"]')?.textContent === saved, w.saved);
      assert.deepEqual(candidateErrors, [], 'no page errors for the candidate');
      await candidate.close();

      // 4. Back as the client: Participants, the candidate's row, the attempt.
      shown = page;
      await nav.getByRole('link', { name: 'Participants', exact: true }).click();
      const row = page.locator('main table tbody tr').filter({ hasText: candidateEmail });
      await row.waitFor();
      // The list may draw its rows again while its columns settle (a CI run once read a row with empty cells): wait for the words.
      await row.getByRole('cell', { name: 'Started', exact: true }).waitFor();
      await row.getByRole('cell', { name: assessmentName, exact: true }).waitFor();
      await row.getByRole('cell').filter({ hasText: candidateName }).first().click();
      await page.getByRole('heading', { level: 1, name: `${candidateName} · ${assessmentName}`, exact: true }).waitFor();
      const progress = page.getByRole('region', { name: 'Progress', exact: true });
      await progress.getByRole('progressbar', { name: new RegExp(`^${TEST_NAME}: 1 of \\d+ answered$`) }).waitFor();
      assert.match(await progress.innerText(), /In progress · 1 of \d+ answered/);
      assert.equal(await page.getByRole('region', { name: 'Answers so far', exact: true }).getByText('No answers yet.').count(), 0);
      assert.deepEqual(clientErrors, [], 'no page errors for the client');
    });
    await client.close();
  });
});
