import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { smallTapTargets } from '../support/tap-targets.ts';
import { USERS } from '../support/users.ts';

/**
 * axe-core on every screen at both sizes: no serious and no critical violation (issue 20).
 * Read only. To cover a new screen, add one line to SCREENS: its path (a function when it needs
 * a record), who opens it, and what shows that it has loaded.
 */

// Each test signs in, loads a screen and runs axe over it: slow on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

type Who = keyof typeof USERS | null;

interface Screen {
  name: string;
  /** The path to open; a function receives the signed-in session's token. */
  path: string | ((page: Page, token: string) => Promise<string>);
  /** The user signed in; null for screens seen signed out. */
  who: Who;
  /** Resolves when the screen's content is there. */
  ready: (page: Page) => Promise<void>;
  /** Opens something on the screen first (a menu, a dialog), to check it too. */
  open?: (page: Page) => Promise<void>;
}

/** Screens that load a record or a list take a while on a loaded machine. */
const LOAD = { timeout: 30_000 };

const h1 = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible(LOAD);
};

/** The first hydrant the user can read, opened on its record screen. */
async function firstHydrant(page: Page, token: string): Promise<string> {
  const answer = await page.request.get('/api/entity/hydrant?per_page=1', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  const [record] = (await answer.json()).data as { id: string }[];
  if (!record) throw new Error('the demo has no hydrant');
  return `/entity/hydrant/${record.id}`;
}

/** A system report over the hydrants, grouped by status, saved through the API: its viewer's path. */
async function hydrantReport(page: Page, token: string): Promise<string> {
  const answer = await page.request.post('/api/system-reports', {
    headers: bearer(token),
    data: {
      display_name: 'Hydrants by status',
      report_entity_type: 'hydrant',
      report_fields: ['hydrant_number', 'flow_rate', 'last_tested'],
      filter_body: { 'filter[display_name]': 'H-00', sort: 'a_to_z' },
      group_by_params: ['status'],
    },
  });
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  return `/settings/report/${id}`;
}

export const SCREENS: Screen[] = [
  { name: 'sign-in', path: '/signin', who: null, ready: h1(/sign in/i) },
  { name: 'forgot password', path: '/forgot-password', who: null, ready: h1(/password/i) },
  { name: 'home', path: '/', who: 'firefighter', ready: h1('Home') },
  {
    name: 'home, active alerts dialog',
    path: '/',
    who: 'firefighter',
    ready: h1('Home'),
    open: async (page) => {
      await page.getByRole('button', { name: /active alert/ }).click();
      await expect(page.getByRole('dialog', { name: 'Active Alerts' })).toBeVisible();
    },
  },
  {
    name: 'home, user menu',
    path: '/',
    who: 'firefighter',
    ready: h1('Home'),
    open: async (page) => {
      await page.getByRole('button', { name: /User menu/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  { name: 'entity list', path: '/entity-list/?type=hydrant', who: 'firefighter', ready: h1('Hydrant') },
  {
    name: 'shift schedule timeline',
    path: '/entity-list/?type=department_shifts',
    who: 'records',
    ready: async (page) => {
      await expect(page.getByRole('group', { name: 'No assignee' })).toBeVisible(LOAD);
    },
  },
  {
    name: 'record',
    path: firstHydrant,
    who: 'firefighter',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOAD);
      await expect(page.getByRole('button', { name: /save/i }).first()).toBeVisible();
    },
  },
  { name: 'new record', path: '/entity/add?type=hydrant', who: 'firefighter', ready: h1(/Hydrant/) },
  {
    name: 'entity list, list view',
    path: '/entity-list/?type=hydrant',
    who: 'firefighter',
    ready: h1('Hydrant'),
    open: async (page) => {
      await page.getByText('List', { exact: true }).click();
      await expect(page.getByTestId('entity-list-item').first()).toBeVisible(LOAD);
    },
  },
  {
    // Wide screens: the table with its sortable headers, sorted by a column.
    name: 'entity list, table view sorted by a column',
    path: '/entity-list/?type=hydrant',
    who: 'firefighter',
    ready: h1('Hydrant'),
    open: async (page) => {
      const table = page.getByText('Table', { exact: true });
      if (!(await table.isVisible())) return;
      await table.click();
      await page.getByRole('columnheader', { name: 'Flow rate (GPM)' }).getByRole('button').click();
      await expect(page.getByRole('columnheader', { name: 'Flow rate (GPM)' })).toHaveAttribute('aria-sort', 'ascending');
    },
  },
  {
    // Phones: the one-line step indicator's page menu and the bottom action bar.
    name: 'new record, page menu',
    path: '/entity/add?type=incident_report',
    who: 'firefighter',
    ready: h1(/Incident/),
    open: async (page) => {
      const step = page.getByRole('button', { name: /^Page 1 of \d+/ });
      if (!(await step.isVisible())) return;
      await step.click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  { name: 'tasks', path: '/tasks', who: 'firefighter', ready: h1('My Tasks') },
  { name: 'notifications', path: '/notifications', who: 'firefighter', ready: h1('Notifications') },
  { name: 'settings', path: '/settings', who: 'firefighter', ready: h1('Settings') },
  { name: 'admin tools', path: '/settings/admin-tools/index', who: 'admin', ready: h1('Admin Tools') },
  { name: 'entity types', path: '/settings/admin-tools/manage-entity-types/index', who: 'admin', ready: h1(/Entity Types/) },
  { name: 'manage logins', path: '/settings/manage-logins', who: 'admin', ready: h1(/Logins/) },
  { name: 'dashboard', path: '/dashboard', who: 'firefighter', ready: h1("Chief's Dashboard") },
  { name: 'widgets settings', path: '/settings/widgets', who: 'records', ready: h1('Widgets') },
  { name: 'system reports', path: '/settings/reports/index', who: 'firefighter', ready: h1('Reports') },
  { name: 'system report', path: hydrantReport, who: 'firefighter', ready: h1(/^Report: /) },
  {
    name: 'entity list, Save as Report',
    path: '/entity-list/?type=hydrant',
    who: 'firefighter',
    ready: h1('Hydrant'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await page.getByRole('dialog', { name: 'Apply Filters' }).getByRole('button', { name: 'Save as Report' }).click();
      await expect(page.getByRole('textbox', { name: 'Report Name' })).toBeVisible();
    },
  },
  { name: 'calendar', path: '/calendar', who: 'firefighter', ready: h1('Calendar') },
  { name: 'messages', path: '/conversations', who: 'firefighter', ready: h1('Messages') },
  { name: 'documents', path: '/documents', who: 'firefighter', ready: h1('Documents') },
  { name: 'create task', path: '/tasks/add', who: 'firefighter', ready: h1('Create Task') },
  { name: 'tenants', path: '/admin/tenant', who: 'admin', ready: h1('Tenants') },
  { name: 'collections', path: '/settings/collections', who: 'admin', ready: h1('Collections') },
  { name: 'manage permissions', path: '/settings/manage-permissions', who: 'admin', ready: h1('Manage Permissions') },
  { name: 'not found', path: '/no-such-screen', who: 'firefighter', ready: h1(/not found|404/i) },
];

const SIZES = [
  { label: 'desktop', viewport: { width: 1440, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const size of SIZES) {
  test.describe(`axe at ${size.label} (${size.viewport.width}×${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport });
    for (const screen of SCREENS) {
      test(`[A11Y]: ${screen.name} has no serious or critical violation`, async ({ page }) => {
        let token = '';
        if (screen.who) token = (await signInThroughApi(page, USERS[screen.who].email)).token;
        await page.goto(typeof screen.path === 'string' ? screen.path : await screen.path(page, token));
        await screen.ready(page);
        if (screen.open) await screen.open(page);
        await screenshotFor(page, `${size.label}-${screen.name}`);
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          bad.map(
            (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`,
          ),
        ).toEqual([]);
        // Field use with gloves: every control a finger can reach is at least 44×44 px on a phone.
        if (size.label === 'phone') expect(await smallTapTargets(page)).toEqual([]);
      });
    }
  });
}

test.describe('keyboard', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('[A11Y]: the first Tab reaches a skip link that moves to the screen', async ({ page }) => {
    await signInThroughApi(page, USERS.firefighter.email);
    await page.goto('/');
    await h1('Home')(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test("[A11Y]: opening a record moves focus to the record's title", async ({ page }) => {
    const { token } = await signInThroughApi(page, USERS.firefighter.email);
    await page.goto(await firstHydrant(page, token));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused(LOAD);
  });
});
