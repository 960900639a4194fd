/**
 * The report's PDF (`GET /api/candidate-reports/:id/pdf`): a real PDF printed by headless Chromium
 * from the app's print page (built here into a folder of its own, served by the server under test,
 * which listens on loopback for its browser), with the candidate's name in its text and, in Hindi,
 * the band text extractable in logical order (pdftotext); the same readers as the report (another
 * client 404, a candidate's link token 401); the print data only with a live ticket; one PDF at a
 * time per user; and 503 with the exact sentence where CHROMIUM_PATH points nowhere. The renderer on
 * its own: 2 pages at once, a bounded queue (429), a time limit (504), nothing fetched from elsewhere.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { takeContextFor } from '../../server/modules/take/lifecycle';
import { printingFor } from '../../server/modules/report-pdf/printing';
import { PdfRenderer, type RenderJob } from '../../server/modules/report-pdf/renderer';
import { attachment, pdfFileName } from '../../server/modules/report-pdf/routes';
import { PrintTickets } from '../../server/modules/report-pdf/tickets';
import type { CandidateReport } from '../../src/domain/report';
import { startTestServer, type TestServer } from './harness';
import { handAnswers, scoringFixture, takeAttempt, type ScoringFixture } from './score-fixtures';
import { ACME, ACME_RECRUITER, GLOBEX } from './staff-fixtures';
import { invite, takeClient } from './take-fixtures';
import { until } from '../support/until';
import { holdNextCall } from '../support/hold';

const ROOT = join(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const UNAVAILABLE = 'PDF rendering is not configured on this server';
/** The Hindi band text of the fixture's Listening skill (Moderate-High), as written. */
const HINDI_BAND_TEXT = 'अच्छी तरह सुनते हैं; किसी कठिन बातचीत के बारे में पूछें।';

let dist: string;
let server: TestServer;
let fixture: ScoringFixture;
let meera: { invitationId: string; token: string };

/** A 12 × 16 px JPEG: the webcam snapshot Meera's attempt uploads. */
const SNAPSHOT = Buffer.from('/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDABsSFBcUERsXFhceHBsgKEIrKCUlKFE6PTBCYFVlZF9VXVtqeJmBanGQc1tdhbWGkJ6jq62rZ4C8ybqmx5moq6T/2wBDARweHigjKE4rK06kbl1upKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKT/wAARCAAQAAwDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDanvPs8yxtDcSZG7dHHuHXpVmKVZk3KHAzjDoVP5Gn0UAf/9k=', 'base64');

const pdfUrl = (invitationId: string, query = '') => `/api/candidate-reports/${invitationId}/pdf${query}`;

