import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'fuel',
  title: 'Fuel',
  type: 'number-slider',
  validation,
});

describe('number-slider', () => {
  it('defaults to 0 to 100', () => {
    expect(validateField(field(), 0).errors).toEqual([]);
    expect(validateField(field(), 100).errors).toEqual([]);
    expect(validateField(field(), -1).errors).toEqual(['Fuel must be at least 0.']);
    expect(validateField(field(), 101).errors).toEqual(['Fuel may not be greater than 100.']);
  });

  it('holds to the min and max validation sets', () => {
    expect(validateField(field({ min: 10, max: 20 }), 5).errors).toEqual(['Fuel must be at least 10.']);
    expect(validateField(field({ min: 10, max: 20 }), 21).errors).toEqual(['Fuel may not be greater than 20.']);
    expect(validateField(field({ max: 500 }), 400).errors).toEqual([]);
  });

  it('stores number strings as numbers, is required, and prints the number', () => {
    expect(validateField(field(), '75').value).toBe(75);
    expect(validateField(field({ required: true }), '').errors).toEqual(['Fuel is a required field.']);
    expect(validateField(field(), 'full').errors).toEqual(['Fuel is not valid.']);
    expect(fieldText(field(), 75)).toBe('75');
  });
});
