/**
 * `npm run bench -- --offline-shell [--write]`: the installable app (issue 22, decision 0033).
 *
 * - the service worker's precache: every file its manifest lists (dist/sw.js), raw and gzipped
 *   (gzip -9, as the server sends them beside brotli);
 * - a cold offline start: after one online visit (home, the service worker installed, the
 *   device's copy of the queries written), the network is cut and the page reloaded; measured
 *   from the navigation's start to home's first content (its heading and the links of its tile groups),
 *   median of 5. The same reload online is measured beside it.
 *
 * Runs the built web app (`npm run build` first) on the real server with the embedded database
 * and the demo department, in Debian's Chromium through Playwright.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { repoRoot } from '../../apps/server/src/platform/config.ts';
import { startServer } from './server.ts';
import { fmt, summarise } from './stats.ts';

const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 5);
const DIST = path.join(repoRoot, 'apps/web/dist');
const FIREFIGHTER = { email: 'firefighter@riverside.example', password: 'turnout-demo-2026' };

/** The files the service worker precaches (its manifest in dist/sw.js), with raw and gzipped bytes. */
export function precacheSize(): { files: number; raw: number; gzip: number } {
  const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!))];
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const bytes = readFileSync(path.join(DIST, url.replace(/^\//, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  // The service worker and its Workbox runtime are fetched beside the precache.
  for (const file of ['sw.js', ...sw.matchAll(/"\.\/(workbox-[0-9a-f]+)"/g)].map((f) => (typeof f === 'string' ? f : `${f[1]}.js`))) {
    const bytes = readFileSync(path.join(DIST, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: urls.length, raw, gzip };
}

/** Milliseconds from the navigation's start to home's heading and tiles. */
async function homeFirstContent(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __homeAt?: number }).__homeAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { __homeAt: number }).__homeAt);
}

async function copyHolds(page: Page, root: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('turnout-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) return resolve(false);
          const all = db.transaction('query-cache').objectStore('query-cache').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as string[]).some((raw) => raw.includes(`"queryKey":["${wanted}"`)));
          };
        };
      }),
    root,
  );
}

export async function offlineShellBench(): Promise<string> {
  const precache = precacheSize();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-offline-'));
  const server = await startServer({ DEMO: 'on', DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const load = os.loadavg()[0]!;
  try {
    const login = await fetch(`${server.base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(FIREFIGHTER),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    // A string, not a function: tsx (esbuild, keepNames) would wrap the inner `check` in a
    // `__name(…)` helper that does not exist in the page, and the script would throw unseen.
    await context.addInitScript(`
      if (!localStorage.getItem('turnout.token')) localStorage.setItem('turnout.token', ${JSON.stringify(token)});
      const check = () => {
        if (window.__homeAt !== undefined) return;
        const heading = [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Home');
        // Home's tiles: links inside its tile groups (sections named by their sub-heading); the
        // demo department's are entity types and categories, so no one kind of address.
        const tiles = document.querySelectorAll('main section[aria-label] a[href]').length > 0;
        if (heading && tiles) window.__homeAt = performance.now();
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true });
    `);
    const page = await context.newPage();
    await page.goto(`${server.base}/`);
    await page
      .waitForFunction(() => (window as unknown as { __homeAt?: number }).__homeAt !== undefined, undefined, { timeout: 120_000 })
      .catch(async (error: unknown) => {
        // Say what the page showed instead of home's heading and tiles.
        const shown = await page.evaluate(() => ({
          url: location.href,
          h1: [...document.querySelectorAll('h1')].map((h) => h.textContent),
          sections: [...document.querySelectorAll('main section')].map(
            (s) => `${s.getAttribute('aria-label')}: ${s.querySelectorAll('a').length} links`,
          ),
          text: document.body.innerText.slice(0, 400),
        }));
        throw new Error(`home did not show its heading and tiles: ${JSON.stringify(shown)}`, { cause: error });
      });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    for (let i = 0; i < 60 && !(await copyHolds(page, 'home')); i++) await page.waitForTimeout(500);

    const online: number[] = [];
    for (let run = 0; run < RUNS; run++) online.push(await homeFirstContent(page));
    await context.setOffline(true);
    const offline: number[] = [];
    for (let run = 0; run < RUNS; run++) offline.push(await homeFirstContent(page));
    await context.setOffline(false);

    const on = summarise(online);
    const off = summarise(offline);
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    return [
      `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Chromium (Debian) headless, viewport 1400×900, embedded database (PGlite) with the demo department; load average before: ${load.toFixed(1)}.`,
      '',
      '| measure | figure |',
      '|---|---:|',
      `| service worker precache (${precache.files} files, with sw.js and the Workbox runtime) | ${kib(precache.raw)} raw, **${kib(precache.gzip)} gzipped** |`,
      `| cold offline start: offline reload → home's heading and tiles (median of ${RUNS}) | **${fmt(off.median)} ms** (min ${fmt(Math.min(...offline))}, max ${fmt(Math.max(...offline))}) |`,
      `| the same reload online, for comparison (median of ${RUNS}) | ${fmt(on.median)} ms (min ${fmt(Math.min(...online))}, max ${fmt(Math.max(...online))}) |`,
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
