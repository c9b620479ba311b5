import type { DehydratedState } from '@tanstack/react-query';
import { offlineDatabase } from '../offline/offline-store.ts';
import { MAX_AGE_MS, trimToRecent } from './cache-scope.ts';
import { CACHE_FORMAT } from './persist-key.ts';

/**
 * Each user's copy is one entry of the `query-cache` store of the device's offline database
 * (`turnout-offline`, opened with the queue's schema: offline/offline-store.ts).
 */
const STORE = 'query-cache';
/** Writes are gathered: at most one a second, with the latest state. */
const WRITE_EVERY_MS = 1000;

const get = async (key: string) => (await offlineDatabase()).get(STORE, key);
const set = async (key: string, value: string) => {
  await (await offlineDatabase()).put(STORE, value, key);
};
const del = async (key: string) => (await offlineDatabase()).delete(STORE, key);

interface StoredCopy {
  format: string;
  savedAt: number;
  state: DehydratedState;
}

/** Reads a stored copy as it was written (JSON); null when it is of another format or too old. */
export function parseCopy(raw: unknown, now = Date.now()): DehydratedState | null {
  if (typeof raw !== 'string') return null;
  try {
    const copy = JSON.parse(raw) as Partial<StoredCopy>;
    if (copy.format !== CACHE_FORMAT || typeof copy.savedAt !== 'number' || !copy.state) return null;
    if (now - copy.savedAt > MAX_AGE_MS) return null;
    return copy.state;
  } catch {
    return null;
  }
}

export function serializeCopy(state: DehydratedState, now = Date.now()): string {
  return JSON.stringify({ format: CACHE_FORMAT, savedAt: now, state: trimToRecent(state) } satisfies StoredCopy);
}

/** One user's copy (key from persistKeyOf); a copy too old or of an older format is dropped. */
export async function readCopy(key: string): Promise<DehydratedState | null> {
  try {
    const raw = await get(key);
    const state = parseCopy(raw);
    if (raw !== undefined && !state) await del(key);
    return state;
  } catch {
    return null;
  }
}

export interface CopyWriter {
  /** Asks for a write; `snapshot` runs when the write happens, so the latest state is kept. */
  schedule(snapshot: () => DehydratedState): void;
  /** Stops writing: a write still waiting is dropped (after a sign-out). */
  close(): void;
}

export function writerFor(key: string): CopyWriter {
  let open = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: (() => DehydratedState) | null = null;
  const flush = () => {
    timer = null;
    if (!open || !latest) return;
    const snapshot = latest;
    latest = null;
    void set(key, serializeCopy(snapshot())).catch(() => undefined);
  };
  return {
    schedule(snapshot) {
      if (!open) return;
      latest = snapshot;
      timer ??= setTimeout(flush, WRITE_EVERY_MS);
    },
    close() {
      open = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** Drops one user's copy (sign-out). */
export async function removeCopy(key: string): Promise<void> {
  await del(key).catch(() => undefined);
}
