import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { US_STATES } from './select-state.ts';

const field: FieldDefinition = { property: 'state', title: 'State', type: 'select-state', validation: { required: true } };

describe('select-state', () => {
  it('stores the two-letter code and prints the name', () => {
    expect(validateField(field, 'TX')).toEqual({ value: 'TX', errors: [] });
    expect(fieldText(field, 'TX')).toBe('Texas');
    expect(fieldText(field, 'DC')).toBe('District of Columbia');
    expect(fieldText(field, 'PR')).toBe('Puerto Rico');
  });

  it('stores a lower-case code or a full name as the code', () => {
    expect(validateField(field, ' ca ').value).toBe('CA');
    expect(validateField(field, 'new mexico').value).toBe('NM');
  });

  it('refuses unknown codes and names, and nothing when required', () => {
    expect(validateField(field, 'XX').errors).toEqual(['State has a choice that is not one of its options.']);
    expect(validateField(field, 'Ontario').errors).toEqual(['State has a choice that is not one of its options.']);
    expect(validateField(field, 'constructor').errors).toEqual(['State has a choice that is not one of its options.']);
    expect(validateField(field, '').errors).toEqual(['State is a required field.']);
  });

  it('lists 50 states, DC and 5 territories', () => {
    expect(Object.keys(US_STATES)).toHaveLength(56);
  });
});
