import { ALL_FIELD_TYPE_KEYS, type FieldTypeKey } from './keys.ts';
import { BASIC_FIELD_TYPES } from './registry-basic.ts';
import { RICH_FIELD_TYPES } from './registry-rich.ts';
import { singleText } from './types/single-text.ts';
import type { FieldType } from './types.ts';

/** The registry: every field type of spec 02 §3 by its key. */
export const FIELD_TYPES: Partial<Record<FieldTypeKey, FieldType<never>>> = { ...BASIC_FIELD_TYPES, ...RICH_FIELD_TYPES };

export function isFieldTypeKey(key: string): key is FieldTypeKey {
  return (ALL_FIELD_TYPE_KEYS as readonly string[]).includes(key);
}

/** The type of a field; unknown types behave as text (spec 02 §3). */
export function fieldTypeOf(key: string | undefined): FieldType<never> {
  return (key && isFieldTypeKey(key) ? FIELD_TYPES[key] : undefined) ?? (singleText as FieldType<never>);
}
