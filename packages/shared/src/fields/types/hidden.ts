import { type JsonValue, jsonValue } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

/** hidden: any JSON value, kept but never shown; text ''. */
export const hidden: FieldType<JsonValue> = {
  key: 'hidden',
  family: 'input',
  holdsValue: true,
  value: jsonValue,
  defaultParams: {},
  filterKind: 'none',
  validate: () => [],
  toText: () => '',
};
