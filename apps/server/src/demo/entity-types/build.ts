import { randomUUID } from 'node:crypto';
import {
  ALL_ROLES,
  type EntityTypeField,
  type entityTypeInput,
  type FieldOption,
  type FieldTypeKey,
  fieldTypeOf,
  identifierFromLabel,
} from '@turnout/shared';
import type { z } from 'zod';

/**
 * Small helpers the demo type builders share: a field as the type editor would save it, option
 * lists, and page numbering. Each builder returns what an admin would POST to /entity-type.
 */

/** The request body of POST /entity-type, with the identifier always given. */
export type DemoTypeInput = z.input<typeof entityTypeInput> & { name: string };

export interface FieldOptions {
  page?: number;
  required?: boolean;
  /** A column of the record list (flags.tableView, sortable). */
  table?: boolean;
  validation?: Record<string, unknown>;
  params?: Record<string, unknown>;
  helpText?: string;
  /** Role keys that may change the value (default everyone). */
  modifiableBy?: string[];
  offlineId?: string;
}

/**
 * One field: params start from the type's defaults in the field registry (as the editor's are),
 * then the given ones. Sort orders are filled in by `numbered`.
 */
export function field(property: string, title: string, type: FieldTypeKey, options: FieldOptions = {}): EntityTypeField {
  const validation = { ...options.validation, ...(options.required ? { required: true } : {}) };
  return {
    offline_id: options.offlineId ?? randomUUID(),
    field_data: {
      property,
      title,
      type,
      page: options.page ?? 1,
      sort_order: 999,
      table_sort_order: 10_000,
      ...(options.helpText ? { helpText: options.helpText } : {}),
      validation,
      permissions: { visible_to: [ALL_ROLES], modifiable_by: options.modifiableBy ?? [ALL_ROLES] },
      flags: options.table ? { tableView: true, tableSortable: true } : {},
      params: { ...structuredClone(fieldTypeOf(type).defaultParams), ...options.params },
    },
  };
}

/** Options from labels, keyed by the label's identifier ('Engine / Driver' → 'engine_driver'). */
export function options(labels: readonly string[]): FieldOption[] {
  return labels.map((label, index) => ({ key: identifierFromLabel(label), label, sort: index + 1 }));
}

/**
 * Sort orders in the order the fields are listed: 10, 20, … within each page, and table columns
 * left to right in the same order.
 */
export function numbered(fields: EntityTypeField[]): EntityTypeField[] {
  const perPage = new Map<number, number>();
  let column = 0;
  return fields.map((f) => {
    const page = f.field_data.page ?? 1;
    const position = (perPage.get(page) ?? 0) + 10;
    perPage.set(page, position);
    const tableView = f.field_data.flags?.tableView === true;
    if (tableView) column += 10;
    return { ...f, field_data: { ...f.field_data, sort_order: position, ...(tableView ? { table_sort_order: column } : {}) } };
  });
}

/** The allowed transitions of a type by name, none generating tasks. */
export const transitions = (...names: string[]) => names.map((name) => ({ name, generates_tasks: [] }));
