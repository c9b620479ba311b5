import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

/**
 * The entity list (spec 01 §2.6) over the demo's Hydrant type, which the demo seeds with 60
 * records (H-001 … H-060; every seventh 'Out of Service'). The firefighter only reads here; the
 * permission test changes the Engineer role's create on hydrant alone and restores it.
 */
const LIST = '/entity-list?type=hydrant';
const items = (page: Page) => page.getByTestId('entity-list').getByTestId('entity-list-item');

/** axe over the screen's own content; the shell's footer is the shell's (its dimmed text is reported there). */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').exclude('footer').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Chooses a CSV item of the open options menu and reads the lines of the file saved. */
async function csvFromMenu(page: Page, item: string, fileName: string): Promise<string[]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  return readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
}

async function openList(page: Page, email: string = USERS.firefighter.email) {
  await signInThroughApi(page, email);
  await page.goto(LIST);
  await expect(page.getByRole('heading', { name: 'Hydrant', level: 1 })).toBeVisible();
  await expect(items(page)).toHaveCount(48);
}

test.describe('wide screen (1400×900)', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  // Long flows on a shared machine: axe alone takes seconds.
  test.describe.configure({ timeout: 120_000 });

  test('[ENTITY LIST]: search, sort, filter, grid/list/table, split view and load more', async ({ page }) => {
    await openList(page);
    // From the page's arrival to the list's render (the bench reports the figure; here it must exist).
    const renderMs = await page.evaluate(() => performance.getEntriesByName('entity-list:render').at(-1)?.duration);
    expect(renderMs).toBeDefined();
    test.info().annotations.push({ type: 'entity-list:render (ms)', description: String(Math.round(renderMs ?? -1)) });
    await expectNoSeriousViolations(page);
    await screenshotFor(page, 'entity-list-grid');

    // Search (debounced 500 ms) goes to the server as filter[display_name].
    await page.getByRole('button', { name: 'Search Hydrant', exact: true }).click();
    const searched = page.waitForRequest(
      (r) => r.url().includes('/api/entity/hydrant') && r.url().includes('filter%5Bdisplay_name%5D=H-05'),
    );
    await page.getByRole('textbox', { name: 'Search Hydrant' }).fill('H-05');
    await searched;
    await expect(items(page)).toHaveCount(10);
    await expect(items(page).first()).toContainText('H-05');
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(items(page)).toHaveCount(48);

    // The sort toggle cycles default → A to Z → Z to A.
    await page.getByRole('button', { name: 'Sort: Default' }).click();
    await expect(page.getByRole('button', { name: 'Sort: A to Z' })).toBeVisible();
    await expect(items(page).first()).toContainText('H-001');
    await page.getByRole('button', { name: 'Sort: A to Z' }).click();
    await expect(page.getByRole('button', { name: 'Sort: Z to A' })).toBeVisible();
    // A to Z's page also reads 'H-0…': wait for Z to A's own first record, not the old list's.
    await expect.poll(async () => (await items(page).first().innerText()) >= 'H-060').toBe(true);
    await expect(items(page).nth(1)).toContainText('H-0');
    await page.getByRole('button', { name: 'Sort: Z to A' }).click();
    await expect(page.getByRole('button', { name: 'Sort: Default' })).toBeVisible();

    // Apply Filters: the type's Status dropdown.
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply Filters' });
    await expect(dialog.getByRole('textbox', { name: 'Last tested from' })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Status', exact: true }).click();
    await expect(page.getByRole('option', { name: '(No Selection)' })).toBeVisible();
    await page.getByRole('option', { name: 'Out of Service' }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1 applied)' })).toBeVisible();
    const outOfService = await items(page).count();
    expect(outOfService).toBeGreaterThanOrEqual(8);
    expect(outOfService).toBeLessThan(48);

    // Export Data to CSV: every record of the list as filtered, saved as a file.
    await page.getByRole('button', { name: 'Options' }).click();
    const lines = await csvFromMenu(page, 'Export Data to CSV', 'Hydrant.csv');
    expect(lines[0]).toContain('display_name');
    expect(lines).toHaveLength(outOfService + 1);
    await expect(page.getByText('Export complete.')).toBeVisible();
    await page.getByRole('button', { name: 'Filters (1 applied)' }).click();
    await dialog.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await expect(items(page)).toHaveCount(48);

    // Grid, list and table. A scroll while the grid shows the end of its page, and a change of
    // view that moves the end, load nothing more: only a scroll to the end does.
    const nextPages: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/entity/hydrant?page=2')) nextPages.push(r.url());
    });
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
    await page.getByText('List', { exact: true }).click();
    await expect(items(page)).toHaveCount(48);
    await page.getByText('Table', { exact: true }).click();
    const table = page.getByTestId('entity-list').getByRole('table');
    // The name is the hydrant number (the first table field): one column, not Name and again Hydrant number.
    for (const column of ['Hydrant number', 'Flow rate (GPM)', 'Last tested', 'Status', 'Place']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toHaveCount(0);
    // tableSortable columns sort from their header: ascending, then descending.
    const flow = table.getByRole('columnheader', { name: 'Flow rate (GPM)', exact: true });
    await flow.getByRole('button').click();
    await expect(flow).toHaveAttribute('aria-sort', 'ascending');
    await flow.getByRole('button').click();
    await expect(flow).toHaveAttribute('aria-sort', 'descending');
    await flow.getByRole('button').click();
    await expect(flow).toHaveAttribute('aria-sort', 'none');
    await expectNoSeriousViolations(page);
    await screenshotFor(page, 'entity-list-table');

    expect(nextPages).toEqual([]);
    // Load more at the end: the next page of 48.
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => items(page).count()).toBeGreaterThan(48);

    // A record opens beside the list; the URL keeps the selection.
    await page.getByText('Grid', { exact: true }).click();
    const first = items(page).first();
    const name = (await first.locator('p').first().innerText()).trim();
    await first.click();
    await expect(page).toHaveURL(/\/entity-list-detail\?type=hydrant&split\.id=[0-9a-f-]{36}/);
    const preview = page.getByTestId('record-preview');
    await expect(preview.getByRole('heading', { name })).toBeVisible();
    await expect(preview.getByText('Hydrant number')).toBeVisible();
    await expect(page.getByTestId('entity-list')).toBeVisible();
    await screenshotFor(page, 'entity-list-split');
    await page.reload();
    await expect(page.getByTestId('record-preview').getByRole('heading', { name })).toBeVisible();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/\/entity-list\?type=hydrant$/);
  });

  test('[ENTITY LIST]: the options menu refreshes and makes the import template; only what works is listed; Add goes to the add screen', async ({
    page,
  }) => {
    await openList(page);
    await page.getByRole('button', { name: 'Options' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('NFIRS Report')).toHaveCount(0);
    for (const item of ['PDF Report', 'Excel Report']) await expect(menu.getByRole('menuitem', { name: item })).toBeEnabled();
    await expect(menu.getByRole('menuitem', { name: 'Export Data to CSV' })).toBeEnabled();
    await expect(menu.getByRole('menuitem', { name: 'Upload CSV Data File' })).toBeEnabled();
    const lines = await csvFromMenu(page, 'Create Import Template CSV', 'Hydrant import template.csv');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('display_name');
    await page.getByRole('button', { name: 'Options' }).click();
    await expect(menu.getByText('Time Clock Report')).toHaveCount(0);
    await expect(menu.getByText(/Arrives with/)).toHaveCount(0);
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/entity/hydrant?') && r.status() === 200);
    await menu.getByRole('menuitem', { name: 'Refresh' }).click();
    await refreshed;

    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/entity\/add\?type=hydrant$/);
  });

  test('[ENTITY LIST]: an unknown type says so', async ({ page }) => {
    await signInThroughApi(page, USERS.firefighter.email);
    await page.goto('/entity-list?type=no_such_type');
    await expect(page.getByText('Entity Type not found.')).toBeVisible();
  });
});

