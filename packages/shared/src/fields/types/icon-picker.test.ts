import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { iconPicker } from './icon-picker.ts';

const field = { property: 'icon', title: 'Icon', type: 'icon-picker', validation: { required: true } };

describe('icon-picker', () => {
  it('is registered and needs a name when required', () => {
    expect(fieldTypeOf('icon-picker')).toBe(iconPicker);
    expect(validateField(field, '   ').errors).toEqual(['Icon is a required field.']);
  });

  it('stores the name trimmed, up to 100 characters', () => {
    expect(validateField(field, ' fire-truck ')).toEqual({ value: 'fire-truck', errors: [] });
    expect(validateField(field, 'x'.repeat(100)).errors).toEqual([]);
    expect(validateField(field, 'x'.repeat(101)).errors).toEqual(['Icon must be less than 100 characters long. (Currently 101)']);
  });

  it('refuses a non-text value and prints the name', () => {
    expect(validateField(field, { name: 'x' }).errors).toEqual(['Icon is not valid.']);
    expect(fieldText(field, 'fire-truck')).toBe('fire-truck');
  });
});
