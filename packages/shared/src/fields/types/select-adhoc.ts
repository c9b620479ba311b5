import { checkLength, optionLabel } from '../checks.ts';
import { normaliseKey, optionKeySchema } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';
import { SINGLE_TEXT_MAX } from './single-text.ts';

/**
 * select-adhoc: one option key, or a free entry that is not among the options, stored as
 * string | number (strings trimmed). A free entry is text, so it is held to 255 characters.
 * Prints an option's label, or the free entry itself.
 */
export const selectAdhoc: FieldType<string | number> = {
  key: 'select-adhoc',
  family: 'selector',
  holdsValue: true,
  value: optionKeySchema,
  defaultParams: { options: [] },
  filterKind: 'dropdown-adhoc',
  normalise: normaliseKey,
  validate: (value, field) => checkLength(field, String(value), SINGLE_TEXT_MAX),
  toText: (value, field) => optionLabel(field.params?.options, String(value)),
};
