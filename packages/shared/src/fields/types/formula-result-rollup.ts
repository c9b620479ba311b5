import type { FieldType } from '../types.ts';
import { type ComputedResult, formulaResult } from './formula-result.ts';

/**
 * formula-result-rollup: the result of params.rollupFormula over the records of
 * params.rollupRelationshipField, combined by params.rollupType (sum, count, average: a number;
 * comma_delimited: text; any, all: a boolean). Stored, shown and checked as formula-result.
 */
export const formulaResultRollup: FieldType<ComputedResult> = {
  ...formulaResult,
  key: 'formula-result-rollup',
  defaultParams: { rollupRelationshipField: '', rollupFormula: '', rollupType: 'sum' },
};
