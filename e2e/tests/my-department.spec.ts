import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BAR, rgb } from '../support/colors.ts';
import { LAKESIDE_SIGN_IN_LOCK, withLock } from '../support/locks.ts';
import { apiSignIn, bearer, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

/**
 * My Department (/admin/tenant/view) and the tenant list (/admin/tenant), spec 01 §2.3. Only
 * Lakeside's chief edits a department here (Riverside's colour is what the shell tests check),
 * holding the Lakeside lock, and the test puts Lakeside back as it found it.
 */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').exclude('footer').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('[ADMIN]: a chief changes My Department colour and time format; the top bar and times follow', async ({ page }) => {
  // A long flow on a shared machine: axe alone takes seconds.
  test.setTimeout(120_000);
  await withLock(LAKESIDE_SIGN_IN_LOCK, async () => {
    const session = await signInThroughApi(page, USERS.lakesideChief.email);
    const tenantId = session.user.tenant_id!;
    const before = (await (await page.request.get(`/api/tenant/${tenantId}`, { headers: bearer(session.token) })).json()).data;
    try {
      await page.goto('/');
      await expect(page.getByTestId('top-bar')).toHaveCSS('background-color', BAR.development);
      await page.getByRole('navigation').getByRole('link', { name: 'My Department' }).first().click();
      await expect(page).toHaveURL(/\/admin\/tenant\/view$/);
      await expect(page.getByRole('heading', { name: 'My Department', level: 1 })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Display Name' })).toHaveValue(TENANTS.lakeside);
      const save = page.getByRole('button', { name: 'Save Changes' });
      await expect(save).toBeDisabled();
      await expect(page.getByTestId('format-example')).toContainText('1:30:15 PM');
      await expectNoSeriousViolations(page);

      await page.getByRole('textbox', { name: 'Colour' }).click();
      // A colour white text reads on at 4.5:1, so the bar shows it unchanged (a lighter one is
      // darkened first: bar-color.test.ts).
      await page.getByRole('button', { name: '#1864ab' }).click();
      await expect(page.getByRole('textbox', { name: 'Colour' })).toHaveValue('#1864ab');
      await page.getByText('24-hour (13:30:15)').click();
      await expect(page.getByTestId('format-example')).toContainText('13:30:15');
      await expect(save).toBeEnabled();
      await save.click();
      await expect(page.getByText('Updated Successfully')).toBeVisible();
      await expect(save).toBeDisabled();
      await expect(page.getByTestId('top-bar')).toHaveCSS('background-color', rgb('#1864ab'));

      // After a reload the department's choices still hold: the top bar and the formats.
      await page.reload();
      await expect(page.getByTestId('top-bar')).toHaveCSS('background-color', rgb('#1864ab'));
      await expect(page.getByRole('textbox', { name: 'Colour' })).toHaveValue('#1864ab');
      await expect(page.getByTestId('format-example')).toContainText('13:30:15');
      await expect(page.getByTestId('format-example')).not.toContainText('PM');
    } finally {
      const { id: _id, can_edit: _canEdit, ...restore } = before;
      const restored = await page.request.put(`/api/tenant/${tenantId}`, { headers: bearer(session.token), data: restore });
      expect(restored.status()).toBe(200);
    }
  });
});

test('[ADMIN]: a firefighter sees My Department read-only; the admin placeholder is gone', async ({ page }) => {
  await signInThroughApi(page, USERS.firefighter.email);
  await page.goto('/admin/tenant/view');
  await expect(page.getByRole('textbox', { name: 'Display Name' })).toHaveValue(TENANTS.riverside);
  await expect(page.getByRole('textbox', { name: 'Display Name' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.goto('/admin/nothing-here');
  await expect(page.getByText(/Arrives with|arrive with|Not built yet/)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Admin');
});

test('[ADMIN]: the global admin searches the tenant list and opens a tenant', async ({ page, request }) => {
  await signInThroughApi(page, USERS.admin.email);
  await page.goto('/admin/tenant');
  await expect(page.getByRole('heading', { name: 'Tenants', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Tenants' });
  await expect(list.getByText(TENANTS.riverside)).toBeVisible();
  await page.getByRole('textbox', { name: 'Search tenants' }).fill('lakes');
  await expect(list.getByText(TENANTS.riverside)).toHaveCount(0);
  await expect(list.getByText(TENANTS.lakeside)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('textbox', { name: 'Search tenants' }).fill('no such department at all');
  await expect(page.getByText('No tenants')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search tenants' }).fill('lakes');
  await list.getByText(TENANTS.lakeside).click();
  await expect(page).toHaveURL(/\/admin\/tenant\/view\?id=/);
  await expect(page.getByRole('textbox', { name: 'Display Name' })).toHaveValue(TENANTS.lakeside);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAttribute('readonly', '');
  // The list is the global admin's: others get the no-access screen, and the API answers 403 to nobody but filters.
  const firefighter = await apiSignIn(request, USERS.firefighter.email);
  const theirs = await request.get('/api/tenant', { headers: bearer(firefighter.token) });
  expect((await theirs.json()).data.map((t: { display_name: string }) => t.display_name)).toEqual([TENANTS.riverside]);
});

test('[ADMIN]: Admin Modules open the admin entity list with a way back', async ({ page }) => {
  await signInThroughApi(page, USERS.admin.email);
  await page.goto(`/admin/entity/?type=hydrant&from=${encodeURIComponent('/settings/admin-tools/modules')}`);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/settings/admin-tools/modules');
  await page.goto('/admin/entity/?type=hydrant&from=https%3A%2F%2Fevil.example');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/settings/admin-tools/modules');
});
