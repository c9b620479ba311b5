import * as z from 'zod/mini';
import { checkNumber } from '../checks.ts';
import { normaliseNumber, withValidation } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

/**
 * year-entry: a year, stored as a whole number of 4 digits (spec 02 §5: 'digits … 4 for a
 * year'); validation.min and max apply too. '2026' is stored as 2026.
 */
export const yearEntry: FieldType<number> = {
  key: 'year-entry',
  family: 'number',
  holdsValue: true,
  value: z.number(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseNumber,
  validate: (value, field) => {
    const messages = checkNumber(withValidation(field, { integer: true, digits: 4 }), value);
    const digits = fieldMessages.digits(field, 4);
    return value < 0 && !messages.includes(digits) ? [...messages, digits] : messages;
  },
  toText: (value) => String(value),
};
