import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../platform/config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, PASSWORD } from '../../test/identity.ts';

/** Signs in from `remoteAddress` claiming to forward for 203.0.113.9: the addresses written down. */
async function addressesWritten(test: TestApp, remoteAddress: string) {
  const tenant = await makeTenant(test);
  const { email, id } = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }]);
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: PASSWORD },
    remoteAddress,
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  expect(res.statusCode).toBe(200);
  const db = test.database.db.kysely;
  const attempt = await db.selectFrom('sign_in_attempt').select('ip').where('email', '=', email).executeTakeFirstOrThrow();
  const session = await db.selectFrom('user_session').select('ip').where('user_id', '=', id).executeTakeFirstOrThrow();
  return { attempt: attempt.ip, session: session.ip };
}

describe(`[IDENTITY] trusted proxies on ${TEST_DB}`, () => {
  describe('by default', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp();
    });
    afterAll(() => test.close());

    it('ignores X-Forwarded-For: the connection is the address the limits and logs count', async () => {
      expect(await addressesWritten(test, '10.20.0.5')).toEqual({ attempt: '10.20.0.5', session: '10.20.0.5' });
    });

    it('does not let a forged X-Forwarded-For per request escape the address limit', async () => {
      const ip = '10.20.0.6';
      const rows = Array.from({ length: 50 }, (_, i) => ({
        email: `spray-${i}@test.example`,
        user_id: null,
        ip,
        outcome: 'bad_credentials',
        succeeded: false,
      }));
      await test.database.db.kysely.insertInto('sign_in_attempt').values(rows).execute();
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'someone@test.example', password: 'Wrong-pass-1' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': '198.51.100.77' },
      });
      expect(res.statusCode).toBe(429);
    });
  });

  describe('with TRUST_PROXY set', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp({ trustProxy: ['10.30.0.0/16'] });
    });
    afterAll(() => test.close());

    it('believes X-Forwarded-For from a configured proxy', async () => {
      expect(await addressesWritten(test, '10.30.1.1')).toEqual({ attempt: '203.0.113.9', session: '203.0.113.9' });
    });

    it('ignores it from any other address', async () => {
      expect(await addressesWritten(test, '10.31.1.1')).toEqual({ attempt: '10.31.1.1', session: '10.31.1.1' });
    });
  });

  it('reads TRUST_PROXY as addresses and ranges, off when unset, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toEqual([]);
    expect(parseTrustProxy('')).toEqual([]);
    expect(parseTrustProxy('off')).toEqual([]);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '1'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });
});
