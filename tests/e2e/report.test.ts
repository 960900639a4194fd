/**
 * Issue 10, end to end: a candidate invited through the staff API completes the demo's support
 * assessment in Chromium (every question answered, the video recorded, the tab left once) to the
 * thank-you page. The client then goes from the assessment to its Participants and clicks the
 * candidate to the report: bands, band texts and the proctoring timeline with the tab left; downloads
 * the PDF (a real PDF with the candidate's name in its text), switches the report to Hindi and
 * downloads again (the Hindi band text is in the PDF's text); back on Participants, selects the
 * candidate and a demo candidate and compares them side by side. Screenshots of the report at 1366
 * and 360 px, in English and Hindi, go to E2E_SHOTS (else /tmp). Only the sign-in page and the
 * mailed link are opened by address.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Download, Page } from 'playwright-core';
import { adminToken, newContext, signIn, startForFile, watchErrors } from './support';
import { completeAttempt, mailedTakeLink, withShot, WORDS } from './take-support';

const ASSESSMENT = 'Customer Support Associate: Hiring 2026';
/** A demo candidate of the same assessment whose attempt the demo data completed and scored. */
const DEMO_SCORED = 'Priya Sharma';
const BANDS = /\b(High|Moderate-High|Moderate|Low-Moderate|Low)\b/;
const SHOTS = process.env.E2E_SHOTS ?? '/tmp';

const running = startForFile({ media: true });

