import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { termsAndConditions } from './terms-and-conditions.ts';

const field = (required: boolean, acceptDecline = false): FieldDefinition => ({
  property: 'waiver',
  title: 'Waiver',
  type: 'terms-and-conditions',
  validation: { required },
  params: { acceptDecline },
});
const agreed = { checked: true, checkedBy: 'p1', checkedByName: 'Ana Ruiz', checkedAt: '2024-03-05T15:04:00Z' };
const declined = { declineChecked: true, declinedBy: 'p1', declinedByName: 'Ana Ruiz', checkedAt: '2024-03-05 9:04 AM' };

describe('terms-and-conditions', () => {
  it('is registered; neither accepted nor declined is empty', () => {
    expect(fieldTypeOf('terms-and-conditions')).toBe(termsAndConditions);
    expect(validateField(field(true), { checked: false, declineChecked: false }).errors).toEqual(['Waiver is a required field.']);
    expect(validateField(field(true), agreed).errors).toEqual([]);
  });

  it('lets a decline pass a required field only with Decline Passes Validation (acceptDecline)', () => {
    expect(validateField(field(true), declined).errors).toEqual(['Waiver is a required field.']);
    expect(validateField(field(true, true), declined).errors).toEqual([]);
    expect(validateField(field(false), declined).errors).toEqual([]);
  });

  it('refuses accepted and declined at once', () => {
    expect(validateField(field(false), { ...agreed, declineChecked: true }).errors).toEqual(['Waiver is not valid.']);
  });

  it('prints who agreed or declined and when, as yyyy-MM-dd h:mm a in the time zone', () => {
    expect(fieldText(field(false), agreed)).toBe('Agreed by Ana Ruiz at 2024-03-05 3:04 PM');
    expect(fieldText(field(false), agreed, { timeZone: 'America/Chicago' })).toBe('Agreed by Ana Ruiz at 2024-03-05 9:04 AM');
    expect(fieldText(field(false), declined)).toBe('Declined by Ana Ruiz at 2024-03-05 9:04 AM');
    expect(fieldText(field(false), { checked: false })).toBe('');
  });
});
