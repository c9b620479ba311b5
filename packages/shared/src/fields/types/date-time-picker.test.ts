import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'dispatched_at', title: 'Dispatched', type: 'date-time-picker', validation: { required: true } };

describe('date-time-picker', () => {
  it('stores a timestamp in UTC, keeping display_value and wrapping bare strings and Dates', () => {
    expect(validateField(field, { value: '2026-11-21T15:04:05-05:00', display_value: '11/21/2026 3:04 PM' })).toEqual({
      value: { value: '2026-11-21T20:04:05.000Z', display_value: '11/21/2026 3:04 PM' },
      errors: [],
    });
    expect(validateField(field, '2026-11-21T20:04Z').value).toEqual({ value: '2026-11-21T20:04:00.000Z' });
    expect(validateField(field, new Date(Date.UTC(2026, 10, 21, 20, 4, 5))).value).toEqual({ value: '2026-11-21T20:04:05.000Z' });
  });

  it('refuses timestamps without a zone, dates alone and impossible times', () => {
    for (const bad of ['2026-11-21T15:04:05', '2026-11-21', '2026-11-31T10:00:00Z', '2026-11-21T24:00:00Z', 'tomorrow'])
      expect(validateField(field, bad).errors).toEqual(['Dispatched must be a valid date.']);
  });

  it('is required', () => {
    expect(validateField(field, null).errors).toEqual(['Dispatched is a required field.']);
    expect(validateField(field, { value: null }).errors).toEqual(['Dispatched is a required field.']);
  });

  it('prints date and time in the tenant time zone and formats (UTC by default)', () => {
    const value = { value: '2026-11-21T20:04:05.000Z' };
    expect(fieldText(field, value)).toBe('11/21/2026 8:04:05 PM');
    expect(fieldText(field, value, { timeZone: 'America/Chicago' })).toBe('11/21/2026 2:04:05 PM');
    expect(fieldText(field, value, { timeZone: 'America/Chicago', timeFormat: 'TIME_24_WITH_SECONDS' })).toBe('11/21/2026 14:04:05');
    expect(fieldText(field, { value: '2026-11-22T03:00:00Z' }, { timeZone: 'America/Los_Angeles' })).toBe('11/21/2026 7:00:00 PM');
    expect(fieldText(field, { value: '2026-11-21T00:00:00Z' }, { timeFormat: 'TIME_24_WITH_SECONDS' })).toBe('11/21/2026 00:00:00');
    expect(fieldText(field, value, { timeZone: 'Not/AZone' })).toBe('11/21/2026 8:04:05 PM');
    expect(fieldTypeOf('date-time-picker').filterKind).toBe('date');
  });
});
