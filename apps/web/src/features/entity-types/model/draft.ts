import { ALL_ROLES, type EntityType, type EntityTypeField, TRANSITIONS } from '@turnout/shared';
import { paramsForType } from './param-descriptors.ts';

export type Action = EntityType['actions'][number];
export type Effect = Action['effects'][number];
export type Alarm = EntityType['alarms'][number];
export type Report = EntityType['reports'][number];
export type Stamp = Report['stamps'][number];
export type TransitionAllowance = EntityType['allowed_transitions'][number];
export type GeneratedTask = TransitionAllowance['generates_tasks'][number];
export type FieldData = EntityTypeField['field_data'];

/** What the editor holds: the type as the admin is shaping it. */
export interface Draft {
  label: string;
  name: string;
  /** The identifier was typed by hand: it no longer follows the label. */
  nameEdited: boolean;
  pages: number;
  is_task: boolean;
  is_module: boolean;
  is_global: boolean;
  is_core: boolean;
  date_significant: boolean;
  object_data: Record<string, unknown>;
  fields: EntityTypeField[];
  actions: Action[];
  alarms: Alarm[];
  reports: Report[];
  allowed_transitions: TransitionAllowance[];
}

/** Sort orders step 1000 apart (spec 03 §9); a field without one sorts as 999 (spec 02 §9). */
export const SORT_STEP = 1000;
export const DEFAULT_FIELD_SORT_ORDER = 999;
export const DEFAULT_TABLE_SORT_ORDER = 10_000;

/** A client id for new fields, actions, effects, alarms, reports and stamps. */
export function newOfflineId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key a field is known by in the editor: its offline_id (every saved field has one), else its id. */
export function fieldKey(field: EntityTypeField): string {
  return field.offline_id ?? field.id ?? field.field_data.property;
}

/** Transitions required always are added automatically to a new type (spec 03 §4). */
export function requiredTransitions(): TransitionAllowance[] {
  return TRANSITIONS.filter((t) => t.metadata.required_always).map((t) => ({ name: t.name, generates_tasks: [] }));
}

export function emptyDraft(): Draft {
  return {
    label: '',
    name: '',
    nameEdited: false,
    pages: 1,
    is_task: false,
    is_module: false,
    is_global: false,
    is_core: false,
    date_significant: false,
    object_data: { page_labels: ['Page 1'] },
    fields: [],
    actions: [],
    alarms: [],
    reports: [],
    allowed_transitions: requiredTransitions(),
  };
}

export function draftFromType(type: EntityType): Draft {
  const copy = structuredClone(type);
  return {
    label: copy.label,
    name: copy.name,
    nameEdited: true,
    pages: copy.pages,
    is_task: copy.is_task,
    is_module: copy.is_module,
    is_global: copy.is_global,
    is_core: copy.is_core,
    date_significant: copy.date_significant,
    object_data: copy.object_data ?? {},
    fields: copy.fields,
    actions: copy.actions ?? [],
    alarms: copy.alarms ?? [],
    reports: copy.reports ?? [],
    allowed_transitions: withRequiredTransitions(copy.allowed_transitions ?? []),
  };
}

/** Transitions required always are on for every type (spec 03 §4): added when missing. */
export function withRequiredTransitions(allowed: TransitionAllowance[]): TransitionAllowance[] {
  const missing = requiredTransitions().filter((r) => !allowed.some((a) => a.name === r.name));
  return [...missing, ...allowed];
}

/** Page labels default to 'Page N' (spec 03 §2). */
export function pageLabel(draft: Pick<Draft, 'object_data'>, page: number): string {
  const labels = draft.object_data.page_labels;
  const label = Array.isArray(labels) ? labels[page - 1] : undefined;
  return typeof label === 'string' && label.trim() !== '' ? label : `Page ${page}`;
}

/**
 * Page visibility rules (spec 02 §4 'Visibility'): object_data.page_visibility_rules holds, page
 * by page, the role keys that see the page; a list with ALL (or no list) is everyone.
 */
export function pageRoles(draft: Pick<Draft, 'object_data'>, page: number): string[] {
  const rules = draft.object_data.page_visibility_rules;
  const rule = Array.isArray(rules) ? rules[page - 1] : undefined;
  return Array.isArray(rule) && rule.length > 0 ? rule.map(String) : [ALL_ROLES];
}

/** Sets one page's entry of a per-page list in object_data, filling earlier pages with `filler(n)`. */
export function withPageEntry<T>(draft: Draft, key: string, page: number, value: T, filler: (page: number) => T): Draft {
  const current = Array.isArray(draft.object_data[key]) ? [...(draft.object_data[key] as T[])] : [];
  for (let n = current.length; n < page - 1; n += 1) current[n] = filler(n + 1);
  current[page - 1] = value;
  return { ...draft, object_data: { ...draft.object_data, [key]: current } };
}

/** A different page count: labels and rules follow, fields beyond the last page move to it. */
export function withPages(draft: Draft, pages: number): Draft {
  const count = Math.max(1, Math.min(100, Math.floor(pages) || 1));
  const labels = Array.from({ length: count }, (_, i) => pageLabel(draft, i + 1));
  const rules = draft.object_data.page_visibility_rules;
  const object_data: Record<string, unknown> = { ...draft.object_data, page_labels: labels };
  if (Array.isArray(rules)) object_data.page_visibility_rules = rules.slice(0, count);
  const fields = draft.fields.map((f) => ((f.field_data.page ?? 1) > count ? { ...f, field_data: { ...f.field_data, page: count } } : f));
  return { ...draft, pages: count, object_data, fields };
}

export function fieldsOnPage(fields: readonly EntityTypeField[], page: number): EntityTypeField[] {
  return fields
    .filter((f) => (f.field_data.page ?? 1) === page)
    .sort((a, b) => (a.field_data.sort_order ?? DEFAULT_FIELD_SORT_ORDER) - (b.field_data.sort_order ?? DEFAULT_FIELD_SORT_ORDER));
}

/** A new field of `type` at the end of `page`: params from the registry's defaults, visible to and changeable by everyone. */
export function newField(type: string, page: number, fields: readonly EntityTypeField[]): EntityTypeField {
  const last = fieldsOnPage(fields, page).at(-1)?.field_data.sort_order;
  return {
    offline_id: newOfflineId(),
    field_data: {
      property: '',
      title: '',
      type,
      page,
      sort_order: last === undefined ? SORT_STEP : Math.floor(last / SORT_STEP) * SORT_STEP + SORT_STEP,
      table_sort_order: DEFAULT_TABLE_SORT_ORDER,
      validation: {},
      permissions: { visible_to: [ALL_ROLES], modifiable_by: [ALL_ROLES] },
      flags: {},
      params: paramsForType(type),
    },
  };
}

/** The fields holding a value, by property, as pickers of this type's fields offer them. */
export function fieldChoices(fields: readonly EntityTypeField[]): { value: string; label: string }[] {
  return fields.map((f) => ({ value: f.field_data.property, label: f.field_data.title || f.field_data.property }));
}
