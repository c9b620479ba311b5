import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { colorPicker } from './color-picker.ts';

const field = { property: 'colour', title: 'Colour', type: 'color-picker', validation: { required: true } };

describe('color-picker', () => {
  it('is registered and required like any field', () => {
    expect(fieldTypeOf('color-picker')).toBe(colorPicker);
    expect(validateField(field, '').errors).toEqual(['Colour is a required field.']);
  });

  it('stores #rrggbb or #rgb in lower case, adding a missing #', () => {
    expect(validateField(field, ' #9A0223 ')).toEqual({ value: '#9a0223', errors: [] });
    expect(validateField(field, 'f00')).toEqual({ value: '#f00', errors: [] });
  });

  it('refuses anything else', () => {
    for (const bad of ['#12345', 'red', '#ggg000', 42]) expect(validateField(field, bad).errors).toEqual(['Colour is not valid.']);
  });

  it('prints the colour', () => {
    expect(fieldText(field, '#ff0000')).toBe('#ff0000');
  });
});
