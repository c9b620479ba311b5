import * as z from 'zod/mini';
import { checkOptions, checkSelections } from '../checks.ts';
import { keysText, normaliseKey, normaliseList, optionKeySchema } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';

/**
 * select-list-multiple: several of the field's options, stored as a list of option keys
 * (string | number)[]. A single key is stored as a one-item list; blanks and repeats are
 * dropped. Bounded by validation.min_selections / max_selections.
 */
export const selectListMultiple: FieldType<(string | number)[]> = {
  key: 'select-list-multiple',
  family: 'selector',
  holdsValue: true,
  value: z.array(optionKeySchema),
  defaultParams: { options: [] },
  filterKind: 'dropdown',
  normalise: (raw) => normaliseList(raw, normaliseKey),
  validate: (value, field) => [...checkOptions(field, value.map(String)), ...checkSelections(field, value.length)],
  toText: (value, field) => keysText(field, value),
};
