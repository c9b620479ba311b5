import { type EntityType, type EntityTypeField, type EntityTypeInput, fieldTypeOf } from '@turnout/shared';
import type { Draft } from './draft.ts';

/**
 * What Save sends (spec 03 §5 'Only fields with modified_at are sent on save'; the server changes
 * only those). Fields the admin added or changed carry `modified_at`; removed ones are sent with
 * `deleted: true` and `modified_at`; the rest go without `modified_at`, so the server leaves them
 * alone (for a tenant admin on a global type, a global field with `modified_at` is refused).
 */

const SLIDERS = new Set(['number-slider', 'number-counter', 'star-rating']);

/**
 * On save (spec 03 §5): number fields that are ranges drop the digits validation; number fields
 * that are neither slider nor range drop min and max.
 */
export function normaliseFieldData(data: EntityTypeField['field_data']): EntityTypeField['field_data'] {
  if (fieldTypeOf(data.type).family !== 'number' || !data.validation) return data;
  const validation = { ...data.validation };
  const isRange = data.params?.isNumberRange === true;
  if (isRange) delete validation.digits;
  if (!isRange && !SLIDERS.has(data.type)) {
    delete validation.min;
    delete validation.max;
  }
  return { ...data, validation };
}

/** JSON with object keys sorted, so that key order never counts as a change. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Has the admin changed this field since it was loaded? Its data and its top-level title count. */
export function fieldChanged(before: EntityTypeField, after: EntityTypeField): boolean {
  return stableJson(before.field_data) !== stableJson(after.field_data) || (after.title ?? before.title) !== before.title;
}

export type FieldChange = 'added' | 'changed' | 'unchanged' | 'removed';

export interface FieldDiff {
  field: EntityTypeField;
  change: FieldChange;
}

/** Every field of the draft with what happened to it, then the loaded fields the draft no longer has. */
export function diffFields(baseline: readonly EntityTypeField[], draft: readonly EntityTypeField[]): FieldDiff[] {
  const before = new Map(baseline.filter((f) => f.id).map((f) => [f.id as string, f]));
  const kept = new Set<string>();
  const result: FieldDiff[] = draft.map((field) => {
    const old = field.id ? before.get(field.id) : undefined;
    if (!old) return { field, change: 'added' };
    kept.add(old.id as string);
    return { field, change: fieldChanged(old, field) ? 'changed' : 'unchanged' };
  });
  for (const old of baseline) if (old.id && !kept.has(old.id)) result.push({ field: old, change: 'removed' });
  return result;
}

/** A field as sent: stamped when added, changed or removed; without modified_at otherwise. */
export function fieldForSave({ field, change }: FieldDiff, now: string): EntityTypeField {
  const { modified_at: _loaded, ...rest } = field;
  if (change === 'unchanged') return rest;
  if (change === 'removed') return { ...rest, deleted: true, modified_at: now };
  const field_data = normaliseFieldData(rest.field_data);
  return { ...rest, title: field_data.title, field_data, modified_at: now };
}

/** The body of POST /entity-type (baseline null) or PUT /entity-type/{id}. */
export function buildSaveBody(baseline: EntityType | null, draft: Draft, now: string = new Date().toISOString()): EntityTypeInput {
  const fields = diffFields(baseline?.fields ?? [], draft.fields).map((diff) => fieldForSave(diff, now));
  return {
    ...(baseline ? { name: baseline.name } : draft.name ? { name: draft.name } : {}),
    label: draft.label.trim(),
    pages: draft.pages,
    is_module: draft.is_module,
    is_core: draft.is_core,
    is_task: draft.is_task,
    is_global: draft.is_global,
    date_significant: draft.date_significant,
    object_data: draft.object_data,
    fields: baseline ? fields : fields.filter((f) => !f.deleted),
    actions: draft.actions,
    alarms: draft.alarms,
    reports: draft.reports,
    allowed_transitions: draft.allowed_transitions,
  };
}

/**
 * The field a 422 message is about: errors are keyed like the request ('fields.3.field_data.property'),
 * so the index points into the fields that were sent.
 */
export function fieldErrorsByKey(
  sent: readonly EntityTypeField[],
  errors: Record<string, string[]>,
  keyOf: (field: EntityTypeField) => string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^fields\.(\d+)\./.exec(path);
    const field = match ? sent[Number(match[1])] : undefined;
    if (!field) continue;
    const key = keyOf(field);
    result[key] = [...(result[key] ?? []), ...messages];
  }
  return result;
}
