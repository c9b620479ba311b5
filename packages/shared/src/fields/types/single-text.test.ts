import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'unit',
  title: 'Unit',
  type: 'single-text',
  validation,
});

describe('single-text', () => {
  it('is required only when the field says so', () => {
    expect(validateField(field({ required: true }), '').errors).toEqual(['Unit is a required field.']);
    expect(validateField(field({ required: true }), '   ').errors).toEqual(['Unit is a required field.']);
    expect(validateField(field(), null).errors).toEqual([]);
  });

  it('allows 255 characters and refuses 256 with the count', () => {
    expect(validateField(field(), 'x'.repeat(255)).errors).toEqual([]);
    expect(validateField(field(), 'x'.repeat(256)).errors).toEqual(['Unit must be less than 255 characters long. (Currently 256)']);
  });

  it('stores an object value as its display_value, and numbers as text', () => {
    expect(validateField(field(), { value: 'E1', display_value: 'Engine 1' }).value).toBe('Engine 1');
    expect(validateField(field(), 42).value).toBe('42');
  });

  it('refuses a value of the wrong shape', () => {
    expect(validateField(field(), ['a']).errors).toEqual(['Unit is not valid.']);
  });

  it('prints as itself', () => {
    expect(fieldText(field(), 'Engine 1')).toBe('Engine 1');
  });

  it('is what an unknown type behaves as', () => {
    const unknown = { ...field(), type: 'no-such-type' };
    expect(validateField(unknown, 'x'.repeat(256)).errors).toHaveLength(1);
    expect(fieldText(unknown, 'hello')).toBe('hello');
  });
});
