import type { FastifyInstance } from 'fastify';

/**
 * A short-lived cache of what nearly every request reads and hardly any changes: the caller's
 * session, an entity type with its fields, and the inputs of the permission guard. Each entry lives at most
 * `READ_CACHE_MS` (default 2 s); a write in this process that changes such data forgets the
 * whole cache of its database at once (`forgetReads`), so this process never serves its own
 * stale writes, and another server process serves them for at most that long
 * (docs/decisions/0012-list-performance.md). Values are frozen: a caller that tried to change
 * a shared value would throw instead of leaking the change into other requests.
 */

const TTL_MS = Number(process.env.READ_CACHE_MS ?? 2000);

interface Entry {
  at: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The cached value of `key` for this database, or `load()`'s (shared by concurrent callers). */
export function cachedRead<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  if (TTL_MS <= 0) return load();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = performance.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = load().then(deepFreeze);
  const entry = { at: now, value };
  // Keys per session or user come and go: past a few thousand, drop the expired ones.
  if (cache.size >= 5000) for (const [k, e] of cache) if (now - e.at >= TTL_MS) cache.delete(k);
  cache.set(key, entry);
  // A failed read is not remembered.
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Forgets one cached read of this database. */
export function forgetRead(db: object, key: string): void {
  caches.get(db)?.delete(key);
}

/** Forgets every cached read of this database: call after writing types, fields, permissions or personnel. */
export function forgetReads(db: object): void {
  caches.delete(db);
}

/** Forgets the cached reads of the app's database before answering any write of this plugin. */
export function forgetReadsAfterWrites(app: FastifyInstance): void {
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') forgetReads(app.db.kysely);
  });
}
