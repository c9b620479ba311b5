import * as z from 'zod/mini';
import { normaliseBoolean } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';

/**
 * boolean: a checkbox, stored as true or false. 'true'/'false', 'yes'/'no' and 1/0 are
 * stored as booleans. false is a value, so a required boolean is satisfied by false.
 * Prints 'Yes' or 'No'.
 */
export const boolean: FieldType<boolean> = {
  key: 'boolean',
  family: 'number',
  holdsValue: true,
  value: z.boolean(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseBoolean,
  validate: () => [],
  toText: (value) => (value ? 'Yes' : 'No'),
};
