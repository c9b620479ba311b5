import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'injuries', title: 'Injuries', type: 'yes-no', validation: { required: true } };

describe('yes-no', () => {
  it('stores a boolean, from yes/no in any case too', () => {
    expect(validateField(field, 'Yes')).toEqual({ value: true, errors: [] });
    expect(validateField(field, 'NO')).toEqual({ value: false, errors: [] });
    expect(validateField(field, false)).toEqual({ value: false, errors: [] });
  });

  it('counts No as an answer but nothing as missing', () => {
    expect(validateField(field, 'no').errors).toEqual([]);
    expect(validateField(field, undefined).errors).toEqual(['Injuries is a required field.']);
    expect(validateField(field, 'unknown').errors).toEqual(['Injuries is not valid.']);
  });

  it('prints Yes or No and offers the boolean dropdown filter', () => {
    expect(fieldText(field, true)).toBe('Yes');
    expect(fieldText(field, false)).toBe('No');
    expect(fieldTypeOf('yes-no').filterKind).toBe('dropdown-boolean');
  });
});
