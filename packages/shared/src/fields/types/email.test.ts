import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'email', title: 'Email', type: 'email', validation: { required: true } };

describe('email', () => {
  it('stores a trimmed address and prints it', () => {
    expect(validateField(field, ' chief@station9.example.org ')).toEqual({ value: 'chief@station9.example.org', errors: [] });
    expect(validateField(field, "o'brien+alerts@fd.example").errors).toEqual([]);
    expect(fieldText(field, 'chief@station9.example.org')).toBe('chief@station9.example.org');
  });

  it('refuses what is not an address', () => {
    for (const bad of [
      'chief',
      'chief@',
      '@fd.example',
      'chief@fd',
      'chief@@fd.example',
      'chief @fd.example',
      'chief@fd..example',
      'chief@-fd.example',
    ])
      expect(validateField(field, bad).errors).toEqual(['Email must be a valid email address.']);
  });

  it('is required, refuses non-strings, and holds to 255 characters', () => {
    expect(validateField(field, '  ').errors).toEqual(['Email is a required field.']);
    expect(validateField(field, 42).errors).toEqual(['Email is not valid.']);
    expect(validateField(field, `${'a'.repeat(250)}@fd.example`).errors).toEqual([
      'Email must be less than 255 characters long. (Currently 261)',
    ]);
  });
});
