/**
 * The invoice PDF printed by headless Chromium from the app's invoice print page (built here into a
 * folder of its own): the order's number, the buyer and the total in its text, in English and in
 * Hindi; another client's invoice is not found. Skipped where there is no Chromium (the 503 without
 * one is in orders.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdByName } from './business-fixtures';
import { startTestServer, type TestServer } from './harness';
import { ACME, ADMIN, GLOBEX } from './staff-fixtures';

const ROOT = join(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = (() => {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return true;
  } catch {
    return false;
  }
})();

let dist: string;
let server: TestServer;
let order: { id: string; number: string };

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sg-invoice-'));
  try {
    writeFileSync(join(dir, 'invoice.pdf'), pdf);
    const out = spawnSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr}`);
    return out.stdout.replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.runIf(hasChromium)('the invoice PDF', () => {
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sg-invoice-dist-'));
    const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
    server = await startTestServer({ staticDir: dist, chromiumPath: CHROMIUM });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const db = server.database.db;
    await db.updateTable('clients').set({ address: '14 MG Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001' }).where('id', '=', await clientIdByName(db, 'Acme Industries')).execute();
    const support = (await db.selectFrom('assessments').select('id').where('name', '=', 'Customer Support Associate: Hiring 2026').executeTakeFirstOrThrow()).id;
    const res = await server.asUser(ACME, { method: 'POST', url: '/api/orders', payload: { assessmentId: support, credits: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    order = res.json().data;
    await server.asUser(ADMIN, { method: 'POST', url: `/api/orders/${order.id}/payments`, payload: { amountPaise: 100_000, method: 'UPI', reference: 'UPI 777', paidOn: '2026-11-20' } });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('prints the client’s invoice in English and in Hindi', async () => {
    const en = await server.asUser(ACME, { method: 'GET', url: `/api/orders/${order.id}/invoice.pdf?language=en` });
    expect(en.statusCode, en.body.slice(0, 200)).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    const text = pdfText(en.rawPayload);
    expect(text).toContain(order.number);
    expect(text).toContain('Acme Industries');
    expect(text).toContain('Tax invoice');
    expect(text).toContain('₹5,310.00');
    expect(text).toContain('UPI 777');
    const hi = await server.asUser(ACME, { method: 'GET', url: `/api/orders/${order.id}/invoice.pdf?language=hi` });
    expect(hi.statusCode).toBe(200);
    expect(pdfText(hi.rawPayload)).toContain('टैक्स इनवॉइस');
  }, 120_000);

  it('is not another client’s to print', async () => {
    expect((await server.asUser(GLOBEX, { method: 'GET', url: `/api/orders/${order.id}/invoice.pdf` })).statusCode).toBe(404);
  });
});
