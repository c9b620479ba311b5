import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = {
  property: 'description',
  title: 'Description',
  type: 'description-rich-text',
  validation: { required: true },
};

describe('description-rich-text', () => {
  it('stores HTML and prints its text', () => {
    expect(validateField(field, '<h2>Scope</h2><ul><li>One</li><li>Two</li></ul>').errors).toEqual([]);
    expect(fieldText(field, '<h2>Scope</h2><ul><li>One</li><li>Two</li></ul>')).toBe('Scope\nOne\nTwo');
  });

  it('is required, holds to 65536 characters, and defaults its height to 400', () => {
    expect(validateField(field, '<div></div>').errors).toEqual(['Description is a required field.']);
    expect(validateField(field, 'x'.repeat(65537)).errors).toEqual([
      'Description must be less than 65536 characters long. (Currently 65537)',
    ]);
    expect(fieldTypeOf('description-rich-text').defaultParams.maxHeight).toBe(400);
  });
});
