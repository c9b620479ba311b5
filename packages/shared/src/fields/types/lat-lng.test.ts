import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { latLng } from './lat-lng.ts';

const field = { property: 'location', title: 'Location', type: 'lat-lng', validation: { required: true } };

describe('lat-lng', () => {
  it('is registered; no coordinates is empty', () => {
    expect(fieldTypeOf('lat-lng')).toBe(latLng);
    expect(validateField(field, { lat: null, lng: '' }).errors).toEqual(['Location is a required field.']);
    expect(validateField(field, ' ').errors).toEqual(['Location is a required field.']);
  });

  it("stores value as 'lat lng' from an object, numbers as text, or text", () => {
    const expected = { lat: 40.5, lng: -74.25, value: '40.5 -74.25', display_value: '40.5, -74.25' };
    expect(validateField(field, { lat: '40.5', lng: -74.25 })).toEqual({ value: expected, errors: [] });
    expect(validateField(field, '40.5,-74.25').value).toEqual(expected);
    expect(validateField(field, { value: '40.5 -74.25', display_value: 'Station 1' }).value).toEqual({
      ...expected,
      display_value: 'Station 1',
    });
  });

  it('enforces the ranges at the bounds', () => {
    expect(validateField(field, { lat: 90, lng: -180 }).errors).toEqual([]);
    expect(validateField(field, { lat: 90.1, lng: 180.5 }).errors).toEqual([
      'Location latitude must be between -90 and 90.',
      'Location longitude must be between -180 and 180.',
    ]);
  });

  it('refuses half a position and text that is not a number', () => {
    expect(validateField(field, { lat: 10 }).errors).toEqual(['Location is not valid.']);
    expect(validateField(field, 'north 12').errors).toEqual(['Location is not valid.']);
    expect(validateField(field, '1 2 3').errors).toEqual(['Location is not valid.']);
  });

  it('prints display_value', () => {
    expect(fieldText(field, { lat: 1, lng: 2, value: '1 2', display_value: 'Station 1' })).toBe('Station 1');
  });
});
