import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'codes', title: 'Codes', type: 'json-array', validation: { required: true } };

describe('json-array', () => {
  it('stores an array, parsing a JSON string of one', () => {
    expect(validateField(field, ['a', 1])).toEqual({ value: ['a', 1], errors: [] });
    expect(validateField(field, '["a", {"b": 2}]')).toEqual({ value: ['a', { b: 2 }], errors: [] });
  });

  it('refuses JSON that is not an array, and text that is not JSON', () => {
    expect(validateField(field, '{"a": 1}').errors).toEqual(['Codes is not valid.']);
    expect(validateField(field, '[1, 2').errors).toEqual(['Codes is not valid.']);
    expect(validateField(field, { a: 1 }).errors).toEqual(['Codes is not valid.']);
  });

  it('holds its JSON text to 65536 characters', () => {
    expect(validateField(field, ['x'.repeat(65532)]).errors).toEqual([]);
    expect(validateField(field, ['x'.repeat(65533)]).errors).toEqual(['Codes must be less than 65536 characters long. (Currently 65537)']);
  });

  it('is required: an empty array or blank text is empty', () => {
    expect(validateField(field, '[]').errors).toEqual(['Codes is a required field.']);
    expect(validateField(field, '  ').errors).toEqual(['Codes is a required field.']);
  });

  it('prints the items joined by commas', () => {
    expect(fieldText(field, ['a', 1, { b: 2 }])).toBe('a, 1, {"b":2}');
  });
});
