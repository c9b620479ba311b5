import { expect, test } from '@playwright/test';
import { BAR } from '../support/colors.ts';

test('[SIGN-IN]: the sign-in page shows Email, Password, Sign In and Forgot Password, with no errors in the console', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const health = page.waitForRequest((request) => request.url().endsWith('/api/health'));

  await page.goto('/signin');

  await expect(page).toHaveTitle('Turnout');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turnout logo' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
  await expect(page.getByText('Powered by Turnout Management Solutions')).toBeVisible();

  const headers = (await health).headers();
  expect(headers.accept).toBe('application/json');
  expect(headers['frontend-version']).toMatch(/^env=\w+; build=[\w-]+; platform=web; timestamp=\S+$/);
  expect(problems).toEqual([]);
});

test('[SIGN-IN]: signing in with empty fields shows what is missing under each field', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('The email field is required.')).toBeVisible();
  await expect(page.getByText('The password field is required.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('The email must be a valid email address.')).toBeVisible();
});

test('[SIGN-IN]: the header has the development colour with "env: dev", and five logo taps switch the environment', async ({ page }) => {
  await page.goto('/signin');
  const bar = page.getByTestId('top-bar');
  const logo = page.getByRole('button', { name: 'Turnout logo' });
  await expect(bar).toHaveCSS('background-color', BAR.development);
  await expect(page.getByText('env: dev')).toBeVisible();

  for (let tap = 0; tap < 4; tap += 1) await logo.click();
  await expect(page.getByText('env: dev')).toBeVisible();
  await logo.click();
  await expect(page.getByText('env: stage')).toBeVisible();
  await expect(bar).toHaveCSS('background-color', BAR.staging);

  // The choice is kept on this device.
  await page.reload();
  await expect(page.getByText('env: stage')).toBeVisible();

  for (let tap = 0; tap < 5; tap += 1) await logo.click();
  await expect(bar).toHaveCSS('background-color', BAR.production);
  await expect(page.getByTestId('environment-label')).toHaveCount(0);

  for (let tap = 0; tap < 5; tap += 1) await logo.click();
  await expect(page.getByText('env: dev')).toBeVisible();
  await expect(bar).toHaveCSS('background-color', BAR.development);
});

test('[SIGN-IN]: forgot password shows "Reset Password" and the same confirmation whatever the outcome', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.org');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText("If this address exists in our system, you'll receive an email with further instructions.")).toBeVisible();
});

test('[SIGN-IN]: the reset link opens "Set Password" for a new account and checks the confirmation', async ({ page }) => {
  await page.goto('/reset-password?email=new%40example.org&token=abc&new_account=1');
  await expect(page.getByRole('heading', { name: 'Set Password' })).toBeVisible();
  await expect(page.getByText('Password should be at least 8 characters, with letters and at least one number.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('different');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText('Password and Confirm Password must match.')).toBeVisible();

  await page.goto('/reset-password?email=someone%40example.org&token=abc');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
});
