import { LAYOUT, type ListedRecord, PAGE_SIZE } from '@turnout/shared';
import type { QueryParams } from '../../api/index.ts';

/** Sort options of lists (spec 01 §9); the header's sort toggle cycles them in this order. */
export const SORTS = ['default', 'a_to_z', 'z_to_a'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = { default: 'Default', a_to_z: 'A to Z', z_to_a: 'Z to A' };

/**
 * What a list is sorted by: one of the header's sorts, or a table column's field — its property
 * ascending, '-property' descending (the server accepts any field the role may see; the table
 * offers the fields flagged tableSortable, spec 02 §3).
 */
export type ListSort = Sort | `-${string}` | (string & {});

/** The header's sort toggle; from a column's sort it starts again at Default. */
export function nextSort(sort: ListSort): Sort {
  return SORTS[(SORTS.indexOf(sort as Sort) + 1) % SORTS.length]!;
}

/** Whether a sort is one of the header's (not a column's). */
export const isHeaderSort = (sort: ListSort): sort is Sort => (SORTS as readonly string[]).includes(sort);

/** A column header's press: ascending, then descending, then back to the list's default. */
export function nextColumnSort(sort: ListSort, property: string): ListSort {
  if (sort === property) return `-${property}`;
  if (sort === `-${property}`) return 'default';
  return property;
}

/** A column's aria-sort under a sort. */
export function columnSortState(sort: ListSort, property: string): 'ascending' | 'descending' | 'none' {
  if (sort === property) return 'ascending';
  if (sort === `-${property}`) return 'descending';
  return 'none';
}

/** The name column's sort: A to Z, Z to A, then Default. */
export function nextNameSort(sort: ListSort): Sort {
  return sort === 'a_to_z' ? 'z_to_a' : sort === 'z_to_a' ? 'default' : 'a_to_z';
}

interface NamedType {
  object_data: { formtitle?: unknown };
  fields: readonly { field_data: { property: string; flags?: { tableView?: boolean } } }[];
}

/**
 * The field a record's name comes from, when the name is one field's value: the formtitle
 * '{property}' alone, or without a formtitle the first field shown in tables (the server's
 * display name). Lists show it once, as the name, not again as a column or a card line.
 */
export function nameFieldOf(type: NamedType): string | null {
  const template = type.object_data.formtitle;
  if (typeof template === 'string' && template.includes('{')) {
    const only = /^\s*\{([A-Za-z0-9_]+)\}\s*$/.exec(template);
    return only ? only[1]! : null;
  }
  return type.fields.find((f) => f.field_data.flags?.tableView)?.field_data.property ?? null;
}

/** Field values longer than this shrink their text (spec 01 §9, 02 §9). */
export const LONG_VALUE_LENGTH = 24;
export const isLongValue = (text: string) => text.length > LONG_VALUE_LENGTH;

/** The assignee columns of a record (spec 02 §3: assignee and assignee_2 to assignee_5). */
const ASSIGNEE_COLUMNS = ['assignee', 'assignee_2', 'assignee_3', 'assignee_4', 'assignee_5'] as const;

/**
 * Who a record is assigned to, by name: 'You' first when the viewer is one of them, then the
 * others' names from the list item's assigned_to (the server names only members of the
 * department); `count` is every assignee, named or not.
 */
export function assigneeNamesOf(record: ListedRecord, userId: string): { names: string[]; count: number } {
  const ids = [...new Set(ASSIGNEE_COLUMNS.flatMap((column) => (record[column] ? [record[column]] : [])))];
  const nameOf = new Map(record.assigned_to?.map((a) => [a.id, a.display_name]));
  const names = ids.includes(userId) ? ['You'] : [];
  for (const id of ids) {
    const name = id === userId ? undefined : nameOf.get(id);
    if (name) names.push(name);
  }
  return { names, count: ids.length };
}

/** A card's or a row's assignee: 'Assigned: Dana Reyes', 'Assigned: You +1', or 'Assigned' when no name is known. */
export function assigneeLine(record: ListedRecord, userId: string): string | null {
  const { names, count } = assigneeNamesOf(record, userId);
  if (count === 0) return null;
  if (names.length === 0) return 'Assigned';
  return count > 1 ? `Assigned: ${names[0]} +${count - 1}` : `Assigned: ${names[0]}`;
}

/** A table cell's assignees: every name ('You, Dana Reyes'), '+n' for those without one. */
export function assigneeList(record: ListedRecord, userId: string): string {
  const { names, count } = assigneeNamesOf(record, userId);
  const unnamed = count - names.length;
  if (unnamed === 0) return names.join(', ');
  return names.length === 0 ? 'Assigned' : `${names.join(', ')} +${unnamed}`;
}

/** A record's due status: overdue, due today or due on a later day (none without due_at). */
export type DueStatus = { kind: 'overdue' | 'today' | 'later'; at: Date };

export function dueStatusOf(dueAt: string | null | undefined, now: Date = new Date()): DueStatus | null {
  if (!dueAt) return null;
  const at = new Date(dueAt);
  if (Number.isNaN(at.getTime())) return null;
  if (at.getTime() < now.getTime()) return { kind: 'overdue', at };
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return { kind: sameDay ? 'today' : 'later', at };
}

/**
 * Grid, list and table (table only on wide screens, spec 01 §2.6); type department_shifts adds
 * its schedule timeline (shown first).
 */
export type ListView = 'grid' | 'list' | 'table' | 'schedule';

/** Wide screens: the table view and the split view (list left, record right). */
export const WIDE_MIN_WIDTH = 1024;

/** Grid columns = round(width / 140) (spec 01 §9), at least one. */
export function gridColumns(width: number): number {
  return Math.max(1, Math.round(width / LAYOUT.gridColumnWidth));
}

/** A date filter's ends (yyyy-MM-dd), either open. */
export interface DateFilter {
  from?: string;
  to?: string;
}

/**
 * What the Apply Filters dialog chose (spec 02 §5): option keys by field property (dropdown,
 * dropdown-boolean 'true'/'false', dropdown-adhoc with 'NULL' for blank or missing), date
 * ranges by property, and the always-present assignee ('me'), place and tenant filters.
 */
export interface AppliedFilters {
  custom: Record<string, string>;
  dates: Record<string, DateFilter>;
  assignee?: string;
  place?: string;
  tenantId?: string;
}

export const NO_FILTERS: AppliedFilters = { custom: {}, dates: {} };

export function countFilters(filters: AppliedFilters): number {
  const dates = Object.values(filters.dates).filter((d) => d.from || d.to).length;
  return Object.keys(filters.custom).length + dates + [filters.assignee, filters.place, filters.tenantId].filter(Boolean).length;
}

/**
 * The 'filter' query of a link (View associated records): a JSON object keyed by field property
 * with an id value. Anything else is ignored.
 */
export function linkFilter(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (!/^[A-Za-z0-9_]{1,100}$/.test(key)) continue;
      const id = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value;
      if (typeof id === 'string' || typeof id === 'number') out[key] = String(id);
    }
    return out;
  } catch {
    return {};
  }
}

