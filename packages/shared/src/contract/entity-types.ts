import { z } from 'zod';

/**
 * Entity types (spec 02 §3 'Entity type', 'Field definition', 'Actions, effects, alarms';
 * spec 03 §3). Known keys are typed; every object keeps keys it does not know (`loose`), so a
 * document exported by a newer version imports without losing anything.
 */

const roleList = z.array(z.string().max(100)).max(100);

export const fieldValidation = z.looseObject({
  required: z.boolean().optional(),
  on_create_only: z.boolean().optional(),
  min: z.union([z.number(), z.string(), z.null()]).optional(),
  max: z.union([z.number(), z.string(), z.null()]).optional(),
  digits: z.union([z.number(), z.string(), z.null()]).optional(),
  integer: z.boolean().optional(),
});

/** field_data of spec 02 §3. */
export const fieldData = z.looseObject({
  property: z
    .string()
    .min(1, 'The property field is required.')
    .max(100)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'The property may contain only letters, digits and underscores, and may not start with a digit.'),
  title: z.string().max(255).default(''),
  type: z.string().min(1, 'The type field is required.').max(100),
  childtype: z.string().max(100).optional(),
  helpText: z.string().max(65_536).optional(),
  page: z.coerce.number().int().min(1).default(1),
  sort_order: z.coerce.number().default(999),
  table_sort_order: z.coerce.number().default(10_000),
  icon: z.string().max(100).optional(),
  visibility: z.unknown().optional(),
  belongs_to_matrix: z.unknown().optional(),
  instance_data: z.record(z.string(), z.unknown()).optional(),
  matrixProperties: z.unknown().optional(),
  validation: fieldValidation.optional(),
  permissions: z.looseObject({ visible_to: roleList.optional(), modifiable_by: roleList.optional() }).optional(),
  flags: z.record(z.string(), z.unknown()).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type FieldData = z.infer<typeof fieldData>;

/** A field of a type: top-level id, offline_id, tenant_id (set for a tenant's own field), modified_at. */
export const entityTypeField = z.looseObject({
  id: z.string().optional(),
  offline_id: z.string().max(100).optional(),
  tenant_id: z.string().nullable().optional(),
  modified_at: z.string().nullable().optional(),
  title: z.string().max(255).optional(),
  deleted: z.boolean().optional(),
  field_data: fieldData,
});
export type EntityTypeField = z.infer<typeof entityTypeField>;

export const EFFECT_TYPES = [
  'update-related-property',
  'email',
  'fax',
  'hide-fields',
  'show-fields',
  'hide-pages',
  'show-pages',
  'setPropertyClient',
  'setFilterClient',
  'setProperty',
  'notifyService',
] as const;

export const effect = z.looseObject({ offline_id: z.string().max(100).optional(), type: z.enum(EFFECT_TYPES) });

export const action = z.looseObject({
  offline_id: z.string().max(100).optional(),
  name: z.string().min(1, 'The name field is required.').max(255),
  enabled: z.boolean().default(true),
  ruleset: z.unknown().optional(),
  ruleset_json: z.unknown().optional(),
  triggers: z.looseObject({ type: z.enum(['check-on-save', 'check-daily']) }).optional(),
  effects: z.array(effect).default([]),
});

export const alarm = z.looseObject({
  offline_id: z.string().max(100).optional(),
  name: z.string().min(1, 'The name field is required.').max(255),
  alarmCondition: z.unknown().default(true),
  alarmConditionColor: z.string().max(30).default('#ff0000'),
});

export const stamp = z.looseObject({
  offline_id: z.string().max(100).optional(),
  x: z.coerce.number().min(0),
  y: z.coerce.number().min(0),
  width: z.coerce.number().min(0).optional(),
  height: z.coerce.number().min(0).optional(),
  page: z.coerce.number().int().min(1).default(1),
  text: z.string().max(65_536).optional(),
  field: z.string().max(100).optional(),
  alignment: z.enum(['L', 'C', 'R', 'J']).default('L'),
  font: z.string().max(100).optional(),
  fontColor: z.string().max(30).optional(),
  fontSize: z.coerce.number().min(1).max(200).default(12),
});

export const reportDefinition = z.looseObject({
  offline_id: z.string().max(100).optional(),
  name: z.string().min(1, 'The name field is required.').max(255),
  enabled: z.boolean().default(true),
  available_in_ui: z.boolean().default(true),
  defaultFont: z.enum(['Californian FB', 'Helvetica', 'Times']).default('Helvetica'),
  fontColor: z.string().max(30).optional(),
  fontSize: z.coerce.number().min(1).max(200).optional(),
  backgroundDocument: z.looseObject({ value: z.unknown().optional(), path: z.string().optional() }).nullable().optional(),
  stamps: z.array(stamp).default([]),
});

export const transitionAllowance = z.looseObject({
  name: z.string().min(1).max(100),
  generates_tasks: z
    .array(
      z.looseObject({
        offline_id: z.string().max(100).optional(),
        entity_type_id: z.string().optional(),
        assignee_id_property: z.string().optional(),
        mapped_fields: z.array(z.record(z.string(), z.unknown())).default([]),
        conditions: z.unknown().optional(),
      }),
    )
    .default([]),
});

/** What an admin sends to create or change a type (and what an export holds). */
export const entityTypeInput = z.looseObject({
  name: z
    .string()
    .max(100)
    .regex(/^[a-z][a-z0-9_]*$/, 'The identifier may contain only lowercase letters, digits and underscores, starting with a letter.')
    .optional(),
  label: z.string().trim().min(1, 'The label field is required.').max(255),
  pages: z.coerce.number().int().min(1, 'The pages must be at least 1.').max(100).default(1),
  is_module: z.boolean().default(false),
  is_core: z.boolean().default(false),
  is_task: z.boolean().default(false),
  is_global: z.boolean().default(false),
  date_significant: z.boolean().default(false),
  sort_order: z.coerce.number().optional(),
  object_data: z.record(z.string(), z.unknown()).default({}),
  fields: z.array(entityTypeField).default([]),
  actions: z.array(action).default([]),
  alarms: z.array(alarm).default([]),
  reports: z.array(reportDefinition).default([]),
  allowed_transitions: z.array(transitionAllowance).default([]),
  importArgs: z.looseObject({ skipTypeChecks: z.boolean().optional(), mode: z.enum(['new', 'update']).optional() }).optional(),
});
export type EntityTypeInput = z.infer<typeof entityTypeInput>;

/** The columns every type has: the light list answers these alone. */
const entityTypeColumns = {
  id: z.string(),
  name: z.string(),
  label: z.string(),
  tenant_id: z.string().nullable(),
  sort_order: z.number(),
  is_module: z.boolean(),
  is_core: z.boolean(),
  is_task: z.boolean(),
  is_global: z.boolean(),
  date_significant: z.boolean(),
  modified_at: z.string(),
  object_data: z.record(z.string(), z.unknown()),
};

export const entityType = z.looseObject({
  ...entityTypeColumns,
  pages: z.number(),
  fields: z.array(entityTypeField),
  actions: z.array(action),
  alarms: z.array(alarm),
  reports: z.array(reportDefinition),
  allowed_transitions: z.array(transitionAllowance),
});
export type EntityType = z.infer<typeof entityType>;

export const entityTypeLite = z.object(entityTypeColumns);
export type EntityTypeLite = z.infer<typeof entityTypeLite>;

export const sortOrderBody = z.array(z.object({ id: z.string(), sort_order: z.coerce.number() })).max(1000);

/** The identifier of a label: lowercase words joined by underscores ('Daily Apparatus Check' → 'daily_apparatus_check'). */
export function identifierFromLabel(label: string): string {
  const base = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
  return /^[a-z]/.test(base) ? base : `type_${base}`.replace(/_+$/, '');
}
