import * as z from 'zod/mini';
import { normaliseText } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

/**
 * phone: a phone number, stored as the trimmed text as typed ('+1 (555) 123-4567'). Only
 * digits, spaces and ( ) . - + are allowed, with 7 to 15 digits.
 */
export const phone: FieldType<string> = {
  key: 'phone',
  family: 'text',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => {
    const text = normaliseText(raw);
    return typeof text === 'string' ? text.trim() : text;
  },
  validate: (value, field) => {
    const digits = value.replace(/\D/g, '').length;
    return /^[\d\s().+-]+$/.test(value) && digits >= 7 && digits <= 15 ? [] : [fieldMessages.invalid(field)];
  },
  toText: (value) => value,
};
