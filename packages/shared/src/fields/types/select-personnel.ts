import { normaliseRef, type RecordRef, recordRefSchema, refText } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';

/**
 * select-personnel: one personnel record, stored as a reference { id, display_name? }. A plain
 * id (string or number) or a record with an id is stored as { id, display_name }; other keys
 * are dropped. Prints the display name, else the id.
 */
export const selectPersonnel: FieldType<RecordRef> = {
  key: 'select-personnel',
  family: 'selector',
  holdsValue: true,
  value: recordRefSchema,
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseRef,
  validate: () => [],
  toText: refText,
};