test.describe('phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test.describe.configure({ timeout: 120_000 });

  test('[ENTITY LIST]: grid and list only; a record opens as a full-screen overlay', async ({ page }) => {
    await openList(page);
    await expect(page.getByText('Table', { exact: true })).toHaveCount(0);
    await page.getByText('List', { exact: true }).click();
    await expect(items(page)).toHaveCount(48);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Search Hydrant', exact: true }).click();
    await page.getByRole('textbox', { name: 'Search Hydrant' }).fill('H-012');
    await expect(items(page)).toHaveCount(1);
    await items(page).first().click();
    await expect(page).toHaveURL(/split\.id=/);
    const overlay = page.getByRole('dialog', { name: 'Hydrant' });
    await expect(overlay.getByRole('heading', { name: 'H-012' })).toBeVisible();
    await screenshotFor(page, 'entity-list-phone-overlay');
    await overlay.getByRole('button', { name: 'Close record' }).click();
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/entity-list\?type=hydrant/);
  });
});

async function riversideId(request: APIRequestContext, token: string): Promise<string> {
  const answer = await request.get('/api/tenant?page=1&per_page=240', { headers: bearer(token) });
  const tenant = ((await answer.json()).data as { id: string; display_name: string }[]).find((t) => t.display_name === TENANTS.riverside);
  expect(tenant).toBeTruthy();
  return tenant!.id;
}

test.describe('permissions', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  // Long flows on a shared machine: axe alone takes seconds.
  test.describe.configure({ timeout: 120_000 });

  test('[ENTITY LIST]: a role that loses create on a type no longer sees the add button, and the server refuses it', async ({
    page,
    request,
  }) => {
    const admin = await apiSignIn(request, USERS.admin.email);
    const riverside = await riversideId(request, admin.token);
    const context = { tenant: riverside, role: 'Engineer', personnel: null };
    const before = await request.get(`/api/permissions-v2/edit?tenant=${riverside}&role=Engineer`, { headers: bearer(admin.token) });
    expect(before.status()).toBe(200);
    const previous = ((await before.json()).data.set.hydrant ?? {}) as Record<string, boolean | null>;

    await openList(page, USERS.engineer.email);
    await expect(page.getByRole('button', { name: 'Add' })).toBeVisible();
    try {
      const denied = await request.post('/api/permissions-v2', {
        headers: bearer(admin.token),
        data: { ...context, permissions: { hydrant: { create: false } } },
      });
      expect(denied.status(), await denied.text()).toBe(200);

      await openList(page, USERS.engineer.email);
      await expect(page.getByRole('button', { name: 'Options' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
      const engineer = await apiSignIn(request, USERS.engineer.email);
      const crafted = await request.post('/api/entity/hydrant', {
        headers: bearer(engineer.token),
        data: { hydrant_number: 'H-999', status: 'in_service', location: { lat: 1, lng: 1, value: '1 1', display_value: 'x' } },
      });
      expect(crafted.status(), await crafted.text()).toBe(403);
    } finally {
      const restored = await request.post('/api/permissions-v2', {
        headers: bearer(admin.token),
        data: { ...context, permissions: { hydrant: { create: previous.create ?? null } } },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});
