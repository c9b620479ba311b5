import * as z from 'zod/mini';
import {
  canonicalTimestamp,
  type DateTimeValue,
  dateTimeValueSchema,
  formatDateOrTimestamp,
  normaliseDateTime,
  parseDateOrTimestamp,
} from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

export interface DateRangeValue {
  from?: DateTimeValue;
  to?: DateTimeValue;
}

/** `{ from, to }` (or `[from, to]`), each end normalised as a date-time value; both ends blank is empty. */
function normaliseRange(raw: unknown): unknown {
  const pair = Array.isArray(raw) ? { from: raw[0], to: raw[1] } : raw;
  if (!pair || typeof pair !== 'object' || !('from' in pair || 'to' in pair)) return raw;
  const { from, to } = pair as { from?: unknown; to?: unknown };
  const range = { from: normaliseDateTime(from, canonicalTimestamp), to: normaliseDateTime(to, canonicalTimestamp) };
  if (range.from == null && range.to == null) return null;
  return Object.fromEntries(Object.entries(range).filter(([, v]) => v != null));
}

/**
 * date-range: { from?, to? }, each end a date-time value { value, display_value? } whose value
 * is a date (yyyy-MM-dd) or a timestamp with a zone (stored in UTC). An open end is allowed;
 * when both are set, to must not be before from.
 */
export const dateRange: FieldType<DateRangeValue> = {
  key: 'date-range',
  family: 'date',
  holdsValue: true,
  value: z.object({ from: z.optional(dateTimeValueSchema), to: z.optional(dateTimeValueSchema) }),
  defaultParams: {},
  filterKind: 'date',
  normalise: normaliseRange,
  isEmpty: (value) => !value.from && !value.to,
  validate: (value, field) => {
    const [from, to] = [value.from, value.to].map((end) => (end ? parseDateOrTimestamp(end.value) : null));
    if (from === undefined || to === undefined) return [fieldMessages.date(field)];
    return from != null && to != null && to < from ? [fieldMessages.range(field)] : [];
  },
  toText: (value, _field, context) =>
    [value.from, value.to]
      .map((end) => (end ? formatDateOrTimestamp(end.value, context) : ''))
      .join(' - ')
      .trim(),
};
