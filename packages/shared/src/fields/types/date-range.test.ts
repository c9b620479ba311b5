import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'leave', title: 'Leave', type: 'date-range', validation: { required: true } };

describe('date-range', () => {
  it('stores { from, to } as date-time values, wrapping bare strings and pairs', () => {
    expect(validateField(field, { from: '2026-11-21', to: { value: '2026-11-23', display_value: '11/23/2026' } })).toEqual({
      value: { from: { value: '2026-11-21' }, to: { value: '2026-11-23', display_value: '11/23/2026' } },
      errors: [],
    });
    expect(validateField(field, ['2026-11-21T08:00:00-05:00', '2026-11-21T17:00:00-05:00']).value).toEqual({
      from: { value: '2026-11-21T13:00:00.000Z' },
      to: { value: '2026-11-21T22:00:00.000Z' },
    });
  });

  it('allows an open end', () => {
    expect(validateField(field, { from: '2026-11-21', to: '' })).toEqual({ value: { from: { value: '2026-11-21' } }, errors: [] });
  });

  it('refuses a range that ends before it starts', () => {
    expect(validateField(field, { from: '2026-11-23', to: '2026-11-21' }).errors).toEqual(['Leave must end after it starts.']);
    expect(validateField(field, { from: '2026-11-21T10:00:00Z', to: '2026-11-21T09:59:59Z' }).errors).toEqual([
      'Leave must end after it starts.',
    ]);
    expect(validateField(field, { from: '2026-11-21', to: '2026-11-21' }).errors).toEqual([]);
  });

  it('refuses invalid dates and shapes', () => {
    expect(validateField(field, { from: '2026-02-30', to: '2026-03-01' }).errors).toEqual(['Leave must be a valid date.']);
    expect(validateField(field, { from: 5 }).errors).toEqual(['Leave is not valid.']);
    expect(validateField(field, '2026-11-21').errors).toEqual(['Leave is not valid.']);
  });

  it('is required: both ends blank is empty', () => {
    expect(validateField(field, { from: '', to: null }).errors).toEqual(['Leave is a required field.']);
    expect(validateField(field, {}).errors).toEqual(['Leave is a required field.']);
  });

  it('prints from - to in the tenant formats, and offers the date filter', () => {
    expect(fieldText(field, { from: { value: '2026-11-21' }, to: { value: '2026-11-23' } })).toBe('11/21/2026 - 11/23/2026');
    expect(fieldText(field, { from: { value: '2026-11-21T13:00:00.000Z' } }, { timeZone: 'America/New_York' })).toBe(
      '11/21/2026 8:00:00 AM -',
    );
    expect(fieldTypeOf('date-range').filterKind).toBe('date');
  });
});
