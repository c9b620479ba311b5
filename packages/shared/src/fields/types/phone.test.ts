import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'phone', title: 'Phone', type: 'phone', validation: { required: true } };

describe('phone', () => {
  it('stores the number as typed, trimmed, and prints it', () => {
    expect(validateField(field, ' +1 (555) 123-4567 ')).toEqual({ value: '+1 (555) 123-4567', errors: [] });
    expect(validateField(field, 5551234567).value).toBe('5551234567');
    expect(fieldText(field, '555.123.4567')).toBe('555.123.4567');
  });

  it('needs 7 to 15 digits after punctuation', () => {
    expect(validateField(field, '555-1234').errors).toEqual([]);
    expect(validateField(field, '55-1234').errors).toEqual(['Phone is not valid.']);
    expect(validateField(field, '+44 1234 567 890 12').errors).toEqual([]);
    expect(validateField(field, '1234567890123456').errors).toEqual(['Phone is not valid.']);
  });

  it('refuses letters, and nothing when required', () => {
    expect(validateField(field, '555-CALL-NOW').errors).toEqual(['Phone is not valid.']);
    expect(validateField(field, '555-123-4567 x12').errors).toEqual(['Phone is not valid.']);
    expect(validateField(field, '').errors).toEqual(['Phone is a required field.']);
  });
});
