import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import { normaliseKey } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';
import { SINGLE_TEXT_MAX } from './single-text.ts';

/**
 * select-field: a field of some entity type, stored as the field's property (machine name,
 * string, trimmed). Which properties exist is known only with the entity type, so here the
 * value is checked as a name of at most 255 characters.
 */
export const selectField: FieldType<string> = {
  key: 'select-field',
  family: 'selector',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseKey,
  validate: (value, field) => checkLength(field, value, SINGLE_TEXT_MAX),
  toText: (value) => value,
};
