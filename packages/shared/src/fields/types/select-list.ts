import * as z from 'zod/mini';
import { checkOptions, optionLabel } from '../checks.ts';
import type { FieldType } from '../types.ts';

/** select-list: one choice among the field's options, stored as the option's key. */
export const selectList: FieldType<string | number> = {
  key: 'select-list',
  family: 'selector',
  holdsValue: true,
  value: z.union([z.string(), z.number()]),
  defaultParams: { options: [] },
  filterKind: 'dropdown',
  validate: (value, field) => checkOptions(field, [String(value)]),
  toText: (value, field) => optionLabel(field.params?.options, String(value)),
};
