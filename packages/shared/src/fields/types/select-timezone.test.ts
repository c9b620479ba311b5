import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { AMERICA_TIME_ZONES } from './select-timezone.ts';

const field: FieldDefinition = { property: 'tz', title: 'Time zone', type: 'select-timezone', validation: { required: true } };

describe('select-timezone', () => {
  it('accepts America/ zones, including old links, and prints the name', () => {
    expect(validateField(field, ' America/Chicago ').value).toBe('America/Chicago');
    expect(validateField(field, 'America/Chicago').errors).toEqual([]);
    expect(validateField(field, 'America/Indianapolis').errors).toEqual([]);
    expect(fieldText(field, 'America/New_York')).toBe('America/New_York');
  });

  it('refuses zones outside America/ and made-up names', () => {
    expect(validateField(field, 'Europe/London').errors).toEqual(['Time zone has a choice that is not one of its options.']);
    expect(validateField(field, 'America/Atlantis').errors).toEqual(['Time zone has a choice that is not one of its options.']);
    expect(validateField(field, 5).errors).toEqual(['Time zone is not valid.']);
  });

  it('is required when the field says so', () => {
    expect(validateField(field, '').errors).toEqual(['Time zone is a required field.']);
  });

  it('lists only America/ names, each one known to Intl', () => {
    for (const zone of AMERICA_TIME_ZONES) {
      expect(zone.startsWith('America/')).toBe(true);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });
});
