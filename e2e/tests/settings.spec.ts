import { expect, test } from '@playwright/test';
import { apiSignIn, bearer, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

test('[SETTINGS]: the settings home shows the build, the environment and the API version', async ({ page }) => {
  await signInThroughApi(page, USERS.admin.email);
  await page.goto('/settings');
  const health = await (await page.request.get('/api/health')).json();
  await expect(page.getByTestId('build-hash')).not.toBeEmpty();
  await expect(page.getByTestId('environment')).toHaveText('development');
  await expect(page.getByTestId('api-version')).toContainText(health.version);
  await expect(page.getByRole('link', { name: 'Admin Tools' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Collections' })).toBeVisible();
  // System reports (issue 27) are reached from the settings home.
  await expect(page.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/settings/reports/index');
});

test('[SETTINGS]: a global admin signs in as the firefighter from the settings home', async ({ page }) => {
  await signInThroughApi(page, USERS.admin.email);
  await page.goto('/settings');
  await page.getByRole('textbox', { name: "User's email" }).fill('nobody@nowhere.example');
  await page.getByRole('button', { name: 'Sign In As' }).click();
  await expect(page.getByText('No user has this email address.')).toBeVisible();

  await page.getByRole('textbox', { name: "User's email" }).fill(USERS.firefighter.email);
  await page.getByRole('button', { name: 'Sign In As' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toContainText(USERS.firefighter.name);
  await expect(page.getByTestId('user-menu')).toContainText(TENANTS.riverside);
  await expect(page.getByTestId('global-admin-badge')).toHaveCount(0);
});

test('[SETTINGS]: the Sensitive Actions popup of Admin Tools lists who signed in as whom', async ({ page, request }) => {
  // Something to list: a sign-in-as session made through the API.
  const admin = await apiSignIn(request, USERS.admin.email);
  const signedInAs = await request.post('/api/admin/logins/get-token', {
    headers: bearer(admin.token),
    data: { email: USERS.firefighter.email },
  });
  expect(signedInAs.status()).toBe(200);

  await signInThroughApi(page, USERS.admin.email);
  await page.goto('/settings/admin-tools/index');
  await page.getByRole('button', { name: /Sensitive Actions/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sensitive Actions' });
  await expect(dialog.getByRole('columnheader')).toHaveText(['User', 'Date & Time', 'Notes']);
  const entry = dialog
    .getByRole('row')
    .filter({ hasText: `signed in as ${USERS.firefighter.email}` })
    .first();
  await expect(entry).toContainText('Signed in as another user');
  await expect(entry).toContainText(USERS.admin.name);
  const panel = dialog.getByTestId('sensitive-actions-panel');
  const heights = await panel.evaluate((element) => ({ panel: element.clientHeight, window: window.innerHeight }));
  expect(Math.abs(heights.panel - heights.window * 0.7)).toBeLessThan(2);
});
