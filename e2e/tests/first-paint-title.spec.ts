import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * A list opened again in the same session has its title in the page's first paint, before any
 * JavaScript (issue 20: the list's largest paint is its title): it must stand where the list's
 * header then puts the real title, or the title would jump as the screen arrives. As the
 * Riverside firefighter (read only).
 */

const LIST = '/entity-list/?type=hydrant';

interface Box {
  text: string;
  x: number;
  y: number;
  height: number;
}

const boxOf = (page: Page, selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent ?? '', x: r.x, y: r.y, height: r.height };
    });

async function compare(page: Page, drawerCollapsed = false) {
  await signInThroughApi(page, USERS.firefighter.email);
  await page.evaluate((collapsed) => localStorage.setItem('turnout.drawer-collapsed', String(collapsed)), drawerCollapsed);
  // The first visit shows the header's title and keeps the session's type labels.
  await page.goto(LIST);
  const header = page.locator('header h1');
  await expect(header).toHaveText('Hydrant');
  const real = await boxOf(page, 'header h1');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('turnout.list-titles'))).toContain('"hydrant":"Hydrant"');

  // The next start, its scripts held back: only index.html's frame and its script run.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(LIST);
  const early = await boxOf(page, '.first-paint-title');
  await page.unrouteAll();
  expect(early.text).toBe('Hydrant');
  expect(Math.abs(early.x - real.x), `x ${early.x} against ${real.x}`).toBeLessThanOrEqual(1);
  expect(Math.abs(early.y - real.y), `y ${early.y} against ${real.y}`).toBeLessThanOrEqual(1);
  expect(Math.abs(early.height - real.height)).toBeLessThanOrEqual(1);
  return real;
}

test.describe('the first paint of a list', () => {
  // Scripts come from the network, where the test can hold them back, not from the app's offline copy.
  test.use({ serviceWorkers: 'block' });

  test('puts the title where the header will, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const real = await compare(page);
    expect(real.x).toBe(16);
  });

  test('puts the title where the header will, on a desk', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const real = await compare(page);
    expect(real.x).toBe(312);
  });

  test('puts the title where the header will, beside the collapsed drawer', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const real = await compare(page, true);
    expect(real.x).toBe(84);
  });

  test('has no title for another screen or another session', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await compare(page);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('.first-paint-spinner')).toBeVisible();
    await expect(page.locator('.first-paint-title')).toHaveCount(0);
    await page.evaluate(() => localStorage.setItem('turnout.token', 'a-token-of-another-session'));
    await page.goto(LIST);
    await expect(page.locator('.first-paint-spinner')).toBeVisible();
    await expect(page.locator('.first-paint-title')).toHaveCount(0);
  });
});
