import * as z from 'zod/mini';
import { type JsonValue, jsonValue } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

type Row = Record<string, JsonValue>;

const blank = (v: JsonValue) => v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * matrix-field: a list of rows, each an object of the childtype's values by property. The
 * childtype's own fields are not known here, so rows are checked as JSON objects only. Rows
 * with nothing filled in count as empty. Text: '1 row', 'n rows'.
 */
export const matrixField: FieldType<Row[]> = {
  key: 'matrix-field',
  family: 'input',
  holdsValue: true,
  value: z.array(z.record(z.string(), jsonValue)),
  defaultParams: {},
  filterKind: 'none',
  isEmpty: (rows) => rows.every((row) => Object.values(row).every(blank)),
  validate: () => [],
  toText: (rows) => `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`,
};
