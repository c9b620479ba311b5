/**
 * The JavaScript and API requests a screen makes on a cold load, in order, with their sizes as
 * sent: what a screen's first paint waits for (issue 20).
 *
 *   SCREEN=record|list|home|signin [ROOT=/path] npm run screen-requests -w bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { demoScreenPath, signInDemoFirefighter } from './demo-screens.ts';
import { startServer } from './server.ts';

const ROOT = process.env.ROOT ?? path.resolve(import.meta.dirname, '../..');
const SCREEN = process.env.SCREEN ?? 'record';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-reqs-'));
const server = await startServer({ DEMO: 'on', DATA_DIR: dataDir }, ROOT);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const token = await signInDemoFirefighter(server.base);
  const url = await demoScreenPath(server.base, token, SCREEN);
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  if (SCREEN !== 'signin') await context.addInitScript((t) => localStorage.setItem('turnout.token', t), token);
  const page = await context.newPage();
  await page.goto(`${server.base}${url}`, { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  const rows = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType !== 'img')
      .map((e) => ({
        name: new URL(e.name).pathname + new URL(e.name).search,
        size: e.encodedBodySize,
        start: e.startTime,
        end: e.responseEnd,
      })),
  );
  const paint = await page.evaluate(async () => {
    // The largest contentful paint's last candidate, and what it was.
    const lcp = await new Promise<string>((resolve) =>
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
        resolve(last ? `largest-contentful-paint ${Math.round(last.startTime)} (${last.element?.textContent?.slice(0, 40) ?? ''})` : '');
      }).observe({ type: 'largest-contentful-paint', buffered: true }),
    );
    return [...performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`), lcp];
  });
  let js = 0;
  for (const r of rows) {
    if (r.name.endsWith('.js')) js += r.size;
    console.log(
      `${String(Math.round(r.start)).padStart(6)} ${String(Math.round(r.end)).padStart(6)} ${String(r.size).padStart(8)}  ${r.name}`,
    );
  }
  console.log(`JavaScript as sent: ${(js / 1024).toFixed(1)} KiB; ${paint.join('; ')}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
