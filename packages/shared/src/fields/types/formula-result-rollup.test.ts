import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { formulaResultRollup } from './formula-result-rollup.ts';

const field = (params: FieldDefinition['params'] = {}): FieldDefinition => ({
  property: 'hours',
  title: 'Hours',
  type: 'formula-result-rollup',
  params: { rollupType: 'sum', ...params },
});

describe('formula-result-rollup', () => {
  it('is registered as computed with rollup defaults', () => {
    expect(fieldTypeOf('formula-result-rollup')).toBe(formulaResultRollup);
    expect(formulaResultRollup).toMatchObject({ key: 'formula-result-rollup', family: 'computed', holdsValue: true });
    expect(formulaResultRollup.defaultParams).toEqual({ rollupRelationshipField: '', rollupFormula: '', rollupType: 'sum' });
  });

  it('keeps sums, lists and any/all results', () => {
    expect(validateField(field(), 12.345).errors).toEqual([]);
    expect(validateField(field({ rollupType: 'comma_delimited' }), 'E1, E2').errors).toEqual([]);
    expect(validateField(field({ rollupType: 'any' }), false)).toEqual({ value: false, errors: [] });
    expect(validateField(field(), [1, 2]).errors).toEqual(['Hours is not valid.']);
  });

  it('prints aggregates rounded to 2 decimals, or in the chosen format', () => {
    expect(fieldText(field(), 12.345)).toBe('12.35');
    expect(fieldText(field({ formatResultAs: 'duration' }), 0.25)).toBe('00:15:00');
    expect(fieldText(field({ rollupType: 'all' }), false)).toBe('No');
  });
});
