import { healthResponse } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { healthParser } from './health.ts';

describe('healthParser', () => {
  const ok = {
    status: 'ok',
    version: '0.1.0',
    build_hash: 'abc1234',
    environment: 'development',
    database: { kind: 'pglite', ok: true, latency_ms: 1.2 },
  };

  it('accepts what the shared contract accepts', () => {
    for (const body of [ok, { ...ok, status: 'degraded', database: { kind: 'postgres', ok: false, latency_ms: null } }]) {
      expect(healthParser.parse(body)).toEqual(healthResponse.parse(body));
    }
  });

  it('refuses what the shared contract refuses', () => {
    for (const body of [
      null,
      {},
      { ...ok, status: 'down' },
      { ...ok, environment: 3 },
      { ...ok, database: { ...ok.database, kind: 'mysql' } },
      { ...ok, database: { ...ok.database, latency_ms: '1' } },
      { ...ok, database: undefined },
    ]) {
      expect(healthResponse.safeParse(body).success).toBe(false);
      expect(() => healthParser.parse(body)).toThrow();
    }
  });
});