/** The text pdftotext reads from a PDF, whitespace collapsed (lines wrap where the page does). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sg-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const out = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr}`);
    return out.stdout.replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isPdf = (res: LightMyRequestResponse) => res.rawPayload.subarray(0, 5).toString('latin1') === '%PDF-';

/** The images embedded in a PDF, as `pdfimages -list` sizes them ("14x16"). */
function pdfImages(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'sg-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const out = spawnSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`pdfimages failed: ${out.stderr}`);
    return out.stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[2] === 'image')
      .map((cols) => `${cols[3]}x${cols[4]}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads a webcam snapshot through the candidate API, as the page does. */
async function uploadSnapshot(token: string) {
  const ticket = await takeClient(server).post(token, '/media', { kind: 'SNAPSHOT', contentType: 'image/jpeg', size: SNAPSHOT.length });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const url = new URL(ticket.data.uploadUrl, 'http://localhost');
  const put = await server.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: SNAPSHOT, headers: ticket.data.headers });
  expect(put.statusCode, put.body).toBe(200);
}

beforeAll(async () => {
  // The print page Chromium opens is the app's own: build it as it stands now.
  dist = mkdtempSync(join(tmpdir(), 'sg-report-dist-'));
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);

  server = await startTestServer({ staticDir: dist, chromiumPath: CHROMIUM });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const acme = (await server.demoUsers()).get(ACME)!.clientId!;
  fixture = await scoringFixture(server.database.db, { clientId: acme });
  meera = await invite(server.database.db, fixture, { name: 'Meera Iyer', email: 'meera@example.com' });
  await takeAttempt(server, meera.token, handAnswers(fixture), {
    language: 'hi',
    beforeFinish: async (state) => {
      if (state.currentPart?.id === 'qualifying') await uploadSnapshot(meera.token);
    },
  });
  // Completing the attempt queued its scoring: wait for it.
  await takeContextFor(server.app.services).scoring.idle();
}, 240_000);

afterAll(async () => {
  await server?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the report as a PDF', () => {
  it('says the renderer is there, and prints a real PDF named after the candidate, with the name and band texts in its text', { timeout: 120_000 }, async () => {
    expect((await server.asUser(ACME, { method: 'GET', url: '/api/pdf-renderer' })).json().data).toEqual({ available: true });
    const report = (await server.asUser(ACME, { method: 'GET', url: `/api/candidate-reports/${meera.invitationId}?language=en` })).json().data as CandidateReport;
    expect(report.score?.overall.percent).toBeGreaterThan(0);

    const res = await server.asUser(ACME, { method: 'GET', url: pdfUrl(meera.invitationId, '?language=en') });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toContain('no-store');
    const name = `Meera Iyer - ${report.assessment.name}.pdf`;
    expect(res.headers['content-disposition']).toBe(attachment(name));
    expect(res.headers['content-disposition']).toContain(`filename="${name}"`);
    expect(isPdf(res)).toBe(true);

    const text = pdfText(res.rawPayload);
    expect(text).toContain('Meera Iyer');
    expect(text).toContain('Candidate report');
    expect(text).toContain('Listens well; ask about a hard conversation.');
    expect(text).toContain('Plans with some help; ask how they prioritise.');
    // The sections of the report, each on paper.
    for (const heading of ['Scores', 'Skills', 'Answers', 'Proctoring']) expect(text).toContain(heading);
    // The snapshot's link is signed for the public address; the server's browser fetched it over loopback.
    expect(report.proctoring?.snapshots).toHaveLength(1);
    expect(pdfImages(res.rawPayload)).toHaveLength(1);
  });

  it('in Hindi, the band text and the labels are extractable in logical order', { timeout: 120_000 }, async () => {
    const res = await server.asUser(ACME_RECRUITER, { method: 'GET', url: pdfUrl(meera.invitationId, '?language=hi') });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(isPdf(res)).toBe(true);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(HINDI_BAND_TEXT);
    expect(text).toContain('उम्मीदवार रिपोर्ट');
    expect(text).toContain('कौशल');
    expect(text).toContain('Meera Iyer');
  });

  it('is read by the report’s readers only: another client 404, a candidate’s link token 401, no one signed out', async () => {
    const other = await server.asUser(GLOBEX, { method: 'GET', url: pdfUrl(meera.invitationId) });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('Not found.');
    expect((await server.as(meera.token, { method: 'GET', url: pdfUrl(meera.invitationId) })).statusCode).toBe(401);
    expect((await server.as(undefined, { method: 'GET', url: pdfUrl(meera.invitationId) })).statusCode).toBe(401);
    expect((await server.asUser(ACME, { method: 'GET', url: pdfUrl('not-a-uuid') })).statusCode).toBe(400);
    expect((await server.asUser(ACME, { method: 'GET', url: pdfUrl(meera.invitationId, '?language=%3Cscript%3E') })).statusCode).toBe(400);
  });

  it('is made only of a completed attempt: one not yet started answers 409 with the reason, before any printing', async () => {
    const waiting = await invite(server.database.db, fixture, { name: 'Ravi Kumar', email: 'ravi.pdf@example.com' });
    const response = await server.asUser(ACME, { method: 'GET', url: pdfUrl(waiting.invitationId) });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('A PDF is made once the attempt is completed.');
  });

  it('gives the print data only for a live ticket of that very report', async () => {
    const url = `/api/candidate-reports/${meera.invitationId}/print`;
    const none = await server.app.inject({ method: 'GET', url });
    expect(none.statusCode).toBe(401);
    expect(none.json().msg).toBe('This print link is not valid or has expired.');
    expect((await server.app.inject({ method: 'GET', url, headers: { 'x-print-ticket': 'forged-ticket' } })).statusCode).toBe(401);
    // A signed-in user's own token is no ticket either.
    expect((await server.asUser(ACME, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('makes one PDF at a time for each user: a second request meanwhile answers 429', { timeout: 120_000 }, async () => {
    // The first PDF is held in the renderer by the test, however fast this machine renders, while the second is asked for.
    const hold = holdNextCall(printingFor(server.app, server.app.services).renderer, 'render');
    try {
      const first = server.asUser(ACME, { method: 'GET', url: pdfUrl(meera.invitationId) });
      await hold.entered;
      const second = await server.asUser(ACME, { method: 'GET', url: pdfUrl(meera.invitationId) });
      expect(second.statusCode).toBe(429);
      expect(second.json().msg).toBe('Your previous PDF is still being made. Wait for it to finish.');
      hold.letGo();
      expect((await first).statusCode).toBe(200);
    } finally {
      hold.restore();
    }
  });
});

describe('print tickets', () => {
  it('read their own report only, until they expire or are revoked', () => {
    let now = 1_000;
    const tickets = new PrintTickets(60_000, () => now);
    const report = { invitationId: 'inv-1' } as CandidateReport;
    const ticket = tickets.issue(report.invitationId, report);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tickets.read(ticket, 'inv-1')).toBe(report);
    expect(tickets.read(ticket, 'inv-2')).toBeUndefined();
    expect(tickets.read(undefined, 'inv-1')).toBeUndefined();
    now += 60_000;
    expect(tickets.read(ticket, 'inv-1')).toBeUndefined();
    const second = tickets.issue(report.invitationId, report);
    expect(tickets.size).toBe(1);
    tickets.revoke(second);
    expect(tickets.read(second, 'inv-1')).toBeUndefined();
  });

  it('name files after the candidate, safe for every file system and header', () => {
    expect(pdfFileName('Meera Iyer', 'Support: hiring/2026')).toBe('Meera Iyer - Support hiring 2026.pdf');
    expect(attachment('मीरा अय्यर - Support.pdf')).toBe(`attachment; filename="____ _____ - Support.pdf"; filename*=UTF-8''${encodeURIComponent('मीरा अय्यर - Support.pdf')}`);
    expect(attachment('मीरा.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent('मीरा.pdf')}`);
  });
});

