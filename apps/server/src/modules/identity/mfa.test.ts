import { LOGIN_MESSAGES } from '@turnout/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { login, makeTenant, makeUser, signIn } from '../../test/identity.ts';

const now = () => Math.floor(Date.now() / 1000);

describe(`[IDENTITY] multi-factor authentication on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    test = await createTestApp();
    tenantId = (await makeTenant(test)).id;
  });
  afterAll(() => test.close());

  async function enrolled() {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId }]);
    const headers = await signIn(test, user.email);
    const start = await test.app.inject({ method: 'GET', url: '/api/user/enrol-mfa', headers });
    expect(start.statusCode).toBe(200);
    const { qr_code_image, key } = start.json().data as { qr_code_image: string; key: string };
    expect(qr_code_image).toMatch(/^data:image\/png;base64,/);
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    // Enrol with the code of the previous step, so the current one is still unused for sign-in.
    const code = await generate({ secret: key, epoch: now() - 30 });
    const finish = await test.app.inject({ method: 'POST', url: '/api/user/finish-mfa', headers, payload: { code } });
    expect(finish.statusCode).toBe(200);
    expect(finish.json().data.mfa_enrolled_at).not.toBeNull();
    return { ...user, key, headers };
  }

  it('enrols with a QR code and key, then asks for the code at sign-in', async () => {
    const user = await enrolled();
    const withoutCode = await login(test, user.email);
    expect(withoutCode.statusCode).toBe(422);
    expect(withoutCode.json().errors).toEqual({ mfa_code: [LOGIN_MESSAGES.mfaRequired] });
    const withCode = await login(test, user.email, undefined, { mfa_code: await generate({ secret: user.key }) });
    expect(withCode.statusCode).toBe(200);
  });

  it('accepts a code once (no replay)', async () => {
    const user = await enrolled();
    const code = await generate({ secret: user.key });
    expect((await login(test, user.email, undefined, { mfa_code: code })).statusCode).toBe(200);
    const replay = await login(test, user.email, undefined, { mfa_code: code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ mfa_code: [LOGIN_MESSAGES.mfaInvalid] });
  });

  it('accepts one step of drift and no more', async () => {
    const user = await enrolled();
    // The enrolment used step now-1; a code two steps back is too old, one step ahead is fine.
    expect(
      (await login(test, user.email, undefined, { mfa_code: await generate({ secret: user.key, epoch: now() - 60 }) })).statusCode,
    ).toBe(422);
    expect(
      (await login(test, user.email, undefined, { mfa_code: await generate({ secret: user.key, epoch: now() + 90 }) })).statusCode,
    ).toBe(422);
    expect(
      (await login(test, user.email, undefined, { mfa_code: await generate({ secret: user.key, epoch: now() + 30 }) })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong code, and wrong codes count towards the lock', async () => {
    const user = await enrolled();
    for (let i = 0; i < 5; i++) {
      const res = await login(test, user.email, undefined, { mfa_code: '000000' }, '10.7.7.7');
      expect(res.statusCode).toBe(422);
    }
    expect((await login(test, user.email, undefined, { mfa_code: await generate({ secret: user.key }) }, '10.7.7.8')).statusCode).toBe(429);
  });

  it('keeps the secret encrypted at rest', async () => {
    const user = await enrolled();
    const row = await test.database.db.kysely
      .selectFrom('app_user')
      .select(['mfa_secret', 'mfa_pending_secret'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.mfa_secret).toMatch(/^v1\./);
    expect(row.mfa_secret).not.toContain(user.key);
    expect(row.mfa_pending_secret).toBeNull();
  });

  it('refuses a wrong first code and a second enrolment, and records the enrolment', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId }]);
    const headers = await signIn(test, user.email);
    expect((await test.app.inject({ method: 'POST', url: '/api/user/finish-mfa', headers, payload: { code: '123456' } })).statusCode).toBe(
      422,
    );
    await test.app.inject({ method: 'GET', url: '/api/user/enrol-mfa', headers });
    const wrong = await test.app.inject({ method: 'POST', url: '/api/user/finish-mfa', headers, payload: { code: '12345' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['The code must be 6 digits.']);

    const done = await enrolled();
    expect((await test.app.inject({ method: 'GET', url: '/api/user/enrol-mfa', headers: done.headers })).statusCode).toBe(409);
    const actions = await test.database.db.kysely
      .selectFrom('sensitive_action')
      .select(['name', 'user_id'])
      .where('user_id', '=', done.id)
      .execute();
    expect(actions).toEqual([{ name: 'MFA enrolled', user_id: done.id }]);
  });

  it('needs a session for enrolment', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/user/enrol-mfa' })).statusCode).toBe(401);
    expect((await test.app.inject({ method: 'POST', url: '/api/user/finish-mfa', payload: { code: '123456' } })).statusCode).toBe(401);
  });
});
