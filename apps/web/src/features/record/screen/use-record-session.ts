import { useQueryClient } from '@tanstack/react-query';
import type { EntityType } from '@turnout/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Blocker, type NavigateOptions, useBlocker, useNavigate } from 'react-router';
import { useReportUnsavedInput } from '../../app-shell-offline/unsaved-input.ts';
import { type FormState, useFormState } from '../form/use-form-state.ts';
import { definitionOf, type FormViewer, orderedFields, prefillFrom, type RecordMode, sameValue, type Values } from '../model/form-model.ts';
import { openingMode } from '../model/gates.ts';
import { fetchRecord, type RecordData, recordKey, updateRecord } from '../record-api.ts';
import { showError } from './record-actions.ts';
import { useRecordSave } from './use-record-save.ts';

export interface RecordSessionOptions {
  type: EntityType;
  record: RecordData | null;
  mode?: RecordMode;
  embedded: boolean;
  /** The add link's query (field.{property} prefills). */
  search?: URLSearchParams;
  initialPage?: number;
  /** A path of this app to return to after a successful save (the link's `from`); not when embedded. */
  returnTo?: string;
  viewer: FormViewer;
  /** The person may edit the record (Enable Editing is on offer): otherwise a saved record opens in view mode. */
  mayEdit: boolean;
  /** A record was created here (the screen keeps this editor for its new uri). */
  onCreated?(record: RecordData): void;
  /** The unsaved draft (offline_id) this screen continues. */
  draftId?: string;
}

export interface RecordSession {
  /** The record as the server last answered it; null until a new record is saved. */
  saved: RecordData | null;
  mode: RecordMode;
  setMode(mode: RecordMode): void;
  page: number;
  setPage(page: number): void;
  state: FormState;
  saver: ReturnType<typeof useRecordSave>;
  /** Takes a record the server answered; unsaved changes stay unless `discard`. */
  takeRecord(record: RecordData, discard?: boolean): void;
  /**
   * Save Changes: validates, saves, then view mode (edit for a new quiz) and the new record's
   * uri, or back to the link's `from` when there is one.
   */
  save(): Promise<RecordData | null>;
  /** What follows a successful save (also after 'Keep my changes' in a conflict). */
  afterSave(record: RecordData, wasAdd: boolean): void;
  /** Saves an unsaved record without leaving edit (quizzes and punches need a saved record). */
  saveFirst(): Promise<RecordData | null>;
  /** A partial save at once (approval-required): these values on top of the saved version. */
  saveValues(values: Record<string, unknown>): Promise<unknown>;
  reload(): Promise<void>;
  /** Leaving with unsaved changes waits here for an answer. */
  blocker: Blocker;
  /** Navigates without asking about unsaved changes (after a save or a delete). */
  leaveTo(path: string, options?: NavigateOptions): void;
}

/** An unsaved record's saved values: one object, so the form's checks are not redone on every render. */
const NOTHING_SAVED: Values = {};

/**
 * The record being edited and how it is saved (spec 01 §2.7, §4; 02 §4): its form state, the
 * mode, the page, the save flow with its navigation, and the guard against leaving with
 * unsaved changes.
 */
