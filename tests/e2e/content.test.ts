/**
 * The content library in Chromium: an author writes a question in two languages with an image,
 * submits it; a moderator approves it; the admin publishes it, builds a test from it and previews
 * the test as a candidate would see it.
 */
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { newContext, signIn, startForFile, watchErrors } from './support';

const running = startForFile();

/** A real PNG (a small blue square), as an author's picture would be. */
function pngFile(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([30, 80, 200]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickLanguage(page: Page, current: string, next: string) {
  await page.getByRole('button', { name: `Language: ${current}` }).click();
  await page.getByRole('menuitem', { name: next }).click();
}

/** A Content Library screen, reached from the top navigation as a person does. */
async function openLibrary(page: Page, item: string) {
  await page.locator('header nav#main-navigation').getByRole('button', { name: 'Content Library' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

const TITLE = 'Works across teams';
let questionUrl = '';

describe('the content library', () => {
  it('an author writes a question in English and Hindi with an image and submits it', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, running.product.url, 'author@skillgauge.demo');
    await page.waitForURL((u) => u.pathname !== '/');
    await openLibrary(page, 'Question Bank');
    await page.getByRole('link', { name: 'New question' }).first().click();

    await choose(page, 'Category', 'Competency');
    await page.getByLabel('Title').fill(TITLE);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('How often do you help another team reach its goal?');
    await pickLanguage(page, 'English', 'Hindi');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('आप कितनी बार किसी दूसरी टीम को उसके लक्ष्य तक पहुँचने में मदद करते हैं?');
    await pickLanguage(page, 'Hindi', 'Bangla');
    await page.getByRole('button', { name: 'Remove Bangla' }).click();
    await choose(page, 'Primary skill', 'Teamwork');
    await choose(page, 'Complexity', 'L3');
    await page.getByRole('radio', { name: 'Image' }).check();
    await page.getByTestId('media-file').setInputFiles({ name: 'team picture.png', mimeType: 'image/png', buffer: pngFile() });
    const image = page.getByRole('img', { name: "The question's image" });
    await image.waitFor();
    assert.match((await image.getAttribute('src')) ?? '', /\/files\/uploads\/\d{4}\/\d{2}\/\d+-[0-9a-f]{16}-\d+-team-picture\.png$/);
    assert.ok(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 16), 'the uploaded image loads');

    await page.getByRole('button', { name: 'Next' }).click();
    for (const [english, hindi] of [
      ['Every week', 'हर हफ़्ते'],
      ['Rarely', 'कभी-कभार'],
    ]) {
      await page.getByRole('button', { name: 'Add answer' }).click();
      const n = await page.getByTestId('answer-row').count();
      await page.getByLabel(`Answer ${n}`).fill(english);
      await pickLanguage(page, 'English', 'Hindi');
      await page.getByLabel(`Answer ${n}`).fill(hindi);
      await pickLanguage(page, 'Hindi', 'English');
    }
    await page.getByTestId('answer-row').first().getByLabel('Correct').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await page.waitForURL(/\/questions\/[0-9a-f-]+\/show$/);
    questionUrl = page.url();
    await page.getByText('Submitted', { exact: true }).waitFor();
    await page.getByText('How often do you help another team reach its goal?').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a moderator approves it and the admin publishes it', async () => {
    assert.ok(questionUrl, 'the question was saved');
    for (const [email, action, status] of [
      ['moderator@skillgauge.demo', 'Approve', 'Approved'],
      ['admin@skillgauge.demo', 'Publish', 'Published'],
    ]) {
      const context = await newContext(running.browser);
      const page = await context.newPage();
      await signIn(page, running.product.url, email);
      await page.waitForURL((u) => u.pathname !== '/');
      await openLibrary(page, 'Question Bank');
      await page.locator('main table tbody tr', { hasText: TITLE }).locator('td', { hasText: TITLE }).click();
      await page.waitForURL(questionUrl);
      await page.getByRole('button', { name: action }).click();
      await page.getByText(status, { exact: true }).first().waitFor();
      await context.close();
    }
  });

  it('the admin builds a test from it and previews it as a candidate, in both languages', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, running.product.url, 'admin@skillgauge.demo');
    await page.waitForURL((u) => u.pathname !== '/');
    await openLibrary(page, 'Test Library');
    await page.getByRole('button', { name: 'Create test' }).click();
    await page.getByRole('menuitem', { name: 'Competency', exact: true }).click();
    await page.waitForURL('**/create-test/COMPETENCY');
    await page.getByRole('textbox', { name: /^Name( \*)?$/ }).fill('Cross-team collaboration');
    await choose(page, 'Primary skill', 'Teamwork');
    await page.getByRole('button', { name: 'Next' }).click();
    const pool = page.getByRole('region', { name: 'Published questions' }).or(page.locator('section[aria-label="Published questions"]'));
    await pool.getByText(TITLE).click();
    await page.locator('section[aria-label="Questions in the test"]').getByText(TITLE).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, 'Duration', '10 minutes');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/tests\/[0-9a-f-]+\/show$/);
    await page.getByText('How often do you help another team reach its goal?').waitFor();
    await page.getByText('Every week').waitFor();
    assert.ok(await page.locator('img[src*="team-picture.png"]').count(), 'the question shows its image');
    assert.equal(await page.getByText('Correct', { exact: true }).count(), 0, 'a candidate does not see which answer is right');
    await choose(page, 'Language', 'Hindi');
    await page.getByText('आप कितनी बार किसी दूसरी टीम को उसके लक्ष्य तक पहुँचने में मदद करते हैं?').waitFor();
    await page.getByText('हर हफ़्ते').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
