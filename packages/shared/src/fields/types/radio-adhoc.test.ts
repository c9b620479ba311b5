import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = {
  property: 'cause',
  title: 'Cause',
  type: 'radio-adhoc',
  validation: { required: true },
  params: { options: [{ key: 'elec', label: 'Electrical' }] },
};

describe('radio-adhoc', () => {
  it('accepts options and free entries and prints labels where there are some', () => {
    expect(validateField(field, 'elec').errors).toEqual([]);
    expect(validateField(field, 'Lightning').errors).toEqual([]);
    expect(fieldText(field, 'elec')).toBe('Electrical');
    expect(fieldText(field, 'Lightning')).toBe('Lightning');
    expect(fieldTypeOf('radio-adhoc').filterKind).toBe('dropdown-adhoc');
  });

  it('is required, and refuses overlong entries and lists', () => {
    expect(validateField(field, '').errors).toEqual(['Cause is a required field.']);
    expect(validateField(field, 'x'.repeat(300)).errors).toEqual(['Cause must be less than 255 characters long. (Currently 300)']);
    expect(validateField(field, ['elec']).errors).toEqual(['Cause is not valid.']);
  });
});
