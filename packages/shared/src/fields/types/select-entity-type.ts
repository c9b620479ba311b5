import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import { normaliseKey } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';
import { SINGLE_TEXT_MAX } from './single-text.ts';

/**
 * select-entity-type: an entity type, stored as its name (string, trimmed). An entity type
 * object ({ name, … }) is stored as its name. At most 255 characters.
 */
export const selectEntityType: FieldType<string> = {
  key: 'select-entity-type',
  family: 'selector',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => normaliseKey(raw && typeof raw === 'object' && 'name' in raw ? raw.name : raw),
  validate: (value, field) => checkLength(field, value, SINGLE_TEXT_MAX),
  toText: (value) => value,
};
