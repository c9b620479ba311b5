import { canSeeField, type EntityType, type FieldType, type FieldViewer, fieldTypeOf } from '@turnout/shared';
import { type RawBuilder, sql } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import { forbidden, invalid } from '../../platform/http/errors.ts';

/**
 * The filters of an entity list (spec 01 §5, §7; 02 §5), read from the raw query string:
 *
 * - `filter[display_name]` (search), `filter[place]`, `filter[due_at]` (a valid ISO date only);
 * - `filter[custom][property]=key` and `filter[adhoc][property]=key`: the stored value equals the
 *   key, or a stored list holds it; the key `NULL` means blank or missing (dropdown-adhoc);
 * - `filter[custom][property][from]` / `[to]` (yyyy-MM-dd): a date filter on a date-picker,
 *   date-time-picker or date-range field, both ends inclusive, either end open;
 * - `filter[assignee]=me` or a user id: any of the five assignee columns;
 * - `filter[tenant_id]`: the tenant filter, for global admins (others may only name their own).
 */
export interface ListFilters {
  displayName?: string | undefined;
  place?: string | undefined;
  dueAt?: string | undefined;
  custom: Record<string, string>;
  /** Optional so callers that filter by no date (the bench) need not name it. */
  dates?: Record<string, { from?: string; to?: string }>;
  assignee?: string | undefined;
  tenantId?: string | undefined;
}

/** Blank or missing, the extra choice of a dropdown-adhoc filter (spec 02 §5). */
export const BLANK_KEY = 'NULL';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isIsoDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(v));
const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined);

export function filtersOf(query: Record<string, unknown>): ListFilters {
  const custom: Record<string, string> = {};
  const dates: Record<string, { from?: string; to?: string }> = {};
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const match = /^filter\[(custom|adhoc)\]\[([A-Za-z0-9_]{1,100})\](?:\[(from|to)\])?$/.exec(key);
    const v = text(value);
    if (!match?.[2] || v === undefined || v === '') continue;
    const [, , property, end] = match;
    if (!end) {
      custom[property] = v.slice(0, 255);
      continue;
    }
    if (!isIsoDate(v)) errors[key] = ['The date must be a valid date (yyyy-MM-dd).'];
    else dates[property] = { ...dates[property], [end]: v };
  }
  const assignee = text(query['filter[assignee]']);
  if (assignee && assignee !== 'me' && !UUID.test(assignee)) errors['filter[assignee]'] = ['The assignee must be me or a user id.'];
  const tenantId = text(query['filter[tenant_id]']) || text(query.tenant_id);
  if (tenantId && !UUID.test(tenantId)) errors['filter[tenant_id]'] = ['The tenant must be a tenant id.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const dueAt = text(query['filter[due_at]']);
  return {
    displayName: text(query['filter[display_name]'])?.slice(0, 255),
    place: text(query['filter[place]'])?.slice(0, 100),
    // Only a valid ISO date filters by due date (spec 02 §5); anything else is ignored.
    dueAt: dueAt && /^\d{4}-\d{2}-\d{2}/.test(dueAt) && !Number.isNaN(Date.parse(dueAt)) ? dueAt.slice(0, 10) : undefined,
    custom,
    dates,
    assignee: assignee || undefined,
    tenantId: tenantId || undefined,
  };
}

/**
 * The auth a list runs as: a global admin's tenant filter lists that tenant's records of the
 * same-named type; anyone else may only name the tenant they act in.
 */
export function listAuth(auth: AuthContext, tenantId: string | undefined): AuthContext {
  if (!tenantId || tenantId === auth.tenantId) return auth;
  if (!auth.isGlobalAdmin) throw forbidden();
  return { ...auth, tenantId, isGlobal: false };
}

/**
 * The type as this viewer may filter and sort it: without the fields hidden from their role. A
 * filter or sort on a hidden field would tell its values apart (issue 19), so it is refused like
 * a field that does not exist: the answer does not even confirm the field is there.
 */
export function fieldsVisibleTo(type: EntityType, viewer: FieldViewer): EntityType {
  const fields = type.fields.filter((f) => canSeeField(f.field_data.permissions, viewer));
  return fields.length === type.fields.length ? type : { ...type, fields };
}

