import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, isSignedOut } from '../../../api/index.ts';
import { isNetworkFailure, isOffline } from '../../offline/network.ts';
import { replayApi } from '../../offline/offline-api.ts';
import { useOfflineQueue } from '../../offline/offline-context.tsx';
import { removeFile } from '../../offline/offline-store.ts';
import { queuedFileIds, uploadQueuedFiles } from '../../offline/replay.ts';
import type { FormState } from '../form/use-form-state.ts';
import { type ConflictRow, conflictRows } from '../model/conflict.ts';
import { conflictRecordOf, createRecord, type RecordData, recordKey, updateRecord } from '../record-api.ts';

/** Save starts after 150 ms (spec 02 §4, §9). */
export const SAVE_DELAY_MS = 150;
export const GIVEN_DATA_TEXT = 'There were errors when saving. Please correct to the validation errors to continue.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Conflict {
  theirs: RecordData;
  rows: ConflictRow[];
  /** The changes this person tried to save. */
  mine: Record<string, unknown>;
}

/** The message of a failed save for the banner or toast (spec 01 §8, 02 §8). */
export function saveFailureText(error: unknown): { banner: string | null; toast: string | null } {
  if (error instanceof ApiError) {
    if (error.message.includes('given data')) return { banner: GIVEN_DATA_TEXT, toast: null };
    if (error.statusCode === 0) return { banner: null, toast: `Errors occurred during save: ${error.message}` };
    return { banner: null, toast: `Errors occurred during save: ${error.message} (${error.statusCode})` };
  }
  return { banner: null, toast: `Errors occurred during save: ${error instanceof Error ? error.message : String(error)}` };
}

/**
 * Saving the form: client validation first (every message shows, the first page with errors
 * opens), then after 150 ms POST (add) or PUT with the version (edit). 422 puts the server's
 * messages under their fields and the 'given data' text in the banner; 409 opens the conflict.
 */
export function useRecordSave(options: {
  typeName: string;
  typeLabel: string;
  state: FormState;
  saved: RecordData | null;
  onPage(page: number): void;
  /** The save was queued on the device (offline): the screen goes to view. */
  onQueued?(): void;
  /** The unsaved draft this form continues (its offline_id): dropped once saved or queued. */
  draftId?: string | null;
}) {
  const { typeName, typeLabel, state, saved, onPage } = options;
  const queryClient = useQueryClient();
  const offline = useOfflineQueue();
  // A new record keeps one offline_id for every try, so a retried or queued add makes one record.
  const offlineId = useRef<string | null>(options.draftId ?? null);
  const newOfflineId = () => {
    offlineId.current ??= crypto.randomUUID();
    return offlineId.current;
  };
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  /** Keeps the save in the device's queue (spec 02 §4): uploaded when the network is back. */
  const queue = async (changes: Record<string, unknown>, version: number | null) => {
    if (!offline) return false;
    const id = saved === null ? newOfflineId() : (options.draftId ?? crypto.randomUUID());
    await offline.queue({
      offline_id: id,
      type_name: typeName,
      type_label: typeLabel,
      record_id: saved?.id ?? null,
      base_version: saved ? version : null,
      base_values: saved ? Object.fromEntries(Object.keys(changes).map((p) => [p, saved[p] ?? null])) : {},
      changes,
      file_ids: queuedFileIds(changes),
    });
    if (options.draftId) await offline.discardDraft(options.draftId, true);
    options.onQueued?.();
    return true;
  };

  const send = async (changes: Record<string, unknown>, version: number | null): Promise<RecordData | null> => {
    setSaving(true);
    setBanner(null);
    try {
      await sleep(SAVE_DELAY_MS);
      if (offline && isOffline()) {
        await queue(changes, version);
        return null;
      }
      // Files picked while offline go up first (spec 02 §4), then the save.
      const sendable = offline ? await uploadQueuedFiles(replayApi, offline.owner, changes, saved?.id ?? null) : changes;
      const record =
        saved === null
          ? await createRecord(typeName, { ...sendable, offline_id: newOfflineId() })
          : await updateRecord(typeName, saved.id, { ...sendable, version });
      for (const id of queuedFileIds(changes)) await removeFile(id);
      if (offline && options.draftId) await offline.discardDraft(options.draftId);
      queryClient.setQueryData(recordKey(typeName, record.id), record);
      notifications.show({
        color: 'green',
        title: `${typeLabel} saved.`,
        message: saved === null ? 'Entity added successfully' : 'Updated Successfully',
      });
      setConflict(null);
      return record;
    } catch (error) {
      if (isSignedOut(error)) return null;
      if (isNetworkFailure(error) && (await queue(changes, version))) return null;
      const theirs = conflictRecordOf(error);
      if (theirs && saved) {
        setConflict({ theirs, mine: changes, rows: conflictRows(state.defs, saved, { ...saved, ...changes }, theirs) });
        return null;
      }
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        state.setServerErrors(error.fieldErrors);
        state.touchAll();
        const first = state.defs.find((f) => error.fieldErrors[f.property]);
        if (first) onPage(first.page ?? 1);
      }
      const text = saveFailureText(error);
      if (text.banner) setBanner(text.banner);
      if (text.toast) notifications.show({ color: 'red', message: text.toast, autoClose: 10_000 });
      return null;
    } finally {
      setSaving(false);
    }
  };

  /** Validates and saves what changed; answers the saved record or null. */
  const save = async (): Promise<RecordData | null> => {
    state.touchAll();
    if (!state.valid) {
      if (state.firstInvalidPage !== null) onPage(state.firstInvalidPage);
      return null;
    }
    return send(state.changes, saved?.version ?? null);
  };

  /** Keep mine: my changes saved on top of the version the server has now. */
  const keepMine = async (): Promise<RecordData | null> => {
    if (!conflict) return null;
    return send(conflict.mine, conflict.theirs.version);
  };

  return { save, keepMine, saving, banner, setBanner, conflict, setConflict };
}
