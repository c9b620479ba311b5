import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'narrative',
  title: 'Narrative',
  type: 'textarea',
  validation,
});

describe('textarea', () => {
  it('allows 65536 characters and refuses 65537 with the count', () => {
    expect(validateField(field(), 'x'.repeat(65536)).errors).toEqual([]);
    expect(validateField(field(), 'x'.repeat(65537)).errors).toEqual([
      'Narrative must be less than 65536 characters long. (Currently 65537)',
    ]);
  });

  it('is required, blank text counting as empty', () => {
    expect(validateField(field({ required: true }), ' \n ').errors).toEqual(['Narrative is a required field.']);
  });

  it('keeps lines, stores numbers as text, refuses objects, and prints as itself', () => {
    expect(validateField(field(), 'line 1\nline 2').value).toBe('line 1\nline 2');
    expect(validateField(field(), 12).value).toBe('12');
    expect(validateField(field(), { text: 'x' }).errors).toEqual(['Narrative is not valid.']);
    expect(fieldText(field(), 'line 1\nline 2')).toBe('line 1\nline 2');
  });
});
