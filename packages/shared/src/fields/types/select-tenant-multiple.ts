import * as z from 'zod/mini';
import { checkSelections } from '../checks.ts';
import { normaliseList, normaliseRef, type RecordRef, recordRefSchema, refKey, refText } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';

/**
 * select-tenant-multiple: several tenants, stored as a list of references
 * { id, display_name? }[]. Plain ids and single references become a list; repeats (by id) are
 * dropped. Selection bounds apply.
 */
export const selectTenantMultiple: FieldType<RecordRef[]> = {
  key: 'select-tenant-multiple',
  family: 'selector',
  holdsValue: true,
  value: z.array(recordRefSchema),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => normaliseList(raw, normaliseRef, refKey),
  validate: (value, field) => checkSelections(field, value.length),
  toText: (value) => value.map(refText).join(', '),
};
