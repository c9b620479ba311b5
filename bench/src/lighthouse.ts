/**
 * Lighthouse (mobile preset: simulated slow 4G and 4× CPU slowdown; and desktop) and the
 * JavaScript actually transferred (compressed) for the screens of issue 20, in Debian's
 * Chromium: part of `npm run bench -- --web`. Lighthouse connects to a Chromium that
 * Playwright starts with a remote-debugging port; signed-in screens find the token in
 * localStorage (Lighthouse is told not to clear storage).
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
  formFactor: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  scriptKiB: number;
}

/** Runs Lighthouse on each screen at both form factors; the token signs in the signed-in ones. */
export async function lighthouseRuns(base: string, token: string, screens: LighthouseScreen[]): Promise<LighthouseRow[]> {
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
      for (const formFactor of ['mobile', 'desktop'] as const) {
        // Storage is kept (the token lives there), the HTTP cache is not: every row is a cold load.
        await cdp.send('Network.clearBrowserCache');
        const result = await lighthouse(
          `${base}${screen.url}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${screen.url}`);
        const { lhr } = result;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const summary = (
          lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
        )?.items;
        rows.push({
          screen: screen.name,
          formFactor,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          cls: audit('cumulative-layout-shift'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          scriptKiB: (summary?.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024,
        });
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
    '| screen | form factor | performance | accessibility | CLS | LCP ms | TBT ms | JavaScript transferred |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.screen} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.cls.toFixed(3)} | ${Math.round(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.scriptKiB.toFixed(1)} KiB |`,
    ),
  ];
}
