/**
 * Which user's copy of the query cache this device may open (issue 22). Each signed-in user has
 * their own IndexedDB entry, named by their user id; the session token is tied to that entry
 * when GET /user answers. At start, with no network, the token in localStorage finds its owner's
 * entry again: a token of another user (a new sign-in on the same device) finds none, so nothing
 * of the previous user is ever shown to them.
 */

/** Raised whenever the shape of what is persisted changes: older copies are then dropped. */
export const CACHE_FORMAT = 'v1';

/** The localStorage entry that ties the current session token to its user's cache. */
export const OWNER_STORAGE_KEY = 'turnout.offline.owner';

/** The IndexedDB key of one user's copy of the query cache. */
export function persistKeyOf(user: { id: string }): string {
  if (!user.id) throw new Error('a cache key needs a user id');
  return `query-cache:${CACHE_FORMAT}:${user.id}`;
}

/**
 * A short, stable fingerprint of a session token (FNV-1a, 2 × 32 bits), so the token itself is
 * not copied into a second storage entry. It only tells one session from another.
 */
export function sessionFingerprint(token: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < token.length; i += 1) {
    const c = token.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193 + 2 * i + 1);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

interface Owner {
  session: string;
  key: string;
}

function read(storage: Storage | undefined): Owner | null {
  try {
    const raw = storage?.getItem(OWNER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Owner>;
    return typeof parsed.session === 'string' && typeof parsed.key === 'string' ? { session: parsed.session, key: parsed.key } : null;
  } catch {
    return null;
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The cache key of the user this token was seen with, or null for a token not seen yet. */
export function cacheKeyForSession(token: string | null, storage = browserStorage()): string | null {
  if (!token) return null;
  const owner = read(storage);
  return owner && owner.session === sessionFingerprint(token) ? owner.key : null;
}

/** The cache key of whoever was last tied to a session here (to clear it when they sign out). */
export function lastCacheKey(storage = browserStorage()): string | null {
  return read(storage)?.key ?? null;
}

/** Ties `token` to `key` (after GET /user answered for it). */
export function rememberSessionOwner(token: string, key: string, storage = browserStorage()): void {
  try {
    storage?.setItem(OWNER_STORAGE_KEY, JSON.stringify({ session: sessionFingerprint(token), key } satisfies Owner));
  } catch {
    // Storage full or blocked: the app works, only without an offline start.
  }
}

export function forgetSessionOwner(storage = browserStorage()): void {
  try {
    storage?.removeItem(OWNER_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
