/**
 * PDFs from print-styled pages, by headless Chromium (playwright-core and the system Chromium): the
 * only renderer here that shapes Hindi and keeps its text searchable (DESIGN.md section 1). One
 * browser, launched on the first render and reused; every render gets its own context (no shared
 * storage or cookies) closed afterwards; at most `concurrency` renders at once, a bounded queue
 * behind them, and a time limit on each. The page may fetch only from this server and the storage:
 * anything else it asks for (an image address in a question's text, say) is refused, so a report
 * cannot make the server's browser call into its network.
 */
import { accessSync, constants } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { HttpError } from '../../lib/errors';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

export const PDF_MESSAGES = {
  unavailable: FIELD_MESSAGES.pdfRenderingNotConfigured,
  busy: FIELD_MESSAGES.pdfRendererBusyTry,
  timeout: FIELD_MESSAGES.pdfTookTooLong,
  failed: FIELD_MESSAGES.pdfCouldNotRendered,
} as const;

/** Chromium's flags for a server (STACK.md): no sandbox (it runs as the server's user in a container), no GPU, no background traffic. */
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface RendererOptions {
  executablePath: string;
  log: FastifyBaseLogger;
  /** Renders at once (each a Chromium page). */
  concurrency?: number;
  /** Renders waiting behind them; beyond, callers get a 429. */
  queueLimit?: number;
  /** From taking a slot to the finished PDF. */
  timeoutMs?: number;
}

export interface RenderJob {
  /** The page to print (its fragment may carry what the page needs). */
  url: string;
  /** Where the page's own requests go (this server, on loopback). */
  origin: string;
  /** Origins the page may also load from (the storage's); requests to `rewrite.from` go to `rewrite.to` instead. */
  allowedOrigins: readonly string[];
  rewrite?: { from: string; to: string };
  /** Written into localStorage before the page loads (the interface language, as the language menu leaves it). */
  storage?: Record<string, string>;
  viewportWidth: number;
  /** The attribute the page puts on <body> once it is drawn, and the one it puts there when it cannot be. */
  readyAttribute: string;
  errorAttribute: string;
  margin: { top: string; bottom: string; left: string; right: string };
  /** A line in each page's footer (escaped here), beside the page number. */
  footer: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly queueLimit: number;
  private readonly timeoutMs: number;
  private closed = false;

  constructor(private readonly options: RendererOptions) {
    this.concurrency = options.concurrency ?? 2;
    this.queueLimit = options.queueLimit ?? 20;
    this.timeoutMs = options.timeoutMs ?? 45_000;
  }

  /** Whether a Chromium is where the configuration says (checked on every call: installing one needs no restart). */
  available(): boolean {
    try {
      accessSync(this.options.executablePath, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  async render(job: RenderJob): Promise<Buffer> {
    if (!this.available()) throw new HttpError(503, PDF_MESSAGES.unavailable);
    await this.acquire();
    try {
      return await this.withTimeout(job);
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (browser) await browser.then((b) => b.close()).catch(() => undefined);
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.queueLimit) throw new HttpError(429, PDF_MESSAGES.busy, undefined, { 'retry-after': '10' });
    // The slot is handed over by release(), so `running` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** The one browser: launched on first use, launched again if it went away (crashed, killed). */
  private launch(): Promise<Browser> {
    if (this.closed) throw new HttpError(503, PDF_MESSAGES.unavailable);
    if (!this.browser) {
      const launching = (async () => {
        const { chromium } = await import('playwright-core');
        const browser = await chromium.launch({ executablePath: this.options.executablePath, args: CHROMIUM_FLAGS });
        browser.on('disconnected', () => {
          if (this.browser === launching) this.browser = null;
        });
        return browser;
      })();
      this.browser = launching;
      launching.catch((error) => {
        this.options.log.error({ err: error }, 'Chromium did not start; report PDFs answer 503 until it does');
        if (this.browser === launching) this.browser = null;
      });
    }
    return this.browser;
  }

  private async withTimeout(job: RenderJob): Promise<Buffer> {
    let context: BrowserContext | undefined;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HttpError(504, PDF_MESSAGES.timeout)), this.timeoutMs);
    });
    const work = (async () => {
      let browser: Browser;
      try {
        browser = await this.launch();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(503, PDF_MESSAGES.unavailable);
      }
      context = await browser.newContext({ viewport: { width: job.viewportWidth, height: 1120 }, serviceWorkers: 'block', acceptDownloads: false });
      return this.print(context, job);
    })();
    try {
      return await Promise.race([work, timedOut]);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      this.options.log.error({ err: error }, 'a report PDF failed to render');
      throw new HttpError(500, PDF_MESSAGES.failed);
    } finally {
      clearTimeout(timer);
      // Closing the context ends its page, and with it anything still running there (a render past its
      // time); a context still being made when time ran out is closed once it exists.
      const close = () => (context as BrowserContext | undefined)?.close().catch(() => undefined);
      void work.catch(() => undefined).then(close);
      await close();
    }
  }

  private async print(context: BrowserContext, job: RenderJob): Promise<Buffer> {
    if (job.storage) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, job.storage);
    }
    const allowed = new Set([job.origin, ...job.allowedOrigins]);
    await context.route('**/*', (route: Route) => this.guard(route, job, allowed));
    const page = await context.newPage();
    await page.goto(job.url, { waitUntil: 'domcontentloaded', timeout: this.timeoutMs });
    await page.waitForFunction(
      ([ready, failed]) => document.body.hasAttribute(ready) || document.body.hasAttribute(failed),
      [job.readyAttribute, job.errorAttribute] as const,
      { timeout: this.timeoutMs, polling: 100 },
    );
    const failure = await page.evaluate((failed) => document.body.getAttribute(failed), job.errorAttribute);
    if (failure !== null) throw new Error(`the print page could not draw the report: ${failure}`);
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      // Headings become the PDF's outline and its text carries structure, for readers and search.
      tagged: true,
      outline: true,
      margin: job.margin,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: `<div style="width:100%;font-size:8px;color:#666;padding:0 12mm;display:flex;justify-content:space-between;font-family:Roboto,'Noto Sans Devanagari',sans-serif"><span>${escapeHtml(job.footer)}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`,
    });
    return Buffer.from(pdf);
  }

  /** This server and the storage only; the public address of this server is read from loopback. */
  private async guard(route: Route, job: RenderJob, allowed: Set<string>) {
    const url = route.request().url();
    if (job.rewrite && url.startsWith(job.rewrite.from)) {
      const response = await route.fetch({ url: job.rewrite.to + url.slice(job.rewrite.from.length) }).catch(() => null);
      return response ? route.fulfill({ response }) : route.abort('failed');
    }
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return route.abort('blockedbyclient');
    }
    return allowed.has(origin) ? route.continue() : route.abort('blockedbyclient');
  }
}
