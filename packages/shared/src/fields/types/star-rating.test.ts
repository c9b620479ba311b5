import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'rating',
  title: 'Rating',
  type: 'star-rating',
  validation,
});

describe('star-rating', () => {
  it('is a whole number from 1 to 5 by default', () => {
    expect(validateField(field(), 1).errors).toEqual([]);
    expect(validateField(field(), 5).errors).toEqual([]);
    expect(validateField(field(), 6).errors).toEqual(['Rating may not be greater than 5.']);
    expect(validateField(field(), -1).errors).toEqual(['Rating must be at least 1.']);
    expect(validateField(field(), 3.5).errors).toEqual(['Rating must be a whole number.']);
  });

  it('honours a larger max', () => {
    expect(validateField(field({ max: 10 }), 10).errors).toEqual([]);
    expect(validateField(field({ max: 10 }), 11).errors).toEqual(['Rating may not be greater than 10.']);
  });

  it('treats 0 stars as no rating, and is required', () => {
    expect(validateField(field(), 0).errors).toEqual([]);
    expect(validateField(field({ required: true }), 0).errors).toEqual(['Rating is a required field.']);
    expect(validateField(field({ required: true }), '4')).toEqual({ value: 4, errors: [] });
  });

  it('refuses other shapes and prints the number', () => {
    expect(validateField(field(), 'four').errors).toEqual(['Rating is not valid.']);
    expect(fieldText(field(), 4)).toBe('4');
  });
});