/** Letters only, different on every run. */
const runMark = () => Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Invites a new candidate to the demo's support assessment as staff do; the link comes from the mail. */
async function invite(name: string, email: string): Promise<string> {
  const token = await adminToken(running.product.url);
  const staff = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${running.product.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    const body = await res.json();
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(body)}`);
    return body.data;
  };
  const assessments = (await staff('/api/assessments?range=[0,99]')) as { id: string; name: string; status: string }[];
  const assessment = assessments.find((a) => a.name === ASSESSMENT && a.status === 'ACTIVE');
  assert.ok(assessment, `the demo data has "${ASSESSMENT}"`);
  await staff('/api/invitations', { method: 'POST', body: JSON.stringify({ assessmentId: assessment.id, candidates: [{ name, email }] }) });
  return mailedTakeLink(running.product.url, email);
}

/** Leaving the tab and coming back, as the browser tells the page (headless Chromium never hides a page by itself). */
async function leaveTabOnce(page: Page) {
  // No named functions inside: the evaluated code is sent as text, without the test runner's helpers.
  for (const state of ['hidden', 'visible'] as const)
    await page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
}

/** Clicks "Download PDF" and reads the file the browser saved. */
async function downloadPdf(page: Page): Promise<Buffer> {
  const [download] = (await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: 'Download PDF', exact: true }).click()])) as [Download, unknown];
  const path = await download.path();
  assert.ok(path, `the download was saved (${await download.failure()})`);
  return readFileSync(path);
}

/** The text pdftotext reads from a PDF, whitespace collapsed. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sg-e2e-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const out = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr}`);
    return collapse(out.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Screenshots of the whole report at 1366 and 360 px; the page is left at 1366. */
async function shoot(page: Page, language: string) {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 860 });
    // Taken once the page is laid out at that width: each chart drawn to its box's new width, no transition under way.
    await page.waitForFunction(
      (w) =>
        window.innerWidth === w &&
        [...document.querySelectorAll('figure.report-chart')].every((figure) => {
          const svg = figure.querySelector('svg');
          return !!svg && Math.abs(svg.getBoundingClientRect().width - Math.floor(figure.getBoundingClientRect().width)) <= 1;
        }),
      width,
    );
    await page.evaluate(() => Promise.allSettled(document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished)));
    await page.screenshot({ path: join(SHOTS, `report-${language}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

describe('a candidate completes an assessment; the client reads the report, its PDFs and the comparison', () => {
  it('answers every question, then report, PDF in English and Hindi, and two candidates side by side', { timeout: 900_000 }, async () => {
    const mark = runMark();
    const candidateName = `Asha Verma ${mark}`;
    const candidateEmail = `asha.${mark}@example.com`;
    let shown: Page | undefined;

    // 1. The candidate, from the mailed link to the thank-you page, leaving the tab once.
    const link = await invite(candidateName, candidateEmail);
    const w = WORDS.en;
    const candidate = await newContext(running.browser, { width: 1366 });
    const taking = await candidate.newPage();
    const candidateErrors = watchErrors(taking);
    shown = taking;
    await withShot(() => shown, 'report-take', async () => {
      await taking.goto(link);
      await taking.getByRole('heading', { level: 1, name: ASSESSMENT }).waitFor();
      await taking.getByRole('button', { name: w.continue, exact: true }).click();
      await taking.getByRole('radio', { name: 'English' }).check();
      await taking.getByRole('button', { name: w.continue, exact: true }).click();
      await taking.getByText(w.devicesWork).waitFor();
      await taking.getByRole('button', { name: w.start, exact: true }).click();
      let left = false;
      const answered = await completeAttempt(taking, w, async (part) => {
        // On the first test's first question (part 1 holds the qualifying questions).
        if (part === 2 && !left) {
          await leaveTabOnce(taking);
          left = true;
        }
      });
      assert.ok(left, 'the tab was left once');
      assert.ok(answered >= 5, `${answered} questions answered`);
      assert.deepEqual(candidateErrors, [], 'no page errors for the candidate');
    });
    await candidate.close();

    // 2. The client: the assessment, its Participants, the candidate's report.
    const client = await newContext(running.browser, { width: 1366 });
    const page = await client.newPage();
    const clientErrors = watchErrors(page);
    shown = page;
    await withShot(() => shown, 'report-client', async () => {
      await signIn(page, running.product.url, 'client@acme.demo');
      await page.locator('header nav#main-navigation').getByRole('link', { name: 'Assessments', exact: true }).click();
      await page.locator('main').getByText(ASSESSMENT, { exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: ASSESSMENT, exact: true }).waitFor();
      await page.getByRole('link', { name: /^See the candidates \(\d+\)$/ }).click();
      const row = page.locator('main table tbody tr').filter({ hasText: candidateName });
      await row.waitFor();
      await row.getByRole('cell').filter({ hasText: candidateName }).first().click();

      // The report, once the background scoring has stored the scores (the page asks again by itself).
      const scores = page.getByRole('region', { name: 'Scores', exact: true });
      await scores.waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { level: 2, name: candidateName, exact: true }).waitFor();
      assert.match(await scores.innerText(), BANDS, 'the overall score has a band');
      const skills = page.getByRole('region', { name: 'Skills', exact: true });
      const texts = skills.getByRole('article');
      assert.ok((await texts.count()) > 0, 'every scored skill has its band and text');
      for (const article of await texts.all()) {
        const text = collapse(await article.innerText());
        assert.match(text, BANDS, `a band for ${text.slice(0, 80)}`);
        assert.doesNotMatch(text, /No report text is written|No band yet/, `a band text for ${text.slice(0, 80)}`);
      }
      const englishBandText = collapse(await texts.first().locator('[lang]').last().innerText());
      assert.ok(englishBandText.length > 20, `the band text: ${englishBandText}`);
      const proctoring = page.getByRole('region', { name: 'Proctoring', exact: true });
      // The timeline (an ordered list of events with their times) and the integrity evidence both count the tab left.
      const timeline = proctoring.locator('ol');
      assert.match(await timeline.innerText(), /Left the tab/);
      assert.match(await timeline.innerText(), /Came back to the tab/);
      assert.match(await proctoring.getByRole('list', { name: 'What was recorded' }).innerText(), /Left the tab: 1/);
      assert.match(await proctoring.innerText(), /nothing was decided automatically/);
      await shoot(page, 'en');

      // 3. The PDF, in English: a real PDF with the candidate's name in its text.
      const english = await downloadPdf(page);
      assert.equal(english.subarray(0, 5).toString('latin1'), '%PDF-');
      const englishText = pdfText(english);
      assert.ok(englishText.includes(candidateName), `the candidate's name in the PDF: ${englishText.slice(0, 300)}`);
      assert.ok(englishText.includes(englishBandText.slice(0, 40)), `the band text in the PDF: ${englishBandText.slice(0, 40)}`);

      // 4. The report in Hindi, and its PDF.
      await page.getByRole('group', { name: 'Report language' }).getByRole('button', { name: /Hindi|हिन्दी/ }).click();
      const hindiText = texts.first().locator('[lang="hi"]');
      await hindiText.waitFor();
      const hindiBandText = collapse(await hindiText.innerText());
      assert.match(hindiBandText, /[\u0900-\u097f]/, `a Hindi band text: ${hindiBandText}`);
      await shoot(page, 'hi');
      const hindi = await downloadPdf(page);
      assert.equal(hindi.subarray(0, 5).toString('latin1'), '%PDF-');
      const hindiPdfText = pdfText(hindi);
      const hindiStart = hindiBandText.slice(0, 30);
      assert.ok(hindiPdfText.includes(hindiStart), `the Hindi band text "${hindiStart}" in the PDF: ${hindiPdfText.slice(0, 400)}`);
      assert.ok(hindiPdfText.includes(candidateName), 'the candidate’s name in the Hindi PDF');

      // 5. Back on Participants: the candidate and a demo candidate, compared side by side.
      await page.goBack();
      const list = page.locator('main table tbody tr');
      for (const name of [candidateName, DEMO_SCORED]) {
        const selected = list.filter({ hasText: name }).first();
        await selected.waitFor();
        await selected.getByRole('checkbox').check();
      }
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Comparing 2 candidates/ });
      await dialog.waitFor();
      const columns = dialog.getByRole('region');
      for (const name of [candidateName, DEMO_SCORED]) await dialog.getByRole('region', { name, exact: true }).waitFor();
      assert.equal(await columns.count(), 2, 'two candidates side by side');
      const [left, right] = await Promise.all([0, 1].map((i) => columns.nth(i).boundingBox()));
      assert.ok(left && right && Math.abs(left.y - right.y) < 5 && left.x < right.x, `side by side: ${JSON.stringify([left, right])}`);
      for (const name of [candidateName, DEMO_SCORED]) assert.match(await dialog.getByRole('region', { name, exact: true }).innerText(), BANDS, `${name}'s bands`);
      await page.screenshot({ path: join(SHOTS, 'report-comparison-1366.png'), fullPage: true });
      assert.deepEqual(clientErrors, [], 'no page errors for the client');
    });
    await client.close();
  });
});
