import { dehydrate, hydrate, IsRestoringProvider, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@turnout/shared';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { authStore } from '../../api/auth-store.ts';
import { USER_QUERY_KEY } from '../identity/user-query-key.ts';
import { isPersistedKey, MAX_AGE_MS } from './cache-scope.ts';
import { type CopyWriter, readCopy, removeCopy, writerFor } from './offline-cache-store.ts';
import { cacheKeyForSession, forgetSessionOwner, lastCacheKey, persistKeyOf, rememberSessionOwner } from './persist-key.ts';

/** Keys that do not depend on who is signed in. */
const SESSION_INDEPENDENT = new Set(['health']);

/** Whose queries this tab holds in memory (a cache key), as a tiny external store. */
function createMemoryOwner() {
  let owner: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => owner,
    set(next: string | null) {
      if (next === owner) return;
      owner = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function userIdOfKey(key: string | null): string | null {
  return key ? (key.split(':').pop() ?? null) : null;
}

/**
 * Keeps the signed-in user's lists, records, entity types and identity in IndexedDB and puts
 * them back at start (issue 22, decision 0033), so the app opens and shows them with no network.
 * The copy belongs to one user: a session token is tied to it only by a GET /user (or sign-in)
 * answer received while that token is current; a sign-out drops the copy.
 */
export function OfflineCache({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [memoryOwner] = useState(createMemoryOwner);
  const [restoring, setRestoring] = useState(() => cacheKeyForSession(authStore.token()) !== null);
  const writing = useRef<CopyWriter | null>(null);

  // At start: the copy of whoever this token belongs to, if this device has one.
  useEffect(() => {
    const key = cacheKeyForSession(authStore.token());
    if (!key) {
      setRestoring(false);
      return;
    }
    let live = true;
    readCopy(key)
      .then((state) => {
        if (!live || !state) return;
        // Only a copy whose user is the one its key names is used (never another user's data).
        const user = state.queries.find((q) => q.queryKey[0] === USER_QUERY_KEY[0])?.state.data as CurrentUser | undefined;
        if (!user?.id || persistKeyOf(user) !== key) return;
        hydrate(queryClient, state, { defaultOptions: { queries: { gcTime: MAX_AGE_MS } } });
        // The copy is what the device last saw, written up to a second late: shown at once, but
        // never taken as fresh. Every restored query is fetched again when the screen asks for it
        // and the network answers (a reload after a save showed the value before the save).
        void queryClient.invalidateQueries({ refetchType: 'none' });
        memoryOwner.set(key);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setRestoring(false);
      });
    return () => {
      live = false;
    };
  }, [queryClient, memoryOwner]);

  // A user answer ties the current token to that user's copy; another user's data leaves memory.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== USER_QUERY_KEY[0]) return;
        const user = event.query.state.data as CurrentUser | undefined;
        if (!user?.id) return;
        const key = persistKeyOf(user);
        const previous = userIdOfKey(memoryOwner.get());
        if (previous && previous !== user.id) {
          memoryOwner.set(null);
          queryClient.removeQueries({
            predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] && !SESSION_INDEPENDENT.has(String(query.queryKey[0])),
          });
        }
        // Sign-in sets the user just before the token: read the token once that has happened.
        queueMicrotask(() => {
          const token = authStore.token();
          if (!token) return;
          rememberSessionOwner(token, key);
          memoryOwner.set(key);
        });
      }),
    [queryClient, memoryOwner],
  );

  // Signing out (by choice, a 401, another tab) drops the copy of the user who left.
  useEffect(
    () =>
      authStore.subscribe(() => {
        if (authStore.token()) return;
        // Stop writing at once: the memory is being cleared and must not land in any copy.
        writing.current?.close();
        const keys = new Set([memoryOwner.get(), lastCacheKey()].filter((k): k is string => k !== null));
        memoryOwner.set(null);
        forgetSessionOwner();
        for (const key of keys) void removeCopy(key);
      }),
    [memoryOwner],
  );

  // While the owner is known, every change of a kept query is written to their copy.
  const owner = useSyncExternalStore(memoryOwner.subscribe, memoryOwner.get, () => null);
  useEffect(() => {
    if (restoring || !owner) return;
    const writer = writerFor(owner);
    writing.current = writer;
    const snapshot = () =>
      dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersistedKey(query.queryKey) });
    writer.schedule(snapshot);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if ((event.type === 'added' || event.type === 'removed' || event.type === 'updated') && isPersistedKey(event.query.queryKey)) {
        writer.schedule(snapshot);
      }
    });
    return () => {
      unsubscribe();
      writer.close();
    };
  }, [queryClient, restoring, owner]);

  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
