import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';

describe(`[IDENTITY] tenant and role switching on ${TEST_DB}`, () => {
  let test: TestApp;
  let a: { id: string; display_name: string };
  let b: { id: string; display_name: string };
  let c: { id: string; display_name: string };

  beforeAll(async () => {
    test = await createTestApp();
    a = await makeTenant(test, 'Alpha Fire');
    b = await makeTenant(test, 'Bravo Fire');
    c = await makeTenant(test, 'Charlie Fire');
  });
  afterAll(() => test.close());

  const post = (url: string, headers: Record<string, string>, payload: unknown) =>
    test.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('lets a user switch between the tenants and roles they hold, and remembers the choice', async () => {
    const user = await makeUser(test, [
      { roleKey: 'Tenant User', tenantId: a.id },
      { roleKey: 'Lieutenant', tenantId: a.id },
      { roleKey: 'Tenant User', tenantId: b.id },
    ]);
    const headers = await signIn(test, user.email);
    const first = (await test.app.inject({ method: 'GET', url: '/api/user', headers })).json().data;
    expect(first.tenant_id).toBe(a.id);
    expect(first.tenants.map((t: { display_name: string }) => t.display_name)).toEqual(['Alpha Fire', 'Bravo Fire']);

    const lieutenant = await post('/api/user/select-tenant', headers, { tenant: a.id, role: 'Lieutenant' });
    expect(lieutenant.statusCode).toBe(200);
    expect(lieutenant.json().data).toMatchObject({ tenant_id: a.id, acting_role: 'Lieutenant', current_tenant: 'Alpha Fire' });
    const toB = await post('/api/user/select-tenant', headers, { tenant: b.id, role: 'Tenant User' });
    expect(toB.json().data).toMatchObject({
      tenant_id: b.id,
      acting_role: 'Tenant User',
      current_tenant: 'Bravo Fire',
      personnel_record: { tenant_id: b.id },
    });
    const again = (await test.app.inject({ method: 'GET', url: '/api/user', headers })).json().data;
    expect(again).toMatchObject({ tenant_id: b.id, acting_role: 'Tenant User' });
  });

  it('refuses a tenant the user does not belong to, a role not held there, and an unknown tenant alike', async () => {
    const user = await makeUser(test, [
      { roleKey: 'Tenant User', tenantId: a.id },
      { roleKey: 'Lieutenant', tenantId: b.id },
    ]);
    const headers = await signIn(test, user.email);
    const other = await post('/api/user/select-tenant', headers, { tenant: c.id, role: 'Tenant User' });
    const roleElsewhere = await post('/api/user/select-tenant', headers, { tenant: a.id, role: 'Lieutenant' });
    const unknown = await post('/api/user/select-tenant', headers, { tenant: '00000000-0000-4000-8000-000000000000', role: 'Tenant User' });
    const junk = await post('/api/user/select-tenant', headers, { tenant: 'not-a-uuid', role: 'Tenant User' });
    for (const res of [other, roleElsewhere, unknown, junk]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not hold that role in that department.' });
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers })).json().data.tenant_id).toBe(a.id);
    expect((await post('/api/user/select-tenant', headers, {})).statusCode).toBe(422);
  });

  it('lets only global admins go to global level or pick any tenant and role', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }]);
    const userHeaders = await signIn(test, user.email);
    expect((await post('/api/user/select-global', userHeaders, { tenant: null })).statusCode).toBe(403);

    const admin = await makeGlobalAdmin(test);
    const headers = await signIn(test, admin.email);
    const inC = await post('/api/user/select-tenant', headers, { tenant: c.id, role: 'Trainer Admin' });
    expect(inC.json().data).toMatchObject({ tenant_id: c.id, acting_role: 'Trainer Admin', is_global: false, is_global_admin: true });
    expect((await post('/api/user/select-tenant', headers, { tenant: c.id, role: 'Space Cadet' })).statusCode).toBe(403);
    const global = await post('/api/user/select-global', headers, { tenant: null });
    expect(global.json().data).toMatchObject({ tenant_id: null, is_global: true, acting_role: 'MSFES User' });
  });

  it('lists the tenants a user may see: their own, or all of them for a global admin, paged', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: b.id }]);
    const mine = await test.app.inject({ method: 'GET', url: '/api/tenant?page=1', headers: await signIn(test, user.email) });
    expect(mine.json().data.map((t: { id: string }) => t.id)).toEqual([b.id]);
    expect(mine.json().meta).toMatchObject({ current_page: 1, last_page: 1, total: 1 });

    const admin = await makeGlobalAdmin(test);
    const headers = await signIn(test, admin.email);
    const page1 = await test.app.inject({ method: 'GET', url: '/api/tenant?page=1&per_page=2', headers });
    expect(page1.json().meta.total).toBeGreaterThanOrEqual(3);
    expect(page1.json().data).toHaveLength(2);
    expect(page1.json().data[0]).toMatchObject({ display_name: 'Alpha Fire', date_format: 'DATE_SHORT', time_format: 'TIME_WITH_SECONDS' });
    expect((await test.app.inject({ method: 'GET', url: '/api/tenant' })).statusCode).toBe(401);
  });
});
