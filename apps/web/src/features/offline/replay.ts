import { ApiError, isSignedOut } from '../../api/errors.ts';
import { mergeEdit, type Values } from './merge.ts';
import { isNetworkFailure } from './network.ts';
import {
  keepDraft,
  type Owner,
  type QueuedFile,
  type QueuedSave,
  queuedSaves,
  removeQueuedSave,
  storedFile,
  updateQueuedSave,
} from './offline-store.ts';

/** A file reference whose bytes still wait in the queue: `{ id: 'offline-file:<id>', … }`. */
export const QUEUED_FILE_PREFIX = 'offline-file:';
export const queuedFileRef = (id: string) => `${QUEUED_FILE_PREFIX}${id}`;
export const isQueuedFileRef = (id: unknown): id is string => typeof id === 'string' && id.startsWith(QUEUED_FILE_PREFIX);

export interface SavedRecord {
  id: string;
  version: number;
  [property: string]: unknown;
}

/** The server calls a replay makes (the real ones in offline-api.ts; fakes in tests). */
export interface ReplayApi {
  /** POST /files with offline_id (the queued file's id) and client_entity_id when the record exists. */
  uploadFile(file: QueuedFile, clientEntityId: string | null): Promise<Values & { id: string }>;
  create(typeName: string, body: Values): Promise<SavedRecord>;
  update(typeName: string, id: string, body: Values): Promise<SavedRecord>;
}

export type ReplayOutcome =
  /** Saved (after a merge when `merged`); a conflict left for the person when `conflicts`. */
  | { kind: 'saved'; item: QueuedSave; record: SavedRecord; conflicts: boolean }
  /** Kept in the queue: no network, the session ended, or the server failed (5xx); try later. */
  | { kind: 'waiting'; item: QueuedSave }
  /** Refused (422 or another 4xx): now an unsaved draft with the server's messages. */
  | { kind: 'draft'; item: QueuedSave; errors: Record<string, string[]> }
  /** Both sides changed the same field: a draft the person resolves in the record screen. */
  | { kind: 'conflict'; item: QueuedSave };

/** Failures that mean "try again later" rather than "the server refused this save". */
export function isRetryable(error: unknown): boolean {
  if (isSignedOut(error)) return true;
  if (error instanceof ApiError)
    return error.statusCode === 0 || error.statusCode === 408 || error.statusCode === 429 || error.statusCode >= 500;
  return isNetworkFailure(error);
}

