import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The device's offline store (spec 01 §4, 02 §4, §9; docs/decisions/0034): queued saves keyed by
 * offline_id, the file bytes they wait to upload, and up to 5 unsaved drafts per user. Every row
 * names its owner (`owner`: user id and tenant id) and is read only for that owner, so another
 * user of the device never sees it. Rows carry `format`, so an app update can read older rows.
 * Order comes from a counter kept in the store, never from the device's clock.
 */

export const OFFLINE_DB_NAME = 'turnout-offline';
export const OFFLINE_FORMAT = 1;
/** Unsaved entities kept locally (spec 02 §9). */
export const MAX_DRAFTS = 5;

export type Values = Record<string, unknown>;

export interface Owner {
  userId: string;
  tenantId: string | null;
}

/** A save waiting for the network. */
export interface QueuedSave {
  offline_id: string;
  format: number;
  owner: string;
  type_name: string;
  type_label: string;
  /** The record edited; null for an add (then `offline_id` is the new record's offline_id). */
  record_id: string | null;
  /** The server version the edit was based on (null for an add). */
  base_version: number | null;
  /** The server's values of the changed fields when the edit was made (for the merge). */
  base_values: Values;
  /** The values to save (an add: every value entered; an edit: what changed). */
  changes: Values;
  /** Ids of queued files (the `files` store) this save refers to. */
  file_ids: string[];
  /** Order of queueing on this device (a counter, not a clock). */
  seq: number;
  attempts: number;
}

/** A save the server refused, or a merge that needs the person: kept until fixed or discarded. */
export interface UnsavedDraft {
  offline_id: string;
  format: number;
  owner: string;
  type_name: string;
  type_label: string;
  record_id: string | null;
  base_version: number | null;
  base_values: Values;
  changes: Values;
  file_ids: string[];
  /** The server's per-field messages (a 422), shown when the draft is opened. */
  errors: Record<string, string[]>;
  /** Fields changed here and on the server to different values: the server's value of each. */
  conflicts: Record<string, unknown>;
  seq: number;
}

/** A file picked while offline: its bytes wait here until the queue uploads them. */
export interface QueuedFile {
  id: string;
  format: number;
  owner: string;
  blob: Blob;
  name: string;
  entity_field_id: string | null;
  is_restricted: boolean;
}

interface OfflineSchema extends DBSchema {
  queue: { key: string; value: QueuedSave; indexes: { owner: string } };
  drafts: { key: string; value: UnsavedDraft; indexes: { owner: string } };
  files: { key: string; value: QueuedFile; indexes: { owner: string } };
  meta: { key: string; value: number };
  /** The app shell's per-user copy of the query cache (app-shell-offline/offline-cache-store.ts). */
  'query-cache': { key: string; value: string };
}

export const ownerKey = (owner: Owner) => `${owner.userId}:${owner.tenantId ?? ''}`;

/**
 * Version 2: one schema for the queue's stores and the app shell's `query-cache`. Version 1 was
 * opened by two modules with different stores (the queue through `idb`, the cache through
 * idb-keyval), so whichever opened first created the database without the other's store; the
 * upgrade adds every store a device's database lacks and keeps the rows it has.
 */
export const OFFLINE_DB_VERSION = 2;

