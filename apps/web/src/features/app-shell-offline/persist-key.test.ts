import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/memory-storage.ts';
import {
  CACHE_FORMAT,
  cacheKeyForSession,
  forgetSessionOwner,
  lastCacheKey,
  OWNER_STORAGE_KEY,
  persistKeyOf,
  rememberSessionOwner,
  sessionFingerprint,
} from './persist-key.ts';

describe('the per-user key of the offline copy', () => {
  it('names one entry per user, with the cache format', () => {
    expect(persistKeyOf({ id: 'u-1' })).toBe(`query-cache:${CACHE_FORMAT}:u-1`);
    expect(persistKeyOf({ id: 'u-1' })).not.toBe(persistKeyOf({ id: 'u-2' }));
    expect(() => persistKeyOf({ id: '' })).toThrow();
  });

  it('finds the copy of the user a token was seen with', () => {
    const storage = memoryStorage();
    rememberSessionOwner('token-of-ann', persistKeyOf({ id: 'ann' }), storage);
    expect(cacheKeyForSession('token-of-ann', storage)).toBe(persistKeyOf({ id: 'ann' }));
  });

  it("never gives another user's token the previous user's copy", () => {
    const storage = memoryStorage();
    rememberSessionOwner('token-of-ann', persistKeyOf({ id: 'ann' }), storage);
    expect(cacheKeyForSession('token-of-bob', storage)).toBeNull();
    expect(cacheKeyForSession(null, storage)).toBeNull();
    // Bob's first answer ties his token to his own copy; Ann's token no longer opens anything.
    rememberSessionOwner('token-of-bob', persistKeyOf({ id: 'bob' }), storage);
    expect(cacheKeyForSession('token-of-bob', storage)).toBe(persistKeyOf({ id: 'bob' }));
    expect(cacheKeyForSession('token-of-ann', storage)).toBeNull();
  });

  it('lets the same user signing in again reach their own copy', () => {
    const storage = memoryStorage();
    rememberSessionOwner('first-token', persistKeyOf({ id: 'ann' }), storage);
    rememberSessionOwner('second-token', persistKeyOf({ id: 'ann' }), storage);
    expect(cacheKeyForSession('second-token', storage)).toBe(persistKeyOf({ id: 'ann' }));
  });

  it('forgets the tie on sign-out and after garbage in storage', () => {
    const storage = memoryStorage();
    rememberSessionOwner('token-of-ann', persistKeyOf({ id: 'ann' }), storage);
    expect(lastCacheKey(storage)).toBe(persistKeyOf({ id: 'ann' }));
    forgetSessionOwner(storage);
    expect(cacheKeyForSession('token-of-ann', storage)).toBeNull();
    expect(lastCacheKey(storage)).toBeNull();
    storage.setItem(OWNER_STORAGE_KEY, '{not json');
    expect(cacheKeyForSession('token-of-ann', storage)).toBeNull();
    storage.setItem(OWNER_STORAGE_KEY, JSON.stringify({ session: 1, key: 2 }));
    expect(lastCacheKey(storage)).toBeNull();
  });

  it('keeps no copy of the token itself, only a fingerprint that tells tokens apart', () => {
    const storage = memoryStorage();
    const token = 'eyJhbGciOi.secret-token-value';
    rememberSessionOwner(token, persistKeyOf({ id: 'ann' }), storage);
    expect(storage.getItem(OWNER_STORAGE_KEY)).not.toContain(token);
    expect(sessionFingerprint(token)).toMatch(/^[0-9a-f]{16}$/);
    expect(sessionFingerprint(token)).toBe(sessionFingerprint(token));
    expect(sessionFingerprint(`${token}x`)).not.toBe(sessionFingerprint(token));
    expect(sessionFingerprint('ab')).not.toBe(sessionFingerprint('ba'));
  });
});
