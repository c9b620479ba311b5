import { useEffect, useState } from 'react';
import { offlineOwner } from './offline-context.tsx';
import { storedFile, storeFile } from './offline-store.ts';
import { isQueuedFileRef, QUEUED_FILE_PREFIX, queuedFileRef } from './replay.ts';

export interface QueuedFileReference {
  id: string;
  original_name: string;
  size_bytes: number;
  is_restricted: boolean;
}

/**
 * A file picked while offline (spec 02 §4): its bytes are kept on the device and the field holds
 * a reference to them (`offline-file:<id>`); the queue uploads them before the save. Null outside
 * a session (a public form cannot queue).
 */
export async function keepFileOffline(
  file: File,
  options: { entityFieldId?: string | undefined; isRestricted?: boolean | undefined },
): Promise<QueuedFileReference | null> {
  const owner = offlineOwner();
  if (!owner) return null;
  const id = crypto.randomUUID();
  await storeFile(owner, {
    id,
    blob: file,
    name: file.name,
    entity_field_id: options.entityFieldId ?? null,
    is_restricted: options.isRestricted === true,
  });
  return { id: queuedFileRef(id), original_name: file.name, size_bytes: file.size, is_restricted: options.isRestricted === true };
}

export { isQueuedFileRef };

/** An object URL of a queued file's bytes (for its preview), while mounted. */
export function useQueuedFileUrl(ref: string | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    const owner = offlineOwner();
    if (!ref || !isQueuedFileRef(ref) || !owner) return;
    let objectUrl: string | undefined;
    let live = true;
    void storedFile(owner, ref.slice(QUEUED_FILE_PREFIX.length)).then((file) => {
      if (!live || !file) return;
      objectUrl = URL.createObjectURL(file.blob);
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [ref]);
  return url;
}
