import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = {
  property: 'ppe',
  title: 'PPE',
  type: 'checkbox-multiselect',
  validation: { required: true, max_selections: 2 },
  params: {
    options: [
      { key: 'helmet', label: 'Helmet' },
      { key: 'gloves', label: 'Gloves' },
      { key: 'boots', label: 'Boots' },
    ],
  },
};

describe('checkbox-multiselect', () => {
  it('stores option keys, prints labels and offers a dropdown filter', () => {
    expect(validateField(field, ['helmet', 'boots'])).toEqual({ value: ['helmet', 'boots'], errors: [] });
    expect(fieldText(field, ['helmet', 'boots'])).toBe('Helmet, Boots');
    expect(fieldTypeOf('checkbox-multiselect').filterKind).toBe('dropdown');
  });

  it('refuses keys that are not options, too many choices, and nothing when required', () => {
    expect(validateField(field, ['hat']).errors).toEqual(['PPE has a choice that is not one of its options.']);
    expect(validateField(field, ['helmet', 'gloves', 'boots']).errors).toEqual(['PPE may have at most 2 selections.']);
    expect(validateField(field, []).errors).toEqual(['PPE is a required field.']);
  });
});
