import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';

describe(`GET /api/health on ${TEST_DB}`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ buildHash: 'abc1234', version: '9.9.9' });
  });
  afterAll(() => test.close());

  it('reports the database, version and build hash', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      version: '9.9.9',
      build_hash: 'abc1234',
      environment: 'development',
      database: { kind: TEST_DB, ok: true },
    });
  });

  it('answers 503 when the database cannot be reached', async () => {
    // A real connection to a port where no database listens.
    const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 });
    const app = await buildApp({ config: testConfig(), db, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { kind: 'postgres', ok: false, latency_ms: null } });
    } finally {
      await app.close();
    }
  });
});