let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDatabase(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db) {
      const has = (name: string) => db.objectStoreNames.contains(name as never);
      if (!has('queue')) db.createObjectStore('queue', { keyPath: 'offline_id' }).createIndex('owner', 'owner');
      if (!has('drafts')) db.createObjectStore('drafts', { keyPath: 'offline_id' }).createIndex('owner', 'owner');
      if (!has('files')) db.createObjectStore('files', { keyPath: 'id' }).createIndex('owner', 'owner');
      if (!has('meta')) db.createObjectStore('meta');
      if (!has('query-cache')) db.createObjectStore('query-cache');
    },
    // Another tab opened a newer version: let it upgrade; the next call opens again.
    blocking() {
      void closeOfflineStore();
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

const database = offlineDatabase;

/** Closes the store (tests delete the database between cases). */
export async function closeOfflineStore(): Promise<void> {
  if (!opening) return;
  const db = await opening;
  opening = null;
  db.close();
}

async function nextSeq(): Promise<number> {
  const db = await database();
  const tx = db.transaction('meta', 'readwrite');
  const seq = ((await tx.store.get('seq')) ?? 0) + 1;
  await tx.store.put(seq, 'seq');
  await tx.done;
  return seq;
}

/** Rows of an older format are brought up to this one here (none yet: format 1 is the first). */
const upgradeSave = (row: QueuedSave): QueuedSave => ({ ...row, base_values: row.base_values ?? {}, file_ids: row.file_ids ?? [] });
const upgradeDraft = (row: UnsavedDraft): UnsavedDraft => ({
  ...row,
  errors: row.errors ?? {},
  conflicts: row.conflicts ?? {},
  file_ids: row.file_ids ?? [],
});

export type NewSave = Omit<QueuedSave, 'format' | 'owner' | 'seq' | 'attempts'>;

/**
 * Queues a save. A second edit of a record that already waits in the queue joins that item: its
 * changes go on top, and the base (version and values) stays the one the first edit started from.
 */
export async function queueSave(owner: Owner, save: NewSave): Promise<QueuedSave> {
  const seq = await nextSeq();
  const db = await database();
  const tx = db.transaction('queue', 'readwrite');
  const key = ownerKey(owner);
  let row: QueuedSave = { ...save, format: OFFLINE_FORMAT, owner: key, seq, attempts: 0 };
  if (save.record_id !== null) {
    const mine = await tx.store.index('owner').getAll(key);
    const earlier = mine.find((q) => q.record_id === save.record_id && q.type_name === save.type_name);
    if (earlier) {
      const base_values = { ...save.base_values, ...earlier.base_values };
      row = {
        ...earlier,
        changes: { ...earlier.changes, ...save.changes },
        base_values,
        file_ids: [...new Set([...earlier.file_ids, ...save.file_ids])],
        seq,
      };
    }
  } else {
    const same = await tx.store.get(save.offline_id);
    if (same && same.owner === key) row = { ...same, ...save, seq };
  }
  await tx.store.put(row);
  await tx.done;
  return row;
}

export async function queuedSaves(owner: Owner): Promise<QueuedSave[]> {
  const db = await database();
  const rows = await db.getAllFromIndex('queue', 'owner', ownerKey(owner));
  return rows.map(upgradeSave).sort((a, b) => a.seq - b.seq);
}

export async function queuedSave(owner: Owner, offlineId: string): Promise<QueuedSave | null> {
  const db = await database();
  const row = await db.get('queue', offlineId);
  return row && row.owner === ownerKey(owner) ? upgradeSave(row) : null;
}

export async function updateQueuedSave(row: QueuedSave): Promise<void> {
  const db = await database();
  await db.put('queue', row);
}

/** Removes a queued save and, unless a draft keeps them, its files. */
export async function removeQueuedSave(owner: Owner, offlineId: string, keepFiles = false): Promise<void> {
  const db = await database();
  const row = await db.get('queue', offlineId);
  if (!row || row.owner !== ownerKey(owner)) return;
  const tx = db.transaction(['queue', 'files'], 'readwrite');
  await tx.objectStore('queue').delete(offlineId);
  if (!keepFiles) for (const id of row.file_ids) await tx.objectStore('files').delete(id);
  await tx.done;
}

/** Dumps this owner's whole queue (after the person confirmed). */
export async function clearQueue(owner: Owner): Promise<void> {
  for (const row of await queuedSaves(owner)) await removeQueuedSave(owner, row.offline_id);
}

export async function storeFile(owner: Owner, file: Omit<QueuedFile, 'format' | 'owner'>): Promise<QueuedFile> {
  const db = await database();
  const row: QueuedFile = { ...file, format: OFFLINE_FORMAT, owner: ownerKey(owner) };
  await db.put('files', row);
  return row;
}

export async function storedFile(owner: Owner, id: string): Promise<QueuedFile | null> {
  const db = await database();
  const row = await db.get('files', id);
  return row && row.owner === ownerKey(owner) ? row : null;
}

export async function removeFile(id: string): Promise<void> {
  const db = await database();
  await db.delete('files', id);
}

export type NewDraft = Omit<UnsavedDraft, 'format' | 'owner' | 'seq'> & {
  /** When the entry was made (a refused queued save keeps its place); a new number otherwise. */
  seq?: number;
};

/**
 * Keeps a draft, newest first; past 5 the oldest goes (with its files). Answers what was dropped.
 */
export async function keepDraft(owner: Owner, draft: NewDraft): Promise<UnsavedDraft[]> {
  const seq = draft.seq ?? (await nextSeq());
  const db = await database();
  const key = ownerKey(owner);
  const tx = db.transaction(['drafts', 'files'], 'readwrite');
  const drafts = tx.objectStore('drafts');
  await drafts.put({ ...draft, format: OFFLINE_FORMAT, owner: key, seq });
  const mine = (await drafts.index('owner').getAll(key)).sort((a, b) => b.seq - a.seq);
  const dropped = mine.slice(MAX_DRAFTS);
  for (const old of dropped) {
    await drafts.delete(old.offline_id);
    for (const id of old.file_ids) await tx.objectStore('files').delete(id);
  }
  await tx.done;
  return dropped;
}

/** This owner's drafts, newest first. */
export async function unsavedDrafts(owner: Owner): Promise<UnsavedDraft[]> {
  const db = await database();
  const rows = await db.getAllFromIndex('drafts', 'owner', ownerKey(owner));
  return rows.map(upgradeDraft).sort((a, b) => b.seq - a.seq);
}

export async function unsavedDraft(owner: Owner, offlineId: string): Promise<UnsavedDraft | null> {
  const db = await database();
  const row = await db.get('drafts', offlineId);
  return row && row.owner === ownerKey(owner) ? upgradeDraft(row) : null;
}

export async function discardDraft(owner: Owner, offlineId: string, keepFiles = false): Promise<void> {
  const db = await database();
  const row = await db.get('drafts', offlineId);
  if (!row || row.owner !== ownerKey(owner)) return;
  const tx = db.transaction(['drafts', 'files'], 'readwrite');
  await tx.objectStore('drafts').delete(offlineId);
  if (!keepFiles) for (const id of row.file_ids) await tx.objectStore('files').delete(id);
  await tx.done;
}
