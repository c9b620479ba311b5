import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import type { FieldType } from '../types.ts';

export const SINGLE_TEXT_MAX = 255;

/** single-text: one line of text, at most 255 characters (spec 02 §3, §5). */
export const singleText: FieldType<string> = {
  key: 'single-text',
  family: 'text',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  // Save time: a value that is an object is replaced by its display_value (spec 02 §5).
  normalise: (value) => {
    if (value && typeof value === 'object' && 'display_value' in value)
      return String((value as { display_value: unknown }).display_value ?? '');
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return value;
  },
  isEmpty: (value) => value.trim() === '',
  validate: (value, field) => checkLength(field, value, SINGLE_TEXT_MAX),
  toText: (value) => value,
};
