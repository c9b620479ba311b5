import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { freePort, startServer } from '../support/server.ts';
import { apiSignIn, bearer, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

test("[DASHBOARD]: the chief's dashboard draws every widget kind from demo data and links to the widget's records", async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, USERS.records.email);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: "Chief's Dashboard", level: 1 })).toBeVisible();
  for (const name of [
    'Call Volume',
    'Response Time',
    'Hydrants Out of Service',
    'Calls by Type',
    'Best Hydrant Flow (GPM)',
    'Hydrants In Service',
    'Activity Feed',
    'Calls a Day by Type',
    'Medical of All Calls',
    'Latest Hydrant Flow (GPM)',
  ]) {
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  }
  // A line of the last 30 days, a response time in minutes and seconds, a progress bar, a gauge and a pie.
  await expect(page.locator('.recharts-line').first()).toBeVisible();
  await expect(page.getByText(/^\d+m \d{2}s$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Hydrants Out of Service: 8 of 60' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Hydrants In Service: \d+%$/ })).toBeVisible();
  await expect(page.locator('.recharts-pie').first()).toBeVisible();
  // Every chart has a text alternative: the line's figures are in a table.
  await expect(page.getByRole('table', { name: 'Call Volume, by day' })).toBeAttached();
  // The right panel: the planner's incident-type buckets.
  await expect(page.getByRole('heading', { name: /Planner$/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /^Fire Calls: \d+ of 120$/ })).toBeVisible();
  // Today's activity: the demo calls were saved today.
  await expect(page.getByRole('link', { name: /^RFD-D-/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Next dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Board Overview', level: 1 })).toBeVisible();
  await expect(page.getByText('There are no configured widgets.')).toBeVisible();
  await page.getByRole('button', { name: 'Previous dashboard' }).click();

  await page.getByRole('link', { name: 'Hydrants Out of Service' }).click();
  await expect(page).toHaveURL(/\/entity-list\?type=hydrant&from_widget=/);
  await expect(page.getByText(/^H-0\d\d$/).first()).toBeVisible();
});

test('[DASHBOARD]: a kiosk left open through a server restart recovers by itself', async ({ browser }) => {
  test.setTimeout(600_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'turnout-kiosk-'));
  const port = await freePort();
  let server = await startServer(port, { dataDir });
  try {
    const api = await request.newContext({ baseURL: server.baseURL });
    const { token } = await apiSignIn(api, USERS.records.email);
    const widgets = (await (await api.get('/api/widgets', { headers: bearer(token) })).json()).data as {
      id: string;
      render_type: string;
    }[];
    const feed = widgets.find((w) => w.render_type === 'activity_feed')!;
    const link = (await (await api.post(`/api/widgets/${feed.id}/kiosk`, { headers: bearer(token) })).json()) as { path: string };
    await api.dispose();

    // A wall screen: no session, only the link.
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    await page.goto(link.path);
    await expect(page.getByRole('heading', { name: TENANTS.riverside })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^RFD-D-/ }).first()).toBeVisible();

    await server.stop();
    await expect(page.getByText(/Cannot reach the server/)).toBeVisible({ timeout: 60_000 });
    server = await startServer(port, { dataDir });
    await expect(page.getByText(/Cannot reach the server/)).toBeHidden({ timeout: 60_000 });
    await expect(page.getByRole('cell', { name: /^RFD-D-/ }).first()).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('[DASHBOARD]: a tenant admin sees the widgets in settings, and a widget saved without a name is refused with the field message', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, USERS.records.email);
  await page.goto('/settings/widgets');
  await expect(page.getByRole('heading', { name: 'Widgets', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Call Volume', exact: true }).first()).toBeVisible();
  await expect(page.getByText("Chief's Dashboard").first()).toBeVisible();
  await page.getByRole('button', { name: 'Add Widget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Widget' });
  await dialog.getByRole('button', { name: 'Save Widget' }).click();
  await expect(dialog.getByText('The name field is required.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
