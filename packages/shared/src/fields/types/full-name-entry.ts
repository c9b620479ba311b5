import * as z from 'zod/mini';
import { TEXT_MAX_LENGTH } from '../../constants.ts';
import { checkParts, isRecord, stringParts } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

const PARTS = { nameprefix: 'prefix', first: 'first name', middle: 'middle name', last: 'last name', namesuffix: 'suffix' };

const personName = z.object({
  nameprefix: z.optional(z.string()),
  first: z.optional(z.string()),
  middle: z.optional(z.string()),
  last: z.optional(z.string()),
  namesuffix: z.optional(z.string()),
  display_name: z.optional(z.string()),
});
type PersonName = z.infer<typeof personName>;

/**
 * full-name-entry: a person name `{ nameprefix, first, middle, last, namesuffix, display_name }`
 * (spec 02 §3 'Person name'). Parts are trimmed; a missing display_name is the parts joined by
 * spaces; no parts at all is empty. Each part at most 255 characters.
 */
export const fullNameEntry: FieldType<PersonName> = {
  key: 'full-name-entry',
  family: 'input',
  holdsValue: true,
  value: personName,
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => {
    const p = stringParts(raw, [...Object.keys(PARTS), 'display_name']);
    if (!isRecord(p)) return p;
    const present = Object.keys(PARTS)
      .map((k) => p[k])
      .filter((v) => v !== undefined);
    if (present.length === 0) return null;
    return { ...p, display_name: p.display_name ?? present.join(' ') };
  },
  validate: (value, field) => checkParts(field, value, PARTS, () => TEXT_MAX_LENGTH),
  toText: (value) => value.display_name ?? '',
};
