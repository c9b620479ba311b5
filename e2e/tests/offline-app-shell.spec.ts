import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { waitForOfflineCopy } from '../support/offline-copy.ts';
import { signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * The installable app (issue 22, decision 0033): after one online visit the service worker has
 * the app shell, and IndexedDB has the user's identity, entity types, the lists and records they
 * opened; with no network the app still opens on them. The firefighter only reads here.
 */

// The first visit also installs the service worker (the whole app shell) beside the page's own
// loading, and a shared machine under load was seen taking 25 s for a record screen online.
const expect = baseExpect.configure({ timeout: 60_000 });

const LIST = '/entity-list?type=hydrant';
const items = (page: Page) => page.getByTestId('entity-list').getByTestId('entity-list-item');

test.describe('[OFFLINE APP]', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  test.describe.configure({ timeout: 300_000 });

  test('[OFFLINE APP]: the manifest is installable and the service worker is never cached long', async ({ page }) => {
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const body = (await manifest.json()) as { name: string; display: string; icons: { sizes: string; purpose: string }[] };
    expect(body.name).toBe('Turnout');
    expect(body.display).toBe('standalone');
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(body.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    const sw = await page.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const index = await page.request.get('/');
    expect(index.headers()['cache-control']).toBe('no-cache');
  });

  test('[OFFLINE APP]: after one online visit, home, a list and a record open with no network', async ({ page, context }) => {
    await signInThroughApi(page, USERS.firefighter.email);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Apparatus' })).toBeVisible();

    await page.goto(LIST);
    await expect(page.getByRole('heading', { name: 'Hydrant', level: 1 })).toBeVisible();
    await expect(items(page)).toHaveCount(48);
    const first = (await items(page).first().innerText()).split('\n')[0] ?? '';
    // The copy is written up to a second after a change: the list is in it before the page reloads.
    await waitForOfflineCopy(page, ['entity-list']);
    await items(page).first().click();
    // Wide screens open the record beside the list; the record screen is its own route.
    await expect(page).toHaveURL(/split\.id=[0-9a-f-]{36}/);
    const recordUrl = `/entity/hydrant/${new URL(page.url()).searchParams.get('split.id')}`;
    await page.goto(recordUrl);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(first);
    await waitForOfflineCopy(page, ['user', 'home', 'entity-types', 'entity-list', 'record']);

    await context.setOffline(true);
    // The record screen, reloaded with no network, comes from the service worker and the copy.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(first);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Apparatus' })).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('main').exclude('footer').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.goto(LIST);
    await expect(page.getByRole('heading', { name: 'Hydrant', level: 1 })).toBeVisible();
    await expect(items(page)).toHaveCount(48);
    await context.setOffline(false);
  });

  test('[OFFLINE APP]: signing out drops the copy: the next user of the device finds nothing of it', async ({ page }) => {
    await signInThroughApi(page, USERS.firefighter.email);
    await page.goto(LIST);
    await expect(items(page)).toHaveCount(48);
    await waitForOfflineCopy(page, ['user', 'entity-list']);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await expect
      .poll(() =>
        page.evaluate(() => ({
          owner: localStorage.getItem('turnout.offline.owner'),
        })),
      )
      .toEqual({ owner: null });
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('turnout-offline');
              open.onsuccess = () => {
                const count = open.result.transaction('query-cache').objectStore('query-cache').count();
                count.onsuccess = () => resolve(count.result);
              };
            }),
        ),
      )
      .toBe(0);
  });
});
