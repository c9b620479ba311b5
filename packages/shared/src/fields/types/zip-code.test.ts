import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'zip', title: 'ZIP', type: 'zip-code', validation: { required: true } };

describe('zip-code', () => {
  it('stores 5 digits or ZIP+4 and prints them', () => {
    expect(validateField(field, '02134')).toEqual({ value: '02134', errors: [] });
    expect(validateField(field, '02134-1234')).toEqual({ value: '02134-1234', errors: [] });
    expect(fieldText(field, '02134-1234')).toBe('02134-1234');
  });

  it('adds the hyphen to nine digits and restores the leading zeros of a number', () => {
    expect(validateField(field, '021341234').value).toBe('02134-1234');
    expect(validateField(field, '02134 1234').value).toBe('02134-1234');
    expect(validateField(field, 2134).value).toBe('02134');
  });

  it('refuses other lengths and letters, and nothing when required', () => {
    for (const bad of ['2134', '021345', '02134-12', 'ABCDE']) expect(validateField(field, bad).errors).toEqual(['ZIP must be 5 digits.']);
    expect(validateField(field, ' ').errors).toEqual(['ZIP is a required field.']);
    expect(validateField(field, ['02134']).errors).toEqual(['ZIP is not valid.']);
  });
});
