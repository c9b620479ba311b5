import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import {
  closeOfflineStore,
  keepDraft,
  MAX_DRAFTS,
  type NewDraft,
  type NewSave,
  type Owner,
  offlineDatabase,
  queuedSaves,
  queueSave,
  removeQueuedSave,
  storedFile,
  storeFile,
  unsavedDrafts,
} from './offline-store.ts';
import { queuedFileRef, type ReplayApi, replayOne, replayQueue, withUploadedFiles } from './replay.ts';

const alice: Owner = { userId: 'alice', tenantId: 't1' };
const bob: Owner = { userId: 'bob', tenantId: 't1' };

const add = (offline_id: string, changes: Record<string, unknown> = { unit: 'E4' }): NewSave => ({
  offline_id,
  type_name: 'apparatus_check',
  type_label: 'Apparatus Check',
  record_id: null,
  base_version: null,
  base_values: {},
  changes,
  file_ids: [],
});
const edit = (offline_id: string, changes: Record<string, unknown>, base_values: Record<string, unknown>, base_version = 1): NewSave => ({
  ...add(offline_id, changes),
  record_id: 'r1',
  base_version,
  base_values,
});
const draft = (offline_id: string): NewDraft => ({ ...add(offline_id), errors: {}, conflicts: {} });

/** A server stand-in: records by id, offline_id retries answered with the first record. */
function fakeServer() {
  const records = new Map<string, Record<string, unknown> & { id: string; version: number }>();
  const calls: string[] = [];
  let failWith: unknown = null;
  const api: ReplayApi = {
    uploadFile: async (file, clientEntityId) => {
      calls.push(`file:${file.id}:${clientEntityId ?? ''}`);
      if (failWith) throw failWith;
      return { id: `f-${file.id}`, original_name: file.name };
    },
    create: async (_type, body) => {
      calls.push(`create:${String(body.offline_id)}`);
      if (failWith) throw failWith;
      const found = [...records.values()].find((r) => r.offline_id === body.offline_id);
      if (found) return found;
      const record = { ...body, id: `r${records.size + 1}`, version: 1 };
      records.set(record.id, record);
      return record;
    },
    update: async (_type, id, body) => {
      calls.push(`update:${id}:${String(body.version)}`);
      if (failWith) throw failWith;
      const current = records.get(id);
      if (!current) throw new ApiError(404, 'Not found.');
      if (current.version !== body.version) throw new ApiError(409, 'stale', { data: current });
      const { version: _, ...values } = body;
      const next = { ...current, ...values, version: current.version + 1 };
      records.set(id, next);
      return next;
    },
  };
  return { api, records, calls, fail: (error: unknown) => (failWith = error) };
}

