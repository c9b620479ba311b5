import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (params: FieldDefinition['params'] = {}, validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'masked',
  title: 'Masked',
  type: 'single-text-mask',
  validation,
  params,
});

describe('single-text-mask', () => {
  it('is required, holds to 255 characters, and prints as itself', () => {
    expect(validateField(field({}, { required: true }), ' ').errors).toEqual(['Masked is a required field.']);
    expect(validateField(field(), 'x'.repeat(255)).errors).toEqual([]);
    expect(validateField(field(), 'x'.repeat(256)).errors).toEqual(['Masked must be less than 255 characters long. (Currently 256)']);
    expect(fieldText(field(), '(555) 123-4567')).toBe('(555) 123-4567');
  });

  it('phone and ssn masks need 10 and 9 digits', () => {
    expect(validateField(field({ inputMask: 'phone' }), '(555) 123-4567').errors).toEqual([]);
    expect(validateField(field({ inputMask: 'phone' }), '555-1234').errors).toEqual(['Masked must be 10 digits.']);
    expect(validateField(field({ inputMask: 'ssn' }), '123-45-6789').errors).toEqual([]);
    expect(validateField(field({ inputMask: 'ssn' }), '123-45-678').errors).toEqual(['Masked must be 9 digits.']);
  });

  it('dollar and number masks need a number, less any suffix', () => {
    expect(validateField(field({ inputMask: 'dollar' }), '$1,250.50').errors).toEqual([]);
    expect(validateField(field({ inputMask: 'dollar' }), '$12a').errors).toEqual(['Masked is not valid.']);
    expect(validateField(field({ inputMask: 'number', inputMaskSuffix: ' gal' }), '1,500 gal').errors).toEqual([]);
    expect(validateField(field({ inputMask: 'number' }), '1.2.3').errors).toEqual(['Masked is not valid.']);
  });

  it('custom masks hold to inputMaskMinDigits and inputMaskMaxDigits', () => {
    const custom = field({ inputMask: 'custom', inputMaskMinDigits: 4, inputMaskMaxDigits: 6 });
    expect(validateField(custom, 'A-1234').errors).toEqual([]);
    expect(validateField(custom, 'A-123').errors).toEqual(['Masked is not valid.']);
    expect(validateField(custom, 'A-1234567').errors).toEqual(['Masked is not valid.']);
    expect(validateField(field({ inputMask: 'custom', inputMaskMinDigits: '5', inputMaskMaxDigits: '5' }), '1234').errors).toEqual([
      'Masked must be 5 digits.',
    ]);
  });

  it('stores an object as its display_value and a number as text', () => {
    expect(validateField(field(), { value: '5551234567', display_value: '(555) 123-4567' }).value).toBe('(555) 123-4567');
    expect(validateField(field(), 5551234567).value).toBe('5551234567');
    expect(validateField(field(), ['x']).errors).toEqual(['Masked is not valid.']);
  });
});
