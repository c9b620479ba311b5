import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';

describe(`[PERMISSIONS] permission documents on ${TEST_DB}`, () => {
  let test: TestApp;
  let a: { id: string };
  let b: { id: string };
  let adminA: Record<string, string>;
  let adminB: Record<string, string>;
  let global: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    a = await makeTenant(test, 'Alpha');
    b = await makeTenant(test, 'Bravo');
    adminA = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    adminB = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    global = await signIn(test, (await makeGlobalAdmin(test)).email);
  });
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string>) => test.app.inject({ method: 'GET', url, headers });
  const save = (headers: Record<string, string>, payload: unknown) =>
    test.app.inject({ method: 'POST', url: '/api/permissions-v2', headers, payload: payload as object });
  const firefighter = async (tenantId: string) => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId }]);
    return { ...user, headers: await signIn(test, user.email) };
  };

  it('refuses strangers on every permission route', async () => {
    for (const [method, url] of [
      ['GET', '/api/permissions-v2'],
      ['GET', '/api/permissions-v2/edit'],
      ['GET', '/api/permissions-v2/system-permissions'],
      ['POST', '/api/permissions-v2'],
      ['GET', '/api/permissions'],
      ['GET', '/api/permissions/notice'],
      ['POST', '/api/permissions'],
    ] as const) {
      expect((await test.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });

  it('resolves the caller’s own document, also as effective_permissions on GET /user', async () => {
    const ff = await firefighter(a.id);
    const own = (await get('/api/permissions-v2', ff.headers)).json().data;
    expect(own.notice).toEqual({ create: true, update: false, delete: false, view: true, reassign: false });
    expect(own.modify_entity_types).toEqual({ create: false, update: false, delete: false, view: false, reassign: false });
    expect((await get('/api/user', ff.headers)).json().data.effective_permissions).toEqual(own);
    const chief = (await get('/api/permissions-v2', adminA)).json().data;
    expect(chief.modify_entity_types.update).toBe(true);
    expect(chief.show_deleted.view).toBe(false); // vendor-only
    expect((await get('/api/permissions-v2', global)).json().data.show_deleted.view).toBe(true);
  });

  it('lets a tenant admin deny create on a type for a role: the role loses it at once, on the server', async () => {
    const ff = await firefighter(a.id);
    const res = await save(adminA, { tenant: a.id, role: 'Tenant User', permissions: { notice: { create: false } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Permissions saved' });
    expect((await get('/api/user', ff.headers)).json().data.effective_permissions.notice.create).toBe(false);
    const crafted = await test.app.inject({ method: 'POST', url: '/api/notices', headers: ff.headers, payload: { title: 'Sneaky' } });
    expect(crafted.statusCode).toBe(403);
    expect((await get('/api/notices', ff.headers)).json().meta.total).toBe(0);
    // Another tenant's firefighters are untouched.
    const other = await firefighter(b.id);
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/notices', headers: other.headers, payload: { title: 'Fine' } })).statusCode,
    ).toBe(201);
    const action = await test.database.db.kysely
      .selectFrom('sensitive_action')
      .select('content')
      .where('name', '=', 'Permissions changed')
      .where('tenant_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(action.content).toContain('notice create: inherit → deny');
    await save(adminA, { tenant: a.id, role: 'Tenant User', permissions: { notice: { create: null } } });
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/notices', headers: ff.headers, payload: { title: 'Back' } })).statusCode,
    ).toBe(201);
  });

  it('shows what a level sets and what it inherits', async () => {
    await save(adminA, { tenant: a.id, permissions: { notice: { view: true, delete: true } } });
    await save(adminA, { tenant: a.id, role: 'Lieutenant', permissions: { notice: { delete: false } } });
    const view = (await get(`/api/permissions-v2/edit?tenant=${a.id}&role=Lieutenant`, adminA)).json().data;
    expect(view.level).toBe('role');
    expect(view.set).toEqual({ notice: { delete: false } });
    expect(view.inherited.notice.delete).toEqual({ value: true, from: 'tenant', locked: false, locked_at: null });
    expect(view.inherited.notice.create).toEqual({ value: true, from: 'system', locked: false, locked_at: null });
    expect(view.keys.map((k: { key: string }) => k.key)).toEqual(expect.arrayContaining(['notice', 'modify_entity_types', 'show_deleted']));
    expect(view.can_edit_globally_set).toBe(false);
  });

  it('lets a lock_children entry keep people from overriding it', async () => {
    const user = await makeUser(test, [{ roleKey: 'Engineer', tenantId: a.id }]);
    const headers = await signIn(test, user.email);
    const personnelId = (
      await test.database.db.kysely.selectFrom('personnel').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()
    ).id;
    await save(adminA, { tenant: a.id, personnel: personnelId, permissions: { notice: { create: true } } });
    await save(adminA, { tenant: a.id, role: 'Engineer', permissions: { notice: { create: false, lock_children: true } } });
    expect((await get('/api/permissions-v2', headers)).json().data.notice.create).toBe(false);
    await save(adminA, { tenant: a.id, role: 'Engineer', permissions: { notice: { lock_children: null } } });
    expect((await get('/api/permissions-v2', headers)).json().data.notice.create).toBe(true);
  });

  it('keeps globally-set permissions for global admins', async () => {
    const before = (await get(`/api/permissions-v2/edit?tenant=${a.id}`, adminA)).json().data.set;
    const res = await save(adminA, { tenant: a.id, permissions: { show_deleted: { view: true } } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("'Show deleted records' is set globally.");
    expect((await get(`/api/permissions-v2/edit?tenant=${a.id}`, adminA)).json().data.set).toEqual(before);
    expect((await save(global, { tenant: a.id, permissions: { show_deleted: { view: true } } })).statusCode).toBe(200);
    await save(global, { tenant: a.id, permissions: { show_deleted: { view: null } } });
  });

  it('keeps the system defaults for global admins', async () => {
    expect((await get('/api/permissions-v2/edit', adminA)).statusCode).toBe(403);
    expect((await save(adminA, { permissions: { notice: { view: false } } })).statusCode).toBe(403);
    const view = (await get('/api/permissions-v2/edit', global)).json().data;
    expect(view.level).toBe('system');
    expect(view.set.notice).toEqual({ view: true, create: true });
  });

  it('refuses unknown keys and actions a special permission does not have, writing nothing', async () => {
    const bad = await save(adminA, {
      tenant: a.id,
      permissions: { notice: { view: false }, no_such_thing: { view: true }, modify_entity_types: { delete: true } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['permissions.modify_entity_types', 'permissions.no_such_thing']);
    expect((await get(`/api/permissions-v2/edit?tenant=${a.id}`, adminA)).json().data.set.notice?.view).not.toBe(false);
    const junk = await save(adminA, { tenant: a.id, permissions: { notice: { fly: true } } });
    expect(junk.statusCode).toBe(422);
    const badRole = await get(`/api/permissions-v2/edit?tenant=${a.id}&role=Emperor`, adminA);
    expect(badRole.json().errors).toEqual({ role: ['The selected role is invalid.'] });
  });

  it("gives a tenant admin nothing of another tenant's permissions and changes nothing there", async () => {
    await save(adminB, { tenant: b.id, role: 'Tenant User', permissions: { notice: { view: false } } });
    const before = (await get(`/api/permissions-v2/edit?tenant=${b.id}&role=Tenant%20User`, adminB)).json().data.set;
    expect((await get(`/api/permissions-v2/edit?tenant=${b.id}&role=Tenant%20User`, adminA)).statusCode).toBe(403);
    expect((await get(`/api/permissions-v2?tenant=${b.id}&role=Tenant%20User`, adminA)).statusCode).toBe(403);
    expect((await save(adminA, { tenant: b.id, role: 'Tenant User', permissions: { notice: { view: true } } })).statusCode).toBe(403);
    const bPerson = (
      await test.database.db.kysely.selectFrom('personnel').select('id').where('tenant_id', '=', b.id).executeTakeFirstOrThrow()
    ).id;
    const personInB = await save(adminA, { tenant: a.id, personnel: bPerson, permissions: { notice: { view: true } } });
    expect(personInB.statusCode).toBe(422);
    expect((await get(`/api/permissions-v2/edit?tenant=${b.id}&role=Tenant%20User`, adminB)).json().data.set).toEqual(before);
  });

  it("keeps the vendor's internal roles to global admins", async () => {
    expect((await save(adminA, { tenant: a.id, role: 'MSFES Office Staff', permissions: { notice: { view: true } } })).statusCode).toBe(
      403,
    );
    expect((await get(`/api/permissions-v2/edit?tenant=${a.id}&role=MSFES%20Sales`, adminA)).statusCode).toBe(403);
    const roles = (await get('/api/permissions', adminA)).json().data.roles.map((r: { name: string }) => r.name);
    expect(roles).not.toContain('MSFES User');
    expect((await get(`/api/permissions-v2/edit?tenant=${a.id}&role=MSFES%20Sales`, global)).statusCode).toBe(200);
    const mine = (await get('/api/user', global)).json().data.effective_permissions;
    expect(mine.manage_logins).toEqual({ create: true, update: true, delete: true, view: true, reassign: true });
  });

  it('refuses people without the permission to edit', async () => {
    const ff = await firefighter(a.id);
    expect((await get(`/api/permissions-v2/edit?tenant=${a.id}`, ff.headers)).statusCode).toBe(403);
    expect((await save(ff.headers, { tenant: a.id, role: 'Tenant User', permissions: { notice: { create: true } } })).statusCode).toBe(403);
    expect((await get(`/api/permissions-v2?tenant=${a.id}&role=Tenant%20Admin`, ff.headers)).statusCode).toBe(403);
    expect((await get('/api/permissions', ff.headers)).statusCode).toBe(403);
    // A role given update_tenant_permissions may edit its own tenant.
    await save(adminA, { tenant: a.id, role: 'Office Manager', permissions: { update_tenant_permissions: { update: true } } });
    const manager = await signIn(test, (await makeUser(test, [{ roleKey: 'Office Manager', tenantId: a.id }])).email);
    expect((await get(`/api/permissions-v2/edit?tenant=${a.id}&role=Tenant%20User`, manager)).statusCode).toBe(200);
  });

  it('serves the deprecated editor: roles × permission names, saved at the role level', async () => {
    const list = (await get('/api/permissions', adminA)).json().data;
    expect(list.permissions.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['create notice', 'view notice', 'update modify_entity_types']),
    );
    const junior = list.roles.find((r: { name: string }) => r.name === 'Junior');
    expect(junior.permissions).toEqual(expect.arrayContaining(['create notice', 'view notice']));
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/permissions',
      headers: adminA,
      payload: { roles: [{ name: 'Junior', permissions: ['view notice', 'update notice', 'delete notice|id:42'] }] },
    });
    expect(res.statusCode).toBe(200);
    const after = (await get('/api/permissions/notice', adminA)).json().data.roles.find((r: { name: string }) => r.name === 'Junior');
    expect(after.permissions.sort()).toEqual(['update notice', 'view notice']);
  });
});
