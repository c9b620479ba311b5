import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { login, makeGlobalAdmin, makeTenant, makeUser, signIn, unique } from '../../test/identity.ts';

describe(`[ADMIN] Manage Logins and sign-in-as on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenant: { id: string; display_name: string };
  let admin: Record<string, string>;
  let tenantAdmin: Record<string, string>;
  const allowedEmail = `${unique('root')}@vendor.example`;

  beforeAll(async () => {
    test = await createTestApp({ signInAsAdmins: [allowedEmail] });
    tenant = await makeTenant(test, unique('Zulu Fire'));
    admin = await signIn(test, (await makeGlobalAdmin(test, allowedEmail)).email);
    tenantAdmin = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenant.id }])).email);
  });
  afterAll(() => test.close());

  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/logins/tenants'],
    ['GET', '/api/admin/logins/users'],
    ['GET', '/api/admin/logins/personnel'],
    ['PUT', '/api/admin/logins/tenants/00000000-0000-4000-8000-000000000000', { tenant: { signInEnabled: false } }],
    ['PUT', '/api/admin/logins/users/00000000-0000-4000-8000-000000000000', { user: { signInEnabled: false } }],
    ['PUT', '/api/admin/logins/personnel/00000000-0000-4000-8000-000000000000', { person: { role: 'Tenant User' } }],
    ['POST', '/api/admin/logins/get-token', { email: 'x@test.example' }],
  ];

  it('refuses strangers with 401 and anyone but a global admin with 403', async () => {
    for (const [method, url, payload] of routes) {
      const anon = await test.app.inject({ method: method as 'GET', url, payload: payload as object });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const res = await test.app.inject({ method: method as 'GET', url, headers: tenantAdmin, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists tenants with search, sort and paging', async () => {
    const prefix = unique('Search');
    for (const n of ['A', 'B', 'C']) await makeTenant(test, `${prefix} ${n}`);
    const az = await test.app.inject({
      method: 'GET',
      url: `/api/admin/logins/tenants?search=${encodeURIComponent(prefix)}&sort=a_to_z`,
      headers: admin,
    });
    expect(az.json().data.map((t: { display_name: string }) => t.display_name)).toEqual([`${prefix} A`, `${prefix} B`, `${prefix} C`]);
    expect(az.json().data[0]).toMatchObject({ signInEnabled: true, signInDisabledError: null });
    const za = await test.app.inject({
      method: 'GET',
      url: `/api/admin/logins/tenants?search=${encodeURIComponent(prefix)}&sort=z_to_a`,
      headers: admin,
    });
    expect(za.json().data[0].display_name).toBe(`${prefix} C`);
    const none = await test.app.inject({ method: 'GET', url: '/api/admin/logins/tenants?search=%25%25nothing%25', headers: admin });
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('lists users and personnel with their roles and tenants', async () => {
    const email = `${unique('listed')}@test.example`;
    await makeUser(test, [{ roleKey: 'Lieutenant', tenantId: tenant.id }], email);
    const users = await test.app.inject({
      method: 'GET',
      url: `/api/admin/logins/users?search=${encodeURIComponent(email)}`,
      headers: admin,
    });
    expect(users.json().data).toHaveLength(1);
    expect(users.json().data[0]).toMatchObject({
      email,
      signInEnabled: true,
      roles: [{ name: 'Lieutenant', tenant_id: tenant.id }],
      tenants: [{ id: tenant.id }],
    });
    const people = await test.app.inject({
      method: 'GET',
      url: `/api/admin/logins/personnel?search=${encodeURIComponent(email)}`,
      headers: admin,
    });
    expect(people.json().data[0]).toMatchObject({
      email_address: email,
      role: 'Lieutenant',
      member_status1: 'current',
      tenant_id: tenant.id,
      date_of_birth: { value: null, display_value: '' },
    });
  });

  it('disables a tenant: its sessions end at once, sign-in shows the text, and it is recorded', async () => {
    const closed = await makeTenant(test, unique('Closing'));
    const member = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: closed.id }]);
    const session = await signIn(test, member.email);
    const adminInClosed = await signIn(test, (await makeGlobalAdmin(test)).email);
    await test.app.inject({
      method: 'POST',
      url: '/api/user/select-tenant',
      headers: adminInClosed,
      payload: { tenant: closed.id, role: 'Tenant Admin' },
    });
    const res = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/tenants/${closed.id}`,
      headers: admin,
      payload: { tenant: { signInEnabled: false, signInDisabledError: 'Department closed for audit.' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ signInEnabled: false, signInDisabledError: 'Department closed for audit.' });
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: session })).statusCode).toBe(401);
    expect((await login(test, member.email)).json()).toEqual({ message: 'Department closed for audit.' });
    // The global admin acting in that tenant keeps the session.
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: adminInClosed })).statusCode).toBe(200);
    const action = await test.database.db.kysely
      .selectFrom('sensitive_action')
      .select(['name', 'content'])
      .where('tenant_id', '=', closed.id)
      .executeTakeFirstOrThrow();
    expect(action.name).toBe('Tenant sign-in disabled');
    // The message is kept only while disabled; enabling again lets people in.
    await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/tenants/${closed.id}`,
      headers: admin,
      payload: { tenant: { signInEnabled: true, signInDisabledError: 'ignored' } },
    });
    expect((await login(test, member.email)).statusCode).toBe(200);
  });

  it('disables a user: their sessions end at once', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const session = await signIn(test, user.email);
    const res = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/users/${user.id}`,
      headers: admin,
      payload: { user: { signInEnabled: false } },
    });
    expect(res.json().data.signInEnabled).toBe(false);
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: session })).statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: 'PUT', url: '/api/admin/logins/users/nope', headers: admin, payload: { user: {} } })).statusCode,
    ).toBe(404);
  });

  it('resets MFA and sets the enrol-by date, and records both', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const db = test.database.db.kysely;
    await db.updateTable('app_user').set({ mfa_enrolled_at: new Date(), mfa_secret: 'v1.x.y.z' }).where('id', '=', user.id).execute();
    const res = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/users/${user.id}`,
      headers: admin,
      payload: { user: { reset_mfa: true, mfa_enrol_by: '2027-01-31' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mfa_enrolled_at: null, mfa_enrol_by: '2027-01-31' });
    const row = await db.selectFrom('app_user').select(['mfa_secret', 'mfa_enrol_by']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ mfa_secret: null, mfa_enrol_by: '2027-01-31' });
    const names = (await db.selectFrom('sensitive_action').select('name').where('content', 'like', `%${user.email}%`).execute())
      .map((a) => a.name)
      .sort();
    expect(names).toEqual(['MFA enrol-by date changed', 'MFA reset']);
    const bad = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/users/${user.id}`,
      headers: admin,
      payload: { user: { mfa_enrol_by: 'soon' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['user.mfa_enrol_by']);
  });

  it('changes a person: role changes are recorded, a bad role or date is refused with nothing written', async () => {
    const email = `${unique('person')}@test.example`;
    await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }], email);
    const person = (
      await test.app.inject({ method: 'GET', url: `/api/admin/logins/personnel?search=${encodeURIComponent(email)}`, headers: admin })
    ).json().data[0];
    const bad = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/personnel/${person.id}`,
      headers: admin,
      payload: { person: { role: 'Emperor', display_name: 'Changed' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ role: ['The selected role is invalid.'] });
    const badDate = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/personnel/${person.id}`,
      headers: admin,
      payload: { person: { date_of_birth: '1990-13-45' } },
    });
    expect(badDate.statusCode).toBe(422);
    const ok = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/personnel/${person.id}`,
      headers: admin,
      payload: { person: { role: 'Engineer', date_of_birth: '1990-04-01', member_status1: 'past' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      role: 'Engineer',
      member_status1: 'past',
      display_name: person.display_name,
      date_of_birth: { value: '1990-04-01' },
    });
    // The row as GET lists it goes back unchanged (date_of_birth as { value, display_value }).
    const listed = await test.app.inject({
      method: 'GET',
      url: `/api/admin/logins/personnel?search=${encodeURIComponent(person.display_name)}`,
      headers: admin,
    });
    const row = listed.json().data.find((p: { id: string }) => p.id === person.id);
    const roundTrip = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/logins/personnel/${person.id}`,
      headers: admin,
      payload: { person: row },
    });
    expect(roundTrip.statusCode, roundTrip.body).toBe(200);
    expect(roundTrip.json().data).toMatchObject({ role: 'Engineer', date_of_birth: { value: '1990-04-01' } });
    const actions = await test.database.db.kysely
      .selectFrom('sensitive_action')
      .select('content')
      .where('name', '=', 'Role changed')
      .execute();
    expect(actions.some((a) => a.content.includes('Firefighter to Engineer'))).toBe(true);
  });

  it('signs an allowed admin in as another user, and records it; others may not', async () => {
    const target = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/admin/logins/get-token',
      headers: admin,
      payload: { email: target.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: target.email, tenant_id: tenant.id });
    const asTarget = { authorization: `Bearer ${res.json().access_token}` };
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: asTarget })).json().data.email).toBe(target.email);
    const action = await test.database.db.kysely
      .selectFrom('sensitive_action')
      .select('content')
      .where('name', '=', 'Signed in as another user')
      .executeTakeFirstOrThrow();
    expect(action.content).toContain(target.email);

    // A global admin whose address is not on the list, and a chain through the borrowed session, are refused.
    const otherAdmin = await signIn(test, (await makeGlobalAdmin(test)).email);
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/admin/logins/get-token', headers: otherAdmin, payload: { email: target.email } }))
        .statusCode,
    ).toBe(403);
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/admin/logins/get-token',
      headers: admin,
      payload: { email: 'nobody@nowhere.example' },
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('shows the sensitive action history to global admins, a tenant its own to its admin, and nobody else', async () => {
    const all = await test.app.inject({ method: 'GET', url: '/api/sensitive-actions?page=1', headers: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.length).toBeGreaterThan(0);
    expect(all.json().data[0]).toHaveProperty('user.display_name');
    const own = await test.app.inject({ method: 'GET', url: '/api/sensitive-actions', headers: tenantAdmin });
    expect(own.statusCode).toBe(200);
    for (const entry of own.json().data) expect(entry.tenant_id).toBe(tenant.id);
    const firefighter = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }])).email);
    expect((await test.app.inject({ method: 'GET', url: '/api/sensitive-actions', headers: firefighter })).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/api/sensitive-actions' })).statusCode).toBe(401);
  });
});
