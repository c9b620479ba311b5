import * as z from 'zod/mini';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/;

/** color-picker: a colour as '#rrggbb' or '#rgb', stored lower case; a missing '#' is added. */
export const colorPicker: FieldType<string> = {
  key: 'color-picker',
  family: 'input',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => {
    if (typeof raw !== 'string') return raw;
    const v = raw.trim().toLowerCase();
    return /^([0-9a-f]{3}|[0-9a-f]{6})$/.test(v) ? `#${v}` : v;
  },
  validate: (value, field) => (HEX.test(value) ? [] : [fieldMessages.invalid(field)]),
  toText: (value) => value,
};
