import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'active', title: 'Active', type: 'boolean', validation: { required: true } };

describe('boolean', () => {
  it('stores true or false; false satisfies required', () => {
    expect(validateField(field, true)).toEqual({ value: true, errors: [] });
    expect(validateField(field, false)).toEqual({ value: false, errors: [] });
  });

  it('stores true/false, yes/no and 1/0 given as text or numbers as booleans', () => {
    expect(validateField(field, 'TRUE').value).toBe(true);
    expect(validateField(field, ' no ').value).toBe(false);
    expect(validateField(field, 1).value).toBe(true);
    expect(validateField(field, '0').value).toBe(false);
  });

  it('refuses other values, and nothing when required', () => {
    expect(validateField(field, 'maybe').errors).toEqual(['Active is not valid.']);
    expect(validateField(field, 2).errors).toEqual(['Active is not valid.']);
    expect(validateField(field, '').errors).toEqual(['Active is a required field.']);
    expect(validateField(field, null).errors).toEqual(['Active is a required field.']);
  });

  it('prints Yes or No and offers no filter', () => {
    expect(fieldText(field, true)).toBe('Yes');
    expect(fieldText(field, false)).toBe('No');
    expect(fieldTypeOf('boolean').filterKind).toBe('none');
  });
});
