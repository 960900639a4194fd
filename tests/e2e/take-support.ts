/**
 * What the candidate's screens say and how a candidate answers them, shared by the end-to-end
 * tests that take an assessment: Chromium with a fake camera and microphone, the link mailed to
 * the outbox, the words of the screens in English and Hindi, and an answer to any question.
 */
import type { Page } from 'playwright-core';
import { latestMail } from './support';

/** The /take/<token> link of the newest mail to an address in the outbox. */
export async function mailedTakeLink(url: string, email: string): Promise<string> {
  const mail = await latestMail(url, email);
  const link = mail.textBody.match(/https?:\/\/\S+\/take\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no link in the mail to ${email}:\n${mail.textBody}`);
  return link;
}

export const WORDS = {
  en: {
    continue: 'Continue',
    devicesWork: 'Your camera and microphone work.',
    start: 'Start the assessment',
    partStart: 'Start',
    next: 'Next',
    finish: 'Finish this section',
    confirm: 'Finish the section',
    keepOrder: 'Keep this order as my answer',
    text: 'Your answer',
    record: 'Start recording',
    stop: 'Stop recording',
    videoSaved: 'Your video is saved.',
    welcomeBack: 'Continue the assessment',
    thanks: 'Thank you',
    videoPart: 'Video questions',
    saved: 'Saved',
    offline: 'Offline: your answers are kept on this device',
    question: (n: number) => new RegExp(`^Question ${n} of \\d+$`),
  },
  hi: {
    continue: 'आगे बढ़ें',
    devicesWork: 'आपका कैमरा और माइक्रोफ़ोन काम कर रहे हैं।',
    start: 'आकलन शुरू करें',
    partStart: 'शुरू करें',
    next: 'अगला',
    finish: 'यह खंड समाप्त करें',
    confirm: 'खंड समाप्त करें',
    keepOrder: 'यही क्रम मेरा उत्तर है',
    text: 'आपका उत्तर',
    record: 'रिकॉर्डिंग शुरू करें',
    stop: 'रिकॉर्डिंग रोकें',
    videoSaved: 'आपका वीडियो सहेज लिया गया है।',
    welcomeBack: 'आकलन जारी रखें',
    thanks: 'धन्यवाद',
    videoPart: 'वीडियो प्रश्न',
    saved: 'सहेजा गया',
    offline: 'ऑफ़लाइन: आपके उत्तर इस डिवाइस पर सुरक्षित हैं',
    question: (n: number) => new RegExp(`^प्रश्न ${n} / \\d+$`),
  },
} as const;
export type Words = (typeof WORDS)[keyof typeof WORDS];

/** Answers the question on screen with whatever it asks for; says which kind it was. */
export async function answer(page: Page, w: Words): Promise<string> {
  const main = page.locator('main');
  if (await main.getByRole('radio').count()) {
    // Qualifying questions want a yes to go on.
    const yes = main.getByRole('radio', { name: /^(Yes|हाँ)$/ });
    await ((await yes.count()) ? yes.first() : main.getByRole('radio').last()).check();
    return 'choice';
  }
  if (await main.getByRole('checkbox').count()) {
    await main.getByRole('checkbox').first().check();
    return 'multiple';
  }
  if (await main.getByRole('button', { name: w.keepOrder }).count()) {
    await main.getByRole('button', { name: /^(Move|“).*(down|नीचे ले जाएँ)$/ }).first().click();
    return 'sorting';
  }
  if (await main.getByRole('textbox', { name: w.text }).count()) {
    await main.getByRole('textbox', { name: w.text }).fill('I listen first, then act.');
    return 'text';
  }
  throw new Error(`no answer widget on ${await main.innerText()}`);
}

/** Finishes the section on screen: the page always asks first (a closed section cannot be reopened). */
export async function finishSection(page: Page, w: Words) {
  await page.getByRole('button', { name: w.finish }).last().click();
  await page.getByRole('dialog').getByRole('button', { name: w.confirm }).click();
}

/**
 * Counts the bytes the page's recorders hand over (a string: the evaluated code is sent as text,
 * without the test runner's helpers). Once per page; answers the count so far.
 */
const COUNT_RECORDED = `(() => {
  if (window.__recordedBytes === undefined) {
    window.__recordedBytes = 0;
    const start = MediaRecorder.prototype.start;
    MediaRecorder.prototype.start = function (...args) {
      this.addEventListener('dataavailable', (event) => (window.__recordedBytes += event.data.size));
      return start.apply(this, args);
    };
  }
  return window.__recordedBytes;
})()`;

/** Records a video answer and waits until it is uploaded. */
export async function recordVideo(page: Page, w: Words) {
  const before = (await page.evaluate(COUNT_RECORDED)) as number;
  // The recorder is a chunk of its own, loaded by the video question.
  await page.getByRole('button', { name: w.record }).click();
  // Stopped once the recorder has handed over some video (it does every second), so there is something to upload.
  await page.waitForFunction((bytes) => (window as unknown as { __recordedBytes: number }).__recordedBytes > bytes, before, { timeout: 60_000 });
  await page.getByRole('button', { name: w.stop }).click();
  await page.getByText(w.videoSaved).first().waitFor({ timeout: 60_000 });
}

/**
 * From the first part's card to the thank-you page: every question of every part answered (the
 * video recorded), each part finished. `onQuestion` runs on each question before it is answered.
 * Answers how many questions were answered.
 */
export async function completeAttempt(page: Page, w: Words, onQuestion?: (part: number, question: number) => Promise<void>): Promise<number> {
  const thanks = page.getByRole('heading', { level: 1, name: w.thanks });
  const partStart = page.getByRole('button', { name: w.partStart, exact: true });
  let answered = 0;
  for (let part = 1; ; part++) {
    await partStart.or(thanks).first().waitFor();
    if (await thanks.count()) return answered;
    await partStart.click();
    const first = page.getByRole('heading', { level: 2, name: w.question(1) });
    await first.waitFor();
    const total = Number(/(\d+)\D*$/.exec(await first.innerText())?.[1]);
    if (!total) throw new Error(`no question count in "${await first.innerText()}"`);
    const video = (await page.locator('main h1').innerText()) === w.videoPart;
    for (let i = 1; i <= total; i++) {
      await page.getByRole('heading', { level: 2, name: w.question(i) }).waitFor();
      await onQuestion?.(part, i);
      if (video) await recordVideo(page, w);
      else await answer(page, w);
      answered++;
      await page.getByRole('button', { name: w.next }).click();
    }
    // Every answer reached the server before the section ends (a video is stored by its upload).
    if (!video) await page.waitForFunction((saved) => document.querySelector('[data-testid="save-status"]')?.textContent === saved, w.saved);
    await finishSection(page, w);
  }
}

/** Runs a test's body with a screenshot of the page when it fails (in the test's output folder). */
export async function withShot(page: () => Page | undefined, name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    await page()?.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/${name}.png`, fullPage: true }).catch(() => undefined);
    throw error;
  }
}
