import * as z from 'zod/mini';
import { checkNumber } from '../checks.ts';
import { normaliseNumber, withValidation } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';

/** Star rating bounds when validation sets none (spec 02 §5: max defaults to 5). */
export const STAR_DEFAULTS = { min: 1, max: 5 } as const;

/**
 * star-rating: a whole number of stars from 1 to validation.max (default 5). 0 stars is a
 * cleared rating, so it is empty. Number strings are stored as numbers.
 */
export const starRating: FieldType<number> = {
  key: 'star-rating',
  family: 'number',
  holdsValue: true,
  value: z.number(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseNumber,
  isEmpty: (value) => value === 0,
  validate: (value, field) => checkNumber(withValidation(field, { integer: true }), value, STAR_DEFAULTS),
  toText: (value) => String(value),
};
