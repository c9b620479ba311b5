import { expect, test } from '@playwright/test';
import { resetLinkIn, waitForMail } from '../support/mail.ts';
import { TENANTS, USERS } from '../support/users.ts';

test('[PASSWORD]: a reset link sent by real mail sets a new password that signs in', async ({ page }) => {
  const email = USERS.riversideChief.email;
  const newPassword = 'Hose-and-ladder-42';
  const requestedAt = Date.now();

  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText("If this address exists in our system, you'll receive an email with further instructions.")).toBeVisible();

  const link = resetLinkIn(await waitForMail(email, requestedAt));
  expect(link.searchParams.get('email')).toBe(email);
  expect(link.searchParams.get('token')).toBeTruthy();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Password should be at least 8 characters, with letters and at least one number.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Password updated successfully! Please sign in to continue.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toContainText(USERS.riversideChief.name);
  await expect(page.getByTestId('user-menu')).toContainText(TENANTS.riverside);

  // The link is used up.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Another-pass-43');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Another-pass-43');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');
});
