/**
 * `npm run bench -- --dashboard [--write]`: the dashboard in Chromium (issue 24; build first).
 *
 * - the whole dashboard's time to show all its widgets: from navigation start to the moment no
 *   tile is loading and every chart has drawn, the demo chief's dashboard (12 widgets over the
 *   demo's calls and hydrants), median of 5 fresh page loads;
 * - the kiosk's memory: its JavaScript heap (CDP Performance.getMetrics, after a forced garbage
 *   collection) after the first read and after 1,000 refreshes (?every=0.2 s), on the real server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { healthy } from './imports.ts';
import { writeMarked } from './marked.ts';
import { startServer } from './server.ts';
import { fmt, summarise } from './stats.ts';

const LOADS = 5;
const REFRESHES = Number(process.env.BENCH_KIOSK_REFRESHES ?? 1000);
const CHIEF = { email: 'chief@riverside.example', password: 'turnout-demo-2026' };

async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / (1024 * 1024);
}

export async function dashboardBench({ write }: { write: boolean }): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-dashboard-'));
  const server = await startServer({ DEMO: 'on', DATA_DIR: dataDir });
  await healthy(server);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const login = await fetch(`${server.base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CHIEF),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}` };
    const widgets = (
      (await (await fetch(`${server.base}/api/widgets`, { headers })).json()) as {
        data: { id: string; render_type: string; position: string }[];
      }
    ).data;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('turnout.token', t), token);
    const times: number[] = [];
    for (let run = 0; run <= LOADS; run++) {
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${server.base}/dashboard`);
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll('.mantine-Card-root').length >= count &&
          document.querySelectorAll('[aria-label="Loading"]').length === 0 &&
          document.querySelectorAll('.recharts-surface').length > 0,
        widgets.length,
        { timeout: 120_000 },
      );
      if (run > 0) times.push(Date.now() - started); // the first load warms the browser's cache
      await page.close();
    }
    const feed = widgets.find((w) => w.render_type === 'activity_feed')!;
    const link = (await (await fetch(`${server.base}/api/widgets/${feed.id}/kiosk`, { method: 'POST', headers })).json()) as {
      path: string;
    };
    const kiosk = await (await browser.newContext()).newPage();
    let reads = 0;
    kiosk.on('response', (r) => {
      if (r.url().includes('/api/kiosk/widget/')) reads++;
    });
    await kiosk.goto(`${server.base}${link.path}&every=0.2`);
    await kiosk.getByRole('table').waitFor({ timeout: 60_000 });
    // The heap at every quarter of the run: growth that stops (warm-up) reads differently from a leak.
    const readsBefore = reads;
    const heaps = [await heapMiB(kiosk)];
    for (let quarter = 1; quarter <= 4; quarter++) {
      while (reads - readsBefore < (REFRESHES * quarter) / 4) await kiosk.waitForTimeout(500);
      heaps.push(await heapMiB(kiosk));
    }
    const before = heaps[0]!;
    const after = heaps[4]!;
    const t = summarise(times);
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} in Debian's Chromium (${os.cpus().length} cores), the demo chief's dashboard of ${widgets.length} widgets, embedded database.`,
      '',
      '| what | measured |',
      '|---|---:|',
      `| dashboard: navigation to every widget drawn (median of ${LOADS}) | ${fmt(t.median)} ms (min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))}) |`,
      `| kiosk JS heap after its first read → after ${REFRESHES.toLocaleString('en-US')} refreshes | ${before.toFixed(1)} MiB → ${after.toFixed(1)} MiB (${(after / before).toFixed(2)}×) |`,
      `| kiosk JS heap at 0, ¼, ½, ¾ and all of the refreshes | ${heaps.map((h) => `${h.toFixed(2)}`).join(' → ')} MiB |`,
    ].join('\n');
    console.log(`\n${table}\n`);
    if (write) writeMarked('dashboard', table);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
