import { LOGIN_MESSAGES, TENANT_ADMIN_ROLE } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { login, makeGlobalAdmin, makeTenant, makeUser, PASSWORD, signIn, unique } from '../../test/identity.ts';

describe(`[IDENTITY] sign-in on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenant: { id: string; display_name: string };

  beforeAll(async () => {
    test = await createTestApp();
    tenant = await makeTenant(test, 'Riverside Fire Department');
  });
  afterAll(() => test.close());

  it('signs in, answers the user shape, and signs out by revoking the token', async () => {
    const { email } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const res = await login(test, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Array.isArray(body.core_entity_types)).toBe(true);
    expect(body.user).toMatchObject({
      email,
      acting_role: 'Tenant User',
      current_tenant: 'Riverside Fire Department',
      tenant_id: tenant.id,
      is_global_admin: false,
      personnel_record: { tenant_id: tenant.id, role: 'Tenant User', member_status1: 'current' },
      roles: [{ name: 'Tenant User', label: 'Firefighter', pivot: { tenant_id: tenant.id } }],
      effective_permissions: {},
    });
    const headers = { authorization: `Bearer ${body.access_token}` };
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers })).json().data.email).toBe(email);
    expect((await test.app.inject({ method: 'POST', url: '/api/user/logout', headers })).statusCode).toBe(200);
    const after = await test.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(after.statusCode).toBe(401);
  });

  it('stores only a hash of the token and issues a new token at every sign-in', async () => {
    const { email } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const a = (await login(test, email)).json().access_token as string;
    const b = (await login(test, email)).json().access_token as string;
    expect(a).not.toBe(b);
    const stored = await test.database.db.kysely.selectFrom('user_session').select('token_hash').execute();
    for (const row of stored) expect(row.token_hash.toString('utf8')).not.toContain(a);
    for (const token of [a, b]) {
      expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
        200,
      );
    }
  });

  it('never says whether the email or the password was wrong', async () => {
    const { email } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const wrongPassword = await login(test, email, 'Wrong-password-1');
    const unknownEmail = await login(test, `${unique('nobody')}@test.example`, 'Wrong-password-1');
    expect(wrongPassword.statusCode).toBe(422);
    expect(unknownEmail.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: [LOGIN_MESSAGES.failed], password: [LOGIN_MESSAGES.failed] },
    });
  });

  it('answers 422 per field for a missing email or password', async () => {
    const res = await test.app.inject({ method: 'POST', url: '/api/user/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('refuses a disabled user and a disabled tenant with the configured text', async () => {
    const db = test.database.db.kysely;
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    await db
      .updateTable('app_user')
      .set({ sign_in_enabled: false, sign_in_disabled_error: 'Your account is on leave.' })
      .where('id', '=', user.id)
      .execute();
    const disabledUser = await login(test, user.email);
    expect(disabledUser.statusCode).toBe(403);
    expect(disabledUser.json()).toEqual({ message: 'Your account is on leave.' });

    const closed = await makeTenant(test, 'Closed Department');
    const member = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: closed.id }]);
    await db
      .updateTable('tenant')
      .set({ sign_in_enabled: false, sign_in_disabled_error: 'Closed for migration until Monday.' })
      .where('id', '=', closed.id)
      .execute();
    const disabledTenant = await login(test, member.email);
    expect(disabledTenant.statusCode).toBe(403);
    expect(disabledTenant.json()).toEqual({ message: 'Closed for migration until Monday.' });
  });

  it('does not tell a disabled account apart from a wrong password', async () => {
    const db = test.database.db.kysely;
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    await db.updateTable('app_user').set({ sign_in_enabled: false }).where('id', '=', user.id).execute();
    const res = await login(test, user.email, 'Wrong-password-1');
    expect(res.statusCode).toBe(422);
  });

  it('puts a global admin at global level', async () => {
    const admin = await makeGlobalAdmin(test);
    const res = await login(test, admin.email);
    expect(res.json().user).toMatchObject({ is_global_admin: true, is_global: true, tenant_id: null, acting_role: 'MSFES User' });
  });

  it('locks an account for 10 minutes after 5 failures within 10 minutes, counting unknown emails alike', async () => {
    const { email } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    for (let i = 0; i < 5; i++) expect((await login(test, email, `Wrong-${i}-pass`, {}, '10.1.1.1')).statusCode).toBe(422);
    const locked = await login(test, email, PASSWORD, {}, '10.1.1.2');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(locked.json().message).toBe(LOGIN_MESSAGES.throttled);

    const nobody = `${unique('ghost')}@test.example`;
    for (let i = 0; i < 5; i++) await login(test, nobody, `Wrong-${i}-pass`, {}, '10.1.1.3');
    expect((await login(test, nobody, 'Wrong-x-pass', {}, '10.1.1.4')).statusCode).toBe(429);

    // Once the failures are older than the lock, the account signs in again.
    await test.database.db.kysely
      .updateTable('sign_in_attempt')
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where('email', '=', email)
      .execute();
    expect((await login(test, email, PASSWORD, {}, '10.1.1.5')).statusCode).toBe(200);
  });

  it('a success clears the account count', async () => {
    const { email } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    for (let i = 0; i < 4; i++) await login(test, email, `Wrong-${i}-pass`, {}, '10.2.1.1');
    expect((await login(test, email, PASSWORD, {}, '10.2.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(test, email, `Wrong-${i}-pass`, {}, '10.2.1.1');
    expect((await login(test, email, PASSWORD, {}, '10.2.1.1')).statusCode).toBe(200);
  });

  it('checks at most 5 of 50 concurrent wrong guesses for one account against the hash', async () => {
    const { email } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(test, email, `Wrong-${i}-pass`, {}, `10.5.${i}.1`)));
    const checked = answers.filter((r) => r.statusCode === 422).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50 - checked);
    const outcomes = await test.database.db.kysely.selectFrom('sign_in_attempt').select(['outcome']).where('email', '=', email).execute();
    expect(outcomes.filter((o) => o.outcome === 'bad_credentials')).toHaveLength(checked);
    expect(outcomes.filter((o) => o.outcome === 'throttled')).toHaveLength(50 - checked);
    // Locked now: even the right password is not checked.
    expect((await login(test, email, PASSWORD, {}, '10.5.99.1')).statusCode).toBe(429);
  });

  it('checks at most the 50th failure of one address however many arrive at once', async () => {
    const ip = '10.6.6.6';
    const rows = Array.from({ length: 45 }, (_, i) => ({
      email: `flood-${i}@test.example`,
      user_id: null,
      ip,
      outcome: 'bad_credentials',
      succeeded: false,
    }));
    await test.database.db.kysely.insertInto('sign_in_attempt').values(rows).execute();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(test, `${unique(`flood-${i}`)}@test.example`, 'Wrong-pass-1', {}, ip)),
    );
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(15);
  });

  it('locks an address after 50 failures within 15 minutes', async () => {
    const ip = '10.3.3.3';
    const rows = Array.from({ length: 50 }, (_, i) => ({
      email: `spray-${i}@test.example`,
      user_id: null,
      ip,
      outcome: 'bad_credentials',
      succeeded: false,
    }));
    await test.database.db.kysely.insertInto('sign_in_attempt').values(rows).execute();
    const { email } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const blocked = await login(test, email, PASSWORD, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(test, email, PASSWORD, {}, '10.3.3.4')).statusCode).toBe(200);
  });

  it('writes every attempt with who, when, where and outcome', async () => {
    const { email, id } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    await login(test, email, 'Wrong-1-pass', {}, '10.4.4.4');
    await login(test, email, PASSWORD, {}, '10.4.4.4');
    const attempts = await test.database.db.kysely
      .selectFrom('sign_in_attempt')
      .select(['email', 'user_id', 'ip', 'outcome', 'succeeded', 'created_at'])
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(attempts.map((a) => [a.user_id, a.ip, a.outcome, a.succeeded])).toEqual([
      [id, '10.4.4.4', 'bad_credentials', false],
      [id, '10.4.4.4', 'success', true],
    ]);
  });

  it('ends a session that sat idle past the idle timeout, or outlived its absolute lifetime', async () => {
    const { email } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
    const db = test.database.db.kysely;
    const idle = await signIn(test, email);
    await db
      .updateTable('user_session')
      .set({ last_seen_at: new Date(Date.now() - 13 * 3_600_000) })
      .where('user_id', '=', (await db.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id)
      .execute();
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: idle })).statusCode).toBe(401);

    const old = await signIn(test, email);
    await db
      .updateTable('user_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: old })).statusCode).toBe(401);
  });

  it('hashes passwords with argon2id at OWASP ASVS level 2 strength or more', async () => {
    const { id } = await makeUser(test, [{ roleKey: TENANT_ADMIN_ROLE, tenantId: tenant.id }]);
    const row = await test.database.db.kysely.selectFrom('app_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    const hash = row.password_hash ?? '';
    expect(hash.startsWith('$argon2id$v=19$')).toBe(true);
    expect(Number(/[$,]m=(\d+)/.exec(hash)?.[1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(/[$,]t=(\d+)/.exec(hash)?.[1])).toBeGreaterThanOrEqual(2);
  });
});
