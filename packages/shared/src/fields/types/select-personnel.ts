import * as z from 'zod/mini';
import { normaliseList, normaliseRef, type RecordRef, recordRefSchema, refKey, refText } from '../checks-basic.ts';
import type { FieldDefinition, FieldType } from '../types.ts';

/**
 * One record reference { id, display_name? }. A plain id (string or number) or a record with
 * an id is stored as { id, display_name }; other keys are dropped. Prints the display name,
 * else the id. select-tenant is this with its own key.
 */
export const singleRecordRef: FieldType<RecordRef> = {
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

const multiple = (field: FieldDefinition) => field.params?.multiple === true;

/**
 * select-personnel: one personnel record as above; with params.multiple a list of them
 * (crews, people on scene), repeats dropped, printed comma-separated.
 */
export const selectPersonnel: FieldType<RecordRef | RecordRef[]> = {
  ...(singleRecordRef as unknown as FieldType<RecordRef | RecordRef[]>),
  value: z.union([recordRefSchema, z.array(recordRefSchema)]),
  normalise: (raw, field) => (multiple(field) ? normaliseList(raw, normaliseRef, refKey) : normaliseRef(raw)),
  isEmpty: (value) => Array.isArray(value) && value.length === 0,
  validate: (value, field) => (Array.isArray(value) !== multiple(field) ? [`${field.title} is not valid.`] : []),
  toText: (value) => (Array.isArray(value) ? value.map(refText).join(', ') : refText(value)),
};
