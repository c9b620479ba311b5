import * as z from 'zod/mini';
import { formatResult } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

export const computedResult = z.union([z.number(), z.string(), z.boolean()]);
export type ComputedResult = z.infer<typeof computedResult>;

/**
 * formula-result: the result of params.contentsFormula, a number, text or boolean (null when
 * none), stored for search and export; read-only, the server recomputes it, so it is never
 * refused. Text per params.formatResultAs: duration (a number of hours as hh:mm:ss, spec 02 §4),
 * date (M/d/yyyy), dollar ($1,234.50); other numbers rounded to 2 decimals (§9); booleans Yes/No.
 */
export const formulaResult: FieldType<ComputedResult> = {
  key: 'formula-result',
  family: 'computed',
  holdsValue: true,
  value: computedResult,
  defaultParams: { contentsFormula: '' },
  filterKind: 'none',
  validate: () => [],
  toText: (value, field, context) => formatResult(value, field.params, context),
};
