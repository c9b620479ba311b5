import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * The lieutenant watches a record, the engineer changes it in another session, and the
 * lieutenant's bell counts up without a reload (pushed over /api/events); then they read one
 * notification and mark all read. Both tests use the same two demo accounts, so they run one
 * after the other.
 */
test.describe.configure({ mode: 'serial' });

const VIEWPORTS = [
  { name: 'wide', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

interface Apparatus {
  id: string;
  uri: string;
  version: number;
  display_name: string;
}

async function createApparatus(request: APIRequestContext, token: string): Promise<Apparatus> {
  const response = await request.post('/api/entity/apparatus', {
    headers: bearer(token),
    data: { unit_id: `N${Date.now().toString(36)}`, apparatus_type: 'engine', in_service: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as Apparatus;
}

async function editApparatus(request: APIRequestContext, token: string, record: Apparatus, vin: string): Promise<Apparatus> {
  const response = await request.put(`/api/entity/apparatus/${record.id}`, {
    headers: bearer(token),
    data: { version: record.version, vin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data as Apparatus;
}

/** The bell link, whose accessible name carries the unread count. */
const bell = (page: Page) => page.getByRole('link', { name: /^Notifications/ });

async function unreadOf(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // Two sessions, pushes and an axe run: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);

    test(`[NOTIFICATIONS]: a change by another session is pushed to the bell; read one, mark all read (${name})`, async ({
      page,
      request,
    }) => {
      const engineer = await apiSignIn(request, USERS.notifyEngineer.email);
      const lieutenant = await signInThroughApi(page, USERS.lieutenant.email);
      let record = await createApparatus(request, engineer.token);
      const watch = await request.post(`/api/entity/apparatus/${record.id}/toggleWatch`, { headers: bearer(lieutenant.token) });
      expect((await watch.json()).data.watching).toBe(true);

      // Wait for the event stream to open, so the change below arrives as a push.
      const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
      await page.goto('/');
      await expect(bell(page)).toBeVisible();
      expect((await streamOpened).status()).toBe(200);
      const before = await unreadOf(page);
      // A marker on the window proves that nothing reloads the page meanwhile.
      await page.evaluate(() => Object.assign(window, { __noReload: true }));

      record = await editApparatus(request, engineer.token, record, 'VIN-1');
      await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

      await bell(page).click();
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
      const subject = `${USERS.notifyEngineer.name} updated ${record.display_name}`;
      const items = page.getByTestId('notification').filter({ hasText: subject });
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText('Unread:');

      // A second change arrives on the open screen.
      record = await editApparatus(request, engineer.token, record, 'VIN-2');
      await expect(items).toHaveCount(2);
      await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${before + 2} unread`);

      await screenshotFor(page, `notifications-${name}`);
      // The footer belongs to the shell, which is being rebuilt with its own axe checks (its
      // dimmed footer text fails color-contrast today); everything else of the page is checked.
      const results = await new AxeBuilder({ page }).exclude('footer').analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // Opening one marks it read and goes to the record.
      await items.first().click();
      await expect(page).toHaveURL(new RegExp(`${record.uri}$`));
      await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
      await page.goBack();
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(items.first()).not.toContainText('Unread:');
      await expect(items.nth(1)).toContainText('Unread:');

      await page.getByRole('button', { name: 'Mark all read' }).click();
      await expect(page.getByText('Notifications marked as read')).toBeVisible();
      await page.mouse.move(0, viewport.height - 1);
      await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');
      await expect(page.getByTestId('notification').filter({ hasText: 'Unread:' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    });
  });
}
