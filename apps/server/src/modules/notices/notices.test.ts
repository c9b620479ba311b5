import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../platform/auth/context.ts';
import { createTenantUser, createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';

describe(`[NOTICES] /api/notices on ${TEST_DB}`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  /** A session of the user with no acting tenant, ending `lifetimeMs` from now. */
  async function sessionWithoutTenant(userId: string, lifetimeMs: number): Promise<string> {
    const token = newToken();
    await test.database.db.kysely
      .insertInto('user_session')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        tenant_id: null,
        acting_role: null,
        expires_at: new Date(Date.now() + lifetimeMs),
      })
      .execute();
    return token;
  }

  it('refuses callers without a valid session with 401', async () => {
    const none = await test.app.inject({ method: 'GET', url: '/api/notices' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Unauthenticated.' });
    const bogus = await test.app.inject({ method: 'GET', url: '/api/notices', headers: { authorization: `Bearer ${newToken()}` } });
    expect(bogus.statusCode).toBe(401);
    // Authentication comes before validation: a stranger learns nothing about the payload rules.
    const post = await test.app.inject({ method: 'POST', url: '/api/notices', payload: {} });
    expect(post.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { user } = await createTenantUser(test);
    const token = await sessionWithoutTenant(user.id, -1000);
    const res = await test.app.inject({ method: 'GET', url: '/api/notices', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('posts a notice and lists it newest first with paging meta', async () => {
    const { headers, tenant, user } = await createTenantUser(test);
    for (const title of ['First', 'Second', 'Third']) {
      const res = await test.app.inject({ method: 'POST', url: '/api/notices', headers, payload: { title, body: `${title} body` } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ title, tenant_id: tenant.id, created_by: user.id });
    }
    const page1 = await test.app.inject({ method: 'GET', url: '/api/notices?per_page=2', headers });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);
    expect(page1.json().meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3, from: 1, to: 2 });
    const page2 = await test.app.inject({ method: 'GET', url: '/api/notices?per_page=2&page=2', headers });
    expect(page2.json().data.map((n: { title: string }) => n.title)).toEqual(['First']);
    expect(page2.json().meta).toMatchObject({ current_page: 2, from: 3, to: 3 });
  });

  it("never shows or accepts another tenant's notices", async () => {
    const a = await createTenantUser(test);
    const b = await createTenantUser(test);
    await test.app.inject({ method: 'POST', url: '/api/notices', headers: a.headers, payload: { title: 'Only for A' } });
    const asB = await test.app.inject({ method: 'GET', url: '/api/notices', headers: b.headers });
    expect(asB.json().data).toEqual([]);
    // A tenant_id in the payload is not a way into another tenant: the acting tenant is used.
    const sneaky = await test.app.inject({
      method: 'POST',
      url: '/api/notices',
      headers: b.headers,
      payload: { title: 'Into A', tenant_id: a.tenant.id },
    });
    expect(sneaky.json().data.tenant_id).toBe(b.tenant.id);
    const asA = await test.app.inject({ method: 'GET', url: '/api/notices', headers: a.headers });
    expect(asA.json().data.map((n: { title: string }) => n.title)).toEqual(['Only for A']);
  });

  it('needs an acting tenant', async () => {
    const { user } = await createTenantUser(test);
    const token = await sessionWithoutTenant(user.id, +60_000);
    const res = await test.app.inject({ method: 'GET', url: '/api/notices', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Tenant must be selected first' });
  });

  it('validates title length with a per-field message and writes nothing', async () => {
    const { headers } = await createTenantUser(test);
    const res = await test.app.inject({ method: 'POST', url: '/api/notices', headers, payload: { title: 'x'.repeat(256) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ title: ['The title may not be greater than 255 characters.'] });
    const blank = await test.app.inject({ method: 'POST', url: '/api/notices', headers, payload: { title: '   ' } });
    expect(blank.json().errors).toEqual({ title: ['The title field is required.'] });
    const list = await test.app.inject({ method: 'GET', url: '/api/notices', headers });
    expect(list.json().meta.total).toBe(0);
  });
});
