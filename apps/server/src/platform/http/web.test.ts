import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser, createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';

const PAGE_SCRIPT = "{ const token = localStorage.getItem('turnout.token'); }";

describe(`serving the web app on ${TEST_DB}`, () => {
  let test: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'turnout-web-'));
    mkdirSync(path.join(dist, 'assets'));
    // With an inline script, as the build's preload script (vite.config.ts).
    const page = `<!doctype html><script>${PAGE_SCRIPT}</script><title>Turnout</title><div id="root"></div>`;
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    // As the build leaves them: a compressed copy of each text file beside it (vite.config.ts).
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(page));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("app")'));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log("app")'));
    // The service worker and its hashed runtime (vite-plugin-pwa), compressed like the rest.
    for (const [name, body] of [
      ['sw.js', 'importScripts("workbox-2fbc6a65.js")'],
      ['workbox-2fbc6a65.js', 'self.workbox = 1'],
    ]) {
      writeFileSync(path.join(dist, name!), body!);
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body!));
    }
    test = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await test.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the page at / and at every client-side route, revalidated', async () => {
    // The PDF viewer route of spec 02 §2 looks like a file but is a screen of the app.
    for (const url of [
      '/',
      '/signin',
      '/entity-list/?type=incident',
      '/settings/manage-logins',
      '/pdfjs/web/viewer.html?file=%2Fapi%2Ffiles%2Fx%2Fcontent',
    ]) {
      const res = await test.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed bundle files with a long cache, and a missing file as 404', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const runtime = await test.app.inject({ method: 'GET', url: '/workbox-2fbc6a65.js', headers: { 'accept-encoding': 'br' } });
    expect(runtime.headers['content-encoding']).toBe('br');
    expect(runtime.headers['cache-control']).toContain('immutable');
    // The service worker is looked at again on every visit, so a release is found at once.
    const worker = await test.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const gone = await test.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends hashed bundle files with only the headers a script needs, and the page with its security headers', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
    ]) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    // Nothing beyond a script's type, encoding, caching and the transport's own headers.
    const allowed = [
      ...['accept-ranges', 'cache-control', 'connection', 'content-encoding', 'content-length', 'content-type', 'date'],
      ...['etag', 'keep-alive', 'last-modified', 'vary', 'x-content-type-options', 'x-request-id'],
    ];
    expect(Object.keys(asset.headers).filter((name) => !allowed.includes(name))).toEqual([]);

    // Every screen (the page at any route) and a missing bundle file keep the security headers.
    for (const url of ['/', '/entity-list/?type=incident', '/assets/app-old999.js']) {
      const res = await test.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("allows the page's own inline script by its hash, and no other inline script", async () => {
    const res = await test.app.inject({ method: 'GET', url: '/entity/hydrant/1' });
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];
    const hash = createHash('sha256').update(PAGE_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it("sends the build's brotli or gzip copy as the browser accepts, with the file's type", async () => {
    const url = '/assets/app-abc123.js';
    const br = await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');

    const gz = await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("app")');

    const plain = await test.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');

    // The page of a client-side route comes compressed too, and is still revalidated.
    const screen = await test.app.inject({ method: 'GET', url: '/entity-list/?type=incident', headers: { 'accept-encoding': 'br' } });
    expect(screen.headers['content-encoding']).toBe('br');
    expect(screen.headers['content-type']).toMatch(/text\/html/);
    expect(screen.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(screen.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses API JSON over 1 KiB for a client that accepts it, and not small replies', async () => {
    const user = await createTenantUser(test);
    const url = '/api/permissions-v2/system-permissions';
    const plain = await test.app.inject({ method: 'GET', url, headers: user.headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const gz = await test.app.inject({ method: 'GET', url, headers: { ...user.headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const br = await test.app.inject({ method: 'GET', url, headers: { ...user.headers, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const small = await test.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps /api 404s as JSON and never serves the page for other methods', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/nothing' })).json()).toEqual({ message: 'Not found.' });
    expect((await test.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});
