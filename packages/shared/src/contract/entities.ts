import { z } from 'zod';

/**
 * Records (spec 01 §3, 02 §3 'Entity'). A record's field values sit at the top level beside
 * the columns every record has, keyed by field property, as the spec's clients expect.
 */
export const SYSTEM_PROPERTIES = [
  'id',
  'offline_id',
  'version',
  'type',
  'entity_type_id',
  'tenant_id',
  'display_name',
  'uri',
  'place',
  'available_transitions',
  'files',
  'related_files',
  'assignee',
  'assignee_2',
  'assignee_3',
  'assignee_4',
  'assignee_5',
  'assigned_to',
  'due_at',
  'due_status',
  'parent',
  'parent_entity_id',
  'created_at',
  'updated_at',
  'touched_at',
  'deleted_at',
  'watching',
  'created_by',
  'updated_by',
  'data_requiring_approval',
  'data_approved',
  'data_rejected',
  'object_data',
  'mode',
  'is_pristine',
  'is_quick_mode',
  'started_at',
  'sort_data',
  'versions',
  'virtual',
  'SYSTEM_display_picture',
  'SYSTEM_report_url',
  'report_name',
] as const;

const SYSTEM_SET = new Set<string>(SYSTEM_PROPERTIES);
export function isSystemProperty(property: string): boolean {
  return SYSTEM_SET.has(property) || property.startsWith('_');
}

/** What a client sends to add or edit a record; system keys it may not set are ignored. */
export const entityWrite = z.looseObject({
  version: z.coerce.number().int().min(1).optional(),
  offline_id: z.string().max(100).nullable().optional(),
  assignee: z.string().uuid().nullable().optional(),
  assignee_2: z.string().uuid().nullable().optional(),
  assignee_3: z.string().uuid().nullable().optional(),
  assignee_4: z.string().uuid().nullable().optional(),
  assignee_5: z.string().uuid().nullable().optional(),
  due_at: z.string().datetime({ offset: true }).nullable().optional(),
  parent_entity_id: z.string().uuid().nullable().optional(),
});
export type EntityWrite = z.infer<typeof entityWrite>;

export const entityRecord = z.looseObject({
  id: z.string(),
  offline_id: z.string().nullable(),
  version: z.number(),
  type: z.object({ id: z.string(), name: z.string(), label: z.string() }),
  entity_type_id: z.string(),
  tenant_id: z.string(),
  display_name: z.string(),
  uri: z.string().nullable(),
  place: z.string(),
  available_transitions: z.array(z.object({ name: z.string(), title: z.string() })),
  assignee: z.string().nullable(),
  assignee_2: z.string().nullable(),
  assignee_3: z.string().nullable(),
  assignee_4: z.string().nullable(),
  assignee_5: z.string().nullable(),
  parent_entity_id: z.string().nullable(),
  due_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  data_requiring_approval: z.record(z.string(), z.unknown()),
});
export type EntityRecord = z.infer<typeof entityRecord>;

/**
 * A record as a list page carries it (GET /entity/{type} without detailed=true): what the list
 * shows — its name, place, assignees, due date, stamps and the values of the type's table-view
 * fields, the fields its title is made of and any named in `fields` — and nothing the record
 * screen alone needs (transitions, the type, approvals), which `detailed=true` and
 * GET /entity/{type}/{id} give (docs/decisions/0031). assignee_2…5 and deleted_at appear only
 * when set (null is accepted, as whole records send it), assigned_to only when someone is named.
 */
export const listedRecord = z.looseObject({
  id: z.string(),
  version: z.number(),
  display_name: z.string(),
  place: z.string(),
  assignee: z.string().nullable(),
  assignee_2: z.string().nullable().optional(),
  assignee_3: z.string().nullable().optional(),
  assignee_4: z.string().nullable().optional(),
  assignee_5: z.string().nullable().optional(),
  due_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable().optional(),
  /**
   * Who the record is assigned to, by name (spec 02 §3 'assigned_to'): the assignees in column
   * order that are members of the record's department; only when there are any.
   */
  assigned_to: z.array(z.object({ id: z.string(), display_name: z.string() })).optional(),
});
export type ListedRecord = z.infer<typeof listedRecord>;

export const entityVersion = z.object({
  version_id: z.string(),
  version: z.number(),
  updated_at: z.string(),
  responsible_user: z.object({ id: z.string().nullable(), display_name: z.string() }),
  model_data: z.record(z.string(), z.unknown()),
  pdf: z.string().nullable(),
});

export const ENTITY_MESSAGES = {
  stale: 'This record was changed by someone else since you opened it. Nothing was saved; the current record is attached.',
  unknownField: 'Unknown field.',
  readOnly: (title: string) => `${title} is read-only.`,
  onCreateOnly: (title: string) => `${title} can only be set when the record is created.`,
  onlyWhenEmpty: (title: string) => `${title} can only be set while it is empty.`,
  transitionNotAllowed: 'This status change is not available for this record.',
} as const;
