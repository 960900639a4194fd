/**
 * The candidate's flow in Chromium with a fake camera and microphone: a candidate invited through
 * the staff API opens the link mailed to the outbox, passes the device check, answers questions of
 * several types, reloads mid-test and goes on where it stopped, loses the network and answers on
 * (the page says it is offline), gets it back with every answer stored (read back through the
 * staff's test-result), records a video answer and finishes; the same in Hindi at 360 px. axe-core
 * checks every screen for serious and critical violations.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { adminToken, startForFile, watchErrors } from './support';
import { answer, finishSection, mailedTakeLink, recordVideo, withShot, WORDS, type Words } from './take-support';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ASSESSMENT = 'Customer Support Associate: Hiring 2026';

// One browser for everyone: its fake camera and microphone are what the candidate's device check needs.
const running = startForFile({ media: true });

async function staff(path: string, init: RequestInit = {}) {
  const token = await adminToken(running.product.url);
  const res = await fetch(`${running.product.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  const body = await res.json();
  assert.equal(res.status, 200, `${path}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Invites a new candidate as staff do, and reads the link from the mail in the outbox. */
async function invite(name: string, email: string): Promise<{ invitationId: string; link: string }> {
  const assessments = (await staff('/api/assessments?range=[0,99]')) as { id: string; name: string; status: string }[];
  const assessment = assessments.find((a) => a.name === ASSESSMENT && a.status === 'ACTIVE');
  assert.ok(assessment, `the demo data has "${ASSESSMENT}"`);
  const report = await staff('/api/invitations', { method: 'POST', body: JSON.stringify({ assessmentId: assessment.id, candidates: [{ name, email }] }) });
  const invitationId = report.rows[0].invitationId as string;
  return { invitationId, link: await mailedTakeLink(running.product.url, email) };
}

async function newCandidateContext(width: number, language: 'en' | 'hi'): Promise<BrowserContext> {
  const context = await running.browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US' });
  await context.addInitScript((l) => localStorage.setItem('language', l), language);
  return context;
}

/** axe-core on the screen as it is: no serious or critical violation; at 360 px, no sideways scroll either. */
async function checkScreen(page: Page, where: string) {
  // Checked once the transitions under way as the screen came (a dialog fading in, a ripple) have ended;
  // endless ones (a spinner) never do, and a level meter starts new ones all the time.
  await page.evaluate(() => Promise.allSettled(document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished)));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(violations, [], `axe at ${where}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scroll at ${where} (${overflow}px too wide)`);
}

async function status(page: Page) {
  return page.getByTestId('save-status').innerText();
}

async function passDeviceCheck(page: Page, w: Words, button: string) {
  await page.getByText(w.devicesWork).waitFor();
  await page.getByRole('button', { name: button }).click();
}

interface TestResult {
  answers: { questionId: string; partId: string; questionType: string; answer: Record<string, unknown> }[];
  media: { kind: string; uploadedAt: string | null }[];
  events: { type: string }[];
  invitation: { status: string };
}

