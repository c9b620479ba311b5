import { expect, test } from '@playwright/test';
import { signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

test('[SHELL]: visiting / without a token lands on /signin', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/signin$/);
});

test('[SHELL]: an unknown path shows "Page not found" with a link home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  // Home needs a token, so it goes on to sign-in.
  await expect(page).toHaveURL(/\/signin$/);
});

test('[SHELL]: GET /api/health answers 200 JSON through the browser', async ({ page }) => {
  await page.goto('/signin');
  const response = await page.request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = await response.json();
  expect(body).toMatchObject({ status: 'ok', environment: 'development', database: { ok: true } });
});

test('[SHELL]: the manifest and the favicon are served and linked from the page', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#9a0223');

  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = await manifest.json();
  expect(body).toMatchObject({ name: 'Turnout', start_url: '/', display: 'standalone' });
  expect(body.icons).toContainEqual(expect.objectContaining({ src: '/favicon.svg', sizes: 'any' }));
  for (const icon of body.icons as { src: string }[]) {
    expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  }

  const favicon = await page.request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');
});

test('[SHELL]: with a token the shell shows the top bar, the dashboard and the footer; Sign Out forgets the token', async ({ page }) => {
  await signInThroughApi(page, USERS.firefighter.email);
  await page.goto('/dashboard');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Chief's Dashboard" })).toBeVisible();
  await expect(page.getByText('Powered by Turnout Management Solutions')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('turnout.token'))).toBeNull();
});

test('[SHELL]: a token the server does not know is forgotten and the app returns to /signin', async ({ page }) => {
  await page.goto('/manifest.webmanifest');
  await page.evaluate(() => localStorage.setItem('turnout.token', 'not-a-real-token'));
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('turnout.token'))).toBeNull();
});
