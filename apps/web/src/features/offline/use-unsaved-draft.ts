import { useEffect, useState } from 'react';
import { useOfflineQueue } from './offline-context.tsx';
import { type UnsavedDraft, unsavedDraft } from './offline-store.ts';

/** The draft a record screen continues (`?draft=` offline_id): undefined while loading, null when gone or another user's. */
export function useUnsavedDraft(draftId: string | undefined): UnsavedDraft | null | undefined {
  const offline = useOfflineQueue();
  const owner = offline?.owner;
  const [draft, setDraft] = useState<UnsavedDraft | null | undefined>(draftId ? undefined : null);
  useEffect(() => {
    if (!draftId || !owner) {
      setDraft(null);
      return;
    }
    let live = true;
    void unsavedDraft(owner, draftId).then((found) => {
      if (live) setDraft(found);
    });
    return () => {
      live = false;
    };
  }, [draftId, owner]);
  return draft;
}
