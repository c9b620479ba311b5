import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { fullAddressNfirs } from './full-address-nfirs.ts';

const field = (nfirs_max_length?: unknown): FieldDefinition => ({
  property: 'address',
  title: 'Address',
  type: 'full-address-nfirs',
  params: { nfirs_max_length },
});

describe('full-address-nfirs', () => {
  it('is registered and behaves as full-address without limits', () => {
    expect(fieldTypeOf('full-address-nfirs')).toBe(fullAddressNfirs);
    expect(validateField(field(), { street: 'x'.repeat(255), city: 'Springfield' }).errors).toEqual([]);
    expect(fieldText(field(), { street: '1 Main', city: 'Springfield' })).toBe('1 Main, Springfield');
  });

  it('limits every part to a single nfirs_max_length', () => {
    expect(validateField(field(5), { street: '1 Main', city: 'Rome' }).errors).toEqual([
      'Address street must be less than 5 characters long. (Currently 6)',
    ]);
  });

  it('limits only the parts named in an nfirs_max_length object', () => {
    const limits = { city: 4 };
    expect(validateField(field(limits), { street: '100 Long Street Name', city: 'Rome' }).errors).toEqual([]);
    expect(validateField(field(limits), { city: 'Paris' }).errors).toEqual([
      'Address city must be less than 4 characters long. (Currently 5)',
    ]);
  });
});
