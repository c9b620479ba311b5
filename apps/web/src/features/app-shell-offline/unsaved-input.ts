import { useEffect, useId, useSyncExternalStore } from 'react';

/**
 * Whether any form on screen holds input that is not saved yet. The app-update flow waits for
 * this to be false before it reloads the page (issue 22: a new version is never applied while a
 * form has unsaved input). Each form reports under its own id, so two open forms do not clear
 * each other's flag.
 */
const holders = new Set<string>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export const unsavedInput = {
  set(holder: string, unsaved: boolean): void {
    const had = holders.has(holder);
    if (unsaved === had) return;
    if (unsaved) holders.add(holder);
    else holders.delete(holder);
    notify();
  },
  /** True while at least one form reports unsaved input. */
  hasUnsavedInput(): boolean {
    return holders.size > 0;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** A form calls this with its dirty state; the flag is withdrawn when the form unmounts. */
export function useReportUnsavedInput(unsaved: boolean): void {
  const holder = useId();
  useEffect(() => {
    unsavedInput.set(holder, unsaved);
  }, [holder, unsaved]);
  useEffect(() => () => unsavedInput.set(holder, false), [holder]);
}

/** `hasUnsavedInput` as React state. */
export function useHasUnsavedInput(): boolean {
  return useSyncExternalStore(unsavedInput.subscribe, unsavedInput.hasUnsavedInput, () => false);
}
