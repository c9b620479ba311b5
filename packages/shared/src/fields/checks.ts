import { fieldMessages } from './messages.ts';
import type { FieldDefinition, FieldOption } from './types.ts';

/** Small checks that several field types share. Each returns messages; none means fine. */

const num = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

export function checkLength(field: FieldDefinition, text: string, max: number): string[] {
  const n = [...text].length;
  return n > max ? [fieldMessages.tooLong(field, max, n)] : [];
}

/** min, max, integer and digits of field_data.validation (spec 02 §5 'Number fields'). */
export function checkNumber(field: FieldDefinition, value: number, defaults: { min?: number; max?: number } = {}): string[] {
  const v = field.validation ?? {};
  const messages: string[] = [];
  const min = num(v.min) ?? defaults.min;
  const max = num(v.max) ?? defaults.max;
  if (min !== undefined && value < min) messages.push(fieldMessages.min(field, min));
  if (max !== undefined && value > max) messages.push(fieldMessages.max(field, max));
  if (v.integer && !Number.isInteger(value)) messages.push(fieldMessages.integer(field));
  const digits = num(v.digits);
  if (digits !== undefined && String(Math.trunc(Math.abs(value))).length !== digits) messages.push(fieldMessages.digits(field, digits));
  return messages;
}

export function checkSelections(field: FieldDefinition, count: number): string[] {
  const v = field.validation ?? {};
  const messages: string[] = [];
  const min = num(v.min_selections);
  const max = num(v.max_selections);
  if (min !== undefined && count > 0 && count < min) messages.push(fieldMessages.minSelections(field, min));
  if (max !== undefined && count > max) messages.push(fieldMessages.maxSelections(field, max));
  return messages;
}

/** The stored key of an option: its key, else its value, else its label. */
export function optionKey(option: FieldOption): string {
  return String(option.key ?? option.value ?? option.label ?? '');
}

export function optionLabel(options: FieldOption[] | undefined, key: string): string {
  const found = options?.find((o) => optionKey(o) === key);
  return found ? String(found.label ?? found.value ?? key) : key;
}

/** Every chosen key must be one of the field's options (when it has any). */
export function checkOptions(field: FieldDefinition, keys: string[]): string[] {
  const options = field.params?.options;
  if (!options || options.length === 0) return [];
  const known = new Set(options.map(optionKey));
  return keys.every((k) => known.has(k)) ? [] : [fieldMessages.notAnOption(field)];
}
