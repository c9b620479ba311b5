import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = {
  property: 'station',
  title: 'Station',
  type: 'select-adhoc',
  validation: { required: true },
  params: { options: [{ key: 's1', label: 'Station 1' }] },
};

describe('select-adhoc', () => {
  it('accepts an option, printed as its label, and a free entry, printed as itself', () => {
    expect(validateField(field, 's1').errors).toEqual([]);
    expect(fieldText(field, 's1')).toBe('Station 1');
    expect(validateField(field, ' Mutual aid ')).toEqual({ value: 'Mutual aid', errors: [] });
    expect(fieldText(field, 'Mutual aid')).toBe('Mutual aid');
  });

  it('holds a free entry to 255 characters', () => {
    expect(validateField(field, 'x'.repeat(255)).errors).toEqual([]);
    expect(validateField(field, 'x'.repeat(256)).errors).toEqual(['Station must be less than 255 characters long. (Currently 256)']);
  });

  it('is required, refuses objects, and offers the ad-hoc dropdown filter', () => {
    expect(validateField(field, '  ').errors).toEqual(['Station is a required field.']);
    expect(validateField(field, { key: 's1' }).errors).toEqual(['Station is not valid.']);
    expect(fieldTypeOf('select-adhoc').filterKind).toBe('dropdown-adhoc');
  });
});
