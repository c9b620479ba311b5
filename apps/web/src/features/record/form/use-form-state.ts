import type { EntityType, FieldDefinition } from '@turnout/shared';
import { useCallback, useMemo, useState } from 'react';
import {
  changedValues,
  clientErrors,
  definitionOf,
  type EffectState,
  effectState,
  errorsByPage,
  type FormViewer,
  fieldMessage,
  isFieldEditable,
  isFieldVisible,
  orderedFields,
  type PageErrors,
  type RecordMode,
  recomputed,
  sameValue,
  type Values,
  visiblePages,
} from '../model/form-model.ts';
import { useSameObject } from './use-same-object.ts';

/**
 * Applies what follows from a change until nothing more changes: setPropertyClient effects and
 * computed fields (a few rounds at most, so two rules that feed each other cannot loop).
 */
export function settle(type: EntityType, defs: readonly FieldDefinition[], values: Values): Values {
  let current = values;
  for (let round = 0; round < 5; round += 1) {
    const { setProperties } = effectState(type, current);
    const sets = Object.fromEntries(Object.entries(setProperties).filter(([p, v]) => !sameValue(current[p], v)));
    const next = { ...current, ...sets };
    const computed = recomputed(defs, next);
    if (Object.keys(sets).length === 0 && Object.keys(computed).length === 0) return current;
    current = { ...next, ...computed };
  }
  return current;
}

export interface FormState {
  type: EntityType;
  defs: FieldDefinition[];
  mode: RecordMode;
  viewer: FormViewer;
  values: Values;
  saved: Values;
  effects: EffectState;
  pages: number[];
  setValue(property: string, value: unknown): void;
  /** Replaces everything with a record from the server (after a save, approval, quiz step). */
  reset(values: Values): void;
  isVisible(field: FieldDefinition): boolean;
  isEditable(field: FieldDefinition): boolean;
  messageOf(property: string): string | undefined;
  pageErrors: PageErrors[];
  /** The client finds nothing wrong with the visible, editable fields. */
  valid: boolean;
  /** The first page with a client error, or null. */
  firstInvalidPage: number | null;
  /** Shows every client message (after a save attempt). */
  touchAll(): void;
  /** A save was attempted: every message shows, and the error panel with them. */
  attempted: boolean;
  serverErrors: Record<string, string[]>;
  setServerErrors(errors: Record<string, string[]>): void;
  changes: Values;
  dirty: boolean;
}

/** The dynamic form's state: values, touched fields, server errors and what follows from them. */
export function useFormState(options: {
  type: EntityType;
  mode: RecordMode;
  viewer: FormViewer;
  initial: Values;
  saved: Values;
}): FormState {
  const { type, mode, viewer, saved } = options;
  const defs = useMemo(() => orderedFields(type).map(definitionOf), [type]);
  const [values, setValues] = useState<Values>(options.initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [allTouched, setAllTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});

  const effects = useMemo(() => effectState(type, values), [type, values]);
  const pages = useMemo(() => visiblePages(type, viewer.role, effects), [type, viewer.role, effects]);

  const setValue = useCallback(
    (property: string, value: unknown) => {
      setValues((prev) => settle(type, defs, { ...prev, [property]: value }));
      setTouched((prev) => (prev.has(property) ? prev : new Set(prev).add(property)));
      setServerErrors((prev) => {
        if (!prev[property]) return prev;
        const { [property]: _, ...rest } = prev;
        return rest;
      });
    },
    [type, defs],
  );

  const reset = useCallback((next: Values) => {
    setValues(next);
    setTouched(new Set());
    setAllTouched(false);
    setServerErrors({});
  }, []);

  const isVisible = useCallback((field: FieldDefinition) => isFieldVisible(field, viewer, effects), [viewer, effects]);
  const isEditable = useCallback((field: FieldDefinition) => isFieldEditable(field, mode, viewer, saved), [mode, viewer, saved]);

  const client = useMemo(() => {
    if (mode === 'view') return {};
    const onPage = new Set(pages);
    return clientErrors(defs, values, (f) => onPage.has(f.page ?? 1) && isVisible(f) && isEditable(f));
  }, [mode, pages, defs, values, isVisible, isEditable]);

  const messageOf = useCallback(
    (property: string) => fieldMessage(property, serverErrors, client, allTouched || touched.has(property)),
    [serverErrors, client, allTouched, touched],
  );
  const pageErrors = useMemo(() => errorsByPage(type, defs, messageOf), [type, defs, messageOf]);
  const changes = useMemo(() => changedValues(defs, values, saved), [defs, values, saved]);

  const touchAll = useCallback(() => setAllTouched(true), []);
  // One object while nothing in it changed: the form's context, and so its 60 field slots, then
  // re-render only when the form does (issue 20: a record's first render, TBT).
  return useSameObject({
    type,
    defs,
    mode,
    viewer,
    values,
    saved,
    effects,
    pages,
    setValue,
    reset,
    isVisible,
    isEditable,
    messageOf,
    pageErrors,
    valid: Object.keys(client).length === 0,
    firstInvalidPage: defs.find((f) => client[f.property])?.page ?? (Object.keys(client).length ? 1 : null),
    touchAll,
    attempted: allTouched,
    serverErrors,
    setServerErrors,
    changes,
    dirty: Object.keys(changes).length > 0,
  });
}