export function useRecordSession(options: RecordSessionOptions): RecordSession {
  const { type, embedded, viewer } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [saved, setSaved] = useState<RecordData | null>(options.record);
  const [mode, setMode] = useState<RecordMode>(() => openingMode(options.record, options.mode, options.mayEdit));
  const [page, setPage] = useState(options.initialPage ?? 1);
  const initial = useMemo<Values>(() => {
    if (options.record) return options.record;
    const defs = orderedFields(type).map(definitionOf);
    return options.search ? prefillFrom(options.search, defs) : {};
  }, [options.record, options.search, type]);
  const state = useFormState({ type, mode, viewer, initial, saved: saved ?? NOTHING_SAVED });
  const saver = useRecordSave({
    typeName: type.name,
    typeLabel: type.label,
    state,
    saved,
    onPage: setPage,
    // Queued on the device (offline): the screen goes to view (spec 02 §4).
    onQueued: () => setMode('view'),
    draftId: options.draftId ?? null,
  });
  const isQuiz = type.object_data.is_quiz === true;

  const takeRecord = (record: RecordData, discard = false) => {
    // Where the server changed a field (an approval, quiz marks) its value wins.
    const kept = discard ? {} : Object.fromEntries(Object.entries(state.changes).filter(([p]) => sameValue(record[p], saved?.[p])));
    setSaved(record);
    state.reset({ ...record, ...kept });
    queryClient.setQueryData(recordKey(type.name, record.id), record);
  };

  // A newer version of the record arrives after the screen opened (the device's copy was shown
  // first, then the server answered): the screen takes it while nothing is typed. Once the person
  // has typed, their input stays as it is and the save goes with the version they started from,
  // so the server's conflict check shows both changes (never a silent loss of what they typed).
  const latest = options.record;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer of the record counts.
  useEffect(() => {
    if (!latest || !saved || latest.id !== saved.id || latest === saved || state.dirty) return;
    if (Number(latest.version ?? 0) > Number(saved.version ?? 0)) takeRecord(latest, true);
  }, [latest]);

  // A new app version waits while this form holds unsaved input (issue 22).
  useReportUnsavedInput(mode !== 'view' && state.dirty);

  // Leaving with unsaved changes asks first; our own navigation after a save or delete does not.
  const leaving = useRef(false);
  const guarded = !embedded && mode !== 'view' && state.dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guarded && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!guarded) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guarded]);

  const leaveTo = (path: string, navigateOptions?: NavigateOptions) => {
    leaving.current = true;
    navigate(path, navigateOptions);
    leaving.current = false;
  };
  // The page stays: a quiz begun on a new record (saved first) goes on on its own page.
  const recordPath = (record: RecordData, next: RecordMode) =>
    `${record.uri ?? `/entity/${type.name}/${record.id}`}?mode=${next}${page > 1 ? `&page=${page}` : ''}`;

  const afterSave = (record: RecordData, wasAdd: boolean) => {
    takeRecord(record, true);
    // A new quiz stays open in edit mode, to be taken.
    const next: RecordMode = wasAdd && isQuiz ? 'edit' : 'view';
    setMode(next);
    if (wasAdd) options.onCreated?.(record);
    if (embedded) return;
    // While 'Unsaved Changes' holds another navigation, that one goes on after the save.
    if (options.returnTo && next === 'view' && blocker.state !== 'blocked') leaveTo(options.returnTo, { replace: true });
    else if (wasAdd) leaveTo(recordPath(record, next), { replace: true });
  };

  const save = async (): Promise<RecordData | null> => {
    const wasAdd = saved === null;
    const record = await saver.save();
    if (record) afterSave(record, wasAdd);
    return record;
  };

  const saveFirst = async (): Promise<RecordData | null> => {
    const wasAdd = saved === null;
    const record = await saver.save();
    if (!record) return null;
    takeRecord(record, true);
    setMode('edit');
    if (wasAdd) {
      options.onCreated?.(record);
      if (!embedded) leaveTo(recordPath(record, 'edit'), { replace: true });
    }
    return record;
  };

  const saveValues = async (values: Record<string, unknown>): Promise<unknown> => {
    if (!saved) {
      for (const [property, value] of Object.entries(values)) state.setValue(property, value);
      return saveFirst();
    }
    const record = await updateRecord(type.name, saved.id, { ...values, version: saved.version });
    takeRecord(record);
    return record;
  };

  const reload = async () => {
    if (!saved) return;
    try {
      takeRecord(await fetchRecord(type.name, saved.id));
    } catch (error) {
      showError(error);
    }
  };

  return {
    saved,
    mode,
    setMode,
    page,
    setPage,
    state,
    saver,
    takeRecord,
    save,
    afterSave,
    saveFirst,
    saveValues,
    reload,
    blocker,
    leaveTo,
  };
}
