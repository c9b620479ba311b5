import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'role', title: 'Role', type: 'select-role', validation: { required: true } };

describe('select-role', () => {
  it('stores a role key or ALL and prints the role label', () => {
    expect(validateField(field, 'Tenant Admin').errors).toEqual([]);
    expect(validateField(field, 'ALL').errors).toEqual([]);
    expect(fieldText(field, 'Tenant Admin')).toBe('Fire Chief');
    expect(fieldText(field, 'ALL')).toBe('All roles');
  });

  it('refuses a role label or an unknown key, and nothing when required', () => {
    expect(validateField(field, 'Fire Chief').errors).toEqual(['Role has a choice that is not one of its options.']);
    expect(validateField(field, 'Janitor').errors).toEqual(['Role has a choice that is not one of its options.']);
    expect(validateField(field, '').errors).toEqual(['Role is a required field.']);
    expect(validateField(field, ['ALL']).errors).toEqual(['Role is not valid.']);
  });
});
