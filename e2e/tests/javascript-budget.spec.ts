import { expect, type Page, test } from '@playwright/test';
import { bearer, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * Issue 20: the JavaScript a first visit transfers, compressed as the server sends it: /signin
 * ≤ 150 KB, the first signed-in screen (home) ≤ 350 KB in all. Bytes do not depend on the
 * machine's load, so this is a test; timings stay in the bench (docs/performance.md).
 * The service worker is blocked: it precaches the whole app after the first load, and what is
 * measured is what the screen needs, not what the worker keeps for offline use.
 */
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const KB = 1024;

/** Collects every script response of the page, with its encoded (as sent) body size. */
function recordScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<number>; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({
      url: new URL(response.url()).pathname,
      encoding: response.headers()['content-encoding'],
      bytes: response
        .request()
        .sizes()
        .then((s) => s.responseBodySize),
    });
  });
  return async () => {
    // Anything started once the screen shows (an idle prefetch) is counted too.
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    const rows = await Promise.all(scripts.map(async (s) => ({ url: s.url, encoding: s.encoding, bytes: await s.bytes })));
    const total = rows.reduce((sum, r) => sum + r.bytes, 0);
    return {
      rows,
      total,
      report: `${(total / KB).toFixed(1)} KB in ${rows.length} scripts:\n${rows.map((r) => `${r.bytes}\t${r.encoding ?? 'identity'}\t${r.url}`).join('\n')}`,
    };
  };
}

test('[PERF]: /signin transfers at most 150 KB of JavaScript, compressed', async ({ page }) => {
  const finish = recordScripts(page);
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  const { total, report, rows } = await finish();
  console.log(`/signin: ${(total / KB).toFixed(1)} KB in ${rows.length} scripts`);
  expect(
    rows.filter((r) => r.bytes > 1024).every((r) => r.encoding === 'br'),
    report,
  ).toBe(true);
  expect(total, report).toBeLessThanOrEqual(150 * KB);
});

test('[PERF]: the first signed-in screen (home) transfers at most 350 KB of JavaScript in all', async ({ page }) => {
  await signInThroughApi(page, USERS.firefighter.email);
  const finish = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
  const { total, report, rows } = await finish();
  console.log(`home: ${(total / KB).toFixed(1)} KB in ${rows.length} scripts`);
  expect(total, report).toBeLessThanOrEqual(350 * KB);
});

test('[PERF]: the frame of index.html paints before the app’s scripts are asked for (decision 0044)', async ({ page }) => {
  await signInThroughApi(page, USERS.firefighter.email);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
  const order = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType !== 'img' && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ file: new URL(e.name).pathname, start: e.startTime }));
    return { paint, scripts };
  });
  const report = JSON.stringify(order, null, 1);
  // The preload script is inline in the page; every script file waits for the first paint.
  const app = order.scripts;
  expect(app.length, report).toBeGreaterThan(3);
  expect(Number.isFinite(order.paint), report).toBe(true);
  for (const script of app) expect(script.start, report).toBeGreaterThan(order.paint);
});

test('[PERF]: a record opened first fetches its code in at most 16 scripts (decision 0044)', async ({ page }) => {
  const { token } = await signInThroughApi(page, USERS.firefighter.email);
  const answer = await page.request.get('/api/entity/hydrant?per_page=1', { headers: bearer(token) });
  const id = ((await answer.json()) as { data: { id: string }[] }).data[0]?.id;
  if (!id) throw new Error('the demo has no hydrant');
  const finish = recordScripts(page);
  await page.goto(`/entity/hydrant/${id}`);
  await expect(page.getByRole('textbox', { name: /Hydrant number/ })).toBeVisible();
  const { rows, report } = await finish();
  console.log(`record: ${rows.length} scripts`);
  // Over HTTP/1.1 each file is a round trip on one of six connections: a record used to take ~40.
  expect(rows.length, report).toBeLessThanOrEqual(16);
});
