import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'on_scene', title: 'On scene', type: 'time-picker', validation: { required: true } };

describe('time-picker', () => {
  it('stores { value: HH:mm or HH:mm:ss }, wrapping a bare string', () => {
    expect(validateField(field, '15:04')).toEqual({ value: { value: '15:04' }, errors: [] });
    expect(validateField(field, { value: '15:04:05', display_value: '3:04:05 PM' }).errors).toEqual([]);
  });

  it('keeps the clock time a timestamp is written with', () => {
    expect(validateField(field, '1970-01-01T15:04:05.000Z').value).toEqual({ value: '15:04:05' });
  });

  it('refuses impossible times and other text', () => {
    for (const bad of ['24:00', '12:60', '3:04 PM', '15:04:05.5', 'noon'])
      expect(validateField(field, bad).errors).toEqual(['On scene must be a valid date.']);
  });

  it('is required', () => {
    expect(validateField(field, '').errors).toEqual(['On scene is a required field.']);
  });

  it('prints in the tenant time format, with no time-zone shift', () => {
    expect(fieldText(field, { value: '15:04:05' })).toBe('3:04:05 PM');
    expect(fieldText(field, { value: '00:30' }, { timeZone: 'America/New_York' })).toBe('12:30:00 AM');
    expect(fieldText(field, { value: '15:04:05' }, { timeFormat: 'TIME_24_WITH_SECONDS' })).toBe('15:04:05');
    expect(fieldText(field, { value: '09:05' }, { timeFormat: 'TIME_24_WITH_SECONDS' })).toBe('09:05:00');
  });
});
