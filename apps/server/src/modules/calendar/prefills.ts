import { type EntityType, type FieldDefinition, type FieldViewer, PREFILL_MESSAGES, prefillRefusal, validateField } from '@turnout/shared';
import type { FieldErrors } from '../../platform/http/errors.ts';

/** At most this many prefilled fields in one definition (types have far fewer fields). */
export const MAX_PREFILLS = 300;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Checks a definition's prefills.prefillFields (the values its records start with) against the
 * source type's fields, as the field registry checks a record's values (spec 02 §5), and against
 * what the saving person may see and change (packages/shared calendar-prefills.ts). Messages are
 * keyed `prefills.<property>`; empty values are dropped (no prefill). Returns the values to store.
 */
export function checkPrefills(
  type: EntityType,
  sent: Record<string, unknown>,
  viewer: FieldViewer,
): { values: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const values: Record<string, unknown> = {};
  const byProperty = new Map(type.fields.map((f) => [f.field_data.property, f.field_data as FieldDefinition]));
  const occurrenceFields = [type.object_data.start_datetime_field, type.object_data.end_datetime_field];
  const entries = Object.entries(sent);
  if (entries.length > MAX_PREFILLS) return { values, errors: { prefills: [`At most ${MAX_PREFILLS} fields may be prefilled.`] } };
  for (const [property, value] of entries) {
    const key = `prefills.${property}`;
    const field = byProperty.get(property);
    const refusal = field ? prefillRefusal(field, viewer, occurrenceFields) : PREFILL_MESSAGES.unknownField;
    if (refusal || !field) {
      errors[key] = [refusal ?? PREFILL_MESSAGES.unknownField];
      continue;
    }
    if (isEmpty(value)) continue;
    const check = validateField(field, value);
    if (check.errors.length) errors[key] = check.errors;
    else if (!isEmpty(check.value)) values[property] = check.value;
  }
  return { values, errors };
}
