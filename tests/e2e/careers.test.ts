/**
 * A careers page, end to end and by clicking: on a 375 px phone, an applicant opens Acme's careers
 * page (by its address, as from a link), opens a job from the list, answers its screening questions,
 * attaches a résumé, asks for the code, reads it from the mail (the outbox) and applies with it; then
 * Acme's user signs in, opens Jobs and that job, and finds the applicant on its board in the first
 * stage, marked as from the careers page, with the résumé and the answers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { latestCode, newContext, signIn, startForFile, watchErrors } from './support';
import { withShot } from './take-support';

const running = startForFile();
const PHONE = 375;
const JOB = 'Field Service Engineer';

/** Letters only, different on every run. */
const runMark = () => Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

async function noSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, clientWidth: document.scrollingElement!.clientWidth }));
  assert.ok(scrollWidth <= clientWidth, `${where} scrolls sideways at ${PHONE} px: ${scrollWidth} > ${clientWidth}`);
}

/** A small PDF: what the server checks a résumé's first bytes against. */
const resumePdf = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), Buffer.alloc(2000, 0x20)]);

describe('applying on a careers page', () => {
  it('on a phone: list, job, code, application; then the client finds the applicant on the job’s board', async () => {
    const mark = runMark();
    const name = `Meera Joshi ${mark}`;
    const email = `meera.${mark}@example.com`;
    let shown: Page | undefined;

    const phoneContext = await newContext(running.browser, { width: PHONE });
    const phone = await phoneContext.newPage();
    const phoneErrors = watchErrors(phone);
    const clientContext = await newContext(running.browser);
    const client = await clientContext.newPage();
    const clientErrors = watchErrors(client);

    await withShot(() => shown, 'careers', async () => {
      shown = phone;
      await phone.goto(`${running.product.url}/careers/acme`);
      await phone.getByRole('heading', { level: 1, name: 'Careers at Acme Industries' }).waitFor();
      await noSidewaysScroll(phone, '/careers/acme');
      await phone.getByRole('link', { name: new RegExp(`^${JOB}`) }).click();
      await phone.getByRole('heading', { level: 1, name: JOB }).waitFor();
      await noSidewaysScroll(phone, 'the job’s page');

      await phone.getByRole('textbox', { name: 'Full name' }).fill(name);
      await phone.getByRole('textbox', { name: 'Email' }).fill(email);
      await phone.getByRole('textbox', { name: 'Phone' }).fill('+91 98220 45678');
      await phone.getByLabel('Résumé (optional)').setInputFiles({ name: 'meera-resume.pdf', mimeType: 'application/pdf', buffer: resumePdf });
      await phone.getByRole('group', { name: 'Do you have a two-wheeler and a valid driving licence?' }).getByRole('radio', { name: 'Yes' }).check();
      await phone.getByRole('textbox', { name: 'Which diploma or ITI trade do you hold?' }).fill('Diploma in Electrical Engineering');
      await phone.getByRole('button', { name: 'Email me a code' }).click();
      await phone.getByText('We have mailed you a code. Enter it to send your application.').waitFor();

      const code = await latestCode(running.product.url, email);
      await phone.getByRole('textbox', { name: 'Code from the mail' }).fill(code);
      await phone.getByRole('button', { name: 'Send application' }).click();
      await phone.getByText('Thank you: your application has been received.', { exact: false }).waitFor();
      await phone.getByText('Your résumé has been uploaded.').waitFor();
      await noSidewaysScroll(phone, 'the job’s page, applied');

      // Acme's user: Campaign → Jobs → the job, by clicking.
      shown = client;
      await signIn(client, running.product.url, 'client@acme.demo');
      const nav = client.locator('header nav#main-navigation');
      await nav.getByRole('link', { name: 'Campaign', exact: true }).click();
      await client.getByRole('tab', { name: 'Jobs', exact: true }).click();
      await client.locator('main').getByText(JOB, { exact: true }).click();
      const board = client.getByRole('region', { name: 'Hiring stages board' });
      await board.waitFor();
      const applied = board.getByRole('region', { name: 'Applied' });
      const card = applied.getByRole('listitem').filter({ hasText: name });
      await card.waitFor();
      await card.getByText('Careers page').waitFor();
      assert.match((await card.getByRole('link', { name: `Résumé of ${name}` }).getAttribute('href')) ?? '', /^\/files\/uploads\/.+resume\.pdf$/);
      await card.getByRole('button', { name: `Screening answers of ${name}` }).click();
      await card.getByText('Diploma in Electrical Engineering').waitFor();
    });

    assert.deepEqual(phoneErrors, []);
    assert.deepEqual(clientErrors, []);
    await phoneContext.close();
    await clientContext.close();
  });
});
