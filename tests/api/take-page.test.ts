/**
 * The candidate's page as the server serves it: take.html (its own small entry) for
 * `/take/<token>` and `/take/public/<slug>`, with a Permissions-Policy that lets that page, and only
 * that page, use the camera, the microphone and full screen; the admin's index.html elsewhere. The
 * CSP lets pages connect to the storage's origin when uploads go straight to S3.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

const TOKEN = 'A'.repeat(43);
const ASSET = `console.log(${JSON.stringify('a candidate page '.repeat(200))});`;
let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'sg-take-page-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>admin</title>');
  writeFileSync(join(staticDir, 'take.html'), '<!doctype html><title>candidate</title>');
  // A hashed asset with the .br and .gz files the build writes beside it.
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'take-AbC123.js'), ASSET);
  writeFileSync(join(staticDir, 'assets', 'take-AbC123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(staticDir, 'assets', 'take-AbC123.js.gz'), gzipSync(ASSET));
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ staticDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('the candidate’s page', () => {
  it.each([`/take/${TOKEN}`, '/take/public/abcdefghijklmnopqrstuv', `/take/${TOKEN}?from=mail`])('%s is take.html, allowed the camera, microphone and full screen for itself', async (url) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>candidate</title>');
    expect(res.headers['permissions-policy']).toBe('camera=(self), microphone=(self), fullscreen=(self), display-capture=(), geolocation=()');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self';");
  });

  it('the admin’s pages stay index.html, with no permission to use devices', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/questions' });
    expect(res.body).toContain('<title>admin</title>');
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('the candidate API is not a page: an unknown route under /api/take answers the JSON 404', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/take/${TOKEN}/nothing-here` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 0 });
  });
});

describe('uploads straight to S3', () => {
  it.each([
    [{ bucket: 'sg-media', region: 'ap-south-1' }, 'https://sg-media.s3.ap-south-1.amazonaws.com'],
    [{ bucket: 'media', endpoint: 'http://127.0.0.1:9000/' }, 'http://127.0.0.1:9000'],
  ])('are allowed by the CSP’s connect-src (%o)', async (s3, origin) => {
    const s3Server = await startTestServer({ s3: { ...s3, accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' } });
    try {
      const res = await s3Server.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(res.headers['content-security-policy'])).toContain(`connect-src 'self' ${origin};`);
    } finally {
      await s3Server.close();
    }
  });
});

describe('what a phone downloads', () => {
  it('gets a hashed asset compressed as it accepts (brotli, else gzip, else plain), kept for a year', async () => {
    const url = '/assets/take-AbC123.js';
    const br = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.statusCode, br.headers['content-encoding'], br.headers['cache-control']]).toEqual([200, 'br', 'public, max-age=31536000, immutable']);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    expect(br.rawPayload.length).toBeLessThan(ASSET.length / 4);
    const gz = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await server.app.inject({ method: 'GET', url });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, ASSET]);
  });

  it('never keeps the pages without asking, and keeps icons an hour', async () => {
    for (const url of ['/', '/index.html', `/take/${TOKEN}`]) expect((await server.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-cache');
    expect((await server.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('gets JSON over 1 KB compressed when it accepts it, and small answers as they are', async () => {
    const list = await server.asUser('admin@skillgauge.demo', { method: 'GET', url: '/api/users?range=[0,49]', headers: { 'accept-encoding': 'br, gzip' } });
    expect([list.statusCode, list.headers['content-encoding']]).toEqual([200, 'br']);
    // The list's range is still there (written after compression), and counts the rows sent.
    const rows = JSON.parse(brotliDecompressSync(list.rawPayload).toString()).data as unknown[];
    expect(list.headers['content-range']).toBe(`users 0-${rows.length - 1}/${rows.length}`);
    const small = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect([small.statusCode, small.headers['content-encoding']]).toEqual([200, undefined]);
  });
});
