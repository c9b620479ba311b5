/**
 * Screenshots of the same screens from two builds, compared pixel by pixel: a change to how
 * styles are bundled must not change how any screen looks (issue 20).
 *
 *   ROOTS=/path/a,/path/b [OUT=/tmp/style-diff] npm run style-diff -w bench
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { demoScreenPath, signInDemoFirefighter } from './demo-screens.ts';
import { startServer } from './server.ts';

const ROOTS = (process.env.ROOTS ?? '').split(',').filter(Boolean);
const OUT = process.env.OUT ?? '/tmp/style-diff';
if (ROOTS.length !== 2) throw new Error('ROOTS=a,b: two checkouts to compare');
mkdirSync(OUT, { recursive: true });

interface Screen {
  name: string;
  path: (base: string, token: string) => Promise<string>;
  signedIn: boolean;
  /** What to open before the screenshot (a menu, a dropdown, a picker). */
  act?: (page: Page) => Promise<void>;
}

const record = async (b: string, t: string) => demoScreenPath(b, t, 'record');
const SCREENS: Screen[] = [
  { name: 'signin', path: async () => '/signin', signedIn: false },
  { name: 'home', path: async () => '/', signedIn: true },
  { name: 'list', path: async (b, t) => demoScreenPath(b, t, 'list'), signedIn: true },
  { name: 'record', path: async (b, t) => demoScreenPath(b, t, 'record'), signedIn: true },
  { name: 'new-incident', path: async () => '/entity/add?type=incident_report', signedIn: true },
  { name: 'tasks', path: async () => '/tasks', signedIn: true },
  { name: 'create-task', path: async () => '/tasks/add', signedIn: true },
  { name: 'notifications', path: async () => '/notifications', signedIn: true },
  { name: 'settings', path: async () => '/settings', signedIn: true },
  { name: 'dashboard', path: async () => '/dashboard', signedIn: true },
  { name: 'calendar', path: async () => '/calendar', signedIn: true },
  { name: 'messages', path: async () => '/conversations', signedIn: true },
  { name: 'documents', path: async () => '/documents', signedIn: true },
  { name: 'reports', path: async () => '/settings/reports/index', signedIn: true },
  { name: 'user-menu', path: async () => '/', signedIn: true, act: (page) => page.getByRole('button', { name: /User menu/ }).click() },
  { name: 'record-menu', path: record, signedIn: true, act: (page) => page.getByRole('button', { name: 'More actions' }).click() },
  {
    name: 'record-select',
    path: record,
    signedIn: true,
    act: (page) =>
      page
        .getByLabel(/^Status/)
        .first()
        .click(),
  },
  {
    name: 'record-date',
    path: record,
    signedIn: true,
    act: (page) =>
      page
        .getByLabel(/^Last tested/)
        .first()
        .click(),
  },
];
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desk', width: 1440, height: 900 },
];

const shots = new Map<string, Buffer>();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const [i, root] of ROOTS.entries()) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-style-diff-'));
    const server = await startServer({ DEMO: 'on', DATA_DIR: dataDir }, root);
    try {
      const token = await signInDemoFirefighter(server.base);
      for (const size of SIZES)
        for (const screen of SCREENS) {
          const context = await browser.newContext({
            serviceWorkers: 'block',
            viewport: { width: size.width, height: size.height },
            reducedMotion: 'reduce',
          });
          if (screen.signedIn) await context.addInitScript((t) => localStorage.setItem('turnout.token', t), token);
          const page = await context.newPage();
          await page.goto(`${server.base}${await screen.path(server.base, token)}`, { waitUntil: 'load' });
          await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
          await page.waitForTimeout(1500);
          if (screen.act) {
            await screen.act(page).catch((error: Error) => console.log(`${screen.name}: ${error.message.split('\n')[0]}`));
            await page.waitForTimeout(800);
          }
          const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
          shots.set(`${i}/${size.name}-${screen.name}`, shot);
          writeFileSync(path.join(OUT, `${i}-${size.name}-${screen.name}.png`), shot);
          await context.close();
        }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}

for (const size of SIZES)
  for (const screen of SCREENS) {
    const key = `${size.name}-${screen.name}`;
    const a = PNG.sync.read(shots.get(`0/${key}`)!);
    const b = PNG.sync.read(shots.get(`1/${key}`)!);
    if (a.width !== b.width || a.height !== b.height) {
      console.log(`${key.padEnd(24)} size ${a.width}×${a.height} → ${b.width}×${b.height}`);
      continue;
    }
    const diff = new PNG({ width: a.width, height: a.height });
    let changed = 0;
    for (let p = 0; p < a.data.length; p += 4) {
      const same = a.data[p] === b.data[p] && a.data[p + 1] === b.data[p + 1] && a.data[p + 2] === b.data[p + 2];
      if (!same) changed++;
      diff.data[p] = same ? a.data[p]! / 3 : 255;
      diff.data[p + 1] = same ? a.data[p + 1]! / 3 : 0;
      diff.data[p + 2] = same ? a.data[p + 2]! / 3 : 0;
      diff.data[p + 3] = 255;
    }
    if (changed > 0) writeFileSync(path.join(OUT, `diff-${key}.png`), PNG.sync.write(diff));
    console.log(`${key.padEnd(24)} ${changed} of ${a.width * a.height} pixels differ`);
  }
