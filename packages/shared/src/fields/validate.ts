import { fieldMessages } from './messages.ts';
import { fieldTypeOf } from './registry.ts';
import type { FieldDefinition, TextContext } from './types.ts';

const defaultEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export interface FieldCheck {
  /** The value to store (after the type's on-save normalisation). */
  value: unknown;
  /** Messages for this field; empty when it is valid. */
  errors: string[];
}

/**
 * Validates one value against its field: required-ness for every type alike, then the
 * type's value shape, then the type's own rules. Unknown types behave as text.
 */
export function validateField(field: FieldDefinition, raw: unknown): FieldCheck {
  const type = fieldTypeOf(field.type);
  if (!type.holdsValue) return { value: undefined, errors: [] };
  const value = type.normalise ? type.normalise(raw, field) : raw;
  // Computed fields are written by the server, never by people: required does not apply.
  const required = field.validation?.required === true && type.family !== 'computed';
  const whenEmpty = { value: value ?? null, errors: required ? [fieldMessages.required(field)] : [] };
  if (defaultEmpty(value)) return whenEmpty;
  const parsed = type.value.safeParse(value);
  if (!parsed.success) return { value, errors: [fieldMessages.invalid(field)] };
  if (type.isEmpty?.(parsed.data as never)) return whenEmpty;
  return { value: parsed.data, errors: type.validate(parsed.data as never, field) };
}

/** Plain text of a value for tables, search and exports ('' for empty or unreadable values). */
export function fieldText(field: FieldDefinition, value: unknown, context?: TextContext): string {
  const type = fieldTypeOf(field.type);
  if (!type.holdsValue || value === null || value === undefined) return '';
  // A stored value that was never normalised (imported data) is read as it would be saved.
  let parsed = type.value.safeParse(value);
  if (!parsed.success && type.normalise) parsed = type.value.safeParse(type.normalise(value, field));
  if (!parsed.success || type.isEmpty?.(parsed.data as never)) return '';
  return type.toText(parsed.data as never, field, context);
}
