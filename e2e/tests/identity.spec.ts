import { expect, test } from '@playwright/test';
import { openUserMenu, screenshotFor, signInThroughApi, TOKEN_STORAGE_KEY } from '../support/session.ts';
import { DEMO_PASSWORD, TENANTS, USERS } from '../support/users.ts';

test('[IDENTITY]: the firefighter signs in, sees their name and department in the user menu, and signs out', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(USERS.firefighter.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/$/);
  const menu = await openUserMenu(page);
  await expect(menu.getByText(USERS.firefighter.name)).toBeVisible();
  await expect(menu.getByText(TENANTS.riverside)).toBeVisible();
  await expect(menu.getByText('Firefighter', { exact: true })).toBeVisible();
  // One department, one role: no switcher (spec 01 §6); not a global admin: no badge.
  await expect(menu.getByRole('menuitem', { name: 'Switch Tenant / Role' })).toHaveCount(0);
  await expect(page.getByText('Global Admin')).toHaveCount(0);

  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
  // The token is revoked on the server too: it no longer opens the app.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/signin$/);
});

test('[IDENTITY]: a wrong password shows "These credentials do not match our records."', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(USERS.firefighter.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
});

test('[IDENTITY]: a global admin switches to Riverside Fire Department, then changes to global', async ({ page }) => {
  await signInThroughApi(page, USERS.admin.email);
  await page.goto('/');
  await expect(page.getByTestId('global-admin-badge')).toHaveText('Global Admin');

  let menu = await openUserMenu(page);
  await expect(menu.getByText(USERS.admin.name)).toBeVisible();
  await expect(menu.getByText('Global', { exact: true })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Switch Tenant / Role' }).click();

  const dialog = page.getByRole('dialog', { name: 'Switch Tenant / Role' });
  await expect(dialog).toBeVisible();
  // A global admin holds one role: the role selector is not tappable.
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Change to Global' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Tenant' }).click();
  await page.getByRole('option', { name: TENANTS.riverside }).click();
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Global Admin');
  await screenshotFor(page, 'switcher');
  await dialog.getByRole('button', { name: 'Switch' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-menu')).toContainText(TENANTS.riverside);
  menu = await openUserMenu(page);
  await expect(menu.getByText(TENANTS.riverside)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Switch Tenant / Role' }).click();
  await dialog.getByRole('button', { name: 'Change to Global' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-menu')).toContainText('Global');
  await expect(page.getByTestId('user-menu')).not.toContainText(TENANTS.riverside);

  // The server agrees: the session acts at global level again.
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
  const user = await (await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(user.data).toMatchObject({ is_global: true, tenant_id: null });
});
