import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'tools',
  title: 'Tools',
  type: 'checkbox-multiselect-adhoc',
  validation,
  params: { options: [{ key: 'halligan', label: 'Halligan' }] },
});

describe('checkbox-multiselect-adhoc', () => {
  it('stores options and free entries as a list and prints labels where there are some', () => {
    expect(validateField(field(), ['halligan', ' Pike pole '])).toEqual({ value: ['halligan', 'Pike pole'], errors: [] });
    expect(fieldText(field(), ['halligan', 'Pike pole'])).toBe('Halligan, Pike pole');
    expect(validateField(field(), 'Axe').value).toEqual(['Axe']);
    expect(fieldTypeOf('checkbox-multiselect-adhoc').filterKind).toBe('dropdown-adhoc');
  });

  it('holds to min and max selections (spec 02 §5)', () => {
    const bounded = field({ min_selections: 2, max_selections: 3 });
    expect(validateField(bounded, ['a']).errors).toEqual(['Tools needs at least 2 selections.']);
    expect(validateField(bounded, ['a', 'b', 'c', 'd']).errors).toEqual(['Tools may have at most 3 selections.']);
    expect(validateField(bounded, ['a', 'b']).errors).toEqual([]);
  });

  it('holds each free entry to 255 characters, is required, and refuses objects', () => {
    expect(validateField(field(), ['a', 'x'.repeat(256)]).errors).toEqual(['Tools must be less than 255 characters long. (Currently 256)']);
    expect(validateField(field({ required: true }), []).errors).toEqual(['Tools is a required field.']);
    expect(validateField(field(), [{ a: 1 }]).errors).toEqual(['Tools is not valid.']);
  });
});
