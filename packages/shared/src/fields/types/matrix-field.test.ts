import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { matrixField } from './matrix-field.ts';

const field = { property: 'crew', title: 'Crew', type: 'matrix-field', childtype: 'crew-member', validation: { required: true } };
const rows = [
  { name: 'Ana', hours: 4 },
  { name: 'Bo', hours: null },
];

describe('matrix-field', () => {
  it('is registered; rows with nothing filled in are empty', () => {
    expect(fieldTypeOf('matrix-field')).toBe(matrixField);
    expect(validateField(field, [{ name: '', roles: [] }, {}]).errors).toEqual(['Crew is a required field.']);
  });

  it('takes a list of objects of JSON values', () => {
    expect(validateField(field, rows)).toEqual({ value: rows, errors: [] });
  });

  it('refuses rows that are not objects', () => {
    expect(validateField(field, ['Ana']).errors).toEqual(['Crew is not valid.']);
    expect(validateField(field, { name: 'Ana' }).errors).toEqual(['Crew is not valid.']);
  });

  it('prints the number of rows', () => {
    expect(fieldText(field, rows)).toBe('2 rows');
    expect(fieldText(field, [rows[0]])).toBe('1 row');
  });
});
