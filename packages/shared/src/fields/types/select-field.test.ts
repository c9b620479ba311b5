import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'sort_field', title: 'Sort by', type: 'select-field', validation: { required: true } };

describe('select-field', () => {
  it('stores a field property, trimmed, and prints it', () => {
    expect(validateField(field, ' incident_date ')).toEqual({ value: 'incident_date', errors: [] });
    expect(fieldText(field, 'incident_date')).toBe('incident_date');
  });

  it('is required, and refuses non-strings and overlong names', () => {
    expect(validateField(field, ' ').errors).toEqual(['Sort by is a required field.']);
    expect(validateField(field, 12).errors).toEqual(['Sort by is not valid.']);
    expect(validateField(field, 'p'.repeat(256)).errors).toEqual(['Sort by must be less than 255 characters long. (Currently 256)']);
  });
});