beforeEach(async () => {
  await closeOfflineStore();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => vi.useRealTimers());

describe('the offline queue (IndexedDB)', () => {
  it('keys queued saves by offline_id, per user: another user of the device sees none of them', async () => {
    await queueSave(alice, add('a1'));
    await queueSave(alice, add('a1', { unit: 'E5' }));
    await queueSave(bob, add('b1'));
    const mine = await queuedSaves(alice);
    expect(mine.map((q) => q.offline_id)).toEqual(['a1']);
    expect(mine[0]?.changes).toEqual({ unit: 'E5' });
    expect((await queuedSaves(bob)).map((q) => q.offline_id)).toEqual(['b1']);
    await removeQueuedSave(bob, 'a1');
    expect(await queuedSaves(alice)).toHaveLength(1);
  });

  it('joins a second offline edit of one record to the first, keeping the base it started from', async () => {
    await queueSave(alice, edit('e1', { unit: 'E2' }, { unit: 'E1' }));
    await queueSave(alice, edit('e2', { unit: 'E3', fuel: 'full' }, { unit: 'E2', fuel: 'half' }, 1));
    const [item, ...rest] = await queuedSaves(alice);
    expect(rest).toHaveLength(0);
    expect(item).toMatchObject({ offline_id: 'e1', changes: { unit: 'E3', fuel: 'full' }, base_values: { unit: 'E1', fuel: 'half' } });
  });

  it('orders by the device’s own counter, not its clock (a clock set back changes nothing)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    await queueSave(alice, add('first'));
    vi.setSystemTime(new Date('2001-01-01T10:00:00Z'));
    await queueSave(alice, add('second'));
    expect((await queuedSaves(alice)).map((q) => q.offline_id)).toEqual(['first', 'second']);
  });

  it('keeps 5 drafts per user, newest first; a sixth drops the oldest', async () => {
    for (let i = 1; i <= MAX_DRAFTS; i += 1) await keepDraft(alice, draft(`d${i}`));
    await keepDraft(bob, draft('bob-1'));
    const dropped = await keepDraft(alice, draft('d6'));
    expect(dropped.map((d) => d.offline_id)).toEqual(['d1']);
    expect((await unsavedDrafts(alice)).map((d) => d.offline_id)).toEqual(['d6', 'd5', 'd4', 'd3', 'd2']);
    expect((await unsavedDrafts(bob)).map((d) => d.offline_id)).toEqual(['bob-1']);
  });

  it('shares one database with the app shell’s query cache, whichever of a version-1 database the device has', async () => {
    // Version 1 was created by whichever module opened first, with its own stores only.
    for (const stores of [['query-cache'], ['queue', 'drafts', 'files', 'meta']]) {
      await closeOfflineStore();
      globalThis.indexedDB = new IDBFactory();
      await new Promise<void>((resolve) => {
        const req = indexedDB.open('turnout-offline', 1);
        req.onupgradeneeded = () => {
          for (const name of stores) {
            const store = req.result.createObjectStore(
              name,
              name === 'query-cache' || name === 'meta' ? undefined : { keyPath: name === 'files' ? 'id' : 'offline_id' },
            );
            if (name !== 'query-cache' && name !== 'meta') store.createIndex('owner', 'owner');
          }
        };
        req.onsuccess = () => {
          if (stores.includes('query-cache')) {
            const tx = req.result.transaction('query-cache', 'readwrite');
            tx.objectStore('query-cache').put('the copy', 'query-cache:v1:alice');
            tx.oncomplete = () => {
              req.result.close();
              resolve();
            };
          } else {
            req.result.close();
            resolve();
          }
        };
      });
      await queueSave(alice, add('after-upgrade'));
      expect((await queuedSaves(alice)).map((q) => q.offline_id)).toEqual(['after-upgrade']);
      const db = await offlineDatabase();
      await db.put('query-cache', 'a newer copy', 'query-cache:v1:bob');
      expect(await db.get('query-cache', 'query-cache:v1:bob')).toBe('a newer copy');
      if (stores.includes('query-cache')) expect(await db.get('query-cache', 'query-cache:v1:alice')).toBe('the copy');
    }
  });

  it('reads a row queued by an older app (no file list yet)', async () => {
    await queueSave(alice, add('old'));
    const [row] = await queuedSaves(alice);
    // What an earlier format would have stored: no file_ids.
    const { file_ids: _, ...older } = row!;
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('turnout-offline');
      req.onsuccess = () => resolve(req.result);
    });
    await closeOfflineStore();
    await new Promise((resolve) => {
      const tx = db.transaction('queue', 'readwrite');
      tx.objectStore('queue').put(older);
      tx.oncomplete = resolve;
    });
    db.close();
    expect((await queuedSaves(alice))[0]?.file_ids).toEqual([]);
  });
});

