/**
 * Where a screen's long tasks go: a cold load in Chromium at Lighthouse's 4× CPU slowdown, the
 * main thread's long tasks (over 50 ms), and inside each the functions that took the time, by
 * the build's source maps (issue 20, Total Blocking Time).
 *
 *   (cd apps/web && npx vite build --sourcemap --outDir /tmp/dist-sm)
 *   WEB_DIST=/tmp/dist-sm SCREEN=record|list|home [CPU=4] [TOP=8] [TASK_MS=n] npm run screen-profile -w bench
 *
 * TASK_MS=n lists every main-thread task of n ms or more, from a trace (at CPU=1, the tasks
 * Lighthouse's simulation multiplies by four), instead of the long tasks.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { demoScreenPath, signInDemoFirefighter } from './demo-screens.ts';
import { startServer } from './server.ts';

const SCREEN = process.env.SCREEN ?? 'record';
const CPU = Number(process.env.CPU ?? 4);
const TOP = Number(process.env.TOP ?? 8);
const WEB_DIST = process.env.WEB_DIST;
if (!WEB_DIST) throw new Error('WEB_DIST: a build with source maps (see the comment at the top)');

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    let consumer: SourceMapConsumer | null = null;
    try {
      const file = path.join(WEB_DIST!, `${new URL(url).pathname}.map`);
      consumer = new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')));
    } catch {}
    maps.set(url, consumer);
  }
  return maps.get(url)!;
}

function where(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return `(${frame.functionName || 'program'})`;
  const consumer = mapOf(frame.url);
  const pos = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (pos?.source) {
    const source = pos.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
    return `${pos.name ?? frame.functionName ?? '?'} ${source}:${pos.line}`;
  }
  return `${frame.functionName || '(anonymous)'} ${new URL(frame.url).pathname}:${frame.lineNumber + 1}`;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-prof-'));
const server = await startServer({ DEMO: 'on', DATA_DIR: dataDir, WEB_DIST });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const token = await signInDemoFirefighter(server.base);
  const url = await demoScreenPath(server.base, token, SCREEN);
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  await context.addInitScript((t) => {
    localStorage.setItem('turnout.token', t);
    (window as unknown as { __long: number[][] }).__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { __long: number[][] }).__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  }, token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const TASK_MS = process.env.TASK_MS ? Number(process.env.TASK_MS) : undefined;
  if (TASK_MS) await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  // performance.now() of the page and the profile's clock differ by the navigation's start.
  await page.goto(`${server.base}${url}`, { waitUntil: 'load' });
  await page.waitForTimeout(8000);
  // The page's clock (performance.now()) and the profile's (µs of the monotonic clock) are
  // aligned by reading one just before stopping the other: a few ms apart at most.
  const pageNow = (
    (await cdp.send('Runtime.evaluate', { expression: 'performance.now()', returnByValue: true })) as { result: { value: number } }
  ).result.value;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile & { endTime: number } };
  let long = (await page.evaluate(() => (window as unknown as { __long: number[][] }).__long)) as [number, number][];
  let offset = profile.endTime / 1000 - pageNow;
  if (TASK_MS) {
    // The trace's and the profile's clocks are the same (µs); the tasks of the page's main thread.
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    // The renderer main thread that ran the most: the page's.
    const busy = new Map<string, number>();
    for (const e of events) if (e.name === 'RunTask') busy.set(`${e.pid}/${e.tid}`, (busy.get(`${e.pid}/${e.tid}`) ?? 0) + (e.dur ?? 0));
    const main = events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .sort((a, b) => (busy.get(`${b.pid}/${b.tid}`) ?? 0) - (busy.get(`${a.pid}/${a.tid}`) ?? 0))[0];
    const mainTasks = events.filter((e) => e.name === 'RunTask' && e.pid === main?.pid && e.tid === main?.tid);
    const navigation = events.filter((e) => e.name === 'navigationStart' && e.pid === main?.pid).at(-1)?.ts ?? mainTasks[0]?.ts ?? 0;
    long = mainTasks
      .filter((e) => (e.dur ?? 0) >= TASK_MS * 1000 && e.ts >= navigation)
      .map((e) => [(e.ts - navigation) / 1000, e.dur! / 1000]);
    offset = navigation / 1000;
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let t = profile.startTime;
  const samples: { at: number; node: ProfileNode; ms: number }[] = [];
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    samples.push({ at: t / 1000, node: byId.get(profile.samples[i]!)!, ms });
  }
  console.log(`${long.length} long tasks (ms at ${CPU}× CPU)`);
  let tbt = 0;
  for (const [start, duration] of long) {
    tbt += Math.max(0, duration - 50);
    const inside = samples.filter((s) => s.at - offset >= start && s.at - offset <= start + duration);
    const self = new Map<string, number>();
    for (const s of inside) {
      const key = where(s.node.callFrame);
      self.set(key, (self.get(key) ?? 0) + s.ms);
    }
    console.log(`\n${start.toFixed(0)} ms: ${duration.toFixed(0)} ms (${inside.length} samples)`);
    for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`   ${ms.toFixed(1).padStart(7)}  ${key}`);
  }
  console.log(`\nsum over 50 ms: ${tbt.toFixed(0)} ms`);
  // STACK=name: the call paths (outermost last) of the samples whose own function matches.
  if (process.env.STACK) {
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const paths = new Map<string, number>();
    for (const s of samples) {
      if (!where(s.node.callFrame).includes(process.env.STACK)) continue;
      const chain: string[] = [];
      for (let id: number | undefined = s.node.id; id !== undefined && chain.length < 40; id = parent.get(id)) {
        const w = where(byId.get(id)!.callFrame);
        if (!/react-dom|scheduler|\(root\)/.test(w)) chain.push(w);
      }
      const key = chain.slice(0, 14).join('\n      < ');
      paths.set(key, (paths.get(key) ?? 0) + s.ms);
    }
    for (const [key, ms] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 4)) console.log(`\n${ms.toFixed(1)} ms:\n      ${key}`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
