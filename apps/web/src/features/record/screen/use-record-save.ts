import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, isSignedOut } from '../../../api/index.ts';
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
}) {
  const { typeName, typeLabel, state, saved, onPage } = options;
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const send = async (changes: Record<string, unknown>, version: number | null): Promise<RecordData | null> => {
    setSaving(true);
    setBanner(null);
    try {
      await sleep(SAVE_DELAY_MS);
      const record =
        saved === null ? await createRecord(typeName, changes) : await updateRecord(typeName, saved.id, { ...changes, version });
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
