import type { FieldDefinition } from '@turnout/shared';
import { createContext, type ReactNode, useContext } from 'react';
import type { FieldMode, FieldRecordContext } from '../../../fields/index.ts';
import type { RecordData } from '../record-api.ts';
import type { FormState } from './use-form-state.ts';

/**
 * What a field editor inside the record form may ask of the form beyond its props: to render
 * a child field (containers, quiz question groups), the saved record, and to take a record the
 * server answered (quiz start/complete, punches). Editors read it with `useRecordForm()`.
 */
export interface RecordFormContextValue {
  state: FormState;
  record: FieldRecordContext;
  /** The saved record as the server last answered it; null in add mode. */
  saved: RecordData | null;
  fieldMode: FieldMode;
  /** The form's rendering of one field (label, editor or display, error, approvals). */
  renderField(field: FieldDefinition): ReactNode;
  /** Child fields of a container (params.fieldList: ids, offline_ids or properties). */
  childrenOf(field: FieldDefinition): FieldDefinition[];
  /** Takes a record the server answered as the saved state of the form. */
  applyRecord(record: RecordData): void;
  /** Saves an unsaved record first (quizzes); answers the saved record, or null when it did not save. */
  saveFirst(): Promise<RecordData | null>;
}

const RecordFormContext = createContext<RecordFormContextValue | null>(null);

export const RecordFormProvider = RecordFormContext.Provider;

/** The record form around a field editor; null outside one (a field rendered elsewhere). */
export function useRecordForm(): RecordFormContextValue | null {
  return useContext(RecordFormContext);
}
