import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'approvers',
  title: 'Approvers',
  type: 'select-roles',
  validation,
});

describe('select-roles', () => {
  it('stores a list of role keys and prints their labels', () => {
    expect(validateField(field(), ['Tenant Admin', 'Lieutenant']).errors).toEqual([]);
    expect(fieldText(field(), ['Tenant Admin', 'Tenant User'])).toBe('Fire Chief, Firefighter');
  });

  it('makes one key a list and drops repeats', () => {
    expect(validateField(field(), 'ALL').value).toEqual(['ALL']);
    expect(validateField(field(), ['Engineer', 'Engineer']).value).toEqual(['Engineer']);
  });

  it('refuses unknown keys, non-strings, too many, and nothing when required', () => {
    expect(validateField(field(), ['Engineer', 'Janitor']).errors).toEqual(['Approvers has a choice that is not one of its options.']);
    expect(validateField(field(), [1]).errors).toEqual(['Approvers is not valid.']);
    expect(validateField(field({ max_selections: 1 }), ['Engineer', 'Lieutenant']).errors).toEqual([
      'Approvers may have at most 1 selections.',
    ]);
    expect(validateField(field({ required: true }), []).errors).toEqual(['Approvers is a required field.']);
  });
});
