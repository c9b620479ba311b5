import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'target', title: 'Target', type: 'select-entity-type', validation: { required: true } };

describe('select-entity-type', () => {
  it('stores an entity type name; an entity type object is stored as its name', () => {
    expect(validateField(field, 'incident')).toEqual({ value: 'incident', errors: [] });
    expect(validateField(field, { name: 'apparatus', label: 'Apparatus' })).toEqual({ value: 'apparatus', errors: [] });
    expect(fieldText(field, 'incident')).toBe('incident');
  });

  it('is required, and refuses other shapes and overlong names', () => {
    expect(validateField(field, { name: '' }).errors).toEqual(['Target is a required field.']);
    expect(validateField(field, { label: 'Apparatus' }).errors).toEqual(['Target is not valid.']);
    expect(validateField(field, 'n'.repeat(256)).errors).toEqual(['Target must be less than 255 characters long. (Currently 256)']);
  });
});
