import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'department', title: 'Department', type: 'select-tenant', validation: { required: true } };

describe('select-tenant', () => {
  it('stores a tenant reference and prints its name', () => {
    expect(validateField(field, { id: 't1', display_name: 'Station County FD', uri: '/t1' })).toEqual({
      value: { id: 't1', display_name: 'Station County FD' },
      errors: [],
    });
    expect(validateField(field, 't1').value).toEqual({ id: 't1' });
    expect(fieldText(field, { id: 't1', display_name: 'Station County FD' })).toBe('Station County FD');
  });

  it('is required, refuses other shapes, and offers no field filter', () => {
    expect(validateField(field, null).errors).toEqual(['Department is a required field.']);
    expect(validateField(field, true).errors).toEqual(['Department is not valid.']);
    expect(fieldTypeOf('select-tenant').filterKind).toBe('none');
  });
});
