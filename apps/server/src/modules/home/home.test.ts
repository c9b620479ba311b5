import { GLOBAL_ADMIN_ROLE, type HomeNavigation, type SystemAlert, TENANT_ADMIN_ROLE } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser, createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, signIn } from '../../test/identity.ts';

type Session = Awaited<ReturnType<typeof createTenantUser>>;

describe(`[HOME] navigation and alerts on ${TEST_DB}`, () => {
  let test: TestApp;
  let admin: Session;
  let firefighter: Session;
  let officer: Session;
  let other: Session;
  const ids = {} as Record<'home' | 'training' | 'operations' | 'water' | 'button', string>;

  const inject = (session: Session | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: session ? session.headers : {}, ...(payload ? { payload } : {}) });

  /** A second session in the admin's tenant, acting in another role. */
  async function sameTenant(role: string): Promise<Session> {
    const s = await createTenantUser(test, { role });
    const db = test.database.db.kysely;
    await db.updateTable('user_session').set({ tenant_id: admin.tenant.id }).where('user_id', '=', s.user.id).execute();
    // A member of the admin's department (assignees must be members, issue 19).
    await db.insertInto('role_assignment').values({ user_id: s.user.id, role_key: role, tenant_id: admin.tenant.id }).execute();
    return { ...s, tenant: admin.tenant };
  }

  async function add(session: Session, type: string, body: object): Promise<string> {
    const res = await inject(session, 'POST', `/api/entity/${type}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }

  const home = async (session: Session) => {
    const res = await inject(session, 'GET', '/api/home');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as HomeNavigation;
  };

  beforeAll(async () => {
    test = await createTestApp();
    admin = await createTenantUser(test, { role: TENANT_ADMIN_ROLE });
    firefighter = await sameTenant('Tenant User');
    officer = await sameTenant('Department Officer');
    other = await createTenantUser(test, { role: TENANT_ADMIN_ROLE });

    ids.home = await add(admin, 'tree_category', { category_name: 'Home', sort_order: 0 });
    ids.training = await add(admin, 'tree_category', { category_name: 'Training', parent_category: ids.home, sort_order: 20 });
    ids.operations = await add(admin, 'tree_category', {
      category_name: 'Operations',
      category_label: 'Ops',
      icon: 'flame',
      parent_category: ids.home,
      sort_order: 10,
    });
    ids.water = await add(admin, 'tree_category', { category_name: 'Water Supply', parent_category: ids.operations });
    ids.button = await add(admin, 'screen_button', { name: 'My Tasks', navigate_to: '/tasks', position: 'home_screen', icon: 'list' });
    await add(admin, 'screen_button', { name: 'Hydrants', navigate_to: '/entity-list/?type=hydrant', position: 'navigation_bar' });
    await add(admin, 'screen_button', { name: 'SOPs', navigate_to: 'https://example.org/sop', position: 'navigation_bar_docs' });
    await add(admin, 'screen_button', {
      name: 'Report',
      navigate_to: '/entity/add?type=incident',
      position: 'home_screen',
      tree_category_screen: ids.operations,
    });
    for (const [label, category] of [
      ['Incident', ids.operations],
      ['Hydrant', 'water supply'],
      ['Secret Report', ids.operations],
    ] as const) {
      const res = await inject(admin, 'POST', '/api/entity-type', {
        label,
        object_data: { icon: 'flame', module_category: category, module_category_header: 'Incidents' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The Firefighter role may not see the secret report.
    const denied = await inject(admin, 'POST', '/api/permissions-v2', {
      tenant: admin.tenant.id,
      role: 'Tenant User',
      permissions: { secret_report: { view: false } },
    });
    expect(denied.statusCode, denied.body).toBe(200);

    const hour = 3_600_000;
    await add(admin, 'system_alert', {
      title: 'Hose testing',
      alert: 'Saturday',
      link_uri: '/calendar',
      ends_at: { value: new Date(Date.now() + hour).toISOString() },
    });
    await add(admin, 'system_alert', { title: 'Ended', ends_at: { value: new Date(Date.now() - hour).toISOString() } });
    await add(admin, 'system_alert', {
      title: 'For the officer only',
      assignee: officer.user.id,
      ends_at: { value: new Date(Date.now() + 2 * hour).toISOString() },
    });
    await add(other, 'tree_category', { category_name: 'Home' });
    await add(other, 'system_alert', { title: 'Elsewhere', ends_at: { value: new Date(Date.now() + hour).toISOString() } });
  });
  afterAll(() => test.close());

  it('the core types are global and every tenant sees them', async () => {
    for (const session of [admin, other]) {
      const res = await inject(session, 'GET', '/api/entity-type/lite');
      const names = (res.json().data as { name: string; tenant_id: string | null; is_core: boolean }[]).filter((t) =>
        ['tree_category', 'screen_button', 'system_alert'].includes(t.name),
      );
      expect(names).toHaveLength(3);
      for (const t of names) expect(t).toMatchObject({ tenant_id: null, is_core: true });
    }
  });

  it('GET /home answers the tree under Home, in sort order, with linked buttons and placed types', async () => {
    const nav = await home(firefighter);
    expect(nav.home).toBe(ids.home);
    const byId = new Map(nav.categories.map((c) => [c.id, c]));
    expect(byId.get(ids.home)?.children).toEqual([ids.operations, ids.training]);
    const operations = byId.get(ids.operations)!;
    expect(operations).toMatchObject({ display_name: 'Ops', category_name: 'Operations', icon: 'flame', parent_id: ids.home });
    expect(operations.children).toEqual([ids.water]);
    expect(operations.screen_buttons.map((b) => b.name)).toEqual(['Report']);
    expect(operations.entity_types).toEqual([
      {
        id: expect.any(String),
        name: 'incident',
        label: 'Incident',
        icon: 'flame',
        uri: '/entity-list/?type=incident',
        header: 'Incidents',
      },
    ]);
    // A category named (not by id) is found by its name.
    expect(byId.get(ids.water)?.entity_types.map((t) => t.name)).toEqual(['hydrant']);
    expect(nav.screen_buttons.home_screen.map((b) => b.name)).toEqual(['My Tasks']);
    expect(nav.screen_buttons.navigation_bar.map((b) => b.navigate_to)).toEqual(['/entity-list/?type=hydrant']);
    expect(nav.screen_buttons.navigation_bar_docs.map((b) => b.name)).toEqual(['SOPs']);
  });

  it('shows the types a role may view only', async () => {
    const forAdmin = await home(admin);
    expect(forAdmin.categories.find((c) => c.id === ids.operations)?.entity_types.map((t) => t.name)).toEqual([
      'incident',
      'secret_report',
    ]);
    const forFirefighter = await home(firefighter);
    expect(forFirefighter.categories.find((c) => c.id === ids.operations)?.entity_types.map((t) => t.name)).toEqual(['incident']);
  });

  it('a role without view on tree categories or screen buttons gets none of them', async () => {
    const res = await inject(admin, 'POST', '/api/permissions-v2', {
      tenant: admin.tenant.id,
      role: 'Department Officer',
      permissions: { tree_category: { view: false }, screen_button: { view: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const nav = await home(officer);
    expect(nav).toMatchObject({ home: null, categories: [] });
    expect(Object.values(nav.screen_buttons).flat()).toEqual([]);
  });

  it('another tenant sees its own tree only', async () => {
    const nav = await home(other);
    expect(nav.categories).toHaveLength(1);
    expect(nav.home).not.toBe(ids.home);
    expect(Object.values(nav.screen_buttons).flat()).toEqual([]);
  });

  it('GET /home/alerts counts only alerts ending later than now, for everyone or for the caller', async () => {
    const res = await inject(firefighter, 'GET', '/api/home/alerts');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: SystemAlert[]; meta: { total: number } };
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({ title: 'Hose testing', alert: 'Saturday', uri: '/calendar' });
    expect(Date.parse(body.data[0]!.ends_at.valueUtc)).toBeGreaterThan(Date.now());
    expect(body.data[0]!.ends_at.display_value).not.toBe('');

    const forOfficer = (await inject(officer, 'GET', '/api/home/alerts')).json() as { data: SystemAlert[] };
    expect(forOfficer.data.map((a) => a.title)).toEqual(['Hose testing', 'For the officer only']);

    const elsewhere = (await inject(other, 'GET', '/api/home/alerts')).json() as { data: SystemAlert[] };
    expect(elsewhere.data.map((a) => a.title)).toEqual(['Elsewhere']);
  });

  it('GET /home/alerts refuses a role without view on system alerts (403)', async () => {
    const viewer = await sameTenant('Office Manager');
    const res = await inject(admin, 'POST', '/api/permissions-v2', {
      tenant: admin.tenant.id,
      role: 'Office Manager',
      permissions: { system_alert: { view: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject(viewer, 'GET', '/api/home/alerts')).statusCode).toBe(403);
  });

  it('a global admin acting in the tenant sees its tree and alerts', async () => {
    const user = await makeGlobalAdmin(test);
    const headers = await signIn(test, user.email);
    const selected = await test.app.inject({
      method: 'POST',
      url: '/api/user/select-tenant',
      headers,
      payload: { tenant: admin.tenant.id, role: GLOBAL_ADMIN_ROLE },
    });
    expect(selected.statusCode, selected.body).toBe(200);
    const res = await test.app.inject({ method: 'GET', url: '/api/home', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as HomeNavigation).home).toBe(ids.home);
    const alerts = await test.app.inject({ method: 'GET', url: '/api/home/alerts', headers });
    expect(alerts.statusCode, alerts.body).toBe(200);
  });

  it('without a session both answer 401; at global level home is empty and alerts need a tenant', async () => {
    expect((await inject(null, 'GET', '/api/home')).statusCode).toBe(401);
    expect((await inject(null, 'GET', '/api/home/alerts')).statusCode).toBe(401);
    const global = await createTenantUser(test, { isGlobal: true });
    await test.database.db.kysely.updateTable('user_session').set({ tenant_id: null }).where('user_id', '=', global.user.id).execute();
    const nav = await home(global);
    expect(nav).toMatchObject({ home: null, categories: [] });
    const alerts = await inject(global, 'GET', '/api/home/alerts');
    expect(alerts.statusCode).toBe(403);
    expect(alerts.json().message).toBe('Tenant must be selected first');
  });
});
