import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = {
  property: 'priority',
  title: 'Priority',
  type: 'select-list',
  validation: { required: true },
  params: {
    options: [
      { key: 'low', label: 'Low' },
      { key: 'high', label: 'High' },
    ],
  },
};

describe('select-list', () => {
  it('accepts one of its options and prints its label', () => {
    expect(validateField(field, 'high').errors).toEqual([]);
    expect(fieldText(field, 'high')).toBe('High');
  });

  it('refuses a key that is not an option, and nothing when required', () => {
    expect(validateField(field, 'urgent').errors).toEqual(['Priority has a choice that is not one of its options.']);
    expect(validateField(field, null).errors).toEqual(['Priority is a required field.']);
  });
});
