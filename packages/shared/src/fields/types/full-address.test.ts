import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { fullAddress } from './full-address.ts';

const field = { property: 'address', title: 'Address', type: 'full-address', validation: { required: true } };

describe('full-address', () => {
  it('is registered; an address with no parts is empty', () => {
    expect(fieldTypeOf('full-address')).toBe(fullAddress);
    expect(validateField(field, { street: '  ', city: null }).errors).toEqual(['Address is a required field.']);
  });

  it('builds display_name from the parts, numbers as text', () => {
    const raw = {
      addressPrefix: 'N',
      street: '120 Main',
      streetType: 'St',
      aptSuiteRoomNum: 'Apt 4',
      city: 'Springfield',
      state: 'IL',
      zipcode: 62701,
    };
    const { value, errors } = validateField(field, raw);
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ zipcode: '62701', display_name: 'N 120 Main St Apt 4, Springfield, IL 62701' });
    expect(validateField(field, { milepostNumber: 12, city: 'Rural' }).value).toMatchObject({ display_name: 'Milepost 12, Rural' });
  });

  it('refuses a part over 255 characters or of the wrong kind', () => {
    expect(validateField(field, { city: 'x'.repeat(256) }).errors).toEqual([
      'Address city must be less than 255 characters long. (Currently 256)',
    ]);
    expect(validateField(field, { city: ['x'] }).errors).toEqual(['Address is not valid.']);
  });

  it('prints display_name', () => {
    expect(fieldText(field, { city: 'Springfield', display_name: 'Springfield' })).toBe('Springfield');
    expect(fieldText(field, { city: 'Springfield', state: 'IL' })).toBe('Springfield, IL');
  });
});
