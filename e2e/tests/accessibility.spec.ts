import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { onePagePdf } from '../support/files.ts';
import { apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { smallTapTargets } from '../support/tap-targets.ts';
import { TENANTS, USERS } from '../support/users.ts';

/**
 * axe-core on every screen of the router (apps/web/src/app/router.tsx and the features'
 * routes.tsx) at both sizes: no serious and no critical violation (issue 20). Screens that need a
 * record read a demo one, or the records account makes its own through the API (see
 * support/users.ts). To cover a new screen, add one line to SCREENS: its path (a function when it
 * needs a record), who opens it, and what shows that it has loaded.
 */

// Each test signs in, loads a screen twice and runs axe over it: slow on a loaded 2-core machine.
test.describe.configure({ timeout: 150_000 });

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

/** Ready when what `find` points at is visible. */
const shows = (find: (page: Page) => Locator) => async (page: Page) => {
  await expect(find(page)).toBeVisible(LOAD);
};
const h1 = (name: string | RegExp) => shows((page) => page.getByRole('heading', { name, level: 1 }));

/** A record screen: its title and its Save button. */
async function recordShown(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOAD);
  await expect(page.getByRole('button', { name: /save/i }).first()).toBeVisible();
}

/** The id of the first record of a type the signed-in user reads. */
async function firstRecordId(page: Page, token: string, typeName: string): Promise<string> {
  const answer = await page.request.get(`/api/entity/${typeName}?per_page=1`, { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  const [record] = (await answer.json()).data as { id: string }[];
  if (!record) throw new Error(`the demo has no ${typeName}`);
  return record.id;
}

/** The first hydrant the user can read, opened on its record screen. */
async function firstHydrant(page: Page, token: string): Promise<string> {
  return `/entity/hydrant/${await firstRecordId(page, token, 'hydrant')}`;
}

/** A category of the demo's home tree, by its display name. */
async function categoryId(page: Page, token: string, name: string): Promise<string> {
  const answer = await page.request.get('/api/home', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  const found = ((await answer.json()).data.categories as { id: string; display_name: string }[]).find((c) => c.display_name === name);
  if (!found) throw new Error(`the demo has no category ${name}`);
  return found.id;
}

/** The records account's session, for screens seen signed out whose link a signed-in admin makes. */
const recordsToken = async (page: Page) => (await apiSignIn(page.request, USERS.records.email)).token;

/** A type of the records account's own ('A11y Test {Date.now()}'), made through the API. */
async function ownType(
  page: Page,
  token: string,
  objectData: Record<string, unknown> = {},
): Promise<{ id: string; name: string; label: string }> {
  const label = `A11y Test ${Date.now()}`;
  const created = await page.request.post('/api/entity-type', {
    headers: bearer(token),
    data: {
      label,
      object_data: { formtitle: '{unit}', ...objectData },
      fields: [
        { field_data: { property: 'unit', title: 'Unit', type: 'single-text', page: 1, validation: { required: true } } },
        { field_data: { property: 'checked_on', title: 'Checked On', type: 'date-picker', page: 1 } },
        { field_data: { property: 'photo', title: 'Photo', type: 'single-file', page: 1, params: { fileType: 'image' } } },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...((await created.json()).data as { id: string; name: string }), label };
}

/** A public form's signed link (the records account marks its own type public). */
async function publicForm(page: Page): Promise<string> {
  const token = await recordsToken(page);
  const type = await ownType(page, token, { is_public_form: true });
  const link = await page.request.get(`/api/entity-type/${type.name}/public-url`, { headers: bearer(token) });
  expect(link.status(), await link.text()).toBe(200);
  return ((await link.json()) as { url: string }).url;
}

/** The demo activity feed's kiosk link (a new key: the wall screens of this test server have none). */
async function kiosk(page: Page): Promise<string> {
  const token = await recordsToken(page);
  const widgets = (await (await page.request.get('/api/widgets', { headers: bearer(token) })).json()).data as {
    id: string;
    render_type: string;
  }[];
  const feed = widgets.find((w) => w.render_type === 'activity_feed');
  if (!feed) throw new Error('the demo has no activity feed');
  const link = await page.request.post(`/api/widgets/${feed.id}/kiosk`, { headers: bearer(token) });
  expect(link.status(), await link.text()).toBe(200);
  return ((await link.json()) as { path: string }).path;
}

/** A station task of the signed-in user's, made through the API: its task screen. */
async function ownTask(page: Page, token: string): Promise<string> {
  const answer = await page.request.post('/api/entity/station_task', {
    headers: bearer(token),
    data: { task: `A11y task ${Date.now()}`, priority: 'normal' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return `/tasks/station_task/${(await answer.json()).data.id}`;
}

/** An import's test run (a CSV of two rows, one without its required Unit): its job screen. */
async function importJob(page: Page, token: string): Promise<string> {
  const type = await ownType(page, token);
  const csv = ['id,display_name,place,created_at,updated_at,unit,checked_on,photo', ',,,,,Engine 7,11/20/2026,', ',,,,,,11/21/2026,'];
  const answer = await page.request.post(`/api/entity/${type.name}/template/import`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'checks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n')) } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return `/jobs/${((await answer.json()) as { importId: string }).importId}`;
}

/** A conversation of the signed-in user's with the offline account, with one message. */
async function ownConversation(page: Page, token: string): Promise<string> {
  const people = await page.request.get('/api/conversations/members?search=Olive', { headers: bearer(token) });
  const olive = ((await people.json()).data as { id: string; name: string }[]).find((p) => p.name === USERS.offline.name);
  if (!olive) throw new Error('no Olive among the members');
  const created = await page.request.post('/api/conversations', {
    headers: bearer(token),
    data: { participants: [olive.id], name: `A11y ${Date.now()}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).data as { id: string };
  const sent = await page.request.post(`/api/conversations/${id}/messages`, {
    headers: bearer(token),
    data: { message: { body: 'Engine 7 is back in service.' } },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  return `/conversations/${id}`;
}

/** A one-page PDF filed in the signed-in user's My Documents. */
async function ownDocument(page: Page, token: string): Promise<{ id: string; url: string }> {
  const upload = await page.request.post('/api/files', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: `A11y ${Date.now()}.pdf`, mimeType: 'application/pdf', buffer: onePagePdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const filed = await page.request.post('/api/documents', {
    headers: bearer(token),
    data: { file_id: (await upload.json()).data.id, library: 'my' },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  return (await filed.json()).data as { id: string; url: string };
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
    ready: shows((page) => page.getByRole('group', { name: 'No assignee' })),
  },
  {
    name: 'record',
    path: firstHydrant,
    who: 'firefighter',
    ready: recordShown,
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
  {
    name: 'dashboard',
    path: '/dashboard',
    who: 'firefighter',
    // The widgets' content, not only the heading: today's calls in the feed, a chart and the planner.
    ready: async (page) => {
      await h1("Chief's Dashboard")(page);
      await expect(page.getByRole('link', { name: /^RFD-D-/ }).first()).toBeVisible(LOAD);
      await expect(page.locator('.recharts-line').first()).toBeVisible(LOAD);
      await expect(page.getByRole('progressbar', { name: /^Fire Calls: \d+ of 120$/ })).toBeVisible(LOAD);
    },
  },
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
  { name: 'reset password', path: '/reset-password?email=someone%40example.org&token=abc', who: null, ready: h1('Reset Password') },
  {
    name: 'set password (new account)',
    path: '/reset-password?email=new%40example.org&token=abc&new_account=1',
    who: null,
    ready: h1('Set Password'),
  },
  { name: 'storybook', path: '/storybook', who: null, ready: h1('Component showcase') },
  { name: 'public form', path: publicForm, who: null, ready: h1(/^A11y Test /) },
  {
    name: 'activity feed kiosk',
    path: kiosk,
    who: null,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: TENANTS.riverside, level: 1 })).toBeVisible(LOAD);
      await expect(page.getByRole('cell', { name: /^RFD-D-/ }).first()).toBeVisible(LOAD);
    },
  },
  {
    name: 'category',
    path: async (page, token) => `/category/${await categoryId(page, token, 'Apparatus')}`,
    who: 'firefighter',
    ready: async (page) => {
      await h1('Apparatus')(page);
      await expect(page.getByRole('link', { name: 'Water Supply' }).first()).toBeVisible(LOAD);
    },
  },
  {
    name: 'category tree',
    path: async (page, token) => `/categorytree?parent=Water%20Supply&id=${await categoryId(page, token, 'Water Supply')}`,
    who: 'firefighter',
    ready: async (page) => {
      await h1('Water Supply')(page);
      await expect(page.getByRole('main').getByRole('link', { name: 'Apparatus' })).toBeVisible(LOAD);
    },
  },
  {
    name: 'edit record',
    path: async (page, token) => `/entity/edit/${await firstRecordId(page, token, 'hydrant')}?type=hydrant`,
    who: 'firefighter',
    ready: recordShown,
  },
  {
    name: 'entity list with a record open',
    path: async (page, token) => `/entity-list-detail?type=hydrant&split.id=${await firstRecordId(page, token, 'hydrant')}`,
    who: 'firefighter',
    // The record beside the list (over it on a phone), in view mode.
    ready: shows((page) => page.getByRole('button', { name: 'Enable Editing' })),
  },
  { name: 'add task', path: '/tasks/edit?type=station_task', who: 'records', ready: h1(/Station Task/) },
  { name: 'task', path: ownTask, who: 'records', ready: h1(/^A11y task /) },
  {
    name: 'import job',
    path: importJob,
    who: 'records',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Import Job: test run' })).toBeVisible(LOAD);
      await expect(page.getByTestId('finished')).toHaveText('Yes', LOAD);
    },
  },
  {
    name: 'start conversation',
    path: '/conversations/create',
    who: 'records',
    ready: shows((page) => page.getByRole('heading', { name: 'Start Conversation' })),
  },
  {
    name: 'conversation',
    path: ownConversation,
    who: 'records',
    ready: shows((page) => page.getByTestId('message').getByText('Engine 7 is back in service.')),
  },
  {
    name: 'document',
    path: async (page, token) => `/documents/${(await ownDocument(page, token)).id}`,
    who: 'records',
    ready: async (page) => {
      await h1(/^A11y \d+\.pdf$/)(page);
      await expect(page.getByRole('link', { name: 'Open in PDF viewer' })).toBeVisible();
    },
  },
  {
    name: 'PDF viewer',
    path: async (page, token) => `/pdfjs/web/viewer.html?file=${encodeURIComponent((await ownDocument(page, token)).url)}`,
    who: 'records',
    ready: h1(/\(1 page\)$/),
  },
  {
    name: 'my department',
    path: '/admin/tenant/view',
    who: 'records',
    ready: async (page) => {
      await h1('My Department')(page);
      await expect(page.getByRole('textbox', { name: 'Display Name' })).toHaveValue(TENANTS.riverside, LOAD);
    },
  },
  {
    name: 'admin entity list',
    path: '/admin/entity/?type=hydrant&from=%2Fsettings%2Fadmin-tools%2Fmodules',
    who: 'records',
    ready: h1('Hydrant'),
  },
  { name: 'permissions editor', path: '/settings/admin-tools/permissions', who: 'admin', ready: h1('Permissions Editor') },
  { name: 'admin modules', path: '/settings/admin-tools/modules', who: 'admin', ready: h1('Admin Modules') },
  {
    name: 'entity type editor',
    path: async (page, token) => {
      const answer = await page.request.get('/api/entity-type', { headers: bearer(token) });
      expect(answer.status()).toBe(200);
      const hydrant = ((await answer.json()).data as { id: string; name: string }[]).find((t) => t.name === 'hydrant');
      if (!hydrant) throw new Error('the demo has no hydrant type');
      return `/settings/admin-tools/manage-entity-types/${hydrant.id}`;
    },
    who: 'records',
    ready: h1('Edit Hydrant'),
  },
  { name: 'new entity type', path: '/settings/admin-tools/manage-entity-types/add', who: 'records', ready: h1(/Entity Type/) },
];

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Runs axe over the screen as it is now: one line per serious or critical violation. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`);
}

// One test per screen (a sign-in and a record each, not two): desktop first, then the same
// screen again in a phone-sized window. Soft checks, so one run reports both sizes.
test.use({ viewport: DESKTOP });
for (const screen of SCREENS) {
  test(`[A11Y]: ${screen.name} has no serious or critical violation at desktop and phone`, async ({ page }) => {
    let token = '';
    if (screen.who) token = (await signInThroughApi(page, USERS[screen.who].email)).token;
    const path = typeof screen.path === 'string' ? screen.path : await screen.path(page, token);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await test.step(`${screen.name} at ${size} (${viewport.width}×${viewport.height})`, async () => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await screen.ready(page);
        if (screen.open) await screen.open(page);
        await screenshotFor(page, `${size}-${screen.name}`);
        expect.soft(await seriousViolations(page), `axe on ${screen.name} at ${size}`).toEqual([]);
        // Field use with gloves: every control a finger can reach is at least 44×44 px on a phone.
        if (size === 'phone') expect.soft(await smallTapTargets(page), `tap targets on ${screen.name} at phone`).toEqual([]);
      });
    }
  });
}

test.describe('keyboard', () => {
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
