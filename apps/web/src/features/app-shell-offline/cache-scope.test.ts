import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isPersistedKey, RECENT_LIMIT, trimToRecent } from './cache-scope.ts';

function query(queryKey: unknown[], dataUpdatedAt: number) {
  return { queryKey, queryHash: JSON.stringify(queryKey), state: { dataUpdatedAt, status: 'success', data: {} } };
}

function client(queries: ReturnType<typeof query>[]): DehydratedState {
  return { mutations: [], queries } as unknown as DehydratedState;
}

describe('what the offline copy keeps', () => {
  it('keeps identity, types, permissions, home, lists and records; not search or notifications', () => {
    for (const key of [
      ['user'],
      ['entity-types', 'lite'],
      ['permissions-v2'],
      ['home', 'navigation'],
      ['entity-list', 'x'],
      ['record', 'x', '1'],
    ]) {
      expect(isPersistedKey(key)).toBe(true);
    }
    for (const key of [['global-search', 't'], ['notifications'], ['admin-logins'], ['health']]) expect(isPersistedKey(key)).toBe(false);
  });

  it('keeps the most recently opened lists and records within their limits', () => {
    const limit = RECENT_LIMIT.record ?? 0;
    const records = Array.from({ length: limit + 5 }, (_, i) => query(['record', 'incident', String(i)], i));
    const trimmed = trimToRecent(client([query(['user'], 0), ...records]));
    const kept = trimmed.queries.map((q) => q.queryKey);
    expect(kept).toContainEqual(['user']);
    expect(kept.filter((k) => k[0] === 'record')).toHaveLength(limit);
    // The five oldest are left out.
    expect(kept).not.toContainEqual(['record', 'incident', '0']);
    expect(kept).toContainEqual(['record', 'incident', String(limit + 4)]);
  });
});
