import * as z from 'zod/mini';
import { type JsonValue, jsonValue } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

type Logic = Record<string, JsonValue>;

/**
 * query-logic: a JSON-logic rule, any JSON object; JSON text is parsed on save. An object with
 * no keys is empty. Text: the rule as JSON.
 */
export const queryLogic: FieldType<Logic> = {
  key: 'query-logic',
  family: 'input',
  holdsValue: true,
  value: z.record(z.string(), jsonValue),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => {
    if (typeof raw !== 'string') return raw;
    if (raw.trim() === '') return null;
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  },
  isEmpty: (value) => Object.keys(value).length === 0,
  validate: () => [],
  toText: (value) => JSON.stringify(value),
};
