import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'year_built',
  title: 'Year built',
  type: 'year-entry',
  validation,
});

describe('year-entry', () => {
  it('stores a 4-digit year, from text too, and prints it', () => {
    expect(validateField(field(), '1998')).toEqual({ value: 1998, errors: [] });
    expect(fieldText(field(), 1998)).toBe('1998');
  });

  it('refuses other lengths, negative and fractional years', () => {
    expect(validateField(field(), 998).errors).toEqual(['Year built must be 4 digits.']);
    expect(validateField(field(), 20260).errors).toEqual(['Year built must be 4 digits.']);
    expect(validateField(field(), -1998).errors).toEqual(['Year built must be 4 digits.']);
    expect(validateField(field(), 1998.5).errors).toEqual(['Year built must be a whole number.']);
    expect(validateField(field(), 'ninety').errors).toEqual(['Year built is not valid.']);
  });

  it('honours min and max, and is required', () => {
    expect(validateField(field({ min: 1900, max: 2026 }), 1899).errors).toEqual(['Year built must be at least 1900.']);
    expect(validateField(field({ min: 1900, max: 2026 }), 2027).errors).toEqual(['Year built may not be greater than 2026.']);
    expect(validateField(field({ required: true }), '').errors).toEqual(['Year built is a required field.']);
  });
});
