import {
  canSeeField,
  type EntityRecord,
  type EntityType,
  evaluateRule,
  type FieldViewer,
  type ListedRecord,
  ruleVariables,
  TRANSITIONS,
  transitionNamed,
} from '@turnout/shared';
import type { Selectable } from 'kysely';
import type { EntityTable } from '../../platform/db/schema.ts';

export type EntityRow = Selectable<EntityTable>;

/** Transitions a type allows: its allowed_transitions plus the required_always ones; tasks only those enabled for tasks. */
export function allowedTransitions(type: EntityType): string[] {
  const named = new Set(type.allowed_transitions.map((t) => t.name));
  return TRANSITIONS.filter(
    (t) => (named.has(t.name) || t.metadata.required_always) && (!type.is_task || t.metadata.enabled_for_tasks),
  ).map((t) => t.name);
}

/** What the acting user may do next from the record's place (nothing without update permission). */
export function availableTransitions(type: EntityType, place: string, canUpdate: boolean): { name: string; title: string }[] {
  if (!canUpdate) return [];
  return allowedTransitions(type)
    .map((name) => transitionNamed(name)!)
    .filter((t) => t.to !== place && (t.from.length === 0 || t.from.includes(place)))
    .map((t) => ({ name: t.name, title: t.metadata.title }));
}

/**
 * Alarms (spec 02 §3): each alarm whose condition holds for the record puts the fields its
 * rule reads into `_fieldsInAlarmState`, coloured by its alarmConditionColor (default red).
 */
export function alarmState(
  type: EntityType,
  data: Record<string, unknown>,
): { _fieldsInAlarmState: string[]; _alarmStateColors: Record<string, string> } {
  const colors: Record<string, string> = {};
  for (const alarm of type.alarms as { alarmCondition?: unknown; alarmConditionColor?: string; enabled?: boolean }[]) {
    if (alarm.enabled === false || !evaluateRule(alarm.alarmCondition ?? true, data)) continue;
    for (const property of ruleVariables(alarm.alarmCondition)) colors[property] ??= alarm.alarmConditionColor ?? '#ff0000';
  }
  return { _fieldsInAlarmState: Object.keys(colors), _alarmStateColors: colors };
}

/** A record as the API answers it: columns, then the field values this viewer may see, at the top level. */
export function presentRecord(row: EntityRow, type: EntityType, viewer: FieldViewer, canUpdate: boolean): EntityRecord {
  return recordPresenter(type, viewer, canUpdate)(row);
}

/**
 * `presentRecord` for many rows of one type and viewer: what does not depend on the row (the
 * fields this viewer may not see, the transitions from each place) is worked out once, so a
 * page of 48 costs little more than copying its values.
 */
