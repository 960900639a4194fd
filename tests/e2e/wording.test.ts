/**
 * What a new user meets, in Chromium and in Hindi: a wrong password said once and in Hindi, an
 * unknown address told apart from a failure, the question form's languages (which have text, write
 * or remove each, named in Hindi), dates in hi-IN, one name for the participants' area, forms of a
 * readable width, a profile menu whose entries line up, and the Languages list with names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, newContext, startForFile, watchErrors } from './support';

const running = startForFile();

/** The language chips' texts: name and state ("हिन्दी खाली"). */
const chipTexts = async (page: Page) => (await page.getByTestId('language-chip').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signs in whatever the interface language (the labels differ, the fields do not). */
async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${running.product.url}/`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

describe('what a new user meets, in Hindi', () => {
  it('a wrong password is said once, in Hindi', async () => {
    const context = await newContext(running.browser, { language: 'hi' });
    const page = await context.newPage();
    await signInAs(page, 'admin@skillgauge.demo', 'not-the-password');
    await page.getByText('अमान्य यूज़रनेम या पासवर्ड').waitFor();
    // The form is done with the failure once its button is enabled again: a second copy, which the
    // form would write as it is done, is on screen by then.
    await page.locator('button[type=submit]:enabled').waitFor();
    await shot(page, 'hi-wrong-password');
    assert.equal(await page.getByText('अमान्य यूज़रनेम या पासवर्ड').count(), 1);
    assert.equal(await page.getByText('Invalid username or password').count(), 0);
    await context.close();
  });

  it('an unknown address keeps the heading, in Hindi, and says the page does not exist', async () => {
    const context = await newContext(running.browser, { language: 'hi' });
    const page = await context.newPage();
    await signInAs(page, 'admin@skillgauge.demo');
    await page.waitForURL((u) => u.pathname !== '/');
    await page.goto(`${running.product.url}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'अनपेक्षित एप्लिकेशन त्रुटि!' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'यह पेज मौजूद नहीं है' }).waitFor();
    await shot(page, 'hi-not-found');
    assert.equal(await page.getByText('Unexpected Application Error!').count(), 0);
    await context.close();
  });

  it('the question form shows which languages have text, names them in Hindi, and lets each be written or removed', async () => {
    const context = await newContext(running.browser, { language: 'hi' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInAs(page, 'author@skillgauge.demo');
    await page.waitForURL((u) => u.pathname !== '/');
    await page.goto(`${running.product.url}/new-question/bank`);
    const chips = page.getByTestId('language-chip');
    await chips.first().waitFor();
    assert.deepEqual(await chipTexts(page), ['अंग्रेज़ी खाली', 'हिन्दी खाली', 'बंगाली खाली']);

    await page.locator('.ProseMirror').click();
    await page.keyboard.type('How often do you help another team?');
    await page.getByText('अंग्रेज़ी पाठ है').waitFor();
    await page.getByRole('button', { name: 'आगे' }).click();
    const alert = page.getByTestId('empty-languages');
    await alert.getByText('हिन्दी, बंगाली में अभी कोई पाठ नहीं है').waitFor();
    await shot(page, 'hi-question-languages');

    await alert.getByRole('button', { name: 'हिन्दी में लिखें' }).click();
    await page.getByRole('button', { name: 'भाषा: हिन्दी' }).waitFor();
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('आप कितनी बार दूसरी टीम की मदद करते हैं?');
    await alert.getByText('बंगाली में अभी कोई पाठ नहीं है').waitFor();
    await alert.getByRole('button', { name: 'बंगाली हटाएँ' }).click();
    await alert.waitFor({ state: 'detached' });
    assert.deepEqual(await chipTexts(page), ['अंग्रेज़ी पाठ है', 'हिन्दी पाठ है']);
    assert.equal(await page.getByText(/English|Hindi|Bangla/).count(), 0, 'no language named in English');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('dates are in hi-IN and the participants’ area has one name', async () => {
    const context = await newContext(running.browser, { language: 'hi' });
    const page = await context.newPage();
    await signInAs(page, 'admin@skillgauge.demo');
    await page.waitForURL((u) => u.pathname !== '/');
    await page.goto(`${running.product.url}/job-roles`);
    const table = page.getByRole('table');
    await table.getByText('Recruiter').waitFor();
    await shot(page, 'hi-roles');
    const text = await table.innerText();
    assert.doesNotMatch(text, /\d{1,2}\/\d{1,2}\/\d{4}/, 'no US date');
    assert.match(text, /\d{1,2} (जन॰|फ़र॰|मार्च|अप्रैल|मई|जून|जुल॰|अग॰|सित॰|अक्तू॰|नव॰|दिस॰) \d{4}/);
    assert.ok(text.includes('प्रतिभागी'), 'the role matrix names the area as the navigation does');
    assert.ok(!text.includes('उम्मीदवार'));
    assert.ok(text.includes('टीम सदस्य') && !text.includes('app.enums'), 'entity names with a space are translated');
    await context.close();
  });
});

describe('layout of forms, menus and lists', () => {
  it('the navigation keeps even gaps between its items in Hindi, whose short words once sat in wide buttons', async () => {
    const context = await newContext(running.browser, { width: 1366, language: 'hi' });
    const page = await context.newPage();
    await signInAs(page, 'admin@skillgauge.demo');
    const items = page.locator('header nav#main-navigation > *');
    await items.first().waitFor();
    // Each item's room beside its words: the same for every item when no label is padded out.
    const spare = await items.evaluateAll((elements) =>
      elements.map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return element.getBoundingClientRect().width - range.getBoundingClientRect().width;
      }),
    );
    assert.ok(spare.length >= 5, 'the admin sees the whole navigation');
    const labelsOnly = spare.slice(0, -1); // the last item, Content Library, also holds its arrow
    assert.ok(Math.max(...labelsOnly) - Math.min(...labelsOnly) <= 2, `room beside each label: ${spare.map((n) => n.toFixed(1)).join(', ')}`);
    await context.close();
  });

  it('a create form keeps a readable width on a wide screen', async () => {
    const context = await newContext(running.browser, { width: 1440 });
    const page = await context.newPage();
    await signInAs(page, 'admin@skillgauge.demo');
    await page.waitForURL((u) => u.pathname !== '/');
    await page.goto(`${running.product.url}/job-roles/create`);
    const form = page.locator('form').first();
    await form.waitFor();
    const box = await form.boundingBox();
    assert.ok(box && box.width <= 960, `the form is ${box?.width} px wide`);
    await context.close();
  });

  it('the profile menu’s entries line up, and the Languages list shows icons and names', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    await signInAs(page, 'admin@skillgauge.demo');
    await page.waitForURL((u) => u.pathname !== '/');
    await page.goto(`${running.product.url}/languages`);
    const table = page.getByRole('table');
    await table.getByText('Bangla').waitFor();
    assert.equal(await table.getByText('gb', { exact: true }).count(), 0, 'no raw icon code');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    // Measured once the menu has grown to its size (it opens scaled down, and text positions with it).
    await page.waitForFunction(() => {
      const paper = document.querySelector('[role="menu"]')?.closest('.MuiPaper-root');
      return !!paper && getComputedStyle(paper).transform === 'none' && getComputedStyle(paper).opacity === '1';
    });
    await shot(page, 'en-profile-menu');
    const starts = await items.evaluateAll((elements) =>
      elements.map((item) => {
        const range = document.createRange();
        const text = [...item.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!text) return -1;
        range.selectNodeContents(text);
        return Math.round(range.getBoundingClientRect().left);
      }),
    );
    assert.ok(starts.length > 10 && starts.every((x) => x === starts[0]), `text starts at ${starts.join(', ')}`);
    await context.close();
  });
});
