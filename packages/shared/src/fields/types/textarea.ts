import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import { normaliseText } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';

export const LONG_TEXT_MAX = 65536;

/** textarea: several lines of text, stored as a string of at most 65536 characters (spec 02 §5). */
export const textarea: FieldType<string> = {
  key: 'textarea',
  family: 'text',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseText,
  isEmpty: (value) => value.trim() === '',
  validate: (value, field) => checkLength(field, value, LONG_TEXT_MAX),
  toText: (value) => value,
};
