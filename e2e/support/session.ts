import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './users.ts';

/** The localStorage key the web app keeps its token under (apps/web/src/api/auth-store.ts). */
export const TOKEN_STORAGE_KEY = 'turnout.token';

export interface ApiSession {
  token: string;
  user: { id: string; display_name: string; current_tenant: string | null; tenant_id: string | null };
}

/** POST /api/user/login; fails the test with the server's answer when sign-in is refused. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const response = await request.post('/api/user/login', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { access_token: string; user: ApiSession['user'] };
  return { token: body.access_token, user: body.user };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

/**
 * Signs in through the API and hands the token to the app, for tests whose subject is not the
 * sign-in screen. A same-origin page that does not start the app receives the token first.
 */
export async function signInThroughApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const session = await apiSignIn(page.request, email, password);
  await page.goto('/manifest.webmanifest');
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [TOKEN_STORAGE_KEY, session.token] as const);
  return session;
}

/** Opens the top bar's user menu and returns its dropdown. */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Saves a screenshot into TURNOUT_E2E_SCREENSHOTS when that folder is set (for reviewing screens). */
export async function screenshotFor(page: Page, name: string): Promise<void> {
  const folder = process.env.TURNOUT_E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, animations: 'disabled' });
}

/**
 * Points this session (and only it) at a tenant by display name, as a global admin
 * (POST /api/user/select-tenant with the 'MSFES User' role); returns the tenant's id.
 */
export async function actIn(request: APIRequestContext, token: string, tenantName: string): Promise<string> {
  const answer = await request.get('/api/tenant?page=1&per_page=240', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  const tenant = ((await answer.json()).data as { id: string; display_name: string }[]).find((t) => t.display_name === tenantName);
  expect(tenant, tenantName).toBeTruthy();
  const selected = await request.post('/api/user/select-tenant', {
    headers: bearer(token),
    data: { tenant: tenant?.id, role: 'MSFES User' },
  });
  expect(selected.status(), await selected.text()).toBe(200);
  return tenant!.id;
}
