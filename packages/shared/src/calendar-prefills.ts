import { fieldTypeOf } from './fields/registry.ts';
import type { FieldDefinition } from './fields/types.ts';
import { canModifyField, canSeeField, type FieldViewer } from './permissions/fields.ts';

/**
 * Which fields of a recurring event's source type its prefills may fill (spec 02 §3 'Recurring
 * event', prefills.prefillFields): the values each record made from an occurrence starts with.
 * The server checks a definition with it and the dialog offers the same fields. Left out: fields
 * that hold no value or are computed, files and signatures (stored blobs belong to one record),
 * acceptances, widgets and buttons, fields the server fills itself (locked to the creator or the
 * creation date), the start and end fields (each occurrence sets them), and fields the viewer
 * may not see or change.
 */
const PREFILLABLE_INPUTS = new Set(['color-picker', 'icon-picker', 'full-name-entry', 'full-address', 'full-address-nfirs', 'lat-lng']);
const PREFILLABLE_FAMILIES = new Set(['selector', 'date', 'text', 'number']);

export const PREFILL_MESSAGES = {
  unknownField: 'This field does not exist.',
  notPrefillable: 'This field cannot be prefilled.',
  setByOccurrence: 'Each occurrence sets this field.',
  notModifiable: 'You may not change this field.',
} as const;

/** Why `field` may not be prefilled by `viewer`, or null when it may; `occurrenceFields`: the type's start and end properties. */
export function prefillRefusal(field: FieldDefinition, viewer: FieldViewer, occurrenceFields: readonly unknown[]): string | null {
  const kind = fieldTypeOf(field.type);
  if (!kind.holdsValue || !canSeeField(field.permissions, viewer)) return PREFILL_MESSAGES.unknownField;
  if (occurrenceFields.includes(field.property)) return PREFILL_MESSAGES.setByOccurrence;
  const params = field.params ?? {};
  if (!PREFILLABLE_FAMILIES.has(kind.family) && !PREFILLABLE_INPUTS.has(kind.key)) return PREFILL_MESSAGES.notPrefillable;
  if (params.lockedToCreator || params.lockedToCreationDate) return PREFILL_MESSAGES.notPrefillable;
  if (!canModifyField(field.permissions, viewer) || (params.readonly === true && !viewer.isGlobalAdmin))
    return PREFILL_MESSAGES.notModifiable;
  return null;
}

/** The fields of a type `viewer` may prefill, in the type's order. */
export function prefillableFields(
  fields: readonly { field_data: object }[],
  viewer: FieldViewer,
  occurrenceFields: readonly unknown[],
): FieldDefinition[] {
  return fields.map((f) => f.field_data as FieldDefinition).filter((f) => prefillRefusal(f, viewer, occurrenceFields) === null);
}
