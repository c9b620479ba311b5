import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { formulaResult } from './formula-result.ts';

const field = (formatResultAs?: string): FieldDefinition => ({
  property: 'total',
  title: 'Total',
  type: 'formula-result',
  validation: { required: true, max: 1 },
  params: { formatResultAs },
});

describe('formula-result', () => {
  it('is registered as computed and keeps whatever the formula gave', () => {
    expect(fieldTypeOf('formula-result')).toBe(formulaResult);
    expect(formulaResult.family).toBe('computed');
    expect(validateField(field(), 1234.5)).toEqual({ value: 1234.5, errors: [] });
    expect(validateField(field(), 'n/a').errors).toEqual([]);
  });

  it('refuses a result that is not a number, text or boolean', () => {
    expect(validateField(field(), { a: 1 }).errors).toEqual(['Total is not valid.']);
  });

  it('prints numbers rounded to 2 decimals, booleans as Yes or No', () => {
    expect(fieldText(field(), 2 / 3)).toBe('0.67');
    expect(fieldText(field(), true)).toBe('Yes');
  });

  it('prints a duration of hours as hh:mm:ss', () => {
    expect(fieldText(field('duration'), 1.5)).toBe('01:30:00');
    expect(fieldText(field('duration'), 125.25)).toBe('125:15:00');
    expect(fieldText(field('duration'), '-0.5')).toBe('-00:30:00');
    expect(fieldText(field('duration'), '01:30:00')).toBe('01:30:00');
  });

  it('prints dates as M/d/yyyy, instants in the time zone', () => {
    expect(fieldText(field('date'), '2024-03-05')).toBe('3/5/2024');
    expect(fieldText(field('date'), '2024-03-05T02:00:00Z', { timeZone: 'America/Chicago' })).toBe('3/4/2024');
    expect(fieldText(field('date'), 'soon')).toBe('soon');
  });

  it('prints dollars', () => {
    expect(fieldText(field('dollar'), 1234.5)).toBe('$1,234.50');
    expect(fieldText(field('dollar'), '-3')).toBe('-$3.00');
  });
});
