/**
 * Lighthouse mobile, side by side: two (or more) built checkouts, each on its own server with the
 * demo department, measured in turn, run by run, so the machine's noise falls on both alike.
 *
 *   ROOTS=/path/a,/path/b SCREENS=record,list,home RUNS=3 [CPU_MULT=n] [LONG_TASKS=1] [LCP_GRAPH=n] npm run lighthouse-ab -w bench
 *
 * Or one checkout's server with several builds of the web app (each a copy of apps/web/dist,
 * edited by hand for a quick experiment; the server reads index.html's inline script at start):
 *
 *   DISTS=/tmp/dist-a,/tmp/dist-b SCREENS=record RUNS=3 npm run lighthouse-ab -w bench
 *
 * TLS=1: each server speaks HTTPS with HTTP/2 (decision 0049) on the throwaway certificate of
 * the server's tests, as a department's phones reach it; the checkouts must have that support.
 *
 * Each checkout must be built (`npm run build`). A fresh Chromium profile per run (the app keeps
 * its queries' answers on the device, which would make a second visit a warm one), the service
 * worker blocked. Prints each run, then the medians per root and screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { demoScreenPath, lighthouseChromium, signInDemoFirefighter } from './demo-screens.ts';
import { printLcpGraphTail } from './lantern-graph.ts';
import { freePort, type RunningServer, startServer } from './server.ts';
import { summarise } from './stats.ts';

const DISTS = process.env.DISTS?.split(',');
const ROOTS = DISTS ?? (process.env.ROOTS ?? path.resolve(import.meta.dirname, '../..')).split(',');
const SCREENS = (process.env.SCREENS ?? 'home,list,record').split(',');
const RUNS = Number(process.env.RUNS ?? 3);
const CPU_MULT = process.env.CPU_MULT ? Number(process.env.CPU_MULT) : undefined;

interface Run {
  perf: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  lcpElement: string;
  benchmarkIndex: number;
}

async function once(base: string, url: string, token: string | null): Promise<Run> {
  const port = await freePort();
  const { context, profile } = await lighthouseChromium(port);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/manifest.webmanifest`);
    await page.evaluate((t) => (t ? localStorage.setItem('turnout.token', t) : localStorage.removeItem('turnout.token')), token);
    if (token) {
      // A phone that has opened this screen before (what it keeps in localStorage, such as a
      // list's title for its first paint), with a cold HTTP cache and no offline copy of answers.
      await page.goto(`${base}${url}`);
      await page.locator('h1').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1_000);
      await page.goto(`${base}/manifest.webmanifest`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'indexeddb,cache_storage' });
    }
    const result = await lighthouse(`${base}${url}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      // CPU_MULT: another CPU slowdown than the mobile preset's 4 (Lighthouse's guidance calibrates
      // it to the machine's benchmarkIndex, printed with each run).
      ...(CPU_MULT ? { throttling: { cpuSlowdownMultiplier: CPU_MULT } } : {}),
    } as Parameters<typeof lighthouse>[1]);
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    // LCP_GRAPH=n: the n nodes of Lantern's LCP graphs that end last (lantern-graph.ts).
    if (process.env.LCP_GRAPH) printLcpGraphTail(Number(process.env.LCP_GRAPH));
    if (lhr.runtimeError) console.error('runtimeError', lhr.runtimeError.code, lhr.runtimeError.message);
    const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    const lcpItems = (
      lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { nodeLabel?: string } }[] }[] }
    )?.items;
    if (process.env.LONG_TASKS) {
      // The main thread's long tasks, as Lighthouse simulated them, and the scripts' own cost.
      const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
      for (const t of items('long-tasks'))
        console.log(
          `  long task at ${Math.round(Number(t.startTime))} ms: ${Math.round(Number(t.duration))} ms ${String(t.url).replace(/^https?:\/\/[^/]+/, '')}`,
        );
      for (const b of items('bootup-time').slice(0, 8))
        console.log(
          `  bootup ${String(b.url).replace(/^https?:\/\/[^/]+/, '')}: total ${Math.round(Number(b.total))} ms, script ${Math.round(Number(b.scripting))} ms, parse ${Math.round(Number(b.scriptParseCompile))} ms`,
        );
      for (const w of items('mainthread-work-breakdown')) console.log(`  work ${w.groupLabel}: ${Math.round(Number(w.duration))} ms`);
    }
    return {
      perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      si: audit('speed-index'),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.nodeLabel?.slice(0, 40) ?? '',
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  const servers: { root: string; server: RunningServer; dataDir: string; token: string; urls: Map<string, string> }[] = [];
  try {
    for (const root of ROOTS) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-lh-ab-data-'));
      const tls = { tls: Boolean(process.env.TLS) };
      const server = DISTS
        ? await startServer({ DEMO: 'on', DATA_DIR: dataDir, WEB_DIST: root }, undefined, tls)
        : await startServer({ DEMO: 'on', DATA_DIR: dataDir }, root, tls);
      const token = await signInDemoFirefighter(server.base);
      const urls = new Map<string, string>();
      for (const screen of SCREENS) urls.set(screen, await demoScreenPath(server.base, token, screen));
      servers.push({ root, server, dataDir, token, urls });
    }
    const results = new Map<string, Run[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const screen of SCREENS) {
        for (const s of servers) {
          const r = await once(s.server.base, s.urls.get(screen)!, screen === 'signin' ? null : s.token);
          const key = `${path.basename(s.root)}\t${screen}`;
          results.set(key, [...(results.get(key) ?? []), r]);
          console.log(JSON.stringify({ root: path.basename(s.root), screen, run, ...r }));
        }
      }
    }
    console.log('\nroot\tscreen\tperf\tfcp\tlcp\ttbt\tsi\t(runs: perf)');
    for (const [key, runs] of results) {
      const m = (f: (r: Run) => number) => Math.round(summarise(runs.map(f)).median);
      console.log(
        `${key}\t${m((r) => r.perf)}\t${m((r) => r.fcp)}\t${m((r) => r.lcp)}\t${m((r) => r.tbt)}\t${m((r) => r.si)}\t(${runs.map((r) => r.perf).join(', ')})`,
      );
    }
  } finally {
    for (const s of servers) {
      await s.server.stop();
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
