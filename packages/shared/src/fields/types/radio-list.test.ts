import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = {
  property: 'shift',
  title: 'Shift',
  type: 'radio-list',
  validation: { required: true },
  params: {
    options: [
      { key: 'a', label: 'A Shift' },
      { value: 2, label: 'B Shift' },
    ],
  },
};

describe('radio-list', () => {
  it('stores one option key, numbers included, and prints its label', () => {
    expect(validateField(field, 'a').errors).toEqual([]);
    expect(validateField(field, 2).errors).toEqual([]);
    expect(fieldText(field, 2)).toBe('B Shift');
    expect(fieldTypeOf('radio-list').filterKind).toBe('dropdown');
  });

  it('refuses other keys, lists, and nothing when required', () => {
    expect(validateField(field, 'c').errors).toEqual(['Shift has a choice that is not one of its options.']);
    expect(validateField(field, ['a']).errors).toEqual(['Shift is not valid.']);
    expect(validateField(field, undefined).errors).toEqual(['Shift is a required field.']);
  });
});
