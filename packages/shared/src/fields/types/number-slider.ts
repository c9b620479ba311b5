import * as z from 'zod/mini';
import { checkNumber } from '../checks.ts';
import { normaliseNumber } from '../checks-basic.ts';
import type { FieldType } from '../types.ts';

/** Slider and counter bounds when validation sets none (spec 02 §5, §9). */
export const SLIDER_DEFAULTS = { min: 0, max: 100 } as const;

/**
 * number-slider: a number between validation.min and validation.max (default 0 and 100);
 * integer and digits apply when validation sets them. Number strings are stored as numbers.
 */
export const numberSlider: FieldType<number> = {
  key: 'number-slider',
  family: 'number',
  holdsValue: true,
  value: z.number(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseNumber,
  validate: (value, field) => checkNumber(field, value, SLIDER_DEFAULTS),
  toText: (value) => String(value),
};
