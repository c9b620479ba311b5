import {
  canModifyField,
  canSeeField,
  ENTITY_MESSAGES,
  type EntityType,
  type EntityTypeField,
  type FieldDefinition,
  type FieldViewer,
  fieldText,
  fieldTypeOf,
  isSystemProperty,
  validateField,
} from '@turnout/shared';
import { addFieldError, type FieldErrors } from '../../platform/http/errors.ts';

/**
 * Checks the field values of an add or edit against the type's fields and the viewer's
 * rights (spec 02 §5). Returns the values to store, the 422 messages by property, and the
 * properties the viewer may not modify (the caller answers 403 for those).
 */
export interface ValuesCheck {
  values: Record<string, unknown>;
  errors: FieldErrors;
  forbidden: string[];
}

const asDefinition = (f: EntityTypeField): FieldDefinition => f.field_data as FieldDefinition;
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export function checkValues(
  type: EntityType,
  sent: Record<string, unknown>,
  options: {
    mode: 'add' | 'edit';
    current: Record<string, unknown>;
    viewer: FieldViewer;
    today: string;
    creator: { id: string; display_name: string } | null;
    /** Who is saving: stamps acceptances. */
    actor?: { id: string; display_name: string };
  },
): ValuesCheck {
  const errors: FieldErrors = {};
  const forbidden: string[] = [];
  const values: Record<string, unknown> = {};
  const byProperty = new Map(type.fields.map((f) => [f.field_data.property, f]));
  for (const key of Object.keys(sent)) {
    if (isSystemProperty(key)) continue;
    const field = byProperty.get(key);
    if (!field || !fieldTypeOf(field.field_data.type).holdsValue) addFieldError(errors, key, ENTITY_MESSAGES.unknownField);
  }
  for (const field of type.fields) {
    const definition = asDefinition(field);
    const property = definition.property;
    const params = definition.params ?? {};
    if (!fieldTypeOf(definition.type).holdsValue || fieldTypeOf(definition.type).family === 'computed') continue;
    const provided = Object.hasOwn(sent, property);
    const current = options.current[property];
    // Filled in by the server, whatever the client sends (spec 02 §5).
    if (options.mode === 'add' && params.lockedToCreator && options.creator) {
      values[property] = options.creator;
      continue;
    }
    if (params.lockedToCreationDate) {
      if (options.mode === 'add') values[property] = { value: options.today };
      continue;
    }
    if (!provided) {
      if (options.mode === 'add') {
        const check = validateField(definition, undefined);
        if (check.errors.length && canSeeField(definition.permissions, options.viewer)) errors[property] = check.errors;
      }
      continue;
    }
    const value = sent[property];
    const unchanged = JSON.stringify(value ?? null) === JSON.stringify(current ?? null);
    if (options.mode === 'edit' && unchanged) continue;
    if (!canModifyField(definition.permissions, options.viewer)) {
      forbidden.push(property);
      continue;
    }
    if (params.readonly === true && !options.viewer.isGlobalAdmin) {
      addFieldError(errors, property, ENTITY_MESSAGES.readOnly(definition.title));
      continue;
    }
    if (options.mode === 'edit' && definition.validation?.on_create_only) {
      addFieldError(errors, property, ENTITY_MESSAGES.onCreateOnly(definition.title));
      continue;
    }
    if (options.mode === 'edit' && params.updatable_only_when_null && !isEmpty(current)) {
      addFieldError(errors, property, ENTITY_MESSAGES.onlyWhenEmpty(definition.title));
      continue;
    }
    const check = validateField(definition, value);
    if (check.errors.length) errors[property] = check.errors;
    else values[property] = definition.type === 'terms-and-conditions' ? stampAcceptance(check.value, current, options.actor) : check.value;
  }
  return { values, errors, forbidden };
}

/**
 * display_name from the type's formtitle template ('{unit} check {date}': each {property}
 * replaced by the field's text), else the first field shown in tables, else the type label.
 */
export function displayNameOf(type: EntityType, data: Record<string, unknown>): string {
  const byProperty = new Map(type.fields.map((f) => [f.field_data.property, asDefinition(f)]));
  const template = type.object_data.formtitle;
  if (typeof template === 'string' && template.includes('{')) {
    const text = template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, property: string) => {
      const field = byProperty.get(property);
      return field ? fieldText(field, data[property]) : '';
    });
    if (text.trim()) return text.trim().slice(0, 255);
  }
  const first = type.fields.map(asDefinition).find((f) => f.flags?.tableView && fieldText(f, data[f.property]) !== '');
  const fallback =
    first ?? type.fields.map(asDefinition).find((f) => fieldTypeOf(f.type).family === 'text' && fieldText(f, data[f.property]) !== '');
  return (fallback ? fieldText(fallback, data[fallback.property]) : type.label).slice(0, 255);
}

/**
 * Terms and conditions (spec 02 §4 'Terms and acceptance'): who accepted or declined and when
 * is stamped by the server from the session, never taken from the client; an unchanged
 * choice keeps its first stamp.
 */
function stampAcceptance(value: unknown, current: unknown, actor: { id: string; display_name: string } | undefined): unknown {
  if (!value || typeof value !== 'object' || !actor) return value;
  const next = { ...(value as Record<string, unknown>) };
  const before = (current && typeof current === 'object' ? current : {}) as Record<string, unknown>;
  const now = new Date().toISOString();
  if (next.checked === true) {
    const kept = before.checked === true;
    Object.assign(next, {
      checkedBy: kept ? before.checkedBy : actor.id,
      checkedByName: kept ? before.checkedByName : actor.display_name,
      checkedAt: kept ? before.checkedAt : now,
    });
    next.display_value = `Agreed by ${String(next.checkedByName)} at ${String(next.checkedAt)}`;
  }
  if (next.declineChecked === true) {
    const kept = before.declineChecked === true;
    Object.assign(next, {
      declinedBy: kept ? before.declinedBy : actor.id,
      declinedByName: kept ? before.declinedByName : actor.display_name,
      checkedAt: kept ? before.checkedAt : now,
    });
    next.display_value = `Declined by ${String(next.declinedByName)} at ${String(next.checkedAt)}`;
  }
  return next;
}
