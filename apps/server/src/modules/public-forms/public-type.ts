import { canModifyField, type EntityType, type EntityTypeField, type FieldPermissions } from '@turnout/shared';

/**
 * What a public form shows of a type (spec 02 §2 'Public form'; docs/decisions/0029): only the
 * fields an anonymous visitor may see and fill in. Left out: fields with hide_when_public_form,
 * fields limited to some roles, read-only and server-filled fields, and field types that read
 * the tenant's own data (personnel, roles, tenants, other records, widgets, lists, query
 * builders) or only make sense inside the app (buttons, links, approvals, quizzes, custom
 * tools). Actions keep only their client-side effects (hide/show fields and pages, set values),
 * so e-mail addresses and other server-side effects never reach the visitor.
 */
const INTERNAL_TYPES = new Set([
  'select-personnel',
  'select-role',
  'select-roles',
  'select-tenant',
  'select-tenant-multiple',
  'select-entity-type',
  'select-field',
  'select-filters',
  'widget-entity',
  'view-list',
  'view-list-inline',
  'query-logic',
  'approval-required',
  'custom-functionality',
  'field-button',
  'container-button',
  'field-link-to',
  'formula-result-rollup',
  'json-array',
  'hidden',
  'checkbox-quiz',
  'radio-quiz',
  'true-false-quiz',
  'quiz-question-group',
]);

const CLIENT_EFFECTS = new Set(['hide-fields', 'show-fields', 'hide-pages', 'show-pages', 'setPropertyClient', 'setFilterClient']);

const VISITOR = { role: null, isGlobalAdmin: false } as const;

/** Whether a visitor sees and may fill in this field on the public form. */
export function isPublicField(field: EntityTypeField): boolean {
  const data = field.field_data as EntityTypeField['field_data'] & { permissions?: FieldPermissions };
  const params = (data.params ?? {}) as Record<string, unknown>;
  if (INTERNAL_TYPES.has(data.type)) return false;
  if (params.hide_when_public_form === true || params.readonly === true) return false;
  if (params.lockedToCreator === true || params.lockedToCreationDate === true) return false;
  return canModifyField(data.permissions, VISITOR);
}

type Action = { effects?: { type?: unknown }[] } & Record<string, unknown>;

/** The type as the public form receives it: public fields, client-side action effects, nothing else. */
export function publicType(type: EntityType): EntityType {
  const actions = (type.actions as Action[])
    .map((action) => ({ ...action, effects: (action.effects ?? []).filter((e) => CLIENT_EFFECTS.has(String(e.type))) }))
    .filter((action) => action.effects.length > 0);
  return {
    ...type,
    fields: type.fields.filter(isPublicField),
    actions: actions as EntityType['actions'],
    alarms: [],
    reports: [],
    allowed_transitions: [],
  };
}

/** The properties a visitor may write. */
export const publicProperties = (type: EntityType): Set<string> => new Set(publicType(type).fields.map((f) => f.field_data.property));
