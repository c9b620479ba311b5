import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'units',
  title: 'Units',
  type: 'select-list-multiple',
  validation,
  params: {
    options: [
      { key: 'e1', label: 'Engine 1' },
      { key: 'l1', label: 'Ladder 1' },
      { key: 'm1', label: 'Medic 1' },
    ],
  },
});

describe('select-list-multiple', () => {
  it('stores a list of option keys and prints their labels', () => {
    expect(validateField(field(), ['e1', 'm1'])).toEqual({ value: ['e1', 'm1'], errors: [] });
    expect(fieldText(field(), ['e1', 'm1'])).toBe('Engine 1, Medic 1');
  });

  it('makes a single key a list, dropping blanks and repeats', () => {
    expect(validateField(field(), 'l1').value).toEqual(['l1']);
    expect(validateField(field(), ['e1', '', 'e1', null]).value).toEqual(['e1']);
  });

  it('refuses keys that are not options and values of the wrong shape', () => {
    expect(validateField(field(), ['e1', 'x']).errors).toEqual(['Units has a choice that is not one of its options.']);
    expect(validateField(field(), [{ key: 'e1' }]).errors).toEqual(['Units is not valid.']);
  });

  it('is required when the field says so, and an empty list is empty', () => {
    expect(validateField(field({ required: true }), []).errors).toEqual(['Units is a required field.']);
    expect(validateField(field({ required: true }), ['']).errors).toEqual(['Units is a required field.']);
  });

  it('holds to min and max selections', () => {
    const bounded = field({ min_selections: 2, max_selections: 2 });
    expect(validateField(bounded, ['e1']).errors).toEqual(['Units needs at least 2 selections.']);
    expect(validateField(bounded, ['e1', 'l1', 'm1']).errors).toEqual(['Units may have at most 2 selections.']);
    expect(validateField(bounded, ['e1', 'l1']).errors).toEqual([]);
  });
});
