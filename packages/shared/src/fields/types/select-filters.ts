import * as z from 'zod/mini';
import { checkOptions, checkSelections } from '../checks.ts';
import { keysText, normaliseKey, normaliseList } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';

/**
 * select-filters: a list of filter keys, string[]. A single key becomes a one-item list;
 * blanks and repeats are dropped. When the field lists options, every key must be one of them.
 */
export const selectFilters: FieldType<string[]> = {
  key: 'select-filters',
  family: 'selector',
  holdsValue: true,
  value: z.array(z.string()),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => normaliseList(raw, (v) => (typeof v === 'number' ? String(v) : normaliseKey(v))),
  validate: (value, field) => [...checkOptions(field, value), ...checkSelections(field, value.length)],
  toText: (value, field) => keysText(field, value),
};