/** Refuses filters on properties the type does not have, or dates on fields that are not dates. */
export function checkFilterFields(type: EntityType, filters: ListFilters): void {
  const byProperty = new Map(type.fields.map((f) => [f.field_data.property, f.field_data]));
  const errors: Record<string, string[]> = {};
  for (const property of Object.keys(filters.custom)) {
    if (!byProperty.has(property)) errors[`filter[custom][${property}]`] = ['Unknown field.'];
  }
  for (const property of Object.keys(filters.dates ?? {})) {
    const field = byProperty.get(property);
    if (!field) errors[`filter[custom][${property}]`] = ['Unknown field.'];
    else if (fieldTypeOf(field.type).filterKind !== 'date') errors[`filter[custom][${property}]`] = ['This field has no date filter.'];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The WHERE conditions of the custom, date and assignee filters (the caller adds tenant and type). */
export function filterConditions(type: EntityType, filters: ListFilters, userId: string): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  const types = new Map(type.fields.map((f) => [f.field_data.property, f.field_data.type]));
  for (const [property, value] of Object.entries(filters.custom)) {
    const fieldType = types.get(property);
    conditions.push(
      value === BLANK_KEY
        ? sql<boolean>`(data->${property} IS NULL OR data->${property} = 'null'::jsonb OR data->>${property} = '' OR data->${property} = '[]'::jsonb)`
        : // A value equals the stored scalar, or is one of the stored list's items: containment,
          // which the list GIN index answers (migration 0013).
          sql<boolean>`(${sql.join(
            filterShapes(property, value, fieldType ? fieldTypeOf(fieldType).value : undefined).map(
              (shape) => sql<boolean>`data @> ${shape}::jsonb`,
            ),
            sql` OR `,
          )})`,
    );
  }
  for (const [property, { from, to }] of Object.entries(filters.dates ?? {})) {
    if (types.get(property) === 'date-range') {
      // The record's range overlaps the filter's: it starts before the filter ends and ends after it starts.
      const start = sql`left(data->${property}->'from'->>'value', 10)`;
      const end = sql`left(data->${property}->'to'->>'value', 10)`;
      if (from) conditions.push(sql<boolean>`coalesce(${end}, ${start}) >= ${from}`);
      if (to) conditions.push(sql<boolean>`coalesce(${start}, ${end}) <= ${to}`);
    } else {
      const day = sql`left(data->${property}->>'value', 10)`;
      if (from) conditions.push(sql<boolean>`${day} >= ${from}`);
      if (to) conditions.push(sql<boolean>`${day} <= ${to}`);
    }
  }
  if (filters.assignee) {
    const who = filters.assignee === 'me' ? userId : filters.assignee;
    conditions.push(sql<boolean>`${who}::uuid IN (assignee, assignee_2, assignee_3, assignee_4, assignee_5)`);
  }
  return conditions;
}

/**
 * The stored shapes a filter value matches: the text itself, and the number or boolean it
 * spells, each as the field's value or as an item of its list. Given the field type's value
 * schema, only the shapes such a field can hold (a select-list holds a key, a multi-select a
 * list of keys): one containment per shape is one index scan, and an OR of shapes the field
 * never holds once led the planner to a 900 ms plan (docs/performance.md).
 */
export function filterShapes(property: string, value: string, stored?: FieldType['value']): string[] {
  const scalars: unknown[] = [value];
  if (/^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))) scalars.push(Number(value));
  if (value === 'true' || value === 'false') scalars.push(value === 'true');
  const shapes = scalars.flatMap((scalar) => [scalar, [scalar]]);
  const held = stored ? shapes.filter((shape) => stored.safeParse(shape).success) : [];
  return (held.length > 0 ? held : shapes).map((shape) => JSON.stringify({ [property]: shape }));
}

/**
 * The list keys a search's matches all hold (migration 0015), or none when the search has no
 * trigram to key on: then the list runs on its other indexes. Each custom filter is keyed as
 * 'property=value' when every stored value it matches is keyed so, i.e. unless the value is a
 * number spelt otherwise than a number prints ('3.0', '007'), which is left to the filter itself.
 */
export function listKeysOf(filters: ListFilters): { search: string; filters: string[] } | undefined {
  if (!filters.displayName || !/[a-z0-9]{3}/i.test(filters.displayName)) return undefined;
  const keyed = Object.entries(filters.custom).filter(
    ([, value]) => value !== BLANK_KEY && !(/^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) !== value),
  );
  return { search: filters.displayName, filters: keyed.map(([property, value]) => `${property}=${value}`) };
}
