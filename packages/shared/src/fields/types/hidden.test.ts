import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { hidden } from './hidden.ts';

const field = { property: 'source', title: 'Source', type: 'hidden', validation: { required: true } };

describe('hidden', () => {
  it('is registered, holds a value and is required like any field', () => {
    expect(fieldTypeOf('hidden')).toBe(hidden);
    expect(hidden.holdsValue).toBe(true);
    expect(validateField(field, '').errors).toEqual(['Source is a required field.']);
  });

  it('keeps any JSON primitive or object', () => {
    for (const v of ['kiosk', 3, false, { a: [1, null] }]) expect(validateField(field, v)).toEqual({ value: v, errors: [] });
    expect(validateField(field, () => 1).errors).toEqual(['Source is not valid.']);
  });

  it('prints nothing', () => {
    expect(fieldText(field, 'kiosk')).toBe('');
  });
});
