import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { fullNameEntry } from './full-name-entry.ts';

const field = { property: 'name', title: 'Name', type: 'full-name-entry', validation: { required: true } };

describe('full-name-entry', () => {
  it('is registered; a name with no parts is empty', () => {
    expect(fieldTypeOf('full-name-entry')).toBe(fullNameEntry);
    expect(validateField(field, { first: ' ', last: '', display_name: 'Someone' }).errors).toEqual(['Name is a required field.']);
  });

  it('trims the parts and builds display_name when it is missing', () => {
    expect(validateField(field, { nameprefix: 'Capt.', first: ' Ana ', middle: null, last: 'Ruiz', namesuffix: 'Jr.' })).toEqual({
      value: { nameprefix: 'Capt.', first: 'Ana', last: 'Ruiz', namesuffix: 'Jr.', display_name: 'Capt. Ana Ruiz Jr.' },
      errors: [],
    });
    expect(validateField(field, { first: 'Ana', last: 'Ruiz', display_name: 'Ruiz, Ana' }).value).toMatchObject({
      display_name: 'Ruiz, Ana',
    });
  });

  it('refuses a part that is not text and a part over 255 characters', () => {
    expect(validateField(field, { first: { x: 1 } }).errors).toEqual(['Name is not valid.']);
    expect(validateField(field, { last: 'x'.repeat(256) }).errors).toEqual([
      'Name last name must be less than 255 characters long. (Currently 256)',
    ]);
  });

  it('prints display_name', () => {
    expect(fieldText(field, { first: 'Ana', display_name: 'Ana Ruiz' })).toBe('Ana Ruiz');
  });
});
