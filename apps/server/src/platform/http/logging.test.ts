import { Writable } from 'node:stream';
import { FRONTEND_VERSION_HEADER } from '@turnout/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/database.ts';

describe(`request logging on ${TEST_DB}`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({ config: testConfig(), db: database.db, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop().catch(() => {});
  });

  it('puts the request id and the frontend version on every line of a request', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: {
        'x-request-id': 'req-log-1',
        [FRONTEND_VERSION_HEADER]: 'env=production; build=abc1234; platform=ios; timestamp=2026-11-21T10:00:00Z',
      },
    });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => l.reqId === 'req-log-1');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const incoming = mine.find((l) => l.msg === 'incoming request') as { req: { frontendVersion: unknown } };
    expect(incoming.req.frontendVersion).toEqual({
      env: 'production',
      build: 'abc1234',
      platform: 'ios',
      timestamp: '2026-11-21T10:00:00Z',
    });
    for (const line of mine.filter((l) => l.msg !== 'incoming request')) expect(line.frontendVersion).toMatchObject({ build: 'abc1234' });
  });

  it('logs every refused authorization with who, what, when, where and the outcome', async () => {
    await app.inject({ method: 'GET', url: '/api/notices', headers: { 'x-request-id': 'req-log-2' }, remoteAddress: '10.20.30.40' });
    const refused = lines.find((l) => l.reqId === 'req-log-2' && l.event === 'authorization_refused');
    expect(refused).toMatchObject({
      userId: null,
      method: 'GET',
      url: '/api/notices',
      ip: '10.20.30.40',
      status: 401,
      code: 'unauthenticated',
    });
    expect(String(refused?.at)).toMatch(/Z$/);
  });

  it('never logs the bearer token', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Bearer secret-token-abcdefghijklmnop', 'x-request-id': 'req-log-3' },
    });
    expect(JSON.stringify(lines)).not.toContain('secret-token-abcdefghijklmnop');
  });
});