describe('without Chromium', () => {
  let bare: TestServer;
  let invitationId: string;
  beforeAll(async () => {
    bare = await startTestServer({ staticDir: dist, chromiumPath: join(tmpdir(), 'no-chromium-here', 'chromium') });
    await bare.app.listen({ port: 0, host: '127.0.0.1' });
    const acme = (await bare.demoUsers()).get(ACME)!.clientId!;
    ({ invitationId } = await invite(bare.database.db, await scoringFixture(bare.database.db, { clientId: acme })));
  }, 120_000);
  afterAll(() => bare?.close());

  it('answers 503 with the sentence the page shows, and says so before anyone asks', async () => {
    expect((await bare.asUser(ACME, { method: 'GET', url: '/api/pdf-renderer' })).json().data).toEqual({ available: false });
    const res = await bare.asUser(ACME, { method: 'GET', url: pdfUrl(invitationId) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ result: 0, msg: UNAVAILABLE, code: 'pdfRenderingNotConfigured' });
    // Tenancy is decided first: another client learns nothing, not even that PDFs are off.
    expect((await bare.asUser(GLOBEX, { method: 'GET', url: pdfUrl(invitationId) })).statusCode).toBe(404);
  });
});

describe('the renderer', () => {
  /** A page server whose pages wait on /hold until the test lets them go, and an "outside" server a page tries to reach. */
  let pages: Server;
  let outside: Server;
  let origin: string;
  let outsideOrigin: string;
  const held: ServerResponse[] = [];
  let mostHeld = 0;
  /** What the page server saw, in order: the pages asked for, and the test letting a held page go. */
  const seen: string[] = [];
  let outsideHits = 0;
  const silent = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

  const listen = (server: Server) => new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  beforeAll(async () => {
    outside = createServer((_req, res) => {
      outsideHits++;
      res.end('leaked');
    });
    outsideOrigin = await listen(outside);
    pages = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/hold') {
        held.push(res);
        mostHeld = Math.max(mostHeld, held.length);
        return;
      }
      const never = req.url?.includes('never');
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><body><h1>Page ${req.url}</h1><img src="${outsideOrigin}/pixel.png"><script>
        fetch('${outsideOrigin}/leak').catch(() => {});
        ${never ? '' : "fetch('/hold').then(() => document.body.setAttribute('data-ready', '1'));"}
      </script></body>`);
    });
    origin = await listen(pages);
  });
  afterAll(async () => {
    for (const res of held.splice(0)) res.end();
    await new Promise((done) => pages.close(done));
    await new Promise((done) => outside.close(done));
  });

  const job = (path: string): RenderJob => ({
    url: `${origin}${path}`,
    origin,
    allowedOrigins: [],
    viewportWidth: 703,
    readyAttribute: 'data-ready',
    errorAttribute: 'data-error',
    margin: { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' },
    footer: 'Footer <b>',
  });
  const releaseOne = () => {
    seen.push('let go');
    held.shift()?.end('ok');
  };
  const holding = (n: number) => until(`${n} pages waiting on /hold`, () => held.length === n, { ceilingMs: 60_000 });

  it('renders at most 2 pages at once, the others waiting their turn; a full queue answers 429', { timeout: 120_000 }, async () => {
    const renderer = new PdfRenderer({ executablePath: CHROMIUM, log: silent, concurrency: 2, queueLimit: 1 });
    try {
      mostHeld = 0;
      seen.length = 0;
      const renders = [1, 2, 3].map((n) => renderer.render(job(`/page-${n}`)));
      // Two pages reach /hold; the third waits for a slot, and a fourth finds the queue full.
      await holding(2);
      await expect(renderer.render(job('/page-4'))).rejects.toMatchObject({ statusCode: 429, message: 'The PDF renderer is busy. Try again in a moment.' });
      releaseOne();
      await holding(2);
      releaseOne();
      releaseOne();
      const pdfs = await Promise.all(renders);
      for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(mostHeld).toBe(2);
      // The third page was not even asked for until a slot was free (rather than "not within some time").
      expect(seen.indexOf('/page-3')).toBeGreaterThan(seen.indexOf('let go'));
      // The page's image and fetch to another origin never left the browser.
      expect(outsideHits).toBe(0);
      expect(pdfText(pdfs[0])).toContain('Footer <b>');
    } finally {
      for (const res of held.splice(0)) res.end();
      await renderer.close();
    }
  });

  it('gives up on a page that never becomes ready: 504, and the next render still works', { timeout: 120_000 }, async () => {
    const renderer = new PdfRenderer({ executablePath: CHROMIUM, log: silent, timeoutMs: 8_000 });
    try {
      await expect(renderer.render(job('/never'))).rejects.toMatchObject({ statusCode: 504, message: 'The PDF took too long to render. Try again.' });
      // Whether it works is the question, not how fast: the next render gets all the time it needs
      // (a busy machine once took longer than the first's limit).
      const limits = renderer as unknown as { timeoutMs: number };
      expect(limits.timeoutMs).toBe(8_000);
      limits.timeoutMs = 60_000;
      const next = renderer.render(job('/after'));
      await holding(1);
      releaseOne();
      expect((await next).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      for (const res of held.splice(0)) res.end();
      await renderer.close();
    }
  });
});