describe('replaying the queue', () => {
  it('uploads an item’s files first, then saves with the uploaded references; the queue empties', async () => {
    const server = fakeServer();
    await storeFile(alice, { id: 'p1', blob: new Blob(['png']), name: 'engine.png', entity_field_id: 'photo', is_restricted: false });
    await queueSave(alice, {
      ...add('a1', { unit: 'E4', photo: [{ id: queuedFileRef('p1'), original_name: 'engine.png' }] }),
      file_ids: ['p1'],
    });
    const [outcome] = await replayQueue(server.api, alice);
    expect(outcome?.kind).toBe('saved');
    expect(server.calls).toEqual(['file:p1:', 'create:a1']);
    expect(server.records.get('r1')).toMatchObject({ unit: 'E4', photo: [{ id: 'f-p1' }], offline_id: 'a1' });
    expect(await queuedSaves(alice)).toEqual([]);
    expect(await storedFile(alice, 'p1')).toBeNull();
  });

  it('replays items in parallel and makes one record per offline_id however often it runs', async () => {
    const server = fakeServer();
    for (const id of ['a1', 'a2', 'a3']) await queueSave(alice, add(id));
    await Promise.all([replayQueue(server.api, alice), replayQueue(server.api, alice)]);
    const item = await queueSave(alice, add('a1'));
    await replayOne(server.api, alice, item);
    expect(server.records.size).toBe(3);
  });

  it('keeps the item on a network failure and counts the attempt', async () => {
    const server = fakeServer();
    server.fail(new TypeError('Failed to fetch'));
    await queueSave(alice, add('a1'));
    const [outcome] = await replayQueue(server.api, alice);
    expect(outcome?.kind).toBe('waiting');
    expect((await queuedSaves(alice))[0]?.attempts).toBe(1);
    server.fail(new ApiError(0, 'Failed to fetch'));
    expect((await replayQueue(server.api, alice))[0]?.kind).toBe('waiting');
    server.fail(new ApiError(503, 'Service Unavailable'));
    expect((await replayQueue(server.api, alice))[0]?.kind).toBe('waiting');
  });

  it('turns a 422 into an unsaved draft with the server’s messages, files kept', async () => {
    const server = fakeServer();
    server.fail(
      new ApiError(422, 'The given data was invalid.', {
        message: 'The given data was invalid.',
        errors: { unit: ['The unit field is required.'] },
      }),
    );
    await storeFile(alice, { id: 'p1', blob: new Blob(['png']), name: 'a.png', entity_field_id: null, is_restricted: false });
    await queueSave(alice, { ...add('a1', { unit: '' }), file_ids: ['p1'] });
    const [outcome] = await replayQueue(server.api, alice);
    expect(outcome).toMatchObject({ kind: 'draft', errors: { unit: ['The unit field is required.'] } });
    expect(await queuedSaves(alice)).toEqual([]);
    const [kept] = await unsavedDrafts(alice);
    expect(kept).toMatchObject({ offline_id: 'a1', changes: { unit: '' }, errors: { unit: ['The unit field is required.'] } });
    expect(await storedFile(alice, 'p1')).not.toBeNull();
  });

  it('merges a stale edit: device-only fields saved on the new version, a same-field clash left to the person', async () => {
    const server = fakeServer();
    server.records.set('r1', { id: 'r1', version: 1, unit: 'E1', fuel: 'half', crew: 3 });
    await queueSave(alice, edit('e1', { unit: 'E2', fuel: 'empty' }, { unit: 'E1', fuel: 'half' }));
    // Meanwhile, online: someone changes fuel and crew.
    await server.api.update('apparatus_check', 'r1', { version: 1, fuel: 'full', crew: 4 });
    const [outcome] = await replayQueue(server.api, alice);
    expect(outcome).toMatchObject({ kind: 'saved', conflicts: true });
    expect(server.records.get('r1')).toMatchObject({ version: 3, unit: 'E2', fuel: 'full', crew: 4 });
    const [conflict] = await unsavedDrafts(alice);
    expect(conflict).toMatchObject({ record_id: 'r1', base_version: 3, changes: { fuel: 'empty' }, conflicts: { fuel: 'full' } });
    expect(await queuedSaves(alice)).toEqual([]);
  });

  it('replaces queued file references only', () => {
    const out = withUploadedFiles(
      { photo: [{ id: queuedFileRef('p1') }, { id: 'kept' }], unit: 'E1', one: { id: queuedFileRef('p2') } },
      new Map([
        ['p1', { id: 'f1' }],
        ['p2', { id: 'f2' }],
      ]),
    );
    expect(out).toEqual({ photo: [{ id: 'f1' }, { id: 'kept' }], unit: 'E1', one: { id: 'f2' } });
  });
});

describe('drafts from refused queued saves', () => {
  it('are ordered by when the entries were made, whatever order the parallel replay ends in', async () => {
    const server = fakeServer();
    server.fail(new ApiError(422, 'The given data was invalid.', { message: 'The given data was invalid.', errors: { unit: ['Taken.'] } }));
    for (let i = 1; i <= 6; i += 1) await queueSave(alice, add(`u${i}`));
    await replayQueue(server.api, alice);
    expect((await unsavedDrafts(alice)).map((d) => d.offline_id)).toEqual(['u6', 'u5', 'u4', 'u3', 'u2']);
  });
});
