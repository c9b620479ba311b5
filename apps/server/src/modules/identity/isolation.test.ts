import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';

/**
 * A tenant admin of A tries every identity route with tenant B's ids. Nothing of B comes back
 * and nothing of B changes.
 */
describe(`[IDENTITY] tenant isolation on ${TEST_DB}`, () => {
  let test: TestApp;
  let a: { id: string };
  let b: { id: string; display_name: string };
  let bUser: { id: string; email: string };
  let bPersonnelId: string;
  let headersA: Record<string, string>;
  let snapshotB: string;

  const snapshot = async () => {
    const db = test.database.db.kysely;
    const tenant = await db.selectFrom('tenant').selectAll().where('id', '=', b.id).execute();
    const user = await db.selectFrom('app_user').selectAll().where('id', '=', bUser.id).execute();
    const roles = await db.selectFrom('role_assignment').selectAll().where('user_id', '=', bUser.id).execute();
    const people = await db.selectFrom('personnel').selectAll().where('tenant_id', '=', b.id).execute();
    const sessions = await db.selectFrom('user_session').select(['tenant_id', 'acting_role']).where('user_id', '=', bUser.id).execute();
    return JSON.stringify({ tenant, user, roles, people, sessions });
  };

  beforeAll(async () => {
    test = await createTestApp();
    a = await makeTenant(test, 'Alpha');
    b = await makeTenant(test, 'Bravo Secret Department');
    bUser = await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }]);
    await signIn(test, bUser.email);
    bPersonnelId = (
      await test.database.db.kysely.selectFrom('personnel').select('id').where('tenant_id', '=', b.id).executeTakeFirstOrThrow()
    ).id;
    headersA = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    snapshotB = await snapshot();
  });
  afterAll(() => test.close());

  it('gives A nothing of B on any route, and changes nothing of B', async () => {
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/user'],
      ['GET', '/api/tenant?page=1'],
      ['POST', '/api/user/select-tenant', { tenant: b.id, role: 'Tenant Admin' }],
      ['POST', '/api/user/select-global', { tenant: null }],
      ['POST', '/api/user/resend-welcome', { email: bUser.email }],
      ['GET', '/api/admin/logins/tenants?search=Bravo'],
      ['GET', '/api/admin/logins/users?search=Bravo'],
      ['GET', '/api/admin/logins/personnel'],
      ['PUT', `/api/admin/logins/tenants/${b.id}`, { tenant: { signInEnabled: false, signInDisabledError: 'hacked' } }],
      ['PUT', `/api/admin/logins/users/${bUser.id}`, { user: { signInEnabled: false } }],
      ['PUT', `/api/admin/logins/personnel/${bPersonnelId}`, { person: { role: 'Junior' } }],
      ['POST', '/api/admin/logins/get-token', { email: bUser.email }],
      ['GET', '/api/sensitive-actions?page=1'],
      ['GET', '/api/notices'],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await test.app.inject({ method: method as 'GET', url, headers: headersA, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      for (const secret of [b.id, bUser.id, bUser.email, 'Bravo Secret Department', bPersonnelId]) {
        expect(res.body, `${method} ${url} leaked ${secret}`).not.toContain(secret);
      }
      if (method !== 'GET' && !url.endsWith('/select-global')) expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
    }
    expect(await snapshot()).toBe(snapshotB);
  });

  it("keeps B's personnel out of reach of A's database context (RLS)", async () => {
    const { withContext } = await import('../../platform/db/tenancy.ts');
    const rows = await withContext(test.database.db.kysely, { tenantId: a.id, userId: null, isGlobal: false }, (tx) =>
      tx.selectFrom('personnel').select('id').where('tenant_id', '=', b.id).execute(),
    );
    expect(rows).toEqual([]);
  });
});
