import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PNG_1x1 } from '../support/files.ts';
import { waitForOfflineCopy } from '../support/offline-copy.ts';
import { mouseAway, readRecordApi } from '../support/records.ts';
import { type ApiSession, apiSignIn, bearer, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * The offline save queue (issue 22, docs/decisions/0034) and the update prompt (0033). Signed in
 * as the offline account (support/users.ts), whose types, records, queue and drafts no other
 * spec touches. The add with a photo reloads with no network for real (the service worker opens
 * the app); elsewhere saves are cut off by route interception, which the app cannot tell from a
 * lost network ('Failed to fetch' while navigator.onLine is true).
 */

const OFFLINE_MESSAGE =
  'Your device appears to be offline. The entry has been saved and will be uploaded to the server when you reconnect.';
const QUEUED_SAVED = 'A queued entity was saved successfully.';

interface OfflineType {
  id: string;
  name: string;
  label: string;
}

async function makeType(page: Page, session: ApiSession): Promise<OfflineType> {
  const created = await page.request.post('/api/entity-type', {
    headers: bearer(session.token),
    data: {
      label: `Offline Test ${Date.now()}`,
      fields: [
        {
          field_data: {
            property: 'unit',
            title: 'Unit',
            type: 'single-text',
            page: 1,
            validation: { required: true },
            flags: { tableView: true },
          },
        },
        { field_data: { property: 'fuel', title: 'Fuel', type: 'single-text', page: 1 } },
        { field_data: { property: 'crew', title: 'Crew', type: 'single-text', page: 1 } },
        { field_data: { property: 'photo', title: 'Photo', type: 'single-file', page: 1, params: { fileType: 'image' } } },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data as OfflineType;
}

async function records(page: Page, session: ApiSession, type: OfflineType) {
  const answer = await page.request.get(`/api/entity/${type.name}`, { headers: bearer(session.token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as (Record<string, unknown> & { id: string })[];
}

/** Saves of the type fail as a lost network does (the request never gets an answer). */
async function cutSaves(page: Page, type: OfflineType) {
  await page.route(`**/api/entity/${type.name}**`, (route) =>
    route.request().method() === 'GET' ? route.fallback() : route.abort('internetdisconnected'),
  );
  await page.route('**/api/files', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
}

async function restoreSaves(page: Page, type: OfflineType) {
  await page.unroute(`**/api/entity/${type.name}**`);
  await page.unroute('**/api/files');
}

/** The `online` event, as when the network comes back. */
async function reconnect(page: Page) {
  await page.context().setOffline(true);
  await page.context().setOffline(false);
}

async function save(page: Page) {
  await mouseAway(page);
  await page.getByRole('button', { name: 'Save Changes' }).first().click();
}

/** Serious and critical axe violations inside the given part of the page (none expected). */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('[OFFLINE]', () => {
  let session: ApiSession;
  let type: OfflineType;
  test.beforeEach(async ({ page }) => {
    session = await signInThroughApi(page, USERS.offline.email);
    type = await makeType(page, session);
  });

  test('[OFFLINE]: an add with a photo made offline is queued, survives a reload, and is saved once on reconnect', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = String(Date.now());
    const photoName = `engine-${stamp}.png`;
    const list = `/entity-list?type=${type.name}`;
    // One online visit: the service worker installs, the device keeps the types and this list.
    await page.goto(list);
    await expect(page.getByRole('heading', { name: type.label, level: 1 })).toBeVisible();
    await waitForOfflineCopy(page, ['user', 'entity-types', 'entity-list']);

    await page.goto(`/entity/add?type=${type.name}`);
    await expect(page.getByRole('textbox', { name: 'Unit', exact: true })).toBeVisible();
    await page.context().setOffline(true);
    await page.getByRole('textbox', { name: 'Unit', exact: true }).fill(`E-${stamp}`);
    await page.getByTestId('photo-device-input').setInputFiles({ name: photoName, mimeType: 'image/png', buffer: PNG_1x1 });
    await expect(page.getByText(`${photoName} (waiting to upload)`)).toBeVisible();
    await save(page);
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
    // The screen goes to view.
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

    // Reloaded with no network: the app opens from the service worker and the device's copy,
    // and the queue (in IndexedDB) is still there.
    await page.goto(list);
    await expect(page.getByRole('heading', { name: type.label, level: 1 })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: '1 update is queued.' });
    await expect(banner).toBeVisible();
    expect(await seriousViolations(page, 'main')).toEqual([]);
    // The queued list and the discard confirmation (cancelled: nothing is lost).
    await banner.getByRole('button', { name: '1 update is queued.' }).click();
    const queuedList = page.getByRole('dialog', { name: 'Queued updates' });
    await expect(queuedList.getByText(`New ${type.label} (1 file)`)).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(queuedList).toHaveCount(0);
    await banner.getByRole('button', { name: 'Discard queued updates' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard queued updates?' });
    await expect(confirm).toContainText('will be lost');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(banner).toBeVisible();
    expect(await records(page, session, type)).toHaveLength(0);

    // The network is back (the `online` event): the photo goes up, then the save; once.
    await page.context().setOffline(false);
    await expect(page.getByText(QUEUED_SAVED)).toBeVisible();
    await expect(page.getByText('1 update is queued.')).toHaveCount(0);
    const saved = await records(page, session, type);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ unit: `E-${stamp}` });
    const full = (await readRecordApi(page.request, session, type.name, saved[0]!.id)).data as {
      photo: { id: string; original_name: string }[];
    };
    expect(full.photo).toHaveLength(1);
    expect(full.photo[0]?.original_name).toBe(photoName);
    const files = await page.request.get(`/api/files?filter[display_name]=${encodeURIComponent(photoName)}`, {
      headers: bearer(session.token),
    });
    expect(((await files.json()).data as unknown[]).length).toBe(1);

    // Upload now again changes nothing.
    await reconnect(page);
    await page.waitForTimeout(500);
    expect(await records(page, session, type)).toHaveLength(1);
  });

  test('[OFFLINE]: an offline edit merges with another person’s online edits; the same field asks, theirs or mine', async ({ page }) => {
    test.setTimeout(120_000);
    const created = await page.request.post(`/api/entity/${type.name}`, {
      headers: bearer(session.token),
      data: { unit: 'E1', fuel: 'half', crew: '3' },
    });
    expect(created.status()).toBe(201);
    const record = (await created.json()).data as { id: string };
    await page.goto(`/entity/${type.name}/${record.id}?mode=edit`);
    await expect(page.getByRole('textbox', { name: 'Fuel', exact: true })).toHaveValue('half');
    await page.context().setOffline(true);
    await page.getByRole('textbox', { name: 'Fuel', exact: true }).fill('empty');
    await page.getByRole('textbox', { name: 'Crew', exact: true }).fill('5');
    await save(page);
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();

    // Meanwhile, online: another person changes Unit (a field this device left alone) and Fuel.
    const firefighter = await apiSignIn(page.request, USERS.firefighter.email);
    const theirs = await page.request.put(`/api/entity/${type.name}/${record.id}`, {
      headers: bearer(firefighter.token),
      data: { version: 1, unit: 'E2', fuel: 'full' },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);

    await page.context().setOffline(false);
    await expect(page.getByText(QUEUED_SAVED)).toBeVisible();
    // Crew (device only) applied, Unit (server only) kept, Fuel (both) not overwritten.
    await expect
      .poll(async () => (await readRecordApi(page.request, session, type.name, record.id)).data)
      .toMatchObject({ unit: 'E2', crew: '5', fuel: 'full' });

    await page.goto(`/entity-list?type=${type.name}`);
    await page.getByRole('button', { name: `Continue unsaved ${type.label}` }).click();
    const conflicts = page.getByRole('region', { name: 'Changed here and on the server' });
    await expect(conflicts).toContainText('Fuel');
    await expect(conflicts).toContainText('full');
    await expect(conflicts).toContainText('empty');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await conflicts.getByRole('button', { name: 'Keep mine for Fuel' }).click();
    await save(page);
    await expect(page.getByText('Updated Successfully')).toBeVisible();
    expect((await readRecordApi(page.request, session, type.name, record.id)).data).toMatchObject({ unit: 'E2', crew: '5', fuel: 'empty' });
    await page.goto(`/entity-list?type=${type.name}`);
    await expect(page.getByRole('button', { name: `Continue unsaved ${type.label}` })).toHaveCount(0);
  });

  test('[OFFLINE]: a queued save the server refuses (422) is kept as a draft showing its errors', async ({ page }) => {
    test.setTimeout(120_000);
    await cutSaves(page, type);
    await page.goto(`/entity/add?type=${type.name}`);
    await page.getByRole('textbox', { name: 'Unit', exact: true }).fill('E77');
    await save(page);
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
    // Leave the app before the network comes back, so its periodic retry cannot replay the queue
    // on this page; the next start replays it.
    await page.goto('about:blank');
    await restoreSaves(page, type);
    // The server refuses it on replay (as when a rule changed meanwhile).
    await page.route(`**/api/entity/${type.name}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            json: { message: 'The given data was invalid.', errors: { unit: ['Unit E77 is already in service elsewhere.'] } },
          })
        : route.fallback(),
    );
    await page.goto(`/entity-list?type=${type.name}`);
    await expect(page.getByText('A queued entry could not be saved.', { exact: false })).toBeVisible();
    await expect(page.getByText('1 update is queued.')).toHaveCount(0);
    await page.getByRole('button', { name: `Continue unsaved ${type.label}` }).click();
    await expect(page.getByRole('textbox', { name: 'Unit', exact: true })).toHaveValue('E77');
    await expect(page.getByText('Unit E77 is already in service elsewhere.').first()).toBeVisible();
    await expect(page.getByText('There were errors when saving.', { exact: false })).toBeVisible();

    // Fixed and saved: a record, and the draft is gone.
    await page.unroute(`**/api/entity/${type.name}`);
    await page.getByRole('textbox', { name: 'Unit', exact: true }).fill('E78');
    await save(page);
    await expect(page.getByText('Entity added successfully')).toBeVisible();
    expect((await records(page, session, type)).map((r) => r.unit)).toEqual(['E78']);
    await page.goto(`/entity-list?type=${type.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: `Continue unsaved ${type.label}` })).toHaveCount(0);
  });

  test('[OFFLINE]: five drafts are kept, newest first; a sixth drops the oldest', async ({ page }) => {
    test.setTimeout(150_000);
    await cutSaves(page, type);
    for (let i = 1; i <= 6; i += 1) {
      await page.goto(`/entity/add?type=${type.name}`);
      await page.getByRole('textbox', { name: 'Unit', exact: true }).fill(`U${i}`);
      await save(page);
      await expect(page.getByText(OFFLINE_MESSAGE).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    }
    await page.goto('about:blank');
    await restoreSaves(page, type);
    await page.route(`**/api/entity/${type.name}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, json: { message: 'The given data was invalid.', errors: { unit: ['Not accepted.'] } } })
        : route.fallback(),
    );
    await page.goto(`/entity-list?type=${type.name}`);
    const banners = page.getByRole('button', { name: `Continue unsaved ${type.label}` });
    await expect(banners).toHaveCount(5);
    await expect(page.getByText('updates are queued.')).toHaveCount(0);
    // Newest first: the first banner is U6; U1 is gone.
    await banners.first().click();
    await expect(page.getByRole('textbox', { name: 'Unit', exact: true })).toHaveValue('U6');
    await page.goto(`/entity-list?type=${type.name}`);
    await banners.last().click();
    await expect(page.getByRole('textbox', { name: 'Unit', exact: true })).toHaveValue('U2');

    // A discarded draft goes; the drafts stay after signing out and in again, for this user only.
    await page.goto(`/entity-list?type=${type.name}`);
    await page
      .getByRole('button', { name: `Discard unsaved ${type.label}` })
      .first()
      .click();
    await expect(banners).toHaveCount(4);
    await signInThroughApi(page, USERS.offline.email);
    await page.goto(`/entity-list?type=${type.name}`);
    await expect(banners).toHaveCount(4);
  });
  test('[OFFLINE]: a new app version is offered, and never applied while a form holds unsaved input', async ({ page }) => {
    const add = `/entity/add?type=${type.name}`;
    const unit = page.getByRole('textbox', { name: 'Unit', exact: true });
    await page.goto(add);
    await expect(unit).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A device that has the app: the page is controlled by the installed version.
    await page.reload();
    await expect(unit).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The app registers its service worker after the page's load event, from its own chunk.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('workbox-window'))))
      .toBe(true);
    await page.waitForTimeout(1_000);

    await unit.fill('E-unsaved');
    await page.evaluate(() => {
      (window as unknown as { samePage?: boolean }).samePage = true;
    });
    // A new deploy: the browser finds a service worker script other than the running one; it
    // installs beside it and waits.
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js?next=1');
    });
    const prompt = page.locator('.mantine-Notification-root').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('Save or discard your changes first');
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeDisabled();
    expect(await seriousViolations(page, '.mantine-Notification-root')).toEqual([]);

    // Put in the background (where it would otherwise apply itself): still not while the form holds input.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(2_000);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await expect(unit).toHaveValue('E-unsaved');
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeDisabled();
  });
});