export function recordPresenter(type: EntityType, viewer: FieldViewer, canUpdate: boolean): (row: EntityRow) => EntityRecord {
  const hidden = new Set(type.fields.filter((f) => !canSeeField(f.field_data.permissions, viewer)).map((f) => f.field_data.property));
  const visible = (values: Record<string, unknown> | null | undefined): Record<string, unknown> => {
    if (!values) return {};
    if (hidden.size === 0) return values;
    const kept: Record<string, unknown> = {};
    for (const key in values) if (!hidden.has(key)) kept[key] = values[key];
    return kept;
  };
  const transitionsFrom = new Map<string, { name: string; title: string }[]>();
  const transitions = (place: string) => {
    const known = transitionsFrom.get(place);
    if (known) return known;
    const found = availableTransitions(type, place, canUpdate);
    transitionsFrom.set(place, found);
    return found;
  };
  const hasAlarms = type.alarms.length > 0;
  const typeRef = { id: type.id, name: type.name, label: type.label };
  return (row) => {
    const alarms = hasAlarms ? alarmState(type, row.data ?? {}) : { _fieldsInAlarmState: [], _alarmStateColors: {} };
    // The columns first, then the values under them (a column wins over a value of the same
    // name): adding to an object built from a literal is fast, where spreading the values into
    // the literal's head took 100 µs a record (V8 defines each later property the slow way).
    const record: EntityRecord = {
      _fieldsInAlarmState: alarms._fieldsInAlarmState,
      _alarmStateColors: alarms._alarmStateColors,
      id: row.id,
      offline_id: row.offline_id,
      version: row.version,
      type: typeRef,
      entity_type_id: row.entity_type_id,
      tenant_id: row.tenant_id,
      display_name: row.display_name,
      uri: row.uri,
      place: row.place,
      available_transitions: transitions(row.place),
      assignee: row.assignee,
      assignee_2: row.assignee_2,
      assignee_3: row.assignee_3,
      assignee_4: row.assignee_4,
      assignee_5: row.assignee_5,
      parent_entity_id: row.parent_entity_id,
      due_at: row.due_at ? row.due_at.toISOString() : null,
      created_by: row.created_by,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
      data_requiring_approval: visible(row.data_requiring_approval),
      data_approved: visible(row.approval_log?.approved as Record<string, unknown> | undefined),
      data_rejected: visible(row.approval_log?.rejected as Record<string, unknown> | undefined),
    };
    const data = row.data;
    // '__proto__' is never a field's property; assigning it would change the record's prototype.
    if (data) for (const key in data) if (!hidden.has(key) && !Object.hasOwn(record, key) && key !== '__proto__') record[key] = data[key];
    return record;
  };
}

/** Columns a list item is made of (listedRecordPresenter); `data` is read without the values it leaves out. */
export const LISTED_COLUMNS = [
  'id',
  'version',
  'display_name',
  'place',
  'assignee',
  'assignee_2',
  'assignee_3',
  'assignee_4',
  'assignee_5',
  'due_at',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

/** What a list item carries of a type's values for this viewer. */
export interface ListedValues {
  /** Properties whose values a list item carries: table-view fields, the title's, and those asked for. */
  kept: string[];
  /** The type's other properties, left out of `data` in the query already. */
  dropped: string[];
}

/**
 * The values a list item carries (docs/decisions/0031): the type's table-view fields (the list's
 * columns and card lines), the fields its formtitle names (the title), and `fields` asked for by
 * name, each only if this viewer may see it.
 */
export function listedValuesOf(type: EntityType, viewer: FieldViewer, fields: readonly string[] = []): ListedValues {
  const template = typeof type.object_data.formtitle === 'string' ? type.object_data.formtitle : '';
  const titled = new Set([...template.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!));
  const asked = new Set(fields);
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const f of type.fields) {
    const property = f.field_data.property;
    if (!property) continue;
    const shown = (f.field_data.flags as { tableView?: boolean } | undefined)?.tableView === true;
    if ((shown || titled.has(property) || asked.has(property)) && canSeeField(f.field_data.permissions, viewer)) kept.push(property);
    else dropped.push(property);
  }
  return { kept, dropped };
}

type ListedRow = Pick<EntityRow, (typeof LISTED_COLUMNS)[number] | 'data'>;

/** A list item of a row read with LISTED_COLUMNS: the row's columns, then the kept values. */
export function listedRecordPresenter(values: ListedValues): (row: ListedRow) => ListedRecord {
  const { kept } = values;
  return (row) => {
    const item: ListedRecord = {
      id: row.id,
      version: row.version,
      display_name: row.display_name,
      place: row.place,
      assignee: row.assignee,
      due_at: row.due_at ? row.due_at.toISOString() : null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
    if (row.assignee_2) item.assignee_2 = row.assignee_2;
    if (row.assignee_3) item.assignee_3 = row.assignee_3;
    if (row.assignee_4) item.assignee_4 = row.assignee_4;
    if (row.assignee_5) item.assignee_5 = row.assignee_5;
    if (row.deleted_at) item.deleted_at = row.deleted_at.toISOString();
    const data = row.data;
    if (data) for (const key of kept) if (data[key] !== undefined && !Object.hasOwn(item, key)) item[key] = data[key];
    return item;
  };
}
