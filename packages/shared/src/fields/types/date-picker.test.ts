import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'inspected_on', title: 'Inspected on', type: 'date-picker', validation: { required: true } };

describe('date-picker', () => {
  it('stores { value: yyyy-MM-dd, display_value }, wrapping a bare string', () => {
    expect(validateField(field, { value: '2026-11-21', display_value: '11/21/2026' })).toEqual({
      value: { value: '2026-11-21', display_value: '11/21/2026' },
      errors: [],
    });
    expect(validateField(field, '2026-11-21').value).toEqual({ value: '2026-11-21' });
  });

  it('keeps the calendar date a timestamp is written with', () => {
    expect(validateField(field, '2026-11-21T23:30:00-06:00').value).toEqual({ value: '2026-11-21' });
  });

  it('refuses dates that do not exist or are not dates', () => {
    expect(validateField(field, '2026-02-30').errors).toEqual(['Inspected on must be a valid date.']);
    expect(validateField(field, '11/21/2026').errors).toEqual(['Inspected on must be a valid date.']);
    expect(validateField(field, { value: 20261121 }).errors).toEqual(['Inspected on is not valid.']);
  });

  it('is required, an empty value counting as empty', () => {
    expect(validateField(field, '').errors).toEqual(['Inspected on is a required field.']);
    expect(validateField(field, { value: '', display_value: '' }).errors).toEqual(['Inspected on is a required field.']);
  });

  it('prints in the tenant date format without shifting the day, and offers the date filter', () => {
    expect(fieldText(field, { value: '2026-11-21' })).toBe('11/21/2026');
    expect(fieldText(field, { value: '2026-01-05' }, { timeZone: 'Pacific/Kiritimati' })).toBe('1/5/2026');
    expect(fieldText(field, { value: '2026-01-05' }, { dateFormat: 'dd LLL yyyy' })).toBe('05 Jan 2026');
    expect(fieldText(field, { value: 'nonsense' })).toBe('');
    expect(fieldTypeOf('date-picker').filterKind).toBe('date');
  });
});
