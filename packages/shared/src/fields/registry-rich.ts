import type { FieldTypeKey } from './keys.ts';
import type { FieldType } from './types.ts';

/** Other inputs, computed, display, container and quiz types. */
export const RICH_FIELD_TYPES: Partial<Record<FieldTypeKey, FieldType<never>>> = {};