export interface ListRequest {
  search: string;
  sort: ListSort;
  filters: AppliedFilters;
  /** From the link's 'filter' query: fixed for this list. */
  linked: Record<string, string>;
  /** from_widget: the list shows exactly the records that widget counts (spec 02 §2). */
  fromWidget?: string | null;
}

/** The query of GET /entity/{type} (spec 01 §7): per_page 48, empty when searching. */
export function listQuery(request: ListRequest, page: number): QueryParams {
  const query: Record<string, string | number> = {
    page,
    per_page: request.search ? '' : PAGE_SIZE.default,
    sort: request.sort,
  };
  if (request.search) query['filter[display_name]'] = request.search;
  for (const [property, value] of Object.entries({ ...request.filters.custom, ...request.linked })) {
    query[`filter[custom][${property}]`] = value;
  }
  for (const [property, { from, to }] of Object.entries(request.filters.dates)) {
    if (from) query[`filter[custom][${property}][from]`] = from;
    if (to) query[`filter[custom][${property}][to]`] = to;
  }
  if (request.filters.assignee) query['filter[assignee]'] = request.filters.assignee;
  if (request.filters.place) query['filter[place]'] = request.filters.place;
  if (request.filters.tenantId) query['filter[tenant_id]'] = request.filters.tenantId;
  if (request.fromWidget) query.from_widget = request.fromWidget;
  return query;
}

/** 'No 'Hydrant' found' (spec 01 §2.5 'Empty list text'). */
export function emptyText(label: string): string {
  return `No '${label}' found`;
}
