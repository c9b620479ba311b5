import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import type { FieldType } from '../types.ts';

export const ICON_NAME_MAX = 100;

/** icon-picker: an icon name, at most 100 characters, stored trimmed. */
export const iconPicker: FieldType<string> = {
  key: 'icon-picker',
  family: 'input',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => (typeof raw === 'string' ? raw.trim() : raw),
  validate: (value, field) => checkLength(field, value, ICON_NAME_MAX),
  toText: (value) => value,
};
