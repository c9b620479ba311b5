import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';

describe(`serving the web app on ${TEST_DB}`, () => {
  let test: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'turnout-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Turnout</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
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
    const gone = await test.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/application\/json/);
  });

  it('keeps /api 404s as JSON and never serves the page for other methods', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/nothing' })).json()).toEqual({ message: 'Not found.' });
    expect((await test.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});
