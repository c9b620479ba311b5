/**
 * Lighthouse (mobile preset: simulated slow 4G and 4× CPU slowdown; and desktop) and the
 * JavaScript actually transferred (compressed) for the screens of issue 20, in Debian's
 * Chromium: part of `npm run bench -- --web`. Lighthouse connects to a Chromium that
 * Playwright starts with a remote-debugging port; signed-in screens find the token in
 * localStorage (Lighthouse is told not to clear storage), on a device that opened the screen
 * once before, as a returning phone has, with its HTTP cache and offline copy cleared.
 */
import { rmSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { lighthouseChromium } from './demo-screens.ts';
import { freePort } from './server.ts';

export interface LighthouseScreen {
  name: string;
  url: string;
  signedIn: boolean;
}

export interface LighthouseRow {
  screen: string;
  /** How the page was served: plain HTTP/1.1, or HTTPS with HTTP/2 (decision 0049). */
  protocol: string;
  formFactor: string;
  performance: number;
  /** Every run's performance score, when there were several (the row is the median run's). */
  runs: number[];
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  scriptKiB: number;
}

/**
 * The form factors measured: Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown),
 * the same network with no CPU slowdown (what the screen's bytes and requests cost, apart from
 * how fast this machine's CPU is), and its desktop preset. Mobile runs `runs` times (the median
 * run by score is kept); desktop once.
 */
const FORM_FACTORS = [
  { name: 'mobile', cpu: undefined, desktop: false },
  { name: 'mobile, 1× CPU', cpu: 1, desktop: false },
  { name: 'desktop', cpu: undefined, desktop: true },
] as const;

/** Runs Lighthouse on each screen at each form factor; the token signs in the signed-in ones. */
export async function lighthouseRuns(
  base: string,
  token: string,
  screens: LighthouseScreen[],
  { protocol, runs }: { protocol: string; runs: number },
): Promise<LighthouseRow[]> {
  const port = await freePort();
  const { context, profile } = await lighthouseChromium(port);
  const rows: LighthouseRow[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await page.goto(`${base}/manifest.webmanifest`);
    for (const screen of screens) {
      // Signed out for the sign-in screen (it sends a signed-in user home), signed in for the rest.
      await page.evaluate(
        (t) => (t ? localStorage.setItem('turnout.token', t) : localStorage.removeItem('turnout.token')),
        screen.signedIn ? token : '',
      );
      if (screen.signedIn) {
        // A phone that has opened this screen before: what it keeps in localStorage (such as a
        // list's title for its first paint) is there; each run below still starts with a cold
        // HTTP cache and no offline copy of the answers.
        await page.goto(`${base}${screen.url}`);
        await page.locator('h1').first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(1_000);
        await page.goto(`${base}/manifest.webmanifest`);
      }
      for (const formFactor of FORM_FACTORS) {
        const measured: Omit<LighthouseRow, 'runs'>[] = [];
        for (let run = 0; run < (formFactor.desktop ? 1 : runs); run++) {
          // Storage is kept (the token lives there), the HTTP cache is not: every run is a cold load.
          // The app's offline copy of its answers (IndexedDB) is cleared too, or a second run would be a warm one.
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'indexeddb,cache_storage' });
          const result = await lighthouse(
            `${base}${screen.url}`,
            {
              port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
              disableStorageReset: true,
              ...(formFactor.cpu ? { throttling: { cpuSlowdownMultiplier: formFactor.cpu } } : {}),
            } as Parameters<typeof lighthouse>[1],
            formFactor.desktop ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${screen.url}`);
          const { lhr } = result;
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          const summary = (
            lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
          )?.items;
          measured.push({
            screen: screen.name,
            protocol,
            formFactor: formFactor.name,
            performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
            cls: audit('cumulative-layout-shift'),
            lcpMs: audit('largest-contentful-paint'),
            tbtMs: audit('total-blocking-time'),
            scriptKiB: (summary?.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024,
          });
        }
        const sorted = [...measured].sort((a, b) => a.performance - b.performance);
        const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
        rows.push({ ...median, runs: measured.map((m) => m.performance) });
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}

export function lighthouseTable(rows: LighthouseRow[]): string[] {
  return [
    '| screen | served over | form factor | performance (runs) | accessibility | CLS | LCP ms | TBT ms | JavaScript transferred |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.screen} | ${r.protocol} | ${r.formFactor} | ${r.performance}${r.runs.length > 1 ? ` (${r.runs.join(', ')})` : ''} | ${r.accessibility} | ${r.cls.toFixed(3)} | ${Math.round(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.scriptKiB.toFixed(1)} KiB |`,
    ),
  ];
}
