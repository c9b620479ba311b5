import * as z from 'zod/mini';
import { checkLength, checkSelections } from '../checks.ts';
import { keysText, normaliseKey, normaliseList, optionKeySchema } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';
import { SINGLE_TEXT_MAX } from './single-text.ts';

/**
 * checkbox-multiselect-adhoc: option keys and free entries, stored as (string | number)[]; a
 * single entry becomes a one-item list, blanks and repeats are dropped. Has min and max
 * selections (spec 02 §5); each free entry is held to 255 characters.
 */
export const checkboxMultiselectAdhoc: FieldType<(string | number)[]> = {
  key: 'checkbox-multiselect-adhoc',
  family: 'selector',
  holdsValue: true,
  value: z.array(optionKeySchema),
  defaultParams: { options: [] },
  filterKind: 'dropdown-adhoc',
  normalise: (raw) => normaliseList(raw, normaliseKey),
  validate: (value, field) => {
    const tooLong = value.map(String).find((entry) => checkLength(field, entry, SINGLE_TEXT_MAX).length > 0);
    return [...checkSelections(field, value.length), ...checkLength(field, tooLong ?? '', SINGLE_TEXT_MAX)];
  },
  toText: (value, field) => keysText(field, value),
};
