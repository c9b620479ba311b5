import * as z from 'zod/mini';
import { optionKey } from '../checks.ts';
import { optionKeySchema } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldDefinition, FieldOption, FieldType } from '../types.ts';

export const RADIO_TABLE_MAX_ROWS = 50;
export const RADIO_TABLE_MAX_COLUMNS = 5;

export interface RadioTableChoice {
  rowId: string | number;
  rowDisplayName?: string;
  columnId: string | number;
  columnDisplayName?: string;
}

const choiceSchema = z.object({
  rowId: optionKeySchema,
  rowDisplayName: z.optional(z.string()),
  columnId: optionKeySchema,
  columnDisplayName: z.optional(z.string()),
});

const header = (headers: FieldOption[] | undefined, id: unknown) => headers?.find((h) => optionKey(h) === String(id));
const headerLabel = (h: FieldOption | undefined) => (h ? String(h.label ?? h.value ?? optionKey(h)) : undefined);
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** Fills missing display names from the row and column headers; drops other keys. */
function normaliseChoices(raw: unknown, field: FieldDefinition): unknown {
  if (!Array.isArray(raw)) return raw;
  const { rowHeaders, columnHeaders } = field.params ?? {};
  return raw.map((c) => {
    if (!c || typeof c !== 'object' || !('rowId' in c) || !('columnId' in c)) return c;
    const { rowId, columnId, rowDisplayName, columnDisplayName } = c as Record<string, unknown>;
    const rowName = text(rowDisplayName) ?? headerLabel(header(rowHeaders, rowId));
    const columnName = text(columnDisplayName) ?? headerLabel(header(columnHeaders, columnId));
    return { rowId, ...(rowName && { rowDisplayName: rowName }), columnId, ...(columnName && { columnDisplayName: columnName }) };
  });
}

function checkChoices(value: RadioTableChoice[], field: FieldDefinition): string[] {
  const rows = new Set(value.map((c) => String(c.rowId)));
  const columns = new Set(value.map((c) => String(c.columnId)));
  if (rows.size < value.length || columns.size > RADIO_TABLE_MAX_COLUMNS) return [fieldMessages.invalid(field)];
  const { rowHeaders, columnHeaders } = field.params ?? {};
  const knownRows = rowHeaders?.length ? new Set(rowHeaders.slice(0, RADIO_TABLE_MAX_ROWS).map(optionKey)) : undefined;
  const knownColumns = columnHeaders?.length ? new Set(columnHeaders.slice(0, RADIO_TABLE_MAX_COLUMNS).map(optionKey)) : undefined;
  const known = value.every((c) => (knownRows?.has(String(c.rowId)) ?? true) && (knownColumns?.has(String(c.columnId)) ?? true));
  return known ? [] : [fieldMessages.notAnOption(field)];
}

/**
 * radio-table: one choice per row of a grid (spec 02 §3 'Radio-table value', §5), stored as
 * a list of { rowId, rowDisplayName?, columnId, columnDisplayName? }. At most 50 rows and 5
 * columns; a row chosen twice is invalid; with rowHeaders / columnHeaders, ids must be among
 * the first 50 rows and 5 columns. Prints 'Row: Column; …'.
 */
export const radioTable: FieldType<RadioTableChoice[]> = {
  key: 'radio-table',
  family: 'selector',
  holdsValue: true,
  value: z.array(choiceSchema).check(z.maxLength(RADIO_TABLE_MAX_ROWS)),
  defaultParams: { rowHeaders: [], columnHeaders: [] },
  filterKind: 'none',
  normalise: normaliseChoices,
  validate: checkChoices,
  toText: (value, field) =>
    value
      .map((c) => {
        const row = headerLabel(header(field.params?.rowHeaders, c.rowId)) ?? c.rowDisplayName ?? String(c.rowId);
        const column = headerLabel(header(field.params?.columnHeaders, c.columnId)) ?? c.columnDisplayName ?? String(c.columnId);
        return `${row}: ${column}`;
      })
      .join('; '),
};
