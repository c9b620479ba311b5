import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}, params: FieldDefinition['params'] = {}): FieldDefinition => ({
  property: 'personnel_count',
  title: 'Personnel',
  type: 'number-entry',
  validation,
  params,
});
const range = (validation: FieldDefinition['validation'] = {}) => field(validation, { isNumberRange: true });

describe('number-entry', () => {
  it('stores numbers, number strings becoming numbers', () => {
    expect(validateField(field(), 12)).toEqual({ value: 12, errors: [] });
    expect(validateField(field(), ' 1,250.5 ').value).toBe(1250.5);
    expect(validateField(field(), '-3').value).toBe(-3);
    expect(validateField(field(), '12abc').errors).toEqual(['Personnel is not valid.']);
    expect(validateField(field(), '0x10').errors).toEqual(['Personnel is not valid.']);
  });

  it('is required, and 0 is a value', () => {
    expect(validateField(field({ required: true }), ' ').errors).toEqual(['Personnel is a required field.']);
    expect(validateField(field({ required: true }), 0).errors).toEqual([]);
  });

  it('holds to min, max, integer and digits', () => {
    expect(validateField(field({ min: 1, max: '10' }), 0).errors).toEqual(['Personnel must be at least 1.']);
    expect(validateField(field({ min: 1, max: '10' }), 11).errors).toEqual(['Personnel may not be greater than 10.']);
    expect(validateField(field({ integer: true }), 2.5).errors).toEqual(['Personnel must be a whole number.']);
    expect(validateField(field({ digits: 5 }), 1234).errors).toEqual(['Personnel must be 5 digits.']);
  });

  it('with isNumberRange stores { from, to }, each end checked and to not below from', () => {
    expect(validateField(range(), { from: '2', to: 5 })).toEqual({ value: { from: 2, to: 5 }, errors: [] });
    expect(validateField(range(), { from: 5, to: '' })).toEqual({ value: { from: 5 }, errors: [] });
    expect(validateField(range(), { from: 5, to: 2 }).errors).toEqual(['Personnel must end after it starts.']);
    expect(validateField(range({ min: 0 }), { from: -1, to: -2 }).errors).toEqual([
      'Personnel must be at least 0.',
      'Personnel must end after it starts.',
    ]);
    expect(validateField(range({ required: true }), { from: null, to: '' }).errors).toEqual(['Personnel is a required field.']);
  });

  it('refuses a range where a number is wanted, and the other way round', () => {
    expect(validateField(field(), { from: 1, to: 2 }).errors).toEqual(['Personnel is not valid.']);
    expect(validateField(range(), 3).errors).toEqual(['Personnel is not valid.']);
    expect(validateField(range(), { from: 'a' }).errors).toEqual(['Personnel is not valid.']);
  });

  it('prints the number or the range', () => {
    expect(fieldText(field(), 1250.5)).toBe('1250.5');
    expect(fieldText(range(), { from: 2, to: 5 })).toBe('2 - 5');
    expect(fieldText(range(), { from: 2 })).toBe('2 -');
  });
});
