import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

/** The firefighter's role key (its label is 'Firefighter'). */
const FIREFIGHTER_ROLE = 'Tenant User';
const ACTIONS = ['create', 'update', 'delete', 'view', 'reassign', 'lock_children'] as const;
type Entry = Partial<Record<(typeof ACTIONS)[number], boolean | null>>;

async function tenantId(request: APIRequestContext, token: string, name: string): Promise<string> {
  const answer = await request.get('/api/tenant?page=1&per_page=240', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  const tenant = ((await answer.json()).data as { id: string; display_name: string }[]).find((t) => t.display_name === name);
  expect(tenant, `tenant ${name}`).toBeTruthy();
  return tenant!.id;
}

/** What one level sets for one key (GET /permissions-v2/edit). */
async function levelEntry(request: APIRequestContext, token: string, query: Record<string, string>, key: string): Promise<Entry> {
  const answer = await request.get(`/api/permissions-v2/edit?${new URLSearchParams(query)}`, { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()).data.set[key] ?? {}) as Entry;
}

async function effectiveNotice(request: APIRequestContext, token: string): Promise<Record<string, boolean>> {
  const answer = await request.get('/api/user', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data.effective_permissions.notice;
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('[PERMISSIONS]: a global admin denies Riverside firefighters creating notices, and the server refuses them', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, USERS.admin.email);
  const riverside = await tenantId(request, admin.token, TENANTS.riverside);
  const context = { tenant: riverside, role: FIREFIGHTER_ROLE };
  const before = await levelEntry(request, admin.token, context, 'notice');
  const firefighterBefore = await apiSignIn(request, USERS.firefighter.email);
  expect((await effectiveNotice(request, firefighterBefore.token)).create).toBe(true);
  try {
    await signInThroughApi(page, USERS.admin.email);
    await page.goto('/settings/admin-tools/index');
    await page.getByRole('link', { name: 'Manage Permissions' }).click();
    await expect(page).toHaveURL(/\/settings\/manage-permissions$/);
    await chooseOption(page, 'Tenant', TENANTS.riverside);
    await chooseOption(page, 'Role', 'Firefighter (Tenant User)');
    await expect(page.getByTestId('permission-target-summary')).toHaveText(`You will edit the Firefighter role in ${TENANTS.riverside}.`);
    await screenshotFor(page, 'permissions-picker');
    await page.getByRole('button', { name: 'Edit Permissions' }).click();

    await expect(page.getByRole('heading', { name: `${TENANTS.riverside} · Firefighter` })).toBeVisible();
    await expect(page.getByTestId('permission-level')).toHaveText('Role level');
    const create = page.getByTestId('permission-notice-create');
    await expect(create).toHaveAttribute('aria-label', /, Create: Inherit\. Inherited from system defaults: allowed\.$/);
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Revert' })).toBeDisabled();

    await create.click();
    await expect(create).toHaveAttribute('aria-label', /, Create: Allow\./);
    await create.click();
    await expect(create).toHaveAttribute('aria-label', /, Create: Deny\./);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await screenshotFor(page, 'permissions-matrix');
    await save.click();
    await expect(page.getByText('Permissions saved')).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(create).toHaveAttribute('aria-label', /, Create: Deny\./);

    // The firefighter is refused, whatever the client shows.
    const firefighter = await apiSignIn(request, USERS.firefighter.email);
    expect((await effectiveNotice(request, firefighter.token)).create).toBe(false);
    const crafted = await request.post('/api/notices', { headers: bearer(firefighter.token), data: { title: 'x' } });
    expect(crafted.status(), await crafted.text()).toBe(403);
  } finally {
    const entry = Object.fromEntries(ACTIONS.map((action) => [action, before[action] ?? null]));
    const restored = await request.post('/api/permissions-v2', {
      headers: bearer(admin.token),
      data: { tenant: riverside, role: FIREFIGHTER_ROLE, personnel: null, permissions: { notice: entry } },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('[PERMISSIONS]: changes are reverted with "Changes reverted successfully", and leaving with changes asks first', async ({ page }) => {
  await signInThroughApi(page, USERS.admin.email);
  await page.goto('/settings/manage-permissions');
  await chooseOption(page, 'Tenant', TENANTS.lakeside);
  await expect(page.getByTestId('permission-target-summary')).toContainText('tenant level');
  await page.getByRole('button', { name: 'Edit Permissions' }).click();
  await expect(page.getByTestId('permission-level')).toHaveText('Tenant level');

  const view = page.getByTestId('permission-notice-view');
  await view.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Inherited from system defaults: allowed.');
  await screenshotFor(page, 'permissions-tooltip');

  // From the keyboard: focus a cell, D denies.
  await view.focus();
  await page.keyboard.press('d');
  await expect(view).toHaveAttribute('aria-label', /, View: Deny\./);
  const save = page.getByRole('button', { name: 'Save' });
  const revert = page.getByRole('button', { name: 'Revert' });
  await expect(save).toBeEnabled();
  await revert.click();
  await expect(page.getByText('Changes reverted successfully')).toBeVisible();
  await expect(view).toHaveAttribute('aria-label', /, View: Inherit\./);
  await expect(save).toBeDisabled();
  await expect(revert).toBeDisabled();

  await view.click();
  await page.getByRole('button', { name: 'Back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(dialog).toContainText('Changes have been made. Would you like to save first?');
  await dialog.getByRole('button', { name: 'Discard Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Permissions' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tenant' })).toHaveValue(TENANTS.lakeside);
});

test('[PERMISSIONS]: the deprecated Permissions Editor shows the roles and permissions of the acting tenant', async ({ page, request }) => {
  const session = await signInThroughApi(page, USERS.admin.email);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Permissions Editor' }).click();
  await expect(page).toHaveURL(/\/settings\/admin-tools\/permissions$/);
  await expect(page.getByRole('heading', { name: 'Permissions Editor' })).toBeVisible();
  await expect(page.getByText('Deprecated', { exact: true })).toBeVisible();
  // At global level there is no tenant to edit.
  await expect(page.getByText(/Tenant must be selected first/)).toBeVisible();

  // This session (and only it) acts in Riverside.
  const riverside = await tenantId(request, session.token, TENANTS.riverside);
  const selected = await request.post('/api/user/select-tenant', {
    headers: bearer(session.token),
    data: { tenant: riverside, role: 'MSFES User' },
  });
  expect(selected.status(), await selected.text()).toBe(200);
  await page.reload();
  const table = page.getByRole('table', { name: 'Roles and permissions' });
  // Every role's every permission: the matrix takes a while to load on a busy machine.
  await expect(table).toBeVisible({ timeout: 30_000 });
  const headers = table.getByRole('columnheader');
  await expect(headers.first()).toHaveText('Permission');
  const roleNames = await headers.allTextContents();
  expect(roleNames.indexOf('Fire Chief')).toBeGreaterThan(0);
  expect(roleNames.indexOf('Fire Chief')).toBeLessThan(roleNames.indexOf('Firefighter'));
  await expect(table.getByRole('rowheader').filter({ hasText: 'notice' }).first()).toBeVisible();
  const box = table.getByRole('checkbox', { name: 'Firefighter: View Notices' });
  await expect(box).toBeChecked();
  await screenshotFor(page, 'permissions-deprecated');
  // Nothing is saved here: a change, then Revert.
  await box.uncheck();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByText('Changes reverted successfully')).toBeVisible();
  await expect(box).toBeChecked();
});

test('[PERMISSIONS]: a firefighter has no permission editors', async ({ page }) => {
  await signInThroughApi(page, USERS.firefighter.email);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Permissions Editor' })).toHaveCount(0);
  await page.goto('/settings/manage-permissions');
  await expect(page.getByText('Only global admins and department administrators can manage permissions.')).toBeVisible();
  await page.goto('/settings/admin-tools/permissions');
  await expect(page.getByText('The Permissions Editor needs permission to update tenant-level or privileged permissions.')).toBeVisible();
});
