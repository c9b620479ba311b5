import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (params: FieldDefinition['params'] = {}): FieldDefinition => ({
  property: 'filters',
  title: 'Filters',
  type: 'select-filters',
  validation: { required: true },
  params,
});

describe('select-filters', () => {
  it('stores a list of filter keys, one key becoming a list, repeats dropped', () => {
    expect(validateField(field(), ['assignee', 'place', 'assignee'])).toEqual({ value: ['assignee', 'place'], errors: [] });
    expect(validateField(field(), 'tenant').value).toEqual(['tenant']);
    expect(fieldText(field(), ['assignee', 'place'])).toBe('assignee, place');
  });

  it('checks keys against the options when the field lists some, and prints their labels', () => {
    const withOptions = field({ options: [{ key: 'place', label: 'Status' }] });
    expect(validateField(withOptions, ['place']).errors).toEqual([]);
    expect(validateField(withOptions, ['assignee']).errors).toEqual(['Filters has a choice that is not one of its options.']);
    expect(fieldText(withOptions, ['place'])).toBe('Status');
  });

  it('is required and refuses objects', () => {
    expect(validateField(field(), []).errors).toEqual(['Filters is a required field.']);
    expect(validateField(field(), [{ key: 'place' }]).errors).toEqual(['Filters is not valid.']);
  });
});
