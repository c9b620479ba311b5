import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS } from './cache-scope.ts';
import { parseCopy, serializeCopy } from './offline-cache-store.ts';
import { CACHE_FORMAT } from './persist-key.ts';

const state = {
  mutations: [],
  queries: [{ queryKey: ['user'], queryHash: '["user"]', state: { data: { id: 'ann' }, dataUpdatedAt: 1, status: 'success' } }],
} as unknown as DehydratedState;

describe('a stored copy of the query cache', () => {
  it('reads back what was written', () => {
    expect(parseCopy(serializeCopy(state, 1000), 2000)).toEqual(state);
  });

  it('is dropped when older than its maximum age, of another format, or unreadable', () => {
    expect(parseCopy(serializeCopy(state, 0), MAX_AGE_MS + 1)).toBeNull();
    const copy = JSON.parse(serializeCopy(state, 0)) as { format: string };
    expect(copy.format).toBe(CACHE_FORMAT);
    expect(parseCopy(JSON.stringify({ ...copy, format: 'v0' }), 1)).toBeNull();
    expect(parseCopy('{broken', 1)).toBeNull();
    expect(parseCopy(undefined, 1)).toBeNull();
  });
});
