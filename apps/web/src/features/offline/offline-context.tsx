import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useCurrentUser } from '../identity/current-user.tsx';
import { replayApi } from './offline-api.ts';
import {
  clearQueue,
  discardDraft,
  type NewSave,
  type Owner,
  type QueuedSave,
  queuedSaves,
  queueSave,
  removeQueuedSave,
  type UnsavedDraft,
  unsavedDrafts,
} from './offline-store.ts';
import { type ReplayOutcome, replayQueue } from './replay.ts';

/** Spec 01 §8, 02 §8: danger, 10 s; also raised on a 'Failed to fetch' error. */
export const OFFLINE_MESSAGE =
  'Your device appears to be offline. The entry has been saved and will be uploaded to the server when you reconnect.';
export const QUEUED_SAVED_MESSAGE = 'A queued entity was saved successfully.';
export const DRAFT_KEPT_MESSAGE = 'A queued entry could not be saved. It is kept as an unsaved draft: open it to see why.';
export const CONFLICT_MESSAGE =
  'A queued entry was changed on the server meanwhile. The other changes were saved; open the unsaved draft to choose between the values.';

/** Periodic retry while items wait: 5 s, doubling, at most 5 minutes. */
export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 300_000;
export const nextRetryDelay = (attempt: number) => Math.min(RETRY_FIRST_MS * 2 ** attempt, RETRY_MAX_MS);

export interface OfflineQueue {
  owner: Owner;
  queued: QueuedSave[];
  drafts: UnsavedDraft[];
  /** Queues a save and shows the offline message. */
  queue(save: NewSave): Promise<void>;
  uploadNow(): Promise<void>;
  removeQueued(offlineId: string): Promise<void>;
  discardQueue(): Promise<void>;
  /** Drops a draft; `keepFiles` when its queued files live on (the draft was queued again). */
  discardDraft(offlineId: string, keepFiles?: boolean): Promise<void>;
  /** Reads the queue and drafts again (after a draft was saved elsewhere). */
  refresh(): Promise<void>;
}

const OfflineContext = createContext<OfflineQueue | null>(null);

/** The offline queue of the signed-in user, or null outside a session (public forms, kiosk). */
export const useOfflineQueue = () => useContext(OfflineContext);

let currentOwner: Owner | null = null;
/** The signed-in user of this device (files picked offline are stored for them). */
export const offlineOwner = () => currentOwner;

/**
 * Holds this user's offline queue and drafts (spec 01 §4, 02 §4) and replays the queue on the
 * `online` event, on app start, on 'Upload now', and on a periodic retry with back-off.
 */
export function OfflineQueueProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const owner = useMemo<Owner>(() => ({ userId: user.id, tenantId: user.tenant_id }), [user.id, user.tenant_id]);
  currentOwner = owner;
  const [queued, setQueued] = useState<QueuedSave[]>([]);
  const [drafts, setDrafts] = useState<UnsavedDraft[]>([]);
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | null; attempt: number }>({ timer: null, attempt: 0 });

  const refresh = useCallback(async () => {
    const [q, d] = await Promise.all([queuedSaves(owner), unsavedDrafts(owner)]);
    setQueued(q);
    setDrafts(d);
  }, [owner]);

  const onOutcome = useCallback((outcome: ReplayOutcome) => {
    if (outcome.kind === 'saved') {
      notifications.show({ color: 'green', message: QUEUED_SAVED_MESSAGE });
      if (outcome.conflicts) notifications.show({ color: 'yellow', message: CONFLICT_MESSAGE, autoClose: 10_000 });
    } else if (outcome.kind === 'draft') {
      notifications.show({ color: 'red', message: DRAFT_KEPT_MESSAGE, autoClose: 10_000 });
    }
  }, []);

  const replay = useCallback(async () => {
    if (retry.current.timer) clearTimeout(retry.current.timer);
    retry.current.timer = null;
    let outcomes: ReplayOutcome[] = [];
    try {
      outcomes = await replayQueue(replayApi, owner, onOutcome);
    } finally {
      await refresh();
    }
    if (outcomes.some((o) => o.kind !== 'waiting')) void queryClient.invalidateQueries();
    const waiting = outcomes.some((o) => o.kind === 'waiting');
    retry.current.attempt = waiting ? retry.current.attempt + 1 : 0;
    if (waiting) retry.current.timer = setTimeout(() => void replay(), nextRetryDelay(retry.current.attempt - 1));
  }, [owner, onOutcome, refresh, queryClient]);

  useEffect(() => {
    void refresh().then(() => (navigator.onLine ? replay() : undefined));
    const online = () => void replay();
    window.addEventListener('online', online);
    const state = retry.current;
    return () => {
      window.removeEventListener('online', online);
      if (state.timer) clearTimeout(state.timer);
    };
  }, [refresh, replay]);

  const value = useMemo<OfflineQueue>(
    () => ({
      owner,
      queued,
      drafts,
      queue: async (save) => {
        await queueSave(owner, save);
        notifications.show({ color: 'red', message: OFFLINE_MESSAGE, autoClose: 10_000 });
        await refresh();
        // Online but the request failed: the periodic retry picks it up.
        if (navigator.onLine && !retry.current.timer) retry.current.timer = setTimeout(() => void replay(), nextRetryDelay(0));
      },
      uploadNow: replay,
      removeQueued: async (id) => {
        await removeQueuedSave(owner, id);
        await refresh();
      },
      discardQueue: async () => {
        await clearQueue(owner);
        await refresh();
      },
      discardDraft: async (id, keepFiles) => {
        await discardDraft(owner, id, keepFiles);
        await refresh();
      },
      refresh,
    }),
    [owner, queued, drafts, refresh, replay],
  );
  return <OfflineContext.Provider value={value}>{children}</OfflineContext.Provider>;
}