const currentOf = (error: unknown): SavedRecord | null => {
  if (!(error instanceof ApiError) || error.statusCode !== 409) return null;
  const data = (error.body as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' && typeof (data as SavedRecord).version === 'number' ? (data as SavedRecord) : null;
};

/** Replaces queued file references in the values with the uploaded files' references. */
export function withUploadedFiles(values: Values, uploaded: ReadonlyMap<string, Values>): Values {
  const swap = (ref: unknown): unknown => {
    if (!ref || typeof ref !== 'object' || Array.isArray(ref)) return ref;
    const id = (ref as { id?: unknown }).id;
    if (!isQueuedFileRef(id)) return ref;
    return uploaded.get(id.slice(QUEUED_FILE_PREFIX.length)) ?? ref;
  };
  return Object.fromEntries(
    Object.entries(values).map(([property, value]) => [property, Array.isArray(value) ? value.map(swap) : swap(value)]),
  );
}

/** The queued file ids the values refer to. */
export function queuedFileIds(values: Values): string[] {
  const ids: string[] = [];
  for (const value of Object.values(values)) {
    for (const ref of Array.isArray(value) ? value : [value]) {
      const id = ref && typeof ref === 'object' ? (ref as { id?: unknown }).id : undefined;
      if (isQueuedFileRef(id)) ids.push(id.slice(QUEUED_FILE_PREFIX.length));
    }
  }
  return ids;
}

/** Uploads the queued files the values refer to (each once: the server knows a retried offline_id). */
export async function uploadQueuedFiles(api: ReplayApi, owner: Owner, values: Values, recordId: string | null): Promise<Values> {
  const ids = queuedFileIds(values);
  if (ids.length === 0) return values;
  const uploaded = new Map<string, Values>();
  await Promise.all(
    ids.map(async (id) => {
      const file = await storedFile(owner, id);
      if (file) uploaded.set(id, await api.uploadFile(file, recordId));
    }),
  );
  return withUploadedFiles(values, uploaded);
}

const MAX_MERGE_ROUNDS = 3;

async function toDraft(owner: Owner, item: QueuedSave, errors: Record<string, string[]>, conflicts: Values = {}, base?: SavedRecord) {
  await keepDraft(owner, {
    offline_id: item.offline_id,
    type_name: item.type_name,
    type_label: item.type_label,
    record_id: item.record_id,
    base_version: base?.version ?? item.base_version,
    base_values: base ? Object.fromEntries(Object.keys(item.changes).map((p) => [p, base[p]])) : item.base_values,
    changes: item.changes,
    file_ids: item.file_ids,
    errors,
    conflicts,
    // A refused save keeps the place it was made in: items replayed in parallel end in any order.
    seq: item.seq,
  });
  await removeQueuedSave(owner, item.offline_id, true);
}

/**
 * One queued save: its files first, then the save; a stale version is merged field by field
 * (device-only changes saved on the server's version; same-field clashes become a draft).
 */
export async function replayOne(api: ReplayApi, owner: Owner, item: QueuedSave): Promise<ReplayOutcome> {
  try {
    const changes = await uploadQueuedFiles(api, owner, item.changes, item.record_id);
    let record: SavedRecord;
    let conflicts: Values = {};
    if (item.record_id === null) {
      record = await api.create(item.type_name, { ...changes, offline_id: item.offline_id });
    } else {
      let body: Values = changes;
      let version = item.base_version;
      let base: Values = item.base_values;
      let mine: Values = {};
      for (let round = 0; ; round += 1) {
        try {
          record = await api.update(item.type_name, item.record_id, { ...body, version });
          break;
        } catch (error) {
          const current = currentOf(error);
          if (!current || round >= MAX_MERGE_ROUNDS) throw error;
          const merged = mergeEdit(body, base, current);
          conflicts = { ...conflicts, ...merged.conflicts };
          mine = { ...mine, ...merged.mine };
          if (Object.keys(merged.apply).length === 0) {
            record = current;
            break;
          }
          // Another save between our read and write: the applied fields' base is now the server's.
          base = Object.fromEntries(Object.keys(merged.apply).map((p) => [p, current[p]]));
          body = merged.apply;
          version = current.version;
        }
      }
      if (Object.keys(conflicts).length > 0) {
        await toDraft(owner, { ...item, changes: mine }, {}, conflicts, record);
        return { kind: 'saved', item, record, conflicts: true };
      }
    }
    await removeQueuedSave(owner, item.offline_id);
    return { kind: 'saved', item, record, conflicts: false };
  } catch (error) {
    if (isRetryable(error)) {
      await updateQueuedSave({ ...item, attempts: item.attempts + 1 });
      return { kind: 'waiting', item };
    }
    const errors =
      error instanceof ApiError && Object.keys(error.fieldErrors).length > 0
        ? error.fieldErrors
        : { '': [error instanceof Error ? error.message : String(error)] };
    await toDraft(owner, item, errors);
    return { kind: 'draft', item, errors };
  }
}

let running: Promise<ReplayOutcome[]> | null = null;

/** The whole queue, items in parallel; one run at a time (a second call joins the running one). */
export function replayQueue(api: ReplayApi, owner: Owner, onOutcome?: (outcome: ReplayOutcome) => void): Promise<ReplayOutcome[]> {
  running ??= (async () => {
    try {
      const items = await queuedSaves(owner);
      return await Promise.all(
        items.map(async (item) => {
          const outcome = await replayOne(api, owner, item);
          onOutcome?.(outcome);
          return outcome;
        }),
      );
    } finally {
      running = null;
    }
  })();
  return running;
}
