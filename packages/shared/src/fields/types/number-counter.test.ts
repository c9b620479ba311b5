import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'patients',
  title: 'Patients',
  type: 'number-counter',
  validation,
});

describe('number-counter', () => {
  it('defaults to 0 to 100 and honours validation', () => {
    expect(validateField(field(), -1).errors).toEqual(['Patients must be at least 0.']);
    expect(validateField(field(), 101).errors).toEqual(['Patients may not be greater than 100.']);
    expect(validateField(field({ max: 3, integer: true }), 2.5).errors).toEqual(['Patients must be a whole number.']);
    expect(validateField(field({ max: 3 }), 4).errors).toEqual(['Patients may not be greater than 3.']);
  });

  it('stores number strings as numbers, is required, and prints the number', () => {
    expect(validateField(field(), '3')).toEqual({ value: 3, errors: [] });
    expect(validateField(field({ required: true }), null).errors).toEqual(['Patients is a required field.']);
    expect(validateField(field(), [3]).errors).toEqual(['Patients is not valid.']);
    expect(fieldText(field(), 3)).toBe('3');
  });
});