describe('the candidate’s flow', () => {
  it('in English at 1366 px: device check, several answer types, a reload, offline and back, a video, finished and stored', async () => {
    let shown: Page | undefined;
    await withShot(() => shown, 'take-english', async () => {
      const { invitationId, link } = await invite('Meera Iyer', `meera.${Date.now()}@example.com`);
      const w = WORDS.en;
      const context = await newCandidateContext(1366, 'en');
      const page = await context.newPage();
      shown = page;
      const errors = watchErrors(page);
      await page.goto(link);

      await page.getByRole('heading', { level: 1, name: ASSESSMENT }).waitFor();
      assert.match(await page.locator('main').innerText(), /It takes about \d+ minutes/);
      await checkScreen(page, 'instructions');
      await page.getByRole('button', { name: w.continue }).click();
      await page.getByRole('heading', { level: 1, name: 'Choose your language' }).waitFor();
      await checkScreen(page, 'language');
      await page.getByRole('radio', { name: 'English' }).check();
      await page.getByRole('button', { name: w.continue }).click();
      await page.getByText(w.devicesWork).waitFor();
      await checkScreen(page, 'device check');
      await page.getByRole('button', { name: w.start }).click();

      // Qualifying questions.
      await page.getByRole('button', { name: w.partStart, exact: true }).waitFor();
      await checkScreen(page, 'part card');
      await page.getByRole('button', { name: w.partStart, exact: true }).click();
      let answered = 0;
        for (let i = 1; i <= 2; i++) {
        await page.getByRole('heading', { level: 2, name: w.question(i) }).waitFor();
        if (i === 1) await checkScreen(page, 'qualifying question');
        await answer(page, w);
        answered++;
        await page.getByRole('button', { name: w.next }).click();
      }
      await finishSection(page, w);

      // The first test: two answers, then a reload.
      await page.getByRole('button', { name: w.partStart, exact: true }).click();
      for (let i = 1; i <= 2; i++) {
        await page.getByRole('heading', { level: 2, name: w.question(i) }).waitFor();
        await answer(page, w);
        answered++;
        await page.getByRole('button', { name: w.next }).click();
      }
      await page.getByRole('heading', { level: 2, name: w.question(3) }).waitFor();
      await page.waitForFunction((saved) => document.querySelector('[data-testid="save-status"]')?.textContent === saved, w.saved);
      await checkScreen(page, 'test question');
      await page.reload();
      await page.getByText('Welcome back. Turn your camera and microphone on again to continue.').waitFor();
      await passDeviceCheck(page, w, w.welcomeBack);
      // Where it stopped: the first unanswered question, the time still running.
      await page.getByRole('heading', { level: 2, name: w.question(3) }).waitFor();
      assert.match(await page.getByTestId('time-left').innerText(), /\d+:\d{2}/);

      // The network goes; the candidate answers on.
      await context.setOffline(true);
      await answer(page, w);
      answered++;
      await page.waitForFunction((offline) => document.querySelector('[data-testid="save-status"]')?.textContent === offline, w.offline);
      await checkScreen(page, 'offline');
      await page.getByRole('button', { name: w.next }).click();
      await page.getByRole('heading', { level: 2, name: w.question(4) }).waitFor();
      await answer(page, w);
      answered++;
      assert.equal(await status(page), w.offline);
      await context.setOffline(false);
      await page.waitForFunction((saved) => document.querySelector('[data-testid="save-status"]')?.textContent === saved, w.saved, { timeout: 40_000 });
      await finishSection(page, w);

      // The other tests, left unanswered (confirmed), then the video.
      for (let part = 0; part < 5; part++) {
        await page.getByRole('button', { name: w.partStart, exact: true }).click();
        await page.getByRole('heading', { level: 2, name: w.question(1) }).waitFor();
        if ((await page.locator('main h1').innerText()) === w.videoPart) break;
        await finishSection(page, w);
      }
      await checkScreen(page, 'video question');
      await recordVideo(page, w);
      answered++;
      await finishSection(page, w);
      await page.getByRole('heading', { level: 1, name: w.thanks }).waitFor();
      await checkScreen(page, 'thank you');
      assert.deepEqual(errors, []);

      // Every answer given is stored, the video uploaded.
      const result = (await staff(`/api/test-result/${invitationId}`)) as TestResult;
      assert.equal(result.invitation.status, 'COMPLETED');
      assert.equal(result.answers.length, answered, JSON.stringify(result.answers.map((a) => [a.questionType, a.answer])));
      // Several response types: the qualifying questions' single choice, the test's scale, the video.
      const types = new Set(result.answers.map((a) => a.questionType));
      assert.ok(types.size >= 3 && types.has('SINGLE_CHOICE') && types.has('VIDEO'), [...types].join(', '));
      const video = result.answers.find((a) => a.questionType === 'VIDEO');
      assert.match(String(video?.answer.objectKey), /^uploads\//);
      assert.ok(result.media.some((m) => m.kind === 'VIDEO_ANSWER' && m.uploadedAt));
      // The evidence: webcam snapshots (every 60 s, the first soon after the start), the device check, the network lost and back.
      assert.ok(result.media.some((m) => m.kind === 'SNAPSHOT' && m.uploadedAt), JSON.stringify(result.media));
      const events = new Set(result.events.map((e) => e.type));
      for (const type of ['DEVICE_CHECK_PASSED', 'OFFLINE', 'ONLINE']) assert.ok(events.has(type), `${type} in ${[...events].join(', ')}`);
      await context.close();
    });
  });

  it('in Hindi at 360 px, each screen checked', async () => {
    let shown: Page | undefined;
    await withShot(() => shown, 'take-hindi', async () => {
      const { invitationId, link } = await invite('Ravi Kumar', `ravi.${Date.now()}@example.com`);
      const w = WORDS.hi;
      const context = await newCandidateContext(360, 'hi');
      const page = await context.newPage();
      shown = page;
      const errors = watchErrors(page);
      await page.goto(link);

      await page.getByRole('heading', { level: 2, name: 'शुरू करने से पहले' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
      await checkScreen(page, 'निर्देश');
      await page.getByRole('button', { name: w.continue }).click();
      await page.getByRole('heading', { level: 1, name: 'अपनी भाषा चुनें' }).waitFor();
      await page.getByRole('radio', { name: /हिन्दी/ }).check();
      await checkScreen(page, 'भाषा');
      await page.getByRole('button', { name: w.continue }).click();
      await page.getByText(w.devicesWork).waitFor();
      await checkScreen(page, 'डिवाइस');
      await page.getByRole('button', { name: w.start }).click();

      await page.getByRole('button', { name: w.partStart, exact: true }).waitFor();
      await checkScreen(page, 'खंड');
      await page.getByRole('button', { name: w.partStart, exact: true }).click();
      let answered = 0;
      for (let i = 1; i <= 2; i++) {
        await page.getByRole('heading', { level: 2, name: w.question(i) }).waitFor();
        // The questions are in Hindi, marked so.
        if (i === 1) {
          assert.equal(await page.locator('main [lang="hi"]').first().count(), 1);
          await checkScreen(page, 'योग्यता प्रश्न');
        }
        await answer(page, w);
        answered++;
        await page.getByRole('button', { name: w.next }).click();
      }
      await finishSection(page, w);
      await page.getByRole('button', { name: w.partStart, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: w.question(1) }).waitFor();
      await answer(page, w);
      answered++;
      await page.waitForFunction((saved) => document.querySelector('[data-testid="save-status"]')?.textContent === saved, w.saved);
      await checkScreen(page, 'प्रश्न');
      await page.getByRole('button', { name: w.finish }).last().click();
      await page.getByRole('dialog').waitFor();
      await checkScreen(page, 'पुष्टि');
      await page.getByRole('dialog').getByRole('button', { name: w.confirm }).click();
      for (let part = 0; part < 5; part++) {
        await page.getByRole('button', { name: w.partStart, exact: true }).click();
        await page.getByRole('heading', { level: 2, name: w.question(1) }).waitFor();
        if ((await page.locator('main h1').innerText()) === w.videoPart) break;
        await finishSection(page, w);
      }
      await checkScreen(page, 'वीडियो');
      await recordVideo(page, w);
      answered++;
      await finishSection(page, w);
      await page.getByRole('heading', { level: 1, name: w.thanks }).waitFor();
      await checkScreen(page, 'धन्यवाद');
      assert.deepEqual(errors, []);
      const result = (await staff(`/api/test-result/${invitationId}`)) as TestResult;
      assert.equal(result.answers.length, answered);
      await context.close();
    });
  });

  it('a link that does not work says so, in a page of its own', async () => {
    const context = await newCandidateContext(360, 'en');
    const page = await context.newPage();
    const response = await page.goto(`${running.product.url}/take/${'x'.repeat(43)}`);
    assert.equal(response?.headers()['permissions-policy'], 'camera=(self), microphone=(self), fullscreen=(self), display-capture=(), geolocation=()');
    await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    await page.getByText('This link is not valid. Please check that you copied all of it.').waitFor();
    await checkScreen(page, 'link not valid');
    await context.close();
  });
});
