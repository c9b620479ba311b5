import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { apiSignIn, bearer, openUserMenu, screenshotFor, signInThroughApi } from '../support/session.ts';
import { DEMO_PASSWORD, TENANTS, USERS } from '../support/users.ts';

/** A code for the next 30-second step: the server refuses a step it has accepted before. */
function nextStepCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

test('[MFA]: the captain enrols from settings, then signing in asks for the Multi-Factor Auth Code', async ({ page, context, request }) => {
  // Start from "not enrolled" even on a retry: the global admin resets the captain's MFA.
  const admin = await apiSignIn(request, USERS.admin.email);
  const found = await request.get(`/api/admin/logins/users?search=${encodeURIComponent(USERS.captain.email)}`, {
    headers: bearer(admin.token),
  });
  const captainId = ((await found.json()) as { data: { id: string }[] }).data[0]!.id;
  const reset = await request.put(`/api/admin/logins/users/${captainId}`, {
    headers: bearer(admin.token),
    data: { user: { reset_mfa: true } },
  });
  expect(reset.status()).toBe(200);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInThroughApi(page, USERS.captain.email);
  await page.goto('/settings');

  await page.getByRole('button', { name: 'Set up Multi-Factor Authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Multi-Factor Authentication' });
  await expect(dialog.getByRole('heading', { name: 'Set up Multi-Factor Authentication' })).toBeVisible();
  // Opened by the user, not prompted: no 'Skip for now'.
  await expect(dialog.getByRole('button', { name: 'Skip for now' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Get Started' }).click();

  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await dialog.getByTestId('mfa-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await screenshotFor(page, 'mfa-qr');
  await dialog.getByRole('button', { name: 'Next' }).click();

  const finish = dialog.getByRole('button', { name: 'Finish' });
  const code = dialog.getByRole('textbox', { name: 'Code' });
  await code.fill('12345');
  await expect(finish).toBeDisabled();
  await code.fill(await generate({ secret: key }));
  await expect(finish).toBeEnabled();
  await finish.click();
  await expect(dialog.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Multi-factor authentication is set up since')).toBeVisible();

  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByRole('textbox', { name: 'Email' }).fill(USERS.captain.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const mfaCode = page.getByRole('textbox', { name: 'Multi-Factor Auth Code' });
  await expect(mfaCode).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);

  await mfaCode.fill('000000');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('The Multi-Factor Auth Code is invalid or has already been used.')).toBeVisible();

  await mfaCode.fill(await nextStepCode(key));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toContainText(USERS.captain.name);
  await expect(page.getByTestId('user-menu')).toContainText(TENANTS.riverside);
});
