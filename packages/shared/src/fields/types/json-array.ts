import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import type { FieldType } from '../types.ts';
import { LONG_TEXT_MAX } from './textarea.ts';

/** A JSON string of an array becomes the array; blank becomes null; anything else is left for the shape check. */
function normaliseJsonArray(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (raw.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : raw;
  } catch {
    return raw;
  }
}

/**
 * json-array: a JSON array, stored as the array itself (a JSON string of one is parsed). Its
 * JSON text is at most 65536 characters (spec 02 §5). Prints the items joined by ', '.
 */
export const jsonArray: FieldType<unknown[]> = {
  key: 'json-array',
  family: 'text',
  holdsValue: true,
  value: z.array(z.unknown()),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseJsonArray,
  validate: (value, field) => checkLength(field, JSON.stringify(value), LONG_TEXT_MAX),
  toText: (value) => value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', '),
};
